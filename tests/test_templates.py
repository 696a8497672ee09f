"""Layouts as data: a designer moves, enlarges and resizes what a card shows by editing one data
file; every card size fills its cards; a game made of the kit's pieces needs no Python; each
layout mistake is named at its line; the schemas `pnp schema` writes accept the shipped data."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from conftest import DATA_GAMES, EVERY_GAME, message_lines, placed_in
from conftest import run_installed as _run
from jsonschema import Draft202012Validator
from pdfscan import MM, scan

from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.games import load_game
from pnp.memory import BuildMemory
from pnp.pipeline.build import build_game
from pnp.source.icons import IconStore
from pnp.source.settings import Settings
from pnp.source.slots import SideLength

STORE = IconStore(shipped_icons_dir())
EXIT = "exit-from-purgatory"


# -- the designer's three edits, from outside --------------------------------------------------
def _first_apple(project: Path) -> tuple[dict, pdfium.PdfPage]:
    """The first Apple card's trim box (points, from the manifest) and the page it is on."""
    folder = project / "output" / EXIT
    placed = json.loads((folder / "manifest.json").read_text())["placed"]
    card = next(p for p in placed if p["kind"] == "apple" and p["side"] == "face")
    document = pdfium.PdfDocument(str(folder / "cards.pdf"))
    return {key: value * MM for key, value in card["box"].items()}, document[card["page"] - 1]


def _card_look(project: Path) -> dict[str, float]:
    """Where the first Apple's title sits (share of the card's height, from its foot), how large
    its icon is drawn, and the role text's size in points: each measured from the PDF."""
    box, page = _first_apple(project)
    textpage = page.get_textpage()
    titles = []
    for i in range(textpage.count_rects()):
        left, bottom, right, top = textpage.get_rect(i)
        text = " ".join(textpage.get_text_bounded(left, bottom, right, top).split())
        if (
            text == "Apple"
            and box["x"] <= left
            and right <= box["x"] + box["w"]
            and box["y"] <= bottom
            and top <= box["y"] + box["h"]
        ):
            titles.append(((bottom + top) / 2 - box["y"]) / box["h"])
    whole = textpage.get_text_range()
    at = whole.index("Pushes a challenge")
    role_size = pdfium_c.FPDFText_GetFontSize(textpage, at)
    return {"title": titles[0], "role": role_size}


def _icon_scale(project: Path) -> float:
    box, _ = _first_apple(project)
    page = scan(project / "output" / EXIT / "cards.pdf")[0]
    return next(
        scale
        for name, x, y, scale in page.forms
        if "shiny_apple" in name and box["x"] <= x <= box["x"] + box["w"] and box["y"] <= y <= box["y"] + box["h"]
    )


def test_a_designer_moves_the_title_enlarges_the_icon_and_lowers_the_rule_text(installed, tmp_path):
    """In a `pnp new` project, each change is one edit to Exit's components.toml; the rebuilt
    cards.pdf shows each, measured, and another game's files stay byte for byte the same."""
    pnp = installed / "bin" / "pnp"
    _run(pnp, "new", "proj", "--game", EXIT, "--game", "straight-to", cwd=tmp_path)
    project = tmp_path / "proj"
    assert (project / ".taplo.toml").is_file() and (project / "schemas" / EXIT / "components.toml.json").is_file()
    _run(pnp, "build", cwd=project)
    before = {**_card_look(project), "icon": _icon_scale(project)}
    other = {p.name: p.read_bytes() for p in (project / "output" / "straight-to").glob("*.pdf")}

    data = project / "layouts" / EXIT / "components.toml"
    text = data.read_text()
    edits = [
        ('stack = ["title", "art", "role", "rule", "footer"]', 'stack = ["art", "role", "rule", "footer", "title"]'),
        ("[templates.card.slots.art]\n", "[templates.card.slots.art]\nscale = 1.2\n"),
        (
            'text = "{role}"\nx = "4mm"\nw = "100% - 8mm"\nh = "12%"\nsize = 7.5',
            'text = "{role}"\nx = "4mm"\nw = "100% - 8mm"\nh = "12%"\nsize = 6.5',
        ),
    ]
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    data.write_text(text)
    checked = _run(pnp, "validate", cwd=project)
    assert "all rules hold" in checked.stdout
    _run(pnp, "build", "--force", cwd=project)
    after = {**_card_look(project), "icon": _icon_scale(project)}

    assert before["title"] > 0.84 and after["title"] < 0.16  # top band -> bottom band
    assert after["icon"] == pytest.approx(before["icon"] * 1.2, rel=0.01)
    assert before["role"] == pytest.approx(7.5, abs=0.01) and after["role"] == pytest.approx(6.5, abs=0.01)
    assert {p.name: p.read_bytes() for p in (project / "output" / "straight-to").glob("*.pdf")} == other


