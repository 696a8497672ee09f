"""The print guide: which files a game prints, how, on how many sheets, and what to cut and fold.

It is set on the back of the game's rules sheet, so the instructions cost no paper of their own
and nothing lands behind a cover: every piece file starts with its first page of fronts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from pnp.games.reference import FILENAME as REFERENCE_PDF
from pnp.games.reference import TITLE as REFERENCE_TITLE
from pnp.geometry import MM
from pnp.render.columns import Block
from pnp.render.pages import PagePlan, RenderOptions, has_backs, printed_two_sided, sheet_count
from pnp.render.specs import DocumentSpec
from pnp.source.icons import credits_lines, game_icons
from pnp.source.printoptions import BOTH_SIDES, MARK_ARM_MM, MARK_INSET_MM, MARK_STROKE_MM, ONE_SIDE, Cutter

CUT_IN_TWO = ", then cut each page of two halves apart on its dashed centre line"


@dataclass(frozen=True, kw_only=True)
class FilePrint:
    """One file as the guide lists it."""

    filename: str
    title: str
    pages: int
    sheets: int
    how: str
    contents: tuple[str, ...]
    icons: frozenset[str]
    flips: bool = False  # backs imposed for a duplex printer's flip: a printer's drift shows
    bleeds: bool = False  # pieces printed past their trim, cut on the crop marks
    marked: tuple[int, ...] = ()  # the pages a cutting machine cuts, each with its cut files
    backs: bool = False  # pieces with a back printed behind them
    boards: tuple[tuple[str, tuple[str, ...]], ...] = ()  # each board's title and its tiles (none: whole)


def file_print(spec: DocumentSpec, body: list[PagePlan], options: RenderOptions) -> FilePrint:
    """Pages and sheets of `spec` as it will render: the pages the renderer draws."""
    two_sided = printed_two_sided(spec.both_sides, body, options.duplex)
    boards = dict.fromkeys(page.board for page in body if page.board)
    how = options.duplex.wording.how if has_backs(body) else BOTH_SIDES if two_sided else ONE_SIDE
    if any(page.halved for page in body):
        how += CUT_IN_TWO
    return FilePrint(
        filename=spec.filename,
        title=spec.title,
        pages=len(body),
        sheets=sheet_count(len(body), two_sided),
        how=how,
        flips=any(page.backs for page in body) and options.duplex.flips,
        bleeds=any(page.bleed is not None for page in body),
        marked=tuple(number for number, page in enumerate(body, start=1) if page.cuts is not None),
        backs=has_backs(body),
        boards=tuple((title, tuple(p.tile for p in body if p.board == title and p.tile)) for title in boards),
        contents=tuple(spec.cover.contents if spec.cover else ()),
        icons=frozenset().union(*(page.icons for page in body)),
    )


def rules_print(options: RenderOptions) -> FilePrint:
    """The rules sheet as the guide lists it, before it is laid out (it holds the guide): its two
    sides back to back, or side by side on paper that holds two pages; without a duplex printer
    (backs glued or folded) its two pages on two sheets."""
    halved = options.half_page() is not None
    duplex = options.duplex.flips
    return FilePrint(
        filename=REFERENCE_PDF,
        title=REFERENCE_TITLE,
        pages=1 if halved else 2,
        sheets=1 if halved or duplex else 2,
        how=ONE_SIDE + CUT_IN_TWO if halved else BOTH_SIDES if duplex else ONE_SIDE,
        contents=("The rules in short, and this guide.",),
        icons=frozenset(),
    )


def print_line(f: FilePrint, options: RenderOptions) -> str:
    """How to print `f`, in a line, from the facts the guide sets out: its pages and sheets, one
    side or two (the flip edge, the fold), and what to cut; the guide on the rules sheet's back
    says the rest."""
    said = [
        f"{f.pages} page{'s' * (f.pages != 1)} on {f.sheets} sheet{'s' * (f.sheets != 1)} of "
        f"{paper_words(options.paper.name)}, print {f.how}"
    ]
    if options.bleed and f.bleeds:
        said.append("Cut on the crop marks")
    said += [f"{title}: {len(tiles)} tiles to cut and join" for title, tiles in f.boards if tiles]
    if options.cutter is not Cutter.NONE and f.marked:
        said.append(f"{_pages(f.marked).capitalize()} cut by machine")
    return ". ".join(said)


def paper_words(name: str) -> str:
    """A paper's name as it is written: A4 and A3, Letter and Tabloid, a size as given."""
    return name.upper() if re.fullmatch(r"[ab]\d", name) else name.capitalize() if name.isalpha() else name


def sheet_total(files: list[FilePrint]) -> tuple[int, int]:
    return sum(f.pages for f in files), sum(f.sheets for f in files)


