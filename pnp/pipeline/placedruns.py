"""What a build placed, tallied in runs kept from build to build in its memory (`pnp.runs`). A deck's pages drawn
as before hand back the very records they placed (`pagekeep`), so a run of the same records is the
same run, and what a check tallies of a run (the kinds it counts, the backs it prints, the first
front of each design) is kept with it: a one-card edit of a 10,000-card deck tallies the runs it
touched."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pnp.memory import BuildMemory, Kept
from pnp.render.placed import Placed
from pnp.runs import RunKeep

T = TypeVar("T")

PLACED_RUNS = Kept("placed runs", RunKeep)


def tallies(
    placed: list[Placed], name: str, tally: Callable[[tuple[Placed, ...]], T], memory: BuildMemory | None
) -> list[T]:
    """`tally` of each run of `placed`, in order: a run's kept with it in `memory` under `name`
    (`tally` reads the records alone)."""
    out: list[T] = []
    for _, run in (memory[PLACED_RUNS] if memory is not None else RunKeep()).cut(placed):
        found = run.found.get(name)
        if found is None:
            found = run.found[name] = tally(run.items)
        out.append(found)
    return out
