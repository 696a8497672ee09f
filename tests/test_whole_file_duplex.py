"""Every PDF of every game sent whole to a duplex printer: pages pair up as (1,2), (3,4), ...
and each sheet's reverse is flipped on the edge the file names. Read back from the PDFs alone
(page labels through pdfium, page boxes through pypdf), never from the build's manifest."""

from __future__ import annotations

import io
import itertools
import math
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from conftest import EVERY_GAME
from printbuilds import OFFSET, built
from pypdf import PdfReader

from pnp.cli import cli
from pnp.files.paths import shipped_icons_dir
from pnp.games import data_folder
from pnp.pipeline.build import GameBuild, build_game
from pnp.source.gamesource import read_game
from pnp.source.icons import IconStore
from pnp.source.rules import load_rules
from pnp.source.settings import Settings

MM = 72 / 25.4
LABEL = re.compile(r"([^\n]+?) (\d+)/(\d+): (fronts|backs)")
CASES = [
    *((*case, "none") for case in itertools.product(["a4", "letter"], ["0", "3mm"], ["long", "short"])),
    ("a4", "3mm", "long", "silhouette"),  # a cutting machine's sheets keep inside its marks: the backs follow
]


# sheets of paper each of pnp's own games takes, default options (the paper aside), counted from the
# pages each file has and whether it prints double-sided: what this project has reached, so a change
# that costs paper shows. A game not listed is held to its own print guide only.
SHEETS_REACHED = {
    "a4": {"exit-from-purgatory": 11, "particle-panic": 6, "punished": 7, "seven-steps": 2, "straight-to": 17},
    "letter": {"exit-from-purgatory": 12, "particle-panic": 6, "punished": 8, "seven-steps": 2, "straight-to": 19},
    "a3": {"exit-from-purgatory": 7, "particle-panic": 4, "punished": 6, "seven-steps": 2, "straight-to": 11},
    "tabloid": {"exit-from-purgatory": 7, "particle-panic": 4, "punished": 6, "seven-steps": 2, "straight-to": 11},
}


def page_labels(pdf: bytes) -> list[tuple[str, str] | None]:
    """(sheet, side) per page from the header text, None for pages that are neither."""
    out: list[tuple[str, str] | None] = []
    document = pdfium.PdfDocument(io.BytesIO(pdf))
    for page in document:
        text = re.sub(r"page \d+ / \d+", "\n", page.get_textpage().get_text_range())
        found = LABEL.search(text)
        out.append((f"{found[1]} {found[2]}/{found[3]}", found[4]) if found else None)
    document.close()
    return out


def print_duplex(pdf: bytes, duplex: str, offset: tuple[float, float], label: str) -> int:
    """Check the whole file as a printer pairs its pages; returns how many fronts had backs."""
    labels = page_labels(pdf)
    trims = [[float(v) for v in page.trimbox] for page in PdfReader(io.BytesIO(pdf)).pages]
    width, height = (float(v) for v in PdfReader(io.BytesIO(pdf)).pages[0].mediabox[2:])
    paired = 0
    for number, side in enumerate(labels, start=1):
        if side is None:
            continue
        name, kind = side
        partner = number + 1 if number % 2 else number - 1  # the other side of this sheet
        other = labels[partner - 1] if partner <= len(labels) else None
        if kind == "backs":
            assert number % 2 == 0, f"{label}: backs on page {number} print on the front of a sheet"
            assert other == (name, "fronts"), f"{label}: page {number} ({name} backs) is behind {other}"
            front, back = trims[partner - 1], trims[number - 1]
            if duplex == "long":  # the sheet turns over its long (vertical) edge: x mirrors
                expected = [width - front[2], front[1], width - front[0], front[3]]
            else:  # over its short edge: y mirrors
                expected = [front[0], height - front[3], front[2], height - front[1]]
            dx, dy = offset[0] * MM, offset[1] * MM
            expected = [expected[0] + dx, expected[1] + dy, expected[2] + dx, expected[3] + dy]
            assert back == pytest.approx(expected, abs=0.2 * MM), f"{label}: page {number}"
            paired += 1
        else:  # a page headed "fronts" has its backs behind it; one without says so
            assert number % 2 == 1 and other == (name, "backs"), (
                f"{label}: fronts on page {number} ({name}) back onto {other}"
            )
    return paired


