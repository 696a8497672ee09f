"""Crop marks: short black strokes beyond the art at both ends of every straight cut line."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from pnp.geometry import MM, Rect

MARK = "#000000"
MARK_LEN = 4 * MM
MARK_CLEAR = 0.6 * MM  # between the art and its crop marks
MARK_ROOM = MARK_CLEAR + 2.0 * MM + 0.3 * MM  # kept free beyond the art: room for the shortest marks


def crop_marks(c: Canvas, trims: list[Rect], art: Rect, *, within: Rect, others: Sequence[Rect] = ()) -> None:
    """Short marks on every trim line of `trims`, outside `art` (the trims with their bleed), so
    none crosses a face or its bleed. Each side's marks reach at most halfway to the nearest block
    of `others` facing it, else to the edge of `within`."""
    across = [g for g in others if g.y < art.top and g.top > art.y]
    along = [g for g in others if g.x < art.right and g.right > art.x]
    rooms = {
        "top": min([(g.y - art.top) / 2 for g in along if g.y >= art.top - 1e-6], default=within.top - art.top),
        "bottom": min([(art.y - g.top) / 2 for g in along if g.top <= art.y + 1e-6], default=art.y - within.y),
        "right": min(
            [(g.x - art.right) / 2 for g in across if g.x >= art.right - 1e-6], default=within.right - art.right
        ),
        "left": min([(art.x - g.right) / 2 for g in across if g.right <= art.x + 1e-6], default=art.x - within.x),
    }
    xs = sorted({round(v, 3) for t in trims for v in (t.x, t.right)})
    ys = sorted({round(v, 3) for t in trims for v in (t.y, t.top)})
    lengths = {side: min(MARK_LEN, room - MARK_CLEAR - 0.3 * MM) for side, room in rooms.items()}
    c.setStrokeColor(MARK)
    c.setLineWidth(0.35)
    for lines, ends in (
        (xs, (("top", 1, art.top), ("bottom", -1, art.y))),
        (ys, (("right", 1, art.right), ("left", -1, art.x))),
    ):
        for v in lines:
            for side, sign, edge in ends:
                a, b = edge + sign * MARK_CLEAR, edge + sign * (MARK_CLEAR + lengths[side])
                c.line(v, a, v, b) if lines is xs else c.line(a, v, b, v)
