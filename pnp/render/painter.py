"""The one place that draws the element vocabulary, on a reportlab canvas.

In ink-saver mode large fills become white with an outline, text prints dark, and icons print as
light shapes with a dark outline (small ones solid).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, toColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from pnp.geometry import MM
from pnp.render.elements import (
    ACCENT_AREA_MM2,
    ICON_OUTLINE_PT,
    INK,
    LIGHT_ICON_FILL,
    SOLID_ICON_MM,
    Box,
    Circle,
    Element,
    Group,
    Icon,
    Line,
    Polygon,
    Text,
)
from pnp.render.richtext import ICON_DROP, ICON_EM, run_face, run_width
from pnp.render.textfit import LEADING, baseline, fitted
from pnp.render.textlines import TextLines
from pnp.source.markup import has_markup, runs
from pnp.source.ownart import is_art_ref, is_picture_ref


def color_code(color: Color, *, stroke: bool = False) -> str | None:
    """The operator that sets `color` as the fill (or the stroke), as reportlab writes it; None for
    a colour with transparency or a spot colour, which reportlab sets with more than one operator."""
    if getattr(color, "alpha", 1) not in (None, 1) or isinstance(color, CMYKColorSep):
        return None
    if isinstance(color, CMYKColor):
        d = color.density
        inks = fp_str(d * color.cyan, d * color.magenta, d * color.yellow, d * color.black)
        return f"{inks} {'K' if stroke else 'k'}"
    return f"{fp_str(color.red, color.green, color.blue)} {'RG' if stroke else 'rg'}"


def rl_color(value: str) -> Color:
    """A '#rrggbb' colour as reportlab draws it (a painter works each colour's code out once)."""
    return toColor(value)


class Forms(Protocol):
    """Form XObjects drawn once per PDF and placed by reference (see `pnp.render.pages.FormCache`)."""

    def ready(self, refs: Iterable[str]) -> None: ...

    def icon_form(self, ref: str) -> str: ...

    def picture_form(self, ref: str) -> tuple[str, tuple[int, int]]: ...

    def form(self, key: Hashable, bbox: tuple[float, float, float, float], draw: Callable[[], None]) -> str: ...


@dataclass
class Painter:
    """Draws elements on a reportlab canvas; icons go through the document's reusable forms."""

    canvas: Canvas
    forms: Forms
    ink_saver: bool = False
    colors: Callable[[str], Color] = rl_color  # '#rrggbb' to the canvas's colour: CMYK for a press
    _fill: str | None = None
    ox: float = 0.0
    oy: float = 0.0
    lines: TextLines = field(init=False)
    _codes: dict[tuple[str, bool], str | None] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.lines = TextLines(self.canvas)

    def draw(self, elements: Sequence[Element], x: float = 0.0, y: float = 0.0) -> None:
        c = self.canvas
        c.saveState()
        self.draw_at(elements, x, y, fresh=True)
        c.restoreState()

    def draw_here(self, elements: Sequence[Element]) -> None:
        """Draw at the current origin, inside a graphics state the caller saved."""
        self.draw_at(elements, 0.0, 0.0, fresh=True)

    def draw_at(self, elements: Sequence[Element], x: float, y: float, fresh: bool = False) -> None:
        """Draw with the origin moved to (x, y) points by arithmetic, not by a transformation:
        a card placed this way costs no extra graphics state in the PDF."""
        saved = self._fill, self.ox, self.oy
        if fresh:
            self._fill = None
        self.ox, self.oy = x, y
        draw = _DRAW
        for element in elements:
            draw[type(element)](self, element)
        if fresh:
            self._fill = saved[0]
        self.ox, self.oy = saved[1], saved[2]

    def fill(self, color: str) -> None:
        """Set the fill colour, skipping the operator when it is already in force."""
        if color != self._fill:
            self.set_fill(color)
            self._fill = color

    def set_fill(self, color: str) -> None:
        """Write the fill colour's operator, worked out once per colour (reportlab works it out
        on every call); inside a saved graphics state, where the tracked fill does not apply."""
        self._set_color(color, stroke=False)

    def set_stroke(self, color: str) -> None:
        self._set_color(color, stroke=True)

    def _set_color(self, color: str, *, stroke: bool) -> None:
        key = (color, stroke)
        if key not in self._codes:
            self._codes[key] = color_code(self.colors(color), stroke=stroke)
        code = self._codes[key]
        if code is not None:
            self.canvas.addLiteral(code)
        elif stroke:
            self.canvas.setStrokeColor(self.colors(color))
        else:
            self.canvas.setFillColor(self.colors(color))

    # colours ---------------------------------------------------------------------------------
    def _fill_stroke(self, fill: str | None, stroke: str | None, area_mm2: float) -> tuple[str | None, str | None]:
        if self.ink_saver and fill and area_mm2 > ACCENT_AREA_MM2:
            return "#ffffff", stroke or fill  # paper-white still hides what lies beneath
        return fill, stroke

    def _ink(self, color: str) -> str:
        return INK if self.ink_saver else color

    def _apply(self, fill: str | None, stroke: str | None, width: float, dash: tuple[float, ...] | None) -> None:
        if fill:
            self.fill(fill)
        if stroke:
            self.set_stroke(stroke)
            self.canvas.addLiteral(f"{fp_str(width)} w")
        if dash:
            self.canvas.setDash([d * MM for d in dash])
        else:
            self.canvas.addLiteral("[] 0 d")  # as reportlab's setDash([]) writes it

    # shapes ----------------------------------------------------------------------------------
    def _box(self, e: Box) -> None:
        fill, stroke = self._fill_stroke(e.fill, e.stroke, e.w * e.h)
        if not fill and not stroke:
            return
        self._apply(fill, stroke, e.width, e.dash)
        args = (self.ox + e.x * MM, self.oy + e.y * MM, e.w * MM, e.h * MM)
        if e.radius:
            self.canvas.roundRect(*args, e.radius * MM, stroke=int(bool(stroke)), fill=int(bool(fill)))
        else:
            self.canvas.rect(*args, stroke=int(bool(stroke)), fill=int(bool(fill)))

    def _circle(self, e: Circle) -> None:
        fill, stroke = self._fill_stroke(e.fill, e.stroke, 3.1416 * e.r * e.r)
        if not fill and not stroke:
            return
        self._apply(fill, stroke, e.width, e.dash)
        self.canvas.circle(
            self.ox + e.cx * MM, self.oy + e.cy * MM, e.r * MM, stroke=int(bool(stroke)), fill=int(bool(fill))
        )

    def _line(self, e: Line) -> None:
        self._apply(None, e.color, e.width, e.dash)
        c = self.canvas
        c.line(self.ox + e.x1 * MM, self.oy + e.y1 * MM, self.ox + e.x2 * MM, self.oy + e.y2 * MM)
        if e.arrow:
            angle = math.atan2(e.y2 - e.y1, e.x2 - e.x1)
            head = e.head()
            pts = [(e.x2, e.y2)]
            for side in (-1, 1):
                a = angle + math.pi + side * 0.45
                pts.append((e.x2 + head * math.cos(a), e.y2 + head * math.sin(a)))
            self._polygon(Polygon(points=tuple(pts), fill=e.color, stroke=e.color, width=e.width))

    def _polygon(self, e: Polygon) -> None:
        xs = [p[0] for p in e.points]
        ys = [p[1] for p in e.points]
        fill, stroke = self._fill_stroke(e.fill, e.stroke, (max(xs) - min(xs)) * (max(ys) - min(ys)) / 2)
        if not fill and not stroke:
            return
        self._apply(fill, stroke, e.width, None)
        path = self.canvas.beginPath()
        path.moveTo(self.ox + e.points[0][0] * MM, self.oy + e.points[0][1] * MM)
        for px, py in e.points[1:]:
            path.lineTo(self.ox + px * MM, self.oy + py * MM)
        path.close()
        self.canvas.drawPath(path, stroke=int(bool(stroke)), fill=int(bool(fill)))

    def _icon(self, e: Icon) -> None:
        if is_picture_ref(e.ref):
            self._picture(e)
            return
        name = self.forms.icon_form(e.ref)
        c = self.canvas
        scale = e.size * MM / 512.0
        c.addLiteral("q")
        if self.ink_saver:  # a light fill inside a dark outline; a small icon stays solid to stay legible
            self.set_fill(LIGHT_ICON_FILL if e.size > SOLID_ICON_MM else INK)
            self.set_stroke(INK)
            c.setLineWidth(ICON_OUTLINE_PT / scale)  # the form's units are the icon's 512 to a side
            c.setLineJoin(1)
        else:
            self.set_fill(e.color)
            if is_art_ref(e.ref):  # the designer's line art of one colour is stroked in the slot's
                self.set_stroke(e.color)
        self._centred(name, e, scale, (512.0, 512.0))

    def _picture(self, e: Icon) -> None:
        """The designer's picture as it is (its colours are its own; the ink saver's light grey is
        the form's), fitted inside the icon's square with its proportions kept."""
        name, (width, height) = self.forms.picture_form(e.ref)
        self.canvas.addLiteral("q")
        self._centred(name, e, e.size * MM / max(width, height), (width, height))

    def _centred(self, name: str, e: Icon, scale: float, size: tuple[float, float]) -> None:
        """Form `name`, `size` in its own units, scaled by `scale` and centred on the icon's centre,
        turned as it says: one matrix places and sizes it. Closes the graphics state the caller began."""
        c = self.canvas
        cx, cy = self.ox + e.cx * MM, self.oy + e.cy * MM
        if e.rotate:
            c.translate(cx, cy)
            c.rotate(e.rotate)
            cx = cy = 0.0
        c.addLiteral(f"{fp_str(scale, 0, 0, scale, cx - size[0] * scale / 2, cy - size[1] * scale / 2)} cm")
        c.doForm(name)
        c.addLiteral("Q")

    def _text(self, e: Text) -> None:
        size, lines = fitted(e)
        self.fill(self._ink(e.color))
        block = len(lines) * size * LEADING
        top = (
            self.oy
            + {"top": (e.y + e.h) * MM, "bottom": e.y * MM + block, "middle": (e.y + e.h / 2) * MM + block / 2}[
                e.valign
            ]
        )
        x = self.ox + {"left": e.x, "right": e.x + e.w, "center": e.x + e.w / 2}[e.align] * MM
        for i, line in enumerate(lines):
            if has_markup(line):
                self._marked(e, line, x, baseline(top, size, i), size)
            else:
                self.lines.draw(x, baseline(top, size, i), line, bold=e.bold, size=size, align=e.align, font=e.font)

    def _marked(self, e: Text, line: str, x: float, y: float, size: float) -> None:
        """A line of markup, run by run from where its alignment starts it: words in their face,
        slant and colour, an inline icon as the icon it names, on the baseline at the text's size."""
        found = runs(line, e.bold)
        widths = [run_width(run, size, e.font) for run in found]
        x -= {"left": 0.0, "center": 0.5, "right": 1.0}[e.align] * sum(widths)
        for run, width in zip(found, widths, strict=True):
            color = self._ink(run.color or e.color)
            if run.icon:
                side = ICON_EM * size
                cx, cy = x + width / 2, y - ICON_DROP * size + side / 2
                self._icon(
                    Icon(ref=run.icon, cx=(cx - self.ox) / MM, cy=(cy - self.oy) / MM, size=side / MM, color=color)
                )
            else:
                self.fill(color)
                font, slant = run_face(run, e.font)
                self.lines.draw(x, y, run.text, bold=run.bold, size=size, font=font, slant=slant)
            x += width
        self.fill(self._ink(e.color))

    def _group(self, e: Group) -> None:
        c = self.canvas
        c.saveState()
        c.translate(self.ox + e.dx * MM, self.oy + e.dy * MM)
        if e.rotate:
            c.rotate(e.rotate)
        self.draw_here(e.elements)
        c.restoreState()


# how each kind of element is drawn: one lookup per element, on the hot path of every page
_DRAW: Mapping[type, Callable[[Painter, Any], None]] = MappingProxyType(
    {
        Box: Painter._box,
        Circle: Painter._circle,
        Line: Painter._line,
        Polygon: Painter._polygon,
        Icon: Painter._icon,
        Text: Painter._text,
        Group: Painter._group,
    }
)
