"""Read a game's TOML layout data into checked models, reporting every problem with its file,
line (for syntax errors) and key path."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import is_
from types import UnionType
from typing import Annotated, Any, Literal, Self, TypeVar, Union, get_args, get_origin

from pydantic import AfterValidator, BaseModel, Field, ValidationError, field_validator, model_validator

from pnp.errors import IconError, LayoutError, did_you_mean
from pnp.findings import Finding
from pnp.source.gamesource import GameSource
from pnp.source.iconnames import is_near_ref, meant_icon
from pnp.source.icons import GAP_ICON, IconRef, IconStore, is_icon_ref
from pnp.source.markup import inline_icons, markup_problem, without_icon, without_markup
from pnp.source.mending import read_on, said_elsewhere
from pnp.source.modelerrors import by_column, explained, type_step
from pnp.source.namedtwice import named_twice
from pnp.source.ownart import is_art_ref
from pnp.source.rowkeep import RowKeep
from pnp.source.slots import SlotSpec, TemplateSpec
from pnp.source.strict import Color as Color
from pnp.source.strict import IconName as IconName
from pnp.source.strict import Strict as Strict
from pnp.source.strict import not_an_icon, shown
from pnp.source.tomlfiles import KeyPath, icon_locations, oversized, strings_holding

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
_PDF_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]*\.pdf$")


def _pdf_name(value: str) -> str:
    if not _PDF_NAME_RE.match(value):
        raise ValueError(f"expected the name of one of the game's files, such as 'cards.pdf', found {shown(value)}")
    return value


Count = Annotated[int, Field(gt=0, le=10_000)]  # a deck of 10,000 designs (5,000 of a kind) is a real project
Words = Annotated[str, Field(min_length=1, max_length=600)]
Mm = Annotated[float, Field(gt=0, le=2000)]  # a length in millimetres
Templates = dict[str, TemplateSpec]  # a data file's [templates]: the kit's, changed by name
# one card's changes to its template, by slot name; none by default, made for each card (pydantic
# would deep-copy a shared {} for each of a deck's 10,000 rows), and said in the editor's schema
SlotOverrides = Annotated[dict[str, SlotSpec], Field(default_factory=dict, json_schema_extra={"default": {}})]


PdfName = Annotated[str, AfterValidator(_pdf_name)]


class CoverText(Strict):
    """What the print guide adds: what else to bring, and how to cut and fold each file (by its name)."""

    bring: list[Words]
    assembly: dict[PdfName, list[Words]]
    notes: list[Words] = []

    @field_validator("assembly", mode="before")
    @classmethod
    def _by_file(cls, value: object) -> object:
        if isinstance(value, list):
            raise ValueError(
                'give the notes by file, as a table: [cover.assembly] then "cards.pdf" = ["..."] '
                "(a list was read by position, which could move a note into another file)"
            )
        return value


class CardDesign(Strict):
    """A kind of card: its component key in rules.toml (`id`), name, icon and colours, and how its
    face differs from the deck's template (`layout`: slot name -> what changes)."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    name: Words
    icon: IconName
    color: Color
    tint: Color
    layout: SlotOverrides


class CardBack(Strict):
    """A deck's common back: an icon, a title, a tagline (the game's title when none is given) and
    its colours."""

    icon: IconName
    title: Words
    color: Color
    background: Color
    tagline: Words | None = None


class PlayerColours(Strict):
    """A colour and a name per player, for their pawns."""

    colors: Annotated[list[Color], Field(min_length=1)]
    names: Annotated[list[Words], Field(min_length=1)]

    @model_validator(mode="after")
    def _one_name_per_colour(self) -> Self:
        if len(self.names) != len(self.colors):
            raise ValueError(f"give one name per colour ({len(self.colors)} colours, {len(self.names)} names)")
        return self


class PawnSet(PlayerColours):
    """Pawn standees: a figure of width x height mm with one icon, folded to stand on its base."""

    icon: IconName
    width: Annotated[float, Field(ge=15, le=60)]
    height: Annotated[float, Field(ge=20, le=80)]


