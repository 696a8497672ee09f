"""Units, paper and card sizes, and the grid arithmetic of imposition. All lengths are points."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

INCH_MM = 25.4
MM = 72 / INCH_MM
INCH = 72.0
_UNITS = MappingProxyType({"mm": MM, "cm": 10 * MM, "in": INCH, "pt": 1.0})
_NUMBER = r"(\d+(?:\.\d+)?)"
_LENGTH_RE = re.compile(rf"^\s*{_NUMBER}\s*(mm|cm|in|pt)?\s*$")
_SIZE_RE = re.compile(rf"^\s*{_NUMBER}\s*[xX\u00d7]\s*{_NUMBER}\s*(mm|cm|in|pt)?\s*$")  # 63x88, 63X88, 63\u00d788

PAPERS = MappingProxyType({"a4": (210, 297), "letter": (215.9, 279.4), "a3": (297, 420), "tabloid": (279.4, 431.8)})
# mini: the Euro mini of 44 x 68 mm; american-mini: 1.75 x 2.5 in, what print shops sell as a mini card
CARDS = MappingProxyType(
    {
        "poker": (63.5, 88.9),
        "bridge": (57.15, 88.9),
        "tarot": (70, 120),
        "mini": (44, 68),
        "american-mini": (44.45, 63.5),
    }
)
# a card sleeve's length over its card's, each way: the standard 66 x 91 mm sleeve of a 63.5 x 88.9 mm
# poker card; a zone for cards on a board is the card and this
SLEEVE_MM = 2.5
CLEARANCE_MM = 1.5  # a piece keeps this from its neighbours and from the edge of what it stands on


def parse_length(text: str | float | int, default_unit: str = "mm") -> float:
    """`"3mm"`, `"0.125in"`, `"9pt"` or a bare number in `default_unit` -> points."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if text < 0:
            raise ValueError(f"{text!r} is negative")
        return float(text) * _UNITS[default_unit]
    match = _LENGTH_RE.match(str(text))
    if not match:
        raise ValueError(f"{text!r} is not a length (examples: 3mm, 0.125in, 9pt)")
    return float(match.group(1)) * _UNITS[match.group(2) or default_unit]


def _parse_size(text: str, presets: Mapping[str, tuple[float, float]], what: str) -> tuple[str, float, float]:
    key = text.strip().lower()
    if key in presets:
        w, h = presets[key]
        return key, w * MM, h * MM
    match = _SIZE_RE.match(key)
    if not match:
        names = ", ".join(presets)
        raise ValueError(f"{text!r} is not a {what} (choose {names}, or WxH in mm such as 63x88)")
    unit = _UNITS[match.group(3) or "mm"]
    w, h = float(match.group(1)) * unit, float(match.group(2)) * unit
    if w <= 0 or h <= 0:
        raise ValueError(f"{text!r} has a zero side")
    return key, w, h


@dataclass(frozen=True)
class Size:
    """A named width x height in points (a paper or a card)."""

    name: str
    width: float
    height: float

    @classmethod
    def paper(cls, text: str) -> Size:
        return cls(*_parse_size(text, PAPERS, "paper size"))

    @classmethod
    def card(cls, text: str) -> Size:
        return cls(*_parse_size(text, CARDS, "card size"))

    def label(self) -> str:
        return f"{self.name} ({self.width / MM:.1f} x {self.height / MM:.1f} mm)"


class Rect(NamedTuple):
    """A rectangle in points, lower-left corner first. A named tuple: made several times for every
    piece of a build, without a frozen dataclass's setattr per field, and hashed and compared in C."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.width - 2 * dx, self.height - 2 * dy)

    def overlap(self, other: Rect) -> Rect:
        """The part of this rectangle inside `other` (empty when they do not meet)."""
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        return Rect(x0, y0, max(min(self.right, other.right) - x0, 0.0), max(min(self.top, other.top) - y0, 0.0))

    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.right, self.top)


def grid_fit(item_w: float, item_h: float, area_w: float, area_h: float, gap: float = 0.0) -> tuple[int, int]:
    """How many columns and rows of items (with `gap` between them) fit an area."""
    cols = int((area_w + gap + 1e-6) // (item_w + gap)) if item_w > 0 else 0
    rows = int((area_h + gap + 1e-6) // (item_h + gap)) if item_h > 0 else 0
    return max(cols, 0), max(rows, 0)
