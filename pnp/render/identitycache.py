"""Values worked out once from objects known by identity: a template's slots, a laid-out level.

Hashing a template's slots (nested frozen dataclasses) costs more than the work a cache would
save, so these caches key on `id()`. Each entry holds the object its key names, so that id is not
given to another object while the entry lasts; past its size the entry least lately used goes
first, so what card after card shares stays and what one card alone uses makes room.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")
SIDES_KEPT = 32_768  # what a build found of a piece's side, kept for the next (a deck of 10,000, both sides)


class IdentityCache(Generic[V]):
    """Values by an object's identity and any further hashable key parts."""

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int) -> None:
        self._entries: OrderedDict[tuple[object, ...], tuple[object, V]] = OrderedDict()
        self._size = size

    def get(self, owner: object, *key: object) -> V | None:
        full = (id(owner), *key)
        found = self._entries.get(full)
        if found is None:
            return None
        self._entries.move_to_end(full)
        return found[1]

    def put(self, owner: object, *key: object, value: V) -> V:
        if len(self._entries) >= self._size:
            self._entries.popitem(last=False)
        self._entries[(id(owner), *key)] = (owner, value)
        return value


class SideKeep(Generic[V]):
    """What a build found of a piece's side, by the side's identity, kept for the next build: a
    deck's 10,000 sides are looked up at every build, so without IdentityCache's order of use
    (the oldest entry goes first past its size, and a side still in use is found again)."""

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int = SIDES_KEPT) -> None:
        self._entries: dict[int, tuple[object, V]] = {}
        self._size = size

    def get(self, side: object) -> V | None:
        found = self._entries.get(id(side))
        return found[1] if found is not None and found[0] is side else None

    def put(self, side: object, value: V) -> V:
        if len(self._entries) >= self._size:
            del self._entries[next(iter(self._entries))]
        self._entries[id(side)] = (side, value)
        return value


class HashedKey:
    """A key whose hash is worked out once: a deck's page keys are nested tuples of thousands of
    values, looked up at every build, and a tuple hashes its parts each time it is looked up."""

    __slots__ = ("hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, HashedKey) and self.hash == other.hash and self.value == other.value)