class PawnTokens(PlayerColours):
    """Flat round pawns of `diameter` mm: several share a small space, where standees cannot."""

    diameter: Annotated[float, Field(ge=8, le=30)]


def parse(model: type[M], source: GameSource, name: str, also: Sequence[Gap] = (), mended: bool = False) -> M:
    """Validate the file `name` of `source` against `model`; every problem becomes one line naming
    file and key (and the row and column where the key lies in a CSV list); `also` adds problems
    found another way, refused with the rest unless `mended`: then each is drawn as its gap and
    only the model's problems are refused."""
    lists = source.csv_sources(name)
    data = typed_lists(model, source.table(name), lists, checked=not also, rows=source.rows)
    if mended:
        data = _with_gaps(data, also)
    found = [] if mended else [gap.finding for gap in also]
    too_big = [source.finding(name, loc, message) for loc, message in oversized(data)]
    if too_big:
        raise LayoutError(too_big[:10])
    try:
        result = model.model_validate(data)
    except ValidationError as exc:
        said = {gap.where for gap in also}  # a value a gap stands for: said once, by the gap
        places = [
            (tuple(part for part in err["loc"] if part != "[key]"), message) for err, message in explained(model, exc)
        ]
        found = [*by_column(model, source, name, places, said), *found]
        repaired = read_on(model, data, exc) if source.gaps is not None else None
        if repaired is None:
            raise LayoutError(found) from None
        result, stood_in = repaired  # read on, so every later stage checks what it can
        source.keep_gaps(found)
        source.mended += stood_in
        found = []
    if found:
        raise LayoutError(found)
    twice = [
        source.finding(name, loc, said)
        for loc, first, said in named_twice(result, (), source, name)
        if loc not in source.mended and first not in source.mended  # a stand-in's name is another's
    ]
    if twice:
        source.keep_gaps(twice)
    if not also and not source.mended:
        _keep_checked(model, result, source.table(name), lists, source.rows)
    return result


def _keep_checked(
    model: type[BaseModel], result: BaseModel, table: dict[str, Any], lists: Mapping[KeyPath, object], keep: RowKeep
) -> None:
    """Each kept row of a card list (`rowkeep`) learns the value the model made of it, for the
    next read to hand the model instead of the row: a frozen value passes the model as it is. The
    list's values stand in its rows' order: a model's validators check a list, they never reorder
    or filter it (a list of another length is not kept)."""
    for prefix in lists:
        rows: Any = table
        value: Any = result
        for part in prefix:
            rows = rows[part]
            value = getattr(value, str(part)) if isinstance(value, BaseModel) else value[part]
        if not isinstance(value, (list, tuple)) or len(value) != len(rows):
            continue
        key = (model, prefix)
        for start, run in keep.runs_of(rows) or ((0, None),):
            chunk = value[start : start + len(run.items)] if run is not None else value
            if run is not None and (kept := run.found.get(key)) is not None and all(map(is_, kept, chunk)):
                continue  # the run's values, each already kept with its row
            frozen = [isinstance(made, BaseModel) and bool(made.model_config.get("frozen")) for made in chunk]
            for row, made, frozen_one in zip(run.items if run is not None else rows, chunk, frozen, strict=True):
                found = keep.found(row)
                if found is not None and frozen_one:
                    found[key] = made
            if run is not None and all(frozen):
                run.found[key] = tuple(chunk)


