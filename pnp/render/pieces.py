"""Impose pieces (cards, tokens, fold cards) on sheets, with crop marks and duplex backs.

Faces fill the largest grid that fits the printable area, centred; the page after a face page
holds each back exactly behind its face: long-edge flips mirror the columns, short-edge flips the
rows, and `off` puts the backs on sheets of their own (mirrored for gluing back to back).
"""

from __future__ import annotations

import hashlib

from pnp.components import Piece, PieceSheet
from pnp.errors import UsageProblem
from pnp.geometry import MM, Rect, grid_cells, grid_fit
from pnp.render.elements import Box, icon_refs, rl_color
from pnp.render.document import PageContext, PagePlan, RenderOptions
from pnp.render.furniture import HEAD, FOOT, GAP, Bands, choose_bands

CUT = "#8a8a8a"
MARK = "#000000"
MARK_LEN = 4 * MM
MARK_CLEAR = 0.6 * MM
MARK_ROOM = 2.5 * MM
FOLD_GUTTER = 14 * MM      # between the halves of a gutterfold sheet: room for both sets of crop marks


def impose(options: RenderOptions, cell_w: float, cell_h: float, gap: float,
           what: str, mark_room: float = 0.0, half: bool = False) -> tuple[list[Rect], Bands]:
    """The grid cells of one sheet and where the page furniture goes; `mark_room` keeps space for
    crop marks on every side of the grid (needed with bleed, where no hairline shows the trim).
    With `half`, the grid fills the left half only, leaving the right half for folded backs."""
    printable = options.printable()
    if half:
        printable = Rect(printable.x, printable.y, options.paper.width / 2 - FOLD_GUTTER / 2 - printable.x,
                         printable.height)
    room = printable.inset(mark_room)
    cols, rows = grid_fit(cell_w, cell_h, room.width, room.height, gap)
    if not cols or not rows:
        raise UsageProblem(
            f"{what} ({cell_w / MM:.1f} x {cell_h / MM:.1f} mm) does not fit on {options.paper.label()} "
            f"inside the {options.margin / MM:g} mm printer margin; choose a larger --paper or smaller --card")
    while cols and rows:
        cells = grid_cells(printable, cols, rows, cell_w, cell_h, gap)
        bbox = _bbox(cells).inset(-mark_room)
        bands = choose_bands(printable, bbox)
        if bands:
            return cells, bands
        if cols <= rows and rows > 1 or cols == 1:
            rows -= 1
        else:
            cols -= 1
    raise UsageProblem(f"{what} leaves no room for the page's scale bar on {options.paper.label()}")


def _folded(section: PieceSheet, options: RenderOptions, w: float, h: float, bleed: float, gap: float,
            what: str) -> list[PagePlan]:
    """Gutterfold: fronts on the left half, each back mirrored across the page's centre line on the
    right half, so folding the sheet down the dashed line puts every back behind its own front."""
    cells, bands = impose(options, w + 2 * bleed, h + 2 * bleed, gap, what, MARK_ROOM if bleed else 0.0, half=True)
    pw, ph = options.paper.width, options.paper.height
    printable = options.printable()
    pages = []
    sheets = (len(section.pieces) + len(cells) - 1) // len(cells)
    for number, start in enumerate(range(0, len(section.pieces), len(cells)), start=1):
        chunk = section.pieces[start:start + len(cells)]
        slots = [(piece, cell.inset(bleed)) for piece, cell in zip(chunk, cells)]
        back_slots = [(piece, Rect(pw - trim.right, trim.y, trim.width, trim.height)) for piece, trim in slots
                      if piece.back is not None]
        fronts = _drawer(slots, section, bleed, "face", bands, options)
        backs = _drawer(back_slots, section, bleed, "back", bands, options)

        def draw(ctx: PageContext, fronts=fronts, backs=backs) -> None:
            fronts(ctx)
            backs(ctx)
            c = ctx.canvas
            c.saveState()
            c.setStrokeColor(CUT)
            c.setLineWidth(0.5)
            c.setDash([2 * MM, 1.5 * MM])
            c.line(pw / 2, printable.y + FOOT + GAP, pw / 2, printable.top - HEAD - GAP)
            c.restoreState()

        everything = [t for _, t in slots] + [t for _, t in back_slots]
        pages.append(PagePlan(pw, ph, bands, f"{section.title} {number}/{sheets}: fronts and backs (fold)", draw,
                              trim=_bbox(everything), bleed=_bbox([t.inset(-bleed) for t in everything]) if bleed else None,
                              icons=frozenset().union(*(icon_refs(p.face) for p in chunk),
                                                      *(icon_refs(p.back) for p, _ in back_slots))))
    return pages


