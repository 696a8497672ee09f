"""The trace from a game's rule document to what pnp prints.

`layouts/<game>/trace.toml` says, for every sentence of the game's rule document, where pnp prints
it or why it does not, and which printed statements are our readings of an ambiguous sentence.
`pnp validate` reports a printed rule statement that no entry traces, so a rule cannot be added to
the print without naming the sentence it comes from.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Annotated

from pydantic import AfterValidator, Field, model_validator

from pnp.source.gamesource import DOCUMENT_FILE, GameSource, Problem
from pnp.source.models import Strict, Words, parse
from pnp.source.tomlfiles import key_text, string_values

TRACE_FILE = "trace.toml"
ALWAYS_STATEMENTS = "reference.toml:sections"  # every rules sheet's lines are rule statements
_KEY = r"[a-z0-9][a-z0-9_-]*\.toml"
_PATTERN_RE = re.compile(rf"^{_KEY}:[A-Za-z0-9_.\[\]*-]+$")
_STABLE_RE = re.compile(rf"^{_KEY}:[A-Za-z0-9_.-]+$")  # a key the data names, no place in a list
_SAYS_RE = re.compile(rf"^(?P<file>{_KEY}): (?P<says>\S.*)$")  # a printed line by its first words


_STRAIGHT = MappingProxyType({0x2019: "'", 0x2018: "'", 0x201C: '"', 0x201D: '"', 0x00A0: " "})


def plain(text: str) -> str:
    """Text as the trace compares it: typographic quotes made straight, whitespace runs one space."""
    text = text.translate(_STRAIGHT)
    return re.sub(r"\s+", " ", text).strip()


def _pattern(value: str) -> str:
    if not _PATTERN_RE.match(value):
        raise ValueError(f"expected printed places such as 'components.toml:cards[*].role', found {value!r}")
    return value


def _place(value: str) -> str:
    if _SAYS_RE.match(value) or _STABLE_RE.match(value):
        return value
    if _PATTERN_RE.match(value):
        raise ValueError(
            f"{value!r} names a line by its place in a list, which a line inserted before it takes: "
            f"name it by its first words, such as '{value.split(':', 1)[0]}: Roll the die'"
        )
    raise ValueError(
        "expected a printed line by its first words, such as 'reference.toml: Roll the die', or by a key "
        f"of its own, such as 'components.toml:aid.setup', found {value!r}"
    )


Pattern = Annotated[str, AfterValidator(_pattern)]
Place = Annotated[str, AfterValidator(_place)]
Quote = Annotated[str, Field(min_length=3, max_length=300)]


class TraceEntry(Strict):
    """Sentences of the document (each named by a verbatim piece of it) and where they are printed:
    each printed line named by what it says (or by a key of its own), never by its place in a
    list, so inserting, moving or deleting a line names exactly that line."""

    says: Annotated[list[Quote], Field(min_length=1)]
    printed: list[Place] = []
    not_printed: Words | None = None  # why these sentences are not printed
    reading: Words | None = None  # how we read an ambiguous sentence, printed as a reading

    @model_validator(mode="after")
    def _printed_or_why(self) -> TraceEntry:
        if not self.printed and self.not_printed is None:
            raise ValueError('say where it is printed (printed = [...]) or why not (not_printed = "...")')
        if self.reading is not None and not self.printed:
            raise ValueError("a reading is printed: name where (printed = [...])")
        return self


class Trace(Strict):
    document: Words  # the rule document's title
    statements: list[Pattern] = []  # printed rule text besides the rules sheet's lines
    rule: Annotated[list[TraceEntry], Field(min_length=1)]


def load_trace(source: GameSource) -> Trace | None:
    return parse(Trace, source, TRACE_FILE) if source.has(TRACE_FILE) else None


def document_sentences(text: str) -> list[str]:
    """The document cut into the pieces the trace must cover: lines, and sentences within a line.
    A heading is a line of its own; a piece with no letter (a rule of dashes) is left out."""
    pieces = []
    for line in text.splitlines():
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            sentence = plain(sentence).lstrip("·•- ").strip()
            if re.search(r"[A-Za-z]", sentence):
                pieces.append(sentence)
    return pieces


def uncovered(trace: Trace, document: str) -> list[str]:
    """Sentences of the document that no trace entry quotes."""
    return list(_matched(tuple(quote for entry in trace.rule for quote in entry.says), document)[1])


def stray_quotes(trace: Trace, document: str) -> list[str]:
    """Quotes that are no piece of a single sentence of the document (misquoted, or spanning two)."""
    return list(_matched(tuple(quote for entry in trace.rule for quote in entry.says), document)[0])


def _matched(quotes: tuple[str, ...], document: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The quotes in no sentence of the document, and its sentences no quote is in: each quote
    looked for in each sentence."""
    sentences = document_sentences(document)
    said = [(quote, plain(quote)) for quote in quotes]
    stray = tuple(quote for quote, text in said if not any(text in s for s in sentences))
    return stray, tuple(s for s in sentences if not any(text in s for _, text in said))