def typed_lists(
    model: type[BaseModel],
    table: dict[str, Any],
    lists: Mapping[KeyPath, object],
    *,
    checked: bool = False,
    rows: RowKeep | None = None,
) -> dict[str, Any]:
    """`table` with the cells of each card list (read as text) given the type the model says
    their key holds: `17` a whole number where it wants one, `1984` a name where it wants a text;
    with `checked`, a row the model made a value of at an earlier read is that value. The table
    read from the file is left as it was (other readers see the text). `rows`: the card lists'
    rows as read (`rowkeep`)."""
    keep = rows if rows is not None else RowKeep()
    out = dict(table)
    for prefix in lists:
        node: Any = out
        for part in prefix[:-1]:  # copy the containers on the way down, not the whole file
            node[part] = copied = dict(node[part]) if isinstance(node[part], dict) else list(node[part])
            node = copied
        kinds = _kinds_at(model, (*prefix, 0))
        wanted: dict[KeyPath, frozenset[Any]] = {}  # by column: a deck's rows share their columns
        key = (model, prefix) if checked else None
        listed = node[prefix[-1]]
        runs = keep.runs_of(listed) if checked else None
        if runs is None:
            node[prefix[-1]] = [_typed_or_checked(row, kinds, wanted, key, keep) for row in listed]
            continue
        typed: list[Any] = []
        for _, run in runs:  # a run whose values the model made at an earlier read is those values
            made = run.found.get(key)
            typed += (
                made if made is not None else [_typed_or_checked(row, kinds, wanted, key, keep) for row in run.items]
            )
        node[prefix[-1]] = typed
    return out


def _typed_or_checked(
    row: Any, kinds: list[Any], wanted: dict[KeyPath, frozenset[Any]], key: object, keep: RowKeep
) -> Any:
    if not isinstance(row, dict):
        return row
    if key is not None:
        found = keep.found(row)
        if found is not None and key in found:
            return found[key]
    return _typed_row(row, kinds, (), wanted)


def _kinds_at(model: type[BaseModel], loc: KeyPath) -> list[Any]:
    kinds: list[Any] = [model]
    for part in loc:
        kinds = [inner for kind in kinds for inner in type_step(kind, part)]
    return kinds


