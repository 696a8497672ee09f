"""Write files inside the output folder only: each folder on the way is opened relative to the one
above it without following a link, so a link planted anywhere under the output folder is refused
by name and no byte lands outside; and each file is written whole or not at all (a temporary file,
fsync, rename), so a crash or a kill never leaves half a file behind."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import secrets
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePath

from pnp.errors import PnpError
from pnp.files.safefiles import UnsafeFile, read_opened

MIN_FREE_BYTES = 16 * 1024 * 1024  # less than this free, and a report or an export would fail mid-way
CACHE_FOLDER = ".pnp-cache"  # in the output folder: what a later build reuses (icon shapes, work)


class LinkInOutput(PnpError):
    """A folder on the way to a file is a symbolic link: writing through it could land anywhere."""


def _inside(path: Path, root: Path) -> PurePath:
    """`path` relative to `root`, both made absolute and normal (ValueError when it lies outside)."""
    return PurePath(os.path.abspath(path)).relative_to(os.path.abspath(root))


def _open_folder(root: Path, relative: PurePath, *, create: bool) -> int | None:
    """A descriptor of root/relative, its folders made when `create`; None when one is missing
    (and not `create`). A link on the way is refused, named by its path."""
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except FileNotFoundError:
        if create:
            raise
        return None
    here = root
    try:
        for part in relative.parts:
            here = here / part
            if create:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o777, dir_fd=fd)
            try:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
            except FileNotFoundError:
                if create:
                    raise
                os.close(fd)
                return None
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and _is_link(fd, part):
                    raise LinkInOutput(
                        f"{here} is a symbolic link; refusing to write through it (remove it, or write elsewhere)"
                    ) from None
                raise
            os.close(fd)
            fd = inner
        return fd
    except BaseException:
        os.close(fd)
        raise


def _is_link(fd: int, name: str) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(name, dir_fd=fd).st_mode)
    except OSError:
        return False


def open_inside(folder: Path, *, root: Path) -> int | None:
    """A descriptor of `folder` under `root` reached through no link (for reading: nothing is made);
    None when it is missing. The caller closes it."""
    return _open_folder(root, _inside(folder, root), create=False)


def refuse_links(folder: Path, *, root: Path) -> None:
    """Check, before any work, that no folder from `root` down to `folder` is a link; nothing is made."""
    fd = open_inside(folder, root=root)
    if fd is not None:
        os.close(fd)


def write_bytes_atomic(path: Path, data: bytes, *, root: Path, durable: bool = True) -> None:
    """Write `path`, which lies under `root`; the file ends with the mode any new file gets under the
    user's umask. A file that is not `durable` (a cache, checked when read back) skips the fsync."""
    relative = _inside(path, root)
    root.mkdir(parents=True, exist_ok=True)
    fd = _open_folder(root, relative.parent, create=True)
    assert fd is not None
    tmp = f".{relative.name}.{secrets.token_hex(4)}.tmp"
    try:
        out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666, dir_fd=fd)
        try:
            with os.fdopen(out, "wb") as handle:
                handle.write(data)
                handle.flush()
                if durable:
                    os.fsync(handle.fileno())
            os.replace(tmp, relative.name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=fd)
            raise
    finally:
        os.close(fd)


def open_file_inside(path: Path, *, root: Path) -> int | None:
    """A descriptor of `path` under `root` reached through no link, opened without blocking (a FIFO
    answers at once, to be refused for what it is); None when it is missing. The caller closes it."""
    folder = open_inside(path.parent, root=root)
    if folder is None:
        return None
    try:
        return os.open(path.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=folder)
    except FileNotFoundError:
        return None
    finally:
        os.close(folder)


def read_inside(path: Path, *, root: Path, limit: int) -> bytes | None:
    """The bytes of `path` under `root`, reached through no link; None when it is missing. A link,
    a FIFO or anything but a regular file of at most `limit` bytes is refused (UnsafeFile)."""
    try:
        fd = open_file_inside(path, root=root)
    except OSError as exc:
        raise UnsafeFile(exc.strerror or str(exc)) from None
    return None if fd is None else read_opened(fd, limit)


def files_as_recorded(folder: Path, recorded: Iterable[tuple[str, int, str]]) -> bool:
    """Each recorded file (its name under `folder`, at most so many bytes, its SHA-256) is as
    `file_as_recorded` reads it: what the files a record lists must be before the record is trusted."""
    return all(file_as_recorded(folder, name, limit, digest) is not None for name, limit, digest in recorded)


