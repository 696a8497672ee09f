"""TOML reading and icon-reference scanning without the schema machinery, so that start-up paths
(the up-to-date check, `pnp icons credits`) stay light."""

from __future__ import annotations

import csv
import io
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli

from pnp.errors import LayoutError, LayoutSyntaxError
from pnp.files.safefiles import UnsafeFile
from pnp.source.icons import is_icon_ref

KeyPath = tuple[str | int, ...]  # a key's place in a layout file: ("souls", 3, "count")

MAX_LAYOUT_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 40  # tables and arrays inside each other; the kit's templates use 8


def parse_toml(text: str, path: Path) -> dict[str, Any]:
    """A TOML file's table; a syntax error is named with its file and line, and nesting deeper than
    layout data goes is refused before any reader walks it. Parsed by tomli, whose compiled wheels
    read pnp's layouts about three times as fast as the standard library's tomllib (the same parser
    in pure Python), and a designer's deck listed in TOML with them."""
    try:
        table = tomli.loads(text)
    except RecursionError:
        raise LayoutError(f"{path}: arrays or tables nested too deeply to be layout data") from None
    except tomli.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f":{match.group(1)}" if match else ""
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise LayoutSyntaxError(f"{path}{where}: TOML syntax error: {message}") from None
    deepest = _deepest(table)
    if deepest is not None:
        raise LayoutError(
            f"{path}:{key_text(deepest[:6])}...: tables or arrays nested more than {MAX_DEPTH} "
            "deep, deeper than layout data goes"
        )
    return table


def _deepest(table: dict[str, Any]) -> KeyPath | None:
    """The key path of a value nested more than MAX_DEPTH deep, found without recursion (a header
    such as [a.a.a...] 1,000 deep parses without it; tomli refuses more)."""
    todo: list[tuple[KeyPath, Any]] = [((), table)]
    while todo:
        loc, node = todo.pop()
        if len(loc) > MAX_DEPTH:
            return loc
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        todo.extend(((*loc, key), value) for key, value in items)
    return None


def icon_locations(data: Any) -> list[tuple[KeyPath, str]]:
    """(key path, reference) for every icon named under keys `icon`, `*_icon` or `icons`, in the
    order the data lists them."""
    out: list[tuple[KeyPath, str]] = []
    _icons_into(out, data, ())
    return out


def _icons_into(out: list[tuple[KeyPath, str]], data: Any, loc: KeyPath) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            if (key == "icon" or key.endswith("_icon")) and is_icon_ref(value):
                out.append(((*loc, key), value))
            elif key == "icons" and isinstance(value, list):
                out += [((*loc, key, i), item) for i, item in enumerate(value) if is_icon_ref(item)]
            elif isinstance(value, (dict, list)):
                _icons_into(out, value, (*loc, key))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            if isinstance(item, (dict, list)):
                _icons_into(out, item, (*loc, i))


