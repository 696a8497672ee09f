"""Impose pieces (cards, tokens, trackers, standees) on sheets, with crop marks and duplex backs.

The sections of a document that are cut out the same way share sheets: each section is set in
rows, in the orientation that fits the most pieces on a page, and the next section's rows follow on
the same sheet where they fit. The page after a face page holds each back exactly behind its face:
long-edge flips mirror the columns, short-edge flips the rows, and `off` puts the backs on sheets
of their own (mirrored for gluing back to back).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from reportlab.pdfgen.canvas import Canvas

from pnp.errors import UsageProblem
from pnp.geometry import MM, Rect, grid_fit
from pnp.render.components import Piece, PieceSheet
from pnp.render.elements import Box, Element, icon_refs
from pnp.render.furniture import Bands, band_area, bands_for
from pnp.render.pages import PageContext, PagePlan, RenderOptions
from pnp.render.painter import rl_color
from pnp.render.placed import Side
from pnp.source.printoptions import DuplexMode

CUT = "#8a8a8a"
MARK = "#000000"
MARK_LEN = 4 * MM
MARK_CLEAR = 0.6 * MM
MARK_MIN = 0.8 * MM
BLOCK_GAP = 6 * MM         # between two sections on one sheet: room for both blocks' crop marks
FOLD_GUTTER = 14 * MM      # between the halves of a gutterfold sheet: room for both sets of crop marks
Drawer = Callable[[PageContext], None]


@dataclass(frozen=True, kw_only=True)
class Slot:
    """Where one piece lands on a sheet; a turned piece runs its height along the page's width."""

    piece: Piece
    section: PieceSheet
    trim: Rect
    turned: bool


@dataclass(frozen=True, kw_only=True)
class Block:
    """One section's rows on one sheet: the grid its crop marks frame."""

    section: PieceSheet
    grid: Rect
    slots: tuple[Slot, ...]

    def moved(self, where: Callable[[Rect], Rect], backs_only: bool = False) -> Block:
        """The block with its grid and pieces moved by `where` (only the double-sided ones, for
        the backs)."""
        return Block(section=self.section, grid=where(self.grid),
                     slots=tuple(Slot(piece=s.piece, section=s.section, trim=where(s.trim), turned=s.turned)
                                 for s in self.slots if s.piece.back is not None or not backs_only))


@dataclass(frozen=True, kw_only=True)
class SheetLayout:
    blocks: tuple[Block, ...]
    bands: Bands

    @property
    def slots(self) -> list[Slot]:
        return [slot for block in self.blocks for slot in block.slots]


def bleed_of(section: PieceSheet, options: RenderOptions) -> float:
    return options.bleed if section.bleeds else 0.0


def _cell(section: PieceSheet, options: RenderOptions, turned: bool) -> tuple[float, float]:
    bleed = bleed_of(section, options)
    w, h = section.width * MM + 2 * bleed, section.height * MM + 2 * bleed
    return (h, w) if turned else (w, h)


def _fit(section: PieceSheet, options: RenderOptions, area: Rect, turned: bool) -> int:
    cols, rows = grid_fit(*_cell(section, options, turned), area.width, area.height, section.gap * MM)
    return cols * rows


def _orientation(section: PieceSheet, options: RenderOptions, area: Rect) -> bool:
    """Turned when that fits more to a sheet (poker cards with 3 mm bleed: 8 to an A4 sheet, not 4),
    unless the section fits on one sheet upright anyway."""
    upright, turned = _fit(section, options, area, False), _fit(section, options, area, True)
    return turned > upright and len(section.pieces) > upright


