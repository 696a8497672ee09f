"""Long lists cut in runs kept from one build to the next. In `pnp watch` a save changes one entry
of thousands (a row of a card list, a card's side, a record of where a card was placed), and what a
build makes of unchanged data is the very objects the build before made (each stage keeps what it
made). A list is cut in runs of RUN entries; a run that holds the very entries of a run cut before
is that run, found again, and what a reader found in it (`Run.found`) holds as it was: a reader
looks at the entries of the runs an edit touched, and at none of the others'.

Runs are cut at fixed places: an entry put in or taken out in the middle makes every later run
new, and the readers read them all, as they did before runs."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, TypeVar

from pnp.memory import Kept

RUN = 128  # entries a run holds: a deck of 10,000 designs is 79 runs
RUNS_KEPT = 4_096  # runs a keep holds: a project's long lists, and room to edit
LISTS_KEPT = 32  # lists whose making is kept: a project's decks, and room for another's

T = TypeVar("T")
U = TypeVar("U")


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


class EntryRuns:
    """What a game made of each entry of its long lists (`BuildContext.each`), kept by what the
    making reads: the run's entries (the very objects: a card list's unchanged rows are, `rowkeep`),
    their place, and everything else the build hands a game (`context`, made by the pipeline). A
    run whose making found a layout mistake is not kept, so each build finds and says it again."""

    def __init__(self) -> None:
        self.runs = RunKeep()
        self.contexts: dict[Hashable, object] = {}  # by list: what its last making read

    def made(
        self,
        slot: Hashable,
        context: object,
        entries: Sequence[T],
        make: Callable[[int, T], Iterable[U]],
        slips: Callable[[], int],
    ) -> list[U]:
        """`make(i, entry)` for each entry, joined, the runs whose making read what it reads now
        taken as made; `slips` counts the layout mistakes found so far."""
        last = self.contexts.pop(slot, None)
        now = last if last is not None and last == context else context  # the token each run is compared by
        while len(self.contexts) >= LISTS_KEPT:
            del self.contexts[next(iter(self.contexts))]
        self.contexts[slot] = now
        out: list[U] = []
        for start, run in self.runs.cut(entries):
            kept = run.found.get((slot, start))
            if kept is not None and kept[0] is now:
                out += kept[1]
                continue
            said = slips()
            made = [piece for i, entry in enumerate(run.items, start) for piece in make(i, entry)]
            if slips() == said:
                run.found[(slot, start)] = (now, made)
            out += made
        return out


MADE: Kept[EntryRuns] = Kept("pieces made of list entries", EntryRuns)