def printed_statements(source: GameSource, trace: Trace | None) -> Iterator[tuple[str, str]]:
    """(place, text) of every printed rule statement: each string under the rules sheet's sections
    and under the places the trace lists as `statements`."""
    for prefix in (ALWAYS_STATEMENTS, *(trace.statements if trace else [])):
        name, key = prefix.split(":", 1)
        table = source.table(name) if source.has(name) else {}
        pattern = re.compile(re.escape(key).replace(r"\*", r"\d+") + r"(?=$|[.\[])")
        top = re.split(r"[.\[]", key, maxsplit=1)[0]  # walk that table alone, not a deck of 10,000 beside it
        for loc, value in string_values(table.get(top), (top,)):
            place = key_text(loc)
            if pattern.match(place) and loc[-1] != "heading":  # a heading names a section, states no rule
                yield f"{name}:{place}", value


def lines_named(place: str, statements: Mapping[str, str]) -> list[str]:
    """The places of the printed statements `place` names: the one at its key, or those of its file
    whose text begins with its words."""
    found = _SAYS_RE.match(place)
    if found is None:
        return [place] if place in statements else []
    file, says = found["file"] + ":", plain(found["says"])
    return [at for at, text in statements.items() if at.startswith(file) and plain(text).startswith(says)]


def trace_problems(source: GameSource) -> list[Problem]:
    """A printed rule statement that no trace entry names (with no trace.toml, every line of the
    rules sheet), and a trace entry naming no printed line, or lines its words do not tell apart:
    each a problem at its key."""
    game = source.slug
    trace = load_trace(source)
    statements = dict(printed_statements(source, trace))
    traced: set[str] = set()
    problems = []
    for i, entry in enumerate(trace.rule if trace else []):
        for k, place in enumerate(entry.printed):
            named = lines_named(place, statements)
            traced.update(named)
            told = {plain(statements[at]) for at in named}
            if not named or len(told) > 1:
                why = (
                    "names no printed rule statement (an edited, moved or deleted line?)"
                    if not named
                    else f"begins {len(named)} printed lines ({', '.join(named)}): quote more of the one it means"
                )
                problems.append(
                    Problem(game=game, file=TRACE_FILE, key=f"rule[{i}].printed[{k}]", message=f"{place!r} {why}")
                )
    untraced = [
        Problem(
            game=game,
            file=place.split(":", 1)[0],
            key=place.split(":", 1)[1],
            message=f"printed rule {plain(text)[:60]!r}... is in no {TRACE_FILE} entry: "
            "name the document sentence it comes from",
        )
        for place, text in statements.items()
        if place not in traced
    ]
    problems = untraced + problems
    if trace is not None and source.has(DOCUMENT_FILE):
        problems += document_problems(game, trace, source.text(DOCUMENT_FILE))
    return problems


def document_problems(game: str, trace: Trace, document: str) -> list[Problem]:
    """Against the rule document the game keeps beside its data: a quote found in no sentence of it
    (a made-up or misquoted rule), and a sentence of it that no entry quotes."""
    misquoted, loose = _matched(tuple(quote for entry in trace.rule for quote in entry.says), document)
    stray = set(misquoted)
    problems = [
        Problem(
            game=game,
            file=TRACE_FILE,
            key=f"rule[{i}].says[{k}]",
            message=f"{quote[:60]!r} is in no sentence of {DOCUMENT_FILE} (misquoted, or made up?)",
        )
        for i, entry in enumerate(trace.rule)
        for k, quote in enumerate(entry.says)
        if quote in stray
    ]
    problems += [
        Problem(
            game=game,
            file=DOCUMENT_FILE,
            key="sentence",
            message=f"{sentence[:50]!r}... is quoted by no {TRACE_FILE} entry: trace it to where it is "
            "printed, or say why not",
            line=line_of_sentence(document, sentence),
        )
        for sentence in loose
    ]
    return problems


def line_of_sentence(document: str, sentence: str) -> int:
    """The line of the document where `sentence` (as `document_sentences` gave it) begins: found by
    its first words, whatever the spaces and line breaks between them."""
    words = sentence.split()[:4]
    found = re.search(r"\s+".join(re.escape(word) for word in words), document.translate(_STRAIGHT)) if words else None
    return document.count("\n", 0, found.start()) + 1 if found else 1
