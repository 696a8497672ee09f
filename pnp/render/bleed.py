"""Bleed: the fills that touch a piece's trim run on past it, so a cut a little off shows more of
them, never a pale sliver; and one side of a piece painted alone on a page of its own size."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.geometry import MM
from pnp.render.elements import Box, Element, Polygon
from pnp.render.painter import Painter

TRIM_EDGE = 0.01  # mm: a coordinate this close to the trim lies on it


def paint_side(
    painter: Painter, side: tuple[Sequence[Element], str | None], w: float, h: float, outside: float
) -> None:
    """One side of a `w` x `h` mm piece alone on a page `outside` points larger all round: its
    background over the whole page (not in ink-saver), its edge fills run on to the page edge."""
    elements, background = side
    if background and not painter.ink_saver:
        painter.set_fill(background)
        painter.canvas.rect(0, 0, w * MM + 2 * outside, h * MM + 2 * outside, stroke=0, fill=1)
    painter.draw(bleeding(elements, w, h, outside / MM, ink_saver=painter.ink_saver), outside, outside)


def bleeding(elements: Sequence[Element], w: float, h: float, bleed: float, *, ink_saver: bool) -> tuple[Element, ...]:
    """Fills that touch the trim (title bands, backgrounds, a board's tinted regions) run on into
    the bleed, so a cut a little off shows more band, never a pale sliver. Stroked shapes (borders)
    stay where they are, and in ink saver every fill does (`runs_on`)."""
    if not bleed:
        return tuple(elements)

    def out_x(x: float) -> float:
        return x - bleed if x <= TRIM_EDGE else x + bleed if x >= w - TRIM_EDGE else x

    def out_y(y: float) -> float:
        return y - bleed if y <= TRIM_EDGE else y + bleed if y >= h - TRIM_EDGE else y

    out = []
    for element in elements:
        if isinstance(element, Box) and runs_on(element, ink_saver=ink_saver):
            x0, y0 = out_x(element.x), out_y(element.y)
            x1, y1 = out_x(element.x + element.w), out_y(element.y + element.h)
            element = Box(x=x0, y=y0, w=x1 - x0, h=y1 - y0, fill=element.fill)
        elif isinstance(element, Polygon) and runs_on(element, ink_saver=ink_saver):
            element = Polygon(points=tuple((out_x(x), out_y(y)) for x, y in element.points), fill=element.fill)
        out.append(element)
    return tuple(out)


def runs_on(element: Element, *, ink_saver: bool) -> bool:
    """A fill that runs on into the bleed where it touches the trim (within TRIM_EDGE mm): an
    unstroked fill with square corners, in colour. Ink saver runs nothing on: it prints a large fill
    white inside an outline of its colour, which run on would stand out in the bleed across the
    piece's border, and a small one is an accent that can stop at the trim."""
    if ink_saver:
        return False
    if isinstance(element, Box):
        return bool(element.fill) and not element.stroke and not element.radius
    return isinstance(element, Polygon) and bool(element.fill) and not element.stroke
