"""Pieces, boards and sheets as images at a stated resolution, drawn through a PDF page and
rasterised with pdfium, so an image and its printed piece never disagree."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PIL import Image

from pnp.export.catalogue import Side
from pnp.files.atomic import write_bytes_atomic
from pnp.geometry import INCH_MM, MM
from pnp.render.raster import pieces_pdf, rasterise
from pnp.source.icons import IconStore


def slug(text: str) -> str:
    """A file-name part that every upload form and file system accepts."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "piece"


class FileNames:
    """The names given out in one export folder. A name stays with what it was first given for;
    anything else that asks for it gets -2, -3, ... after its stem, so two decks whose titles make
    one slug, or a token sheet titled like the pawns, never write over each other's files."""

    def __init__(self) -> None:
        self._given: dict[str, object] = {}

    def name(self, stem: str, extension: str, *, content: object) -> str:
        """`stem` + `extension` for `content` (compared with ==: the same content may share a
        name), or the first free numbered name."""
        name, number = f"{stem}{extension}", 1
        while self._given.setdefault(name, content) != content:
            number += 1
            name = f"{stem}-{number}{extension}"
        return name


def draw_sides(
    sides: Sequence[Side],
    w_mm: float,
    h_mm: float,
    dpi: float,
    store: IconStore,
    *,
    bleed_mm: float = 0.0,
    ink_saver: bool = False,
) -> list[Image.Image]:
    """One RGB image per side, `w_mm` x `h_mm` plus the bleed all round, at `dpi`."""
    if not sides:
        return []
    return list(rasterise(pieces_pdf(sides, w_mm, h_mm, bleed_mm * MM, store, ink_saver), dpi))


def write_side_pngs(
    files: Mapping[str, Side],
    w_mm: float,
    h_mm: float,
    dpi: float,
    store: IconStore,
    *,
    bleed_mm: float,
    ink_saver: bool,
    folder: Path,
    root: Path,
    progress: Callable[[int], None] | None = None,
) -> dict[str, tuple[int, int]]:
    """Each file's side as a PNG in `folder` (a side behind many files is drawn once, and written as
    it is drawn); each file's size in pixels."""
    named: dict[Side, list[str]] = {}
    for file, side in files.items():
        named.setdefault(side, []).append(file)
    if not named:
        return {}
    sizes: dict[str, tuple[int, int]] = {}
    pdf = pieces_pdf(list(named), w_mm, h_mm, bleed_mm * MM, store, ink_saver)
    for names, image in zip(named.values(), rasterise(pdf, dpi), strict=True):
        data = png_bytes(image, dpi)
        for file in names:
            write_bytes_atomic(folder / file, data, root=root)
            sizes[file] = image.size
        if progress:
            progress(1)
    return {file: sizes[file] for file in files}


def standee_sides(image: Image.Image, dpi: float, tab_mm: float) -> tuple[Image.Image, Image.Image]:
    """A standee strip's front (the upright figure above the lower tab) and back (the turned figure
    below the upper tab, turned the right way up), each without the half millimetre by a fold; the
    two the same size, the middle fold falling between two rows of pixels or on one left out."""
    tab = round(tab_mm / INCH_MM * dpi)
    fold = round(0.5 / INCH_MM * dpi)
    half = image.height // 2
    back = image.crop((0, tab + fold, image.width, half - fold)).rotate(180)
    front = image.crop((0, image.height - half + fold, image.width, image.height - tab - fold))
    return front, back


# OWASP's "CSV Injection" page (owasp.org/www-community/attacks/CSV_Injection): "ensure that no cells
# begin with any of the following characters: Equals to (=), Plus (+), Minus (-), At (@), Tab (0x09),
# Carriage return (0x0D), Line feed (0x0A)" (ASVS 1.2.10 adds the null character), and to "wrap each
# cell field in double quotes" and "prepend each cell field with a single quote"; a spreadsheet then
# shows the cell as text
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")


def as_text_cell(value: object) -> object:
    """`value` as a spreadsheet shows it and never evaluates: a text that a spreadsheet would read as a
    formula gets a leading apostrophe (a name "=SUM(1,2)" reads "'=SUM(1,2)"); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csv(path: Path, rows: list[dict[str, object]], *, root: Path) -> None:
    """A manifest for an uploader or a spreadsheet: a header from the first row, then every row, each
    text quoted and kept from being read as a formula (`as_text_cell`); numbers are written bare."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), quoting=csv.QUOTE_NONNUMERIC)
    writer.writeheader()
    writer.writerows({key: as_text_cell(value) for key, value in row.items()} for row in rows)
    write_bytes_atomic(path, buffer.getvalue().encode(), root=root)


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """PNG with its resolution recorded (pHYs), so an uploader does not take it for 72 dpi."""
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()
