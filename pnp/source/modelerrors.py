"""What a data model's errors say, and where: each pydantic error as one line at its key, a
misspelt key with the key it meant, and a card list's misnamed column said once at its first row."""

from __future__ import annotations

from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from pnp.errors import closest, did_you_mean
from pnp.findings import Finding
from pnp.source.gamesource import GameSource
from pnp.source.strict import shown
from pnp.source.tomlfiles import KeyPath, csv_location


def key_path(loc: KeyPath) -> str:
    out = ""
    for part in loc:
        if part == "[key]":  # pydantic's mark for a table key that is wrong: the path names it already
            continue
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def describe(error: ErrorDetails) -> str:
    kind = error["type"]
    found = error.get("input")
    if kind == "missing":
        return "missing key"
    if kind == "extra_forbidden":
        return "unknown key (a typo?)"
    if kind == "value_error":
        return str(error["msg"]).removeprefix("Value error, ")
    return f"{error['msg'][0].lower()}{error['msg'][1:]} (found {shown(found)})"


def by_column(
    model: type[BaseModel], source: GameSource, name: str, places: list[tuple[KeyPath, str]], said: set[KeyPath]
) -> list[Finding]:
    """Each problem placed, a card list's column whose name is wrong said once at its first row
    (not once a row), and a list whose first row names no key at all said once for the list."""
    lists = source.csv_sources(name)
    unnamed: dict[KeyPath, Path] = {}
    for prefix, path in lists.items():
        keys = fields_at(model, (*prefix, 0))
        header = source.list_header(path)
        if keys and header and not any(column.split(".")[0] in keys for column in header):
            unnamed[prefix] = path
    out = [
        source.column_finding(
            path,
            "",
            f"its first row names none of the columns of {key_path(prefix)}: "
            f"{', '.join(sorted(fields_at(model, (*prefix, 0))))}",
        )
        for prefix, path in unnamed.items()
    ]
    columns: dict[tuple[Path, str, str], None] = {}
    for loc, message in places:
        if any(loc[: len(prefix)] == prefix for prefix in unnamed):
            continue
        cell = csv_location(lists, loc) if message.startswith("unknown key") else None
        if cell is not None:
            columns[(cell[0], cell[2], message)] = None
        elif loc not in said:
            out.append(source.finding(name, loc, message))
    return [*(source.column_finding(*column) for column in columns), *out]


def explained(model: type[BaseModel], exc: ValidationError) -> list[tuple[ErrorDetails, str]]:
    """Each error with its message; a misspelt key says the key it meant, and the key it meant is
    not reported missing as well ("tnit: unknown key. Did you mean 'tint'?" is one problem)."""
    errors = exc.errors()
    missing = {tuple(err["loc"]) for err in errors if err["type"] == "missing"}
    meant: set[tuple[Any, ...]] = set()
    out = []
    for err in errors:
        loc = tuple(err["loc"])
        if err["type"] != "extra_forbidden":
            out.append((err, describe(err)))
            continue
        parent, key = loc[:-1], str(loc[-1])
        name = closest(key, [str(m[-1]) for m in missing if m[:-1] == parent])  # a missing key it meant
        if name is not None:
            meant.add((*parent, name))
        suggestion = did_you_mean(key, [name] if name is not None else fields_at(model, parent))
        out.append((err, f"unknown key.{suggestion}" if suggestion else describe(err)))
    return [(err, message) for err, message in out if err["type"] != "missing" or tuple(err["loc"]) not in meant]


def fields_at(model: type[BaseModel], loc: KeyPath) -> set[str]:
    """The keys the table at `loc` of a file read by `model` may have (of every model a union
    there allows): what a misspelt key is matched against."""
    kinds: list[Any] = [model]
    for part in loc:
        kinds = [inner for kind in kinds for inner in type_step(kind, part)]
    return {
        name for kind in kinds if isinstance(kind, type) and issubclass(kind, BaseModel) for name in kind.model_fields
    }


def type_step(kind: Any, part: str | int) -> list[Any]:
    """The types one key (or index) further into a value of type `kind`."""
    while get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    origin = get_origin(kind)
    if origin in (Union, UnionType):
        return [inner for arg in get_args(kind) for inner in type_step(arg, part)]
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        field = kind.model_fields.get(str(part))
        return [field.annotation] if field is not None else []
    if origin in (list, tuple) and isinstance(part, int):
        return [get_args(kind)[0]] if get_args(kind) else []
    if origin is dict:
        return [get_args(kind)[1]]
    return []
