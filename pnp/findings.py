"""A problem at a place: `path:line:col: message`, the form compilers use, so a terminal or an
editor jumps to the line a designer has to change."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Finding:
    """One problem, one place; `line` and `col` count from 1 (the first line of a file that has
    no better place, such as a missing key of a file with no table for it)."""

    path: Path
    line: int = 1
    col: int = 1
    message: str

    def __str__(self) -> str:
        return f"{shown(self.path)}:{self.line}:{self.col}: {self.message}"

    def as_json(self) -> dict[str, Any]:
        """The finding for editors and CI (`pnp validate --format json`)."""
        return {"path": shown(self.path), "line": self.line, "col": self.col, "message": self.message}


def shown(path: Path) -> str:
    """`path` as the designer would type it here: relative to the working folder where that is
    shorter (`layouts/punished/cards.toml`, `../../pnp.toml`), else whole."""
    whole = os.path.abspath(path)
    try:
        relative = os.path.relpath(whole)
    except ValueError:  # another drive
        return whole
    return relative if len(relative) <= len(whole) else whole


def column_of(text: str, word: str) -> int:
    """The column (from 1) where `word` starts in a line, else where the line's text starts."""
    at = text.find(word) if word else -1
    if at < 0:
        at = len(text) - len(text.lstrip())
    return at + 1