def guide_blocks(
    specs: list[DocumentSpec],
    files: list[FilePrint],
    options: RenderOptions,
    *,
    credits: list[str],
    own: Sequence[str] = (),
) -> list[Block]:
    """Headings and paragraphs for text_column, in reading order; `credits`: the game's author and
    copyright, as its rule document gives them."""
    pages, sheets = sheet_total(files)
    blocks: list[Block] = [
        (
            "note",
            f"{len(files)} files, {pages} pages on {sheets} sheets of {paper_words(options.paper.name)} paper. "
            "Print at 100% / actual size, never 'fit to page': the 50 mm bar at each page's foot checks it.",
        )
    ]
    for f in files:
        blocks.append(
            ("heading", f"{f.filename}: {f.pages} page{'s' * (f.pages != 1)}, {f.sheets} sheet{'s' * (f.sheets != 1)}")
        )
        blocks.append(("item", f"Print {f.how}. " + " ".join(f.contents)))
    if any(f.flips for f in files):
        blocks.append(
            (
                "note",
                f"Backs drifting? Run pnp calibrate for {paper_words(options.paper.name)} paper, "
                f"{options.duplex.wording.edge}, and print its sheet double-sided: it measures your printer's "
                "shift. Then make the files again with that back offset.",
            )
        )
    if options.bleed and any(f.bleeds for f in files):
        blocks.append(("note", f"Pieces carry {options.bleed / MM:.2f} mm of bleed: cut on the crop marks."))
    blocks += machine_cutting(files, options)
    assembly = [line for f in files for line in board_steps(f, options)]
    assembly += dict.fromkeys(line for spec in specs if spec.cover for line in spec.cover.assembly)
    bring = list(dict.fromkeys(line for spec in specs if spec.cover for line in spec.cover.bring + spec.cover.notes))
    if assembly:
        blocks += [("heading", "Cut and fold"), *(("item", line) for line in assembly)]
    if bring:
        blocks += [("heading", "You also need"), *(("item", line) for line in bring)]
    icons = sorted(set().union(*(f.icons for f in files)))
    artwork = [*credits_lines(game_icons(icons)), "Text set in DejaVu Sans (Bitstream Vera licence).", *own]
    if credits:
        blocks += [("heading", "The game"), *(("note", line) for line in credits)]
    blocks += [("heading", "Artwork credits"), *(("note", line) for line in artwork)]
    return blocks


def board_steps(f: FilePrint, options: RenderOptions) -> list[str]:
    """How to cut and join each board of `f`, from the tiles it was printed on."""
    cut = "crop marks" if options.bleed else "outline"
    out = []
    for title, tiles in f.boards:
        if not tiles:
            out.append(f"{title}: one sheet; cut it out on its {cut}.")
            continue
        rows = sorted({int(t[1:]) for t in tiles})
        across = [sorted(t for t in tiles if int(t[1:]) == r) for r in rows]
        steps = [f"{a} onto {b}'s grey strip" for row in across for a, b in pairwise(row)]
        if len(rows) > 1:
            steps.append("each lower row onto the grey strips at the foot of the row above")
        out.append(
            f"{title}: {len(tiles)} tiles, {len(across[0])} across and {len(rows)} down. Cut each on its {cut}, "
            f"dashed lines included; lay {_joined(steps)}. The crosshairs on a seam close into circles when "
            "the tiles line up: glue or tape them there."
        )
    return out


def _joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def machine_cutting(files: list[FilePrint], options: RenderOptions) -> list[Block]:
    """How to cut the marked pages by machine: Studio's marks set as printed, each page's cut file,
    and pieces with backs printed or glued before the fronts are cut."""
    marked = [f for f in files if f.marked]
    if options.cutter is Cutter.NONE or not marked:
        return []
    blocks: list[Block] = [
        ("heading", "Cut by machine (Silhouette print and cut)"),
        (
            "item",
            f"In Silhouette Studio set the page to {paper_words(options.paper.name)}, upright, and turn on "
            f"registration marks: Type 1, length {MARK_ARM_MM:g} mm, thickness {MARK_STROKE_MM:g} mm, inset "
            f"{MARK_INSET_MM:g} mm. Print the PDF itself at 100%; for each page with marks, open its cut file "
            "(the DXF in the basic edition, else the SVG) and send the sheet with the square at the top left. "
            "Layer CUT is cut; SCORE marks folds (score it, or leave it and fold by hand).",
        ),
        *(("item", f"{f.filename}: {_pages(f.marked)}, cut files {_cut_name(f.filename)}.") for f in marked),
    ]
    if any(f.backs for f in marked):
        glue = "glue each back sheet behind its front sheet, crop marks over crop marks, and let it dry"
        first = "print the file double-sided" if options.duplex.flips else glue
        blocks.append(
            (
                "item",
                f"Pieces with backs: {first}, then cut with the fronts up. The cut follows the fronts; "
                "backs drift by a printer's millimetre, which bleed or a white border hides.",
            )
        )
    blocks.append(("item", "Boards, mats and sheets have no marks: cut them by hand."))
    return blocks


def _pages(numbers: tuple[int, ...]) -> str:
    return f"page{'s' * (len(numbers) > 1)} " + ", ".join(map(str, numbers))


def _cut_name(filename: str) -> str:
    return f"{filename.removesuffix('.pdf')}-cut-pNN.dxf / .svg"
