"""Where a build may write: a folder of its own. `/`, the home folder, a file, or a non-empty folder
that holds no pnp output are refused before anything is written (a link inside it is refused
where it is met: pnp.files.atomic)."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.errors import UsageProblem
from pnp.files.atomic import CACHE_FOLDER, TEMPORARY
from pnp.files.safefiles import UnsafeFile, read_json, read_regular
from pnp.pipeline.manifest import MAX_BYTES as MANIFEST_MAX_BYTES

CALIBRATION = "calibrate.pdf"
GENERATOR = b'<meta name="generator" content="pnp">'  # in the gallery's head: what says pnp wrote it
HEAD_BYTES = 2048
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
            f"--output {folder}: the folder is not empty and holds no pnp output (no gallery pnp wrote, no "
            f"{CACHE_FOLDER}, no game's folder with its manifest); give a new or empty folder"
        )


def _holds_output(folder: Path) -> bool:
    """Whether pnp wrote here: its cache, a calibration sheet, its gallery (which says it is pnp's)
    or a game's folder with the manifest of that game. A web site's index.html, or a folder that
    only shares a game's name, is not pnp output; a killed build's game folder is."""
    if (folder / CACHE_FOLDER).is_dir() or (folder / CALIBRATION).is_file():
        return True
    if GENERATOR in _head(folder / "index.html"):
        return True
    return any(_holds_game(sub) for sub in folder.iterdir() if sub.is_dir() and not sub.is_symlink())


def _head(path: Path) -> bytes:
    try:
        return read_regular(path, HEAD_BYTES, links=False, whole=False)
    except UnsafeFile:
        return b""


def _holds_game(folder: Path) -> bool:
    """A game's folder: its manifest, or (a build killed at its first file) only pnp's temporaries."""
    if any(TEMPORARY.fullmatch(path.name) for path in folder.iterdir()):
        return True
    try:
        manifest = read_json(folder / "manifest.json", MANIFEST_MAX_BYTES, links=False)
    except UnsafeFile:
        return False
    return isinstance(manifest, dict) and manifest.get("game") == folder.name and "documents" in manifest
