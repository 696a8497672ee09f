"""What an export of one kind last wrote, kept beside its folder (`exports/<kind>.source.json`, not
in it: an export names its files after the game, and a game called "source" saves source.json):
the data it was made from, so the gallery can mark it stale, what the export is (the gallery's
label for it), and the files it wrote, so the next export of that kind replaces them and leaves
the files pnp did not write."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pnp.files.atomic import files_in, read_inside, remove_file, write_bytes_atomic
from pnp.files.safefiles import UnsafeFile

EXPORTED = (".png", ".csv", ".json", ".pdf")  # the kinds of file exports write
PROOF_PREFIX = "proof-"  # a soft proof's pictures, which the gallery shows
MAX_RECORD = 1024 * 1024
OLDER_RECORD = "source.json"  # where pnp kept the record before, inside the folder
MAX_TITLE = 100


def record_path(folder: Path) -> Path:
    return folder.with_name(f"{folder.name}.source.json")


def read_record(folder: Path, *, root: Path) -> dict[str, Any]:
    """The record of the export in `folder`; anything unreadable or malformed counts as none."""
    try:
        data = json.loads(read_inside(record_path(folder), root=root, limit=MAX_RECORD) or b"{}")
    except (UnsafeFile, ValueError, RecursionError):  # UnsafeFile is a ValueError
        return {}
    return data if isinstance(data, dict) else {}


def exported_files(folder: Path, record: dict[str, Any], *, root: Path) -> list[str]:
    """The files of the export in `folder` that are there (regular files, reached through no link):
    those its `record` lists; for an export of an older pnp, which listed none, the folder's files
    of the kinds exports write but its record."""
    listed = _listed(record)
    return [
        name
        for name in files_in(folder, root=root, suffix="")
        if (name in listed if listed is not None else Path(name).suffix in EXPORTED and name != OLDER_RECORD)
    ]


def replace_export(folder: Path, written: list[Path], data: str, *, title: str, root: Path) -> None:
    """Remove what the last export of this kind wrote and this one did not (a renamed card's
    picture would otherwise be uploaded with the deck), then record this one as `title`."""
    names = sorted({path.name for path in written})
    for name in sorted(_left(folder, root) - set(names)):
        remove_file(folder / name, root=root)
    record = {"data": data, "title": title, "files": names}
    write_bytes_atomic(record_path(folder), (json.dumps(record) + "\n").encode(), root=root)


def export_title(record: dict[str, Any], folder: Path) -> str:
    """What the export is, as its record names it; an older pnp's export by its folder's name."""
    title = record.get("title")
    return title if isinstance(title, str) and 0 < len(title) <= MAX_TITLE else folder.name


def _left(folder: Path, root: Path) -> set[str]:
    """The files the last export's record lists, plain names in the folder; or, from an export of
    an older pnp, its record kept in the folder when it is exactly that."""
    listed = _listed(read_record(folder, root=root))
    if listed is not None:
        return listed
    try:
        older = json.loads(read_inside(folder / OLDER_RECORD, root=root, limit=1024) or b"null")
    except (UnsafeFile, ValueError, RecursionError):
        return set()
    return {OLDER_RECORD} if isinstance(older, dict) and set(older) == {"data"} else set()


def _listed(record: dict[str, Any]) -> set[str] | None:
    """The plain file names a record lists (None: it lists none)."""
    files = record.get("files")
    if not isinstance(files, list):
        return None
    return {
        name
        for name in files
        if isinstance(name, str) and name not in ("", ".", "..") and Path(name).name == name and "\\" not in name
    }
