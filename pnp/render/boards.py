"""Boards: one page when the board fits the paper (either way up), otherwise tiles.

Tiles share a glue strip. A tile's right (or top) edge is cut and laid over the next tile's
glue strip; crosshairs on the cut line print on both tiles and close into circles when the tiles
mate. Cut lines fall between the board's spaces, numbers and titles: the tiler tries each place a
cut may go (and, where none is clear, one more tile) before it cuts through play content.
"""

from __future__ import annotations

import math
import string
from bisect import bisect_left, bisect_right
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from pnp.geometry import MM, Rect
from pnp.render.bleed import bleeding
from pnp.render.cropmarks import MARK_ROOM, crop_marks
from pnp.render.elements import Box, Circle, Element, Group, Icon, Text, icon_refs
from pnp.render.fonts import font, text_width
from pnp.render.furniture import Bands, band_area
from pnp.render.pages import PageContext, PagePlan, RenderOptions
from pnp.render.pieces import CUT
from pnp.render.placed import BoardTile
from pnp.render.specs import Board
from pnp.render.textfit import fitted

OVERLAP = 12 * MM
GLUE = "#d9d9d9"
SEAM_ROOM = 3.2 * MM  # crosshairs on a cut edge reach this far past the tile
CROSS = 3.0 * MM
RING = 2.2 * MM
SEAM_CLEAR = 3.0  # mm a seam keeps from any space, icon or text


def plan_board(board: Board, options: RenderOptions) -> list[PagePlan]:
    """The board's pages: one, or its tiles. Its outer edges bleed by --bleed and carry crop marks
    beyond the bleed; a tile's seam edges are cut on the dashed line and glued."""
    bw, bh = board.width * MM, board.height * MM
    beyond = options.bleed + MARK_ROOM  # kept beyond an outer edge: its bleed, then its marks
    portrait = (options.paper.width, options.paper.height)
    landscape = (options.paper.height, options.paper.width)
    icons = frozenset(icon_refs(board.elements))
    choices: list[tuple[tuple[float, float], Bands]] = [
        (size, bands) for size in (portrait, landscape) for bands in ("tb", "tight")
    ]  # tight bands save a sheet
    for (pw, ph), bands in choices:
        area = band_area(options.printable(pw, ph), bands)
        if bw + 2 * beyond <= area.width + 1e-6 and bh + 2 * beyond <= area.height + 1e-6:
            target = Rect(area.x + (area.width - bw) / 2, area.y + (area.height - bh) / 2, bw, bh)
            return [
                PagePlan(
                    pw,
                    ph,
                    bands,
                    f"{board.title} (one sheet)",
                    _whole(board, target, area, options),
                    trim=target,
                    bleed=target.inset(-options.bleed),
                    icons=icons,
                    board=board.title,
                )
            ]
    keep = _keep_whole(board.elements, board.width, board.height)
    layouts = []
    for (pw, ph), bands in choices:
        full = band_area(options.printable(pw, ph), bands)
        # an outer edge keeps its bleed and marks beyond it; a seam edge only its crosshairs
        xs = _axis_cuts(board.width, full.width, beyond, [(k[0], k[1]) for k in keep])
        ys = _axis_cuts(board.height, full.height, beyond, [(k[2], k[3]) for k in keep])  # from the foot up
        crossed = _intrusion(xs[1:-1], [(k[0], k[1]) for k in keep]) + _intrusion(
            ys[1:-1], [(k[2], k[3]) for k in keep]
        )
        layouts.append(((len(xs) - 1) * (len(ys) - 1), crossed, bands != "tb", (pw, ph), bands, full, xs, ys))
    _, _, _, (pw, ph), bands, full, xs, ys = min(layouts, key=lambda item: item[:3])
    cols, rows = len(xs) - 1, len(ys) - 1
    pages = []
    for r in range(rows):
        j = rows - 1 - r  # rows count down, cuts up from the foot
        bottom = ys[j] - (OVERLAP / MM if j else 0)
        top = ys[j + 1]
        for col in range(cols):
            left = xs[col] - (OVERLAP / MM if col else 0)
            right = xs[col + 1]
            label = f"{string.ascii_uppercase[col]}{r + 1}"
            region = Rect(left * MM, bottom * MM, (right - left) * MM, (top - bottom) * MM)
            room = _grown(full, -beyond, left=col == 0, right=col == cols - 1, bottom=j == 0, top=r == 0)
            room = _grown(room, -SEAM_ROOM, left=col > 0, right=col < cols - 1, bottom=j > 0, top=r > 0)
            target = Rect(
                room.x + (room.width - region.width) / 2,
                room.y + (room.height - region.height) / 2,
                region.width,
                region.height,
            )
            art = _grown(target, options.bleed, left=col == 0, right=col == cols - 1, bottom=j == 0, top=r == 0)
            pages.append(
                PagePlan(
                    pw,
                    ph,
                    bands,
                    f"{board.title}: tile {label} of {cols}x{rows}",
                    _tile(board, region, target, art, full, label, cols, rows, col, r, options),
                    trim=target,
                    bleed=art,
                    icons=icons,
                    board=board.title,
                    tile=label,
                )
            )
    return pages


