"""Reading input files without surprises: only regular files, sized before they are read, so a
FIFO never hangs a build and a link to /dev/zero never fills the memory. Every check is made on
the opened descriptor, so a path swapped between the check and the read gains nothing."""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any


class UnsafeFile(ValueError):
    """The path is not a regular file of a sane size (the message says what it is)."""


def read_regular(path: Path, limit: int, *, links: bool = True, whole: bool = True) -> bytes:
    """The bytes of `path`, refused before reading when it is a link (unless `links`), not a
    regular file once links are followed, or larger than `limit` bytes (unless not `whole`: then
    its first `limit` bytes)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if links else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)  # non-blocking: opening a FIFO waits for no writer
    except OSError as exc:
        if exc.errno == errno.ELOOP and not links:
            raise UnsafeFile("it is a symbolic link, which is refused here") from None
        raise UnsafeFile(_kind_of(path) or exc.strerror or str(exc)) from None
    return read_opened(fd, limit, whole=whole)


def read_opened(fd: int, limit: int, *, whole: bool = True) -> bytes:
    """The bytes of the file open on `fd` (closed here), refused unless it is a regular file of at
    most `limit` bytes (or, not `whole`, its first `limit` bytes), checked on the descriptor itself."""
    info = os.fstat(fd)
    refusal = (
        f"it is {_kind(info.st_mode)}, not a regular file"
        if not stat.S_ISREG(info.st_mode)
        else f"it is {info.st_size:,} bytes, over the {limit:,}-byte limit"
        if info.st_size > limit and whole
        else None
    )
    if refusal:
        os.close(fd)
        raise UnsafeFile(refusal)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(limit + 1 if whole else limit)
    if len(data) > limit:
        raise UnsafeFile(f"it grew past the {limit:,}-byte limit while being read")
    return data


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def _kind_of(path: Path) -> str | None:
    """What an unopenable path is (a socket cannot be opened at all), when it is there."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else f"it is {_kind(mode)}, not a regular file"


def read_json(path: Path, limit: int, *, links: bool = True) -> Any:
    """A JSON file read as `read_regular` reads; text that is not JSON is refused the same way."""
    data = read_regular(path, limit, links=links)
    try:
        return json.loads(data)
    except ValueError as exc:
        raise UnsafeFile(f"it is not JSON ({exc})") from None
    except RecursionError:
        raise UnsafeFile("it is nested too deeply") from None
