"""What one build works out and the next may take as it was: the single owner of kept state.

A command makes one `BuildMemory` and passes it down: `pnp build` a fresh one, `pnp watch` one for
all its saves, so that a save which changes one design of thousands reuses what the others made.
Nothing in pnp keeps a value from one build to the next anywhere else (an architecture test scans
for module-level stores). Each kind of value the memory holds is named by a `Kept` constant in the
module that makes it, which also says how its empty store is made; the store keeps its own key
rule and bound, and `forget` drops them all at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


@dataclass(frozen=True, eq=False)
class Kept(Generic[S_co]):
    """One kind of kept value: its name (for a test, or a reader of `BuildMemory.sizes`) and how
    its store is made empty."""

    name: str
    make: Callable[[], S_co]


class BuildMemory:
    """Every store a build keeps for the next, each made on first use."""

    __slots__ = ("_stores",)

    def __init__(self) -> None:
        self._stores: dict[Kept[object], object] = {}

    def __getitem__(self, kind: Kept[S]) -> S:
        found = self._stores.get(kind)
        if found is None:
            found = self._stores[kind] = kind.make()
        return cast(S, found)

    def __reduce__(self) -> tuple[type[BuildMemory], tuple[()]]:
        """Sent to another process (a build result pickled), a memory arrives empty: what it holds
        is keyed by objects of this process."""
        return (BuildMemory, ())

    def forget(self) -> None:
        """Every kept value dropped: the next build works everything out again."""
        self._stores.clear()

    def kinds(self) -> list[str]:
        """The names of the stores made so far."""
        return sorted(kind.name for kind in self._stores)
