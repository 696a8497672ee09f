"""The application layer: one plain function per command, taking settings and typed options and
returning what it did; the command line (pnp.cli) parses, calls these and prints, through the two
callbacks every command shares."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Protocol

from pnp.memory import BuildMemory as BuildMemory  # what a command's builds keep for the next


class Bar(Protocol):
    def update(self, n: int, /) -> None: ...


Progress = Callable[[str, int], AbstractContextManager[Bar]]  # a label and a length -> a bar


class Say(Protocol):
    """A line for the user; `err`: a problem's, for stderr."""

    def __call__(self, line: str, err: bool = False) -> None: ...
