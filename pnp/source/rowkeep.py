"""The rows of card lists, kept from one read to the next in one process (`pnp watch`): a row whose
cells are the same as at the last read is handed out as the very same table, and what was found
in it (its icons, its marked-up texts, its checked value) is looked up instead of found again, so
a one-card edit of a 10,000-row list reads one row.

A row's table is a function of the list's header and the row's cells alone, and nothing writes
to a table once read (`models.parse` copies what it changes), so a kept table is always the one a
fresh read would make. Within one read, rows with the same cells are one table, first read or not.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import is_not
from pathlib import Path
from typing import Any, cast

from pnp.runs import Run, RunKeep
from pnp.source.csvrows import CsvReads

LISTS_KEPT = 16  # card lists whose rows are kept: a project's few, and room for another's

Cells = tuple[str, ...]


class KeptRow:
    """A row's table, and what readers found in it, by what they looked for."""

    __slots__ = ("found", "record")

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.found: dict[object, Any] = {}


Runs = tuple[tuple[int, Run], ...]  # each run of a list, and the place of its first row


class ListRead:
    """One read of a card list: the rows it has read, and those of the read before it has not
    (yet) found again."""

    __slots__ = ("_before", "_keep", "_key", "_now")

    def __init__(self, keep: RowKeep, key: tuple[Path, Cells], before: dict[Cells, KeptRow]) -> None:
        self._keep, self._key, self._before = keep, key, before
        self._now: dict[Cells, KeptRow] = {}

    def kept(self, rows: list[Cells]) -> list[dict[str, Any] | None]:
        """The table of each row with these cells read at the last read, None for the others (to
        `add` in order: a row read twice in this read is the table its first reading added). A list
        at a time: a 10,000-row list is looked up with map, and only its new rows one by one."""
        found: list[KeptRow | None] = list(map(self._before.pop, rows, repeat(None)))
        held = list(map(is_not, found, repeat(None)))
        self._now.update(zip(compress(rows, held), cast(list[KeptRow], list(compress(found, held))), strict=True))
        return [row.record if row is not None else None for row in found]

    def again(self, cells: Cells) -> dict[str, Any] | None:
        """The table a row with these cells has in this read so far, if any."""
        row = self._now.get(cells)
        return row.record if row is not None else None

    def add(self, cells: Cells, record: dict[str, Any]) -> None:
        """A row new to this read."""
        self._now[cells] = row = KeptRow(record)
        self._keep.tables[id(record)] = row

    def close(self) -> None:
        """The read is over (or refused part way): the rows the list no longer has are let go."""
        self._keep.replace(self._key, self._before, self._now)

    def runs(self, rows: list[dict[str, Any]]) -> None:
        """The list read is `rows`: cut in runs (`pnp.runs`), each the run of a read before when its rows are."""
        while len(self._keep.lists) >= LISTS_KEPT:
            del self._keep.lists[next(iter(self._keep.lists))]
        self._keep.lists[id(rows)] = (rows, tuple(self._keep.runs.cut(rows)))


class RowKeep:
    """Each card list's rows at its last read, by its path and header, and every kept row by the
    identity of its table."""

    def __init__(self) -> None:
        self._lists: dict[tuple[Path, Cells], dict[Cells, KeptRow]] = {}
        self.tables: dict[int, KeptRow] = {}
        self.runs = RunKeep()  # the lists' runs, by their rows
        self.lists: dict[int, tuple[list[dict[str, Any]], Runs]] = {}  # each list as last read, by its identity
        self.csv: CsvReads = {}  # each CSV list's last read (`csvrows`)

    def read(self, path: Path, header: Cells) -> ListRead:
        """A read of the list at `path` under `header`; `close` it when done."""
        key = (path, header)
        return ListRead(self, key, self._lists.pop(key, {}))

    def replace(self, key: tuple[Path, Cells], gone: dict[Cells, KeptRow], now: dict[Cells, KeptRow]) -> None:
        """The list at `key` holds the rows `now`; those `gone` are let go."""
        for row in gone.values():
            del self.tables[id(row.record)]
        while len(self._lists) >= LISTS_KEPT:
            for row in self._lists.pop(next(iter(self._lists))).values():
                del self.tables[id(row.record)]
        self._lists[key] = now

    def found(self, table: object) -> dict[object, Any] | None:
        """What readers found in a kept row, by what they looked for; None for a table that is
        no kept row."""
        row = self.tables.get(id(table))
        return row.found if row is not None and row.record is table else None

    def runs_of(self, rows: object) -> Runs | None:
        """A card list's runs (`pnp.runs`), for the very list a read made; None for any other value."""
        found = self.lists.get(id(rows))
        return found[1] if found is not None and found[0] is rows else None
