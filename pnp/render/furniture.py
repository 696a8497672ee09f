"""What every page carries: game name, page n / N, a 50 mm scale check and the credits line.

The furniture sits in two bands, top and bottom, or rotated down the left and right sides when a
card grid leaves more room there (three rows of poker cards on Letter leave 2.7 mm vertically).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.geometry import MM, Rect
from pnp.render.fonts import font, text_width

HEAD = 4.5 * MM
FOOT = 5.5 * MM
GAP = 1.0 * MM
SCALE_BAR = 50 * MM
GREY = "#555555"

Bands = Literal["tb", "lr"]


def choose_bands(printable: Rect, content: Rect) -> Bands | None:
    """Where the bands fit around `content` (centred in `printable`), or None."""
    vertical = min(printable.top - content.top, content.y - printable.y)
    horizontal = min(printable.right - content.right, content.x - printable.x)
    need = max(HEAD, FOOT) + GAP
    if vertical >= need:
        return "tb"
    if horizontal >= need:
        return "lr"
    return None


def content_area(printable: Rect) -> Rect:
    """The printable area left for a full-page component once the bands are placed top and bottom."""
    return Rect(printable.x, printable.y + FOOT + GAP, printable.width,
                printable.height - HEAD - FOOT - 2 * GAP)


@dataclass
class Furniture:
    """The parts that never change (title, scale bar, credits) are one form per page shape; only
    the label and the page number are drawn on each page."""

    game: str
    credits: str

    def draw(self, canvas, forms, printable: Rect, bands: Bands, label: str, page: int, pages: int) -> None:
        key = f"furniture_{bands}_{printable.x:.0f}_{printable.y:.0f}_{printable.width:.0f}_{printable.height:.0f}"
        page_w, page_h = printable.right + printable.x, printable.top + printable.y
        canvas.doForm(forms.form(key, (0, 0, page_w, page_h),
                                 lambda: self._each_band(canvas, printable, bands, self._static)))
        self._each_band(canvas, printable, bands, lambda c, x, y, length, which: self._dynamic(
            c, x, y, length, which, label, page, pages))

    def _each_band(self, c, printable: Rect, bands: Bands, paint) -> None:
        if bands == "tb":
            paint(c, printable.x, printable.top - HEAD, printable.width, "head")
            paint(c, printable.x, printable.y, printable.width, "foot")
            return
        for which, x in (("head", printable.x + HEAD), ("foot", printable.right)):
            c.saveState()
            c.translate(x, printable.y)
            c.rotate(90)
            paint(c, 0, 0, printable.height, which)
            c.restoreState()

    def _static(self, c, x: float, y: float, length: float, which: str) -> None:
        if which == "head":
            c.setFillColor(GREY)
            c.setFont(font(True), 7.0)
            c.drawString(x, y + 1.2 * MM, self.game)
            return
        c.setStrokeColor("#000000")
        c.setFillColor("#000000")
        c.setLineWidth(0.5)
        bar_y = y + 3.6 * MM
        c.line(x, bar_y, x + SCALE_BAR, bar_y)
        for i in range(6):
            tick = 1.2 * MM if i in (0, 5) else 0.7 * MM
            c.line(x + i * 10 * MM, bar_y - tick, x + i * 10 * MM, bar_y + tick)
        c.setFillColor(GREY)
        c.setFont(font(False), 5.5)
        c.drawString(x, y + 0.6 * MM, "50 mm at 100% scale")
        room = length - SCALE_BAR - 6 * MM
        c.drawRightString(x + length, y + 1.6 * MM, _shorten(self.credits, room, 5.5))

    def _dynamic(self, c, x: float, y: float, length: float, which: str, label: str, page: int, pages: int) -> None:
        if which != "head":
            return
        size = 7.0
        c.setFillColor(GREY)
        c.setFont(font(False), size)
        right = f"page {page} / {pages}"
        c.drawRightString(x + length, y + 1.2 * MM, right)
        room = length - text_width(self.game, True, size) - text_width(right, False, size) - 8 * MM
        c.drawCentredString(x + length / 2, y + 1.2 * MM, _shorten(label, room, size))


def _shorten(text: str, room: float, size: float) -> str:
    if text_width(text, False, size) <= room:
        return text
    while text and text_width(text + "…", False, size) > room:
        text = text[:-1]
    return text + "…" if text else ""
