"""Boards: one page when the board fits the paper (either way up), otherwise tiles.

Tiles share a glue strip. A tile's right (or top) edge is cut and laid over the next tile's
glue strip; crosshairs on the cut line print on both tiles and close into circles when the tiles
mate. With two tiles the strip is centred on the board, so a board drawn around its centre
(LIMBO, say) mates there.
"""

from __future__ import annotations

import math
import string

from pnp.components import Board
from pnp.geometry import MM, Rect
from pnp.render.document import PageContext, PagePlan, RenderOptions
from pnp.render.furniture import content_area
from pnp.render.elements import icon_refs
from pnp.render.fonts import font, text_width

OVERLAP = 12 * MM
GLUE = "#d9d9d9"
SEAM_ROOM = 3.2 * MM  # crosshairs on a cut edge reach this far past the tile
CROSS = 3.0 * MM
RING = 2.2 * MM


def plan_board(board: Board, options: RenderOptions) -> list[PagePlan]:
    bw, bh = board.width * MM, board.height * MM
    portrait = (options.paper.width, options.paper.height)
    landscape = (options.paper.height, options.paper.width)
    for pw, ph in (portrait, landscape):
        area = content_area(options.printable(pw, ph))
        if bw <= area.width + 1e-6 and bh <= area.height + 1e-6:
            target = Rect(area.x + (area.width - bw) / 2, area.y + (area.height - bh) / 2, bw, bh)
            return [PagePlan(pw, ph, "tb", f"{board.title} (one sheet)", _whole(board, target),
                             icons=frozenset(icon_refs(board.elements)))]
    layouts = []
    for pw, ph in (portrait, landscape):
        full = content_area(options.printable(pw, ph))
        # crosshairs overhang a cut edge, so leave room for them only across the seams there are
        area = full.inset(SEAM_ROOM if bw > full.width else 0, SEAM_ROOM if bh > full.height else 0)
        cols = _count(bw, area.width)
        rows = _count(bh, area.height)
        layouts.append((cols * rows, (pw, ph), area, cols, rows))
    _, (pw, ph), area, cols, rows = min(layouts, key=lambda item: item[0])
    step_x = (bw - OVERLAP) / cols if cols > 1 else bw
    step_y = (bh - OVERLAP) / rows if rows > 1 else bh
    tile_w = min(bw, step_x + (OVERLAP if cols > 1 else 0))
    tile_h = min(bh, step_y + (OVERLAP if rows > 1 else 0))
    pages = []
    for r in range(rows):
        for col in range(cols):
            label = f"{string.ascii_uppercase[col]}{r + 1}"
            region = Rect(col * step_x, bh - r * step_y - tile_h, tile_w, tile_h)
            target = Rect(area.x + (area.width - tile_w) / 2, area.y + (area.height - tile_h) / 2, tile_w, tile_h)
            pages.append(PagePlan(pw, ph, "tb", f"{board.title}: tile {label} of {cols}x{rows}",
                                  _tile(board, region, target, label, cols, rows, col, r, step_x, step_y),
                                  icons=frozenset(icon_refs(board.elements))))
    return pages


def _count(length: float, room: float) -> int:
    if length <= room:
        return 1
    return math.ceil((length - OVERLAP) / (room - OVERLAP))


def _whole(board: Board, target: Rect):
    def draw(ctx: PageContext) -> None:
        _paint(ctx, board, target.x, target.y)
        ctx.canvas.setStrokeColor("#8a8a8a")
        ctx.canvas.setLineWidth(0.3)
        ctx.canvas.rect(target.x, target.y, target.width, target.height, stroke=1, fill=0)
        ctx.place(board.kind, board.name, None, "face", target)
    return draw


def _paint(ctx: PageContext, board: Board, x: float, y: float) -> None:
    c = ctx.canvas
    if board.background:
        c.setFillColor("#ffffff" if ctx.painter.ink_saver else board.background)
        c.rect(x, y, board.width * MM, board.height * MM, stroke=0, fill=1)
    ctx.painter.draw(board.elements, x, y)


