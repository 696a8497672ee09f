"""The build manifest (output/<game>/manifest.json): what a build printed, file by file and piece
by piece. Validation, the gallery, incremental builds and the paper total read its fields.

Each page records what it put where; that record, not the game's input, is what counts are checked
against. A manifest read back from disk is validated as a whole, or the next build's part of it
(`LastBuild`) as a whole: one that does not parse is absent.
"""

from __future__ import annotations

import re
import stat
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import compress, count, repeat
from operator import is_, is_not, ne
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol, TypeVar, cast, get_origin, get_type_hints

from pnp.files.safefiles import UnsafeFile, read_json, read_regular
from pnp.memory import BuildMemory, Kept
from pnp.pipeline.placedruns import tallies
from pnp.render.placed import Placed

if TYPE_CHECKING:  # loaded when a manifest is first read or written: drawing never needs it
    from pydantic import TypeAdapter


@dataclass(frozen=True, kw_only=True)
class DocumentRecord:
    """One PDF as written: enough to tell whether the file beside the manifest is still it."""

    file: str
    pages: int
    sheets: int  # sheets of paper, a double-sided sheet counted once
    bytes: int
    sha256: str
    icons: list[str]
    duplex: str  # the duplex mode it prints with, or "single"
    how: str  # how to print it, in a line: the print guide's facts (`printguide.print_line`)


CUT_FILE = re.compile(r"[^/]+-cut-p\d+\.(dxf|svg)")  # what a build with a cutter writes, and one without removes


@dataclass(frozen=True, kw_only=True)
class FileRecord:
    """A file beside the PDFs (a cutting machine's cut file): its name, size and hash."""

    file: str
    bytes: int
    sha256: str


@dataclass(frozen=True, kw_only=True)
class PrintRecord:
    """The print options of the build, as the gallery shows them."""

    paper: str
    card: str
    bleed_mm: float
    duplex: str
    ink_saver: bool
    cutter: str = "none"