# -- every card size ---------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["mini", "tarot", "bridge"])
def test_every_game_builds_on_every_card_size(card):
    for slug in sorted(EVERY_GAME):
        if load_game(slug).folder is not None:
            continue  # a published game keeps its own tests
        build = build_game(slug, Settings(card=card), STORE)
        assert not build.problems, (slug, [str(p) for p in build.problems])
        if card == "tarot" and slug == EXIT:
            _fills_the_card(build)


def _fills_the_card(build) -> None:
    """On a tarot card the text and the icon spread over at least 80% of the card's height."""
    cards = next(d for d in build.documents if d.filename == "cards.pdf")
    card = next(p for p in cards.placed if p.kind == "apple" and p.side == "face")
    page = scan(cards.pdf)[card.page - 1]
    x, y, w, h = (v * MM for v in (card.box.x, card.box.y, card.box.w, card.box.h))
    tops, bottoms = [], []
    for _, (left, bottom, right, top) in page.boxes:
        if x <= left and right <= x + w and y <= bottom and top <= y + h:
            tops.append(top)
            bottoms.append(bottom)
    for name, fx, fy, scale in page.forms:
        if name.startswith("icon") and x <= fx <= x + w and y <= fy <= y + h:
            bottoms.append(fy)
            tops.append(fy + 512 * scale)
    assert (max(tops) - min(bottoms)) / h >= 0.8


# -- a game with no Python of its own ----------------------------------------------------------
def test_a_data_only_game_builds_validates_and_exports(run, tmp_path):
    folder = DATA_GAMES / "lantern-walk"
    assert not list(folder.rglob("*.py")) and (folder / "game.toml").is_file()
    layouts = tmp_path / "layouts"
    shutil.copytree(DATA_GAMES, layouts)
    validated = run("validate", "--layouts", layouts, "lantern-walk")
    assert validated.exit_code == 0, validated.output
    built = run("build", "--layouts", layouts, "lantern-walk")
    assert built.exit_code == 0, built.output
    out = Path("output") / "lantern-walk"
    manifest = json.loads((out / "manifest.json").read_text())
    kinds = {}
    for item in manifest["placed"]:
        kinds.setdefault(item["kind"], set()).add(item["side"])
    assert {"lantern", "shade", "spark", "pawn", "track", "aid"} <= set(kinds)
    assert kinds["spark"] == {"face", "back"} and kinds["lantern"] == {"face", "back"}  # two-sided token, one back
    backs = {item["back"] for item in manifest["placed"] if item["kind"] in ("lantern", "shade")}
    assert backs == {"back"}
    text = "".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(str(out / "cards.pdf")))
    assert "Move your pawn 2 spaces" in text  # the rules model's number, filled in
    exported = run("export", "tts", "--layouts", layouts, "lantern-walk")
    assert exported.exit_code == 0, exported.output
    listed = run("list", "--layouts", layouts)
    assert "lantern-walk  (Lantern Walk; 2-4 players" in listed.output and "game.toml" in listed.output


