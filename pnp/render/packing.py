"""Pieces set on sheets: each section in rows, in the orientation that fits the most pieces on a page,
the next section's rows following on the same sheet where they fit. Planning only: nothing is drawn."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from pnp.errors import UsageProblem
from pnp.geometry import MM, Rect, grid_fit
from pnp.render.cropmarks import MARK_CLEAR, MARK_ROOM
from pnp.render.furniture import Bands, band_area, bands_for
from pnp.render.pages import RenderOptions
from pnp.render.specs import Piece, PieceGroup
from pnp.source.printoptions import DuplexMode

BLOCK_GAP = 6 * MM  # between two sections on one sheet: room for both blocks' crop marks


FOLD_GUTTER = 2 * MM  # between the halves of a gutterfold sheet, besides each block's own mark room
# straight-cut pieces keep this from the fold: the marks of a front's cut lines meet those of its back's
# across it, one mark for the cut made through both layers, 1.5 mm on each side of the fold
FOLD_MARKS = MARK_CLEAR + 1.5 * MM


@dataclass(frozen=True, kw_only=True, slots=True)
class Placement:
    """Where one piece lands on a sheet; a turned piece runs its height along the page's width."""

    piece: Piece
    section: PieceGroup
    trim: Rect
    turned: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class Block:
    """One section's rows on one sheet: the grid its crop marks frame."""

    section: PieceGroup
    grid: Rect
    slots: tuple[Placement, ...]
    first: int  # the place of its first slot's piece in the section's pieces (before any are left out)

    def moved(self, where: Callable[[Rect], Rect], backs_only: bool = False) -> Block:
        """The block with its grid and pieces moved by `where` (only the double-sided ones, for
        the backs)."""
        return Block(
            section=self.section,
            grid=where(self.grid),
            first=self.first,
            slots=tuple(
                Placement(piece=s.piece, section=s.section, trim=where(s.trim), turned=s.turned)
                for s in self.slots
                if s.piece.back is not None or not backs_only
            ),
        )


@dataclass(frozen=True, kw_only=True, slots=True)
class SheetLayout:
    blocks: tuple[Block, ...]
    bands: Bands

    @property
    def slots(self) -> list[Placement]:
        return [slot for block in self.blocks for slot in block.slots]


def bleed_of(section: PieceGroup, options: RenderOptions) -> float:
    return options.bleed if section.bleeds else 0.0


def _cell(section: PieceGroup, options: RenderOptions, turned: bool) -> tuple[float, float]:
    bleed = bleed_of(section, options)
    w, h = section.width * MM + 2 * bleed, section.height * MM + 2 * bleed
    return (h, w) if turned else (w, h)


def _mark_room(section: PieceGroup) -> float:
    """Room kept around a block for crop marks: straight cut lines need them, round and other
    outlines carry their own cut line."""
    return MARK_ROOM if section.shape == "rect" else 0.0


def _fit(section: PieceGroup, options: RenderOptions, area: Rect, turned: bool) -> tuple[int, int]:
    """Columns and rows of the section's pieces that fit `area` with room for their crop marks."""
    inner = area.inset(_mark_room(section))
    return grid_fit(*_cell(section, options, turned), inner.width, inner.height, section.gap * MM)


def _orientation(section: PieceGroup, options: RenderOptions, area: Rect) -> bool:
    """Turned when that fits more to a sheet (poker cards with 3 mm bleed: 8 to an A4 sheet, not 4),
    unless the section fits on one sheet upright anyway."""
    upright, turned = (math.prod(_fit(section, options, area, way)) for way in (False, True))
    return turned > upright and len(section.pieces) > upright


def pack(sections: list[PieceGroup], options: RenderOptions, half: bool = False) -> list[SheetLayout]:
    """The sheets of a run of sections: rows top down, each section's grid centred across the page
    with room for its crop marks; a section starts on the sheet the previous one ends on when its
    rows fit there. The page's bands are tight only when that saves a sheet."""
    sections = joined_alike(sections)
    printable = fold_half(options) if half else options.piece_printable()
    reach = MARK_ROOM + FOLD_GUTTER / 2 - FOLD_MARKS if half else 0.0
    roomy, tight = (_both_sides(band_area(printable, bands), options) for bands in ("tb", "tight"))
    if _packs_alike(sections, options, _reaching(roomy, sections[0], reach), _reaching(tight, sections[0], reach)):
        sheets, area = _rows(sections, options, roomy, reach), roomy
    else:
        sheets, area = min(
            ((_rows(sections, options, a, reach), a) for a in (roomy, tight)), key=lambda packed: len(packed[0])
        )
    out = []
    for page in sheets:
        marked = bbox_of([b.grid.inset(-_mark_room(b.section)) for b in page])
        dy = ((area.top - marked.top) - (marked.y - area.y)) / 2  # the content centred between the bands
        moved = tuple(b.moved(partial(_lifted, dy=dy)) for b in page)
        out.append(SheetLayout(blocks=moved, bands=bands_for(printable, _lifted(marked, dy))))
    return out


