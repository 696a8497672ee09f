"""What a game module hands the renderer: pieces, boards and sheets described as data.

Sizes are millimetres. Nothing here draws; `pnp.render` turns these into pages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import attrgetter, is_not, itemgetter
from typing import Literal

from pnp.render.elements import Element


@dataclass(frozen=True, kw_only=True, slots=True)
class Piece:
    """A card, token or standee: one face, and a back when it is double-sided.

    `kind` is the component key in rules.toml the piece counts towards."""

    kind: str
    name: str
    face: tuple[Element, ...]
    back: tuple[Element, ...] | None = None
    back_name: str | None = None
    background: str | None = None
    back_background: str | None = None
    fold: Literal["none", "standee"] = "none"  # both sides on one face, folded at the head
    folds: tuple[float, ...] = ()  # where it is folded: mm up from its foot, for a cutting machine to score


@dataclass(frozen=True, kw_only=True, slots=True)
class PieceGroup:
    """Pieces of one size imposed on sheets; double-sided ones get their backs on the next page."""

    title: str
    pieces: list[Piece]
    width: float
    height: float
    shape: Literal["rect", "round"] = "rect"
    gap: float = 0.0
    bleeds: bool = True

    def copies(self) -> Collection[tuple[Piece, int]]:
        """Each piece object the sheet lists, in order, and how many times: a deck lists one object
        for all its copies, and telling equal pieces apart by value would hash every element they
        draw (pieces equal but apart are listed apart)."""
        ids = list(map(id, self.pieces))
        pieces = dict(zip(ids, self.pieces, strict=True))
        return list(zip(pieces.values(), Counter(ids).values(), strict=True))  # both in the order first listed


@dataclass(frozen=True, kw_only=True, slots=True)
class Board:
    """A board drawn in its own coordinates; tiled over pages when it is larger than the paper."""

    title: str
    kind: str
    name: str
    width: float
    height: float
    elements: tuple[Element, ...]
    background: str | None = None


SHEET_GAP_MM = 6.0  # between sheets stacked on one page: room for the cut line


@dataclass(frozen=True, kw_only=True, slots=True)
class PageComponent:
    """A page component (mat, gamesheet, player aid), laid out for the room a page leaves it
    (`BuildContext.component_room`): width x height mm.

    `copies` instances are printed, `per_page` of them stacked on a page with a cut line between.
    """

    title: str
    kind: str
    name: str
    elements: tuple[Element, ...]
    width: float
    height: float
    copies: int = 1
    per_page: int = 1


Section = PieceGroup | Board | PageComponent


@dataclass(frozen=True, kw_only=True, slots=True)
class Cover:
    """What a file holds, how to cut and fold it, what to bring: said in the game's print guide, or on
    the first page of a file that travels alone."""

    contents: list[str]
    assembly: list[str] = field(default_factory=list)
    bring: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True, slots=True)
class DocumentSpec:
    filename: str
    title: str
    sections: Sequence[Section]
    cover: Cover | None  # what the game's print guide says of the file; None: it is the guide
    game_title: str = ""
    both_sides: bool = False  # printed on both sides of its sheets though it has no backs

    def sides(self) -> Iterator[tuple[tuple[Element, ...], str | None]]:
        """Every side the document prints, with the colour under it: each piece's face and back (a
        side many pieces share, once), each board and each page component. The checks read them in
        runs kept in the build's memory (`sideruns`)."""
        found: list[tuple[tuple[Element, ...], str | None]] = []
        for section in self.sections:
            if isinstance(section, PieceGroup):
                found += map(attrgetter("face", "background"), section.pieces)
                backs = list(map(attrgetter("back"), section.pieces))
                sided = map(is_not, backs, repeat(None))
                found += compress(zip(backs, map(attrgetter("back_background"), section.pieces), strict=True), sided)
            else:
                found.append((section.elements, section.background if isinstance(section, Board) else None))
        ids = list(map(id, map(itemgetter(0), found)))
        first = dict(zip(reversed(ids), reversed(found), strict=True))  # a side shared by many: its first
        return (first[key] for key in dict.fromkeys(ids))
