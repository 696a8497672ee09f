"""Reading input files without surprises: only regular files, sized before they are read, so a
FIFO never hangs a build and a link to /dev/zero never fills the memory."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class UnsafeFile(ValueError):
    """The path is not a regular file of a sane size (the message says what it is)."""


def read_regular(path: Path, limit: int, *, links: bool = True) -> bytes:
    """The bytes of `path`, refused before reading when it is a link (unless `links`), not a
    regular file once links are followed, or larger than `limit` bytes."""
    try:
        if not links and path.is_symlink():
            raise UnsafeFile("it is a symbolic link, which is refused here")
        info = path.stat()
    except OSError as exc:
        raise UnsafeFile(exc.strerror or str(exc)) from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a FIFO" if stat.S_ISFIFO(info.st_mode) else \
            "a device or socket"
        raise UnsafeFile(f"it is {kind}, not a regular file")
    if info.st_size > limit:
        raise UnsafeFile(f"it is {info.st_size:,} bytes, over the {limit:,}-byte limit")
    with open(path, "rb", opener=lambda p, flags: os.open(p, flags | os.O_NONBLOCK)) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise UnsafeFile(f"it grew past the {limit:,}-byte limit while being read")
    return data
