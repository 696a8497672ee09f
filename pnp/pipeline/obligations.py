"""What every game owes its players, checked on what it handed the renderer, whatever its code
does: no `{name}` printed as written, no cut-and-fold note for a file the game does not make, and a
rules sheet that shows the sections and counts the game promises (`Game.promises`). A game module
that forgets to fill a text or names a file wrongly is caught here, with the data file and key."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence

from pnp.games import Promises
from pnp.games.reference import REFERENCE_FILE
from pnp.memory import BuildMemory
from pnp.render.elements import Element, Elements, Group, Text
from pnp.render.richtext import run_face
from pnp.render.sideruns import side_runs
from pnp.render.specs import DocumentSpec
from pnp.source.gamesource import GameSource, Problem
from pnp.source.markup import has_markup, markup_problem, runs
from pnp.source.tomlfiles import key_text, string_values

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_-]*)\}")
ESCAPED = re.compile(r"\{\{([A-Za-z_][A-Za-z0-9_-]*)\}\}")  # a brace the designer meant to print


Face = tuple[bool, str]  # bold, and the family ("" for DejaVu Sans)


def _texts(elements: Sequence[Element]) -> Iterator[tuple[str, Face]]:
    for element in elements:
        if isinstance(element, Text):
            yield element.text, (element.bold, element.font)
        elif isinstance(element, Group):
            yield from _texts(element.elements)


def side_texts(elements: Elements) -> tuple[tuple[str, Face], ...]:
    """A side's texts and faces (a run's are kept with the run: `_run_texts`)."""
    return tuple(_texts(elements))


def set_texts(spec: DocumentSpec) -> Iterator[tuple[str, Face]]:
    """Every text a document prints, and the face it is set in: its pieces' faces and backs,
    boards, page components and what the print guide says of it."""
    for elements, _ in spec.sides():
        yield from side_texts(elements)
    if spec.cover is not None:
        cover = spec.cover
        lines = (*cover.contents, *cover.assembly, *cover.bring, *cover.notes)
        yield from ((line, (False, "")) for line in lines)


def printed_texts(spec: DocumentSpec) -> Iterator[str]:
    return (text for text, _ in set_texts(spec))


class _RunTexts:
    """What a run of sides prints: each stretch of text in one face once (`_stretches`), in order,
    the texts that hold a brace, in order, and the characters each face sets."""

    __slots__ = ("braced", "chars", "stretches")

    def __init__(self, sides: tuple[tuple[Elements, str | None], ...]) -> None:
        texts = [pair for elements, _ in sides for pair in side_texts(elements)]
        self.stretches = tuple(dict.fromkeys(part for text, face in texts for part in _stretches(text, face)))
        self.braced = tuple(text for text, _ in texts if "{" in text)
        by_face: dict[Face, list[str]] = {}
        for text, face in self.stretches:
            by_face.setdefault(face, []).append(text)
        self.chars = {face: frozenset("".join(found)) for face, found in by_face.items()}


def _run_texts(memory: BuildMemory, spec: DocumentSpec) -> Iterator[_RunTexts]:
    """What each run of the document's sides prints, kept with the run (`side_runs`)."""
    for run in side_runs(memory, spec):
        kept = run.found.get(_RunTexts)
        yield kept if kept is not None else run.found.setdefault(_RunTexts, _RunTexts(run.items))


def _cover_lines(spec: DocumentSpec) -> tuple[str, ...]:
    cover = spec.cover
    return () if cover is None else (*cover.contents, *cover.assembly, *cover.bring, *cover.notes)


def _set_stretches(memory: BuildMemory, spec: DocumentSpec) -> Iterator[tuple[str, Face]]:
    """Every stretch of text a document prints in one face (`_stretches`): its sides' (each once
    in a run), then its cover's."""
    for run in _run_texts(memory, spec):
        yield from run.stretches
    for line in _cover_lines(spec):
        yield from _stretches(line, (False, ""))


def _braced_texts(memory: BuildMemory, spec: DocumentSpec) -> Iterator[str]:
    """The texts a document prints that hold a brace (where a `{name}` may be left), in the order
    `printed_texts` gives them."""
    for run in _run_texts(memory, spec):
        yield from run.braced
    yield from (line for line in _cover_lines(spec) if "{" in line)


