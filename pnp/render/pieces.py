"""Impose pieces (cards, tokens, trackers, standees) on sheets, with crop marks and duplex backs.

The sections of a document that are cut out the same way share sheets: each section is set in
rows, in the orientation that fits the most pieces on a page, and the next section's rows follow on
the same sheet where they fit. The page after a face page holds each back exactly behind its face:
long-edge flips mirror the columns, short-edge flips the rows, and `off` puts the backs on sheets
of their own (mirrored for gluing back to back).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from pnp.errors import UsageProblem
from pnp.geometry import MM, Rect, grid_fit
from pnp.render.bleed import bleeding
from pnp.render.cropmarks import MARK_ROOM, crop_marks
from pnp.render.elements import Element, icon_refs
from pnp.render.furniture import Bands, band_area, bands_for
from pnp.render.pages import PageContext, PagePlan, RenderOptions
from pnp.render.placed import Side
from pnp.render.sharing import runs_of
from pnp.render.specs import Piece, PieceGroup
from pnp.source.printoptions import DuplexMode

CUT = "#8a8a8a"
BLOCK_GAP = 6 * MM  # between two sections on one sheet: room for both blocks' crop marks
FOLD_GUTTER = 2 * MM  # between the halves of a gutterfold sheet, besides each block's own mark room
DRIFT_ROOM = 2 * MM  # a piece sized to fill a page leaves this for a printer's back offset
Drawer = Callable[[PageContext], None]


@dataclass(frozen=True, kw_only=True, slots=True)
class Slot:
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
    slots: tuple[Slot, ...]

    def moved(self, where: Callable[[Rect], Rect], backs_only: bool = False) -> Block:
        """The block with its grid and pieces moved by `where` (only the double-sided ones, for
        the backs)."""
        return Block(
            section=self.section,
            grid=where(self.grid),
            slots=tuple(
                Slot(piece=s.piece, section=s.section, trim=where(s.trim), turned=s.turned)
                for s in self.slots
                if s.piece.back is not None or not backs_only
            ),
        )


@dataclass(frozen=True, kw_only=True, slots=True)
class SheetLayout:
    blocks: tuple[Block, ...]
    bands: Bands

    @property
    def slots(self) -> list[Slot]:
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
    printable = _fold_half(options) if half else options.printable()
    roomy, tight = (_both_sides(band_area(printable, bands), options) for bands in ("tb", "tight"))
    if _packs_alike(sections, options, roomy, tight):
        sheets, area = _rows(sections, options, roomy), roomy
    else:
        sheets, area = min(
            ((_rows(sections, options, a), a) for a in (roomy, tight)), key=lambda packed: len(packed[0])
        )
    out = []
    for page in sheets:
        marked = _bbox([b.grid.inset(-_mark_room(b.section)) for b in page])
        dy = ((area.top - marked.top) - (marked.y - area.y)) / 2  # the content centred between the bands
        moved = tuple(b.moved(partial(_lifted, dy=dy)) for b in page)
        out.append(SheetLayout(blocks=moved, bands=bands_for(printable, _lifted(marked, dy))))
    return out


def _packs_alike(sections: list[PieceGroup], options: RenderOptions, roomy: Rect, tight: Rect) -> bool:
    """One section whose grid is the same inside either bands fills the same sheets in both: the
    tight bands cannot save one, and a large deck is not packed a second time to find that out."""
    if len(sections) != 1:
        return False
    section = sections[0]
    return all(_fit(section, options, roomy, way) == _fit(section, options, tight, way) for way in (False, True))


def _rows(sections: list[PieceGroup], options: RenderOptions, area: Rect) -> list[list[Block]]:
    """The blocks of each sheet, filled from the top of `area`."""
    sheets: list[list[Block]] = []
    blocks: list[Block] = []
    top = area.top
    for section in sections:
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
        while done < len(pieces):
            beside = _beside(blocks, section, area, (cw, ch), pieces, done, bleed, turned)
            if beside is not None:
                blocks, placed = beside
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
            block = _block(section, chunk, cols=cols, cell=(cw, ch), left=x0, top=start, bleed=bleed, turned=turned)
            blocks.append(block)
            top = block.grid.y
            if rows == rows_fit and done < len(pieces):
                sheets.append(blocks)
                blocks, top = [], area.top
    if blocks:
        sheets.append(blocks)
    return sheets


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
) -> Block:
    """`pieces` in rows of `cols` from (left, top); a short last row is no wider than its pieces."""
    cw, ch = cell
    gap = section.gap * MM
    height = _span(math.ceil(len(pieces) / cols), ch, gap)
    grid = Rect(left, top - height, _span(min(cols, len(pieces)), cw, gap), height)
    return Block(
        section=section,
        grid=grid,
        slots=tuple(
            Slot(
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
        ),
    ]
    left_edge = min(b.grid.x - _mark_room(b.section) for b in row)
    right_edge = max(b.grid.right + _mark_room(b.section) for b in row)
    dx = area.x + (area.width - (right_edge - left_edge)) / 2 - left_edge
    return blocks[: len(blocks) - count] + [b.moved(partial(_shifted, dx=dx)) for b in row], placed


def _fold_half(options: RenderOptions) -> Rect:
    """The printable left half of a gutterfold sheet: its fronts' side of the fold."""
    printable = options.printable()
    return Rect(printable.x, printable.y, options.paper.width / 2 - FOLD_GUTTER / 2 - printable.x, printable.height)


