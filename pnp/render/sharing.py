"""What a document's pieces draw often enough to be worth a reusable form, found before any page
is drawn: whole sides, elements shared between sides, and runs of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import groupby

from pnp.render.elements import Element
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
    and runs of such elements that FORM_FROM sides or more draw in a row."""
    drawn: Counter[int] = Counter()
    sides: dict[int, tuple[Element, ...]] = {}
    for section in sections:
        if isinstance(section, PieceGroup):
            for piece in section.pieces:
                for side in (piece.face, piece.back):
                    if side is not None:
                        drawn[id(side)] += 1
                        sides[id(side)] = side
    repeated = frozenset(key for key, count in drawn.items() if count >= FORM_FROM)
    uses = Counter(id(element) for side in sides.values() for element in side)
    common = frozenset(key for key, count in uses.items() if count > 1)
    runs: Counter[tuple[int, ...]] = Counter()
    for key, side in sides.items():
        if key not in repeated:
            for ids, _ in runs_of(side, common):
                if ids is not None:
                    runs[ids] += drawn[key]
    return Shared(
        sides=repeated, elements=common, runs=frozenset(run for run, count in runs.items() if count >= FORM_FROM)
    )
