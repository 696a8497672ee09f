"""Incremental builds: a digest of everything a game's output depends on, checked before building.

Light on purpose (no schema, no drawing imports): a rebuild with nothing changed should cost
little more than reading the inputs once.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from pnp import __version__
from pnp.errors import PnpError
from pnp.files.atomic import files_as_recorded, remove_file, write_bytes_atomic
from pnp.files.paths import fonts_dir, kit_file
from pnp.files.safefiles import UnsafeFile, read_regular
from pnp.games import data_folder
from pnp.memory import BuildMemory
from pnp.pipeline.manifest import CUT_FILE, DocumentRecord, ManifestHead
from pnp.source.gamesource import read_game
from pnp.source.icons import MAX_DOWNLOAD
from pnp.source.ownart import FOLDER as ART_FOLDER
from pnp.source.ownart import MAX_ART_BYTES
from pnp.source.ownfonts import FOLDER as FONTS_FOLDER
from pnp.source.settings import Settings

OWN_FOLDERS = (ART_FOLDER, FONTS_FOLDER)  # beside a game's data: its own art and fonts, and their credits
OUTPUT_OPTIONS = (
    "paper",
    "card",
    "players",
    "ink_saver",
    "bleed",
    "margin",
    "duplex",
    "back_offset",
    "cutter",
    "copies",
)


@lru_cache(maxsize=1)
def code_digest() -> str:
    """The tool itself: its version, its source, its default templates and its fonts (a code change
    rebuilds everything)."""
    digest = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parent.parent
    for path in [*sorted(package.rglob("*.py")), kit_file().resolve(), *sorted(fonts_dir().glob("*.ttf"))]:
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def inputs_digest(slug: str, settings: Settings, memory: BuildMemory | None = None) -> str:
    """Everything a game's build depends on: the tool, the options and the game's data."""
    digest = hashlib.sha256(code_digest().encode())
    options = {name: _plain(getattr(settings, name)) for name in OUTPUT_OPTIONS}
    digest.update(json.dumps(options, sort_keys=True).encode())
    digest.update(data_digest(slug, settings, memory).encode())
    return digest.hexdigest()


def _plain(value: object) -> object:
    """An option as JSON: numbers and flags as they are, a parsed value as it was given."""
    return value if value is None or isinstance(value, (bool, int)) else str(value)


def data_digest(slug: str, settings: Settings, memory: BuildMemory | None = None) -> str:
    """The game's data alone (its layout files and the icons they name): what an export that is
    older than the data was made from. The files are read through the game's source, which the
    build then uses as it is. Worked out afresh each time: 1-3 ms for a game of pnp's."""
    folder = data_folder(slug, settings.layouts)
    if not folder.is_dir():
        return hashlib.sha256(b"<no data>").hexdigest()
    source = read_game(slug, folder, memory)
    icons = settings.icons_dir()
    own = [(f"{name}/{path.name}", path) for name in OWN_FOLDERS for path in sorted((folder / name).glob("*"))]
    digest = hashlib.sha256(source.digest.encode())
    files = [(ref, icons / f"{ref}.svg", MAX_DOWNLOAD) for ref in source.mentioned_icons()]
    files += [(name, path, MAX_ART_BYTES) for name, path in own]  # own art and fonts, their credits
    for name, path, limit in files:
        digest.update(name.encode())
        try:
            digest.update(read_regular(path, limit, links=False))
        except UnsafeFile as exc:  # the build names it; here it only changes the digest
            digest.update(str(exc).encode())
    return digest.hexdigest()


FAILURE_FILE = "last-failure.json"  # beside a game's files while its latest build has failed


def up_to_date(slug: str, settings: Settings, digest: str, memory: BuildMemory | None = None) -> ManifestHead | None:
    """The head of the last build's manifest when that build had the same inputs, passed its checks,
    and its files are the ones the manifest describes (an interrupted build can leave new PDFs beside
    an old manifest); None when the game must be built."""
    folder = settings.output_dir() / slug
    manifest = ManifestHead.read(folder / "manifest.json", memory)
    if manifest is None or manifest.inputs != digest or not manifest.validated:
        return None
    cuts = manifest.cut_files
    cuts_there = all(CUT_FILE.fullmatch(f.file) for f in cuts) and files_as_recorded(
        folder, ((f.file, f.bytes, f.sha256) for f in cuts)
    )
    return manifest if cuts_there and files_match(folder, manifest.documents) else None


def files_match(folder: Path, documents: list[DocumentRecord]) -> bool:
    """Every document a manifest lists (at least one) lies flat in `folder` with the size and hash it records."""
    return (
        bool(documents)
        and all("/" not in doc.file for doc in documents)
        and files_as_recorded(folder, ((doc.file, doc.bytes, doc.sha256) for doc in documents))
    )


def record_failure(folder: Path, lines: list[str]) -> None:
    """Only where the output folder is already there: a failed first build leaves nothing behind."""
    if folder.parent.is_dir():
        with contextlib.suppress(OSError, PnpError):
            write_bytes_atomic(
                folder / FAILURE_FILE, (json.dumps({"problems": lines}, indent=1) + "\n").encode(), root=folder.parent
            )


def clear_failure(slug: str, settings: Settings) -> bool:
    """The data is back to what the files were built from: the earlier failure no longer stands.
    True when there was one to clear."""
    return remove_file(settings.output_dir() / slug / FAILURE_FILE, root=settings.output_dir())