# -- layout mistakes, each at its line ---------------------------------------------------------
def test_each_layout_mistake_is_named_at_its_line(run, layouts_copy):
    path = layouts_copy / EXIT / "components.toml"
    text = path.read_text()
    mistakes = [
        (
            '[templates.card.slots.title.slots.name]\ntype = "text"\ntext = "{name}"\nx = "16%"',
            '[templates.card.slots.title.slots.name]\ntype = "text"\ntext = "{name}"\nx = "90%"',
        ),  # outside the card
        ('w = "16%"\nh = "100% - 6.6mm"\nsize = 15', 'w = "16%"\nh = "2mm"\nsize = 15'),  # under its floor
        (
            'before = "0.5mm"\nh = "8% - 0.6mm"\nafter = "3.2mm"',
            'before = "0.5mm"\nh = "8% - 0.6mm"\nafter = "0.5mm"',
        ),  # in the safe zone
        ('y = "84% - 8.5mm"', 'y = "84% + 2mm"'),  # over the initial
    ]
    for old, new in mistakes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text)
    lines = text.splitlines()

    def line_of(header: str) -> int:
        return lines.index(header) + 1

    result = run("validate", EXIT, "--layouts", layouts_copy)
    assert result.exit_code == 1
    said = "\n".join(message_lines(result.output))
    name_line = line_of("[templates.card.slots.title.slots.name]")
    initial_line = line_of("[templates.card.slots.title.slots.initial]")
    assert placed_in(
        f"components.toml:{name_line}: templates.card.slots.title.slots.name: lies outside the piece", said
    )
    assert placed_in(
        f"components.toml:{initial_line}: templates.card.slots.title.slots.initial: text 'A' does not fit its", said
    )
    assert "floor of 5 pt: shorten it, lower `min_size` or give the slot more room" in said
    assert (
        placed_in("components.toml:templates.card.slots.footer: its text comes", said) and "keep it 3 mm inside" in said
    )
    assert placed_in(
        f"components.toml:{line_of('[templates.card.slots.corner]')}: templates.card.slots.corner: its text "
        "overlaps the text of slot 'initial'",
        said,
    )

    other = layouts_copy / "straight-to" / "components.toml"
    other.write_text(other.read_text() + '\n[templates.fancy]\nextends = "no-such-template"\n')
    unknown = run("validate", "straight-to", "--layouts", layouts_copy)
    assert unknown.exit_code == 1
    assert placed_in(
        "straight-to/components.toml:templates.fancy.extends: no template 'no-such-template'", unknown.output
    )


# -- the boards, sheets and mats are templates too -------------------------------------------------
def _text_at(pdf: Path, wanted: str) -> tuple[float, float, float]:
    """Where `wanted` is printed first (left and foot in mm) and its size in points."""
    for page in pdfium.PdfDocument(str(pdf)):
        textpage = page.get_textpage()
        whole = textpage.get_text_range()
        if wanted in whole:
            at = whole.index(wanted)
            left, bottom, _, _ = textpage.get_charbox(at)
            return left / MM, bottom / MM, round(pdfium_c.FPDFText_GetFontSize(textpage, at), 2)
    raise AssertionError(f"{wanted!r} is not printed in {pdf.name}")


SHEET_EDITS = [  # game, file, the edit, the PDF, the text to find, what changes
    (
        "seven-steps",
        "gamesheet.toml",
        ('x = "13mm"\ny = "100% - 9mm"\nw = "70mm"', 'x = "40mm"\ny = "100% - 9mm"\nw = "70mm"'),
        "gamesheets.pdf",
        "Seven Steps",
        ("x", 27.0),
    ),
    (
        "seven-steps",
        "gamesheet.toml",
        ("scoring = 30 ", "scoring = 40 "),
        "gamesheets.pdf",
        "Dice that pass",
        ("y", -10.0),
    ),
    (
        "punished",
        "board.toml",
        (
            'text = "Limits", h = "5mm", after = "0.5mm", size = 9,',
            'text = "Limits", h = "5mm", after = "0.5mm", size = 11,',
        ),
        "tokens-and-board.pdf",
        "Limits",
        ("size", 2.0),
    ),
    (
        "exit-from-purgatory",
        "components.toml",
        (
            'text = "{heading}"\ny = "100% - 12mm"\nw = "62%"\nh = "12mm"\nsize = 16',
            'text = "{heading}"\ny = "100% - 12mm"\nw = "62%"\nh = "12mm"\nsize = 18',
        ),
        "mats.pdf",
        "Brain-freeze scoring mat",
        ("size", 2.0),
    ),
    (
        "straight-to",
        "components.toml",
        (
            'text = "The road to HEAVEN"\nx = "4mm"\ny = "100% - 12mm"',
            'text = "The road to HEAVEN"\nx = "4mm"\ny = "100% - 20mm"',
        ),
        "track.pdf",
        "The road to HEAVEN",
        ("y", -8.0),
    ),
    (
        "particle-panic",
        "components.toml",
        ('text = "card stack", y = "50% - 3mm"', 'text = "card stack", y = "50% - 8mm"'),
        "board.pdf",
        "card stack",
        ("y", -5.0),
    ),
]


