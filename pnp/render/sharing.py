"""What a document's pieces draw often enough to be worth a reusable form, found before any page
is drawn: whole sides, elements shared between sides, and runs of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import chain, groupby

from pnp.render.elements import Element
from pnp.render.identitycache import SideKeep
from pnp.render.pages import Shared
from pnp.render.specs import PieceGroup, Section

FORM_FROM = 32  # a side or run drawn this often becomes one form; less often, the form's own object costs
# more than it saves, as a page's stream already compresses what its few pieces repeat


Run = tuple[tuple[int, ...] | None, tuple[Element, ...]]


def runs_of(side: Sequence[Element], common: frozenset[int]) -> Iterator[Run]:
    """A side's elements in runs, in order: each run of elements on more than one side (`common`)
    with their ids, and each run of the side's own elements with None."""
    for shared, group in groupby(side, key=lambda e: id(e) in common):
        run = tuple(group)
        yield (tuple(id(e) for e in run) if shared else None), run


def shared_drawing(sections: Sequence[Section]) -> Shared:
    """What the pieces of a document draw often enough to be worth a form (see `Shared`), found
    before any page is drawn: sides met FORM_FROM times or more, elements on more than one side,
    and runs of such elements that FORM_FROM sides or more draw in a row. What a side's runs are
    is kept from the build before while the elements on more than one side are the same."""
    every = [
        side
        for section in sections
        if isinstance(section, PieceGroup)
        for piece in section.pieces
        for side in (piece.face, piece.back)
        if side is not None
    ]
    drawn = Counter(map(id, every))
    sides = dict(zip(map(id, every), every, strict=True))
    repeated = frozenset(key for key, count in drawn.items() if count >= FORM_FROM)
    uses = Counter(map(id, chain.from_iterable(sides.values())))
    common = frozenset(key for key, count in uses.items() if count > 1)
    if len(_COMMONS) >= COMMONS_KEPT:
        _COMMONS.clear()
    common = _COMMONS.setdefault(common, common)  # the very set an earlier document had, when equal
    runs: Counter[tuple[int, ...]] = Counter()
    for key, side in sides.items():
        if key not in repeated:
            for ids in _shared_runs(side, common):
                runs[ids] += drawn[key]
    return Shared(
        sides=repeated, elements=common, runs=frozenset(run for run, count in runs.items() if count >= FORM_FROM)
    )


COMMONS_KEPT = 64  # each document's elements on more than one side: a project's documents, and more
_COMMONS: dict[frozenset[int], frozenset[int]] = {}
_RUNS: SideKeep[tuple[frozenset[int], tuple[tuple[int, ...], ...]]] = SideKeep()


def _shared_runs(side: tuple[Element, ...], common: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    """The ids of a side's runs of shared elements (`runs_of`), kept by side for the same `common`."""
    kept = _RUNS.get(side)
    if kept is not None and kept[0] is common:
        return kept[1]
    found = tuple(ids for ids, _ in runs_of(side, common) if ids is not None)
    _RUNS.put(side, (common, found))
    return found