def print_named_edge(pdf: bytes, duplex: str, offset: tuple[float, float], guide: bool, label: str) -> int:
    """print_duplex, and the pages (and the print guide, in the file that holds it) name the edge
    the file is made for, and only that one."""
    paired = print_duplex(pdf, duplex, offset, label)
    text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(pdf))
    other = "short" if duplex == "long" else "long"
    if ": backs" in text or (guide and "flip on" in text):
        assert f"flip on {duplex} edge" in text and f"flip on {other} edge" not in text, label
    return paired


@pytest.mark.parametrize("paper, bleed, duplex, cutter", CASES, ids=["-".join(case) for case in CASES])
def test_whole_files_print_duplex_with_every_back_behind_its_front(paper, bleed, duplex, cutter):
    offset = OFFSET if paper == "a4" else (0.0, 0.0)
    paired = 0
    for game, result in built(paper, bleed, duplex, cutter=cutter).items():
        for doc in result.documents:
            label = f"{game}/{doc.filename} {paper} bleed={bleed} {duplex}"
            paired += print_named_edge(doc.pdf, duplex, offset, doc.filename == "rules.pdf", label)
    assert paired >= 20  # Exit's cards and tokens, the Souls, Destiny cards, Punished's tiers


def one_sided_mark(layouts: Path) -> Path:
    """The data-only test game with one more token, printed on one side only: it shares the last
    sheet of cards.pdf with the two-sided Spark tokens."""
    game = layouts / "marked-walk"
    shutil.copytree(Path(__file__).parent / "data" / "layouts" / "lantern-walk", game)
    with (game / "game.toml").open("a", encoding="utf-8") as toml:
        toml.write('\n[[tokens]]\nid = "mark"\nname = "Mark token"\ndiameter = 20\n')
        toml.write('front = { icon = "lorc/sun", color = "#9a5c00", background = "#fff4dc" }\n')
    with (game / "rules.toml").open("a", encoding="utf-8") as toml:
        toml.write('\n[components.mark]\nkind = "token"\nlabel = "Mark token"\nfixed = 3\n')
    return layouts


def test_a_one_sided_piece_beside_two_sided_ones_keeps_every_back_behind_its_front(tmp_path):
    """A back page's trim and bleed boxes are its front's turned over, whatever of the sheet has
    no back: the whole file through the duplex check, in every mode."""
    layouts = one_sided_mark(tmp_path / "layouts")
    for paper, bleed, duplex, cutter in CASES:
        out = tmp_path / "-".join((paper, bleed, duplex, cutter))
        offset = ",".join(map(str, OFFSET)) if paper == "a4" else "0,0"
        options = ["--paper", paper, "--bleed", bleed, "--duplex", duplex, "--cutter", cutter, "--back-offset", offset]
        result = CliRunner().invoke(
            cli, ["build", "marked-walk", "--layouts", str(layouts), "-o", str(out), *options], catch_exceptions=False
        )
        assert result.exit_code == 0, result.output
        pdf = (out / "marked-walk" / "cards.pdf").read_bytes()
        label = f"cards.pdf {paper} bleed={bleed} {duplex} {cutter}"
        texts = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf)]
        assert any("Mark" in text and ": fronts" in text for text in texts), label  # beside two-sided pieces
        offset_mm = OFFSET if paper == "a4" else (0.0, 0.0)
        assert print_named_edge(pdf, duplex, offset_mm, False, label) >= 2, label


def test_every_file_with_backs_opens_on_its_first_fronts():
    """No cover and no blank page: page 1 of a file with backs is a page of fronts, page 2 its backs."""
    checked = 0
    for game, result in built("a4").items():
        for doc in result.documents:
            labels = page_labels(doc.pdf)
            if any(label and label[1] == "backs" for label in labels):
                assert labels[0] and labels[0][1] == "fronts" and labels[1] == (labels[0][0], "backs"), (
                    game,
                    doc.filename,
                )
                checked += 1
    assert checked >= 3  # Exit's cards and tokens, the Soul and Destiny cards, Punished's tiers


