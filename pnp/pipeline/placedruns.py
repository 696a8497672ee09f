"""What a build placed, tallied in runs kept from build to build. A deck's pages drawn as before
hand back the very records they placed (`pagekeep`), so a run of the same records is the same run,
and what a check tallies of a run (the kinds it counts, the backs it prints, the first front of
each design) is kept with it: a one-card edit of a 10,000-card deck tallies the runs it touched."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pnp.render.placed import Placed

RUN = 256  # records a run holds: a deck of 10,000 cards places 20,000 (its fronts and backs), 79 runs
RUNS_KEPT = 4_096  # runs kept: a project's decks, and room to edit

T = TypeVar("T")


class PlacedRun:
    """RUN records in a row, the very objects, and what each check tallied of them, by its name."""

    __slots__ = ("found", "items")

    def __init__(self, items: tuple[Placed, ...]) -> None:
        self.items = items
        self.found: dict[str, Any] = {}


_RUNS: dict[tuple[int, ...], PlacedRun] = {}  # by the identities of its records, which it holds


def tallies(placed: list[Placed], name: str, tally: Callable[[tuple[Placed, ...]], T]) -> list[T]:
    """`tally` of each run of `placed`, in order: a run's kept under `name` (`tally` reads the
    records alone)."""
    ids = list(map(id, placed))
    out = []
    for start in range(0, len(placed), RUN):
        key = tuple(ids[start : start + RUN])
        run = _RUNS.get(key)
        if run is None:
            while len(_RUNS) >= RUNS_KEPT:
                del _RUNS[next(iter(_RUNS))]
            run = _RUNS[key] = PlacedRun(tuple(placed[start : start + RUN]))
        found = run.found.get(name)
        if found is None:
            found = run.found[name] = tally(run.items)
        out.append(found)
    return out
