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
from functools import partial
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from pnp.geometry import MM, Rect
from pnp.memory import BuildMemory
from pnp.render.bleed import bleeding
from pnp.render.cropmarks import MARK_ROOM, crop_marks
from pnp.render.cutlines import Outline, outline_of
from pnp.render.elements import Element, icon_refs
from pnp.render.furniture import Bands, band_area
from pnp.render.packing import Placement, SheetLayout, bbox_of, bleed_of, fold_half, mirror_of, pack
from pnp.render.pages import PageContext, PagePlan, RenderOptions
from pnp.render.placed import Side
from pnp.render.sharing import runs_of
from pnp.render.sheetkeep import SHEETS, SheetKeep
from pnp.render.specs import PieceGroup
from pnp.source.printoptions import Cutter, DuplexMode

CUT = "#8a8a8a"
DRIFT_ROOM = 2 * MM  # a piece sized to fill a page leaves this for a printer's back offset
Drawer = Callable[[PageContext], None]


def quarter_page(options: RenderOptions) -> tuple[float, float]:
    """Width and height (mm) of the largest two-sided piece of which four share a page in every
    duplex mode: two by two on long and short flips, two down each half of a gutterfold, each
    with its bleed."""
    area = band_area(options.printable(), "tb").inset(MARK_ROOM)
    w = min(area.width / 2, fold_half(options).width - 2 * MARK_ROOM) - DRIFT_ROOM - 2 * options.bleed
    h = area.height / 2 - DRIFT_ROOM - 2 * options.bleed
    return math.floor(w / MM), math.floor(h / MM)


def plan_pieces(
    sections: list[PieceGroup], options: RenderOptions, memory: BuildMemory | None = None
) -> list[PagePlan]:
    """Face pages, each followed by its page of backs when any piece on it has a back; a sheet
    whose pieces an earlier build planned (in `memory`) keeps its pages (`sheetkeep`)."""
    if options.duplex is DuplexMode.FOLD and any(p.back is not None for s in sections for p in s.pieces):
        return _folded(sections, options)
    keep = memory[SHEETS] if memory is not None else SheetKeep()
    sheets = keep.pages(sections, options, partial(_sheet_pages, options=options))
    if options.duplex is DuplexMode.OFF:  # the fronts, then the backs
        return [page for side in (0, 1) for pages in sheets if (page := pages[side]) is not None]
    return [page for pages in sheets for page in pages if page is not None]


def _sheet_pages(
    sheet: SheetLayout, number: int, count: int, *, options: RenderOptions
) -> tuple[PagePlan, PagePlan | None]:
    """A sheet's page of fronts, and its page of backs when a piece on it has one."""
    title = f"{_titles(sheet)} {number}/{count}"
    behind = _moved(sheet, lambda r: _behind(r, options))
    duplex = bool(behind.slots) and options.duplex is not DuplexMode.OFF
    side = f"{title}: fronts" if behind.slots else f"{title}: one side only"
    face = _page(
        sheet,
        "face",
        options,
        side + (f" (print the file double-sided, {options.duplex.wording.edge})" if duplex else ""),
        cuts=_cuts(sheet) if options.cutter is not Cutter.NONE else None,
    )
    if not behind.slots:
        return face, None
    # the back's boxes are the front's turned over, one-sided pieces and all: a printer or a shop
    # that lines the two sides up by their boxes lines up the sheet, not the backs it happens to hold
    boxes = tuple(_behind(box, options) if box else None for box in (face.trim, face.bleed))
    return face, _page(behind, "back", options, f"{title}: backs ({options.duplex.wording.edge})", boxes=boxes)


def _page(
    sheet: SheetLayout,
    side: Side,
    options: RenderOptions,
    label: str,
    cuts: tuple[Outline, ...] | None = None,
    boxes: tuple[Rect | None, ...] | None = None,
) -> PagePlan:
    """A page of one side of a sheet; its trim and bleed boxes hold what it draws, unless `boxes`
    (trim, bleed) are given."""
    slots = sheet.slots
    trim, bleed = boxes if boxes is not None else (bbox_of([s.trim for s in slots]), _bleed_box(slots, options))
    return PagePlan(
        options.paper.width,
        options.paper.height,
        sheet.bands,
        label,
        _drawer([(sheet, side)], options),
        trim=trim,
        bleed=bleed,
        icons=_icons(sheet, side),
        backs=side == "back",
        printable=options.piece_printable(),
        cuts=cuts,
        **_drawing(sheet, side),
    )