GUIDE_FILE = re.compile(r"([a-z0-9-]+\.pdf): (\d+) pages?, (\d+) sheets?\s*Print (double|single)-sided")
GUIDE_TOTAL = re.compile(r"(\d+) files, (\d+) pages on (\d+) sheets")


def test_the_default_build_prints_on_few_sheets_and_says_so(run, isolated):
    """The default A4 build of every game, counted from the PDFs with a double-sided sheet once: each
    of pnp's own games within the sheets reached (SHEETS_REACHED), rules and print guide included; each game's
    print guide gives its files' pages and sheets, and `pnp build` prints the total."""
    result = run("build")
    assert result.exit_code == 0, result.output
    out = isolated / "output"
    pieces = total = pages_total = own_pages = own_sheets = 0
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    for game in sorted(EVERY_GAME):
        guide_pdf = pdfium.PdfDocument(str(out / game / "rules.pdf"))
        guide = " ".join(page.get_textpage().get_text_range() for page in guide_pdf).replace("\r\n", " ")
        listed = {name: (int(pages), int(sheets), how) for name, pages, sheets, how in GUIDE_FILE.findall(guide)}
        files = sorted(path.name for path in (out / game).glob("*.pdf"))
        assert sorted(listed) == files, game
        game_sheets = 0
        for name in files:
            pdf = (out / game / name).read_bytes()
            pages = len(PdfReader(io.BytesIO(pdf)).pages)
            has_backs = any(label and label[1] == "backs" for label in page_labels(pdf))
            two_sided = listed[name][2] == "double"
            assert not has_backs or two_sided, f"{game}/{name} has backs but the guide says single-sided"
            sheets = (pages + 1) // 2 if two_sided else pages
            assert listed[name][:2] == (pages, sheets), f"{game}/{name}: the guide says {listed[name]}"
            game_sheets += sheets
            pages_total += pages
            if name != "rules.pdf":
                pieces += sheets
        assert GUIDE_TOTAL.search(guide).groups() == (
            str(len(files)),
            str(sum(v[0] for v in listed.values())),
            str(game_sheets),
        ), game
        assert (
            f"{game}: {len(files)} PDFs, {sum(v[0] for v in listed.values())} pages on {game_sheets} sheets"
            in result.output
        )
        assert game_sheets <= SHEETS_REACHED["a4"].get(game, game_sheets), (game, game_sheets)
        total += game_sheets
        if f"| {load_rules(read_game(game, data_folder(game, None))).game.title} |" in readme:
            own_pages, own_sheets = own_pages + sum(v[0] for v in listed.values()), own_sheets + game_sheets
    assert f"all {len(EVERY_GAME)} games: {pages_total} pages on {total} sheets of paper" in result.output
    # and the README says so of the games its table lists
    assert f"the default A4 build of all five games: {own_pages} pages on {own_sheets} sheets" in readme
    print(f"default A4 build: {pages_total} pages, {total} sheets ({pieces} carrying pieces)")