class _Designed(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def name(self) -> str: ...


def design_key(design: _Designed) -> str:
    """How a build's designs are told apart, here and by the next build: "kind|name" (a piece, board
    or sheet, or a side of one placed on a page)."""
    return f"{design.kind}|{design.name}"


def design_name(key: str) -> str:
    """The name in a `design_key`."""
    return key.split("|", 1)[1]


class Face(NamedTuple):
    """Where a design's first front lies in its PDF (its page, and its box there in mm, lower-left
    corner first): the change list's pictures of it are cut from there, by this build from the PDF
    it writes and by the next from the PDF as this build left it. A tuple: a deck of 10,000 designs
    reads 10,000 of them back."""

    page: int  # 1-based
    x: float
    y: float
    w: float
    h: float
    turned: bool = False

    @property
    def upright_height(self) -> float:
        """mm: the piece's height once a turned piece is turned back."""
        return self.w if self.turned else self.h

    @staticmethod
    def of(item: Placed) -> Face:
        box = item.page_box()
        return Face(item.page, box.x, box.y, box.w, box.h, item.turned)

    @staticmethod
    def first_of(placed: list[Placed], memory: BuildMemory | None = None) -> dict[str, Face]:
        """Each design's first front, by "kind|name": a board tiled over pages has none whole. Each
        run's first fronts are kept (`placedruns`); a later run's, laid under an earlier one's."""
        out: dict[str, Face] = {}
        for fronts in reversed(tallies(placed, "first fronts", Face._first_in, memory)):
            out.update(fronts)
        return out

    @staticmethod
    def _first_in(items: tuple[Placed, ...]) -> dict[str, Face]:
        out: dict[str, Face] = {}
        for item in items:
            if item.side == "face" and item.tile is None:
                key = design_key(item)
                if key not in out:
                    out[key] = Face.of(item)
        return out


class TileFace(NamedTuple):
    """Where one tile of a board printed on tiles lies in its PDF (as `Face`), and where the part
    of the board it prints lies on the board (mm from the board's lower-left corner): the pictures
    of the board lay its tiles together there."""

    page: int  # 1-based
    x: float
    y: float
    w: float
    h: float
    board_x: float
    board_y: float

    @property
    def face(self) -> Face:
        """The tile's box in its PDF, as a piece's front is recorded."""
        return Face(self.page, self.x, self.y, self.w, self.h)

    @staticmethod
    def boards_in(placed: list[Placed]) -> dict[str, tuple[TileFace, ...]]:
        """The tiles of each board printed on tiles, by "kind|name", in its first file."""
        out: dict[str, list[TileFace]] = {}
        files: dict[str, str] = {}
        for item in placed:
            if item.tile is not None and item.side == "face":
                key = design_key(item)
                if files.setdefault(key, item.document) == item.document:
                    on_page, on_board = item.page_box(), item.box
                    out.setdefault(key, []).append(
                        TileFace(item.page, on_page.x, on_page.y, on_page.w, on_page.h, on_board.x, on_board.y)
                    )
        return {key: tuple(tiles) for key, tiles in out.items()}


@dataclass(frozen=True, kw_only=True)
class Design:
    """One distinct piece, board or sheet of a build, fingerprinted so the next build can tell what
    changed."""

    hash: str  # of what is drawn: a changed picture, colour or size
    text: str  # of its words alone: a changed text
    count: int  # how many the build prints
    file: str  # the PDF it prints in (the first, when several do)
    face: Face | None = None  # where its first front lies in that PDF
    tiles: tuple[TileFace, ...] = ()  # a board printed on tiles (it has no face whole): each tile


@dataclass(frozen=True, kw_only=True)
class ChangeRecord:
    """One change since the game's previous build, as the gallery lists it."""

    key: str  # "kind|name"
    kind: Literal["added", "removed", "renamed", "text", "art", "count"]
    what: str  # said for a designer: "Still Water: text changed, 1 to print"
    reprint: int  # copies to print again
    before: Design | None
    after: Design | None
    before_key: str = ""  # a renamed design's key before ("kind|old name")


@dataclass(kw_only=True)
class Manifest:
    game: str
    title: str
    players: int
    options: PrintRecord
    documents: list[DocumentRecord]
    placed: list[Placed]
    designs: dict[str, Design]  # by "kind|name"
    validated: bool
    changes: list[ChangeRecord] | None = None  # since the previous build; None: there was none
    thumbnails: dict[str, str] = field(default_factory=dict)  # kind -> image beside the manifest
    inputs: str | None = None  # digest of everything the build depended on
    data: str | None = None  # digest of the game's data alone
    credits: list[str] = field(default_factory=list)  # the game's author and copyright, as its document gives them
    own_credits: list[str] = field(default_factory=list)  # who made the designer's own art and fonts
    cut_files: list[FileRecord] = field(default_factory=list)  # a cutting machine's files, beside the PDFs
    warnings: list[str] = field(default_factory=list)  # what the build warned of, as it said it

    def to_json(self, memory: BuildMemory | None = None) -> bytes:
        """The manifest as written to disk, UTF-8 (pydantic's serialiser: a 10,000-card build has
        40,000 records, where dataclasses.asdict and json took seconds). Each placed record is
        written as pydantic writes it in place, and a record kept from an earlier build in `memory`
        (a page drawn as before hands back its very records) as it was written then."""
        return (memory[MANIFESTS].texts if memory is not None else _ManifestJson()).manifest_json(self)


class _Kept:
    """The texts of one kind of a manifest's records (its placed records, a list; its designs, a
    table), as the manifest writes them, each by its record: a record is held while its text is
    kept, so no other object has its id meanwhile. At its level, each record of the list or table
    is written behind two spaces and deeper lines behind more, so the list splits where a line of
    two spaces starts the next record; a newline in a value is written escaped."""

    def __init__(self, key: bytes, opening: bytes, first: bytes) -> None:
        self.key = b'\n "' + key + b'": '  # a key of the manifest's top level
        self.empty = opening + {b"[": b"]", b"{": b"}"}[opening] + b","  # the list or table without records
        self.close = b"\n " + self.empty[1:2]
        self.apart = b",\n  " + first  # between two records: the next begins with `first`
        self.texts: dict[int, tuple[str, bytes, object]] = {}  # by the record's id: its key, its text, itself
        self.last: tuple[list[str], list[object], list[bytes]] = ([], [], [])  # the last manifest's, in order

    def found(self, keys: list[str], records: list[object]) -> list[bytes | None]:
        """The kept text of each record (under its key); None for a record not kept. Against the
        last manifest's records, place by place, first: a deck's manifest differs from its last in
        a few, told apart without a step of Python for each of the others."""
        last_keys, last_records, last_texts = self.last
        if len(last_records) != len(records):
            return [self._text(key, record) for key, record in zip(keys, records, strict=True)]
        texts: list[bytes | None] = list(last_texts)
        places = range(len(records))
        for i in {*compress(places, map(is_not, records, last_records)), *compress(places, map(ne, keys, last_keys))}:
            texts[i] = self._text(keys[i], records[i])
        return texts

    def filled(self, texts: list[bytes | None], keys: list[str], records: list[object]) -> list[bytes | None]:
        """`texts` (as `found` gave them) with the texts kept since in place of the Nones."""
        for i in compress(count(), map(is_, texts, repeat(None))):
            texts[i] = self._text(keys[i], records[i])
        return texts

    def _text(self, key: str, record: object) -> bytes | None:
        kept = self.texts.get(id(record))
        return kept[1] if kept is not None and kept[0] == key else None

    def keep(self, keys: list[str], records: list[object], text: bytes) -> None:
        """Each record's text, cut from `text`: a manifest written with `records` in its list or table."""
        start = text.index(self.key) + len(self.key) + len(b"[\n")
        cut = text[start : text.index(self.close, start)].split(self.apart)
        assert len(cut) == len(records), "a record's text has a line at its list's own depth"
        lead = self.apart[len(b",\n") :]
        for i, (key, record, part) in enumerate(zip(keys, records, cut, strict=True)):
            self.texts[id(record)] = (key, part if i == 0 else lead + part, record)

    def forget(self) -> None:
        self.texts, self.last = {}, ([], [], [])

    def let_go(self, records: list[object]) -> None:
        """Keep the texts of `records` alone, once the others are many (not at every manifest)."""
        if len(self.texts) > 2 * len(records):
            self.texts = {id(record): self.texts[id(record)] for record in records}

    def spliced(self, head: bytes, keys: list[str], records: list[object], texts: list[bytes]) -> tuple[int, bytes]:
        """Where the empty list or table stands in `head`, a manifest written without these records,
        and its text with them (the records', in order, the next manifest's to start from)."""
        self.last = (keys, records, texts)
        at = head.index(self.key + self.empty) + len(self.key)
        return at, self.empty[:1] + b"\n" + b",\n".join(texts) + self.close


class _ManifestJson:
    """Manifests as written, their placed records and designs kept from one to the next."""

    def __init__(self) -> None:
        self.placed = _Kept(b"placed", b"[", b"{")
        self.designs = _Kept(b"designs", b"{", b'"')
        self._unread: tuple[Manifest, bytes] | None = None  # a manifest written whole, its texts not cut yet

    def manifest_json(self, manifest: Manifest) -> bytes:
        """`Manifest.to_json`: written whole when most records are new, their texts cut from it
        when the next manifest is written (a build that writes one manifest does not cut them)."""
        if self._unread is not None:
            self._cut(*self._unread)
            self._unread = None
        placed: list[object] = list(manifest.placed)
        unnamed = [""] * len(placed)  # a list's records have no key
        names = list(manifest.designs)
        designs: list[object] = list(manifest.designs.values())
        texts = (self.placed.found(unnamed, placed), self.designs.found(names, designs))
        new = texts[0].count(None) + texts[1].count(None)
        if not placed or not designs or new * 2 > len(placed) + len(designs):
            text = schema(Manifest).dump_json(manifest, indent=1)
            self.placed.forget()
            self.designs.forget()
            self._unread = (manifest, text) if placed and designs else None
            return text + b"\n"
        if new:  # the new records, written as a manifest of their own
            fresh = replace(
                manifest,
                placed=[item for item, text in zip(manifest.placed, texts[0], strict=True) if text is None],
                designs={
                    key: design
                    for (key, design), text in zip(manifest.designs.items(), texts[1], strict=True)
                    if text is None
                },
            )
            self._cut(fresh, schema(Manifest).dump_json(fresh, indent=1))
            texts = (self.placed.filled(texts[0], unnamed, placed), self.designs.filled(texts[1], names, designs))
        self.placed.let_go(placed)
        self.designs.let_go(designs)
        head = schema(Manifest).dump_json(replace(manifest, placed=[], designs={}), indent=1)
        at_placed, placed_text = self.placed.spliced(head, unnamed, placed, cast(list[bytes], texts[0]))  # no None now
        at_designs, designs_text = self.designs.spliced(head, names, designs, cast(list[bytes], texts[1]))
        empty = len(b"[]")
        return b"".join(
            (
                head[:at_placed],
                placed_text,
                head[at_placed + empty : at_designs],
                designs_text,
                head[at_designs + empty :],
                b"\n",
            )
        )

    def _cut(self, manifest: Manifest, text: bytes) -> None:
        """The texts of the records of `manifest`, written as `text`, kept."""
        if manifest.placed:
            self.placed.keep([""] * len(manifest.placed), list(manifest.placed), text)
        if manifest.designs:
            self.designs.keep(list(manifest.designs), list(manifest.designs.values()), text)


class ManifestMemory:
    """The texts of the records of the manifests written, and each manifest written, by its path."""

    __slots__ = ("texts", "written")

    def __init__(self) -> None:
        self.texts = _ManifestJson()
        self.written: dict[Path, tuple[tuple[int, ...], Manifest]] = {}


MANIFESTS = Kept("manifests written", ManifestMemory)


MAX_BYTES = 64 * 1024 * 1024
T = TypeVar("T")


@dataclass(frozen=True, kw_only=True)
class ManifestHead:
    """What the up-to-date check and the paper total read of a manifest: its inputs, whether it
    passed, and its documents. Read with json alone, since a rebuild with nothing changed should
    cost little more than starting Python (the whole manifest's schema takes 0.1 s to import)."""

    inputs: str | None
    validated: bool
    documents: list[DocumentRecord]
    cut_files: list[FileRecord] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path, memory: BuildMemory | None = None) -> ManifestHead | None:
        """The head of the manifest at `path`; None when there is none or its head is not whole."""
        written = as_written(path, memory)
        if written is not None:
            return cls(
                inputs=written.inputs,
                validated=written.validated,
                documents=written.documents,
                cut_files=written.cut_files,
            )
        try:
            data = read_json(path, MAX_BYTES, links=False)
            documents = [DocumentRecord(**{name: doc[name] for name in _DOCUMENT_TYPES}) for doc in data["documents"]]
            cut_files = [
                FileRecord(file=f["file"], bytes=f["bytes"], sha256=f["sha256"]) for f in data.get("cut_files", [])
            ]
            head = cls(inputs=data["inputs"], validated=data["validated"], documents=documents, cut_files=cut_files)
        except (UnsafeFile, KeyError, TypeError, AttributeError):
            return None
        typed = (
            isinstance(head.inputs, str | None)
            and isinstance(head.validated, bool)
            and all(
                type(getattr(doc, name)) is kind for doc in head.documents for name, kind in _DOCUMENT_TYPES.items()
            )
            and all(
                isinstance(f.file, str) and type(f.bytes) is int and isinstance(f.sha256, str) for f in head.cut_files
            )
        )
        return head if typed else None