def plan_pieces(section: PieceSheet, options: RenderOptions) -> list[PagePlan]:
    rect_shape = section.shape == "rect"
    bleed = options.bleed if (section.bleeds and rect_shape) else 0.0
    w, h = section.width * MM, section.height * MM
    gap = section.gap * MM
    what = f"one {section.title.lower().rstrip('s')}"
    if options.duplex == "fold" and any(piece.back is not None for piece in section.pieces):
        return _folded(section, options, w, h, bleed, gap, what)
    cells, bands = impose(options, w + 2 * bleed, h + 2 * bleed, gap, what, MARK_ROOM if bleed else 0.0)
    per_page = len(cells)
    pw, ph = options.paper.width, options.paper.height
    faces: list[PagePlan] = []
    backs: list[PagePlan] = []
    for start in range(0, len(section.pieces), per_page):
        chunk = section.pieces[start:start + per_page]
        slots = [(piece, cell.inset(bleed)) for piece, cell in zip(chunk, cells)]
        sheet_no = start // per_page + 1
        sheets = (len(section.pieces) + per_page - 1) // per_page
        trim_box = _bbox([t for _, t in slots])
        bleed_box = _bbox([cell for cell in cells[:len(chunk)]])
        faces.append(PagePlan(pw, ph, bands, f"{section.title} {sheet_no}/{sheets}: fronts",
                              _drawer(slots, section, bleed, "face", bands, options),
                              trim=trim_box, bleed=bleed_box if bleed else None,
                              icons=frozenset().union(*(icon_refs(p.face) for p in chunk))))
        if any(piece.back is not None for piece in chunk):
            back_slots = [(piece, _behind(trim, options)) for piece, trim in slots if piece.back is not None]
            how = {"long": "flip on long edge", "short": "flip on short edge", "off": "glue behind fronts"}
            backs.append(PagePlan(pw, ph, bands, f"{section.title} {sheet_no}/{sheets}: backs ({how[options.duplex]})",
                                  _drawer(back_slots, section, bleed, "back", bands, options),
                                  trim=_bbox([t for _, t in back_slots]),
                                  bleed=_bbox([t.inset(-bleed) for _, t in back_slots]) if bleed else None,
                                  icons=frozenset().union(*(icon_refs(p.back) for p, _ in back_slots)),
                                  backs=True))
    if options.duplex == "off" or not backs:
        return faces + backs
    return [page for pair in zip(faces, backs) for page in pair]


def _behind(trim: Rect, options: RenderOptions) -> Rect:
    """Where the back of a piece goes so that it lands behind its face after the flip."""
    pw, ph = options.paper.width, options.paper.height
    dx, dy = options.back_offset
    if options.duplex == "short":
        return Rect(trim.x + dx, ph - trim.top + dy, trim.width, trim.height)
    return Rect(pw - trim.right + dx, trim.y + dy, trim.width, trim.height)


