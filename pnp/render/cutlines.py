"""What a cutting machine cuts on a sheet of pieces: one closed outline per piece on its trim (a
rectangle, or a circle for a round token), and the fold lines it scores, in the page's millimetres
(y up, as the PDF). Taken from the fronts' trims alone: the back's offset never moves a cut."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.geometry import MM, Rect


@dataclass(frozen=True, kw_only=True, slots=True)
class Outline:
    """One piece's cut: its trim (lower-left corner, width, height; mm) and the lines scored to
    fold it, each (x1, y1, x2, y2) in mm."""

    name: str
    shape: Literal["rect", "round"]
    x: float
    y: float
    w: float
    h: float
    scores: tuple[tuple[float, float, float, float], ...] = ()


def outline_of(
    *, name: str, shape: Literal["rect", "round"], trim: Rect, folds: tuple[float, ...], turned: bool
) -> Outline:
    """The outline of a piece on `trim` (points). `folds` are mm up the piece from its foot: across
    an upright piece, and down a turned one (its foot on the right, as the front is drawn turned)."""
    x, y, w, h = (v / MM for v in trim)
    scores = tuple((x + w - f, y, x + w - f, y + h) if turned else (x, y + f, x + w, y + f) for f in folds)
    return Outline(name=name, shape=shape, x=x, y=y, w=w, h=h, scores=scores)
