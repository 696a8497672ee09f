"""One build at a time writes into an output folder: a second one waits for the first, then
refuses with a message rather than wait for ever. Two builds writing at once could mix one build's
PDFs with the other's manifest, or sweep each other's temporary files.

The lock is taken on the folder that holds the output folder (so a first build, which may fail
before writing anything, leaves no output folder and no lock file behind); the kernel drops it
when the process ends, however it ends.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError

WAIT = 120.0  # seconds: a whole build of every game with many copies


@contextmanager
def output_lock(folder: Path, say: Callable[[str], None]) -> Iterator[None]:
    """Hold the lock while the block runs."""
    holder = folder.absolute().parent
    try:
        holder.mkdir(parents=True, exist_ok=True)
        fd = os.open(holder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise PnpError(f"--output {folder}: cannot lock {holder}: {exc.strerror or exc}") from None
    try:
        deadline = None
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if deadline is None:
                    say(f"waiting: another pnp build is writing to {folder}")
                    deadline = time.monotonic() + WAIT
                elif time.monotonic() > deadline:
                    raise PnpError(
                        f"--output {folder}: another pnp build has been writing there for "
                        f"{WAIT:.0f} s; try again when it has finished"
                    ) from None
                time.sleep(0.1)
        yield
    finally:
        os.close(fd)