def paper_of(documents: list[DocumentRecord]) -> tuple[int, int]:
    """Pages and sheets of paper of a build's files (a double-sided sheet counted once)."""
    return sum(doc.pages for doc in documents), sum(doc.sheets for doc in documents)


# each field of a document record and the type its JSON value must have (list for list[str])
_DOCUMENT_TYPES = MappingProxyType(
    {name: get_origin(hint) or hint for name, hint in get_type_hints(DocumentRecord).items()}
)


@dataclass(frozen=True, kw_only=True)
class LastBuild:
    """What the next build of a game reads of its manifest: the files, the designs to tell changes
    by, and the thumbnails it may keep (with the inputs they were cut under). The records of each
    page are parsed but neither checked nor built: in a deck of 10,000 cards they are most of the
    file."""

    documents: list[DocumentRecord]
    designs: dict[str, Design]
    thumbnails: dict[str, str] = field(default_factory=dict)
    inputs: str | None = None
    changes: list[ChangeRecord] | None = None  # its change list: it stands while nothing changes since


@cache
def schema(kind: type[T]) -> TypeAdapter[T]:
    """The schema of `Manifest` or `LastBuild`, built when one is first read or written: drawing
    pages never pays for it."""
    from pydantic import TypeAdapter

    return TypeAdapter(kind)