def file_as_recorded(folder: Path, name: str, limit: int, digest: str) -> bytes | None:
    """The bytes of the file `name` under `folder` when it is a regular file there, reached through
    no link, of at most `limit` bytes, whose bytes hash to the SHA-256 `digest`; else None. A name
    that leads out of `folder` never is."""
    try:
        data = read_inside(folder / name, root=folder, limit=limit)
    except (ValueError, PnpError):  # UnsafeFile is a ValueError, as is a name outside
        return None
    return data if data is not None and hashlib.sha256(data).hexdigest() == digest else None


def remove_file(path: Path, *, root: Path) -> bool:
    """Remove `path` under `root` if it is there (a link there is removed itself, never followed);
    True when there was one to remove."""
    fd = open_inside(path.parent, root=root)
    if fd is None:
        return False
    try:
        # none there, nothing to change: a read-only disk answers an unlink with EROFS all the same
        os.stat(path.name, dir_fd=fd, follow_symlinks=False)
        os.unlink(path.name, dir_fd=fd)
    except FileNotFoundError:
        return False
    finally:
        os.close(fd)
    return True


def files_in(folder: Path, *, root: Path, suffix: str) -> list[str]:
    """Names of the regular files ending in `suffix` in `folder` under `root`, read through no link."""
    fd = open_inside(folder, root=root)
    if fd is None:
        return []
    try:
        return sorted(
            entry.name
            for entry in os.scandir(fd)
            if entry.name.endswith(suffix) and entry.is_file(follow_symlinks=False)
        )
    finally:
        os.close(fd)


def check_writable(folder: Path, *, root: Path) -> None:
    """Refuse at once, before long work, a folder that cannot take files: a link on the way, a
    read-only or full disk."""
    what = f"--output {root}"
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd = _open_folder(root, _inside(folder, root), create=True)
        assert fd is not None
    except OSError as exc:
        raise PnpError(f"{what}: cannot write to {folder}: {exc.strerror or exc}") from None
    try:
        probe = f".probe.{secrets.token_hex(4)}.tmp"
        try:
            out = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=fd)
            os.close(out)
            os.unlink(probe, dir_fd=fd)
        except OSError as exc:
            raise PnpError(f"{what}: cannot write to {folder}: {exc.strerror or exc}") from None
        space = os.fstatvfs(fd)
        free = space.f_bavail * space.f_frsize
        if free < MIN_FREE_BYTES:
            raise PnpError(
                f"{what}: the disk holding {folder} is full ({free // 1024:,} KB free); "
                "free some space or choose another --output"
            )
    finally:
        os.close(fd)


@contextlib.contextmanager
def writing_into(folder: Path, *, root: Path) -> Iterator[None]:
    """`folder` made and checked writable (`check_writable`) for the work inside the block; if the
    work fails, the folders this made are removed again while empty, so a refused or failed
    export leaves no empty folder behind."""
    made = [
        parent
        for parent in (folder, *folder.parents)
        if parent != root and root in parent.parents and not os.path.lexists(parent)
    ]
    try:
        check_writable(folder, root=root)
        yield
    except BaseException:
        for parent in made:  # the deepest first
            with contextlib.suppress(OSError):
                os.rmdir(parent)
        raise


TEMPORARY = re.compile(r"\..+\.[0-9a-f]{8}\.tmp")  # the name a write gives its temporary file


def sweep_temporary(output: Path, folders: list[str]) -> None:
    """The temporary files of writes a killed build or worker left in these folders of `output` (a
    game's, the cache); only a builder holding the output lock calls this, and only for folders no
    build still running writes to. Links are not followed: pathlib's walk does not enter them, and a
    folder that is one is skipped."""
    strays = list(output.glob(".*.tmp")) if output.is_dir() else []  # the gallery's own
    for name in folders:
        folder = output / name
        if folder.is_dir() and not folder.is_symlink():
            strays += folder.rglob(".*.tmp")
    for stale in strays:
        # only what a write of pnp's names so (`.NAME.xxxxxxxx.tmp`, a regular file): a designer's
        # folder or file that happens to end in .tmp is left alone
        if TEMPORARY.fullmatch(stale.name) and stale.is_file() and not stale.is_symlink():
            stale.unlink(missing_ok=True)