def quarter_page(options: RenderOptions) -> tuple[float, float]:
    """Width and height (mm) of the largest two-sided piece of which four share a page in every
    duplex mode: two by two on long and short flips, two down each half of a gutterfold."""
    area = band_area(options.printable(), "tb").inset(MARK_ROOM)
    w = min(area.width / 2, _fold_half(options).width - 2 * MARK_ROOM) - DRIFT_ROOM
    h = area.height / 2 - DRIFT_ROOM
    return math.floor(w / MM), math.floor(h / MM)


def plan_pieces(sections: list[PieceGroup], options: RenderOptions) -> list[PagePlan]:
    """Face pages, each followed by its page of backs when any piece on it has a back."""
    if options.duplex is DuplexMode.FOLD and any(p.back is not None for s in sections for p in s.pieces):
        return _folded(sections, options)
    sheets = pack(sections, options)
    faces: list[PagePlan] = []
    backs: list[PagePlan | None] = []
    for number, sheet in enumerate(sheets, start=1):
        title = f"{_titles(sheet)} {number}/{len(sheets)}"
        behind = _moved(sheet, lambda r: _behind(r, options))
        duplex = bool(behind.slots) and options.duplex is not DuplexMode.OFF
        side = f"{title}: fronts" if behind.slots else f"{title}: one side only"
        faces.append(
            _page(
                sheet,
                "face",
                options,
                side + (f" (print the file double-sided, {options.duplex.wording.edge})" if duplex else ""),
            )
        )
        backs.append(
            _page(behind, "back", options, f"{title}: backs ({options.duplex.wording.edge})") if behind.slots else None
        )
    if options.duplex is DuplexMode.OFF:
        return faces + [b for b in backs if b is not None]
    return [page for pair in zip(faces, backs, strict=True) for page in pair if page is not None]


def _shifted(r: Rect, dx: float) -> Rect:
    return Rect(r.x + dx, r.y, r.width, r.height)


def _lifted(r: Rect, dy: float) -> Rect:
    return Rect(r.x, r.y + dy, r.width, r.height)


def _page(sheet: SheetLayout, side: Side, options: RenderOptions, label: str) -> PagePlan:
    slots = sheet.slots
    return PagePlan(
        options.paper.width,
        options.paper.height,
        sheet.bands,
        label,
        _drawer([(sheet, side)], options),
        trim=_bbox([s.trim for s in slots]),
        bleed=_bleed_box(slots, options),
        icons=_icons(sheet, side),
        backs=side == "back",
    )


def _icons(sheet: SheetLayout, side: Side) -> frozenset[str]:
    """The icons of one side of a sheet's pieces; a side many pieces share (a deck's back) is read once."""
    sides = {
        id(elements): elements for s in sheet.slots if (elements := s.piece.face if side == "face" else s.piece.back)
    }
    return frozenset().union(*(icon_refs(elements) for elements in sides.values()))


def _moved(sheet: SheetLayout, where: Callable[[Rect], Rect]) -> SheetLayout:
    """The layout of the backs: each double-sided piece (and its block's grid) moved to `where`."""
    blocks = (block.moved(where, backs_only=True) for block in sheet.blocks)
    return SheetLayout(blocks=tuple(block for block in blocks if block.slots), bands=sheet.bands)


def _titles(sheet: SheetLayout) -> str:
    return ", ".join(dict.fromkeys(b.section.title for b in sheet.blocks))


def _bleed_box(slots: list[Slot], options: RenderOptions) -> Rect | None:
    if not any(bleed_of(s.section, options) for s in slots):
        return None
    return _bbox([s.trim.inset(-bleed_of(s.section, options)) for s in slots])


