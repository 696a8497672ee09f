"""Names that must tell things apart: two cards (designs, challenges, tiers) of one list with one
name cannot be told apart at the table, in the gallery or in a diff."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from pnp.source.gamesource import GameSource
from pnp.source.tomlfiles import KeyPath, key_text


def named_twice(node: Any, loc: KeyPath, source: GameSource, name: str) -> list[tuple[KeyPath, KeyPath, str]]:
    """Each item of a list of named things (cards, designs, challenges) whose name an earlier item
    of the same list has, the name it repeats, and what to say: two cards of one name cannot be
    told apart at the table or in a diff."""
    out: list[tuple[KeyPath, KeyPath, str]] = []
    if isinstance(node, BaseModel):
        for field in type(node).model_fields:
            out += named_twice(getattr(node, field), (*loc, field), source, name)
    elif isinstance(node, (list, tuple)) and node and isinstance(node[0], BaseModel):
        first: dict[str, int] = {}
        for i, item in enumerate(node):
            named = getattr(item, "name", None)
            if isinstance(named, str) and first.setdefault(named, i) != i:
                other = (*loc, first[named])
                where = source.place(name, (*other, "name"))
                said = f"{named!r} is the name of {key_text(other)} too ({where}): give each its own name"
                out.append(((*loc, i, "name"), (*other, "name"), said))
            out += named_twice(item, (*loc, i), source, name)
    return out
