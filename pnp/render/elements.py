"""The drawing vocabulary game modules compose pieces from: plain data, no drawing library.

`pnp.render.painter` draws it.

Coordinates are millimetres from the piece's lower-left corner, y up; line widths are points. Every
field is named at the call (Box(x=..., y=..., w=..., h=...)): four bare numbers are easy to swap.
Colours are '#rrggbb'.
In ink-saver mode large fills become white with an outline, text prints dark, and icons print as
light shapes with a dark outline (small ones solid).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from pnp.source.markup import inline_icons

INK = "#1b1b1b"
WHITE = "#ffffff"
LIGHT_ICON_FILL = "#e4e4e4"  # ink saver: an icon's inside, light enough to save toner, dark enough to see
ICON_OUTLINE_PT = 0.6  # ink saver: the dark line round an icon's shapes
SOLID_ICON_MM = 9.0  # ink saver: icons this small stay solid dark, as an outline would blur them
ACCENT_AREA_MM2 = 120.0


@dataclass(frozen=True, kw_only=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.4
    radius: float = 0.0
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.4
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    color: str = INK
    width: float = 0.4
    dash: tuple[float, ...] | None = None
    arrow: bool = False

    def head(self) -> float:
        """The arrowhead's length (mm), drawn at (x2, y2) when `arrow` is set."""
        return max(2.2, self.width * 2.5)


@dataclass(frozen=True, kw_only=True, slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.4


@dataclass(frozen=True, kw_only=True, slots=True)
class Icon:
    ref: str
    cx: float
    cy: float
    size: float
    color: str = INK
    rotate: float = 0.0


@dataclass(frozen=True, kw_only=True, slots=True, repr=False)
class Text:
    text: str
    x: float
    y: float
    w: float
    h: float
    size: float = 9.0
    min_size: float = 5.0
    bold: bool = False
    font: str = ""  # a designer's family (`fonts.register_family`), or "" for DejaVu Sans
    align: str = "center"
    valign: str = "middle"
    color: str = INK
    # the size and lines it was fitted to when composed, so the painter does not fit it again; not
    # part of what the text is (its repr, equality and a design's fingerprint leave it out)
    fitted: tuple[float, tuple[str, ...]] | None = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        """As a dataclass says it, `font` said only when a family is named: a design's fingerprint
        (its repr's hash) stays the one earlier versions recorded for a text in DejaVu Sans."""
        font = f"font={self.font!r}, " if self.font else ""
        return (
            f"Text(text={self.text!r}, x={self.x!r}, y={self.y!r}, w={self.w!r}, h={self.h!r}, size={self.size!r}, "
            f"min_size={self.min_size!r}, bold={self.bold!r}, {font}align={self.align!r}, valign={self.valign!r}, "
            f"color={self.color!r})"
        )


@dataclass(frozen=True, kw_only=True, slots=True)
class Group:
    """Elements moved by (dx, dy) then turned `rotate` degrees about (dx, dy)."""

    elements: tuple[Element, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0


Element = Box | Circle | Line | Polygon | Icon | Text | Group
Elements = tuple[Element, ...]


def leaves(elements: Sequence[Element]) -> Iterator[Element]:
    """Every element drawn, groups opened, in drawing order."""
    for element in elements:
        if isinstance(element, Group):
            yield from leaves(element.elements)
        else:
            yield element


def icon_refs(elements: Sequence[Element]) -> set[str]:
    """Every icon reference in `elements`, groups and texts' inline icons included (for credits
    and the icon cache)."""
    found: set[str] = set()
    for element in elements:
        if isinstance(element, Icon):
            found.add(element.ref)
        elif isinstance(element, Group):
            found |= icon_refs(element.elements)
        elif isinstance(element, Text) and "<" in element.text:
            found.update(inline_icons(element.text))
    return found