def _tile(board: Board, region: Rect, target: Rect, label: str, cols: int, rows: int,
          col: int, row: int, step_x: float, step_y: float):
    def draw(ctx: PageContext) -> None:
        c = ctx.canvas
        ox, oy = target.x - region.x, target.y - region.y
        c.saveState()
        clip = c.beginPath()
        clip.rect(target.x, target.y, target.width, target.height)
        c.clipPath(clip, stroke=0, fill=0)
        _paint(ctx, board, ox, oy)
        c.restoreState()
        c.setStrokeColor("#8a8a8a")
        c.setLineWidth(0.3)
        c.rect(target.x, target.y, target.width, target.height, stroke=1, fill=0)
        seams = []
        if col > 0:
            seams.append(("glue", "x", region.x, f"{string.ascii_uppercase[col - 1]}{row + 1}"))
        if col < cols - 1:
            seams.append(("cut", "x", region.right, f"{string.ascii_uppercase[col + 1]}{row + 1}"))
        if row < rows - 1:
            seams.append(("glue", "y", region.y, f"{string.ascii_uppercase[col]}{row + 2}"))
        if row > 0:
            seams.append(("cut", "y", region.top, f"{string.ascii_uppercase[col]}{row}"))
        for what, axis, at, other in seams:
            _seam(c, what, axis, at, other, region, ox, oy)
        _label(c, target, f"{label} of {cols}x{rows}")
        ctx.place(board.kind, board.name, None, f"tile {label}", Rect(region.x, region.y, region.width, region.height))
        ctx.placed[-1].update({"page_x_mm": round(target.x / MM, 2), "page_y_mm": round(target.y / MM, 2)})
    return draw


def _seam(c, what: str, axis: str, at: float, other: str, region: Rect, ox: float, oy: float) -> None:
    """A glue strip (this tile lies under `other`) or a cut line (this tile lies over `other`)."""
    c.saveState()
    if what == "glue":
        c.setFillColor(GLUE, alpha=0.55)
        if axis == "x":
            c.rect(at + ox, region.y + oy, OVERLAP, region.height, stroke=0, fill=1)
        else:
            c.rect(region.x + ox, at + oy, region.width, OVERLAP, stroke=0, fill=1)
        cut_at = at + OVERLAP
        text = f"glue here: {other} lies over this strip"
    else:
        cut_at = at
        text = f"cut here, lay over {other}"
    c.setStrokeColor("#000000")
    c.setLineWidth(0.5)
    c.setDash([2 * MM, 1.2 * MM])
    if axis == "x":
        c.line(cut_at + ox, region.y + oy, cut_at + ox, region.top + oy)
    else:
        c.line(region.x + ox, cut_at + oy, region.right + ox, cut_at + oy)
    c.setDash([])
    length = region.height if axis == "x" else region.width
    count = max(2, int(length // (60 * MM)) + 1)
    for i in range(count):
        t = (i + 0.5) / count
        if axis == "x":
            cx, cy = cut_at + ox, region.y + oy + t * region.height
        else:
            cx, cy = region.x + ox + t * region.width, cut_at + oy
        c.circle(cx, cy, RING, stroke=1, fill=0)
        c.line(cx - CROSS, cy, cx + CROSS, cy)
        c.line(cx, cy - CROSS, cx, cy + CROSS)
    c.setFillColor("#000000")
    c.setFont(font(False), 6)
    along = 1.0 / count
    if axis == "x":
        c.saveState()
        inside = cut_at + ox + (-5.5 * MM if what == "cut" else -OVERLAP / 2)
        c.translate(inside, region.y + oy + along * region.height)
        c.rotate(90)
        c.drawCentredString(0, 0, text)
        c.restoreState()
    else:
        inside = cut_at + oy + (-6 * MM if what == "cut" else -OVERLAP / 2)
        c.drawCentredString(region.x + ox + along * region.width, inside, text)
    c.restoreState()


def _label(c, target: Rect, text: str) -> None:
    size = 7
    width = text_width(text, True, size) + 3 * MM
    c.setFillColor("#ffffff")
    c.rect(target.x + 1 * MM, target.y + 1 * MM, width, 4 * MM, stroke=0, fill=1)
    c.setFillColor("#000000")
    c.setFont(font(True), size)
    c.drawString(target.x + 2.5 * MM, target.y + 2.2 * MM, text)