def _axis_cuts(length: float, page: float, beyond: float, keep: list[tuple[float, float]]) -> list[float]:
    """Where tiles end along one side of the board (`length` mm) across `page` (points): the whole
    side when it fits with `beyond` at both ends, else two tiles or more, each with `beyond` at an
    outer end and room for a seam's crosshairs at the other (a middle tile, with two seams, has more)."""
    if length * MM <= page - 2 * beyond + 1e-6:
        return [0.0, length]
    return _cuts(length, (page - max(beyond, SEAM_ROOM) - SEAM_ROOM) / MM, keep, least=2)


def _grown(r: Rect, by: float, *, left: bool, right: bool, bottom: bool, top: bool) -> Rect:
    """`r` grown by `by` on the sides named."""
    x0, y0 = r.x - (by if left else 0), r.y - (by if bottom else 0)
    return Rect(x0, y0, r.right + (by if right else 0) - x0, r.top + (by if top else 0) - y0)


def _outline(c: Canvas, trim: Rect, art: Rect, area: Rect, bleed: float) -> None:
    """The cut of a board or tile: a hairline on `trim` when nothing bleeds past it, and crop marks
    at both ends of its four cut lines, beyond `art`, within `area`."""
    if not bleed:
        c.setStrokeColor(CUT)
        c.setLineWidth(0.3)
        c.rect(trim.x, trim.y, trim.width, trim.height, stroke=1, fill=0)
    crop_marks(c, [trim], art, within=area)


def _cuts(length: float, room: float, keep: list[tuple[float, float]], least: int = 1) -> list[float]:
    """Where tiles end along one side, in mm from its start (first 0, last `length`): the fewest
    tiles, each at most `room` long with the glue strip, every cut clear of `keep` spans where it
    can be (else as little inside them as can be), and as even as that allows; `least` tiles at least."""
    if length <= room + 1e-6 and least == 1:
        return [0.0, length]
    overlap = OVERLAP / MM
    tiles = max(least, math.ceil((length - overlap) / (room - overlap)))
    layouts = []
    for count in (tiles, tiles + 1):
        cuts, start = [0.0], 0.0
        for k in range(1, count):
            left = count - k  # tiles still to come after this cut
            lo = max(start + overlap + 1, length - left * (room - overlap))
            hi = start + room
            ideal = start + (length - start + (left - 1) * overlap) / (left + 1) + (overlap if k > 1 else 0)
            steps = max(int((hi - lo) / 0.5), 0)
            candidates = [lo + i * (hi - lo) / steps for i in range(steps + 1)] if steps else [lo]
            # the spans a cut between lo and hi can come inside (with room for rounding): the rest add 0
            near = [s for s in keep if s[0] - SEAM_CLEAR < hi + 1e-6 and s[1] + SEAM_CLEAR > lo - 1e-6]
            cut = _best_cut(candidates, near, ideal)
            cuts.append(cut)
            start = cut - overlap
        cuts.append(length)
        layouts.append(cuts)
        if not _intrusion(cuts[1:-1], keep):
            break
    return min(layouts, key=lambda cuts: _intrusion(cuts[1:-1], keep))


def _best_cut(candidates: list[float], near: list[tuple[float, float]], ideal: float) -> float:
    """The candidate least inside `near`, and of those the nearest `ideal` (the first on a tie). The
    candidates never fall, so each span comes inside a run of them, found by halving; a candidate's
    intrusion adds up only the spans it lies inside, and the nearest clear candidate ends the search."""
    inside: list[list[tuple[float, float]]] = [[] for _ in candidates]
    for span in near:
        a, b = span  # the keys are `_intrusion`'s two terms as it writes them: the run is where both are > 0
        first = bisect_right(candidates, 0.0, key=lambda c: c - a + SEAM_CLEAR)
        after = bisect_left(candidates, 0.0, key=lambda c: -(b + SEAM_CLEAR - c))
        for i in range(first, after):
            inside[i].append(span)
    best, least = candidates[0], math.inf
    for i in sorted(range(len(candidates)), key=lambda i: abs(candidates[i] - ideal)):  # stable: ties in order
        intrusion = _intrusion([candidates[i]], inside[i])
        if intrusion < least:
            best, least = candidates[i], intrusion
            if not intrusion:
                break
    return best


