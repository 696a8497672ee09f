"""TOML reading and icon-reference scanning without the schema machinery, so that start-up paths
(the up-to-date check, `pnp icons credits`) stay light."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from pnp.errors import LayoutError, LayoutSyntaxError
from pnp.icons import is_icon_ref


def read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LayoutError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LayoutError(f"{path}: cannot be read ({exc})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f":{match.group(1)}" if match else ""
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise LayoutSyntaxError(f"{path}{where}: TOML syntax error: {message}") from None


def icon_locations(data: Any, loc: tuple = ()):
    """(key path, reference) for every icon named under keys `icon`, `*_icon` or `icons`."""
    if isinstance(data, dict):
        for key, value in data.items():
            if (key == "icon" or key.endswith("_icon")) and is_icon_ref(value):
                yield loc + (key,), value
            elif key == "icons" and isinstance(value, list):
                for i, item in enumerate(value):
                    if is_icon_ref(item):
                        yield loc + (key, i), item
            else:
                yield from icon_locations(value, loc + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from icon_locations(item, loc + (i,))


def used_icons(folder: Path) -> list[str]:
    """The icons a game's layout data names, across all its TOML files."""
    found: set[str] = set()
    for path in sorted(folder.glob("*.toml")):
        found |= {ref for _, ref in icon_locations(read_toml(path))}
    return sorted(found)