def read_last_build(path: Path, memory: BuildMemory | None = None) -> LastBuild | None:
    """What the next build reads of the manifest at `path` (`LastBuild`), or None when there is no
    manifest or those parts of it are not whole and valid."""
    written = as_written(path, memory)
    if written is not None:
        return LastBuild(
            documents=written.documents,
            designs=written.designs,
            thumbnails=written.thumbnails,
            inputs=written.inputs,
            changes=written.changes,
        )
    return _read_as(schema(LastBuild), path)


def _stamp(path: Path) -> tuple[int, ...] | None:
    """What tells a file apart from any other state of it: its inode, size, and times of change
    (the status change time no tool sets back); None for a link or what is not a regular file."""
    try:
        info = path.lstat()
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def written(path: Path, text: bytes, manifest: Manifest, memory: BuildMemory) -> None:
    """`manifest` was written at `path` as `text`: while the file stays as written, reading it with
    `memory` is taking `manifest` (`pnp watch` reads what it wrote at each save; a 10,000-card
    manifest takes a tenth of a second to parse, and 5 ms to read again). Nothing may change
    `manifest` from now on."""
    stamp, kept = _stamp(path), memory[MANIFESTS].written
    if stamp is not None and stamp[2] == len(text):
        kept[path.absolute()] = (stamp, manifest)
    else:
        kept.pop(path.absolute(), None)


def as_written(path: Path, memory: BuildMemory | None) -> Manifest | None:
    """The manifest `memory` holds as written at `path`, when the file is still as it was written."""
    kept = memory[MANIFESTS].written.get(path.absolute()) if memory is not None else None
    if kept is None:
        return None
    return kept[1] if _stamp(path) == kept[0] else None


def read_manifest(path: Path) -> Manifest | None:
    """The manifest at `path`, or None when there is none or it is not a whole, valid manifest."""
    return _read_as(schema(Manifest), path)


def _read_as(adapter: TypeAdapter[T], path: Path) -> T | None:
    from pydantic import ValidationError

    try:
        return adapter.validate_json(read_regular(path, MAX_BYTES, links=False))
    except (UnsafeFile, ValidationError, RecursionError):
        return None
