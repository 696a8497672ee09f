"""What every page carries: game name, page n / N, a 50 mm scale check, the credits line and the
imprint (the pnp version and the settings that made the print).

The furniture sits upright in two bands, at the top and the foot of the page. Where a card grid
leaves little room (eight poker cards with 3 mm bleed on A4 leave 4.5 mm at each end), the bands
are tight: smaller type, and the scale bar's caption beside the bar instead of under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from pnp.geometry import MM, Rect
from pnp.render.fonts import font, text_width
from pnp.render.painter import Painter

HEAD = 4.5 * MM
FOOT = 5.5 * MM
GAP = 1.0 * MM
SCALE_BAR = 50 * MM
GREY = "#555555"

Bands = Literal["tb", "tight"]
SIZES: Mapping[Bands, tuple[float, float, float]] = MappingProxyType(
    {"tb": (HEAD, FOOT, GAP), "tight": (3.0 * MM, 3.4 * MM, 0.5 * MM)}
)


def band_area(printable: Rect, bands: Bands) -> Rect:
    """The printable area left between the bands."""
    head, foot, gap = SIZES[bands]
    return Rect(printable.x, printable.y + foot + gap, printable.width, printable.height - head - foot - 2 * gap)


def content_area(printable: Rect) -> Rect:
    """The printable area left for a full-page component once the bands are placed top and bottom."""
    return band_area(printable, "tb")


def bands_for(printable: Rect, content: Rect) -> Bands:
    """Roomy bands when they clear `content`, tight ones otherwise."""
    roomy = band_area(printable, "tb")
    return "tb" if content.y >= roomy.y - 1e-6 and content.top <= roomy.top + 1e-6 else "tight"


@dataclass(frozen=True)
class Furniture:
    """The parts that never change (title, scale bar, credits) are one form per page shape; only
    the label and the page number are drawn on each page."""

    game: str
    credits: str
    imprint: str = ""  # the version and settings that made the print

    def draw(self, painter: Painter, printable: Rect, bands: Bands, label: str, page: int, pages: int) -> None:
        canvas, forms = painter.canvas, painter.forms
        key = f"furniture_{bands}_{printable.x:.0f}_{printable.y:.0f}_{printable.width:.0f}_{printable.height:.0f}"
        page_w, page_h = printable.right + printable.x, printable.top + printable.y
        tight = bands == "tight"
        head = printable.top - SIZES[bands][0]
        canvas.doForm(forms.form(key, (0, 0, page_w, page_h), lambda: self._static(canvas, printable, head, tight)))
        size = 6.0 if tight else 7.0
        baseline = head + (0.7 if tight else 1.2) * MM
        painter.set_fill(GREY)
        right = f"page {page} / {pages}"
        painter.lines.draw(printable.right, baseline, right, bold=False, size=size, align="right")
        room = printable.width - text_width(self.game, True, size) - text_width(right, False, size) - 8 * MM
        painter.lines.draw(
            printable.x + printable.width / 2,
            baseline,
            _shorten(label, room, size),
            bold=False,
            size=size,
            align="center",
        )

    def _static(self, c: Canvas, printable: Rect, head: float, tight: bool) -> None:
        x, y, length = printable.x, printable.y, printable.width
        c.setFillColor(GREY)
        c.setFont(font(True), 6.0 if tight else 7.0)
        c.drawString(x, head + (0.7 if tight else 1.2) * MM, self.game)
        c.setStrokeColor("#000000")
        c.setFillColor("#000000")
        c.setLineWidth(0.5)
        bar_y = y + (1.7 if tight else 3.6) * MM
        for i in range(6):
            tick = (1.0 if tight else 1.2) * MM if i in (0, 5) else 0.6 * MM
            c.line(x + i * 10 * MM, bar_y - tick, x + i * 10 * MM, bar_y + tick)
        c.line(x, bar_y, x + SCALE_BAR, bar_y)
        c.setFillColor(GREY)
        c.setFont(font(False), 5.0 if tight else 5.5)
        caption = "50 mm at 100% scale"
        if tight:  # the caption beside the bar; the credits over the imprint, a size smaller
            c.drawString(x + SCALE_BAR + 2 * MM, y + 1.0 * MM, caption)
            room = length - SCALE_BAR - 10 * MM - text_width(caption, False, 5.0)
            c.setFont(font(False), 4.5)
            c.drawRightString(x + length, y + 2.0 * MM, _shorten(self.credits, room, 4.5))
            c.drawRightString(x + length, y + 0.35 * MM, _shorten(self.imprint, room, 4.5))
            return
        c.drawString(x, y + 0.6 * MM, caption)
        room = length - SCALE_BAR - 6 * MM
        c.drawRightString(x + length, y + 2.8 * MM, _shorten(self.credits, room, 5.5))
        c.drawRightString(x + length, y + 0.6 * MM, _shorten(self.imprint, room, 5.5))


def _shorten(text: str, room: float, size: float) -> str:
    if text_width(text, False, size) <= room:
        return text
    while text and text_width(text + "…", False, size) > room:
        text = text[:-1]
    return text + "…" if text else ""
