"""output/index.html: every game, its components with thumbnails, its PDFs and print settings, its
exports, its rules-model check and the credits. Plain files, so it opens from disk."""

from __future__ import annotations

from collections.abc import Mapping, Set
from pathlib import Path
from typing import Any

from pnp.files.atomic import write_bytes_atomic
from pnp.files.exportrecord import PROOF_PREFIX, export_title, exported_files, read_record
from pnp.files.safefiles import UnsafeFile, read_json
from pnp.pipeline.gallery_view import gallery_view
from pnp.pipeline.incremental import FAILURE_FILE, files_match
from pnp.pipeline.manifest import read_manifest
from pnp.pipeline.thumbnails import PICTURED_CHANGES

MAX_SHOWN = 1024 * 1024  # a failure record the gallery reads
SHOWN_PICTURES = 12  # an export's pictures linked one by one; more are counted


def _read_json(path: Path) -> dict[str, Any]:
    """A file the gallery may show; anything unreadable or malformed counts as absent."""
    try:
        data = read_json(path, MAX_SHOWN, links=False)
    except UnsafeFile:
        return {}
    return data if isinstance(data, dict) else {}


def _read_view(folder: Path, verified: bool) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """What the gallery shows of the manifest in `folder` (None: there is none), and the game's
    last failure, or that the files beside the manifest are not the ones it describes (unless this
    command has just `verified` that they are)."""
    manifest = read_manifest(folder / "manifest.json")
    if manifest is not None and not verified and not files_match(folder, manifest.documents):
        # a manifest that does not describe the files beside it is not shown as if it did
        return {**gallery_view(None, folder), "title": manifest.title}, {
            "problems": [f"{folder.name}: its files do not match its manifest (an interrupted build?); build it again"]
        }
    return (gallery_view(manifest, folder) if manifest is not None else None), _read_json(folder / FAILURE_FILE)


def _game(folder: Path, data_now: str | None, built: dict[str, Any] | None, verified: bool) -> dict[str, Any] | None:
    """`built`: what `gallery_view` gave for the game's manifest, if this command built and wrote
    it (which removed any failure record)."""
    view, failure = (built, {}) if built is not None else _read_view(folder, verified)
    if view is None and not failure and not (folder / "report.html").is_file():
        return None
    view = view or gallery_view(None, folder)
    exports = {}
    for kind_folder in _export_folders(folder):
        made = read_record(kind_folder, root=folder.parent)
        links = _export_links(kind_folder, made, root=folder.parent)
        exports[kind_folder.name] = {
            **links,
            "title": export_title(made, kind_folder),
            "stale": made.get("data") != (data_now or view["data"]),
        }
    game = folder.name
    return {
        "slug": game,
        **view,
        "failed": failure.get("problems"),
        "exports": exports,
        "reprint": f"{game}/reprint.pdf" if (folder / "reprint.pdf").is_file() else None,
        "report": f"{game}/report.html" if (folder / "report.html").is_file() else None,
    }


def _export_folders(folder: Path) -> list[Path]:
    """The game's export folders; a link is none (pnp neither writes nor reads through one), as a
    linked game folder is no game."""
    exports = folder / "exports"
    if exports.is_symlink() or not exports.is_dir():
        return []
    return sorted(p for p in exports.iterdir() if p.is_dir() and not p.is_symlink())


def _export_links(kind_folder: Path, made: dict[str, Any], *, root: Path) -> dict[str, Any]:
    """The export's files as links from the gallery in `root`; past SHOWN_PICTURES pictures, the
    pictures as one link to the folder with their count (a print shop's deck is a hundred PNGs),
    the files a player opens (a CSV, a PDF, a saved object) still one by one; a soft proof's
    pictures are shown instead of linked (its first SHOWN_PICTURES; the rest in the folder)."""
    href = f"{kind_folder.relative_to(root).as_posix()}/"
    names = exported_files(kind_folder, made, root=root)
    pictures = [name for name in names if name.endswith(".png")]
    counted = len(pictures) > SHOWN_PICTURES
    shown = [name for name in names if not name.endswith(".png")] if counted else names
    proofs = [name for name in pictures if name.startswith(PROOF_PREFIX)]
    return {
        "files": [href + name for name in shown if name not in proofs],
        "folder": href,
        "pictures": len(pictures) if counted else 0,
        "proofs": [href + name for name in proofs[:SHOWN_PICTURES]],
    }


def write_gallery(
    output: Path,
    data_now: Mapping[str, str],
    *,
    built: Mapping[str, dict[str, Any]] | None = None,
    verified: Set[str] = frozenset(),
) -> Path:
    """`data_now`: each game's data digest as it is now, so exports made from older data show stale;
    `built`: `gallery_view` of each game this command built and wrote; `verified`: the games whose
    files this command found as their manifests record."""
    from pnp.site.html import render_page

    folders = [
        folder
        for folder in sorted(output.glob("*"))
        if folder.is_dir() and not folder.is_symlink() and not folder.name.startswith(".")
    ]  # .pnp-cache
    games = [
        g
        for g in (
            _game(folder, data_now.get(folder.name), (built or {}).get(folder.name), folder.name in verified)
            for folder in folders
        )
        if g
    ]
    html = render_page("gallery.html.j2", games=games, pictured=PICTURED_CHANGES)
    path = output / "index.html"
    write_bytes_atomic(path, html.encode("utf-8"), root=output)
    return path
