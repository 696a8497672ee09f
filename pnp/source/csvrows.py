"""A CSV card list's rows, read again only where its text changed. In `pnp watch` a save changes
one row of a 10,000-row list; the rows before the change and after it are the rows of the last
read (the very lists of cells), and only the rows the change touches are parsed.

Parsing CSV is the same from any row's start (the reader carries nothing from one row to the next
but the line count), so the read starts again at the last row that begins before the first
changed character (before, not at: a line that ended in a carriage return ends later when a line
feed is put after it), and ends where a row ends inside the unchanged tail at the very place a
row of the last read began: from there the two texts are the same and so are their rows."""

from __future__ import annotations

import csv
import io
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

Row = tuple[int, list[str]]  # its line number, and its cells as text
BLOCK = 4096  # characters compared at a time, looking for where two texts part
READS_KEPT = 16  # card lists whose last read is kept: a project's few, and room for another's


class Unreadable(Exception):
    """Not CSV: the reader's complaint, at the line it was reading."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True, kw_only=True)
class _Read:
    text: str
    rows: list[Row]
    starts: list[int]  # where each row begins in the text (characters)
    whole: bool  # every row of the text (not cut at the limit)


CsvReads = dict[Path, "_Read"]  # each list's last read, by its path (`rowkeep.RowKeep.csv`)


def csv_rows(path: Path, text: str, limit: int, reads: CsvReads | None = None) -> list[Row]:
    """Every row of the CSV `text` (a blank row has no cells), each cell's text trimmed, read no
    further than `limit` rows past the first; the rows the last read of `path` in `reads` had where
    the text is as it was. Raises Unreadable."""
    reads = {} if reads is None else reads
    last = reads.pop(path, None)
    read = _mended(last, text, limit) if last is not None and last.whole else None
    if read is None:
        read = _whole(text, limit)
    while len(reads) >= READS_KEPT:
        del reads[next(iter(reads))]
    reads[path] = read
    return read.rows


def _whole(text: str, limit: int) -> _Read:
    reader = csv.reader(io.StringIO(text, newline=""))
    rows: list[Row] = []
    start, whole = 1, True
    try:
        for row in reader:
            rows.append((start, [cell.strip() for cell in row]))
            start = reader.line_num + 1
            if len(rows) > limit:
                whole = False
                break
    except csv.Error as exc:
        raise Unreadable(reader.line_num, str(exc)) from None
    lines = [0, *accumulate(map(len, io.StringIO(text, newline="")))]  # where each line begins
    return _Read(text=text, rows=rows, starts=[lines[number - 1] for number, _ in rows], whole=whole)


def _mended(last: _Read, text: str, limit: int) -> _Read | None:
    """The rows of `text` from those of the last read, parsing only around what changed; None when
    the change reaches the reader's complaint or the limit (the whole text is read then)."""
    old = last.text
    if not last.rows or old == text:
        return None if old != text else last
    delta = len(text) - len(old)
    same = _common_prefix(old, text)
    tail = _common_suffix(old, text, min(len(old), len(text)) - same)
    first = max(bisect_left(last.starts, same) - 1, 0)  # the last row that begins before the change, not at it
    begin = last.starts[first]
    rows, starts = last.rows[:first], last.starts[:first]
    consumed = [0]

    def lines() -> Iterator[str]:
        for line in io.StringIO(text[begin:], newline=""):
            consumed[0] += len(line)
            yield line

    reader = csv.reader(lines())
    above = last.rows[first][0] - 1  # lines before the first row read again
    line, at = above + 1, begin  # where the next row begins: its line, its place in the text
    try:
        for row in reader:
            rows.append((line, [cell.strip() for cell in row]))
            starts.append(at)
            line, at = above + reader.line_num + 1, begin + consumed[0]
            if len(rows) > limit:
                return None
            if at >= len(text) - tail and (after := _row_at(last.starts, at - delta, first)) is not None:
                shift, kept = line - last.rows[after][0], last.rows[after:]
                rows += kept if not shift else [(number + shift, cells) for number, cells in kept]
                starts += [start + delta for start in last.starts[after:]]
                break
    except csv.Error:
        return None
    return _Read(text=text, rows=rows, starts=starts, whole=True)


def _row_at(starts: list[int], place: int, first: int) -> int | None:
    """The row of the last read that begins at `place`, if one past `first` does."""
    found = bisect_left(starts, place)
    return found if found > first and found < len(starts) and starts[found] == place else None


def _common_prefix(a: str, b: str) -> int:
    """How many characters `a` and `b` begin with alike: compared a block at a time, then halved."""
    most = min(len(a), len(b))
    low = 0
    while low < most and a[low : low + BLOCK] == b[low : low + BLOCK]:
        low += BLOCK
    base, low, high = low, low, min(low + BLOCK, most)
    while low < high:
        middle = (low + high + 1) // 2
        if a[base:middle] == b[base:middle]:
            low = middle
        else:
            high = middle - 1
    return min(low, most)


def _common_suffix(a: str, b: str, most: int) -> int:
    """How many characters `a` and `b` end with alike, at most `most`."""
    low = 0
    while (
        low < most
        and a[len(a) - min(low + BLOCK, most) : len(a) - low] == b[len(b) - min(low + BLOCK, most) : len(b) - low]
    ):
        low = min(low + BLOCK, most)
    base, high = low, min(low + BLOCK, most)
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle : len(a) - base] == b[len(b) - middle : len(b) - base]:
            low = middle
        else:
            high = middle - 1
    return low
