"""The designer's loop from the outside: the project folder, every problem at once where it was
made, card lists from CSV, options refused where they enter, an honest gallery."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import tomllib
from pathlib import Path

import pytest
from conftest import edit_card, placed_in, souls_to_csv

from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.memory import BuildMemory
from pnp.pipeline.build import build_game
from pnp.pipeline.gallery_view import SHOWN_DESIGNS
from pnp.pipeline.incremental import data_digest
from pnp.site.gallery import write_gallery
from pnp.source.icons import IconStore
from pnp.source.settings import Settings

STORE = IconStore(shipped_icons_dir())


def test_a_csv_card_list_builds_the_same_pages_as_toml(layouts_copy):
    toml_build = build_game("straight-to", Settings(), STORE)
    souls_to_csv(layouts_copy)
    assert "[[souls]]" not in (layouts_copy / "straight-to" / "components.toml").read_text()
    csv_build = build_game("straight-to", Settings(layouts=str(layouts_copy)), STORE)
    for before, after in zip(toml_build.documents, csv_build.documents, strict=True):
        assert before.filename == after.filename and before.pages == after.pages
        assert before.pdf == after.pdf, before.filename  # page by page, byte for byte


def test_csv_problems_name_the_row_and_column(run, layouts_copy):
    souls_to_csv(layouts_copy)
    path = layouts_copy / "straight-to" / "souls.csv"
    rows = path.read_text().splitlines()
    rows[3] = rows[3].replace(",16,", ",lots,")  # row 4: Saint's count
    rows[5] = rows[5].replace("lorc/imp-laugh", "lorc/no-such-icon")
    path.write_text("\n".join(rows) + "\n")
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in("straight-to/souls.csv:4: souls[2].count: input should be a valid integer", result.output)
    assert placed_in("straight-to/souls.csv:6: souls[4].icon: unknown icon 'lorc/no-such-icon'", result.output)


def test_a_count_edit_in_a_csv_list_is_reported_at_its_rows(run, layouts_copy):
    souls_to_csv(layouts_copy)
    path = layouts_copy / "straight-to" / "souls.csv"
    path.write_text(path.read_text().replace(",17,", ",27,", 1))  # row 2: Penitent's count
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in(
        "straight-to/souls.csv:2: souls[0].count (souls.csv line 2), souls[1].count (souls.csv line 3)", result.output
    )


def test_a_line_is_found_in_a_long_list_of_designs():
    """The lines of [[souls]] entries are found through an index of the headers: each design's own."""
    from pnp.source.tomlfiles import TomlLines

    text = "".join(f'# design {i}\n[[souls]]\nname = "S{i}"\ncount = {i + 1}\n\n' for i in range(3000))
    lines = TomlLines.of('title = "x"\n[deck]\nsize = 3\n' + text + "[tail]\nname = 'end'\n")
    for i in (0, 1, 1500, 2999):
        assert lines.line_of(("souls", i, "count")) == 3 + 5 * i + 4
        assert lines.line_of(("souls", i, "colour")) == 3 + 5 * i + 2  # not written: its table's header
    assert lines.line_of(("deck", "size")) == 3 and lines.line_of(("tail", "name")) == 3 + 5 * 3000 + 2


def test_validate_reports_every_game_before_exiting(run, layouts_copy):
    exit_data = layouts_copy / "exit-from-purgatory" / "components.toml"
    exit_data.write_text(exit_data.read_text().replace("tagline =", "tagilne =", 1))
    punished = layouts_copy / "punished" / "board.toml"
    text = punished.read_text()
    first_icon = re.search(r'icon = "([a-z-]+/[a-z-]+)"', text).group(1)
    punished.write_text(text.replace(f'icon = "{first_icon}"', 'icon = "lorc/not-an-icon"', 1))
    rules = layouts_copy / "seven-steps" / "rules.toml"
    rules.write_text(rules.read_text() + "\n[broken\n")
    result = run("validate", "--layouts", layouts_copy)
    assert result.exit_code == 1, result.output
    assert placed_in("components.toml:back.tagilne: unknown key", result.output)
    assert "lorc/not-an-icon" in result.output
    assert re.search(r"seven-steps/rules\.toml:\d+:\d+: TOML syntax error", result.output)
    for game in ("particle-panic", "straight-to"):
        assert f"{game}: 4 players: ok" in result.output  # the others were still checked
    assert (
        result.output.splitlines()[-1] == f"{result.output.count('cannot be built')} problem(s)"
        or "problem(s)" in result.output.splitlines()[-1]
    )


def test_exit_codes_are_0_1_2(run, layouts_copy):
    assert run("validate").exit_code == 0
    rules = layouts_copy / "straight-to" / "rules.toml"
    rules.write_text(rules.read_text().replace("fixed = 50", "fixed = 51", 1))
    assert run("validate", "straight-to", "--layouts", layouts_copy).exit_code == 1
    assert run("validate", "--paper", "a9").exit_code == 2
    assert run("validate", "--players", "0").exit_code == 2


