"""A deck built again in one process (as `pnp watch` builds it) after a few of its cards changed is
its last file with those cards' pages drawn again and spliced in (`pnp.render.documentkeep`, issue
70): only those pages are drawn, and every file is the very bytes a build that draws the deck
whole writes. What a splice cannot write as a whole drawing would (a letter the deck had not used,
a page placing other forms) is drawn whole."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from conftest import long_deck

GAME = "straight-to"
DESIGNS = 120  # 14 pages of fronts, each behind a page of backs


def _files(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _cards_text(pdf: Path) -> list[str]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf.read_bytes())
    return [page.get_textpage().get_text_range() for page in document]


def test_a_card_edited_deep_in_a_deck_draws_its_page_alone_and_writes_what_a_whole_drawing_writes(
    run, run_kept, isolated, layouts_copy, monkeypatch
):
    import pnp.render.document as document

    listed = long_deck(layouts_copy, DESIGNS)
    lines = listed.read_text().splitlines(keepends=True)
    assert "lorc/prayer" in lines[7]
    lines[7] = lines[7].replace("lorc/prayer", "lorc/ghost")  # Soul 0006: the one ghost, on the first page
    listed.write_text("".join(lines))

    def build(output: str, fresh: bool = False) -> None:
        result = (run if fresh else run_kept)("build", GAME, "--layouts", layouts_copy, "-o", output, "--jobs", "1")
        assert result.exit_code == 0, result.output

    build("out")
    drawn: list[int] = []
    draw = document._draw_page

    def counted(plan, context, *rest):
        if context.document == "cards.pdf":
            drawn.append(context.page)
        return draw(plan, context, *rest)

    monkeypatch.setattr(document, "_draw_page", counted)
    edits = [
        ("Line 50,", "Line #50,"),  # a letter no page printed, on one page: every later drawing prints it
        ("Line 100,", "Line one hundred,"),  # ASCII, on page 23 (the fronts of designs 99 to 107)
        ("Line 101,", "Line \u03a9,"),  # a letter no card had: its font gains it, the deck is drawn whole
        ("Line 105,", "Line \u0416,"),  # another, given the code after it
        ("Line 30,", "Line \u0416 too,"),  # that letter printed first on an earlier page: the codes change
        ("Line 102,", "Line @,"),  # a letter with its code already (ASCII) that no page printed: the same
        ("lorc/angel-outfit,1,Line 89,", "lorc/ghost,1,Line 89,"),  # a form drawn already, new to the page
    ]
    for number, (old, new) in enumerate(edits):
        assert old in listed.read_text(), old
        listed.write_text(listed.read_text().replace(old, new, 1))
        whole = f"whole-{number}"
        shutil.copytree(isolated / "out", isolated / whole)  # the same earlier output for both
        drawn.clear()
        build("out")
        spliced = list(drawn)
        build(whole, fresh=True)  # a build that keeps nothing from before: drawn whole
        assert _files(isolated / "out" / GAME) == _files(isolated / whole / GAME), new
        if number == 1:
            # the pages that set the state the edited card's page finds (the first fronts' and the
            # first backs' letters and forms), then that page: which page prints a letter first is
            # not of the state, as a font's subset holds the glyphs that every page prints
            assert spliced == [1, 2, 23], spliced
            assert "Line one hundred" in _cards_text(isolated / "out" / GAME / "cards.pdf")[22]
        else:
            assert spliced.count(1) == 2, spliced  # a splice tried and given up: drawn again from page 1


SVG = "http://www.w3.org/2000/svg"
SQUARE = f'<svg xmlns="{SVG}" viewBox="0 0 100 100"><rect x="10" y="10" width="80" height="80" fill="#204080"/></svg>'
DISC = f'<svg xmlns="{SVG}" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40" fill="#802040"/></svg>'


def _picture(path: Path, colour: str) -> None:
    from PIL import Image

    Image.new("RGB", (64, 64), colour).save(path)


def test_own_art_redrawn_under_its_name_between_two_builds_in_one_process_is_printed_anew(
    run, run_kept, isolated, layouts_copy
):
    """A designer saves a new drawing over art/mark.svg and a new picture over art/photo.png while
    `pnp watch` runs: their forms keep their names, and the deck is drawn with the new art, as a
    process that drew nothing before draws it."""

    listed = long_deck(layouts_copy, DESIGNS)
    art = layouts_copy / GAME / "art"
    art.mkdir()
    (art / "mark.svg").write_text(SQUARE)
    _picture(art / "photo.png", "#e0c080")
    credits = '["mark.svg"]\nauthor = "Ben Inker"\nlicence = "CC0"\n\n["photo.png"]\nauthor = "Ada"\nlicence = "CC0"\n'
    (art / "credits.toml").write_text(credits)
    listed.write_text(
        listed.read_text().replace("lorc/angel-outfit", "art/mark.svg").replace("lorc/dove", "art/photo.png")
    )

    def build(output: str, fresh: bool = False) -> None:
        result = (run if fresh else run_kept)("build", GAME, "--layouts", layouts_copy, "-o", output, "--jobs", "1")
        assert result.exit_code == 0, result.output

    build("out")
    for number, redraw in enumerate(
        [lambda: (art / "mark.svg").write_text(DISC), lambda: _picture(art / "photo.png", "#40a060")]
    ):
        redraw()
        whole = f"whole-{number}"
        shutil.copytree(isolated / "out", isolated / whole)
        build("out")
        build(whole, fresh=True)
        assert _files(isolated / "out" / GAME) == _files(isolated / whole / GAME), number


def test_a_board_edited_between_two_builds_in_one_process_is_drawn_anew(run, run_kept, isolated, layouts_copy):
    """The track's pages are never kept (a board is drawn whole): an unchanged track is its last
    file, and one whose path changed colour is drawn again, as a process that drew nothing before
    draws it."""

    components = layouts_copy / GAME / "components.toml"

    def build(output: str, fresh: bool = False) -> bytes:
        result = (run if fresh else run_kept)("build", GAME, "--layouts", layouts_copy, "-o", output, "--jobs", "1")
        assert result.exit_code == 0, result.output
        return hashlib.sha256((isolated / output / GAME / "track.pdf").read_bytes()).digest()

    first = build("out")
    components.write_text(components.read_text().replace('path_color = "#777777"', 'path_color = "#3070b0"'))
    shutil.copytree(isolated / "out", isolated / "whole")
    again = build("out")
    whole = build("whole", fresh=True)
    assert again != first and again == whole
    assert _files(isolated / "out" / GAME) == _files(isolated / "whole" / GAME)
