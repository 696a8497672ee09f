"""A column of headings and paragraphs set at one common size, each taking its natural height:
the player aids read evenly instead of in equal boxes with ragged gaps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pnp.errors import LayoutError
from pnp.geometry import MM
from pnp.render.elements import INK, Text
from pnp.render.textfit import LEADING, line_count

Kind = Literal["heading", "item", "note"]
Block = tuple[Kind, str]
GAP = 1.4  # mm after a paragraph
HEADING_GAP = 1.0  # mm extra above a heading


def text_column(
    blocks: Sequence[Block],
    x: float,
    top: float,
    w: float,
    h: float,
    size: float = 9.5,
    min_size: float = 5.5,
    heading_color: str = INK,
) -> tuple[Text, ...]:
    """Lay `blocks` from `top` down within w x h millimetres, shrinking all text together."""
    current = size
    while current >= min_size - 1e-9:
        placed = _place(blocks, x, top, w, current, heading_color)
        if placed is not None and top - placed[1] <= h + 1e-6:
            return placed[0]
        current -= 0.25
    raise LayoutError(
        f"a column of {len(blocks)} paragraphs does not fit {w:.0f} x {h:.0f} mm "
        f"even at {min_size:g} pt; shorten the texts"
    )


def _set(kind: Kind, text: str, w: float, size: float) -> tuple[float, float]:
    """A block's own size (a heading a point larger, a note half a point smaller) and its height in
    millimetres in a column `w` wide."""
    this = size + 1 if kind == "heading" else size - 0.5 if kind == "note" else size
    return this, line_count(text, w * MM, this, kind == "heading") * this * LEADING / MM + 0.4


def _place(
    blocks: Sequence[Block], x: float, top: float, w: float, size: float, heading_color: str
) -> tuple[tuple[Text, ...], float]:
    out = []
    y = top
    for i, (kind, text) in enumerate(blocks):
        bold = kind == "heading"
        this, height = _set(kind, text, w, size)
        if kind == "heading" and i:
            y -= HEADING_GAP
        color = heading_color if kind == "heading" else "#333333" if kind == "note" else INK
        out.append(
            Text(
                text=text,
                x=x,
                y=y - height,
                w=w,
                h=height,
                size=this,
                min_size=this,
                bold=bold,
                align="left",
                valign="top",
                color=color,
            )
        )
        y -= height + (0.5 if kind == "heading" else GAP)
    return tuple(out), y


def block_heights(blocks: Sequence[Block], w: float, size: float) -> list[tuple[float, float]]:
    """Each block's height in millimetres at `size` in a column `w` wide, its gap below included,
    and the room a heading keeps above it when it is not a column's first: a column of blocks
    i..j is sum(height) plus the room above each but the first, as `_place` sets them."""
    out = []
    for kind, text in blocks:
        _, height = _set(kind, text, w, size)
        out.append((height + (0.5 if kind == "heading" else GAP), HEADING_GAP if kind == "heading" else 0.0))
    return out


def column_height(blocks: Sequence[Block], w: float, size: float) -> float:
    """The height in millimetres `blocks` take at `size` in a column `w` millimetres wide."""
    return -_place(blocks, 0, 0, w, size, INK)[1]


def balanced_split(blocks: Sequence[tuple[Kind, str]], w: float, size: float) -> int:
    """Where to break `blocks` into two columns of the most even heights, never just after a
    heading (it would stand alone at the foot of the first column). Each block is measured once:
    a column's height is its blocks' heights and the room above each heading but its first."""
    heights = block_heights(blocks, w, size)

    def column(start: int, end: int) -> float:
        return sum(h for h, _ in heights[start:end]) + sum(room for _, room in heights[start + 1 : end])

    breaks = [k for k in range(1, len(blocks) + 1) if blocks[k - 1][0] != "heading"] or [len(blocks)]
    return min(breaks, key=lambda k: max(column(0, k), column(k, len(blocks))))