def test_a_count_edit_is_reported_in_the_data_file_at_its_line(run, layouts_copy):
    data = layouts_copy / "straight-to" / "components.toml"
    lines = data.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip() == "count = 17")
    lines[first] = "count = 27"
    data.write_text("\n".join(lines) + "\n")
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in(f"components.toml:{first + 1}: souls[0].count (line {first + 1})", result.output)
    assert "rules.toml:components.soul-good) asks for 50 (expected 50, found 60)" in result.output
    assert "straight-to: rules.toml:components.soul-good:" not in result.output  # never the rules file first


def test_every_count_is_declared_once():
    """The rules model holds the counts; the data files name designs, never the same number again."""
    for game in ("exit-from-purgatory", "straight-to"):
        data = (shipped_layouts_dir() / game / "components.toml").read_text()
        assert not re.search(r"^\s*(per_player|extra_per_player\w*|power_per_player|combat_base)\s*=", data, re.M)


def test_the_first_line_names_the_layouts_and_icons(run, isolated):
    result = run("validate", "seven-steps")
    first = result.output.splitlines()[0]
    assert first.startswith(f"layouts: {shipped_layouts_dir().resolve()} (shipped with pnp); icons: ")
    shutil.copytree(shipped_layouts_dir() / "seven-steps", isolated / "layouts" / "seven-steps")
    result = run("validate")
    assert result.output.splitlines()[0].startswith(f"layouts: {(isolated / 'layouts').resolve()}; icons: ")
    assert "seven-steps: 1 player: ok" in result.output and "punished" not in result.output


def test_pnp_new_makes_a_project_that_builds(run, isolated):
    result = run("new", "mine", "--game", "punished")
    assert result.exit_code == 0, result.output
    project = isolated / "mine"
    assert sorted(p.name for p in (project / "layouts").iterdir()) == ["punished"]
    assert (project / "icons" / "manifest.json").is_file() and (project / "pnp.toml").is_file()
    os.chdir(project)
    assert run("build").exit_code == 0
    assert (project / "output" / "punished" / "cards.pdf").is_file()
    assert run("new", str(project)).exit_code == 2  # not over an existing project


