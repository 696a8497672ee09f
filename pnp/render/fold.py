"""Standees: both sides of a pawn printed as one strip, folded at the head.

From the foot of the strip: a tab, the figure upright, the figure turned 180 degrees, a tab. Fold
at the head and glue the figures back to back; the tabs fold out, one forward and one back, and
make the base it stands on.
"""

from __future__ import annotations

from pnp.components import Piece, PieceSheet
from pnp.render.elements import Box, Group, Icon, Line, Text

FOLD_DASH = (2.0, 1.5)


def standee_tab(w: float) -> float:
    """The depth of each base tab: enough foot for a figure of width `w` to stand on card stock."""
    return max(10.0, w * 0.4)


def standee_piece(kind: str, name: str, icon: str, color: str, label: str, w: float, h: float) -> Piece:
    """A pawn standee of w x h: tab, figure, figure turned at the head, tab; w x (2h + 2 tabs) in all."""
    t = standee_tab(w)
    side = (
        Icon(icon, w / 2, h * 0.58, min(w * 0.8, h * 0.6), "#ffffff"),
        Text(label, 1, 1.5, w - 2, h * 0.18, size=8, bold=True, color="#ffffff"),
    )
    tab = (Box(0, 0, w, t, fill="#ffffff", stroke=color, width=0.8),
           Text("fold out: base", 1, t / 2 - 2, w - 2, 4, size=5.5, min_size=5, color=color))
    fold = dict(color="#555555", width=0.6, dash=FOLD_DASH)
    return Piece(kind, name, (
        Box(0, t, w, 2 * h, fill=color),            # both figures' ground, at the top level so it bleeds
        Group(tab),
        Group(side, dx=0, dy=t),
        Group(side, dx=w, dy=t + 2 * h, rotate=180),
        Group(tab, dx=w, dy=2 * t + 2 * h, rotate=180),
        Line(0, t, w, t, **fold), Line(0, t + h, w, t + h, **fold), Line(0, t + 2 * h, w, t + 2 * h, **fold),
    ), fold="standee")


def standee_sheet(kind: str, names: list[str], icon: str, colors: list[str], w: float, h: float) -> PieceSheet:
    """One standee per name, in its colour, imposed as one section."""
    pieces = [standee_piece(kind, f"{name} pawn", icon, color, name, w, h) for name, color in zip(names, colors)]
    return PieceSheet("Pawns", pieces, w, 2 * h + 2 * standee_tab(w), gap=4)
