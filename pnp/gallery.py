"""output/index.html: every game, its components with thumbnails, its PDFs and print settings, its
exports, its rules-model check and the credits. Plain files, so it opens from disk."""

from __future__ import annotations

import io
import json
import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.atomic import write_bytes_atomic
from pnp.geometry import MM
from pnp.icons import IconRef, credits_lines, is_icon_ref
from pnp.incremental import files_match
from pnp.manifest import ChangeRecord, Design, Placed, read_manifest

if TYPE_CHECKING:
    from PIL import Image

    from pnp.components import DocumentSpec, Piece
    from pnp.icons import IconStore
    from pnp.render.pages import RenderedDocument

THUMB_HEIGHT = 220
DIGEST = re.compile(r"[0-9a-f]{16}")      # a design's fingerprint: the only name a before/after picture has


def _thumbnail_png(image: Image.Image) -> bytes:
    """Thumbnails favour speed over bytes: they are made on every build."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def thumbnails(documents: list[RenderedDocument], placed: list[Placed]) -> dict[str, bytes]:
    """A PNG per component kind, cut from the first page that shows one of its fronts."""
    import pypdfium2 as pdfium

    pdfs = {doc.filename: doc.pdf for doc in documents}
    first: dict[str, Placed] = {}
    for item in placed:
        if item.kind not in first and item.counted:
            first[item.kind] = item
    out = {}
    opened: dict[str, Any] = {}       # pdfium documents, closed below
    for kind, item in first.items():
        if item.document not in opened:
            opened[item.document] = pdfium.PdfDocument(pdfs[item.document])
        page = opened[item.document][item.page - 1]
        width, height = page.get_size()
        box = item.page_box()
        x0, y0 = box.x * MM, box.y * MM
        x1, y1 = x0 + box.w * MM, y0 + box.h * MM
        scale = THUMB_HEIGHT / (box.h * MM)
        # render just the piece (crop: points cut from the left, bottom, right and top)
        image = page.render(scale=scale, crop=(x0, y0, width - x1, height - y1)).to_pil().convert("RGB")
        out[kind] = _thumbnail_png(image)
    for document in opened.values():
        document.close()
    return out


DESIGN_DPI = 40


def design_thumbnails(specs: list[DocumentSpec], designs: dict[str, Design], drawn: set[str],
                      store: IconStore) -> dict[str, bytes]:
    """A small PNG of the face of every piece design not drawn before, named by its fingerprint, so
    a later change list can show it as "before"."""
    from pnp.components import PieceSheet
    from pnp.render.raster import pieces_pdf, rasterise

    out: dict[str, bytes] = {}
    for spec in specs:
        for section in spec.sections:
            if not isinstance(section, PieceSheet):
                continue
            todo: list[tuple[str, Piece]] = []
            for piece in dict.fromkeys(section.pieces):
                design = designs.get(f"{piece.kind}|{piece.name}")
                digest = design.hash if design else None
                if digest and digest not in drawn and digest not in out and digest not in dict(todo):
                    todo.append((digest, piece))
            if not todo:
                continue
            pdf = pieces_pdf([(piece.face, piece.background) for _, piece in todo], section.width, section.height,
                             0.0, store)
            for (digest, _), image in zip(todo, rasterise(pdf, DESIGN_DPI), strict=True):
                out[digest] = _thumbnail_png(image)
    return out


EXPORT_SOURCE = "source.json"      # in each export folder: the data digest it was made from


def _read_json(path: Path) -> dict[str, Any]:
    """A file the gallery may show; anything unreadable or malformed counts as absent."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _game(folder: Path, data_now: str | None) -> dict[str, Any] | None:
    manifest = read_manifest(folder / "manifest.json")
    failure = _read_json(folder / "last-failure.json")
    if manifest is None and not failure and not (folder / "report.html").is_file():
        return None
    title = manifest.title if manifest is not None else folder.name
    if manifest is not None and not files_match(folder, manifest):
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
    from pnp.pages import render_page

    folders = [folder for folder in sorted(output.glob("*")) if folder.is_dir() and not folder.is_symlink()]
    games = [g for g in (_game(folder, data_now.get(folder.name)) for folder in folders) if g]
    html = render_page("gallery.html.j2", games=games)
    path = output / "index.html"
    write_bytes_atomic(path, html.encode("utf-8"), root=output)
    return path
