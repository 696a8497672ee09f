"""Reprint only what changed: each build's designs fingerprinted, compared with the previous build
of the game, and the changed pieces gathered into one document with their backs."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from itertools import compress
from operator import is_not
from typing import Any, Literal

from pnp.memory import BuildMemory, Kept
from pnp.pipeline.manifest import ChangeRecord, Design, Face, TileFace, design_key, design_name
from pnp.pipeline.obligations import side_texts
from pnp.render.elements import Element, Group, Text
from pnp.render.identitycache import SideKeep
from pnp.render.specs import Board, Cover, DocumentSpec, PageComponent, Piece, PieceGroup

REPRINT_FILE = "reprint.pdf"
ChangeKind = Literal["added", "removed", "renamed", "text", "art", "count"]


@dataclass(frozen=True, kw_only=True)
class Change:
    key: str  # "kind|name"
    kind: ChangeKind
    before: Design | None
    after: Design | None
    reprint: int  # copies to print again
    before_key: str = ""  # a renamed design's key before ("kind|old name")

    @property
    def before_name(self) -> str:
        return design_name(self.before_key or self.key)

    def describe(self) -> str:
        name = design_name(self.key)
        if self.kind == "added":
            return f"{name}: new, {self.reprint} to print"
        if self.kind == "removed":
            return f"{name}: removed (take {self.before.count if self.before else 0} out of the game)"
        if self.kind == "renamed" and self.before is not None:
            return f"{self.before_name} -> {name}: renamed, {self.reprint} to print in place of the old ones"
        if self.kind == "count":
            old, new = self.before.count if self.before else 0, self.after.count if self.after else 0
            extra = f", {self.reprint} more to print" if self.reprint else f", take {old - new} out"
            return f"{name}: count {old} -> {new}{extra}"
        return f"{name}: {self.kind} changed, {self.reprint} to print"

    @classmethod
    def recorded(cls, record: ChangeRecord) -> Change:
        """A change as an earlier build's manifest recorded it."""
        return cls(**{f.name: getattr(record, f.name) for f in fields(cls)})

    def record(self) -> ChangeRecord:
        return ChangeRecord(what=self.describe(), **{f.name: getattr(self, f.name) for f in fields(self)})


def _texts(elements: Iterable[Element]) -> list[str]:
    out: list[str] = []
    for element in elements:
        if isinstance(element, Text):
            out.append(element.text)
        elif isinstance(element, Group):
            out += _texts(element.elements)
    return out


