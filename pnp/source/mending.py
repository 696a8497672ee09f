"""A data file whose model refuses a few of its values, read on all the same: each refused value is
taken out (a default applies, an unknown key is dropped) or, in a list of designs, stood in for by
the same key of a design beside it, so every later stage of the build still checks what it can.
The file's own problems are kept as the build's gaps and refused at its end, and a later finding
that names a stood-in value is not said (its cause already is)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pnp.source.modelerrors import type_step
from pnp.source.tomlfiles import KeyPath, key_text

M = TypeVar("M", bound=BaseModel)
ROUNDS = 4  # a stand-in may meet another check (a total, a pattern): tried again this many times


def read_on(model: type[M], data: dict[str, Any], exc: ValidationError) -> tuple[M, list[KeyPath]] | None:
    """The model made of `data` with each refused value mended, and where each mended value is;
    None when one cannot be (a key whose value nothing can stand in for)."""
    table: Any = data
    places: list[KeyPath] = []
    for _ in range(ROUNDS):
        for error in exc.errors():
            loc = tuple(part for part in error["loc"] if part != "[key]")
            table = _mended_at(model, table, loc, error["type"])
            if table is None:
                return None
            places.append(loc)
        try:
            return model.model_validate(table), places
        except ValidationError as again:
            exc = again
    return None


def said_elsewhere(message: str, places: Iterable[KeyPath]) -> bool:
    """Whether `message` names a mended value, or is about a table or list that holds one (a check
    of the whole, met by a stand-in): its cause is said already."""
    about = message.split(": ", 1)[0]
    for loc in places:
        key = key_text(loc)
        if re.search(rf"(?<![\w\].]){re.escape(key)}(?![\w\[])", message):
            return True
        if key.startswith(about) and key[len(about) : len(about) + 1] in ("[", "."):
            return True
    return False


def _mended_at(model: type[BaseModel], table: Any, loc: KeyPath, kind: str) -> Any:
    """`table` (copied along `loc`) with the value at `loc` taken out or stood in for; None when
    it cannot be."""
    if not loc:
        return None
    out = _copied(table)
    node = out
    for part in loc[:-1]:
        if not _holds(node, part):
            return None
        node[part] = _copied(node[part])
        node = node[part]
    key = loc[-1]
    if not _holds(node, key) and kind != "missing":
        return None
    if kind == "extra_forbidden" or (kind != "missing" and not _required(model, loc)):
        del node[key]
        return out
    stand_in = _beside(out, loc)
    if stand_in is None:
        return None
    node[key] = stand_in
    return out


def _beside(table: Any, loc: KeyPath) -> Any:
    """The value at the same key of another item of the nearest list `loc` lies in, or None."""
    at = max((i for i, part in enumerate(loc) if isinstance(part, int)), default=None)
    if at is None:
        return None
    items: Any = table
    for part in loc[:at]:
        items = items[part]
    for i, item in enumerate(items):
        if i == loc[at]:
            continue
        value = item
        for part in loc[at + 1 :]:
            if not _holds(value, part):
                break
            value = value[part]
        else:
            return value
    return None


def _required(model: type[BaseModel], loc: KeyPath) -> bool:
    """Whether the key at `loc` has no default (taking it out would leave it missing)."""
    kinds: list[Any] = [model]
    for part in loc[:-1]:
        kinds = [inner for kind in kinds for inner in type_step(kind, part)]
    fields = [
        kind.model_fields.get(str(loc[-1])) for kind in kinds if isinstance(kind, type) and issubclass(kind, BaseModel)
    ]
    return not fields or any(field is None or field.is_required() for field in fields)


def _holds(node: Any, part: str | int) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def _copied(node: Any) -> Any:
    return dict(node) if isinstance(node, dict) else list(node) if isinstance(node, list) else node
