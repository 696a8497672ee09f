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


def band_extents(printable: Rect, bands: Bands) -> tuple[Rect, Rect]:
    """The header and footer rectangles on the page."""
    if bands == "tb":
        return (Rect(printable.x, printable.top - HEAD, printable.width, HEAD),
                Rect(printable.x, printable.y, printable.width, FOOT))
    return (Rect(printable.x, printable.y, HEAD, printable.height),
            Rect(printable.right - FOOT, printable.y, FOOT, printable.height))


@dataclass
class Furniture:
    game: str
    label: str
    credits: str

    def draw(self, canvas, printable: Rect, bands: Bands, page: int, pages: int) -> None:
        if bands == "tb":
            self._header(canvas, printable.x, printable.top - HEAD, printable.width, page, pages)
            self._footer(canvas, printable.x, printable.y, printable.width)
            return
        canvas.saveState()
        canvas.translate(printable.x + HEAD, printable.y)
        canvas.rotate(90)
        self._header(canvas, 0, 0, printable.height, page, pages)
        canvas.restoreState()
        canvas.saveState()
        canvas.translate(printable.right, printable.y)
        canvas.rotate(90)
        self._footer(canvas, 0, 0, printable.height)
        canvas.restoreState()

    def _header(self, c, x: float, y: float, length: float, page: int, pages: int) -> None:
        size = 7.0
        c.setFillColor(GREY)
        base = y + 1.2 * MM
        c.setFont(font(True), size)
        c.drawString(x, base, self.game)
        right = f"page {page} / {pages}"
        c.setFont(font(False), size)
        c.drawRightString(x + length, base, right)
        room = length - text_width(self.game, True, size) - text_width(right, False, size) - 8 * MM
        label = _shorten(self.label, room, size)
        c.drawCentredString(x + length / 2, base, label)

    def _footer(self, c, x: float, y: float, length: float) -> None:
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
        c.setFont(font(False), 5.5)
        c.drawRightString(x + length, y + 1.6 * MM, _shorten(self.credits, room, 5.5))


def _shorten(text: str, room: float, size: float) -> str:
    if text_width(text, False, size) <= room:
        return text
    while text and text_width(text + "…", False, size) > room:
        text = text[:-1]
    return text + "…" if text else ""
