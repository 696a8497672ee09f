"""Incremental builds: a digest of everything a game's output depends on, checked before building.

Light on purpose (no schema, no drawing imports): a rebuild with nothing changed should cost
little more than reading the inputs once.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from pnp import __version__
from pnp.paths import fonts_dir
from pnp.settings import Settings
from pnp.tomlfiles import used_icons

OUTPUT_OPTIONS = ("paper", "card", "players", "ink_saver", "bleed", "margin", "duplex", "back_offset", "copies")


@lru_cache(maxsize=1)
def code_digest() -> str:
    """The tool itself: its version, its source and its fonts (a code change rebuilds everything)."""
    digest = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*.py")) + sorted(fonts_dir().glob("*.ttf")):
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def inputs_digest(slug: str, settings: Settings) -> str:
    digest = hashlib.sha256(code_digest().encode())
    options = {name: getattr(settings, name) for name in OUTPUT_OPTIONS}
    digest.update(json.dumps(options, sort_keys=True).encode())
    folder = settings.layouts_dir() / slug
    for path in sorted(folder.glob("*.toml")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    icons = settings.icons_dir()
    for ref in used_icons(folder):
        digest.update(ref.encode())
        icon = icons / f"{ref}.svg"
        digest.update(icon.read_bytes() if icon.is_file() else b"<missing>")
    return digest.hexdigest()


def up_to_date(slug: str, settings: Settings, digest: str) -> bool:
    """The last build of this game had the same inputs, passed its checks, and its files are there."""
    folder = settings.output_dir() / slug
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        if manifest.get("inputs") != digest or not manifest.get("validated"):
            return False
        return all((folder / doc["file"]).stat().st_size == doc["bytes"] for doc in manifest["documents"])
    except (OSError, ValueError, KeyError, TypeError):
        return False