@pytest.mark.parametrize("paper", sorted(set(SHEETS_REACHED) - {"a4"}))
def test_every_paper_prints_each_game_on_as_few_sheets_as_reached(paper):
    for game, result in built(paper).items():
        sheets = 0
        for doc in result.documents:
            pages = len(PdfReader(io.BytesIO(doc.pdf)).pages)
            assert doc.sheets == ((pages + 1) // 2 if doc.double_sided else pages), (game, doc.filename)
            sheets += doc.sheets
        print(f"{paper}: {game}: {sheets} sheets")
        assert sheets <= SHEETS_REACHED[paper].get(game, sheets), (paper, game)


FOLD_CASES = list(itertools.product(["a4", "letter"], ["0", "3mm"]))


@pytest.mark.parametrize("paper, bleed", FOLD_CASES, ids=["-".join(case) for case in FOLD_CASES])
def test_gutterfold_puts_each_back_beside_its_front_across_the_fold(paper, bleed):
    """--duplex fold: no duplex printer; every sheet holds fronts on the left and their backs on the
    right, mirrored across the centre line, so folding it puts each back behind its front."""
    from pdfscan import scan

    folded = 0
    for game, result in built(paper, bleed, "fold").items():
        for doc in result.documents:
            labels = page_labels(doc.pdf)
            assert not any(label and label[1] == "backs" for label in labels), (game, doc.filename)
            readers = PdfReader(io.BytesIO(doc.pdf)).pages
            pages = None
            for number, page in enumerate(readers):
                text = pdfium.PdfDocument(io.BytesIO(doc.pdf))[number].get_textpage().get_text_range()
                if "fronts and backs (fold)" not in text:
                    continue
                width = float(page.mediabox[2])
                left, _, right, _ = (float(v) for v in page.trimbox)
                assert left + right == pytest.approx(width, abs=0.2 * MM), (game, doc.filename, number)
                pages = pages or scan(doc.pdf)
                folds = [
                    ln
                    for ln in pages[number].lines
                    if abs(ln[0][0] - width / 2) < 0.01
                    and abs(ln[1][0] - width / 2) < 0.01
                    and abs(ln[1][1] - ln[0][1]) > 100 * MM
                ]
                assert folds, (game, doc.filename, number)
                assert left < width / 2 - 5 * MM and right > width / 2 + 5 * MM  # pieces on both halves
                folded += 1
    assert folded >= 10


def _reading(textpage, box) -> int | None:
    """The direction (degrees, counter-clockwise from the page's x axis) most characters inside `box`
    (mm) read in, or None when the box holds no text."""
    import pypdfium2.raw as pdfium_c

    angles = []
    for i in range(textpage.count_chars()):
        left, bottom, right, top = textpage.get_charbox(i)
        x, y = (left + right) / 2 / MM, (bottom + top) / 2 / MM
        if box.x < x < box.x + box.w and box.y < y < box.y + box.h and right > left:
            angles.append(round(math.degrees(pdfium_c.FPDFText_GetCharAngle(textpage, i)) / 90) % 4 * 90)
    return max(set(angles), key=angles.count) if angles else None


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("a4", "short"), ("letter", "long"), ("letter", "short")])
def test_every_back_reads_upright_when_its_piece_is_turned_over(paper, duplex):
    """A cut piece is turned over left to right, like a book's page, whichever edge the sheet was
    flipped on. Its right-hand direction then reverses, and the printer's flip mirrors the back page
    (across its vertical axis on a long-edge flip, its horizontal one on a short-edge flip), so the
    back's text must read along flip(-front's reading direction) on the back page."""
    checked = 0
    for game, result in built(paper, "0", duplex).items():
        pages = {doc.filename: pdfium.PdfDocument(io.BytesIO(doc.pdf)) for doc in result.documents}
        placed = result.manifest.placed
        faces = {(p.document, p.page, p.kind, p.name): p for p in placed if p.side == "face"}
        for back in (p for p in placed if p.side == "back"):
            face = faces.get((back.document, back.page - 1, back.kind, back.name))
            if face is None:
                continue
            document = pages[back.document]
            front_reads = _reading(document[face.page - 1].get_textpage(), face.box)
            back_reads = _reading(document[back.page - 1].get_textpage(), back.box)
            if front_reads is None or back_reads is None:
                continue  # a side without text (an icon token)
            dx, dy = math.cos(math.radians(front_reads + 180)), math.sin(math.radians(front_reads + 180))
            dx, dy = (-dx, dy) if duplex == "long" else (dx, -dy)
            expected = round(math.degrees(math.atan2(dy, dx)) / 90) % 4 * 90
            assert back_reads == expected, (
                f"{game}/{back.document} p{back.page} {back.kind} {back.name!r}: "
                f"the face reads at {front_reads}°, the back at {back_reads}°, "
                f"upright would be {expected}°"
            )
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize("duplex", ["fold", "off"])
def test_folded_and_glued_files_are_described_as_they_are_made(duplex):
    """--duplex fold and off need no duplex printer: the print guide names every file with backs by
    how it is made (folded on the centre line, or back sheets glued behind), never 'double-sided'
    and never plain 'single-sided'; a printer's back offset does not move backs nothing flips."""
    from pnp.source.printoptions import DuplexMode

    store = IconStore(shipped_icons_dir())
    how = " ".join(DuplexMode(duplex).wording.how.split())
    for game in ("exit-from-purgatory", "straight-to"):
        result = build_game(game, Settings(paper="a4", duplex=duplex, back_offset="2,-1"), store)
        rules = next(doc for doc in result.documents if doc.filename == "rules.pdf")
        guide = " ".join(
            " ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(io.BytesIO(rules.pdf))
        )
        with_backs = {p.document for p in result.manifest.placed if p.side == "back"}
        assert with_backs, game
        for name in with_backs:
            said = re.search(rf"{re.escape(name)}: \d+ pages?, \d+ sheets? Print (.+?)\.", guide)
            assert said and said[1].startswith(how.split(";")[0]) and how in guide, (game, name, said)
        assert "print double-sided" not in guide.lower().replace("print double-sided (either edge)", ""), game
        if duplex == "off":
            width = Settings(paper="a4").paper.width / MM
            faces = sorted(
                (round(width - p.box.x - p.box.w, 1), round(p.box.y, 1))
                for p in result.manifest.placed
                if p.side == "face" and p.document in with_backs and p.back
            )
            backs = sorted((round(p.box.x, 1), round(p.box.y, 1)) for p in result.manifest.placed if p.side == "back")
            assert set(backs) <= set(faces), f"{game}: glued backs moved by the back offset"