def joined_alike(sections: list[PieceGroup]) -> list[PieceGroup]:
    """Sections in a row cut alike (size, shape, gap, bleed) as one: the next one's pieces fill the
    free cells of the last one's grid, with no short row of its own and no second grid to cut."""
    out: list[PieceGroup] = []
    for section in sections:
        last = out[-1] if out else None
        if last is not None and _cut_alike(last, section):
            out[-1] = replace(last, title=f"{last.title}, {section.title}", pieces=[*last.pieces, *section.pieces])
        else:
            out.append(section)
    return out


def _cut_alike(a: PieceGroup, b: PieceGroup) -> bool:
    return (a.width, a.height, a.shape, a.gap, a.bleeds) == (b.width, b.height, b.shape, b.gap, b.bleeds)


def _packs_alike(sections: list[PieceGroup], options: RenderOptions, roomy: Rect, tight: Rect) -> bool:
    """One section whose grid is the same inside either bands fills the same sheets in both: the
    tight bands cannot save one, and a large deck is not packed a second time to find that out."""
    if len(sections) != 1:
        return False
    section = sections[0]
    return all(_fit(section, options, roomy, way) == _fit(section, options, tight, way) for way in (False, True))


def _reaching(area: Rect, section: PieceGroup, reach: float) -> Rect:
    """The area a section packs in: on a gutterfold's half, straight-cut pieces reach `reach` nearer
    the fold than the half's edge, where their marks meet their backs' (FOLD_MARKS)."""
    return Rect(area.x, area.y, area.width + reach, area.height) if reach and _mark_room(section) else area


