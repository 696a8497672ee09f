"""output/index.html: every game, its components with thumbnails, its PDFs and print settings, its
exports, its rules-model check and the credits. Plain files, so it opens from disk."""

from __future__ import annotations

import io
import json
from collections import Counter, defaultdict
from pathlib import Path

from pnp.atomic import write_bytes_atomic
from pnp.geometry import MM
from pnp.icons import IconRef, credits_lines

THUMB_HEIGHT = 220


def thumbnails(documents, placed: list[dict]) -> dict[str, bytes]:
    """A PNG per component kind, cut from the first page that shows one of its fronts."""
    import pypdfium2 as pdfium

    pdfs = {doc.filename: doc.pdf for doc in documents}
    first: dict[str, dict] = {}
    for item in placed:
        if item["kind"] not in first and item["side"] in ("face", "tile A1"):
            first[item["kind"]] = item
    out = {}
    opened: dict[str, object] = {}
    for kind, item in first.items():
        if item["document"] not in opened:
            opened[item["document"]] = pdfium.PdfDocument(pdfs[item["document"]])
        page = opened[item["document"]][item["page"] - 1]
        width, height = page.get_size()
        x0 = item.get("page_x_mm", item["x_mm"]) * MM
        y0 = item.get("page_y_mm", item["y_mm"]) * MM
        x1, y1 = x0 + item["w_mm"] * MM, y0 + item["h_mm"] * MM
        scale = THUMB_HEIGHT / (item["h_mm"] * MM)
        # render just the piece (crop: points cut from the left, bottom, right and top)
        image = page.render(scale=scale, crop=(x0, y0, width - x1, height - y1)).to_pil().convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        out[kind] = buffer.getvalue()
    for document in opened.values():
        document.close()
    return out


def _game(folder: Path) -> dict | None:
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    counts = Counter(item["kind"] for item in manifest.get("placed", []) if item["side"] in ("face", "tile A1"))
    names = {}
    for item in manifest.get("placed", []):
        names.setdefault(item["kind"], item["name"])
    icons = sorted({ref for doc in manifest.get("documents", []) for ref in doc.get("icons", [])})
    exports = defaultdict(list)
    for path in sorted((folder / "exports").glob("*/*")):
        if path.suffix in (".png", ".csv", ".json"):
            exports[path.parent.name].append(path.relative_to(folder.parent).as_posix())
    game = folder.name
    return {
        "slug": game,
        "title": manifest.get("title", game),
        "players": manifest.get("players"),
        "options": manifest.get("options", {}),
        "validated": manifest.get("validated", False),
        "documents": [dict(doc, href=f"{game}/{doc['file']}") for doc in manifest.get("documents", [])],
        "components": [{"kind": kind, "name": names[kind], "count": count,
                        "thumb": manifest.get("thumbnails", {}).get(kind) and f"{game}/{manifest['thumbnails'][kind]}"}
                       for kind, count in counts.items()],
        "exports": dict(exports),
        "credits": credits_lines(IconRef.parse(ref) for ref in icons),
    }


def write_gallery(output: Path) -> Path:
    from jinja2 import Environment, PackageLoader, select_autoescape

    games = [g for g in (_game(folder) for folder in sorted(output.glob("*")) if folder.is_dir()) if g]
    env = Environment(loader=PackageLoader("pnp", "templates"), autoescape=select_autoescape(["html", "j2"]))
    html = env.get_template("gallery.html.j2").render(games=games)
    path = output / "index.html"
    write_bytes_atomic(path, html.encode("utf-8"))
    return path