def _drawer(slots: list[tuple[Piece, Rect]], section: PieceSheet, bleed: float, side: str,
            bands: Bands, options: RenderOptions):
    def draw(ctx: PageContext) -> None:
        c = ctx.canvas
        clipped = section.shape == "round" or bleed > 0
        for piece, trim in slots:
            elements = piece.face if side == "face" else piece.back
            background = piece.background if side == "face" else piece.back_background
            paint = bool(background) and not options.ink_saver
            outer = trim.inset(-bleed)
            c.saveState()
            if paint:
                c.setFillColor(rl_color(background))
            if clipped:        # art must stop at the bleed edge or the token's circle
                clip = c.beginPath()
                if section.shape == "round":
                    clip.circle(*trim.center, trim.width / 2)
                else:
                    clip.rect(outer.x, outer.y, outer.width, outer.height)
                c.clipPath(clip, stroke=0, fill=int(paint))    # one path clips and paints
            elif paint:
                c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
            # card-relative coordinates repeat from card to card, so the page compresses well
            c.translate(trim.x, trim.y)
            ctx.painter.draw_here(bleeding(elements, trim.width / MM, trim.height / MM, bleed / MM) if bleed
                                  else elements)
            c.restoreState()
            ctx.place(piece.kind, piece.name, piece.back_name, side, trim)
        trims = [t for _, t in slots]
        key = "guides_" + hashlib.sha1(repr((trims, section.shape, bleed, bands)).encode()).hexdigest()[:16]

        def guides() -> None:
            _cut_guides(c, trims, section.shape, bleed)
            if section.shape == "rect":
                _crop_marks(c, trims, bleed, bands, options)

        # full sheets share one set of cut lines and marks: drawn once, placed on every page
        c.doForm(ctx.painter.forms.form(key, (0, 0, options.paper.width, options.paper.height), guides))
    return draw


def bleeding(elements, w: float, h: float, bleed: float) -> tuple:
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
            element = Box(x0, y0, x1 - x0, y1 - y0, fill=element.fill)
        out.append(element)
    return tuple(out)


def _cut_guides(c, trims: list[Rect], shape: str, bleed: float) -> None:
    """Hairlines on the trim when there is no bleed (with bleed, the marks alone say where to cut)."""
    c.setStrokeColor(CUT)
    c.setLineWidth(0.3)
    c.setDash([])
    for t in trims:
        if shape == "round":
            c.circle(*t.center, t.width / 2, stroke=1, fill=0)
        elif not bleed:
            c.rect(t.x, t.y, t.width, t.height, stroke=1, fill=0)


def _crop_marks(c, trims: list[Rect], bleed: float, bands: Bands, options: RenderOptions) -> None:
    """Short marks on every trim line, outside the grid, so none crosses a face."""
    if not trims:
        return
    printable = options.printable()
    grid = _bbox([t.inset(-bleed) for t in trims])
    head = HEAD + GAP
    foot = FOOT + GAP
    top_room = printable.top - grid.top - (head if bands == "tb" else 0)
    bottom_room = grid.y - printable.y - (foot if bands == "tb" else 0)
    left_room = grid.x - printable.x - (head if bands == "lr" else 0)
    right_room = printable.right - grid.right - (foot if bands == "lr" else 0)
    xs = sorted({round(v, 3) for t in trims for v in (t.x, t.right)})
    ys = sorted({round(v, 3) for t in trims for v in (t.y, t.top)})
    c.setStrokeColor(MARK)
    c.setLineWidth(0.35)
    c.setDash([])
    for room, sign, edge in ((top_room, 1, grid.top), (bottom_room, -1, grid.y)):
        length = min(MARK_LEN, room - MARK_CLEAR - 0.3 * MM)
        if length >= 0.8 * MM:
            for x in xs:
                c.line(x, edge + sign * MARK_CLEAR, x, edge + sign * (MARK_CLEAR + length))
    for room, sign, edge in ((right_room, 1, grid.right), (left_room, -1, grid.x)):
        length = min(MARK_LEN, room - MARK_CLEAR - 0.3 * MM)
        if length >= 0.8 * MM:
            for y in ys:
                c.line(edge + sign * MARK_CLEAR, y, edge + sign * (MARK_CLEAR + length), y)


def _bbox(rects: list[Rect]) -> Rect:
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.right for r in rects)
    y1 = max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)
