"""Print options as typed values: each parses itself from what a user types (a flag or pnp.toml),
says what it accepts when it cannot, and prints back as it was given. Lengths are held in points.

Each duplex mode's wording (on the pages, in the print guide, on a cover, in `--help`) is here,
once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import ClassVar, Self, TypeVar

from pnp.errors import closest
from pnp.geometry import CARDS, MM, PAPERS, Size, parse_length

MAX_BACK_OFFSET_MM = 10
C = TypeVar("C", bound=StrEnum)


@dataclass(frozen=True)
class Length:
    """A length as typed ("3mm", "0.125in", "9pt"; a bare 0 needs no unit) and in points."""

    text: str
    points: float

    @classmethod
    def parse(cls, value: str | float | Length) -> Length:
        if isinstance(value, Length):
            return value
        points = parse_length(value)
        if points and str(value).strip().replace(".", "", 1).isdigit():
            raise ValueError(f"{str(value)!r} has no unit: give one, such as {value}mm or {value}in")
        return cls(str(value), points)

    @property
    def mm(self) -> float:
        return self.points / MM

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class NamedSize(Size):
    """A size given by a preset's name or as WxH; it prints back as it was given."""

    @staticmethod
    def read(text: str) -> Size:
        raise NotImplementedError

    presets: ClassVar[Mapping[str, tuple[float, float]]] = MappingProxyType({})

    @classmethod
    def parse(cls, value: str | Size) -> Self:
        try:
            size = value if isinstance(value, Size) else cls.read(value)
        except ValueError:
            meant = closest(value, cls.presets)
            if meant is None:
                raise
            raise ValueError(f"{value!r} is unknown. Did you mean {meant!r}?") from None
        return cls(size.name, size.width, size.height)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Paper(NamedSize):
    """A sheet of paper: a4, letter, a3, tabloid, or WxH in mm."""

    read = staticmethod(Size.paper)
    presets = PAPERS


@dataclass(frozen=True)
class CardSize(NamedSize):
    """A card's trim size: poker, bridge, tarot, mini (44 x 68 mm), american-mini (1.75 x 2.5 in), or WxH in mm."""

    read = staticmethod(Size.card)
    presets = CARDS


@dataclass(frozen=True)
class BackOffset:
    """How far to shift every page of backs, X then Y, to cancel a printer's drift (points)."""

    text: str
    x: float
    y: float

    @classmethod
    def parse(cls, value: str | BackOffset) -> BackOffset:
        if isinstance(value, BackOffset):
            return value
        parts = str(value).split(",")
        if len(parts) != 2:
            raise ValueError(f"{str(value)!r}: give X,Y in mm, for example 0.5,-1")
        try:
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            raise ValueError(f"{str(value)!r}: X and Y must be numbers of mm") from None
        if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (x, y)):
            raise ValueError(
                f"{str(value)!r}: each of X and Y must be a number from -{MAX_BACK_OFFSET_MM} to "
                f"{MAX_BACK_OFFSET_MM} mm (printers drift by a millimetre or two; `pnp calibrate` "
                "measures yours)"
            )
        return cls(str(value), x * MM, y * MM)

    @property
    def points(self) -> tuple[float, float]:
        return self.x, self.y

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, kw_only=True)
class DuplexWording:
    edge: str  # on each page of backs
    how: str  # how a file with backs prints, in the print guide's list of files
    instruction: str  # how to print the whole file, on a cover page
    help: str  # in `--help`


def chosen(kind: type[C], value: str, what: str) -> C:
    """The member of `kind` that `value` names (case and spaces aside), or a message naming each."""
    try:
        return kind(str(value).strip().lower())
    except ValueError:
        raise ValueError(f"{str(value)!r} is not {what} (choose {', '.join(m.value for m in kind)})") from None


class DuplexMode(StrEnum):
    """How backs reach the reverse of their fronts."""

    LONG = "long"
    SHORT = "short"
    OFF = "off"
    FOLD = "fold"

    @classmethod
    def parse(cls, value: str) -> DuplexMode:
        return chosen(cls, value, "a duplex mode")

    @property
    def flips(self) -> bool:
        """The printer prints the reverse: backs are imposed to land behind their fronts."""
        return self in (DuplexMode.LONG, DuplexMode.SHORT)

    @property
    def wording(self) -> DuplexWording:
        return _WORDING[self]

    def print_dialog(self, two_sided: bool) -> str:
        """The PDF's /Duplex viewer preference, which a viewer's print dialog starts from: the flip
        edge for a file printed on both sides, Simplex for the rest."""
        if two_sided and self.flips:
            return "DuplexFlipShortEdge" if self is DuplexMode.SHORT else "DuplexFlipLongEdge"
        return "Simplex"

    @classmethod
    def help(cls) -> str:
        return "; ".join(mode.wording.help for mode in cls) + "."


LONG_EDGE = "flip on long edge"
SHORT_EDGE = "flip on short edge"
_WORDING = MappingProxyType(
    {
        DuplexMode.LONG: DuplexWording(
            edge=LONG_EDGE,
            how=f"double-sided, {LONG_EDGE}",
            help="long (default): flip on the long edge",
            instruction="Print the whole file double-sided, flipping on the LONG edge: each page of backs lands behind "
            "the page of fronts before it (this cover's reverse is blank on purpose).",
        ),
        DuplexMode.SHORT: DuplexWording(
            edge=SHORT_EDGE,
            how=f"double-sided, {SHORT_EDGE}",
            help="short: flip on the short edge",
            instruction="Print the whole file double-sided, flipping on the SHORT edge: each page of backs lands "
            "behind the page of fronts before it (this cover's reverse is blank on purpose).",
        ),
        DuplexMode.OFF: DuplexWording(
            edge="glue behind fronts",
            help="off: backs on sheets of their own, to glue behind the fronts",
            how="single-sided; glue each back sheet behind its front sheet, turned over left to right",
            instruction="Print single-sided: the back pages come after all the fronts; glue each back sheet behind "
            "its front sheet, turning it over left to right.",
        ),
        DuplexMode.FOLD: DuplexWording(
            edge="fold on the centre line",
            help="fold: each front beside its back, fold the sheet in half (no duplex printer needed)",
            how="single-sided; fold each sheet on its dashed centre line, glue, then cut",
            instruction="Print single-sided. Each sheet holds fronts on the left and their backs on the right: fold it "
            "along the dashed centre line, glue the halves together, then cut.",
        ),
    }
)
BOTH_SIDES = "double-sided (either edge)"
ONE_SIDE = "single-sided"


# Silhouette Studio's registration marks, as inkscape-silhouette's render_silhouette_regmarks.py draws
# them for the Cameo and Portrait (its defaults, which Studio's Registration Marks panel takes as Type 1,
# length 20 mm, thickness 0.3 mm, inset 10 mm): a filled 5 mm square at the top-left corner and L-shaped
# corner marks with 20 mm arms at the top-right and bottom-left, 0.3 mm thick, 10 mm in from the edges.
MARK_INSET_MM = 10.0
MARK_SQUARE_MM = 5.0
MARK_ARM_MM = 20.0
MARK_STROKE_MM = 0.3


class Cutter(StrEnum):
    """The cutting machine piece sheets are laid out for: none (cut by hand along the crop marks) or
    silhouette (Silhouette Studio's print and cut: registration marks on each sheet of pieces, and a
    cut file beside the PDF for every such page)."""

    NONE = "none"
    SILHOUETTE = "silhouette"

    @classmethod
    def parse(cls, value: str) -> Cutter:
        return chosen(cls, value, "a cutter")
