"""What every game owes its players, checked on what it handed the renderer, whatever its code
does: no `{name}` printed as written, no cut-and-fold note for a file the game does not make, and a
rules sheet that shows the sections and counts the game promises (`Game.promises`). A game module
that forgets to fill a text or names a file wrongly is caught here, with the data file and key."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from pnp.games import Promises
from pnp.games.reference import REFERENCE_FILE
from pnp.render.elements import Element, Group, Text
from pnp.render.specs import Board, DocumentSpec, PageComponent, PieceGroup
from pnp.source.gamesource import GameSource
from pnp.source.rules import Problem
from pnp.source.tomlfiles import KeyPath, key_text, string_values

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_-]*)\}")


def _texts(elements: Sequence[Element]) -> Iterator[str]:
    for element in elements:
        if isinstance(element, Text):
            yield element.text
        elif isinstance(element, Group):
            yield from _texts(element.elements)


def printed_texts(spec: DocumentSpec) -> Iterator[str]:
    """Every text a document prints: its pieces' faces and backs, boards, page components and what
    the print guide says of it."""
    for section in spec.sections:
        if isinstance(section, PieceGroup):
            for piece in {id(piece): piece for piece in section.pieces}.values():
                yield from _texts(piece.face)
                yield from _texts(piece.back or ())
        elif isinstance(section, Board | PageComponent):
            yield from _texts(section.elements)
    if spec.cover is not None:
        cover = spec.cover
        yield from (*cover.contents, *cover.assembly, *cover.bring, *cover.notes)


def _at(source: GameSource, origin: str | None, fallback: str) -> tuple[str, str]:
    """(file, key) of a printed text's origin (`file:key`), or the PDF it is printed in."""
    if origin is None:
        return fallback, "printed text"
    file, _, key = origin.partition(":")
    return file, key


def unfilled_placeholders(source: GameSource, specs: Sequence[DocumentSpec]) -> list[Problem]:
    """`{name}` left in printed text: the game's code printed a data text without filling it
    (BuildContext.fill). A brace the designer meant (`{{name}}` in the data) is left alone."""
    problems: list[Problem] = []
    for spec in specs:
        for text in dict.fromkeys(printed_texts(spec)):
            names = PLACEHOLDER.findall(text)
            if not names:
                continue
            origin = source.text_source(text)
            file, key = _at(source, origin, spec.filename)
            loc, raw = _raw_value(source, file, key)
            line = source.line_of(file, loc) if loc is not None else None
            for name in dict.fromkeys(names):
                if raw is not None and "{{" + name + "}}" in raw:
                    continue
                problem = Problem(
                    source.slug,
                    file,
                    key,
                    f"{{{name}}} is printed as written in {spec.filename}: "
                    "the game's code does not fill this text's numbers from the rules model"
                    + (f" (line {line})" if line else ""),
                )
                if problem not in problems:
                    problems.append(problem)
    return problems


def _raw_value(source: GameSource, file: str, key: str) -> tuple[KeyPath | None, str | None]:
    """The data value at `file:key`, as written, and its key path."""
    if source.has(file) and file.endswith(".toml"):
        for loc, value in string_values(source.table(file)):
            if key_text(loc) == key:
                return loc, value
    return None, None


def stray_assembly_notes(source: GameSource, specs: Sequence[DocumentSpec]) -> list[Problem]:
    """A `[cover.assembly]` note for a file the game does not make: said nowhere, so refused."""
    made = [spec.filename for spec in specs if spec.cover is not None]
    problems = []
    for file, table in source.tables():
        cover = table.get("cover")
        notes = cover.get("assembly") if isinstance(cover, dict) else None
        if not isinstance(notes, dict):
            continue
        for name in notes:
            if name not in made:
                line = source.line_of(file, ("cover", "assembly", name))
                problems.append(
                    Problem(
                        source.slug,
                        file,
                        f"cover.assembly.{name}",
                        f"no such file (this game makes {', '.join(made)})" + (f" (line {line})" if line else ""),
                    )
                )
    return problems


def unkept_promises(
    source: GameSource, promises: Promises, reference: DocumentSpec, quantities: Mapping[str, int]
) -> list[Problem]:
    """The rules sheet shows every section heading and states every count the game promises."""
    text = " ".join(" ".join(printed_texts(reference)).split())
    problems = []
    for heading in promises.headings:
        if heading not in text:
            problems.append(
                Problem(
                    source.slug,
                    REFERENCE_FILE,
                    "sections",
                    f"the rules sheet has no section {heading!r}, which the game promises "
                    "its players (Game.promises.headings)",
                )
            )
    for kind, pattern in promises.counts.items():
        said = pattern.format(quantities.get(kind, "?"))
        if said not in text:
            problems.append(
                Problem(
                    source.slug,
                    REFERENCE_FILE,
                    "sections",
                    f"the rules sheet does not say {said!r} (the count of {kind!r} the game "
                    "promises to state: Game.promises.counts)",
                )
            )
    return problems