def _drawing(sheet: SheetLayout, side: Side) -> dict[str, Any]:
    """A page's `key` and `owners` (`PagePlan`): the sides it draws by identity, each with what
    else `_draw_piece` draws and records it by, and the blocks its cut lines are drawn from."""
    owners = []
    blocks = []
    for block in sheet.blocks:
        section = block.section
        slots = []
        for slot in block.slots:
            piece = slot.piece
            elements = piece.face if side == "face" else piece.back
            owners.append(elements)
            background = piece.background if side == "face" else piece.back_background
            drawn = slot.section
            size = (drawn.shape, drawn.width, drawn.height, drawn.bleeds)
            names = (piece.kind, piece.name, piece.back_name)
            slots.append((id(elements), background, names, slot.trim.box(), slot.turned, size))
        grid = block.grid.box()  # rectangles as plain numbers: kept with the page, they cost the collector nothing
        blocks.append((section.shape, section.width, section.height, section.bleeds, grid, tuple(slots)))
    return {"key": ("pieces", side, sheet.bands, tuple(blocks)), "owners": tuple(owners)}


def _cuts(sheet: SheetLayout) -> tuple[Outline, ...]:
    """What a cutting machine cuts on a sheet of fronts: each piece's outline on its trim."""
    return tuple(
        outline_of(name=s.piece.name, shape=s.section.shape, trim=s.trim, folds=s.piece.folds, turned=s.turned)
        for s in sheet.slots
    )


def _icons(sheet: SheetLayout, side: Side) -> frozenset[str]:
    """The icons of one side of a sheet's pieces; a side many pieces share (a deck's back) is read once."""
    sides = {
        id(elements): elements for s in sheet.slots if (elements := s.piece.face if side == "face" else s.piece.back)
    }
    return frozenset().union(*(side_icons(elements) for elements in sides.values()))


def side_icons(elements: Sequence[Element]) -> frozenset[str]:
    """`icon_refs` of a side (read again only for the sheets planned again: `sheetkeep`)."""
    return frozenset(icon_refs(elements))


def _moved(sheet: SheetLayout, where: Callable[[Rect], Rect]) -> SheetLayout:
    """The layout of the backs: each double-sided piece (and its block's grid) moved to `where`."""
    blocks = (block.moved(where, backs_only=True) for block in sheet.blocks)
    return SheetLayout(blocks=tuple(block for block in blocks if block.slots), bands=sheet.bands)


def _titles(sheet: SheetLayout) -> str:
    return ", ".join(dict.fromkeys(b.section.title for b in sheet.blocks))


def _bleed_box(slots: list[Placement], options: RenderOptions) -> Rect | None:
    if not any(bleed_of(s.section, options) for s in slots):
        return None
    return bbox_of([s.trim.inset(-bleed_of(s.section, options)) for s in slots])


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
                trim=bbox_of([s.trim for s in everything]),
                bleed=_bleed_box(everything, options),
                icons=_icons(sheet, "face") | _icons(behind, "back"),
                folded=True,
            )
        )
    return pages


def _behind(trim: Rect, options: RenderOptions) -> Rect:
    """Where the back of a piece goes so that it lands behind its face after the flip."""
    dx, dy = options.back_offset
    mirrored = mirror_of(trim, options)
    return Rect(mirrored.x + dx, mirrored.y + dy, mirrored.width, mirrored.height)


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


def _draw_piece(ctx: PageContext, slot: Placement, side: Side, options: RenderOptions) -> None:
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
        grid = bbox_of([s.trim.inset(-bleed) for s in mine])
        crop_marks(c, [s.trim for s in mine], grid, within=area, others=grids)
