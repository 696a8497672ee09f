"""Silhouette print and cut: the registration marks Silhouette Studio looks for on a printed sheet,
and the part of the sheet they leave the pieces and the page furniture.

The marks are those of inkscape-silhouette's render_silhouette_regmarks.py (the sizes cited in
`pnp.source.printoptions`): Studio's Registration Marks panel set to Type 1, length 20 mm,
thickness 0.3 mm and inset 10 mm expects exactly these. Their outer edges stand at the inset. That
file's safe area is where art may go: inside the marks, and out of the 20 mm square each mark's
corner starts; pnp keeps another millimetre clear, so the sensor sees white round every mark.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.geometry import MM, Rect
from pnp.source.printoptions import MARK_ARM_MM, MARK_INSET_MM, MARK_SQUARE_MM, MARK_STROKE_MM

MARK_CLEAR_MM = 1.0  # white kept round the marks and their corner squares


def registered_area(width: float, height: float) -> Rect:
    """Where pieces and the page furniture go on a sheet with marks (points): across, inside the
    marks' arms; down, below the top corners' squares and above the bottom-left one."""
    side = (MARK_INSET_MM + MARK_STROKE_MM + MARK_CLEAR_MM) * MM
    end = (MARK_INSET_MM + MARK_ARM_MM + MARK_CLEAR_MM) * MM
    return Rect(side, end, width - 2 * side, height - 2 * end)


def draw_registration(c: Canvas, width: float, height: float) -> None:
    """The filled square at the top left and the L-shaped marks at the top right and bottom left."""
    inset, arm, stroke = MARK_INSET_MM * MM, MARK_ARM_MM * MM, MARK_STROKE_MM * MM
    square = MARK_SQUARE_MM * MM
    c.saveState()
    c.setFillColor("#000000")
    c.rect(inset, height - inset - square, square, square, stroke=0, fill=1)
    right, bottom = width - inset, inset
    # each L as two filled bars, so its outer edges fall exactly at the inset
    for x, y, w, h in (
        (right - arm, height - inset - stroke, arm, stroke),  # top right, along the top
        (right - stroke, height - inset - arm, stroke, arm),  # top right, down the side
        (inset, bottom, arm, stroke),  # bottom left, along the foot
        (inset, bottom, stroke, arm),  # bottom left, up the side
    ):
        c.rect(x, y, w, h, stroke=0, fill=1)
    c.restoreState()
