"""A game's data folder read once: each file's bytes, its parsed table (the CSV lists it names
filled in), a line index for messages, and the digest of it all.

Every reader of a game's data (the rules model, the game's own files, the rules reference, the
trace, the up-to-date check, the report) asks the same `GameSource`, so a build parses each file
once. A source is remembered in the build's memory (`pnp.memory`) by its folder and the digest
of its bytes: a later read of unchanged files (the build after the up-to-date check, the next save
in `pnp watch`) costs only the reading of the bytes, and a changed byte makes a new source, whose
card lists take their unchanged rows from the last read (`rowkeep`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnp.errors import LayoutError
from pnp.files.safefiles import UnsafeFile, read_regular
from pnp.findings import Finding
from pnp.memory import BuildMemory, Kept
from pnp.source.cardlists import LIST_MAX_BYTES, RowLines, header_position, list_position, row_lines, sheet_note
from pnp.source.icons import ICON_REF_IN_BYTES, is_icon_ref
from pnp.source.markup import inline_icons
from pnp.source.ownart import is_art_ref
from pnp.source.rowkeep import RowKeep
from pnp.source.tomlfiles import (
    MAX_LAYOUT_BYTES,
    KeyPath,
    TomlLines,
    csv_location,
    expand_csv,
    icon_locations,
    key_path,
    key_text,
    parse_toml,
    place_parts,
    string_values,
    strings_holding,
)

DATA_SUFFIXES = (".toml", ".csv", ".xlsx", ".ods")
DOCUMENT_FILE = "document.txt"  # the rule document the game's trace.toml quotes, kept with its data
MIN_TRACED = 12  # characters a text needs before it is traced to the key it came from


@dataclass(kw_only=True)
class _Parsed:
    table: dict[str, Any]
    csv: dict[KeyPath, Path]  # where each CSV list in the table came from
    lines: TomlLines


class SourceMemory:
    """What reading a game's data keeps for the next read: each folder's latest source, the card
    lists' rows, and what the last search for icons found in each line of a long file."""

    __slots__ = ("lines", "read", "rows")

    def __init__(self) -> None:
        self.read: dict[str, GameSource] = {}  # folder -> its latest source
        self.rows = RowKeep()
        self.lines: dict[bytes, tuple[bytes, ...]] = {}


SOURCES = Kept("game sources", SourceMemory)