def _rows(sections: list[PieceGroup], options: RenderOptions, sheet: Rect, reach: float) -> list[list[Block]]:
    """The blocks of each sheet, filled from the top of `sheet`'s area."""
    sheets: list[list[Block]] = []
    blocks: list[Block] = []
    top = sheet.top
    for section in sections:
        area = _reaching(sheet, section, reach)
        turned = _orientation(section, options, area)
        cw, ch = _cell(section, options, turned)
        gap = section.gap * MM
        room = _mark_room(section)
        cols, rows_per_sheet = _fit(section, options, area, turned)
        if not cols or not rows_per_sheet:
            raise UsageProblem(
                f"one {section.title.lower().rstrip('s')} ({section.width:.1f} x {section.height:.1f} mm) does not "
                f"fit on {options.paper.label()} inside the {options.margin / MM:g} mm printer margin; choose a "
                "larger --paper or smaller --card"
            )
        pieces, done = section.pieces, 0  # pieces[done:] are left to place
        bleed = bleed_of(section, options)
        full = 0  # the sheets before this one have no row of room for this section's pieces
        while done < len(pieces):
            beside = _beside(blocks, section, area, (cw, ch), pieces, done, bleed, turned)
            if beside is not None:
                blocks, placed = beside
                done += placed
                continue
            if not blocks and sheets:
                placed, full = _under(sheets, full, section, area, (cw, ch), cols, pieces, done, bleed, turned)
                if placed:
                    done += placed
                    continue
            start = top - (BLOCK_GAP if blocks else room)
            rows_fit = int((start - area.y - room + gap + 1e-6) // (ch + gap))
            if rows_fit < 1:
                sheets.append(blocks)
                blocks, top = [], area.top
                continue
            rows = min(rows_fit, math.ceil((len(pieces) - done) / cols))
            chunk = pieces[done : done + rows * cols]
            done += len(chunk)
            x0 = area.x + (area.width - _span(min(cols, len(chunk)), cw, gap)) / 2  # centred across the page
            block = _block(
                section,
                chunk,
                cols=cols,
                cell=(cw, ch),
                left=x0,
                top=start,
                bleed=bleed,
                turned=turned,
                first=done - len(chunk),
            )
            blocks.append(block)
            top = block.grid.y
            if rows == rows_fit and done < len(pieces):
                sheets.append(blocks)
                blocks, top = [], area.top
    if blocks:
        sheets.append(blocks)
    return sheets


def _under(
    sheets: list[list[Block]],
    full: int,
    section: PieceGroup,
    area: Rect,
    cell: tuple[float, float],
    cols: int,
    pieces: list[Piece],
    start: int,
    bleed: float,
    turned: bool,
) -> tuple[int, int]:
    """Rows of `pieces` from `start` on under the lowest block of an earlier sheet with room for
    one (the latest first), before a sheet is begun for them: how many were placed, and the new
    `full`. The sheets before `full` were found without room for a row before, and a sheet's room only shrinks, so
    they are not looked at again (a deck of 10,000 cards would look at each sheet on every new one)."""
    cw, ch = cell
    gap, room = section.gap * MM, _mark_room(section)
    for blocks in reversed(sheets[full:]):
        if not blocks:
            continue
        top = min(b.grid.y for b in blocks) - BLOCK_GAP
        rows_fit = int((top - area.y - room + gap + 1e-6) // (ch + gap))
        if rows_fit < 1:
            continue
        chunk = pieces[start : start + min(rows_fit, math.ceil((len(pieces) - start) / cols)) * cols]
        x0 = area.x + (area.width - _span(min(cols, len(chunk)), cw, gap)) / 2
        blocks.append(
            _block(section, chunk, cols=cols, cell=cell, left=x0, top=top, bleed=bleed, turned=turned, first=start)
        )
        return len(chunk), full
    return 0, len(sheets)


def _block(
    section: PieceGroup,
    pieces: list[Piece],
    *,
    cols: int,
    cell: tuple[float, float],
    left: float,
    top: float,
    bleed: float,
    turned: bool,
    first: int,
) -> Block:
    """`pieces` in rows of `cols` from (left, top); a short last row is no wider than its pieces.
    `first`: the place of the first in the section's pieces."""
    cw, ch = cell
    gap = section.gap * MM
    height = _span(math.ceil(len(pieces) / cols), ch, gap)
    grid = Rect(left, top - height, _span(min(cols, len(pieces)), cw, gap), height)
    return Block(
        section=section,
        grid=grid,
        first=first,
        slots=tuple(
            Placement(
                piece=piece,
                section=section,
                turned=turned,
                trim=Rect(left + c * (cw + gap), top - (r + 1) * ch - r * gap, cw, ch).inset(bleed),
            )
            for piece, (r, c) in zip(pieces, (divmod(i, cols) for i in range(len(pieces))), strict=True)
        ),
    )


def _span(count: int, size: float, gap: float) -> float:
    """How far `count` cells of `size` reach with `gap` between them."""
    return count * size + (count - 1) * gap


def _beside(
    blocks: list[Block],
    section: PieceGroup,
    area: Rect,
    cell: tuple[float, float],
    pieces: list[Piece],
    start: int,
    bleed: float,
    turned: bool,
) -> tuple[list[Block], int] | None:
    """As many of `pieces` from `start` on as fit to the right of the last band of blocks, within its height, and
    the band centred again across the page: a short section shares a tall one's band instead of
    starting rows of its own. None when not one fits."""
    if not blocks:
        return None
    band_top = blocks[-1].grid.top
    count = next((i for i, b in enumerate(reversed(blocks)) if abs(b.grid.top - band_top) > 1e-6), len(blocks))
    band = blocks[len(blocks) - count :]
    floor = min(b.grid.y for b in band)
    x0 = max(b.grid.right for b in band) + BLOCK_GAP
    taken = x0 - min(b.grid.x - _mark_room(b.section) for b in band)  # the band moved to the left edge
    cw, ch = cell
    gap = section.gap * MM
    cols, rows = grid_fit(cw, ch, area.width - taken - _mark_room(section), band_top - floor, gap)
    if not cols or not rows:
        return None
    placed = min(len(pieces) - start, cols * rows)
    row = [
        *band,
        _block(
            section,
            pieces[start : start + placed],
            cols=cols,
            cell=cell,
            left=x0,
            top=band_top,
            bleed=bleed,
            turned=turned,
            first=start,
        ),
    ]
    left_edge = min(b.grid.x - _mark_room(b.section) for b in row)
    right_edge = max(b.grid.right + _mark_room(b.section) for b in row)
    dx = area.x + (area.width - (right_edge - left_edge)) / 2 - left_edge
    return blocks[: len(blocks) - count] + [b.moved(partial(_shifted, dx=dx)) for b in row], placed


def fold_half(options: RenderOptions) -> Rect:
    """The printable left half of a gutterfold sheet: its fronts' side of the fold."""
    printable = options.printable()
    return Rect(printable.x, printable.y, options.paper.width / 2 - FOLD_GUTTER / 2 - printable.x, printable.height)


def _shifted(r: Rect, dx: float) -> Rect:
    return Rect(r.x + dx, r.y, r.width, r.height)


def _lifted(r: Rect, dy: float) -> Rect:
    return Rect(r.x, r.y + dy, r.width, r.height)


def mirror_of(r: Rect, options: RenderOptions) -> Rect:
    """Where `r` lands on the other side of the sheet after the flip."""
    if options.duplex is DuplexMode.SHORT:
        return Rect(r.x, options.paper.height - r.top, r.width, r.height)
    return Rect(options.paper.width - r.right, r.y, r.width, r.height)


def _both_sides(area: Rect, options: RenderOptions) -> Rect:
    """The part of `area` whose backs, flipped and moved by the back offset, land in `area` too."""
    if not options.duplex.flips:
        return area
    dx, dy = options.back_offset
    return area.overlap(mirror_of(area, options)).inset(abs(dx), abs(dy))


def bbox_of(rects: list[Rect]) -> Rect:
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.right for r in rects)
    y1 = max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)