MARK_CASES = [
    *((*case, "none") for case in itertools.product(["a4", "letter"], ["0", "3mm"], ["long", "short", "off", "fold"])),
    ("a4", "3mm", "long", "silhouette"),  # the build the duplex check reads (print and cut tests Letter)
]


@pytest.mark.parametrize("paper, bleed, duplex, cutter", MARK_CASES, ids=["-".join(case) for case in MARK_CASES])
def test_every_cut_line_is_marked_at_both_ends_outside_the_bleed(paper, bleed, duplex, cutter):
    """Every straight cut line of every page of pieces, fronts and backs, has a crop mark at both
    ends, outside the bleed and inside the printable area; no grey hairline runs through art."""
    from cutlines import unmarked_cut_ends

    margin = 3 if bleed != "0" else 5
    results = built(paper, bleed, duplex, cutter=cutter)
    problems, checked = [], 0
    for game, result in results.items():
        for doc in result.documents:
            placed = [p for p in result.manifest.placed if p.document == doc.filename]
            checked += sum(p.shape == "rect" for p in placed)
            problems += unmarked_cut_ends(doc.pdf, placed, float(bleed.rstrip("m")), margin, f"{game}/{doc.filename}")
    assert checked >= 100
    assert not problems, f"{len(problems)} unmarked: " + "; ".join(problems[:8])


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("letter", "short"), ("a4", "off"), ("letter", "fold")])
def test_each_file_sets_the_print_dialog_up_as_its_guide_says(paper, duplex):
    """Read back with pikepdf: every file asks the viewer's print dialog for actual size
    (/PrintScaling /None), and for the flip edge of the build where the print guide (the rules
    sheet's side 2, as printed) says to print it double-sided; one-sided otherwise, and always
    without a duplex printer (off, fold)."""
    import io
    import re

    import pikepdf
    import pypdfium2 as pdfium

    edge = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}
    checked = 0
    for game, result in built(paper, duplex=duplex).items():
        rules = next(doc for doc in result.documents if doc.filename == "rules.pdf")
        guide = " ".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(rules.pdf))
        guide = " ".join(guide.split())
        for doc in result.documents:
            said = re.search(re.escape(doc.filename) + r": \d+ pages?, \d+ sheets? Print (single|double)-sided", guide)
            assert said, (game, doc.filename)
            with pikepdf.open(io.BytesIO(doc.pdf)) as pdf:
                prefs = pdf.Root.ViewerPreferences
                assert prefs.PrintScaling == pikepdf.Name("/None"), (game, doc.filename)
                wanted = edge[duplex] if duplex in edge and said.group(1) == "double" else "/Simplex"
                assert prefs.Duplex == pikepdf.Name(wanted), (game, doc.filename, str(prefs.Duplex))
                assert pdf.pdf_version == "1.7"
            checked += 1
    assert checked >= 18