def _intrusion(cuts: list[float], keep: list[tuple[float, float]]) -> float:
    """How far, in mm summed, the cuts come inside the spans of `keep` grown by SEAM_CLEAR: a cut
    that close to an outline leaves it on one sheet and its edge on the other."""
    return sum(max(0.0, min(cut - span[0] + SEAM_CLEAR, span[1] + SEAM_CLEAR - cut)) for cut in cuts for span in keep)


def _keep_whole(
    elements: tuple[Element, ...], w: float, h: float, dx: float = 0.0, dy: float = 0.0
) -> list[tuple[float, float, float, float]]:
    """(x0, x1, y0, y1) in mm of what a cut must not split: spaces (boxes and circles), icons and
    the ink of every text. Fills that span most of the board (backgrounds, tints) may be cut."""
    out = []
    for e in elements:
        if isinstance(e, Group):
            if e.rotate:
                continue
            out += _keep_whole(e.elements, w, h, dx + e.dx, dy + e.dy)
        elif isinstance(e, Box) and (e.stroke or e.fill) and e.w < w / 2 and e.h < h / 2:
            out.append((dx + e.x, dx + e.x + e.w, dy + e.y, dy + e.y + e.h))
        elif isinstance(e, Circle) and e.r < min(w, h) / 4:
            out.append((dx + e.cx - e.r, dx + e.cx + e.r, dy + e.cy - e.r, dy + e.cy + e.r))
        elif isinstance(e, Icon):
            out.append((dx + e.cx - e.size / 2, dx + e.cx + e.size / 2, dy + e.cy - e.size / 2, dy + e.cy + e.size / 2))
        elif isinstance(e, Text) and e.text.strip():
            size, lines = fitted(e)
            ink = max(text_width(line, e.bold, size) for line in lines) / MM
            x0 = {"left": e.x, "right": e.x + e.w - ink}.get(e.align, e.x + (e.w - ink) / 2)
            out.append((dx + x0, dx + x0 + ink, dy + e.y, dy + e.y + e.h))
    return out


def _whole(board: Board, target: Rect, area: Rect, options: RenderOptions) -> Callable[[PageContext], None]:
    def draw(ctx: PageContext) -> None:
        c = ctx.canvas
        _paint(ctx, board, target.x, target.y, options.bleed)
        _outline(c, target, target.inset(-options.bleed), area, options.bleed)
        ctx.place(kind=board.kind, name=board.name, side="face", rect=target)

    return draw


def _paint(ctx: PageContext, board: Board, x: float, y: float, bleed: float) -> None:
    """The board drawn with its lower left corner at (x, y); its fills that reach an edge run on
    `bleed` beyond it."""
    c = ctx.canvas
    if board.background:
        c.setFillColor("#ffffff" if ctx.painter.ink_saver else board.background)
        c.rect(x - bleed, y - bleed, board.width * MM + 2 * bleed, board.height * MM + 2 * bleed, stroke=0, fill=1)
    elements = bleeding(board.elements, board.width, board.height, bleed / MM, ink_saver=ctx.painter.ink_saver)
    ctx.painter.draw(elements, x, y)


def _tile(
    board: Board,
    region: Rect,
    target: Rect,
    art: Rect,
    area: Rect,
    label: str,
    cols: int,
    rows: int,
    col: int,
    row: int,
    options: RenderOptions,
) -> Callable[[PageContext], None]:
    def draw(ctx: PageContext) -> None:
        c = ctx.canvas
        ox, oy = target.x - region.x, target.y - region.y
        c.saveState()
        clip = c.beginPath()
        clip.rect(art.x, art.y, art.width, art.height)
        c.clipPath(clip, stroke=0, fill=0)
        _paint(ctx, board, ox, oy, options.bleed)
        c.restoreState()
        _outline(c, target, art, area, options.bleed)
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
        ctx.place(
            kind=board.kind,
            name=board.name,
            side="face",
            rect=region,
            tile=BoardTile(
                label=label, first=col == 0 and row == 0, page_x=round(target.x / MM, 2), page_y=round(target.y / MM, 2)
            ),
        )

    return draw


def _seam(c: Canvas, what: str, axis: str, at: float, other: str, region: Rect, ox: float, oy: float) -> None:
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
        # a cut's note prints just beyond the cut, on paper that is cut away; a glue strip's note
        # sits in the strip, which the other tile covers: neither hides play content
        inside = cut_at + ox + (3.0 * MM if what == "cut" else -OVERLAP / 2)
        c.translate(inside, region.y + oy + along * region.height)
        c.rotate(90)
        c.drawCentredString(0, 0, text)
        c.restoreState()
    else:
        inside = cut_at + oy + (1.0 * MM if what == "cut" else -OVERLAP / 2)
        c.drawCentredString(region.x + ox + along * region.width, inside, text)
    c.restoreState()
