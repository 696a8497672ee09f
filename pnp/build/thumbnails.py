"""The pictures a build leaves for the gallery: a thumbnail per component kind, cut from the
rendered PDF, and a small face of each new piece design for the change list's before/after."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from pnp.build.manifest import Design
from pnp.geometry import MM
from pnp.render.placed import Placed

if TYPE_CHECKING:
    from PIL import Image

    from pnp.render.components import DocumentSpec, Piece
    from pnp.render.pages import RenderedDocument
    from pnp.source.icons import IconStore

THUMB_HEIGHT = 220


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
    from pnp.render.components import PieceSheet
    from pnp.render.raster import pieces_pdf, rasterise

    out: dict[str, bytes] = {}
    for spec in specs:
        for section in spec.sections:
            if not isinstance(section, PieceSheet):
                continue
            todo: dict[str, Piece] = {}            # each design not drawn yet, once, by its fingerprint
            for piece, _ in section.copies():
                design = designs.get(f"{piece.kind}|{piece.name}")
                digest = design.hash if design else None
                if digest and digest not in drawn and digest not in out and digest not in todo:
                    todo[digest] = piece
            if not todo:
                continue
            pdf = pieces_pdf([(piece.face, piece.background) for piece in todo.values()], section.width,
                             section.height, 0.0, store)
            for digest, image in zip(todo, rasterise(pdf, DESIGN_DPI), strict=True):
                out[digest] = _thumbnail_png(image)
    return out
