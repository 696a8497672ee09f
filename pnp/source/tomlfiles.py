"""TOML reading and icon-reference scanning without the schema machinery, so that start-up paths
(the up-to-date check, `pnp icons credits`) stay light."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli

from pnp.errors import LayoutError, LayoutSyntaxError
from pnp.findings import Finding, column_of
from pnp.source.cardlists import MAX_ROWS, read_list
from pnp.source.iconnames import is_near_ref
from pnp.source.icons import is_icon_ref
from pnp.source.ownart import is_art_ref
from pnp.source.rowkeep import RowKeep

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
        raise LayoutError(Finding(path=path, message="arrays or tables nested too deeply to be layout data")) from None
    except tomli.TOMLDecodeError as exc:
        said = f"TOML syntax error: {exc.msg}"
        raise LayoutSyntaxError(Finding(path=path, line=exc.lineno, col=exc.colno, message=said)) from None
    deepest = _deepest(table)
    if deepest is not None:
        line, col = TomlLines.of(text).position(deepest[:1])
        raise LayoutError(
            Finding(
                path=path,
                line=line,
                col=col,
                message=f"{key_text(deepest[:6])}...: tables or arrays nested more than {MAX_DEPTH} "
                "deep, deeper than layout data goes",
            )
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


def icon_locations(
    data: Any, only: Callable[[str], bool] | None = None, rows: RowKeep | None = None
) -> list[tuple[KeyPath, str]]:
    """(key path, reference) for every icon named under keys `icon`, `*_icon` or `icons`, in the
    order the data lists them; with `only`, for the references it takes alone (a deck's 10,000
    icons are looked at without a key path made for each); a card list's rows `rows` read before
    looked at as they were."""
    out: list[tuple[KeyPath, str]] = []
    _icons_into(out, data, (), only, rows or RowKeep())
    return out


def _icons_into(
    out: list[tuple[KeyPath, str]], data: Any, loc: KeyPath, only: Callable[[str], bool] | None, rows: RowKeep
) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            if (key == "icon" or key.endswith("_icon")) and _named_as_icon(value):
                if only is None or only(value):
                    out.append(((*loc, key), value))
            elif key == "icons" and isinstance(value, list):
                out += [
                    ((*loc, key, i), item)
                    for i, item in enumerate(value)
                    if _named_as_icon(item) and (only is None or only(item))
                ]
            elif isinstance(value, (dict, list)):
                _icons_into(out, value, (*loc, key), only, rows)
    elif (runs := rows.runs_of(data)) is not None:  # a card list: its runs' icons found once
        for start, run in runs:
            refs, icons = run.found.get("icons") or run.found.setdefault("icons", _run_icons(run.items, rows))
            if only is None or any(map(only, refs)):
                out += [((*loc, start + i, *where), ref) for i, where, ref in icons if only is None or only(ref)]
    elif isinstance(data, list):
        for i, item in enumerate(data):
            if isinstance(item, dict) and (found := rows.found(item)) is not None:  # a card list's row read before
                if "icons" not in found:
                    found["icons"] = icon_locations(item, rows=rows)
                out += [((*loc, i, *where), ref) for where, ref in found["icons"] if only is None or only(ref)]
            elif isinstance(item, (dict, list)):
                _icons_into(out, item, (*loc, i), only, rows)


def _named_as_icon(value: object) -> bool:
    """An icon, own art, or a name written almost as an icon is (its check suggests the one meant)."""
    return is_icon_ref(value) or is_art_ref(value) or is_near_ref(value)


def _run_icons(items: Sequence[Any], rows: RowKeep) -> tuple[frozenset[str], tuple[tuple[int, KeyPath, str], ...]]:
    """The icons a run of rows names (each once), and each icon with its row's place in the run."""
    icons = tuple((i, where, ref) for i, row in enumerate(items) for where, ref in icon_locations(row, rows=rows))
    return frozenset(ref for _, _, ref in icons), icons