def unprintable_characters(
    source: GameSource, specs: Sequence[DocumentSpec], memory: BuildMemory, typefaces: Mapping[str, str]
) -> list[Problem]:
    """A character the typeface has no glyph for would print as an empty box, and right-to-left
    scripts (Hebrew, Arabic) reversed and unjoined: each is named with the text it is in, never
    printed silently. The characters each face sets are gathered first (a run's kept), and the
    texts they are in looked for only when one cannot print."""
    from pnp.render.fonts import glyphless, right_to_left

    used: dict[Face, set[str]] = {}
    for spec in specs:
        for run in _run_texts(memory, spec):
            for face, sets in run.chars.items():
                used.setdefault(face, set()).update(sets)
        for text, face in (part for line in _cover_lines(spec) for part in _stretches(line, (False, ""))):
            used.setdefault(face, set()).update(text)
    bad = {face: glyphless(chars, *face) | right_to_left(chars) for face, chars in used.items()}
    if not any(bad.values()):
        return []
    texts: dict[tuple[str, Face], str] = {}  # each stretch, and the first file that prints it
    for spec in specs:
        for stretch in _set_stretches(memory, spec):
            texts.setdefault(stretch, spec.filename)
    every = set().union(*bad.values())
    found: dict[tuple[str, str], tuple[set[str], str]] = {}  # (file, key) -> its bad characters, a sample
    for file, table in source.tables():  # named where the designer typed them
        for loc, value in string_values(table):
            if not every.isdisjoint(value):
                found[file, key_text(loc)] = (every & set(value), value)
    in_data = set().union(*(chars for chars, _ in found.values()))
    for (text, face), filename in texts.items():  # else in the file the game's code composed them in
        chars = set(text) & bad[face] - in_data
        if chars:
            place = (filename, "printed text")
            found[place] = (found.get(place, (set(), text))[0] | chars, text)
    return [
        _unprintable(source.slug, file, key, chars, sample, _lacking(chars, bad, typefaces))
        for (file, key), (chars, sample) in found.items()
    ]


def _stretches(text: str, face: Face) -> Iterator[tuple[str, Face]]:
    """A text's stretches and the face each is set in: a marked-up text's runs each in its own
    (bold, italic), the rest of them and a plain text in the text's."""
    found = runs(text, face[0]) if has_markup(text) and not markup_problem(text) else ()
    if not found:
        yield text, face
    for run in found:
        if run.text:
            yield run.text, (run.bold, run_face(run, face[1])[0])


def _lacking(chars: set[str], bad: Mapping[Face, set[str]], typefaces: Mapping[str, str]) -> str:
    """The typefaces that have no glyph for some of `chars`, as the game's fonts.toml names them
    (`typefaces`: each family's id -> its name; DejaVu Sans has none)."""
    return ", ".join(
        sorted({typefaces.get(family, "DejaVu Sans") for (_, family), missing in bad.items() if missing & chars})
    )


def _unprintable(game: str, file: str, key: str, chars: set[str], sample: str, typefaces: str) -> Problem:
    from pnp.render.fonts import right_to_left

    def named(group: set[str]) -> str:
        return ", ".join(f"{char!r} (U+{ord(char):04X} {unicodedata.name(char, '?')})" for char in sorted(group))

    reversed_ = right_to_left(chars)
    said = []
    if chars - reversed_:
        said.append(
            f"{named(chars - reversed_)}: no glyph in the typeface ({typefaces}): it would print as an empty box"
        )
    if reversed_:
        said.append(f"{named(reversed_)}: a right-to-left script, which pnp sets left to right (printed reversed)")
    first = min(sample.index(char) for char in chars)
    return Problem(game, file, key, f"{'; '.join(said)} (in {sample[max(0, first - 20) : first + 20].strip()!r})")


def _at(source: GameSource, origin: str | None, fallback: str) -> tuple[str, str]:
    """(file, key) of a printed text's origin (`file:key`), or the PDF it is printed in."""
    if origin is None:
        return fallback, "printed text"
    file, _, key = origin.partition(":")
    return file, key


def unfilled_placeholders(source: GameSource, specs: Sequence[DocumentSpec], memory: BuildMemory) -> list[Problem]:
    """`{name}` left in printed text: the game's code printed a data text without filling it
    (BuildContext.fill). A brace the designer meant (`{{name}}` in the data) is left alone."""
    problems: list[Problem] = []
    escaped: set[str] | None = None  # every name the designer wrote as {{name}}, found when first asked
    for spec in specs:
        for text in dict.fromkeys(_braced_texts(memory, spec)):
            names = PLACEHOLDER.findall(text)
            if not names:
                continue
            if escaped is None:  # a template's slot text composes with values: its {{name}} is no data value
                escaped = {
                    name
                    for _, table in source.tables()
                    for _, value in string_values(table)
                    for name in ESCAPED.findall(value)
                }
            origin = source.text_source(text)
            file, key = _at(source, origin, spec.filename)
            for name in dict.fromkeys(names):
                if name in escaped:
                    continue
                problem = Problem(
                    source.slug,
                    file,
                    key,
                    f"{{{name}}} is printed as written in {spec.filename}: "
                    "the game's code does not fill this text's numbers from the rules model",
                )
                if problem not in problems:
                    problems.append(problem)
    return problems


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
                problems.append(
                    Problem(
                        source.slug,
                        file,
                        f"cover.assembly.{name}",
                        f"no such file (this game makes {', '.join(made)})",
                        at=("cover", "assembly", name),
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
    for kind in promises.counts:
        said = promises.stated(kind, quantities.get(kind, "?"))
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