def string_values(node: Any, loc: KeyPath = ()) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(node, str):
        yield loc, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from string_values(value, (*loc, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from string_values(value, (*loc, i))


def key_text(loc: KeyPath) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


MAX_ITEMS = 20_000  # entries in one list or table, rows of a CSV list: a deck of 10,000 designs fits
CSV_MAX_BYTES = 1024 * 1024


def expand_csv(
    node: Any, loc: KeyPath, path: Path, sources: dict[KeyPath, Path], read_text: Callable[[str], str]
) -> None:
    """Every `key = { csv = "file.csv" }` under `node` replaced by the rows of that CSV file beside
    `path` (what designers keep in spreadsheets); `sources` learns where each list came from.
    `read_text` gives a file's text or raises UnsafeFile saying why it cannot."""
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if isinstance(value, dict) and set(value) == {"csv"}:
                where = f"{path.parent.name}/{path.name}:{key_text((*loc, key))}.csv"
                node[key] = read_csv_rows(read_text, value["csv"], path.parent.name, where)
                sources[(*loc, key)] = path.parent / str(value["csv"])
            else:
                expand_csv(value, (*loc, key), path, sources, read_text)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            expand_csv(item, (*loc, i), path, sources, read_text)


def read_csv_rows(read_text: Callable[[str], str], name: object, folder_name: str, where: str) -> list[dict[str, Any]]:
    """Rows as tables: a column `a.b` fills key b of table a, empty cells are left out (so defaults
    apply), and numbers and true/false read as such."""
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*\.csv", name):
        raise LayoutError(f'{where}: expected the name of a .csv file beside it, such as "souls.csv"')
    try:
        text = read_text(name)
    except UnsafeFile as exc:
        raise LayoutError(f"{where}: {folder_name}/{name} cannot be read: {exc}") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise LayoutError(f"{folder_name}/{name}: row {reader.line_num}: not valid CSV ({exc})") from None
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise LayoutError(f"{folder_name}/{name}: the first row must name the columns")
    header = [cell.strip() for cell in rows[0]]
    clash = _column_clash(header)
    if clash:
        raise LayoutError(f"{folder_name}/{name}: row 1: {clash}")
    if len(rows) - 1 > MAX_ITEMS:
        raise LayoutError(f"{folder_name}/{name}: more than {MAX_ITEMS:,} rows")
    keys = [column.split(".") for column in header]
    out = []
    for number, row in enumerate(rows[1:], start=2):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        if len(row) > len(header):
            raise LayoutError(f"{folder_name}/{name}: row {number}: {len(row)} cells under {len(header)} column names")
        record: dict[str, Any] = {}
        for place, (column, key, cell) in enumerate(zip(header, keys, cells, strict=False), start=1):
            if not cell:
                continue
            if not column:
                raise LayoutError(
                    f"{folder_name}/{name}: row {number}: {cell[:40]!r} under column "
                    f"{place}, which has no name in row 1"
                )
            target = record
            for table in key[:-1]:
                target = target.setdefault(table, {})
            target[key[-1]] = _cell(cell)
        out.append(record)
    return out


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


_INTEGER = re.compile(r"-?\d+")
_DECIMAL = re.compile(r"-?\d+\.\d+")


def _cell(text: str) -> Any:
    if _INTEGER.fullmatch(text):
        return int(text)
    if _DECIMAL.fullmatch(text):
        return float(text)
    if text in ("true", "false"):
        return text == "true"
    return text


def csv_location(sources: dict[KeyPath, Path], loc: KeyPath) -> str | None:
    """`souls.csv: row 4, column count` for a key path that lies inside a CSV list, else None."""
    for prefix, path in sources.items():
        index = loc[len(prefix)] if loc[: len(prefix)] == prefix and len(loc) > len(prefix) else None
        if isinstance(index, int):
            row = index + 2  # the header is row 1
            column = ".".join(str(part) for part in loc[len(prefix) + 1 :])
            return f"{path.name}: row {row}" + (f", column {column}" if column else "")
    return None


def _header(line: str) -> str:
    """A table header line without its trailing comment ("[cards]  # the deck" -> "[cards]")."""
    return line.split("#", 1)[0].strip()


@dataclass(frozen=True, kw_only=True)
class TomlLines:
    """A TOML file's lines with its table headers indexed once, so finding the line of each of
    10,000 designs costs a lookup each, not a pass over the file each."""

    lines: list[str]
    headers: dict[str, list[int]]  # "[[souls]]" -> the line indexes it heads, in order
    opens: list[int]  # every line index that opens with "[" (a header or an array row)

    @classmethod
    def of(cls, text: str) -> TomlLines:
        lines = text.splitlines()
        opens = [i for i, line in enumerate(lines) if line.lstrip().startswith("[")]
        headers: dict[str, list[int]] = {}
        for i in opens:
            headers.setdefault(_header(lines[i]), []).append(i)
        return cls(lines=lines, headers=headers, opens=opens)

    def body_end(self, first: int) -> int:
        """Where the table whose body starts at line index `first` ends."""
        at = bisect_left(self.opens, first)
        return self.opens[at] if at < len(self.opens) else len(self.lines)

    def line_of(self, loc: KeyPath) -> int | None:
        """The line of `loc` (such as ("souls", 2, "count")), found in the text: tomli keeps no
        positions, and designers want the line they edited."""
        lines = self.lines
        start, end, table = 0, self.body_end(0), ""
        parts = list(loc)
        while parts:
            head = str(parts[0])
            name = f"{table}.{head}" if table else head
            if len(parts) > 1 and isinstance(parts[1], int):  # the n-th [[name]]
                headers = self.headers.get(f"[[{name}]]", [])
                if parts[1] < len(headers):
                    start = headers[parts[1]] + 1
                    end, table, parts = self.body_end(start), name, parts[2:]
                    continue
            keys = []
            for part in parts:
                if not isinstance(part, str):
                    break
                keys.append(part)
            for k in range(len(keys), 0, -1):  # the longest dotted key written
                pattern = re.compile(r"^\s*" + r"\s*\.\s*".join(re.escape(key) for key in keys[:k]) + r"\s*=")
                for i in range(start, end):
                    if pattern.match(lines[i]):
                        return i + 1
            for k in range(len(keys), 0, -1):  # the longest [table.name] written
                name = ".".join(([table] if table else []) + keys[:k])
                headers = self.headers.get(f"[{name}]", [])
                if headers:
                    start = headers[0] + 1
                    end, table, parts = self.body_end(start), name, parts[k:]
                    break
            else:
                return start if start else None  # not written (a missing key): its table's header
        return start if start else None