def _folded(sections: list[PieceGroup], options: RenderOptions) -> list[PagePlan]:
    """Gutterfold: fronts on the left half, each back mirrored across the page's centre line on the
    right half, so folding the sheet down the dashed line puts every back behind its own front."""
    sheets = pack(sections, options, half=True)
    pw, ph = options.paper.width, options.paper.height
    printable = options.printable()
    pages = []
    for number, sheet in enumerate(sheets, start=1):
        behind = _moved(sheet, lambda r: Rect(pw - r.right, r.y, r.width, r.height))
        draw_both = _drawer([(sheet, "face"), (behind, "back")], options)

        def draw(ctx: PageContext, draw_both: Drawer = draw_both, bands: Bands = sheet.bands) -> None:
            draw_both(ctx)
            c = ctx.canvas
            c.saveState()
            c.setStrokeColor(CUT)
            c.setLineWidth(0.5)
            c.setDash([2 * MM, 1.5 * MM])
            area = band_area(printable, bands)
            c.line(pw / 2, area.y, pw / 2, area.top)
            c.restoreState()

        everything = sheet.slots + behind.slots
        pages.append(
            PagePlan(
                pw,
                ph,
                sheet.bands,
                f"{_titles(sheet)} {number}/{len(sheets)}: fronts and backs (fold)",
                draw,
                trim=_bbox([s.trim for s in everything]),
                bleed=_bleed_box(everything, options),
                icons=_icons(sheet, "face") | _icons(behind, "back"),
                folded=True,
            )
        )
    return pages


def _mirrored(r: Rect, options: RenderOptions) -> Rect:
    """Where `r` lands on the other side of the sheet after the flip."""
    if options.duplex is DuplexMode.SHORT:
        return Rect(r.x, options.paper.height - r.top, r.width, r.height)
    return Rect(options.paper.width - r.right, r.y, r.width, r.height)


def _behind(trim: Rect, options: RenderOptions) -> Rect:
    """Where the back of a piece goes so that it lands behind its face after the flip."""
    dx, dy = options.back_offset
    mirrored = _mirrored(trim, options)
    return Rect(mirrored.x + dx, mirrored.y + dy, mirrored.width, mirrored.height)


def _both_sides(area: Rect, options: RenderOptions) -> Rect:
    """The part of `area` whose backs, flipped and moved by the back offset, land in `area` too."""
    if not options.duplex.flips:
        return area
    dx, dy = options.back_offset
    return area.overlap(_mirrored(area, options)).inset(abs(dx), abs(dy))


def _placement(trim: Rect, side: Side, turned: bool, options: RenderOptions) -> tuple[float, ...]:
    """The matrix from card coordinates to the page for one side of a piece. A turned front turns a
    quarter left. A back turns whichever way shows it upright when the cut piece is turned over left
    to right: the sheet's flip across its short edge turns an upright card's back half round, and a
    turned card's back not."""
    half_round = side == "back" and (options.duplex is DuplexMode.SHORT) != turned
    if turned:
        return (0, -1, 1, 0, trim.x, trim.top) if half_round else (0, 1, -1, 0, trim.right, trim.y)
    if half_round:
        return (-1, 0, 0, -1, trim.right, trim.top)
    return (1, 0, 0, 1, trim.x, trim.y)


def _drawer(layers: list[tuple[SheetLayout, Side]], options: RenderOptions) -> Drawer:
    def draw(ctx: PageContext) -> None:
        c = ctx.canvas
        for sheet, side in layers:
            for slot in sheet.slots:
                _draw_piece(ctx, slot, side, options)
        # the full sheets of a deck have the same bands, grids and trims: one form of cut lines for them all
        shape = tuple(
            (
                sheet.bands,
                tuple(
                    (b.grid, b.section.shape, bleed_of(b.section, options), tuple(s.trim for s in b.slots))
                    for b in sheet.blocks
                ),
            )
            for sheet, _ in layers
        )
        c.doForm(
            ctx.painter.forms.form(
                ("guides", shape),
                (0, 0, options.paper.width, options.paper.height),
                lambda: _all_guides(c, layers, options),
            )
        )

    return draw