def strings_holding(mark: str, node: Any, loc: KeyPath = (), rows: RowKeep | None = None) -> list[tuple[KeyPath, str]]:
    """As `string_values`, only the strings that hold `mark`: a deck's 60,000 cells are looked at
    without a key path made for each, a card list's rows `rows` read before as they were."""
    out: list[tuple[KeyPath, str]] = []
    _holding_into(out, mark, node, loc, rows or RowKeep())
    return out


def _holding_into(out: list[tuple[KeyPath, str]], mark: str, node: Any, loc: KeyPath, rows: RowKeep) -> None:
    if isinstance(node, str):
        if mark in node:
            out.append((loc, node))
        return
    runs = rows.runs_of(node)
    for start, run in runs or ():  # a card list: each run's strings holding `mark` found once
        found = run.found.get(("holding", mark))
        if found is None:
            found = run.found[("holding", mark)] = tuple(
                (i, where, text)
                for i, row in enumerate(run.items)
                for where, text in strings_holding(mark, row, rows=rows)
            )
        out += [((*loc, start + i, *where), text) for i, where, text in found]
    if runs is not None:
        return
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        if isinstance(value, str):
            if mark in value:
                out.append(((*loc, key), value))
        elif isinstance(value, dict) and (found := rows.found(value)) is not None:  # a row read before
            if ("holding", mark) not in found:
                found[("holding", mark)] = strings_holding(mark, value, rows=rows)
            out += [((*loc, key, *where), text) for where, text in found[("holding", mark)]]
        elif isinstance(value, (dict, list)):
            _holding_into(out, mark, value, (*loc, key), rows)


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


def place_parts(place: str) -> tuple[str, KeyPath]:
    """The file and key path of a place written `file:key` or `game/file:key`."""
    file, _, key = place.partition(":")
    return file.rpartition("/")[2], key_path(key)


def key_path(text: str) -> KeyPath:
    """The key path `key_text` wrote (`souls[3].count` -> ("souls", 3, "count")); the first of
    several keys joined by commas; () for a text that names no key."""
    first = re.split(r"[,\s(]", text.strip(), maxsplit=1)[0]
    if not re.fullmatch(r"[\w-]+(?:\[\d+\]|\.[\w-]+)*", first):
        return ()
    return tuple(int(index) if index else name for name, index in re.findall(r"([\w-]+)|\[(\d+)\]", first))


MAX_ITEMS = MAX_ROWS  # entries in one list or table, as many as rows of a card list
MAX_TEXT = 4000  # characters in one string: more than any card, aid or rules line holds


def expand_csv(
    node: Any,
    loc: KeyPath,
    path: Path,
    sources: dict[KeyPath, Path],
    read_bytes: Callable[[str], bytes],
    lines: TomlLines,
    rows: RowKeep | None = None,
) -> None:
    """Every `key = { csv = "file.csv" }` under `node` replaced by the rows of that card list (a
    CSV file, or an .xlsx or .ods workbook) beside `path`; `sources` learns where each list came from.
    `read_bytes` gives a file's bytes or raises UnsafeFile saying why it cannot; `lines` places a
    problem with the key in `path`."""
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if isinstance(value, dict) and set(value) == {"csv"}:
                line, col = lines.position((*loc, key, "csv"))
                where = Finding(path=path, line=line, col=col, message=f"{key_text((*loc, key))}.csv")
                node[key] = read_list(read_bytes, value["csv"], folder=path.parent, where=where, rows=rows)
                sources[(*loc, key)] = path.parent / str(value["csv"])
            else:
                expand_csv(value, (*loc, key), path, sources, read_bytes, lines, rows)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            expand_csv(item, (*loc, i), path, sources, read_bytes, lines, rows)


def csv_location(sources: dict[KeyPath, Path], loc: KeyPath) -> tuple[Path, int, str] | None:
    """The CSV file, row index and column name (`art.x`; "" for the row itself) of a key path that
    lies inside a CSV list, else None."""
    for prefix, path in sources.items():
        index = loc[len(prefix)] if loc[: len(prefix)] == prefix and len(loc) > len(prefix) else None
        if isinstance(index, int):
            return path, index, ".".join(str(part) for part in loc[len(prefix) + 1 :])
    return None