@dataclass(kw_only=True)
class GameSource:
    """One game's data files as read at one moment; ask it, never the disk."""

    slug: str
    folder: Path
    digest: str
    raw: dict[str, bytes | UnsafeFile]  # file name -> bytes, or why it could not be read
    # a build's problems that leave a gap where they are (an icon, a text's markup, a font), kept
    # while it goes on to find the rest; None: each is refused as its file is read
    gaps: list[Finding] | None = None
    mended: list[KeyPath] = field(default_factory=list)  # values a gap stands in for (`mending`), this build's
    kept: SourceMemory = field(default_factory=SourceMemory, repr=False, compare=False)  # shared with later reads
    _parsed: dict[str, _Parsed] = field(default_factory=dict)
    _row_lines: dict[str, RowLines] = field(default_factory=dict)  # each card list's, once a problem is placed in it
    _sheet_notes: dict[str, str] = field(default_factory=dict)  # each card list's `sheet_note`, once asked

    @property
    def rows(self) -> RowKeep:
        """The card lists' rows as read, this read's and the last's (`rowkeep`)."""
        return self.kept.rows

    def keep_gaps(self, found: list[Finding]) -> None:
        """Keep `found` in `gaps`; refused now if this read keeps none."""
        if self.gaps is None:
            raise LayoutError(found)
        self.gaps += [finding for finding in dict.fromkeys(found) if finding not in self.gaps]

    @property
    def names(self) -> list[str]:
        return sorted(self.raw)

    def has(self, name: str) -> bool:
        return name in self.raw

    def text(self, name: str) -> str:
        """A file's text; a missing, odd or undecodable file is refused with its path."""
        path = self.folder / name
        data = self.raw.get(name)
        if data is None:
            raise LayoutError(Finding(path=path, message="file not found"))
        if isinstance(data, UnsafeFile):
            raise LayoutError(Finding(path=path, message=f"cannot be read: {data}"))
        return _decoded(data, path)

    def table(self, name: str) -> dict[str, Any]:
        """The parsed TOML file, with every `key = { csv = "file.csv" }` replaced by that list's rows."""
        return self._parse(name).table

    def csv_sources(self, name: str) -> dict[KeyPath, Path]:
        return self._parse(name).csv

    def line_of(self, name: str, loc: KeyPath) -> int | None:
        """The line of `loc` in a TOML file, for a message pointing where the designer edits."""
        try:
            return self._lines(name).line_of(loc)
        except LayoutError:
            return None

    def findings(self, problems: Sequence[Problem]) -> list[Finding]:
        """Each problem placed where the designer edits it."""
        return [problem.finding(self) for problem in problems]

    def finding(self, name: str, loc: KeyPath, message: str) -> Finding:
        """`message` about the key `loc` of file `name`, placed where the designer edits it: its
        cell when it lies in a CSV list, else its line and column in the file."""
        try:
            in_csv = csv_location(self.csv_sources(name), loc)
        except LayoutError:
            in_csv = None
        said = f"{key_text(loc)}: {message}" if loc else message
        if in_csv is not None:
            path, index, column = in_csv
            line, col = list_position(path, self._list_lines(path), index, column)
            return Finding(path=path, line=line, col=col, message=said)
        try:
            line, col = self._lines(name).position(loc)
        except LayoutError:
            line, col = 1, 1
        return Finding(path=self.folder / name, line=line, col=col, message=said)

    def column_finding(self, path: Path, column: str, message: str) -> Finding:
        """`message` about a card list's column, at its name in the list's first row."""
        line, col = header_position(path, self._list_lines(path), column)
        said = f"column {column}: {message}" if column else message
        if path.name not in self._sheet_notes:
            self._sheet_notes[path.name] = sheet_note(path, self._list_bytes(path.name))
        return Finding(path=path, line=line, col=col, message=said + self._sheet_notes[path.name])

    def list_header(self, path: Path) -> tuple[str, ...]:
        """The column names of a card list, as its first row gives them."""
        return self._list_lines(path)[0]

    def _list_lines(self, path: Path) -> RowLines:
        """A card list's `row_lines`, read once however many problems name its cells."""
        lines = self._row_lines.get(path.name)
        if lines is None:
            lines = self._row_lines[path.name] = row_lines(path, self._list_bytes(path.name))
        return lines

    def named(self, place: str, message: str) -> Finding:
        """`message` at a place written `file:key` (or `game/file:key`, as `text_source` gives)."""
        return self.finding(*place_parts(place), message)

    def placed(self, exc: LayoutError) -> tuple[Finding, ...]:
        """A refusal's findings: a game may raise a plain `file:key: message` (or `game/file:key:
        message`), found here at its line; anything else is placed at the game's folder."""
        if exc.findings:
            return exc.findings
        said = re.match(r"(?:[\w-]+/)?([\w.-]+\.(?:toml|csv|txt)):(\S+): (.*)", exc.message, re.S)
        if said is not None and self.has(said.group(1)):
            return (self.named(f"{said.group(1)}:{said.group(2)}", said.group(3)),)
        return exc.placed(self.folder)

    def place(self, name: str, loc: KeyPath) -> str:
        """Where the designer edits `loc`, said in words: `souls.csv line 4` or `line 12`."""
        found = self.finding(name, loc, "")
        return f"line {found.line}" if found.path.name == name else f"{found.path.name} line {found.line}"

    def _lines(self, name: str) -> TomlLines:
        parsed = self._parsed.get(name)
        return parsed.lines if parsed is not None else TomlLines.of(self.text(name))

    def tables(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every TOML file that parses, by name."""
        for name in self.names:
            if name.endswith(".toml"):
                try:
                    yield name, self.table(name)
                except LayoutError:
                    continue

    def mentioned_icons(self) -> list[str]:
        """Every text of the files that reads as an icon reference, found in the bytes without parsing:
        the icons the data names and perhaps a few look-alikes, for a digest that must stay light."""
        lines: dict[bytes, tuple[bytes, ...]] = {}
        found: set[bytes] = set()
        for data in self.raw.values():
            if isinstance(data, bytes):
                found.update(_mentioned(data, lines, self.kept.lines))
        self.kept.lines = lines
        return sorted(match.decode() for match in found)

    def icons(self) -> list[str]:
        """The game-icons.net icons the game's data names, across every file that parses (own art,
        art/<file>, is the project's and never fetched)."""
        return sorted(ref for ref in self._named_icons() if is_icon_ref(ref))

    def own_art(self) -> list[str]:
        """The designer's own art (art/<file>) the game's data names."""
        return sorted(ref for ref in self._named_icons() if is_art_ref(ref))

    def _named_icons(self) -> set[str]:
        """Every icon the data names, under an icon key or inline in a text (<icon author/name>)."""
        found = {ref for _, table in self.tables() for _, ref in icon_locations(table, rows=self.rows)}
        return found | {
            ref
            for _, table in self.tables()
            for _, text in strings_holding("<", table, rows=self.rows)
            for ref in inline_icons(text)
        }

    def text_source(self, text: str) -> str | None:
        """`file:key` of the value a printed text was made from: the value itself, a template of it
        whose `{name}` places were filled, or a value with braces inside a text the code composed (a
        card name in the print guide: its braces are the placeholder a message is about); None for
        other composed texts. Asked only when a message needs it, of the tables already parsed. A
        short text ("A") could have come from many keys, so it is traced by its braces alone."""
        best: tuple[int, str] | None = None
        for name, data in self.tables():
            for loc, value in string_values(data):
                if ("{" in value or "}" in value) and value in text:
                    matches = True
                elif len(text) < MIN_TRACED:
                    continue
                else:
                    pattern = re.sub(r"\\\{[^}]*\\\}", ".*", re.escape(value))
                    said = re.sub(r"\{[^}]*\}", "", value).strip()  # a value all placeholders says nothing
                    matches = value == text or bool(said and re.fullmatch(pattern, text, re.S))
                if matches and (best is None or len(value) > best[0]):
                    best = (len(value), f"{name}:{key_text(loc)}")
        return best[1] if best else None

    def _parse(self, name: str) -> _Parsed:
        if name not in self._parsed:
            text = self.text(name)
            path = self.folder / name
            table = parse_toml(text, path)
            sources: dict[KeyPath, Path] = {}
            lines = TomlLines.of(text)
            expand_csv(table, (), path, sources, self._list_bytes, lines, self.rows)
            self._parsed[name] = _Parsed(table=table, csv=sources, lines=lines)
        return self._parsed[name]

    def _list_bytes(self, name: str) -> bytes:
        data = self.raw.get(name)
        if data is None:
            raise UnsafeFile("there is no such file in the folder")
        if isinstance(data, UnsafeFile):
            raise data
        if len(data) > LIST_MAX_BYTES:
            raise UnsafeFile(f"it is {len(data):,} bytes, over the {LIST_MAX_BYTES:,}-byte limit of a card list")
        return data


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a build: `what (expected X, found Y)` at `file`'s `key`; `line` where a
    key cannot tell (a sentence of the rule document), `path` for a file outside the game's folder
    (pnp's own kit)."""

    game: str
    file: str
    key: str
    message: str
    expected: object = None
    found: object = None
    line: int = 0
    path: Path | None = None
    at: tuple[str | int, ...] = ()  # the key's path where its text cannot say it (a key with a dot)

    def finding(self, source: GameSource) -> Finding:
        """The problem where the designer edits: `path:line:col: key: what`."""
        tail = f" (expected {self.expected}, found {self.found})" if self.expected is not None else ""
        said = f"{self.key}: {self.message}{tail}" if self.key else f"{self.message}{tail}"
        if not source.has(self.file) and self.path is None:  # a text the game's code composed
            return Finding(path=source.folder, message=f"{self.file}: {said}")
        if self.line or self.path is not None:
            return Finding(path=self.path or source.folder / self.file, line=self.line or 1, message=said)
        return replace(source.finding(self.file, self.at or key_path(self.key), ""), message=said)


LINE_BY_LINE = 64 * 1024  # a file this long (a deck's card list) is searched a line at a time


def _mentioned(
    data: bytes, lines: dict[bytes, tuple[bytes, ...]], last: dict[bytes, tuple[bytes, ...]]
) -> Iterable[bytes]:
    """The icon references in `data`; a long file's lines are searched unless the `last` search
    had them, and `lines` learns them. A reference lies within a line."""
    if len(data) < LINE_BY_LINE:
        return ICON_REF_IN_BYTES.findall(data)
    out: set[bytes] = set()
    for line in data.split(b"\n"):
        found = lines.get(line)
        if found is None:
            found = last.get(line)
            if found is None:
                found = tuple(ICON_REF_IN_BYTES.findall(line))
            lines[line] = found
        out.update(found)
    return out


def _decoded(data: bytes, path: Path) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - data.rfind(b"\n", 0, exc.start)
        message = f"not UTF-8 text ({exc.reason}: save it as UTF-8)"
        raise LayoutError(Finding(path=path, line=line, col=col, message=message)) from None


def read_game(slug: str, folder: Path, memory: BuildMemory | None = None) -> GameSource:
    """The game's data as it is on disk now: the source `memory` holds when no byte changed."""
    kept = memory[SOURCES] if memory is not None else SourceMemory()
    raw: dict[str, bytes | UnsafeFile] = {}
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix in DATA_SUFFIXES or p.name == DOCUMENT_FILE)
    except OSError as exc:
        raise LayoutError(Finding(path=folder, message=f"cannot be read ({exc.strerror or exc})")) from None
    digest = hashlib.sha256()
    for path in paths:
        try:
            data: bytes | UnsafeFile = read_regular(path, MAX_LAYOUT_BYTES, links=False)  # a link may point anywhere
        except UnsafeFile as exc:
            data = exc
        raw[path.name] = data
        digest.update(path.name.encode())
        digest.update(data if isinstance(data, bytes) else b"<unreadable>")
    key, hexdigest = str(folder.resolve()), digest.hexdigest()
    known = kept.read.get(key)
    if known is None or known.digest != hexdigest or known.slug != slug:
        kept.read[key] = known = GameSource(slug=slug, folder=folder, digest=hexdigest, raw=raw, kept=kept)
    return known