def _typed_row(
    row: dict[str, Any], kinds: list[Any], loc: KeyPath, wanted: dict[KeyPath, frozenset[Any]]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in row.items():
        here = (*loc, key)
        if isinstance(value, dict):
            out[key] = _typed_row(value, _kinds_at_step(kinds, key), here, wanted)
            continue
        if here not in wanted:
            wanted[here] = _wanted(_kinds_at_step(kinds, key))
        out[key] = _as_wanted(value, wanted[here])
    return out


def _kinds_at_step(kinds: list[Any], key: str) -> list[Any]:
    return [step for kind in kinds for step in type_step(kind, key)]


_INTEGER = re.compile(r"[-+]?\d+")
_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _wanted(kinds: list[Any]) -> frozenset[Any]:
    """The plain types a key may hold (str for a Literal of texts, which a cell's text may be)."""
    found: set[Any] = set()
    todo = list(kinds)
    for kind in todo:
        while get_origin(kind) is Annotated:
            kind = get_args(kind)[0]
        if get_origin(kind) in (Union, UnionType):
            todo.extend(get_args(kind))
        elif get_origin(kind) is Literal:
            found |= {type(value) for value in get_args(kind)}
        else:
            found.add(kind)
    return frozenset(found)


def _as_wanted(text: Any, wanted: frozenset[Any]) -> Any:
    """A cell's text as the value the model wants there; left a text when it wants a text (or
    the text is no such value: the model then says what it expected)."""
    if not isinstance(text, str) or str in wanted or not wanted:
        return text
    if bool in wanted and text in ("true", "false"):
        return text == "true"
    if int in wanted and _INTEGER.fullmatch(text):
        return int(text)
    if float in wanted and _NUMBER.fullmatch(text):
        return float(text)
    return text


def load_file(source: GameSource, name: str, model: type[M], store: IconStore) -> M:
    """A game's TOML file (with the CSV lists it names), checked against its model and its icons
    against the cache; in a build that keeps gaps (`GameSource.gaps`), an icon or markup problem
    is kept there and drawn as its gap."""
    gaps = missing_icons(source, name, store)
    if source.gaps is None or not gaps:
        return parse(model, source, name, also=gaps)
    source.keep_gaps([gap.finding for gap in gaps])
    return parse(model, source, name, also=gaps, mended=True)


@dataclass(frozen=True, kw_only=True)
class Gap:
    """A value that cannot print as written, and what is drawn at its key meanwhile."""

    finding: Finding
    where: KeyPath
    drawn: str


def _with_gaps(table: dict[str, Any], gaps: Sequence[Gap]) -> dict[str, Any]:
    """`table` with each gap's value in place of the one written; the containers on the way down
    copied, so the table read from the file is left as it was."""
    out = dict(table)
    for gap in gaps:
        node: Any = out
        for part in gap.where[:-1]:
            node[part] = copied = dict(node[part]) if isinstance(node[part], dict) else list(node[part])
            node = copied
        node[gap.where[-1]] = gap.drawn
    return out


class EveryProblem:
    """A game's files and steps checked together: the problems of each are kept and said at the
    end, so one file's mistakes do not hide the next file's."""

    def __init__(self, source: GameSource) -> None:
        self.source = source
        self.found: list[Finding] = []
        self.failed = False

    def load(self, name: str, model: type[M], store: IconStore) -> M | None:
        """`load_file`, or None with its problems kept."""
        return self.run(lambda: load_file(self.source, name, model, store))

    def run(self, step: Callable[[], T]) -> T | None:
        """What `step` returns, or None with its problems kept."""
        try:
            return step()
        except LayoutError as exc:  # a check met by a value mended to read on: its cause is said
            self.found += [f for f in self.source.placed(exc) if not said_elsewhere(f.message, self.source.mended)]
            self.failed = True
            return None

    def check(self) -> None:
        """Refuse with every problem kept so far (the gaps, when those are all)."""
        if self.failed:
            raise LayoutError(self.found or self.source.gaps or [])


def own_art_problem(ref: str, store: IconStore) -> str | None:
    """What stops the game's own art `ref` from printing with its credit, or None."""
    if store.art is None:
        return f"own art {ref!r} is drawn only in a game's build"
    try:
        store.art.check(ref)
    except IconError as exc:
        return exc.message
    return None


def missing_icons(source: GameSource, name: str, store: IconStore) -> list[Gap]:
    """A gap for each icon named in the file that the icon cache lacks, and for each text whose
    markup cannot be read or whose inline icon is not there."""
    missing = []
    said_of: dict[str, str | None] = {}  # a deck names the same few icons many times
    table = source.table(name)
    texts: dict[KeyPath, str] = {}  # each marked-up text as it is drawn: its markup or icons left out

    def problem(ref: str) -> str | None:
        if ref not in said_of:
            said_of[ref] = looked_up(ref)
        return said_of[ref]

    def looked_up(ref: str) -> str | None:
        if not is_icon_ref(ref) and not is_art_ref(ref):
            meant = meant_icon(ref, store.manifest()) if is_near_ref(ref) else None
            if meant is not None:
                return f"unknown icon {ref!r}. Did you mean {meant!r}?"
            return not_an_icon(ref)
        if is_art_ref(ref):
            return own_art_problem(ref, store)
        if store.has(IconRef.parse(ref)):
            return None
        close = did_you_mean(ref, store.manifest())  # a cached icon, misspelt, is no download
        advice = (
            f"not in the icon cache.{close}" if close else f"not in the icon cache; `pnp icons fetch {ref}` adds it"
        )
        return f"unknown icon {ref!r}: {advice}"

    for where, value in strings_holding("<", table, rows=source.rows):
        said = markup_problem(value)
        if said:
            missing.append(Gap(finding=source.finding(name, where, said), where=where, drawn=without_markup(value)))
            continue
        for ref in inline_icons(value):
            said = problem(ref)
            if said:
                texts[where] = without_icon(texts.get(where, value), ref)
                missing.append(Gap(finding=source.finding(name, where, said), where=where, drawn=texts[where]))
    for where, ref in icon_locations(table, only=lambda ref: problem(ref) is not None, rows=source.rows):
        said = problem(ref)
        if said:
            missing.append(Gap(finding=source.finding(name, where, said), where=where, drawn=GAP_ICON))
    return missing
