"""Where a build may write: a folder of its own. `/`, the home folder, a file, or a non-empty folder
that holds no pnp output are refused before anything is written (a link inside it is refused
where it is met: pnp.files.atomic)."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.errors import UsageProblem
from pnp.files.atomic import CACHE_FOLDER
from pnp.games import GAMES

MARKERS = ("index.html", "calibrate.pdf", CACHE_FOLDER)
NAME_MAX = 255  # bytes in one file or folder name, on every file system pnp is used on


def check_output(folder: Path, layouts: Path | None = None) -> None:
    """Refuse an output folder that would mix pnp's files with other things: the disk's root, the
    home folder, a file, a folder holding something else, or the game data itself (`layouts`)."""
    for part in folder.parts:
        if len(os.fsencode(part)) > NAME_MAX:
            raise UsageProblem(
                f"--output {str(folder)[:60]}...: the folder name {part[:24]}... is {len(os.fsencode(part)):,} "
                f"bytes long; a file system takes names of at most {NAME_MAX} bytes"
            )
    resolved = folder.resolve()
    if layouts is not None and resolved.is_relative_to(layouts.resolve()):
        raise UsageProblem(
            f"--output {folder}: inside the layouts folder {layouts}; the build would write among the game "
            "data (and `pnp watch` would rebuild on its own files): give a folder beside it, such as output"
        )
    if resolved == Path(resolved.anchor) or resolved == Path.home().resolve():
        raise UsageProblem(
            f"--output {folder}: refusing to write into {resolved}; give a folder of its own, such as output"
        )
    if not folder.exists():
        return
    if not folder.is_dir():
        raise UsageProblem(f"--output {folder}: not a folder")
    if any(folder.iterdir()) and not _holds_output(folder):
        raise UsageProblem(
            f"--output {folder}: the folder is not empty and holds no pnp output (no index.html "
            "and no game folders); give a new or empty folder"
        )


def _holds_output(folder: Path) -> bool:
    return any((folder / name).exists() for name in MARKERS) or any((folder / game).is_dir() for game in GAMES)