def pack(sections: list[PieceSheet], options: RenderOptions, half: bool = False) -> list[SheetLayout]:
    """The sheets of a run of sections: rows top down, each section's grid centred across the page;
    a section starts on the sheet the previous one ends on when its rows fit there."""
    printable = options.printable()
    if half:
        printable = Rect(printable.x, printable.y, options.paper.width / 2 - FOLD_GUTTER / 2 - printable.x,
                         printable.height)
    roomy, tight = band_area(printable, "tb"), band_area(printable, "tight")
    area = tight if any(max(_fit(s, options, tight, t) for t in (False, True))
                        > max(_fit(s, options, roomy, t) for t in (False, True)) for s in sections) else roomy
    sheets: list[list[Block]] = []
    blocks: list[Block] = []
    top = area.top
    for section in sections:
        turned = _orientation(section, options, area)
        cw, ch = _cell(section, options, turned)
        gap = section.gap * MM
        cols, rows_per_sheet = grid_fit(cw, ch, area.width, area.height, gap)
        if not cols or not rows_per_sheet:
            raise UsageProblem(
                f"one {section.title.lower().rstrip('s')} ({section.width:.1f} x {section.height:.1f} mm) does not "
                f"fit on {options.paper.label()} inside the {options.margin / MM:g} mm printer margin; choose a "
                "larger --paper or smaller --card")
        left = list(section.pieces)
        bleed = bleed_of(section, options)
        while left:
            start = top - (BLOCK_GAP if blocks else 0)
            rows_fit = int((start - area.y + gap + 1e-6) // (ch + gap))
            if rows_fit < 1:
                sheets.append(blocks)
                blocks, top = [], area.top
                continue
            rows = min(rows_fit, math.ceil(len(left) / cols))
            chunk, left = left[:rows * cols], left[rows * cols:]
            width = cols * cw + (cols - 1) * gap
            grid = Rect(area.x + (area.width - width) / 2, start - rows * ch - (rows - 1) * gap, width,
                        rows * ch + (rows - 1) * gap)
            slots = []
            for i, piece in enumerate(chunk):
                r, c = divmod(i, cols)
                cell = Rect(grid.x + c * (cw + gap), start - (r + 1) * ch - r * gap, cw, ch)
                slots.append(Slot(piece=piece, section=section, trim=cell.inset(bleed), turned=turned))
            blocks.append(Block(section=section, grid=grid, slots=tuple(slots)))
            top = grid.y
            if rows == rows_fit and left:
                sheets.append(blocks)
                blocks, top = [], area.top
    if blocks:
        sheets.append(blocks)
    out = []
    for page in sheets:
        low = min(b.grid.y for b in page)
        dy = -(low - area.y) / 2          # the content centred between the bands
        moved = tuple(b.moved(partial(_lifted, dy=dy)) for b in page)
        content = _bbox([b.grid for b in moved])
        out.append(SheetLayout(blocks=moved, bands=bands_for(printable, content)))
    return out


def plan_pieces(sections: list[PieceSheet], options: RenderOptions) -> list[PagePlan]:
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
        faces.append(_page(sheet, "face", options, side + (
            f" (print the file double-sided, {options.duplex.wording.edge})" if duplex else "")))
        backs.append(_page(behind, "back", options, f"{title}: backs ({options.duplex.wording.edge})")
                     if behind.slots else None)
    if options.duplex is DuplexMode.OFF:
        return faces + [b for b in backs if b is not None]
    return [page for pair in zip(faces, backs, strict=True) for page in pair if page is not None]


def _lifted(r: Rect, dy: float) -> Rect:
    return Rect(r.x, r.y + dy, r.width, r.height)


def _page(sheet: SheetLayout, side: Side, options: RenderOptions, label: str) -> PagePlan:
    slots = sheet.slots
    return PagePlan(options.paper.width, options.paper.height, sheet.bands, label, _drawer([(sheet, side)], options),
                    trim=_bbox([s.trim for s in slots]), bleed=_bleed_box(slots, options),
                    icons=_icons(sheet, side), backs=side == "back")


def _icons(sheet: SheetLayout, side: Side) -> frozenset[str]:
    return frozenset().union(*(icon_refs(s.piece.face if side == "face" else s.piece.back or ()) for s in sheet.slots))


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


def _folded(sections: list[PieceSheet], options: RenderOptions) -> list[PagePlan]:
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
        pages.append(PagePlan(pw, ph, sheet.bands, f"{_titles(sheet)} {number}/{len(sheets)}: fronts and backs (fold)",
                              draw, trim=_bbox([s.trim for s in everything]), bleed=_bleed_box(everything, options),
                              icons=_icons(sheet, "face") | _icons(behind, "back"), folded=True))
    return pages


def _behind(trim: Rect, options: RenderOptions) -> Rect:
    """Where the back of a piece goes so that it lands behind its face after the flip."""
    pw, ph = options.paper.width, options.paper.height
    dx, dy = options.back_offset
    if options.duplex is DuplexMode.SHORT:
        return Rect(trim.x + dx, ph - trim.top + dy, trim.width, trim.height)
    return Rect(pw - trim.right + dx, trim.y + dy, trim.width, trim.height)


def _orient(c: Canvas, trim: Rect, side: Side, turned: bool, options: RenderOptions) -> None:
    """Card coordinates for one side of a piece. A turned front turns a quarter left. A back turns
    whichever way shows it upright when the cut piece is turned over left to right: the sheet's flip
    across its short edge turns an upright card's back half round, and a turned card's back not."""
    half_round = side == "back" and (options.duplex is DuplexMode.SHORT) != turned
    if turned:
        c.translate(*((trim.x, trim.top) if half_round else (trim.right, trim.y)))
        c.rotate(-90 if half_round else 90)
    elif half_round:
        c.translate(trim.right, trim.top)
        c.rotate(180)
    else:
        c.translate(trim.x, trim.y)


def _drawer(layers: list[tuple[SheetLayout, Side]], options: RenderOptions) -> Drawer:
    def draw(ctx: PageContext) -> None:
        c = ctx.canvas
        for sheet, side in layers:
            for slot in sheet.slots:
                _draw_piece(ctx, slot, side, options)
        shape = [(sheet.bands, [(b.grid, b.section.shape, bleed_of(b.section, options), [s.trim for s in b.slots])
                                for b in sheet.blocks]) for sheet, _ in layers]
        key = "guides_" + hashlib.sha1(repr(shape).encode()).hexdigest()[:16]
        c.doForm(ctx.painter.forms.form(key, (0, 0, options.paper.width, options.paper.height),
                                        lambda: _all_guides(c, layers, options)))
    return draw


def _draw_piece(ctx: PageContext, slot: Slot, side: Side, options: RenderOptions) -> None:
    c = ctx.canvas
    piece, trim, section = slot.piece, slot.trim, slot.section
    bleed = bleed_of(section, options)
    elements = piece.face if side == "face" else piece.back
    background = piece.background if side == "face" else piece.back_background
    paint = bool(background) and not options.ink_saver
    outer = trim.inset(-bleed)
    c.saveState()
    if paint:
        c.setFillColor(rl_color(background))
    if section.shape == "round" or bleed > 0:     # art stops at the bleed edge or the token's circle
        clip = c.beginPath()
        if section.shape == "round":
            clip.circle(*trim.center, trim.width / 2 + bleed)
        else:
            clip.rect(outer.x, outer.y, outer.width, outer.height)
        c.clipPath(clip, stroke=0, fill=int(paint))    # one path clips and paints
    elif paint:
        c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
    # card-relative coordinates repeat from card to card, so the page compresses well
    _orient(c, trim, side, slot.turned, options)
    ctx.painter.draw_here(bleeding(elements or (), section.width, section.height, bleed / MM) if bleed
                          else elements or ())
    c.restoreState()
    ctx.place(kind=piece.kind, name=piece.name, side=side, rect=trim, back=piece.back_name, turned=slot.turned,
              shape=section.shape)


def bleeding(elements: Sequence[Element], w: float, h: float, bleed: float) -> tuple[Element, ...]:
    """Fills that touch the trim (title bands, backgrounds) run on into the bleed, so a cut a little
    off shows more band, never a pale sliver. Stroked boxes (borders) stay where they are."""
    edge = 0.01
    out = []
    for element in elements:
        if isinstance(element, Box) and element.fill and not element.stroke and not element.radius:
            x0 = element.x - bleed if element.x <= edge else element.x
            y0 = element.y - bleed if element.y <= edge else element.y
            x1 = element.x + element.w + (bleed if element.x + element.w >= w - edge else 0)
            y1 = element.y + element.h + (bleed if element.y + element.h >= h - edge else 0)
            element = Box(x=x0, y=y0, w=x1 - x0, h=y1 - y0, fill=element.fill)
        out.append(element)
    return tuple(out)


def _all_guides(c: Canvas, layers: list[tuple[SheetLayout, Side]], options: RenderOptions) -> None:
    for sheet, _ in layers:
        _guides(c, sheet, options)


def _guides(c: Canvas, sheet: SheetLayout, options: RenderOptions) -> None:
    """Full sheets share one set of cut lines and marks: drawn once, placed on every page. Without
    bleed a hairline runs on every trim; crop marks stand outside each block at both ends of every
    cut line, and where a block leaves no room for them, the hairline marks that line instead."""
    c.setLineWidth(0.3)
    c.setDash([])
    printable = options.printable()
    area = band_area(printable, sheet.bands)
    grids = [b.grid for b in sheet.blocks]
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
        above = [g.y for g in grids if g.y >= grid.top - 1e-6]
        below = [g.top for g in grids if g.top <= grid.y + 1e-6]
        rooms = {
            "top": (min(above) - grid.top) / 2 if above else area.top - grid.top,
            "bottom": (grid.y - max(below)) / 2 if below else grid.y - area.y,
            "left": grid.x - printable.x,
            "right": printable.right - grid.right,
        }
        _crop_marks(c, [s.trim for s in mine], grid, rooms, hairline=bool(bleed))


def _crop_marks(c: Canvas, trims: list[Rect], grid: Rect, rooms: dict[str, float], hairline: bool) -> None:
    """Short marks on every trim line, outside the block, so none crosses a face; a line with no
    room for its marks gets a hairline on the trim when no hairline is there already."""
    xs = sorted({round(v, 3) for t in trims for v in (t.x, t.right)})
    ys = sorted({round(v, 3) for t in trims for v in (t.y, t.top)})
    lengths = {side: min(MARK_LEN, room - MARK_CLEAR - 0.3 * MM) for side, room in rooms.items()}
    c.setStrokeColor(MARK)
    c.setLineWidth(0.35)
    for lines, ends in ((xs, (("top", 1, grid.top), ("bottom", -1, grid.y))),
                        (ys, (("right", 1, grid.right), ("left", -1, grid.x)))):
        marked = all(lengths[side] >= MARK_MIN for side, _, _ in ends)
        for v in lines:
            for side, sign, edge in ends:
                if lengths[side] >= MARK_MIN:
                    a, b = edge + sign * MARK_CLEAR, edge + sign * (MARK_CLEAR + lengths[side])
                    c.line(v, a, v, b) if lines is xs else c.line(a, v, b, v)
            if not marked and hairline:
                c.setStrokeColor(CUT)
                c.setLineWidth(0.3)
                c.line(v, grid.y, v, grid.top) if lines is xs else c.line(grid.x, v, grid.right, v)
                c.setStrokeColor(MARK)
                c.setLineWidth(0.35)


def _bbox(rects: list[Rect]) -> Rect:
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.right for r in rects)
    y1 = max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)
