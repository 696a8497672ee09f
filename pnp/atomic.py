"""Write files so a crash or a kill never leaves half a file behind (temp file, fsync, rename)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """The file ends with the mode any new file gets under the user's umask (mkstemp makes 0600)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def sweep_temporary(output: Path, slugs: list[str]) -> None:
    """The temporary files of writes a killed build or worker left in the games' folders; only a
    builder holding the output lock calls this, so none belongs to a build still running."""
    for slug in slugs:
        for stale in (output / slug).rglob(".*.tmp") if (output / slug).is_dir() else ():
            stale.unlink(missing_ok=True)
