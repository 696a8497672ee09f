"""Pieces, boards and sheets as images at a stated resolution, drawn through a PDF page and
rasterised with pdfium, so an image and its printed piece never disagree."""

from __future__ import annotations

import io
import re
from typing import Sequence

from PIL import Image

from pnp.geometry import MM
from pnp.icons import IconStore
from pnp.render.elements import Element
from pnp.render.raster import pieces_pdf, rasterise

Side = tuple[tuple[Element, ...], str | None]     # elements and the background colour behind them


def slug(text: str) -> str:
    """A file-name part that every upload form and file system accepts."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "piece"


def draw_sides(sides: Sequence[Side], w_mm: float, h_mm: float, dpi: float, store: IconStore, *,
               bleed_mm: float = 0.0, ink_saver: bool = False) -> list[Image.Image]:
    """One RGB image per side, `w_mm` x `h_mm` plus the bleed all round, at `dpi`."""
    if not sides:
        return []
    return rasterise(pieces_pdf(sides, w_mm, h_mm, bleed_mm * MM, store, ink_saver), dpi)


def fold_halves(image: Image.Image, dpi: float) -> tuple[Image.Image, Image.Image]:
    """A fold piece's front (upper half) and its back (lower half, turned the right way up), each
    without the half millimetre by the fold, where the dashed fold line runs."""
    half = image.height // 2
    fold = round(0.5 / 25.4 * dpi)
    front = image.crop((0, 0, image.width, half - fold))
    back = image.crop((0, image.height - half + fold, image.width, image.height)).rotate(180)
    return front, back


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """PNG with its resolution recorded (pHYs), so an uploader does not take it for 72 dpi."""
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()
