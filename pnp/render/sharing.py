"""What a document's pieces draw often enough to be worth a reusable form, found before any page
is drawn: whole sides, elements shared between sides, and runs of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from itertools import chain, compress, groupby
from operator import is_not

from pnp.memory import BuildMemory, Kept
from pnp.render.elements import Element
from pnp.render.identitycache import SideKeep
from pnp.render.pages import Shared
from pnp.render.specs import Piece, PieceGroup, Section

FORM_FROM = 32  # a side or run drawn this often becomes one form; less often, the form's own object costs
# more than it saves, as a page's stream already compresses what its few pieces repeat


Run = tuple[tuple[int, ...] | None, tuple[Element, ...]]


def runs_of(side: Sequence[Element], common: frozenset[int]) -> Iterator[Run]:
    """A side's elements in runs, in order: each run of elements on more than one side (`common`)
    with their ids, and each run of the side's own elements with None."""
    for shared, group in groupby(side, key=lambda e: id(e) in common):
        run = tuple(group)
        yield (tuple(id(e) for e in run) if shared else None), run


def shared_drawing(sections: Sequence[Section], memory: BuildMemory, document: Hashable = None) -> Shared:
    """What the pieces of a document draw often enough to be worth a form (see `Shared`), found
    before any page is drawn: sides met FORM_FROM times or more, elements on more than one side,
    and runs of such elements that FORM_FROM sides or more draw in a row. A document drawn again
    (`document` names it) whose pieces are the very ones of its last drawing but in a few places
    has its tallies mended there (`_Tally.mended`), not taken again over every piece."""
    kept = memory[SHARING]
    pieces = list(chain.from_iterable(s.pieces for s in sections if isinstance(s, PieceGroup)))
    last = kept.tallies.pop(document, None) if document is not None else None
    tally = last.mended(pieces) if last is not None else None
    if tally is None:
        tally = _Tally(pieces, kept)
    if document is not None:
        while len(kept.tallies) >= COMMONS_KEPT:
            del kept.tallies[next(iter(kept.tallies))]
        kept.tallies[document] = tally
    return tally.shared


def _sides_of(piece: Piece) -> tuple[tuple[Element, ...], ...]:
    return (piece.face,) if piece.back is None else (piece.face, piece.back)


def _runs_counted(drawn: int) -> int:
    """How often a side drawn `drawn` times counts towards its runs: never when it is a form itself."""
    return drawn if drawn < FORM_FROM else 0


class _Tally:
    """A document's pieces and what `Shared` is worked out from: how often each side is drawn, how
    often each element is on a distinct side, and how often each run of shared elements is drawn."""

    def __init__(self, pieces: list[Piece], kept: KeptSharing) -> None:
        self.pieces, self.kept = pieces, kept
        every = [side for piece in pieces for side in _sides_of(piece)]
        self.drawn = Counter(map(id, every))
        self.sides = dict(zip(map(id, every), every, strict=True))
        self.uses = Counter(map(id, chain.from_iterable(self.sides.values())))
        common = frozenset(key for key, count in self.uses.items() if count > 1)
        if len(kept.commons) >= COMMONS_KEPT:
            kept.commons.clear()
        self.common = kept.commons.setdefault(common, common)  # the very set an earlier document had, when equal
        self.repeated = {key for key, count in self.drawn.items() if count >= FORM_FROM}
        self.runs: Counter[tuple[int, ...]] = Counter()
        for key, side in self.sides.items():
            if counted := _runs_counted(self.drawn[key]):
                for ids in _shared_runs(side, self.common, kept):
                    self.runs[ids] += counted
        self.shared = self._shared(None)

    def _shared(self, last: Shared | None) -> Shared:
        found = Shared(
            sides=frozenset(self.repeated),
            elements=self.common,
            runs=frozenset(run for run, count in self.runs.items() if count >= FORM_FROM),
        )
        return last if last == found else found  # the very object when equal: every page's key holds it

    def mended(self, pieces: list[Piece]) -> _Tally | None:
        """This tally made that of `pieces`, which differ from its own in a few places; None when
        they differ in many, or an element comes to be on more than one side or stops being (then
        every side's runs are found again)."""
        if len(pieces) != len(self.pieces):
            return None
        places = list(compress(range(len(pieces)), map(is_not, pieces, self.pieces)))
        if len(places) * MENDED_FROM > len(pieces):
            return None
        was: dict[int, int] = {}  # each side the change draws more or less often: how often it was drawn
        touched: dict[int, tuple[Element, ...]] = {}
        for gone, come in ((self.pieces[i], pieces[i]) for i in places):
            for side, step in [*((side, -1) for side in _sides_of(gone)), *((side, 1) for side in _sides_of(come))]:
                key = id(side)
                was.setdefault(key, self.drawn[key])
                touched[key] = side
                self.drawn[key] += step
        moved: set[int] = set()  # elements on a side that came or went
        for key, before in was.items():
            now, side = self.drawn[key], touched[key]
            if (before > 0) != (now > 0):
                self.uses.update(
                    {element: count if now else -count for element, count in Counter(map(id, side)).items()}
                )
                moved.update(map(id, side))
                if now:
                    self.sides[key] = side
                else:
                    del self.sides[key], self.drawn[key]
        if any((self.uses[element] > 1) != (element in self.common) for element in moved):
            return None
        for key, before in was.items():
            now = self.drawn.get(key, 0)
            self.repeated.discard(key)
            if now >= FORM_FROM:
                self.repeated.add(key)
            step = _runs_counted(now) - _runs_counted(before)
            for ids in _shared_runs(touched[key], self.common, self.kept) if step else ():
                self.runs[ids] += step
                if self.runs[ids] <= 0:
                    del self.runs[ids]
        for element in moved:
            if self.uses[element] <= 0:
                del self.uses[element]
        self.pieces = pieces
        self.shared = self._shared(self.shared)
        return self


MENDED_FROM = 8  # a tally is mended where its pieces differ in fewer than one place in this many
COMMONS_KEPT = 64  # each document's elements on more than one side: a project's documents, and more


class KeptSharing:
    """What finding a document's shared drawing keeps for its next drawing."""

    __slots__ = ("commons", "runs", "tallies")

    def __init__(self) -> None:
        self.tallies: dict[Hashable, _Tally] = {}  # each document's tally at its last drawing
        self.commons: dict[frozenset[int], frozenset[int]] = {}  # each equal set of shared elements, once
        self.runs: SideKeep[tuple[frozenset[int], tuple[tuple[int, ...], ...]]] = SideKeep()  # by side


SHARING = Kept("shared drawing", KeptSharing)


def _shared_runs(side: tuple[Element, ...], common: frozenset[int], kept: KeptSharing) -> tuple[tuple[int, ...], ...]:
    """The ids of a side's runs of shared elements (`runs_of`), kept by side for the same `common`."""
    found_before = kept.runs.get(side)
    if found_before is not None and found_before[0] is common:
        return found_before[1]
    found = tuple(ids for ids, _ in runs_of(side, common) if ids is not None)
    kept.runs.put(side, (common, found))
    return found