def test_boards_sheets_and_mats_change_with_one_edit_to_their_data(run, layouts_copy, tmp_path):
    """The special pieces (gamesheet, stat board, mat, track, ring board) are templates and sizes in
    the games' data: one edit each moves or resizes what they print, measured from the PDF."""
    games = sorted({edit[0] for edit in SHEET_EDITS})
    assert run("build", *games, "-o", tmp_path / "before").exit_code == 0
    for game, file, (old, new), _, _, _ in SHEET_EDITS:
        path = layouts_copy / game / file
        assert path.read_text().count(old) == 1, old
        path.write_text(path.read_text().replace(old, new))
    result = run("build", *games, "--layouts", layouts_copy, "-o", tmp_path / "after")
    assert result.exit_code == 0, result.output
    for game, _, _, pdf, wanted, (what, change) in SHEET_EDITS:
        before, after = (_text_at(tmp_path / run_ / game / pdf, wanted) for run_ in ("before", "after"))
        index = {"x": 0, "y": 1, "size": 2}[what]
        assert after[index] - before[index] == pytest.approx(change, abs=0.3), (game, wanted, before, after)


def test_a_panel_sized_around_its_content_says_what_it_needs(run, layouts_copy):
    """The gamesheet's panels grow with their dice: a region that is not a share of its panel
    cannot be grown around, and the designer is told which template and slot."""
    path = layouts_copy / "seven-steps" / "gamesheet.toml"
    old = 'slots.content.y = "7mm"\nslots.content.h = "100% - 16mm"'
    assert path.read_text().count(old) == 1
    path.write_text(path.read_text().replace(old, 'slots.content.y = "7mm"\nslots.content.h = "40mm"'))
    result = run("validate", "seven-steps", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in(
        "seven-steps/gamesheet.toml:templates.phase.slots.content: the slot 'content' of template 'phase' must "
        "be sized as a share of the piece",
        result.output,
    )
    assert "Traceback" not in result.output


def test_what_one_piece_shows_and_the_room_its_text_needs_are_its_own():
    """Pieces drawn with one template, one after another, each show the slots their values turn on
    and give a stacked text the lines it needs, whatever the piece before showed or needed (the
    layout worked out for one piece is reused only for pieces that lay out the same)."""
    from pnp.games import BuildContext
    from pnp.render.elements import Box, Circle, Icon, Text
    from pnp.source.kittemplates import kit_templates

    ctx = BuildContext(
        players=2,
        card_w=63.5,
        card_h=88.9,
        page_room=(190.0, 260.0),
        quarter_room=(91.0, 132.0),
        templates=kit_templates(),
    )
    token = {"icon": "lorc/shiny-apple", "color": "#b3261e"}
    rings = [
        any(isinstance(e, Circle) for e in ctx.piece("token", {**token, "ring": ring}, 20, 20))
        for ring in ("", "yes", "", "yes")
    ]
    assert rings == [False, True, False, True]
    card = {"icon": "lorc/shiny-apple", "color": "#b3261e"}
    long = "A rule that runs over the width of the card, and on, and on, over several lines of text " * 6
    sized = []
    for number, text in enumerate(("", "Short rule.", long, "Short rule.", "")):
        elements = ctx.piece("card", {**card, "name": f"Card {number}", "text": text}, 63.5, 88.9)
        assert [e.text for e in elements if isinstance(e, Text) and e.text.startswith("Card")] == [f"Card {number}"]
        rule = [e for e in elements if isinstance(e, Text) and e.text == text]
        art = next(e for e in elements if isinstance(e, Icon))
        sized.append((bool(rule), round(art.cy, 2), round(rule[0].h, 2) if rule else 0.0))
    assert [shown for shown, _, _ in sized] == [False, True, True, True, False]
    assert sized[0] == sized[4] and sized[1] == sized[3]
    assert sized[0][1] < sized[1][1] < sized[2][1] and sized[2][2] > sized[1][2]  # the art gives way to the rule
    assert not ctx.slips
    # laid out apart, the two still draw their frame and band with the very same elements (one form)
    short, longer = (ctx.piece("card", {**card, "name": "Card", "text": text}, 63.5, 88.9) for text in ("Short.", long))
    assert [e for e in short if isinstance(e, Box)] and all(
        one is other for one, other in zip(short, longer, strict=True) if isinstance(one, Box)
    )


def test_a_stacked_slot_given_less_than_no_room_is_named_and_a_value_prints_as_given():
    """A stacked box whose height works out below zero ("20% - 8mm" on a small card) is reported as
    having no room, on every piece; a value prints as written, 1 and 1.0 alike, and a piece without
    the value is told so even after one that had it."""
    from pnp.render.compose import compose
    from pnp.render.elements import Text
    from pnp.source.slots import Slot, Template

    where = ("components.toml", ("templates", "t"))
    template = Template(
        name="t",
        where=where,
        stack=("a", "b"),
        slots=(
            Slot(name="a", where=(where[0], (*where[1], "a")), type="box", fill="#000000", h=SideLength(mm=-3)),
            Slot(name="b", where=(where[0], (*where[1], "b")), type="box", fill="#000000", grow=True),
            Slot(
                name="n",
                where=(where[0], (*where[1], "n")),
                type="text",
                text="{n}",
                x=SideLength(mm=1),
                y=SideLength(mm=1),
                w=SideLength(mm=6),
                h=SideLength(mm=4),
            ),
        ),
    )
    shown = []
    memory = BuildMemory()
    for values in ({"n": 1}, {"n": 1.0}, {"n": None}, {}):
        composed = compose(template, values, 8, 8, memory=memory)
        assert any("has no room: its height -3.0 mm (less than nothing)" in slip.message for slip in composed.slips), (
            composed.slips
        )
        shown.append([e.text for e in composed.elements if isinstance(e, Text)])
        lacking = [slip.message for slip in composed.slips if "is not a value of this piece" in slip.message]
        assert bool(lacking) == ("n" not in values), (values, lacking)
    assert shown == [["1"], ["1.0"], ["None"], []]


def _group_of_one_box(*, fill: str, w: float):
    """Template `t`: group `g` (10 x 10 mm at 1, 1) holding box `spot` (w x 5 mm at 2, 3)."""
    from pnp.source.slots import Slot, Template

    where = ("components.toml", ("templates", "t"))
    spot = Slot(
        name="spot",
        where=(where[0], (*where[1], "g", "spot")),
        type="box",
        fill=fill,
        x=SideLength(mm=2),
        y=SideLength(mm=3),
        w=SideLength(mm=w),
        h=SideLength(mm=5),
    )
    return Template(
        name="t",
        where=where,
        slots=(
            Slot(
                name="g",
                where=(where[0], (*where[1], "g")),
                type="group",
                x=SideLength(mm=1),
                y=SideLength(mm=1),
                w=SideLength(mm=10),
                h=SideLength(mm=10),
                slots=(spot,),
            ),
        ),
    )


def test_a_group_drawn_again_with_the_same_values_gives_its_slots_boxes_again():
    """A game fills a group's slot by its box ("right.pawns"): the second piece drawn with the same
    values, whose group's elements are kept from the first, names the same boxes."""
    from pnp.render.compose import compose

    template = _group_of_one_box(fill="{color}", w=4)
    memory = BuildMemory()  # one build's: the second piece's group is the first's, kept
    first, second = (compose(template, {"color": "#123456"}, 20, 20, memory=memory) for _ in range(2))
    assert first.areas["g.spot"] == (3.0, 4.0, 4.0, 5.0)
    assert second.areas == first.areas and second.elements == first.elements


def test_a_group_kept_from_a_larger_piece_still_reports_a_slot_outside_a_smaller_one():
    """A group's box in millimetres is the same on a large and a small piece; a slot of it that
    runs past the small piece's edge is reported there, whichever piece was drawn first."""
    from pnp.render.compose import compose

    template = _group_of_one_box(fill="#123456", w=15)
    memory = BuildMemory()  # one build's: the small piece finds the large one's group kept
    assert not compose(template, {}, 30, 30, memory=memory).slips
    small = compose(template, {}, 12, 12, memory=memory)
    assert [slip.message for slip in small.slips] == [
        "lies outside the piece: its box runs 3.0 to 18.0 mm across and 4.0 to 9.0 mm up a 12.0 x 12.0 mm piece"
    ]


def test_a_group_shows_its_slots_by_each_pieces_values():
    """A slot inside a group shows when the piece's value it waits for is not empty: None hides it
    and "None" shows it, though both print as None, whichever piece came before."""
    from pnp.render.compose import compose
    from pnp.render.elements import Text
    from pnp.source.slots import Slot, Template

    where = ("components.toml", ("templates", "t"))
    mark = Slot(
        name="mark",
        where=(where[0], (*where[1], "g", "mark")),
        type="text",
        text="marked",
        when="flag",
        x=SideLength(mm=1),
        y=SideLength(mm=1),
        w=SideLength(mm=18),
        h=SideLength(mm=6),
    )
    template = Template(
        name="t", where=where, slots=(Slot(name="g", where=(where[0], (*where[1], "g")), type="group", slots=(mark,)),)
    )
    memory = BuildMemory()  # one build's: each piece finds the one before it kept
    shown = [
        any(isinstance(e, Text) for e in compose(template, {"flag": flag}, 20, 20, memory=memory).elements)
        for flag in ("", "yes", None, "None", 0, "0")
    ]
    assert shown == [False, True, False, True, False, True]


def test_lengths_read_themselves():
    assert SideLength.read("84% - 8.5mm").of(100) == pytest.approx(75.5)
    assert SideLength.read(12).of(50) == 12 and SideLength.read("-1mm").of(10) == -1
    for wrong in ("12 px", "%", "3mm 4mm", "", "99999mm", True):
        with pytest.raises(ValueError):
            SideLength.read(wrong)


# -- editor support ----------------------------------------------------------------------------
def test_pnp_schema_accepts_the_shipped_data_and_flags_a_typo(run, tmp_path):
    """The schemas `pnp schema` writes, run through a JSON Schema validator over every data file
    (every game's and the data-only game's); a typo in a key is flagged as an editor would."""
    project = tmp_path / "proj"
    shutil.copytree(
        shipped_layouts_dir(), project / "layouts", ignore=shutil.ignore_patterns("__pycache__", "*.py", "*.pyc")
    )
    shutil.copytree(DATA_GAMES / "lantern-walk", project / "layouts" / "lantern-walk")
    result = run("schema", "--layouts", project / "layouts")
    assert result.exit_code == 0, result.output
    schemas = Path("schemas")
    taplo = tomllib.loads(Path(".taplo.toml").read_text())
    tied = {rule["include"][0]: rule["schema"]["path"] for rule in taplo["rule"]}
    checked = 0
    for data_file in sorted(project.glob("layouts/*/*.toml")):
        game, name = data_file.parent.name, data_file.name
        schema_path = schemas / game / f"{name}.json"
        if not schema_path.exists():
            schema_path = schemas / f"{name}.json"
        assert any(Path(path).name == schema_path.name for path in tied.values())
        validator = Draft202012Validator(json.loads(schema_path.read_text()))
        errors = list(validator.iter_errors(tomllib.loads(data_file.read_text())))
        assert not errors, (data_file, [e.message for e in errors[:3]])
        checked += 1
    assert checked >= 20
    exit_schema = Draft202012Validator(json.loads((schemas / EXIT / "components.toml.json").read_text()))
    data = tomllib.loads((project / "layouts" / EXIT / "components.toml").read_text())
    data["templates"]["card"]["slots"]["art"]["scael"] = 1.2
    assert [list(e.absolute_path)[-1] for e in exit_schema.iter_errors(data)] == ["scael"]  # at its own key
    card = exit_schema.schema["$defs"]["CardType"]["properties"]["layout"]
    assert card["default"] == {}  # an editor says a card changes nothing unless told
