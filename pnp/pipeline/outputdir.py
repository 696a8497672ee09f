"""Where a build may write: a folder of its own. `/`, the home folder, a file, or a non-empty folder
that holds no pnp output are refused before anything is written (a link inside it is refused
where it is met: pnp.files.atomic)."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import UsageProblem
from pnp.files.atomic import CACHE_FOLDER
from pnp.games import GAMES

MARKERS = ("index.html", "calibrate.pdf", CACHE_FOLDER)


def check_output(folder: Path) -> None:
    resolved = folder.resolve()
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