def _as_written(key: str) -> str:
    """A key as a header writes it: quoted when it is no bare key (`["halo.svg"]`)."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else f'"{key}"'


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
                pattern = re.compile(
                    r"^\s*"
                    + r"\s*\.\s*".join(f"([\"']?){re.escape(key)}\\{n + 1}" for n, key in enumerate(keys[:k]))
                    + r"\s*="
                )
                for i in range(start, end):
                    if pattern.match(lines[i]):
                        return i + 1
            for k in range(len(keys), 0, -1):  # the longest [table.name] written
                name = ".".join(([table] if table else []) + keys[:k])
                written = ".".join(([table] if table else []) + [_as_written(key) for key in keys[:k]])
                headers = self.headers.get(f"[{name}]") or self.headers.get(f"[{written}]", [])
                if headers:
                    start = headers[0] + 1
                    end, table, parts = self.body_end(start), name, parts[k:]
                    break
            else:
                return start if start else None  # not written (a missing key): its table's header
        return start if start else None

    def _element_line(self, opened: int, index: int) -> int:
        """The line of the `index`-th element of an array opened at the end of line `opened`, one
        element to a line as pnp's data writes them (else the opening line)."""
        seen = -1
        for i in range(opened, len(self.lines)):
            text = self.lines[i].strip()
            if not text or text.startswith("#"):
                continue
            if text.startswith("]"):
                break
            seen += 1
            if seen == index:
                return i + 1
        return opened

    def position(self, loc: KeyPath) -> tuple[int, int]:
        """The line and column of `loc` (its key where written, else the start of its table's
        header); (1, 1) for a key with no place in the text."""
        line = self.line_of(loc)
        if line is None:
            return 1, 1
        if loc and isinstance(loc[-1], int) and self.lines[line - 1].split("#", 1)[0].rstrip().endswith("["):
            line = self._element_line(line, loc[-1])
            text = self.lines[line - 1]
            return line, column_of(text, text.strip()[:1])
        names = [str(part) for part in loc if isinstance(part, str)]
        text = self.lines[line - 1]
        return line, column_of(text, next((name for name in reversed(names) if name in text), ""))


def toml_finding(path: Path, loc: KeyPath, message: str) -> Finding:
    """`message` at the key `loc` of a TOML file outside a game's folder (pnp's own kit.toml)."""
    try:
        line, col = TomlLines.of(path.read_text(encoding="utf-8")).position(loc)
    except (OSError, UnicodeDecodeError):
        line, col = 1, 1
    return Finding(path=path, line=line, col=col, message=f"{key_text(loc)}: {message}" if loc else message)


def oversized(node: Any) -> list[tuple[KeyPath, str]]:
    """(key path, message) for each string or list past the caps, before any model looks at them,
    in the order the data lists them."""
    out: list[tuple[KeyPath, str]] = []
    _oversized_into(out, node, ())
    return out


def _oversized_into(out: list[tuple[KeyPath, str]], node: Any, loc: KeyPath) -> None:
    if isinstance(node, str):
        if len(node) > MAX_TEXT:
            out.append((loc, f"a text of {len(node):,} characters; at most {MAX_TEXT:,}"))
    elif isinstance(node, (list, dict)):
        if len(node) > MAX_ITEMS:
            out.append((loc, f"{len(node):,} entries; at most {MAX_ITEMS:,}"))
            return
        for key, value in node.items() if isinstance(node, dict) else enumerate(node):
            if isinstance(value, str):  # measured here, not in a call of its own: a deck's cells
                if len(value) > MAX_TEXT:
                    _oversized_into(out, value, (*loc, key))
            elif isinstance(value, (list, dict)):
                _oversized_into(out, value, (*loc, key))
