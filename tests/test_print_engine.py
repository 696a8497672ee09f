"""The print engine on test sheets: geometry read back from the PDFs themselves."""

from __future__ import annotations

import io
import re

import pytest
from conftest import run_command
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfscan import MM, near, scan
from pypdf import PdfReader

from pnp.errors import UsageProblem
from pnp.files.paths import shipped_icons_dir
from pnp.games import BuildContext
from pnp.games.kit import pawn_standees, standee_tab
from pnp.geometry import Size
from pnp.memory import BuildMemory
from pnp.render.document import render_document
from pnp.render.elements import Box, Circle, Icon, Polygon, Text
from pnp.render.pages import PagePlan, RenderOptions
from pnp.render.pieces import CUT
from pnp.render.specs import Board, Cover, DocumentSpec, Piece, PieceGroup
from pnp.source.icons import IconStore
from pnp.source.kittemplates import kit_templates
from pnp.source.models import PawnSet

CUT_RGB = tuple(round(int(CUT[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))
BLACK = (0.0, 0.0, 0.0)
STORE = IconStore(shipped_icons_dir())
KIT = BuildContext(
    players=2, card_w=63.5, card_h=88.9, page_room=(190.0, 260.0), quarter_room=(91.0, 132.0), templates=kit_templates()
)


FRONTS = 0  # a piece file has no cover: its first page is fronts


def deck(count: int, w: float = 63.5, h: float = 88.9, icon: str = "lorc/shiny-apple") -> list[Piece]:
    pieces = []
    for i in range(count):
        face = (
            Icon(ref=icon, cx=w / 2, cy=h / 2, size=w * 0.6, color="#b3261e"),
            Text(text=f"F{i:03d}", x=2, y=h - 10, w=w - 4, h=8, size=10),
        )
        back = (Text(text=f"B{i:03d}", x=2, y=2, w=w - 4, h=8, size=10),)
        pieces.append(
            Piece(
                kind="card",
                name=f"card {i}",
                face=face,
                back=back,
                back_name="plain",
                background="#fbe9e7",
                back_background="#2b2540",
            )
        )
    return pieces


def render(sections, **options):
    opts = RenderOptions(paper=Size.paper(options.pop("paper", "a4")), **options)
    spec = DocumentSpec(
        filename="test.pdf",
        title="Test sheet",
        sections=sections,
        cover=Cover(contents=["test"]),
        game_title="Test Game",
    )
    doc = render_document(spec, opts, STORE)
    return doc, doc.pdf, opts


def crop_marks(page, side_bands=False):
    """Black lines outside the footer band (whose scale bar is black too); with side bands the
    footer runs up the right edge."""
    footer = (5 + 5.5) * MM
    if side_bands:
        return [ln for ln in page.lines if ln[2] == BLACK and min(ln[0][0], ln[1][0]) < page.width - footer]
    return [ln for ln in page.lines if ln[2] == BLACK and max(ln[0][1], ln[1][1]) > footer + 0.01]


def card_rects(page, w=63.5, h=88.9):
    """Hairline trims of w x h cards, upright or turned."""
    return [
        r
        for r in page.rects
        if r[4] == CUT_RGB and (near(r[2], w * MM) and near(r[3], h * MM) or near(r[2], h * MM) and near(r[3], w * MM))
    ]


def text_at(page, pattern):
    return {t: (x, y) for t, x, y in page.texts if re.fullmatch(pattern, t)}


@pytest.mark.parametrize(
    "paper, expected",
    [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0)), ("a3", (841.89, 1190.55)), ("tabloid", (792.0, 1224.0))],
)
def test_page_sizes_in_points(paper, expected):
    doc, reader, _ = render([PieceGroup(title="Cards", pieces=deck(3), width=63.5, height=88.9)], paper=paper)
    for page in PdfReader(io.BytesIO(reader)).pages:
        assert float(page.mediabox.width) == pytest.approx(expected[0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(expected[1], abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_trims_are_exact_and_inside_the_printable_area(paper):
    doc, reader, opts = render([PieceGroup(title="Cards", pieces=deck(24), width=63.5, height=88.9)], paper=paper)
    pages = scan(reader)
    faces = card_rects(pages[FRONTS])
    # 3 x 3 poker cards on A4; Letter leaves no room above and below three rows for the page's
    # own upright furniture and the crop marks, so its cards turn: 2 x 4
    assert len(faces) == (9 if paper == "a4" else 8)
    printable = opts.printable()
    for x, y, w, h, _ in faces:
        assert sorted((w, h)) == pytest.approx([63.5 * MM, 88.9 * MM], abs=0.1 * MM)
        assert x >= printable.x - 0.01 and y >= printable.y - 0.01
        assert x + w <= printable.right + 0.01 and y + h <= printable.top + 0.01


def test_crop_marks_sit_outside_every_face():
    doc, reader, _ = render([PieceGroup(title="Cards", pieces=deck(9), width=63.5, height=88.9)])
    page = scan(reader)[FRONTS]
    faces = card_rects(page)
    marks = crop_marks(page)
    assert len(marks) >= 16
    for (x1, y1), (x2, y2), _ in marks:
        for fx, fy, fw, fh, _ in faces:
            inside = lambda x, y: fx + 0.01 < x < fx + fw - 0.01 and fy + 0.01 < y < fy + fh - 0.01
            assert not inside(x1, y1) and not inside(x2, y2) and not inside((x1 + x2) / 2, (y1 + y2) / 2)
    # and every mark lies on a trim line
    xs = {round(v, 1) for f in faces for v in (f[0], f[0] + f[2])}
    ys = {round(v, 1) for f in faces for v in (f[1], f[1] + f[3])}
    for (x1, y1), (x2, y2), _ in marks:
        assert (round(x1, 1) in xs and x1 == x2) or (round(y1, 1) in ys and y1 == y2)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_behind_their_faces_after_the_flip(duplex):
    doc, reader, opts = render([PieceGroup(title="Cards", pieces=deck(7), width=63.5, height=88.9)], duplex=duplex)
    pages = scan(reader)
    face_rects = sorted(card_rects(pages[FRONTS]), key=lambda r: (-r[FRONTS], r[0]))
    back_rects = card_rects(pages[FRONTS + 1])
    faces = text_at(pages[FRONTS], r"F\d{3}")
    backs = text_at(pages[FRONTS + 1], r"B\d{3}")
    assert len(face_rects) == 7 and len(back_rects) == 7
    W, H = opts.paper.width, opts.paper.height
    for i in range(7):
        fx, fy = faces[f"F{i:03d}"]
        bx, by = backs[f"B{i:03d}"]
        face = next(r for r in face_rects if r[0] <= fx <= r[0] + r[2] and r[1] <= fy <= r[1] + r[3])
        back = next(r for r in back_rects if r[0] <= bx <= r[0] + r[2] and r[1] <= by <= r[1] + r[3])
        if duplex == "long":  # flipping over the long (vertical) edge mirrors x
            assert back[0] == pytest.approx(W - face[0] - face[2], abs=0.01) and back[1] == pytest.approx(
                face[1], abs=0.01
            )
        else:  # flipping over the short edge mirrors y
            assert back[1] == pytest.approx(H - face[1] - face[3], abs=0.01) and back[0] == pytest.approx(
                face[0], abs=0.01
            )
    # the partial sheet: 7 faces fill the first 7 slots in reading order; row r col c
    first_row_y = max(r[1] for r in face_rects)
    assert sum(1 for r in face_rects if r[1] == first_row_y) == 3


def test_back_offset_shifts_backs_only():
    plain = render([PieceGroup(title="Cards", pieces=deck(9), width=63.5, height=88.9)])
    shifted = render(
        [PieceGroup(title="Cards", pieces=deck(9), width=63.5, height=88.9)], back_offset=(1.5 * MM, -0.8 * MM)
    )
    p0, p1 = scan(plain[1]), scan(shifted[1])
    assert sorted(card_rects(p0[FRONTS])) == sorted(card_rects(p1[FRONTS]))
    before = sorted(card_rects(p0[FRONTS + 1]))
    after = sorted(card_rects(p1[FRONTS + 1]))
    for a, b in zip(before, after):
        assert b[0] - a[0] == pytest.approx(1.5 * MM, abs=0.01)
        assert b[1] - a[1] == pytest.approx(-0.8 * MM, abs=0.01)


def test_duplex_off_puts_backs_after_all_fronts():
    doc, reader, _ = render([PieceGroup(title="Cards", pieces=deck(20), width=63.5, height=88.9)], duplex="off")
    labels = [item.side for item in doc.placed]
    assert labels == ["face"] * 20 + ["back"] * 20
    pages = scan(reader)
    assert "F000" in pages[0].text() and "B000" in pages[3].text()  # 3 pages of fronts, then the backs


def test_cards_with_different_backs_in_one_deck():
    pieces = deck(4)
    pieces[2] = Piece(
        kind="card",
        name="odd",
        face=pieces[2].face,
        back=(Text(text="OTHER", x=2, y=2, w=50, h=8),),
        back_name="other",
        background=None,
        back_background="#ffffff",
    )
    doc, reader, _ = render([PieceGroup(title="Cards", pieces=pieces, width=63.5, height=88.9)])
    assert [item.back for item in doc.placed if item.side == "back"] == ["plain", "plain", "other", "plain"]
    assert "OTHER" in scan(reader)[FRONTS + 1].text()


@pytest.mark.parametrize("paper, per_page", [("a4", 6), ("letter", 6)])
def test_bleed_layout(paper, per_page):
    """Poker cards with 3 mm bleed turn to fit: 6 to an A4 or Letter page (2 x 3: a fourth row on A4
    would leave no room for crop marks outside the bleed); each keeps its own bleed, the boxes say
    so, and the furniture stays upright above and below."""
    bleed = 3 * MM
    doc, reader, opts = render(
        [PieceGroup(title="Cards", pieces=deck(12), width=63.5, height=88.9)], paper=paper, bleed=bleed
    )
    faces = [item for item in doc.placed if item.side == "face" and item.page == FRONTS + 1]
    assert len(faces) == per_page
    assert all(item.turned and (item.box.w, item.box.h) == (88.9, 63.5) for item in faces)
    xs = sorted({item.box.x for item in faces})
    ys = sorted({item.box.y for item in faces})
    assert (len(xs), len(ys)) == (2, per_page // 2)
    assert xs[1] - xs[0] == pytest.approx(88.9 + 6, abs=0.01)  # each card keeps its own bleed
    page = PdfReader(io.BytesIO(reader)).pages[FRONTS]
    trim = [float(v) for v in page.trimbox]
    bleedbox = [float(v) for v in page.bleedbox]
    assert trim[0] == pytest.approx(min(xs) * MM, abs=0.05) and trim[2] - trim[0] == pytest.approx(
        (max(xs) - min(xs) + 88.9) * MM, abs=0.05
    )
    assert bleedbox[0] == pytest.approx(trim[0] - bleed, abs=0.05) and bleedbox[3] == pytest.approx(
        trim[3] + bleed, abs=0.05
    )
    media = [float(v) for v in page.mediabox]
    assert media[0] <= bleedbox[0] <= trim[0] and trim[2] <= bleedbox[2] <= media[2]
    scanned = scan(reader)[FRONTS]
    header = [t for t in scanned.texts if t[0] == "Test Game"][0]
    footer = [t for t in scanned.texts if t[0] == "50 mm at 100% scale"][0]
    assert header[2] > bleedbox[3] and footer[2] < bleedbox[1]  # upright, above and below the grid
    assert all(item.turned for item in doc.placed if item.side == "back")


def test_a_card_that_cannot_fit_fails_clearly():
    with pytest.raises(UsageProblem) as raised:
        render([PieceGroup(title="Cards", pieces=deck(1, 300, 400), width=300, height=400)])
    assert "does not fit" in str(raised.value.message) and raised.value.exit_code == 2


def test_cannot_fit_via_cli_is_exit_2(run):
    result = run("build", "exit-from-purgatory", "--card", "250x320")
    assert result.exit_code == 2
    assert "does not fit" in result.output and "Traceback" not in result.output


def test_standees_have_a_base_of_fold_out_tabs():
    """A standee strip: tab, figure, figure turned at the head, tab, with a fold line between each;
    the tabs fold out under the feet and make the base."""
    sheet = pawn_standees(
        KIT, PawnSet(icon="lorc/pawn", width=24, height=40, colors=["#c0392b", "#2471a3"], names=["Red", "Blue"]), 2
    )
    tab = standee_tab(24)
    assert tab >= 10 and sheet.height == pytest.approx(2 * 40 + 2 * tab)
    doc, reader, _ = render([sheet])
    page = scan(reader)[FRONTS]
    strips = [r for r in page.rects if r[4] == CUT_RGB and near(r[2], 24 * MM) and near(r[3], sheet.height * MM)]
    assert len(strips) == 2
    for x, y, w, h, _ in strips:
        folds = sorted(
            round((ln[0][1] - y) / MM, 1)
            for ln in page.lines
            if ln[0][1] == ln[1][1]
            and x - 0.1 <= min(ln[0][0], ln[1][0])
            and max(ln[0][0], ln[1][0]) <= x + w + 0.1
            and near(abs(ln[1][0] - ln[0][0]), w)
            and y + 1 < ln[0][1] < y + h - 1
        )
        assert folds == pytest.approx([tab, tab + 40, tab + 80], abs=0.1)
    labels = [t for t, tx, ty in page.texts if t == "fold out: base"]
    assert len(labels) == 4  # two tabs on each strip
    x, y, w, h, _ = strips[0]
    names = sorted((b for t, b in page.boxes if t == "Red" and x <= b[0] <= x + w), key=lambda b: b[1])
    assert len(names) == 2
    lower, upper = names  # the upper figure is turned: its name sits at the head fold
    assert lower[1] < y + (tab + 10) * MM and upper[3] > y + (tab + 70) * MM


def test_double_sided_token_sheet():
    face = (Circle(cx=10, cy=10, r=9, stroke="#000000"), Text(text="HEADS", x=2, y=7, w=16, h=6, size=6))
    back = (Circle(cx=10, cy=10, r=9, stroke="#000000"), Text(text="TAILS", x=2, y=7, w=16, h=6, size=6))
    tokens = [Piece(kind="token", name="coin", face=face, back=back, back_name="tails")] * 30
    doc, reader, opts = render(
        [PieceGroup(title="Tokens", pieces=tokens, width=20, height=20, shape="round", gap=3, bleeds=False)]
    )
    pages = scan(reader)
    centre = lambda b: ((b[0] + b[2]) / 2, b[1])
    heads = [centre(b) for t, b in pages[FRONTS].boxes if t == "HEADS"]
    tails = sorted(centre(b) for t, b in pages[FRONTS + 1].boxes if t == "TAILS")
    assert len(heads) == 30 and len(tails) == 30
    W = opts.paper.width
    mirrored = sorted((W - x, y) for x, y in heads)
    for (mx, my), (tx, ty) in zip(mirrored, tails):
        assert mx == pytest.approx(tx, abs=0.6) and my == pytest.approx(ty, abs=0.6)
    sides = {item.side for item in doc.placed}
    assert sides == {"face", "back"}


@pytest.mark.parametrize("centre, tiles", [(186, 3), (150, 2)])
def test_board_tiled_with_overlap_and_labels_cut_between_its_spaces(centre, tiles):
    """On A4 a 360 mm board's cut can fall between 178 and 194 mm: a space there moves the cut
    past it when there is room, and costs a third tile when there is not."""
    elements = (
        Circle(cx=centre, cy=125, r=20, fill="#cccccc", stroke="#000000"),
        Text(text="LIMBO", x=centre - 20, y=120, w=40, h=10, size=12),
    )
    board = Board(
        title="Test board", kind="board", name="Board", width=360, height=250, elements=elements, background="#eeeeff"
    )
    doc, reader, _ = render([board])
    placed = [item for item in doc.placed if item.tile]
    assert [t.tile.label for t in placed] == [f"{'ABC'[i]}1" for i in range(tiles)]
    for a, b in zip(placed, placed[1:]):
        cut = a.box.x + a.box.w
        assert cut - b.box.x == pytest.approx(12, abs=0.01)  # the glue strip under the cut edge
        assert not centre - 20 < cut < centre + 20  # the cut misses the space
    text = " ".join(p.text() for p in scan(reader))
    assert f"A1 of {tiles}x1" in text and f"B1 of {tiles}x1" in text and "glue here" in text and "cut here" in text


def test_board_fits_one_a3_page():
    board = Board(
        title="Test board",
        kind="board",
        name="Board",
        width=380,
        height=250,
        elements=(Text(text="LIMBO", x=170, y=120, w=40, h=10),),
    )
    doc, reader, _ = render([board], paper="a3")
    assert [item.side for item in doc.placed] == ["face"]


def test_every_page_has_scale_bar_title_page_number_and_credits():
    doc, reader, _ = render([PieceGroup(title="Cards", pieces=deck(10), width=63.5, height=88.9)])
    pages = scan(reader)
    for number, page in enumerate(pages, start=1):
        text = page.text()
        assert "Test Game" in text and f"page {number} / {len(pages)}" in text
        assert "50 mm at 100% scale" in text and "game-icons.net" in text
        bars = [
            ln
            for ln in page.lines
            if ln[2] == BLACK and near(abs(ln[1][0] - ln[0][0]) + abs(ln[1][1] - ln[0][1]), 50 * MM)
        ]
        assert bars, f"page {number} has no 50 mm bar"
    assert "Cards 1/2: fronts" in pages[0].text() and "Cards 1/2: backs (flip on long edge)" in pages[1].text()


def test_a_second_document_drawn_in_one_process_prints_its_own_letters():
    """`pnp build --jobs 1` draws every document in one process. Letters past ASCII go into each
    document's own font subsets in the order it first meets them, so a line encoded for the
    document before would print other letters here."""

    def named(*names):
        return [
            Piece(
                kind="card", name=n, face=(Text(text=n, x=2, y=70, w=59.5, h=8, size=10),), back=(), back_name="plain"
            )
            for n in names
        ]

    render([PieceGroup(title="Cards", pieces=named("Fen · Ædre"), width=63.5, height=88.9)])
    _, data, _ = render([PieceGroup(title="Cards", pieces=named("Süd – Wiese", "Fen · Ædre"), width=63.5, height=88.9)])
    assert "Süd – Wiese Fen · Ædre" in scan(data)[0].text()


DRAW_NAMES = """
import hashlib, sys
from pnp.files.paths import shipped_icons_dir
from pnp.geometry import Size
from pnp.render.specs import Cover, DocumentSpec, Piece, PieceGroup
from pnp.render.document import render_document
from pnp.render.elements import Text
from pnp.render.pages import PagePlan, RenderOptions
from pnp.source.icons import IconStore
for name in sys.argv[1:]:
    card = Piece(kind="card", name=name, face=(Text(text=name, x=2, y=70, w=59.5, h=8, size=10),), back=(),
                 back_name="plain")
    spec = DocumentSpec(filename="test.pdf", title="Test sheet", cover=Cover(contents=["test"]), game_title="Test Game",
                        sections=[PieceGroup(title="Cards", pieces=[card], width=63.5, height=88.9)])
    pdf = render_document(spec, RenderOptions(paper=Size.paper("a4")), IconStore(shipped_icons_dir())).pdf
    print(hashlib.sha256(pdf).hexdigest())
"""


def test_a_document_is_the_same_file_whatever_was_drawn_before_it():
    """A font subset's file is built and compressed once in a process and used again by the files
    drawn after: a file whose own letters fill the same subset (five Cyrillic letters where the
    first file had five Greek ones) is, byte for byte, the file drawn in a process of its own."""
    import sys

    def digests(*names: str) -> list[str]:
        return run_command(sys.executable, "-c", DRAW_NAMES, *names).stdout.split()

    alone = digests("Жизнь")
    after = digests("Ωψξλμ", "Жизнь")
    assert after[1] == alone[0] and after[0] != after[1]


def test_a_document_with_more_letters_than_a_font_subset_holds_prints_each_line_as_written():
    """A font subset holds 256 letters; a deck whose names use more (accented, Greek, Cyrillic)
    spreads them over several, and a new line of letters met before prints each from its own subset."""
    letters = "".join(
        chr(c) for c in [*range(0xC0, 0x180), *range(0x391, 0x3A2), *range(0x3A3, 0x3CA), *range(0x410, 0x450)]
    )
    lines = [letters[i : i + 24] for i in range(0, len(letters), 24)]
    assert len(set(letters)) > 300
    pieces = [
        Piece(
            kind="card",
            name=f"c{i}",
            face=(Text(text=line, x=2, y=70, w=59.5, h=8, size=7),),
            back=(),
            back_name="plain",
        )
        for i, line in enumerate(lines + [line[::-1] for line in lines])
    ]
    _, data, _ = render([PieceGroup(title="Cards", pieces=pieces, width=63.5, height=88.9)])
    text = "".join(page.text() for page in scan(data)).replace(" ", "")
    wrong = [line for line in lines if line not in text or line[::-1] not in text]
    assert not wrong, wrong


def test_a_line_that_fits_keeps_its_words_and_loses_only_its_leading_spaces():
    """A paragraph short enough for its box is one line, measured once; it reads as the word by word
    wrap reads it, so an indented line of a multi-line text starts at its first word."""
    from pnp.render.textfit import wrap

    assert wrap("Title\n   indented  twice", 500, 10, False) == ("Title", "indented  twice")
    assert wrap("one two three", 40, 10, False) == ("one", "two", "three")


def test_icons_are_reusable_forms_drawn_once():
    small, _, _ = render([PieceGroup(title="Cards", pieces=deck(10), width=63.5, height=88.9)])
    large, data, _ = render([PieceGroup(title="Cards", pieces=deck(100), width=63.5, height=88.9)])
    reader = PdfReader(io.BytesIO(data))
    path_bytes = (shipped_icons_dir() / "lorc" / "shiny-apple.svg").stat().st_size
    per_card = (len(large.pdf) - len(small.pdf)) / 90
    # measured: 178 bytes per card (two strings, a background, a form reference) against the icon's
    # 1,323-byte path: with the path drawn per card the growth would exceed 1,300 bytes per card
    assert per_card < path_bytes / 4, (per_card, path_bytes)
    forms = {name for page in reader.pages for name in (page.get("/Resources", {}).get("/XObject", {}) or {})}
    assert {f for f in forms if "icon_" in f} == {"/FormXob.icon_lorc__shiny_apple"}
    placements = sum(1 for page in scan(data) for f in page.forms if f[0].endswith("icon_lorc__shiny_apple"))
    assert placements == 100


def test_a_side_many_pieces_share_is_drawn_once_and_placed_on_each():
    """A deck's common back is one form in the file, placed behind every card: a 100-card deck
    carries each back's drawing once, not a hundred times, and every card still shows its own."""
    import pikepdf

    backs = {
        name: (
            Icon(ref="lorc/lift", cx=31.75, cy=50, size=30, color="#f3e9d2"),
            Text(text=f"Back {name}", x=2, y=10, w=59.5, h=8, size=10, color="#f3e9d2"),
        )
        for name in "AB"
    }
    pieces = [
        Piece(
            kind="card",
            name=p.name,
            face=p.face,
            back=backs["AB"[i % 2]],
            back_name="AB"[i % 2],
            background=p.background,
            back_background=p.back_background,
        )
        for i, p in enumerate(deck(100))
    ]
    doc, data, _ = render([PieceGroup(title="Cards", pieces=pieces, width=63.5, height=88.9)])
    pages = scan(data)
    for item in (item for item in doc.placed if item.side == "back"):
        left, bottom = item.box.x * MM, item.box.y * MM
        inside = [
            t
            for t, (x0, y0, x1, y1) in pages[item.page - 1].boxes
            if left <= x0 and x1 <= left + item.box.w * MM and bottom <= y0 and y1 <= bottom + item.box.h * MM
        ]
        assert inside == [f"Back {'AB'[int(item.name.split()[1]) % 2]}"], (item.name, inside)  # its own, in place
    placed = sum(1 for page in scan(data, text=False) for f in page.forms if f[0].endswith("icon_lorc__lift"))
    assert placed == 100  # each back's icon, drawn through its side's form
    with pikepdf.open(io.BytesIO(data)) as pdf:
        drawn = sum(
            obj.read_bytes().count(b"icon_lorc__lift Do") for obj in pdf.objects if isinstance(obj, pikepdf.Stream)
        )
    assert drawn == 2  # once in each back's form; the pages only place the forms


def test_what_many_faces_share_is_drawn_once_and_placed_on_each_in_its_place():
    """A frame or a type's line that card after card shares (the same element, as a template
    composes it) is one form in the file, placed on each card where the card has it; each card's
    own text is drawn on the card itself."""
    import pikepdf

    from pnp.render.painter import color_code, rl_color

    colours = {"A": "#336699", "B": "#993366"}
    frames = {t: Box(x=2, y=2, w=59.5, h=84.9, stroke=c, width=1) for t, c in colours.items()}
    kinds = {t: Text(text=f"Type {t}", x=2, y=70, w=59.5, h=8, size=10) for t in colours}
    pieces = [
        Piece(
            kind="card",
            name=f"c{i}",
            background="#fbe9e7",
            face=(kinds[t], Text(text=f"Own {i:03d}", x=2, y=40, w=59.5, h=8, size=10), frames[t]),
        )
        for i, t in ((i, "AB"[i % 2]) for i in range(100))
    ]
    twice = [*pieces[:40], *pieces[:40]]  # each design printed twice, still too few for a form
    _, again, _ = render([PieceGroup(title="Cards", pieces=twice, width=63.5, height=88.9)])
    text = " ".join(page.text() for page in scan(again))
    assert all(text.count(f"Own {i:03d}") == 2 for i in range(40)), text[:300]
    doc, data, _ = render([PieceGroup(title="Cards", pieces=pieces, width=63.5, height=88.9)])
    pages = scan(data)
    text = " ".join(page.text() for page in pages)
    assert (text.count("Type A"), text.count("Type B")) == (50, 50)
    assert all(text.count(f"Own {i:03d}") == 1 for i in range(100))
    rgb = {t: tuple(round(int(c[i : i + 2], 16) / 255, 3) for i in (1, 3, 5)) for t, c in colours.items()}
    for item in doc.placed:
        t = "AB"[int(item.name[1:]) % 2]
        page = pages[item.page - 1]
        assert [
            r
            for r in page.rects
            if r[4] == rgb[t] and near(r[0], (item.box.x + 2) * MM, 0.05) and near(r[1], (item.box.y + 2) * MM, 0.05)
        ], (item.name, t)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        streams = [obj.read_bytes() for obj in pdf.objects if isinstance(obj, pikepdf.Stream)]
    for t in colours:
        operator = color_code(rl_color(colours[t]), stroke=True).encode()  # as the painter writes it
        assert sum(stream.count(operator) for stream in streams) == 1, t  # the frame's form alone


def test_a_side_kept_from_an_earlier_document_is_split_where_this_document_shares():
    """A side's runs of shared elements are kept from the document before (`sharing._shared_runs`)
    only while the elements on more than one side are the same: forty sides drawing a frame, their
    own text and a band share the frame and the band, until their own texts are drawn elsewhere
    too and each side is one run of its own."""
    from pnp.render.sharing import shared_drawing

    frame, band = Box(x=1, y=1, w=60, h=80, stroke="#000000", width=1), Box(x=1, y=1, w=60, h=9, fill="#336699")
    own = [Text(text=f"Own {i}", x=2, y=40, w=59, h=8, size=10) for i in range(40)]
    sides = [Piece(kind="card", name=f"c{i}", face=(frame, own[i], band)) for i in range(40)]

    memory = BuildMemory()  # one for the three documents: the runs kept from one to the next

    def runs(pieces: list[Piece]) -> set[tuple[int, ...]]:
        return set(shared_drawing([PieceGroup(title="Cards", pieces=pieces, width=63.5, height=88.9)], memory).runs)

    assert runs(sides) == {(id(frame),), (id(band),)}
    elsewhere = [Piece(kind="card", name=f"d{i}", face=(own[i],)) for i in range(40)]
    assert runs([*sides, *elsewhere]) == set()
    assert runs(sides) == {(id(frame),), (id(band),)}


def test_sheets_planned_again_keep_their_own_pages_when_their_pieces_are_alike():
    """A sheet whose pieces an earlier plan had keeps its pages (`sheetkeep`): sheets of the very
    same piece are each their own page still, numbered in turn, and a piece changed on the third
    sheet changes that sheet's pages alone."""
    from pnp.render.pieces import plan_pieces

    options = RenderOptions(paper=Size.paper("a4"))
    token = Piece(kind="token", name="Power", face=(Box(x=1, y=1, w=20, h=20, fill="#336699"),))
    pieces = [token] * 300
    memory = BuildMemory()  # the plans one after another, as `pnp watch` plans at each save

    def plan(group: list[Piece]) -> list[PagePlan]:
        return plan_pieces([PieceGroup(title="Power tokens", pieces=group, width=22, height=22)], options, memory)

    first, again = plan(pieces), plan(pieces)
    labels = [page.label for page in again]
    assert len(labels) > 1 and labels == [page.label for page in first]
    assert [re.search(r"\d+/\d+", label).group() for label in labels] == [
        f"{n}/{len(labels)}" for n in range(1, 1 + len(labels))
    ]
    assert all(kept is earlier for kept, earlier in zip(again, first, strict=True))
    per_sheet = len(first[0].owners)  # a side of each piece on the first sheet
    other = Piece(kind="token", name="Power", face=(Box(x=1, y=1, w=20, h=20, fill="#993366"),))
    changed = plan([*pieces[: 2 * per_sheet], other, *pieces[2 * per_sheet + 1 :]])
    assert [page is earlier for page, earlier in zip(changed, first, strict=True)] == [
        n != 2 for n in range(len(labels))
    ]


def test_a_short_section_beside_a_tall_one_fills_all_the_room_beside_it():
    """A round piece needs no room for crop marks, so its block can stand taller than a deck's own
    rows would; the deck beside it fills that whole height (2 columns of 9 rows of 90 x 30 mm
    tokens beside one 274 mm round piece on A4), not just as many rows as a sheet of its own holds."""
    tall = PieceGroup(
        title="Tall", pieces=[Piece(kind="token", name="tall", face=())], width=5, height=274.2, shape="round"
    )
    wide = PieceGroup(title="Wide", pieces=deck(30, w=90, h=30), width=90, height=30)
    doc, _, _ = render([tall, wide])
    first = [item.name for item in doc.placed if item.page == 1 and item.side == "face"]
    assert len(first) == 1 + 18, first


def test_metadata_and_fonts_are_embedded():
    doc, data, _ = render([PieceGroup(title="Cards", pieces=deck(2), width=63.5, height=88.9)])
    reader = PdfReader(io.BytesIO(data))
    assert reader.metadata.title == "Test Game: Test sheet"
    assert reader.metadata.author == "purgatory-pnp"
    fonts = set()
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            fonts.add(font["/BaseFont"])
            descendant = font.get("/DescendantFonts")
            descriptor = (descendant[0].get_object() if descendant else font).get("/FontDescriptor")
            assert descriptor is not None and any(k in descriptor.get_object() for k in ("/FontFile2", "/FontFile"))
    assert fonts


def test_ink_saver_has_no_large_dark_fills():
    import pypdfium2 as pdfium

    from pnp.render.elements import INK  # noqa: F401

    colour, _, _ = render([PieceGroup(title="Cards", pieces=deck(9), width=63.5, height=88.9)])
    saver, _, _ = render([PieceGroup(title="Cards", pieces=deck(9), width=63.5, height=88.9)], ink_saver=True)

    def dark_share(pdf: bytes, index: int) -> float:
        page = pdfium.PdfDocument(pdf)[index]
        image = page.render(scale=30 / 72).to_pil().convert("L")
        pixels = image.tobytes()
        return sum(1 for p in pixels if p < 90) / len(pixels)

    assert dark_share(colour.pdf, FRONTS + 1) > 0.4  # the backs are dark in colour
    assert dark_share(saver.pdf, FRONTS + 1) < 0.05
    assert dark_share(saver.pdf, FRONTS) < 0.15
    tinted = Board(
        title="Tints",
        kind="board",
        name="Board",
        width=150,
        height=150,
        elements=(
            Polygon(points=((0, 0), (150, 0), (150, 150), (0, 150)), fill="#1d1d3a"),
            Box(x=20, y=20, w=60, h=60, fill="#2b2540"),
            Circle(cx=110, cy=110, r=25, fill="#3a1d1d"),
        ),
    )
    board_colour, _, _ = render([tinted])
    board_saver, _, _ = render([tinted], ink_saver=True)
    assert dark_share(board_colour.pdf, 0) > 0.2  # polygons, boxes and circles all dark
    assert dark_share(board_saver.pdf, 0) < 0.01  # and all of them light in the ink-saver
    backed = Board(title="Ground", kind="board", name="Board", width=150, height=150, background="#1d1d3a", elements=())
    assert dark_share(render([backed])[0].pdf, 0) > 0.2  # a board's own background, dark in colour
    assert dark_share(render([backed], ink_saver=True)[0].pdf, 0) < 0.01  # and light in the ink-saver


def test_text_that_cannot_fit_fails_clearly():
    from pnp.errors import LayoutError

    long = "word " * 400
    piece = Piece(kind="card", name="wordy", face=(Text(text=long, x=2, y=2, w=40, h=10, size=9, min_size=6),))
    with pytest.raises(LayoutError, match="does not fit"):
        render([PieceGroup(title="Cards", pieces=[piece], width=63.5, height=88.9)])


def page_pixels(pdf: bytes, page: int = 0, dpi: int = 100):
    """The RGB colour at a point of a rendered page, the point given in page millimetres, y up."""
    import pypdfium2 as pdfium

    image = pdfium.PdfDocument(pdf)[page].render(scale=dpi / 72).to_pil().convert("RGB")
    px = dpi / 25.4
    return lambda x_mm, y_mm: image.getpixel((round(x_mm * px), round(image.height - y_mm * px)))


def test_fills_that_touch_the_trim_run_on_into_the_bleed():
    """A title band at the top edge and the card's background both continue past the trim, so a
    cut a little off shows colour, not a pale sliver (rendered and read as pixels)."""
    band = Piece(
        kind="card",
        name="banded",
        face=(Box(x=0, y=78.9, w=63.5, h=10, fill="#9b1d20"), Text(text="Title", x=2, y=80, w=59.5, h=8)),
        back=(Text(text="back", x=2, y=2, w=50, h=8),),
        back_name="plain",
        background="#fbe9e7",
        back_background="#2b2540",
    )
    doc, pdf, _ = render(
        [PieceGroup(title="Cards", pieces=[band] * 2, width=63.5, height=88.9)], bleed=3 * MM, margin=3 * MM
    )
    face = next(item for item in doc.placed if item.side == "face")
    at = page_pixels(pdf, face.page - 1)
    top, left = face.box.y + face.box.h, face.box.x
    middle = face.box.x + face.box.w / 2
    inside_band, outside_band = at(middle, top - 1), at(middle, top + 1.8)
    beside_band = at(left - 1.8, top - 3)
    assert inside_band == pytest.approx((155, 29, 32), abs=12)
    assert outside_band == pytest.approx(inside_band, abs=12) and beside_band == pytest.approx(inside_band, abs=12)
    inside_ground, outside_ground = at(left + 1, face.box.y + 30), at(left - 1.8, face.box.y + 30)
    assert outside_ground == pytest.approx(inside_ground, abs=12)


def test_ink_saver_runs_nothing_on_into_the_bleed():
    """In ink saver a title band prints white inside an outline of its colour, so with 3 mm bleed it
    does not run on: its outline lies on the card's trim, not out in the bleed across the border. A
    small tab at the corner (an accent, still in colour) stops at the trim too (read as pixels)."""
    band = Piece(
        kind="card",
        name="banded",
        face=(Box(x=0, y=78.9, w=63.5, h=10, fill="#9b1d20"), Box(x=0, y=0, w=10, h=5, fill="#1d3557")),
        back=(Text(text="back", x=2, y=2, w=50, h=8),),
        back_name="plain",
    )
    doc, pdf, _ = render(
        [PieceGroup(title="Cards", pieces=[band] * 2, width=63.5, height=88.9)],
        bleed=3 * MM,
        margin=3 * MM,
        ink_saver=True,
    )
    faces = [item.box for item in doc.placed if item.side == "face"]
    outlines = [r for r in scan(pdf, text=False)[0].rects if r[4] == (0.608, 0.114, 0.125) and r[2] > 60 * MM]
    assert len(outlines) == len(faces) == 2
    for x, y, w, h, _ in outlines:
        assert any(
            near(x, f.x * MM) and near(x + w, (f.x + f.w) * MM) and near(y + h, (f.y + f.h) * MM) for f in faces
        ), (x, y, w, h)
    at = page_pixels(pdf)
    assert at(faces[0].x + 1.5, faces[0].y + 2.5) == pytest.approx((29, 53, 87), abs=12)  # the tab
    assert at(faces[0].x - 1.5, faces[0].y + 2.5) == pytest.approx((255, 255, 255), abs=12)  # beside it, paper


def test_tokens_and_standees_honour_bleed():
    """With 3 mm bleed a token's colour runs on past its circle and a standee's figure past its
    strip's sides, so an off cut shows colour; beyond the bleed the paper is white."""
    token = Piece(kind="token", name="coin", face=(Circle(cx=10, cy=10, r=6, fill="#1d3557"),), background="#e63946")
    sheet = pawn_standees(KIT, PawnSet(icon="lorc/pawn", width=24, height=40, colors=["#2e8b57"], names=["Red"]), 1)
    doc, pdf, _ = render(
        [PieceGroup(title="Tokens", pieces=[token] * 3, width=20, height=20, shape="round", gap=3), sheet],
        bleed=3 * MM,
        margin=3 * MM,
    )
    at = page_pixels(pdf)
    coin = next(item for item in doc.placed if item.kind == "token")
    cx, cy = coin.box.x + 10, coin.box.y + 10
    assert at(cx + 10 + 1.5, cy) == pytest.approx((230, 57, 70), abs=12)  # inside the bleed ring
    assert at(cx + 10 + 4.5, cy) == pytest.approx((255, 255, 255), abs=3)  # past it: paper
    pawn = next(item for item in doc.placed if item.kind == "pawn")
    figure_y = pawn.box.y + standee_tab(24) + 20
    assert at(pawn.box.x - 1.5, figure_y) == pytest.approx((46, 139, 87), abs=12)


def test_card_art_stops_at_the_bleed_edge():
    """Art running off a card shows in the bleed (an off cut shows art, not paper) and stops at the
    bleed's edge, so it never spills onto the neighbouring card's margin or the crop marks."""
    card = Piece(kind="card", name="spill", face=(Circle(cx=31.75, cy=44.45, r=60, fill="#1d3557"),))
    doc, pdf, _ = render([PieceGroup(title="Cards", pieces=[card], width=63.5, height=88.9)], bleed=3 * MM)
    at = page_pixels(pdf)
    box = doc.placed[0].box
    middle = box.y + box.h / 2
    assert at(box.x - 1.5, middle) == pytest.approx((29, 53, 87), abs=12)  # in the bleed: art
    assert at(box.x - 4.5, middle) == pytest.approx((255, 255, 255), abs=3)  # past it: paper
    assert at(box.x + box.w + 4.5, middle) == pytest.approx((255, 255, 255), abs=3)


def test_tight_bands_take_a_row_more_when_that_saves_sheets():
    """Poker cards printed double-sided on Letter: with the page's bands shrunk, turned cards fit
    eight to a page, so 40 cards take 5 sheets, not 7 of six upright."""
    doc, _, _ = render([PieceGroup(title="Cards", pieces=deck(40), width=63.5, height=88.9)], paper="letter")
    assert doc.pages == 10
    assert len([item for item in doc.placed if item.side == "face" and item.page == 1]) == 8


def test_a_document_is_drawn_with_fewer_collections_and_the_callers_thresholds_are_kept(monkeypatch):
    """A large deck's objects live until its file is written: the cycle collector waits for more
    new objects while a document is drawn, and a program that calls pnp has its own thresholds back."""
    import gc

    from pnp.collector import NEW_OBJECTS
    from pnp.render import document

    during = []
    monkeypatch.setattr(document, "register_fonts", lambda: during.append(gc.get_threshold()))
    before = gc.get_threshold()
    gc.set_threshold(500, 7, 9)
    try:
        render([PieceGroup(title="Cards", pieces=deck(2), width=63.5, height=88.9)])
        after = gc.get_threshold()
        gc.set_threshold(0)  # a caller that turned collection off keeps it off
        render([PieceGroup(title="Cards", pieces=deck(2), width=63.5, height=88.9)])
    finally:
        gc.set_threshold(*before)
    assert during == [(NEW_OBJECTS, 7, 9), (0, 7, 9)] and after == (500, 7, 9)


def test_what_a_paced_block_leaves_alive_joins_the_oldest_generation():
    """A build's objects outlive its block: left in the youngest generation, they would all be
    walked at once when the usual threshold is back. A program's own frozen objects stay frozen."""
    import gc

    from pnp.collector import fewer_collections

    gc.disable()  # no collection of its own moves them meanwhile (one may run at any allocation)
    try:
        with fewer_collections():
            kept = [[] for _ in range(2000)]
        oldest = {id(item) for item in gc.get_objects(generation=2)}
    finally:
        gc.enable()
    assert all(id(item) in oldest for item in kept)
    mine = [[] for _ in range(100)]
    gc.freeze()
    try:
        with fewer_collections():
            [[] for _ in range(2000)]  # made and dropped in the block
        tracked = {id(item) for item in gc.get_objects()}  # every generation but the frozen objects
        assert not any(id(item) in tracked for item in mine)
    finally:
        gc.unfreeze()


def test_the_command_line_runs_with_fewer_collections(monkeypatch):
    """Everything a command does (reading, composing, drawing) is paced so, and Python's own
    thresholds are back when it returns."""
    import gc
    import signal

    import pnp.cli
    import pnp.collector
    from pnp.collector import NEW_OBJECTS

    during = []
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # main's Ctrl-C handling stays out of pytest
    monkeypatch.setattr(pnp.collector, "freeze_at_exit", lambda: None)  # and its exit hook too
    monkeypatch.setattr(pnp.cli, "cli", lambda **_: during.append(gc.get_threshold()[0]))
    before = gc.get_threshold()
    pnp.cli.main()
    assert during == [max(NEW_OBJECTS, before[0])] and gc.get_threshold() == before


def test_the_process_ends_without_walking_what_it_holds_again():
    """As `pnp` exits, what it still holds is set apart from the collector, so Python's last full
    collection does not walk a whole build's objects to find nothing (seen from a handler that runs
    after pnp's: handlers run in the reverse of their order)."""
    import sys

    probe = (
        "import atexit, gc, sys; atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0)); "
        "sys.argv = ['pnp', '--help']; from pnp.cli import main; main()"
    )
    ran = run_command(sys.executable, "-c", probe)
    assert ran.stdout.splitlines()[-1] == "frozen True", ran.stdout[-300:] + ran.stderr


def test_a_double_sided_file_of_an_odd_page_count_takes_the_last_sheet_too():
    """Every file pnp's own games print today has an even page count when double-sided, so a
    planted rounding slip (3 pages on 1 sheet) went through the whole suite (reliability item 17)."""
    from pnp.render.pages import sheet_count

    assert [sheet_count(pages, True) for pages in (1, 2, 3, 4, 5)] == [1, 1, 2, 2, 3]
    assert [sheet_count(pages, False) for pages in (1, 2, 3)] == [1, 2, 3]


def _mended_and_fresh(edits) -> None:
    from pnp.render.sharing import FORM_FROM, shared_drawing

    frame, band, back = (
        Box(x=1, y=1, w=60, h=80, stroke="#000000", width=1),
        Box(x=1, y=1, w=60, h=9, fill="#336699"),
        (Box(x=0, y=0, w=63, h=88, fill="#222222"),),
    )
    texts = [Text(text=f"Own {i}", x=2, y=40, w=59, h=8, size=10) for i in range(6)]

    def piece(design: int) -> Piece:  # a few designs: some share the frame and band, one a text too
        own = texts[design % len(texts)]
        face = (frame, own, band) if design % 3 else (own, frame)
        return Piece(kind="card", name=f"c{design}", face=face, back=back if design % 2 else None)

    made = {design: piece(design) for design in range(12)}
    memory = BuildMemory()  # the document's last tally, drawing after drawing
    pieces = [made[i % 4] for i in range(FORM_FROM * 4 - 2)]  # each design drawn about FORM_FROM times
    for place, design, fresh in edits:  # a piece swapped at a place: a kept design, or one made anew
        pieces = list(pieces)
        pieces[place % len(pieces)] = piece(design) if fresh else made[design]
        group = [PieceGroup(title="Cards", pieces=pieces, width=63.5, height=88.9)]
        mended, anew = shared_drawing(group, memory, ("Game", "cards.pdf")), shared_drawing(group, BuildMemory())
        assert (mended.sides, mended.elements, mended.runs) == (anew.sides, anew.elements, anew.runs), (place, design)


@given(edits=st.lists(st.tuples(st.integers(0, 200), st.integers(0, 11), st.booleans()), min_size=1, max_size=16))
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
def test_forms_found_by_mending_the_last_tally_are_those_found_anew(edits):
    """A document drawn again with a few pieces changed has its forms worked out by mending its last
    tally (`sharing._Tally.mended`): whatever pieces change, sides drawn as forms, elements on more
    than one side and runs drawn often are those a tally taken anew finds."""
    _mended_and_fresh(edits)