def _digest_of(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def _side(elements: tuple[Element, ...] | None, reprs: dict[int, str]) -> str:
    """What repr gives for a piece's side, each element's repr worked out once a build (`reprs`, by
    id: the specs hold every element meanwhile): a deck's back, frames and bands are the same
    objects on card after card."""
    if elements is None:
        return "None"
    parts = []
    for element in elements:
        text = reprs.get(id(element))
        if text is None:
            text = reprs[id(element)] = repr(element)
        parts.append(text)
    return f"({parts[0]},)" if len(parts) == 1 else f"({', '.join(parts)})"


def _sections(specs: list[DocumentSpec]) -> Iterable[tuple[DocumentSpec, Any]]:
    for spec in specs:
        for section in spec.sections:
            yield spec, section


DESIGNS_KEPT = 65_536  # designs kept from build to build: decks of 10,000, and room for other games'


class DesignRecords:
    """What earlier builds recorded of each design, and of each piece and face they drew."""

    __slots__ = ("designed", "designs", "faces")

    def __init__(self) -> None:
        self.designs: dict[str, Design] = {}  # the latest record of each: an unchanged design is the very same
        self.designed: SideKeep[tuple[float, float, str, tuple[str, str]]] = SideKeep()  # by piece: size, key, prints
        self.faces: SideKeep[tuple[tuple[object, ...], tuple[str, str]]] = SideKeep()  # by face: its back, the rest


DESIGNS = Kept("design records", DesignRecords)


def designs(
    memory: BuildMemory, specs: list[DocumentSpec], faces: Mapping[str, Face], tiles: Mapping[str, tuple[TileFace, ...]]
) -> dict[str, Design]:
    """Every distinct piece, board and sheet of a build: its fingerprints, how many are printed (in
    every file) and the first file it prints in, where its first front lies (`faces`,
    `Face.first_of` the pages drawn) or a tiled board's tiles (`tiles`, `TileFace.boards_in`)."""
    out: dict[str, Design] = {}
    reprs: dict[int, str] = {}
    records = memory[DESIGNS]
    kept_designs = records.designs

    def record(key: str, fingerprints: tuple[str, str], count: int, file: str) -> None:
        """`fingerprints`: of what is drawn and of its texts (`_fingerprints`)."""
        earlier = out.get(key)  # the same design in an earlier file: counted on, found there
        made = (
            *fingerprints,
            count + (earlier.count if earlier else 0),
            earlier.file if earlier else file,
            faces.get(key),
            tiles.get(key, ()),
        )
        kept = kept_designs.get(key)
        if kept is None or (kept.hash, kept.text, kept.count, kept.file, kept.face, kept.tiles) != made:
            if len(kept_designs) >= DESIGNS_KEPT:
                kept_designs.clear()
            kept = kept_designs[key] = Design(
                hash=made[0], text=made[1], count=made[2], file=made[3], face=made[4], tiles=made[5]
            )
        out[key] = kept

    for spec, section in _sections(specs):
        if isinstance(section, PieceGroup):
            for piece, count in section.copies():
                record(*_piece_design(records, piece, section, reprs), count, spec.filename)
        elif isinstance(section, Board):
            drawn = repr((section.elements, section.width, section.height))
            record(design_key(section), _fingerprints(drawn, _texts(section.elements)), 1, spec.filename)
        elif isinstance(section, PageComponent):
            fingerprints = _fingerprints(repr(section.elements), _texts(section.elements))
            record(design_key(section), fingerprints, max(section.copies, 1), spec.filename)
    return out


def _fingerprints(drawn: str, texts: list[str]) -> tuple[str, str]:
    """A design's fingerprints: of the repr of what it draws, and of its texts."""
    return _digest_of(drawn), _digest_of(repr(texts))


def _piece_design(
    records: DesignRecords, piece: Piece, section: PieceGroup, reprs: dict[int, str]
) -> tuple[str, tuple[str, str]]:
    """A piece's design key and fingerprints; the very piece at the same size is what it was (a deck's
    pieces are kept from build to build: `BuildContext.each`)."""
    kept = records.designed.get(piece)
    if kept is not None and kept[0] == section.width and kept[1] == section.height:
        return kept[2], kept[3]
    key, fingerprints = design_key(piece), _piece_fingerprints(records, piece, section, reprs)
    records.designed.put(piece, (section.width, section.height, key, fingerprints))
    return key, fingerprints


def _piece_fingerprints(
    records: DesignRecords, piece: Piece, section: PieceGroup, reprs: dict[int, str]
) -> tuple[str, str]:
    """A piece's fingerprints; those of the very same face with the very same back (held with them,
    so its id is no other's), colours and size an earlier build worked out are kept."""
    key = (piece.back, piece.background, piece.back_background, section.width, section.height)
    kept = records.faces.get(piece.face)
    if kept is not None and kept[0][0] is piece.back and kept[0][1:] == key[1:]:
        return kept[1]
    drawn = (
        f"({_side(piece.face, reprs)}, {piece.background!r}, {_side(piece.back, reprs)}, "
        f"{piece.back_background!r}, {section.width!r}, {section.height!r})"
    )  # repr of the tuple
    texts = [text for text, _ in side_texts(piece.face) + side_texts(piece.back or ())]
    return records.faces.put(piece.face, (key, _fingerprints(drawn, texts)))[1]


def changes(before: dict[str, Design], after: dict[str, Design]) -> list[Change]:
    """What a designer has to reprint or take out since the previous build."""
    out = []
    kept = list(after)  # the very same record under a key (`designs` keeps them): unchanged, passed over at once
    moved = compress(kept, map(is_not, map(before.get, kept), map(after.__getitem__, kept)))
    renamed = _renamed(before, after)
    for key in sorted({*moved, *(before.keys() - after.keys())} - set(renamed.values())):
        old, new = before.get(key), after.get(key)
        if key in renamed:
            old = before[renamed[key]]
            out.append(
                Change(
                    key=key,
                    kind="renamed",
                    before=old,
                    after=new,
                    reprint=new.count if new else 0,
                    before_key=renamed[key],
                )
            )
        elif old is None and new is not None:
            out.append(Change(key=key, kind="added", before=None, after=new, reprint=new.count))
        elif new is None and old is not None:
            out.append(Change(key=key, kind="removed", before=old, after=None, reprint=0))
        elif old is not None and new is not None:
            if old.text != new.text:
                out.append(Change(key=key, kind="text", before=old, after=new, reprint=new.count))
            elif old.hash != new.hash:
                out.append(Change(key=key, kind="art", before=old, after=new, reprint=new.count))
            elif old.count != new.count:
                out.append(Change(key=key, kind="count", before=old, after=new, reprint=max(0, new.count - old.count)))
    return out


def _renamed(before: dict[str, Design], after: dict[str, Design]) -> dict[str, str]:
    """Each new design that is an old one renamed (new key -> old key): of one kind, printed as
    many times, and the only design of that kind and count to come and to go, so its name (its
    words) is what changed; a design both renamed and recounted reads as removed and new."""
    gone = sorted(before.keys() - after.keys())
    came = sorted(after.keys() - before.keys())

    def kind_and_count(key: str, design: Design) -> tuple[str, int]:
        return key.split("|", 1)[0], design.count

    out = {}
    for key in came:
        look = kind_and_count(key, after[key])
        old = [g for g in gone if kind_and_count(g, before[g]) == look]
        new = [c for c in came if kind_and_count(c, after[c]) == look]
        if len(old) == 1 and len(new) == 1:
            out[key] = old[0]
    return out


def reprint_spec(specs: list[DocumentSpec], todo: list[Change], game_title: str) -> DocumentSpec | None:
    """One document of what to print again: each changed piece as many times as it is needed,
    with its own back; changed boards and sheets whole."""
    wanted = {change.key: change.reprint for change in todo if change.reprint}
    if not wanted:
        return None
    sections: list[PieceGroup | Board | PageComponent] = []
    for _, section in _sections(specs):
        if isinstance(section, PieceGroup):
            pieces: list[Piece] = []
            for piece, _ in section.copies() if wanted else ():
                pieces += [piece] * wanted.pop(design_key(piece), 0)
                if not wanted:  # every change found: the rest of a deck is not looked at
                    break
            if pieces:
                sections.append(replace(section, pieces=pieces))
        elif design_key(section) in wanted:
            copies = wanted.pop(design_key(section))
            sections += [replace(section, copies=copies)] if isinstance(section, PageComponent) else [section] * copies
    lines = [change.describe() for change in todo]
    return DocumentSpec(
        filename=REPRINT_FILE,
        title="Reprint: only what changed",
        sections=sections,
        cover=Cover(
            contents=lines, assembly=["Cut and fold these as in the full files; swap them for the old pieces."]
        ),
        game_title=game_title,
    )
