"""The checks of a game's `art/credits.toml`: each problem said once, at its line and key, however
many cards show the art it credits (the cards are drawn meanwhile; the build is refused at its end)."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import LayoutError, closest
from pnp.files.safefiles import UnsafeFile, read_regular
from pnp.findings import Finding
from pnp.source.ownart import CREDITS, MAX_CREDITS_BYTES
from pnp.source.tomlfiles import KeyPath, TomlLines, key_text, parse_toml

KEYS = ("author", "licence")


def credit_problems(folder: Path) -> list[Finding]:
    """Every problem of the credits file in the art folder `folder` (none when it has none)."""
    path = folder / CREDITS
    if not path.exists() and not path.is_symlink():
        return []
    try:
        text = read_regular(path, MAX_CREDITS_BYTES, links=False).decode("utf-8")
    except UnsafeFile as exc:
        return [Finding(path=path, message=f"cannot be read: {exc}")]
    except UnicodeDecodeError as exc:
        return [Finding(path=path, message=f"not UTF-8 text ({exc.reason}: save it as UTF-8)")]
    try:
        table = parse_toml(text, path)
    except LayoutError as exc:
        return list(exc.findings)
    lines = TomlLines.of(text)

    def at(loc: KeyPath, message: str) -> Finding:
        line, col = lines.position(loc)
        return Finding(path=path, line=line, col=col, message=f"{key_text(loc)}: {message}")

    found = []
    for name, entry in table.items():
        if not isinstance(entry, dict):
            found.append(at((name,), f'expected a table: ["{name}"] with author = "..." and licence = "..."'))
            continue
        meant = set()
        for key in entry:
            if key not in KEYS:
                close = closest(key, KEYS)
                meant.add(close)
                advice = f". Did you mean {close!r}?" if close else f" (a credit has {' and '.join(KEYS)})"
                found.append(at((name, key), f"unknown key{advice}"))
        for key in KEYS:
            value = entry.get(key)
            if key in entry and (not isinstance(value, str) or not value.strip()):
                found.append(at((name, key), "give it as text: who made the art, and on what terms"))
            elif key not in entry and key not in meant:
                found.append(at((name,), f'missing {key} = "...": who made the art, and on what terms'))
    return found