def _draw_piece(ctx: PageContext, slot: Slot, side: Side, options: RenderOptions) -> None:
    """One side of a piece in a graphics state of its own, written as operators: reportlab's
    save, clip and transform calls cost more than the card's own drawing in a large deck."""
    c = ctx.canvas
    piece, trim, section = slot.piece, slot.trim, slot.section
    bleed = bleed_of(section, options)
    elements = piece.face if side == "face" else piece.back
    background = piece.background if side == "face" else piece.back_background
    paint = None if options.ink_saver else background
    outer = trim.inset(-bleed)
    c.addLiteral("q")
    if paint:
        ctx.painter.set_fill(paint)
    if section.shape == "round":  # art stops at the token's circle; one path clips and paints
        clip = c.beginPath()
        clip.circle(*trim.center, trim.width / 2 + bleed)
        c.clipPath(clip, stroke=0, fill=int(bool(paint)))
    elif bleed > 0 or paint:  # ... or at the bleed edge
        box = fp_str(outer.x, outer.y, outer.width, outer.height)
        c.addLiteral(f"n {box} re {'W* ' if bleed > 0 else ''}{'f*' if paint else 'n'}")
    # card-relative coordinates repeat from card to card, so the page compresses well
    c.addLiteral(f"{fp_str(*_placement(trim, side, slot.turned, options))} cm")
    reach = options.paper.width + options.paper.height
    if elements and id(elements) in ctx.shared.sides:  # a deck's common back: drawn once, placed on every card
        c.doForm(
            _form(
                ctx,
                ("side", id(elements), section.width, section.height, bleed),
                reach,
                lambda: _draw_bled(ctx, elements, section, bleed),
            )
        )
    else:
        _draw_side(ctx, elements, section, bleed, reach)
    c.addLiteral("Q")
    ctx.place(
        kind=piece.kind,
        name=piece.name,
        side=side,
        rect=trim,
        back=piece.back_name,
        turned=slot.turned,
        shape=section.shape,
    )


def _draw_side(
    ctx: PageContext, elements: Sequence[Element] | None, section: PieceGroup, bleed: float, reach: float
) -> None:
    """A side's elements in card coordinates: each run that sides draw often enough to share
    (`Shared.runs`) is one form, placed here, and the rest is drawn inline."""
    for ids, run in runs_of(elements or (), ctx.shared.elements):
        if ids in ctx.shared.runs:
            ctx.canvas.doForm(
                _form(
                    ctx,
                    ("run", ids, section.width, section.height, bleed),
                    reach,
                    lambda: _draw_bled(ctx, run, section, bleed),  # noqa: B023  # drawn at once
                )
            )
        else:
            _draw_bled(ctx, run, section, bleed)


def _draw_bled(ctx: PageContext, elements: Sequence[Element], section: PieceGroup, bleed: float) -> None:
    """Elements drawn here in card coordinates, the fills that touch the trim run on `bleed` points."""
    ctx.painter.draw_here(
        bleeding(elements, section.width, section.height, bleed / MM, ink_saver=ctx.painter.ink_saver)
    )


def _form(ctx: PageContext, key: Hashable, reach: float, draw: Callable[[], None]) -> str:
    """A form in card coordinates reaching `reach` points every way, past the page, so it clips
    nothing the same drawing inline would show (the piece's own clip stays on the page)."""
    return ctx.painter.forms.form(key, (-reach, -reach, reach, reach), draw)


def _all_guides(c: Canvas, layers: list[tuple[SheetLayout, Side]], options: RenderOptions) -> None:
    grids = [block.grid for sheet, _ in layers for block in sheet.blocks]
    for sheet, _ in layers:
        _guides(c, sheet, grids, options)


def _guides(c: Canvas, sheet: SheetLayout, grids: list[Rect], options: RenderOptions) -> None:
    """Full sheets share one set of cut lines and marks: drawn once, placed on every page. Without
    bleed a hairline runs on every trim; crop marks stand outside each block, beyond its bleed, at
    both ends of every cut line, in the room the packing kept (half the way to a neighbouring block)."""
    c.setLineWidth(0.3)
    c.setDash([])
    area = band_area(options.printable(), sheet.bands)
    for block in sheet.blocks:
        mine = block.slots
        bleed = bleed_of(block.section, options)
        c.setStrokeColor(CUT)
        for s in mine:
            if block.section.shape == "round":
                c.circle(*s.trim.center, s.trim.width / 2, stroke=1, fill=0)
            elif not bleed:
                c.rect(s.trim.x, s.trim.y, s.trim.width, s.trim.height, stroke=1, fill=0)
        if block.section.shape != "rect":
            continue
        grid = _bbox([s.trim.inset(-bleed) for s in mine])
        crop_marks(c, [s.trim for s in mine], grid, within=area, others=grids)


def _bbox(rects: list[Rect]) -> Rect:
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.right for r in rects)
    y1 = max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)
