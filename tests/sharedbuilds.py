"""What the workers of one test run make once and share: the first to ask makes it in the run's
shared folder, the others wait for it under a lock and take it (pytest-xdist runs a session
fixture once per worker, and the print tests of several modules read the same builds)."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

BUILDS = "PNP_TEST_BUILDS"  # the run's shared folder, made by its controller (tests/conftest.py)


def made_once(name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name`, made by `make` once per run. A make that fails leaves nothing to take:
    the next to ask makes it again."""
    folder = Path(os.environ[BUILDS]) / name
    with open(folder.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = folder.with_suffix(".made")
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            made.touch()
    return folder
