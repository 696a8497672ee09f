"""Card lists kept in spreadsheets: a CSV file, or the first sheet of an .xlsx or .ods workbook,
read as rows of text. A cell is not typed here by its look: the data model says what each key
holds, so a card named `1984` stays a name (`models.parse` types the cells).

Each row comes with its place (its line in a CSV file, its row in a sheet), so a problem in a
cell is said where the designer edits it."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from itertools import compress, count, repeat
from operator import is_, itemgetter
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from pnp.errors import LayoutError
from pnp.files.safefiles import UnsafeFile
from pnp.findings import Finding
from pnp.source.csvrows import CsvReads, Row, Unreadable, csv_rows
from pnp.source.rowkeep import RowKeep

MAX_ROWS = 20_000  # rows of a card list: a deck of 10,000 designs fits
LIST_MAX_BYTES = 1024 * 1024
SHEET_MAX_UNPACKED = 32 * 1024 * 1024  # a workbook is a zip: what it may unpack to, before any reading
LIST_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\.(csv|xlsx|ods)")
SHEETS = (".xlsx", ".ods")
SEPARATORS = MappingProxyType(
    {";": "semicolons", "\t": "tabs", "|": "bars"}
)  # what a spreadsheet saves as "CSV" in some places


def read_list(
    read_bytes: Callable[[str], bytes], name: object, *, folder: Path, where: Finding, rows: RowKeep | None = None
) -> list[dict[str, Any]]:
    """Rows as tables: a column `a.b` fills key b of table a, an empty cell is left out (so the
    default applies), each cell a text. `where` is the key that names the file (its message the
    key's name), for a problem with the name itself. A row `rows` read before comes back as the
    same table (`rowkeep`)."""
    keep = rows if rows is not None else RowKeep()
    if not isinstance(name, str) or not LIST_NAME.fullmatch(name):
        said = 'expected the name of a .csv, .xlsx or .ods file beside it, such as "souls.csv"'
        raise LayoutError(replace(where, message=f"{where.message}: {said}"))
    try:
        data = read_bytes(name)
    except UnsafeFile as exc:
        raise LayoutError(
            replace(where, message=f"{where.message}: {folder.name}/{name} cannot be read: {exc}")
        ) from None
    path = folder / name
    rows_read = list_rows(path, data, keep.csv)

    def refused(line: int, message: str) -> LayoutError:
        return LayoutError(Finding(path=path, line=line, message=message))

    if not rows_read or not any(rows_read[0][1]):
        raise refused(1, "the first row must name the columns")
    header = rows_read[0][1]
    if path.suffix not in SHEETS and len(header) == 1:
        separator = next((mark for mark in SEPARATORS if mark in header[0]), None)
        if separator is not None:
            said = f"its cells are separated by {SEPARATORS[separator]}; pnp reads commas: save it as CSV with commas"
            raise refused(rows_read[0][0], f"{said} (or as .xlsx or .ods)")
    clash = _column_clash(header)
    if clash:
        raise refused(rows_read[0][0], clash)
    if len(rows_read) - 1 > MAX_ROWS:
        raise refused(rows_read[MAX_ROWS + 1][0], f"more than {MAX_ROWS:,} rows")
    keys = [column.split(".") for column in header]
    filled = [row for row in rows_read[1:] if any(row[1])]
    cells = list(map(tuple, map(itemgetter(1), filled)))
    read = keep.read(path, tuple(header))
    try:
        out = read.kept(cells)
        for i in compress(count(), map(is_, out, repeat(None))):  # rows new to this read, in order
            record = read.again(cells[i])  # the same cells twice: one table
            if record is None:
                number, row = filled[i]
                _refuse_unclosed_quote(row, header, partial(Finding, path=path), number, data)
                record = _record(row, header, keys, partial(refused, number))
                read.add(cells[i], record)
            out[i] = record
    finally:
        read.close()
    tables = cast(list[dict[str, Any]], out)  # each row's, now
    read.runs(tables)
    return tables


def _refuse_unclosed_quote(cells: list[str], header: list[str], at: Any, number: int, data: bytes) -> None:
    """A row whose quoted cell takes in the lines after it, as a quote never closed does: said at
    the quote, not as the cells too many it leaves."""
    for place, cell in enumerate(cells):
        if "\n" not in cell:
            continue
        after = cell.split("\n")[1:]
        if len(cells) > len(header) or any(line.count(",") >= len(header) - 1 for line in after):
            lines = data.decode("utf-8-sig", errors="replace").splitlines()
            col = _cell_column(lines[number - 1], place) if number <= len(lines) else 1
            said = (
                f"the quote that opens this cell is not closed on its line: the cell runs on to line "
                f"{number + cell.count(chr(10))}, taking in the rows between (close the quote; a quote inside "
                'a cell is written twice, "")'
            )
            raise LayoutError(at(line=number, col=col, message=said))


def _record(
    cells: list[str], header: list[str], keys: list[list[str]], refused: Callable[[str], LayoutError]
) -> dict[str, Any]:
    """A row's table: a column `a.b` fills key b of table a; an empty cell is left out."""
    if len(cells) > len(header) and any(cells[len(header) :]):
        raise refused(f"{len(cells)} cells under {len(header)} column names")
    record: dict[str, Any] = {}
    for place, (column, key, cell) in enumerate(zip(header, keys, cells, strict=False), start=1):
        if not cell:
            continue
        if not column:
            raise refused(f"{cell[:40]!r} under column {place}, which has no name in the first row")
        target = record
        for table in key[:-1]:
            target = target.setdefault(table, {})
        target[key[-1]] = cell
    return record


def list_rows(path: Path, data: bytes, reads: CsvReads | None = None) -> list[Row]:
    """Every row of a card list, blank ones too, each cell's text trimmed (a CSV list's unchanged
    rows taken from its last read in `reads`)."""
    if path.suffix in SHEETS:
        return _sheet_rows(path, data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise LayoutError(
            Finding(path=path, line=line, message=f"not UTF-8 text ({exc.reason}: save it as UTF-8)")
        ) from None
    try:
        return csv_rows(path, text, MAX_ROWS + 2, reads)
    except Unreadable as exc:
        raise LayoutError(Finding(path=path, line=exc.line, message=f"not valid CSV ({exc})")) from None


def _sheet_rows(path: Path, data: bytes) -> list[Row]:
    """The first sheet of a workbook, read by calamine once its zip is known to unpack small."""
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            unpacked = sum(info.file_size for info in packed.infolist())
    except (zipfile.BadZipFile, OSError) as exc:
        raise LayoutError(Finding(path=path, message=f"not a workbook ({exc})")) from None
    if unpacked > SHEET_MAX_UNPACKED:
        said = f"it unpacks to {unpacked:,} bytes, over the {SHEET_MAX_UNPACKED:,}-byte limit of a card list"
        raise LayoutError(Finding(path=path, message=said))
    try:
        sheet = CalamineWorkbook.from_filelike(io.BytesIO(data)).get_sheet_by_index(0)
        values = sheet.to_python(skip_empty_area=False, nrows=MAX_ROWS + 2)
    except (CalamineError, ValueError, IndexError) as exc:
        raise LayoutError(Finding(path=path, message=f"not a workbook pnp can read ({exc})")) from None
    return [(number, [_text(value) for value in row]) for number, row in enumerate(values, 1)]


def _text(value: object) -> str:
    """A sheet's cell as it would be typed in CSV: 17 for 17.0, true for TRUE."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value).strip()


RowLines = tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...]]


def list_position(path: Path, rows: RowLines, index: int, column: str) -> tuple[int, int]:
    """The line and column of the cell under `column` (a header name, `name` or `art.x`) in the
    `index`-th row of a card list as `read_list` counts them (blank rows left out), or of that
    row's first cell when no column has the name; `rows` are the list's `row_lines`."""
    header, numbers, lines = rows
    if not header or index >= len(numbers):
        return 1, 1
    place = header.index(column) if column in header else 0
    number = numbers[index]
    if path.suffix in SHEETS:
        return number, place + 1
    return number, _cell_column(lines[number - 1], place)


def sheet_note(path: Path, data: bytes) -> str:
    """Which sheet of a workbook of several was read, for a message about its columns ("" for a
    CSV list or a workbook of one sheet)."""
    if path.suffix not in SHEETS:
        return ""
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        names = CalamineWorkbook.from_filelike(io.BytesIO(data)).sheet_names
    except (CalamineError, ValueError):
        return ""
    if len(names) < 2:
        return ""
    others = ", ".join(repr(name) for name in names[1:])
    return f" (pnp read its first sheet, {names[0]!r}, and not {others}: put the cards on the first sheet)"


def header_position(path: Path, rows: RowLines, column: str) -> tuple[int, int]:
    """The line and column of `column`'s name in a card list's first row (`rows`: its `row_lines`)."""
    header, _, lines = rows
    place = header.index(column) if column in header else 0
    if path.suffix in SHEETS:
        return 1, place + 1
    number = next((i for i, line in enumerate(lines, 1) if line.strip()), 1)
    return number, _cell_column(lines[number - 1], place) if lines else 1


def row_lines(path: Path, data: bytes) -> RowLines:
    """A card list's header, the line of each row `read_list` counts, and the file's lines: read
    once however many problems name its cells (`GameSource` keeps them; a 10,000-row list read
    once per problem took seconds)."""
    rows = list_rows(path, data)
    if not rows:
        return (), (), ()
    numbers = tuple(number for number, cells in rows[1:] if any(cells))
    lines = () if path.suffix in SHEETS else tuple(data.decode("utf-8-sig", errors="replace").splitlines())
    return tuple(rows[0][1]), numbers, lines


def _cell_column(line: str, place: int) -> int:
    """Where (from 1) the `place`-th cell (from 0) of a CSV line starts: after that many commas
    outside quotes."""
    quoted, commas = False, 0
    for at, char in enumerate(line):
        if commas == place:
            return at + 1
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            commas += 1
    return len(line) + 1 if commas == place else 1


def _column_clash(header: list[str]) -> str | None:
    """Why two column names would fill the same key (`name` and `name.x`, or one name twice)."""
    seen: set[str] = set()
    for column in filter(None, header):
        if column in seen:
            return f"column {column} appears twice"
        if "" in column.split("."):
            return f"column {column} has an empty part between its dots"
        seen.add(column)
    for column in seen:
        parts = column.split(".")
        for k in range(1, len(parts)):
            if ".".join(parts[:k]) in seen:
                return (
                    f"column {column} fills a key inside {'.'.join(parts[:k])}, which is a column "
                    "of its own: keep one of them"
                )
    return None
