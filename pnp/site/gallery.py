"""output/index.html: every game, its components with thumbnails, its PDFs and print settings, its
exports, its rules-model check and the credits. Plain files, so it opens from disk."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any

from pnp.build.incremental import files_match
from pnp.build.manifest import ChangeRecord, read_manifest
from pnp.files.atomic import write_bytes_atomic
from pnp.files.safefiles import UnsafeFile, read_json
from pnp.source.icons import IconRef, credits_lines, is_icon_ref

DIGEST = re.compile(r"[0-9a-f]{16}")      # a design's fingerprint: the only name a before/after picture has


EXPORT_SOURCE = "source.json"      # in each export folder: the data digest it was made from
MAX_SHOWN = 1024 * 1024            # a failure record or export source the gallery reads


def _read_json(path: Path) -> dict[str, Any]:
    """A file the gallery may show; anything unreadable or malformed counts as absent."""
    try:
        data = read_json(path, MAX_SHOWN, links=False)
    except UnsafeFile:
        return {}
    return data if isinstance(data, dict) else {}


def _game(folder: Path, data_now: str | None) -> dict[str, Any] | None:
    manifest = read_manifest(folder / "manifest.json")
    failure = _read_json(folder / "last-failure.json")
    if manifest is None and not failure and not (folder / "report.html").is_file():
        return None
    title = manifest.title if manifest is not None else folder.name
    if manifest is not None and not files_match(folder, manifest.documents):
        # a manifest that does not describe the files beside it is not shown as if it did
        failure = {"problems": [f"{folder.name}: its files do not match its manifest (an interrupted build?); "
                                "build it again"]}
        manifest = None
    fronts = [item for item in manifest.placed if item.counted] if manifest is not None else []
    kinds = Counter(item.kind for item in fronts)
    designs: dict[str, Counter[str]] = defaultdict(Counter)
    for item in fronts:
        designs[item.kind][item.name] += 1
    documents = manifest.documents if manifest is not None else []
    icons = sorted({ref for doc in documents for ref in doc.icons if is_icon_ref(ref)})
    exports = {}
    for kind_folder in sorted(p for p in (folder / "exports").glob("*") if p.is_dir()):
        files = [path.relative_to(folder.parent).as_posix() for path in sorted(kind_folder.glob("*"))
                 if path.suffix in (".png", ".csv", ".json", ".pdf") and path.name != EXPORT_SOURCE]
        made_from = _read_json(kind_folder / EXPORT_SOURCE).get("data")
        built_from = manifest.data if manifest is not None else None
        exports[kind_folder.name] = {"files": files, "stale": made_from != (data_now or built_from)}
    game = folder.name
    thumbs = manifest.thumbnails if manifest is not None else {}
    return {
        "slug": game,
        "title": title,
        "players": manifest.players if manifest is not None else None,
        "options": asdict(manifest.options) if manifest is not None else {},
        "validated": manifest is not None and manifest.validated,
        "failed": failure.get("problems"),
        "documents": [{**asdict(doc), "href": f"{game}/{doc.file}"} for doc in documents],
        "components": [{"kind": kind, "count": count,
                        "designs": [{"name": name, "count": n} for name, n in designs[kind].items()],
                        "thumb": thumbs.get(kind) and f"{game}/{thumbs[kind]}"}
                       for kind, count in kinds.items()],
        "exports": exports,
        "changes": _changes(manifest.changes if manifest is not None else None, game, folder),
        "reprint": f"{game}/reprint.pdf" if (folder / "reprint.pdf").is_file() else None,
        "report": f"{game}/report.html" if (folder / "report.html").is_file() else None,
        "credits": credits_lines(IconRef.parse(ref) for ref in icons),
    }


def _changes(found: list[ChangeRecord] | None, game: str, folder: Path) -> list[dict[str, Any]] | None:
    """The change list of the latest build with before/after thumbnails where they exist."""
    if found is None:
        return None
    out = []
    for change in found:
        thumbs = {}
        for side, design in (("before", change.before), ("after", change.after)):
            picture = f"thumbs/designs/{design.hash}.png" if design and DIGEST.fullmatch(design.hash) else None
            if picture and (folder / picture).is_file():
                thumbs[side] = f"{game}/{picture}"
        out.append({"what": change.what, "kind": change.kind, **thumbs})
    return out


def write_gallery(output: Path, data_now: Mapping[str, str]) -> Path:
    """`data_now`: each game's data digest as it is now, so exports made from older data show stale."""
    from pnp.site.html import render_page

    folders = [folder for folder in sorted(output.glob("*")) if folder.is_dir() and not folder.is_symlink()]
    games = [g for g in (_game(folder, data_now.get(folder.name)) for folder in folders) if g]
    html = render_page("gallery.html.j2", games=games)
    path = output / "index.html"
    write_bytes_atomic(path, html.encode("utf-8"), root=output)
    return path