def _texts(game: str, **settings: str) -> tuple[GameBuild, dict[str, str]]:
    """A game built in memory, and each of its files' text, pages joined, spaces made single."""
    result = build_game(game, Settings(**settings), IconStore(shipped_icons_dir()))
    return result, {
        doc.filename: " ".join(
            " ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(io.BytesIO(doc.pdf))
        )
        for doc in result.documents
    }


@pytest.mark.parametrize("duplex, edge", [("long", "long"), ("short", "short")])
def test_the_print_guide_names_the_edge_the_pages_flip_on(duplex, edge):
    """The print guide's line for a file with backs names the same flip edge as that file's
    pages of backs, and the one asked for (reliability item 17: a planted swap went uncaught)."""
    _, text = _texts("exit-from-purgatory", paper="a4", duplex=duplex)
    said = re.search(r"cards\.pdf: \d+ pages?, \d+ sheets? Print (.+?)\.", text["rules.pdf"])
    assert said and said[1] == f"double-sided, flip on {edge} edge", said
    assert f"backs (flip on {edge} edge)" in text["cards.pdf"]


@pytest.mark.parametrize("duplex", ["off", "fold"])
def test_without_a_duplex_printer_the_rules_sheet_prints_one_side_a_sheet(duplex):
    """Print round four: in off and fold a player has no duplex printer, so the guide never asks
    for the rules sheet double-sided, counts its two pages as two sheets, and the PDF asks the
    print dialog for one side."""
    import pikepdf

    result, text = _texts("straight-to", paper="a4", duplex=duplex)
    rules, guide = next(doc for doc in result.documents if doc.filename == "rules.pdf"), text["rules.pdf"]
    assert "rules.pdf: 2 pages, 2 sheets Print single-sided." in guide
    assert "double-sided (either edge)" not in guide
    with pikepdf.open(io.BytesIO(rules.pdf)) as pdf:
        assert pdf.Root.ViewerPreferences.Duplex == "/Simplex"
    (record,) = [doc for doc in result.manifest.documents if doc.file == "rules.pdf"]
    assert (record.pages, record.sheets, record.duplex) == (2, 2, "single")  # the gallery's count too


@pytest.mark.parametrize("game, said", [("seven-steps", False), ("exit-from-purgatory", True)])
def test_the_bleed_note_only_where_pieces_bleed(game, said):
    """Print round four: Seven Steps prints nothing to cut, so its guide no longer says its
    pieces carry bleed to cut on the crop marks."""
    guide = _texts(game, paper="a4", bleed="3mm")[1]["rules.pdf"]
    assert ("Pieces carry 3.00 mm of bleed: cut on the crop marks." in guide) == said


@pytest.mark.parametrize(
    "paper, said", [("a4", "A4"), ("letter", "Letter"), ("tabloid", "Tabloid"), ("200x280", "200x280")]
)
def test_the_print_guide_names_the_paper_as_it_is_written(paper, said):
    """Print round four: "sheets of LETTER paper" read as shouting; the guide writes A4 and A3,
    Letter and Tabloid, and a size as it was given."""
    from pnp.pipeline.printguide import paper_words

    assert paper_words(paper) == said
    if paper == "letter":
        guide = _texts("seven-steps", paper=paper)[1]["rules.pdf"]
        assert "sheets of Letter paper." in guide and "LETTER" not in guide


def test_the_exit_guide_names_the_card_back_not_its_icons_file():
    """Print round four: "each with the lift back behind it" named the back by its icon's file."""
    guide = _texts("exit-from-purgatory", paper="a4")[1]["rules.pdf"]
    assert 'each with the common back ("Exit from Purgatory") behind it.' in guide and "lift back" not in guide


@pytest.mark.parametrize("paper", ["a3", "a4"])
def test_the_rules_sheet_points_to_its_guide_where_it_is_printed(paper):
    """Print round four: on A3 the rules sheet's two parts print side by side on one side of the
    paper, so "the print guide is on side 2" was wrong there; the pointer names the part the
    header names (Rules reference 2/2), which holds the guide on every paper."""
    text = _texts("seven-steps", paper=paper)[1]["rules.pdf"]
    assert "the print guide is in part 2 of this rules reference (2/2)." in text and "side 2" not in text
    assert "Rules reference 2/2" in text and "Print guide" in text