@pytest.mark.parametrize(
    "args, message",
    [
        (["--back-offset", "500,500"], "--back-offset '500,500': each of X and Y must be a number from -10 to 10 mm"),
        (["--back-offset", "nan,0"], "--back-offset 'nan,0': each of X and Y"),
        (["--back-offset", "inf,0"], "--back-offset 'inf,0': each of X and Y"),
        (["--paper", "100000x100000"], "--paper 100000x100000: 100000 mm is longer than any printer takes"),
        (["--paper", "50x50"], "--paper 50x50 with --margin 5mm leaves 40 x 40 mm to print on"),
        (["--margin", "40mm"], "with --margin 40mm leaves 130 x 217 mm"),
        (["-o", ""], "--output '': give a folder name"),
        (["--bleed", "1km"], "--bleed: '1km' is not a length"),
    ],
)
def test_values_that_cannot_make_a_sensible_print_are_refused(run, isolated, args, message):
    result = run("build", "seven-steps", *args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert not (isolated / "output").exists() and not (isolated / "seven-steps").exists()


def test_a_bleed_past_what_shops_ask_is_refused_and_pnp_toml_is_held_to_the_same_limits(run, isolated):
    """Exit's aid no longer fits its page from a 6 mm bleed on: a bleed past the 5 mm print shops
    ask is refused before any work, as the cause, not met later as a text too small."""
    assert run("build", "exit-from-purgatory", "--bleed", "5mm", "-o", "five").exit_code == 0
    result = run("build", "seven-steps", "--bleed", "6mm")
    assert result.exit_code == 2 and "--bleed 6mm: more than the 5 mm print shops ask for" in result.output
    (isolated / "pnp.toml").write_text('bleed = "6mm"\n')
    result = run("build", "seven-steps")
    assert result.exit_code == 2 and "--bleed 6mm: more than the 5 mm" in result.output
    (isolated / "pnp.toml").write_text("copies = 50000\n")
    result = run("build", "seven-steps")
    assert result.exit_code == 2 and "copies = 50000: give 1 to 10000" in result.output


def test_files_follow_the_umask(built):
    old = os.umask(0o022)
    try:
        folder = built("seven-steps")
    finally:
        os.umask(old)
    assert stat.S_IMODE((folder / "gamesheets.pdf").stat().st_mode) == 0o644
    assert stat.S_IMODE((folder / "manifest.json").stat().st_mode) == 0o644


def test_no_validate_prints_what_it_let_through(run, layouts_copy):
    rules = layouts_copy / "straight-to" / "rules.toml"
    rules.write_text(rules.read_text().replace("fixed = 50", "fixed = 51", 1))
    result = run("build", "straight-to", "--layouts", layouts_copy, "--no-validate")
    assert result.exit_code == 0
    assert re.search(
        r"warning: \S*straight-to/components\.toml:\d+:\d+: .*Good Soul card.* \(written anyway: --no-validate\)",
        result.output,
    )


def gallery_section(isolated: Path, game: str) -> str:
    html = (isolated / "output" / "index.html").read_text()
    return html.split(f'<section id="{game}">')[1].split("</section>")[0]


def test_the_gallery_after_a_failed_build(run, isolated, layouts_copy):
    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 0
    assert "every check holds" in gallery_section(isolated, "straight-to")
    rules = layouts_copy / "straight-to" / "rules.toml"
    rules.write_text(rules.read_text().replace("fixed = 50", "fixed = 51", 1))
    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 1
    section = gallery_section(isolated, "straight-to")
    assert 'data-failed="straight-to"' in section and "every check holds" not in section
    assert "every check held for these files (the latest build's problems are above)" in section
    assert "these Good Soul cards add up to 50; the rules model" in section
    rules.write_text(rules.read_text().replace("fixed = 51", "fixed = 50", 1))
    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 0
    assert "data-failed" not in gallery_section(isolated, "straight-to")


def test_a_deck_of_many_designs_is_captioned_by_its_first_designs_and_how_many_more(run, isolated, layouts_copy):
    """26 Good Soul designs (SHOWN_DESIGNS = 24 of two cards, 2 of one): the caption names the first
    24, each with its own count, then says how many more designs and cards there are."""
    souls_to_csv(layouts_copy)
    path = layouts_copy / "straight-to" / "souls.csv"
    header, *rows = path.read_text().splitlines()
    evil = [row for row in rows if row.startswith("evil,")]
    good = [
        f"good,Good {i:02d},lorc/dove,{2 if i < SHOWN_DESIGNS else 1},A line,soul" for i in range(SHOWN_DESIGNS + 2)
    ]
    path.write_text("\n".join([header, *good, *evil]) + "\n")
    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 0
    caption = gallery_section(isolated, "straight-to").split('alt="Good 00"', 1)[1].split("</figcaption>")[0]
    shown = re.findall(r'<span class="design">([^<]*)</span>', caption)
    assert shown == [f"Good {i:02d} × 2" for i in range(SHOWN_DESIGNS)]
    assert '<span class="more">… and 2 more designs (2 pieces)</span>' in caption


def test_captions_give_each_design_its_own_count_and_each_file_its_duplex(run, isolated):
    assert run("build", "straight-to").exit_code == 0
    section = gallery_section(isolated, "straight-to")
    assert "Penitent × 17" in section and "Saint × 16" in section and "Fiend × 16" in section
    assert "× 50" not in section and "× 100" not in section
    rows = dict(
        re.findall(r'<tr class="print"><td><a href="straight-to/([a-z-]+\.pdf)">.*?</td><td>([^<]*)</td>', section)
    )
    assert rows["cards.pdf"] == "24 pages on 12 sheets of A4, print double-sided, flip on long edge"
    assert rows["aids.pdf"] == "2 pages on 1 sheet of A4, print double-sided, flip on long edge"  # two-sided cards
    assert rows["track.pdf"] == "2 pages on 2 sheets of A4, print single-sided. Track: 2 tiles to cut and join"
    assert rows["rules.pdf"] == "2 pages on 1 sheet of A4, print double-sided (either edge)"  # one sheet, both sides


def test_exports_older_than_the_data_are_marked_stale(run, isolated, layouts_copy):
    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 0
    assert run("export", "images", "straight-to", "--layouts", layouts_copy).exit_code == 0
    assert "data-stale" not in gallery_section(isolated, "straight-to")
    data = layouts_copy / "straight-to" / "components.toml"
    data.write_text(data.read_text().replace("Halo slightly crooked.", "Halo polished.", 1))
    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 0
    assert 'data-stale="images"' in gallery_section(isolated, "straight-to")


def test_reprint_holds_exactly_the_changed_cards_with_their_backs(run, isolated, layouts_copy):
    from test_whole_file_duplex import print_duplex

    assert run("build", "punished", "straight-to", "--layouts", layouts_copy).exit_code == 0
    for game in ("punished", "straight-to"):
        assert json.loads((isolated / "output" / game / "manifest.json").read_text())["changes"] is None  # first build
    cards = layouts_copy / "punished" / "cards.toml"
    edit_card(cards, "Still Water", '{ stat = "ICHOR", amount = 2 }', '{ stat = "ICHOR", amount = 3 }')
    rules = layouts_copy / "straight-to" / "rules.toml"
    rules.write_text(
        rules.read_text().replace('label = "Good Soul card"\nfixed = 50', 'label = "Good Soul card"\nfixed = 51')
    )
    souls = layouts_copy / "straight-to" / "components.toml"
    souls.write_text(souls.read_text().replace('icon = "lorc/prayer"\ncount = 17', 'icon = "lorc/prayer"\ncount = 18'))
    result = run("build", "punished", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 0, result.output

    punished = json.loads((isolated / "output/punished/manifest.json").read_text())
    assert [(c["key"], c["kind"], c["reprint"]) for c in punished["changes"]] == [("tier-1|Still Water", "text", 1)]
    straight = json.loads((isolated / "output/straight-to/manifest.json").read_text())
    assert [(c["key"], c["kind"], c["reprint"]) for c in straight["changes"]] == [
        ("reference|Rules reference, side 1", "text", 1),  # its component list counts the Good souls
        ("reference|Rules reference, side 2", "text", 1),  # and so does its print guide
        ("soul-good|Penitent", "count", 1),
    ]

    names = [c["name"] for c in tomllib.loads(cards.read_text())["cards"]] + ["Innocent", "Saint", "Tyrant", "Fiend"]
    for game, card, back in (("punished", "Still Water", "Time alone"), ("straight-to", "Penitent", "Soul")):
        pdf = (isolated / "output" / game / "reprint.pdf").read_bytes()
        assert print_duplex(pdf, "long", (0.0, 0.0), f"{game}/reprint.pdf") == 1  # one sheet, back behind front
        import pypdfium2 as pdfium

        document = pdfium.PdfDocument(pdf)
        pages = [page.get_textpage().get_text_range() for page in document]
        fronts = [text for text in pages if ": fronts" in text]
        backs = [text for text in pages if ": backs" in text]
        assert len(fronts) == 1 and len(backs) == 1
        # one sheet of cards, no cover and no blank page; Straight-to's changed rules reference after it
        assert len(pages) == {"punished": 2, "straight-to": 4}[game]
        assert fronts[0].count(card) == 1
        assert not [name for name in names if name != card and name in fronts[0]]
        assert back in backs[0]
    section = gallery_section(isolated, "punished")
    assert 'data-kind="text"' in section and 'alt="before"' in section and 'alt="after"' in section
    assert 'href="punished/reprint.pdf"' in section
    # the gallery shows the games just built from the manifests in memory: as it would read them back
    output = isolated / "output"
    gallery = (output / "index.html").read_bytes()
    settings = Settings(layouts=str(layouts_copy))
    write_gallery(output, {game: data_digest(game, settings) for game in ("punished", "straight-to")})
    assert (output / "index.html").read_bytes() == gallery

    # built again from the same designs (--force before printing, a paper of the same size): the list stands
    folder = output / "punished"
    pictures = sorted(p.name for p in (folder / "thumbs/designs").iterdir())
    reprint, listed = (folder / "reprint.pdf").read_bytes(), punished["changes"]
    assert len(pictures) == 2 and run("build", "punished", "--force", "--layouts", layouts_copy).exit_code == 0
    assert (folder / "reprint.pdf").read_bytes() == reprint
    assert json.loads((folder / "manifest.json").read_text())["changes"] == listed
    assert sorted(p.name for p in (folder / "thumbs/designs").iterdir()) == pictures
    assert 'alt="before"' in gallery_section(isolated, "punished")


def test_a_card_renamed_in_place_is_said_renamed_not_removed_and_new(run, isolated, layouts_copy):
    """The Innocent soul renamed Blameless, nothing else of it changed: the gallery says it was
    renamed (pictured before and after), the reprint holds the 17 Blameless cards, and nothing is
    said removed; a card renamed and recounted at once reads as one removed, one new."""
    import pypdfium2 as pdfium

    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 0
    souls = layouts_copy / "straight-to" / "components.toml"
    souls.write_text(souls.read_text().replace('name = "Innocent"', 'name = "Blameless"'))
    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 0
    manifest = json.loads((isolated / "output/straight-to/manifest.json").read_text())
    changed = [(c["key"], c["kind"], c["reprint"], c["what"]) for c in manifest["changes"]]
    assert changed == [
        ("soul-good|Blameless", "renamed", 17, "Innocent -> Blameless: renamed, 17 to print in place of the old ones")
    ]
    section = gallery_section(isolated, "straight-to")
    assert 'data-kind="renamed"' in section and 'alt="before"' in section and 'alt="after"' in section
    assert "removed" not in section
    fronts = [
        page.get_textpage().get_text_range() for page in pdfium.PdfDocument(isolated / "output/straight-to/reprint.pdf")
    ]
    assert sum(text.count("Blameless") for text in fronts) == 17 and not any("Innocent" in text for text in fronts)

    text = souls.read_text().replace(
        'name = "Blameless"\nicon = "lorc/dove"\ncount = 17', 'name = "Spotless"\nicon = "lorc/dove"\ncount = 16'
    )
    souls.write_text(
        text.replace(
            'name = "Saint"\nicon = "lorc/angel-outfit"\ncount = 16',
            'name = "Saint"\nicon = "lorc/angel-outfit"\ncount = 17',
        )
    )
    assert run("build", "straight-to", "--layouts", layouts_copy).exit_code == 0
    kinds = {
        c["key"]: c["kind"] for c in json.loads((isolated / "output/straight-to/manifest.json").read_text())["changes"]
    }
    assert kinds["soul-good|Blameless"] == "removed" and kinds["soul-good|Spotless"] == "added", kinds


def test_a_design_keeps_its_fingerprint_from_one_pnp_to_the_next():
    """A design's fingerprint is the digest of what it draws, written out as repr writes it: a
    designer who upgrades pnp sees no change listed for cards that print the same, whichever
    elements the pieces share and however many a side has."""
    import hashlib

    from pnp.pipeline.reprint import designs
    from pnp.render.elements import Box, Group, Text
    from pnp.render.specs import Cover, DocumentSpec, Piece, PieceGroup

    frame = Box(x=1, y=1, w=61.5, h=86.9, stroke="#333333", width=1.2, radius=2.5)
    group = Group(elements=(Text(text="turned", x=0, y=0, w=20, h=5),), dx=3, dy=4, rotate=90)
    sides = [
        (),
        (frame,),
        (frame, group),
        (Text(text="one", x=1, y=1, w=9, h=5), frame, Text(text="two", x=1, y=9, w=9, h=5)),
        None,
    ]
    pieces = [
        Piece(kind="card", name=f"c{i}", face=face, back=back, background="#ffffff")
        for i, (face, back) in enumerate((f, b) for f in sides[:-1] for b in sides)
    ]
    section = PieceGroup(title="Cards", pieces=pieces + pieces[:3], width=63.5, height=88.9)
    found = designs(
        BuildMemory(),
        [
            DocumentSpec(
                filename="cards.pdf", title="Cards", sections=[section], cover=Cover(contents=[]), game_title="Test"
            )
        ],
        {},
        {},
    )
    for piece in pieces:
        drawn = (piece.face, piece.background, piece.back, piece.back_background, 63.5, 88.9)
        assert found[f"card|{piece.name}"].hash == hashlib.sha1(repr(drawn).encode()).hexdigest()[:16], piece
    assert [found[f"card|c{i}"].count for i in range(5)] == [2, 2, 2, 1, 1]
    assert found["card|c17"].hash == "33354c01cfb7e8d5"  # texts, a frame and a turned group, as pnp wrote it before


def test_a_design_in_two_files_is_found_in_the_first():
    """A card, a board or a sheet printed in two files: its count is both files' and its file the
    first one's, where its first front (the picture's box) lies; changed, it is reprinted as often."""
    from pnp.pipeline.reprint import Change, designs, reprint_spec
    from pnp.render.specs import Board, Cover, DocumentSpec, PageComponent, Piece, PieceGroup

    piece = Piece(kind="card", name="both", face=(), back=None, background="#ffffff")
    sections = [
        PieceGroup(title="Cards", pieces=[piece], width=63.5, height=88.9),
        Board(title="Board", kind="board", name="both", width=200, height=200, elements=()),
        PageComponent(title="Aid", kind="aid", name="both", elements=(), width=90, height=120, copies=2),
    ]
    specs = [
        DocumentSpec(filename=name, title=name, sections=sections, cover=Cover(contents=[]), game_title="Test")
        for name in ("first.pdf", "second.pdf")
    ]
    found = designs(BuildMemory(), specs, {}, {})
    assert {key: (design.file, design.count) for key, design in found.items()} == {
        "card|both": ("first.pdf", 2),
        "board|both": ("first.pdf", 2),
        "aid|both": ("first.pdf", 4),
    }
    changed = [
        Change(key=key, kind="text", before=design, after=design, reprint=design.count) for key, design in found.items()
    ]
    reprint = reprint_spec(specs, changed, "Test")  # each as many times as it is printed
    assert reprint is not None
    assert [
        (type(s).__name__, len(s.pieces) if isinstance(s, PieceGroup) else getattr(s, "copies", 1))
        for s in reprint.sections
    ] == [("PieceGroup", 2), ("Board", 1), ("Board", 1), ("PageComponent", 4)]


def test_a_board_tiled_in_two_files_is_pictured_from_the_first():
    """Its design records the tiles of its first file only, the file it is pictured from."""
    from pnp.pipeline.manifest import TileFace
    from pnp.render.placed import BoardTile, MmBox, Placed

    placed = [
        Placed(
            kind="board",
            name="ring",
            side="face",
            document=file,
            page=page,
            box=MmBox(x=x, y=0, w=130, h=250),
            tile=BoardTile(label=label, first=x == 0, page_x=20, page_y=24),
        )
        for file in ("first.pdf", "second.pdf")
        for page, (label, x) in enumerate((("A1", 0), ("B1", 118)), start=1)
    ]
    assert TileFace.boards_in(placed) == {
        "board|ring": (TileFace(1, 20, 24, 130, 250, 0, 0), TileFace(2, 20, 24, 130, 250, 118, 0))
    }


def test_an_unchanged_rebuild_lists_no_changes_and_drops_the_reprint(run, isolated):
    assert run("build", "seven-steps").exit_code == 0
    assert run("build", "seven-steps", "--force").exit_code == 0
    manifest = json.loads((isolated / "output/seven-steps/manifest.json").read_text())
    assert manifest["changes"] == [] and not (isolated / "output/seven-steps/reprint.pdf").exists()


def test_options_that_do_not_apply_are_refused(run):
    result = run("validate", "seven-steps", "-o", "somewhere")
    assert result.exit_code == 2 and "--output does not apply to validate" in result.output
    assert "--output" not in run("validate", "--help").output  # nor offered


def test_layout_problems_give_the_line_the_designer_edited(run, layouts_copy):
    path = layouts_copy / "punished" / "cards.toml"
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("encounter.fallback")) + 1
    lines[number - 1] = lines[number - 1].replace('stat = "PAIN"', 'stat = "PAINN"', 1)
    path.write_text("\n".join(lines) + "\n")
    result = run("validate", "punished", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert re.search(rf"cards\.toml:{number}:\d+: cards\[0\]\.encounter\.fallback\[0\]\.stat: .*PAINN", result.output)


def _face_at(pdf: bytes, face: list):
    """A design's face as the test sees it: the whole page rendered, then its box (the manifest's
    [page, x, y, w, h, turned], mm; upright here) cut out."""
    import pypdfium2 as pdfium

    from pnp.pipeline.thumbnails import DESIGN_DPI as dpi

    assert not face[5]
    x, y, w, h = (value / 25.4 * dpi for value in face[1:5])
    document = pdfium.PdfDocument(pdf)
    image = document[face[0] - 1].render(scale=dpi / 72).to_pil().convert("RGB")
    top = image.height - y - h
    cut = image.crop((round(x), round(top), round(x + w), round(top + h)))
    document.close()
    return cut


def _distance(one, other) -> float:
    """Mean difference per channel (0-255) of two pictures of one size give or take a pixel, laid
    over each other as well as they go."""
    from PIL import ImageChops, ImageStat

    w, h = min(one.width, other.width) - 2, min(one.height, other.height) - 2
    inner = one.crop((1, 1, 1 + w, 1 + h))
    return min(
        sum(ImageStat.Stat(ImageChops.difference(inner, other.crop((dx, dy, dx + w, dy + h)))).mean) / 3
        for dx in range(3)
        for dy in range(3)
    )


@pytest.mark.parametrize("process", ["the same", "a new"])
def test_the_change_list_pictures_each_changed_design_as_it_printed_and_as_it_prints(
    run, run_kept, isolated, monkeypatch, process
):
    """As a designer works, from a project: a first build pictures no design (a deck of 10,000 made
    10,000 pictures); after Penitent's icon and Innocent's line change, the gallery shows each as the
    previous PDF printed it and as the new one prints it, and nothing else, whether the build runs in
    the process that drew the previous PDFs (a page is pictured from a PDF of it alone) or in a new
    one (from the files read back). A previous PDF that is no longer as its build wrote it gives no
    "before"."""
    from PIL import Image

    project = isolated / "proj"
    assert run("new", project, "--game", "straight-to").exit_code == 0
    monkeypatch.chdir(project)
    builder = run_kept if process == "the same" else run  # a new process: a build that kept nothing

    def build() -> None:
        result = builder("build")
        assert result.exit_code == 0, result.output

    build()
    game = project / "output" / "straight-to"
    pictures = game / "thumbs" / "designs"
    assert not pictures.exists() or not list(pictures.iterdir())
    first = {pdf.name: pdf.read_bytes() for pdf in game.glob("*.pdf")}
    data = project / "layouts" / "straight-to" / "components.toml"
    text = data.read_text()
    data.write_text(
        text.replace('icon = "lorc/prayer"\ncount = 17', 'icon = "lorc/dove"\ncount = 17', 1).replace(
            "Never hurt a fly. Literally.", "Never hurt a fly.", 1
        )
    )
    build()
    second = {pdf.name: pdf.read_bytes() for pdf in game.glob("*.pdf")}
    changes = {c["key"]: c for c in json.loads((game / "manifest.json").read_text())["changes"]}
    assert {key: c["kind"] for key, c in changes.items()} == {  # the reference credits the icons it shows
        "soul-good|Innocent": "text",
        "soul-good|Penitent": "art",
        "reference|Rules reference, side 2": "text",
    }
    drawn = {p.stem: Image.open(p).convert("RGB") for p in pictures.glob("*.png")}
    assert set(drawn) == {c[side]["hash"] for c in changes.values() for side in ("before", "after")}
    for change in changes.values():
        before, after = drawn[change["before"]["hash"]], drawn[change["after"]["hash"]]
        was = _face_at(first[change["before"]["file"]], change["before"]["face"])
        now = _face_at(second[change["after"]["file"]], change["after"]["face"])
        # each is its own side's very pixels; the other side differs (by a line of small text at least)
        assert _distance(before, was) * 10 < _distance(before, now), change["key"]
        assert _distance(after, now) * 10 < _distance(after, was), change["key"]
    section = gallery_section(project, "straight-to")
    assert section.count('alt="before"') == 3 and section.count('alt="after"') == 3
    for digest in drawn:
        assert f'src="straight-to/thumbs/designs/{digest}.png"' in section

    edited = second["cards.pdf"].replace(b" ReportLab Generated", b" edited by hand here", 1)  # a comment:
    assert len(edited) == len(second["cards.pdf"]) and edited != second["cards.pdf"]  # it still opens
    (game / "cards.pdf").write_bytes(edited)
    data.write_text(
        data.read_text().replace('icon = "lorc/dove"\ncount = 17', 'icon = "lorc/angel-outfit"\ncount = 17', 1)
    )
    build()
    (change,) = json.loads((game / "manifest.json").read_text())["changes"]
    assert change["key"] == "soul-good|Penitent"
    assert sorted(p.stem for p in pictures.glob("*.png")) == [change["after"]["hash"]]  # no "before" to trust

    manifest = json.loads((game / "manifest.json").read_text())  # boxes edited off the page, the PDF intact
    manifest["designs"]["soul-good|Penitent"]["face"][1] = 1e6
    manifest["designs"]["soul-good|Innocent"]["face"][3] = -5.0
    (game / "manifest.json").write_text(json.dumps(manifest))
    data.write_text(
        data.read_text()
        .replace('icon = "lorc/angel-outfit"\ncount = 17', 'icon = "lorc/dove"\ncount = 17', 1)
        .replace("Never hurt a fly.", "Never hurt anyone.", 1)
    )
    build()
    changes = json.loads((game / "manifest.json").read_text())["changes"]
    assert sorted(c["key"] for c in changes) == ["soul-good|Innocent", "soul-good|Penitent"]
    assert sorted(p.stem for p in pictures.glob("*.png")) == sorted(c["after"]["hash"] for c in changes)


def test_a_changed_board_on_tiles_is_pictured_whole_as_it_printed_and_as_it_prints(run, isolated, monkeypatch):
    """The Heaven/Hell track prints on two tiles. After its title changes, the change list pictures
    the whole track before and after: each tile's part that no neighbour lies over (`tiledboards`)
    is the very pixels of its page in the previous PDF and in the new one, and the title's tile
    differs between the two."""
    from PIL import Image
    from tiledboards import tiles_apart

    from pnp.pipeline.thumbnails import DESIGN_DPI

    project = isolated / "proj"
    assert run("new", project, "--game", "straight-to").exit_code == 0
    monkeypatch.chdir(project)
    game = project / "output" / "straight-to"
    assert run("build").exit_code == 0
    first = (game / "track.pdf").read_bytes()
    data = project / "layouts" / "straight-to" / "components.toml"
    data.write_text(data.read_text().replace('"The road to HEAVEN"', '"The road to PARADISE"', 1))
    assert run("build").exit_code == 0
    second = (game / "track.pdf").read_bytes()
    changes = json.loads((game / "manifest.json").read_text())["changes"]
    (change,) = [c for c in changes if c["key"] == "track|Heaven/Hell track"]
    assert change["kind"] == "text"
    for side, pdf, other in (("before", first, second), ("after", second, first)):
        design = change[side]
        assert design["face"] is None and design["file"] == "track.pdf" and len(design["tiles"]) == 2
        picture = Image.open(game / "thumbs" / "designs" / f"{design['hash']}.png").convert("RGB")
        assert max(tiles_apart(picture, design["tiles"], pdf, DESIGN_DPI / 25.4).values()) < 0.01, side
        assert max(tiles_apart(picture, design["tiles"], other, DESIGN_DPI / 25.4).values()) > 0.05, side
    section = gallery_section(project, "straight-to")
    assert all(
        f'src="straight-to/thumbs/designs/{change[side]["hash"]}.png"' in section for side in ("before", "after")
    )

    for damage in ((0, 5, -5.0), (1, 6, 1e9), (0, 5, float("nan"))):  # tiles edited off the board, the PDF intact
        manifest = json.loads((game / "manifest.json").read_text())
        tile, field, value = damage
        manifest["designs"]["track|Heaven/Hell track"]["tiles"][tile][field] = value
        (game / "manifest.json").write_text(json.dumps(manifest))
        title = data.read_text().split('"The road to ', 1)[1].split('"', 1)[0]
        data.write_text(data.read_text().replace(f'"The road to {title}"', f'"The road to {title}S"', 1))
        result = run("build")
        assert result.exit_code == 0, result.output
        (change,) = [
            c for c in json.loads((game / "manifest.json").read_text())["changes"] if c["key"].startswith("track|")
        ]
        assert sorted(p.stem for p in (game / "thumbs" / "designs").glob("*.png")) == [change["after"]["hash"]], damage


def test_the_gallery_says_how_many_of_many_changes_are_pictured(run, isolated, monkeypatch):
    """A designer's deck of 60 Soul designs, each one's line edited: the change list lists all 60,
    pictures the first PICTURED_CHANGES and says so."""
    import csv
    import re

    from pnp.pipeline.thumbnails import PICTURED_CHANGES

    project = isolated / "proj"
    assert run("new", project, "--game", "straight-to").exit_code == 0
    monkeypatch.chdir(project)
    game = project / "layouts" / "straight-to"
    components = game / "components.toml"
    components.write_text(
        'souls = { csv = "souls.csv" }\n'
        + re.sub(r"\[\[souls\]\]\n(?:[^\[\n][^\n]*\n|\n)*", "", components.read_text())
    )
    rules = game / "rules.toml"
    rules.write_text(re.sub(r"(\[components\.soul-(?:good|evil)\][^\[]*?fixed = )\d+", r"\g<1>30", rules.read_text()))

    def souls(line: str) -> None:
        with open(game / "souls.csv", "w", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(["type", "name", "icon", "count", "line", "back"])
            for i in range(60):
                writer.writerow(["good" if i % 2 else "evil", f"Soul {i:02d}", "lorc/dove", 1, f"{line} {i}", "soul"])

    for line in ("Design", "Edited design"):
        souls(line)
        result = run("build")
        assert result.exit_code == 0, result.output
    section = gallery_section(project, "straight-to")
    assert section.count(": text changed, 1 to print") == 60
    assert section.count('alt="before"') == section.count('alt="after"') == PICTURED_CHANGES
    assert f"Pictures show the first {PICTURED_CHANGES} of 60 changes." in section


def test_only_the_first_changes_are_pictured(tmp_path):
    """A change that touches every card of a large deck pictures the first PICTURED_CHANGES; the
    reprint holds them all."""
    from reportlab.pdfgen import canvas

    from pnp.pipeline.manifest import Design, Face
    from pnp.pipeline.reprint import Change
    from pnp.pipeline.thumbnails import PICTURED_CHANGES, change_pictures

    pdf = tmp_path / "cards.pdf"
    page = canvas.Canvas(str(pdf), pagesize=(200, 200))
    page.rect(10, 10, 100, 100, fill=1)
    page.save()
    total = PICTURED_CHANGES + 5
    face = Face(page=1, x=1, y=1, w=20, h=30)
    added = [
        Change(
            key=f"card|c{i}",
            kind="added",
            before=None,
            reprint=1,
            after=Design(hash=f"{i:016x}", text="t", count=1, file="cards.pdf", face=face),
        )
        for i in range(total)
    ]
    drawn = change_pictures(added, {}.get, {"cards.pdf": pdf.read_bytes()}.get, BuildMemory())
    assert sorted(drawn) == [f"{i:016x}" for i in range(PICTURED_CHANGES)]


def test_csv_cells_read_as_numbers_booleans_and_texts_and_empty_ones_are_left_out():
    """A cell is typed by the data model: a negative number or a decimal where the model wants a
    number, true/false where it wants a boolean, and a text where it wants a text, even one that
    looks like a number; an empty cell leaves its key out, so the model's default applies
    (reliability item 17: planted bugs here went uncaught; the palette issue: `1984` is a name)."""
    from pnp.findings import Finding
    from pnp.source.cardlists import read_list
    from pnp.source.models import Strict, typed_lists

    class Note(Strict):
        text: str

    class Row(Strict):
        name: str
        amount: int
        scale: float
        hidden: bool
        note: Note | None = None

    class Deck(Strict):
        cards: list[Row]

    text = "name,amount,scale,hidden,note.text\n1984,-3,-0.5,false,\nGain,2,1.25,true,42\n"
    where = Finding(path=Path("game/cards.toml"), message="cards.csv")
    rows = read_list(lambda name: text.encode(), "deck.csv", folder=Path("game"), where=where)
    assert rows == [
        {"name": "1984", "amount": "-3", "scale": "-0.5", "hidden": "false"},
        {"name": "Gain", "amount": "2", "scale": "1.25", "hidden": "true", "note": {"text": "42"}},
    ]
    typed = typed_lists(Deck, {"cards": rows}, {("cards",): Path("game/deck.csv")})["cards"]
    assert typed == [
        {"name": "1984", "amount": -3, "scale": -0.5, "hidden": False},
        {"name": "Gain", "amount": 2, "scale": 1.25, "hidden": True, "note": {"text": "42"}},
    ]
    assert [type(row["amount"]) for row in typed] == [int, int] and type(typed[0]["scale"]) is float
    assert rows[0]["amount"] == "-3"  # the table read from the file is left as it was


def test_a_kept_row_whose_icon_went_missing_is_drawn_as_its_gap(layouts_copy, icon_cache):
    """A row read at an earlier build comes back as the same table with the value the model made
    of it (`rowkeep`); when its icon has gone from the cache since, the gap is drawn as at a
    first read, and the rows around it are still the ones they were."""
    souls_to_csv(layouts_copy)
    settings = Settings(layouts=str(layouts_copy))
    memory = BuildMemory()  # the two builds in one process, as `pnp watch` builds
    first = build_game("straight-to", settings, IconStore(icon_cache), memory=memory)
    assert not first.problems
    (icon_cache / "lorc" / "dove.svg").unlink()
    manifest = json.loads((icon_cache / "manifest.json").read_text())
    del manifest["icons"]["lorc/dove"]
    (icon_cache / "manifest.json").write_text(json.dumps(manifest))
    again = build_game("straight-to", settings, IconStore(icon_cache), memory=memory)
    said = [f"{p.path.name}:{p.line}: {p.message}" for p in again.problems]
    assert len(said) == 1 and said[0].startswith("souls.csv:3: souls[1].icon: unknown icon 'lorc/dove'"), said
    cards = {doc.filename: doc for doc in again.documents}["cards.pdf"]
    assert cards.pages == {doc.filename: doc for doc in first.documents}["cards.pdf"].pages
