"""Refreshing output/index.html after any command wrote into the output folder."""

from __future__ import annotations

from collections.abc import Mapping, Set
from pathlib import Path
from typing import Any

from pnp.games import data_folder, known_games
from pnp.pipeline.incremental import data_digest
from pnp.site.gallery import write_gallery
from pnp.source.settings import Settings


def refresh_gallery(
    settings: Settings, built: Mapping[str, dict[str, Any]] | None = None, verified: Set[str] = frozenset()
) -> Path:
    """Write the gallery; `built`: what it shows of each game this command built (`gallery_view`),
    so its manifest is not read back; `verified`: the games whose files this command found as their
    manifests record, not hashed again. An OSError (a full disk) is the caller's to report."""
    output = settings.output_dir()
    data_now = {
        slug: data_digest(slug, settings)
        for slug in known_games(settings.layouts)
        if (output / slug).is_dir() and data_folder(slug, settings.layouts).is_dir()
    }
    return write_gallery(output, data_now, built=built, verified=verified)
