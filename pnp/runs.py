"""Long lists cut in runs kept from one build to the next. In `pnp watch` a save changes one entry
of thousands (a row of a card list, a card's side, a record of where a card was placed), and what a
build makes of unchanged data is the very objects the build before made (each stage keeps what it
made). A list is cut in runs of RUN entries; a run that holds the very entries of a run cut before
is that run, found again, and what a reader found in it (`Run.found`) holds as it was: a reader
looks at the entries of the runs an edit touched, and at none of the others'.

Runs are cut at fixed places: an entry put in or taken out in the middle makes every later run
new, and the readers read them all, as they did before runs."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

RUN = 128  # entries a run holds: a deck of 10,000 designs is 79 runs
RUNS_KEPT = 4_096  # runs a keep holds: a project's long lists, and room to edit


class Run:
    """RUN entries in a row, the very objects, and what readers found in them, by what they looked for."""

    __slots__ = ("found", "items")

    def __init__(self, items: tuple[Any, ...]) -> None:
        self.items = items
        self.found: dict[Hashable, Any] = {}


class RunKeep:
    """The runs cut so far, by their entries (each run holds its entries, so no other object takes
    their ids meanwhile); past `kept` runs, the first cut goes first."""

    def __init__(self, kept: int = RUNS_KEPT) -> None:
        self._kept = kept
        self._runs: dict[tuple[Hashable, ...], Run] = {}

    def cut(self, items: Sequence[Any], keys: Sequence[Hashable] | None = None) -> list[tuple[int, Run]]:
        """The runs of `items`, each with the place of its first entry; an entry is known by its
        identity, or by its key in `keys` (which names what else a run's readers read of it)."""
        known = list(map(id, items)) if keys is None else keys
        out = []
        for start in range(0, len(items), RUN):
            key = tuple(known[start : start + RUN])
            run = self._runs.get(key)
            if run is None:
                while len(self._runs) >= self._kept:
                    del self._runs[next(iter(self._runs))]
                run = self._runs[key] = Run(tuple(items[start : start + RUN]))
            out.append((start, run))
        return out
