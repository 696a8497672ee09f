"""What a page placed: one side of one piece, where it sits and what is behind it. The renderer
records it as it draws; the build checks counts against it and keeps it in the manifest."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, count, repeat
from operator import and_, attrgetter, eq, is_, is_not
from typing import Literal

Side = Literal["face", "back"]
Shape = Literal["rect", "round"]


@dataclass(frozen=True, kw_only=True, slots=True)
class MmBox:
    """A rectangle in millimetres, lower-left corner first (PDF coordinates, y up). Frozen: the
    pieces of a deck sit in the same few places page after page, and share their boxes."""

    x: float
    y: float
    w: float
    h: float


@dataclass(kw_only=True, slots=True)
class BoardTile:
    """One tile of a board printed over several pages."""

    label: str  # column letter and row number: "A1" is the top-left tile
    first: bool  # the tile that stands for the whole board when pieces are counted
    page_x: float  # where the tile's region sits on its page, mm
    page_y: float


@dataclass(kw_only=True, slots=True)  # made for every piece of a build: no frozen-init cost
class Placed:
    """One side of one piece (card, token, standee, sheet or board) on one page."""

    kind: str  # the component key in rules.toml
    name: str  # the design's name
    side: Side
    document: str  # the PDF's file name
    page: int  # 1-based
    box: MmBox  # on the page; for a board tile, the board region it shows
    back: str | None = None  # the name of the back printed behind it
    turned: bool = False  # turned a quarter to fit more to a sheet
    shape: Shape | None = None  # a cut piece's outline; None for sheets and boards
    tile: BoardTile | None = None

    @property
    def counted(self) -> bool:
        """A front that counts as one piece: each face, and a tiled board once."""
        return self.side == "face" and (self.tile is None or self.tile.first)

    def page_box(self) -> MmBox:
        """Where this item's printed region sits on its page."""
        if self.tile is None:
            return self.box
        return MmBox(x=self.tile.page_x, y=self.tile.page_y, w=self.box.w, h=self.box.h)


def counted(placed: Sequence[Placed]) -> list[bool]:
    """`Placed.counted` of each record, found a list at a time: a 10,000-card deck's 20,000
    records are looked at with map, and only those of tiled boards one by one."""
    tiles = list(map(attrgetter("tile"), placed))
    faces = map(eq, map(attrgetter("side"), placed), repeat("face"))
    flags = list(map(and_, faces, map(is_, tiles, repeat(None))))
    for i in compress(count(), map(is_not, tiles, repeat(None))):
        flags[i] = placed[i].counted
    return flags
