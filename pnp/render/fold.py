"""Fold cards: both sides of a two-sided piece printed as one, folded along the middle.

The front sits on the upper half; the back sits on the lower half turned 180 degrees, so after
folding along the dashed line and turning the piece over (left to right) it reads the right way up.
"""

from __future__ import annotations

from typing import Literal

from pnp.components import Piece
from pnp.render.elements import Box, Element, Group, Icon, Line, Text

FOLD_DASH = (2.0, 1.5)


def fold_piece(kind: str, name: str, front: tuple[Element, ...], back: tuple[Element, ...],
               w: float, h: float, front_background: str | None = None,
               back_background: str | None = None, fold: Literal["card", "standee"] = "card") -> Piece:
    """One piece of w x 2h millimetres holding both sides of a w x h piece."""
    halves: list[Element] = []
    if back_background:
        halves.append(Box(0, 0, w, h, fill=back_background))
    if front_background:
        halves.append(Box(0, h, w, h, fill=front_background))
    halves += [
        Group(tuple(back), dx=w, dy=h, rotate=180),
        Group(tuple(front), dx=0, dy=h),
        Line(0, h, w, h, color="#555555", width=0.6, dash=FOLD_DASH),
    ]
    return Piece(kind, name, tuple(halves), fold=fold)


def standee_piece(kind: str, name: str, icon: str, color: str, label: str, w: float, h: float) -> Piece:
    """A pawn standee: the same figure on both halves of a fold piece, in the player's colour."""
    side = (
        Box(0, 0, w, h, fill=color),
        Icon(icon, w / 2, h * 0.58, min(w * 0.8, h * 0.6), "#ffffff"),
        Text(label, 1, 1.5, w - 2, h * 0.18, size=8, bold=True, color="#ffffff"),
    )
    return fold_piece(kind, name, side, side, w, h, fold="standee")
