"""Crop marks: short black strokes beyond the art at both ends of every straight cut line."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.geometry import MM, Rect

MARK = "#000000"
MARK_LEN = 4 * MM
MARK_CLEAR = 0.6 * MM      # between the art and its crop marks
MARK_ROOM = MARK_CLEAR + 2.0 * MM + 0.3 * MM   # kept free beyond the art: room for the shortest marks


def crop_marks(c: Canvas, trims: list[Rect], grid: Rect, rooms: dict[str, float]) -> None:
    """Short marks on every trim line of `trims`, outside `grid` (the trims with their bleed), so
    none crosses a face or its bleed; `rooms` says how far each side's marks may reach."""
    xs = sorted({round(v, 3) for t in trims for v in (t.x, t.right)})
    ys = sorted({round(v, 3) for t in trims for v in (t.y, t.top)})
    lengths = {side: min(MARK_LEN, room - MARK_CLEAR - 0.3 * MM) for side, room in rooms.items()}
    c.setStrokeColor(MARK)
    c.setLineWidth(0.35)
    for lines, ends in ((xs, (("top", 1, grid.top), ("bottom", -1, grid.y))),
                        (ys, (("right", 1, grid.right), ("left", -1, grid.x)))):
        for v in lines:
            for side, sign, edge in ends:
                a, b = edge + sign * MARK_CLEAR, edge + sign * (MARK_CLEAR + lengths[side])
                c.line(v, a, v, b) if lines is xs else c.line(a, v, b, v)
