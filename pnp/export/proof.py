"""A soft proof of a print-shop deck: each distinct side as designed (the screen's sRGB) beside how
the press prints it (the side's colours turned into the file's inks, within the ink limit, and
back to sRGB through the same ICC profile by littleCMS), so a designer sees what the CMYK file
and its ink limit change before paying for a print run."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from reportlab.lib.colors import Color, toColor

from pnp.export.catalogue import ExportDeck, Side
from pnp.export.cmyk import CmykInks
from pnp.export.pictures import png_bytes
from pnp.files.atomic import write_bytes_atomic
from pnp.files.exportrecord import PROOF_PREFIX
from pnp.geometry import MM
from pnp.render.raster import pieces_pdf, rasterise
from pnp.source.icons import IconStore

PROOF_DPI = 100
PROOF_GAP_PX = 12  # white between the two pictures


def deck_sides(deck: ExportDeck) -> list[Side]:
    """Each distinct side of the deck once, each card's back after its face, in the deck's order."""
    return list(dict.fromkeys(side for pair in deck.pairs() for side in (pair.face, pair.back)))


def write_proofs(
    deck: ExportDeck,
    stem: str,
    inks: CmykInks,
    store: IconStore,
    *,
    bleed_mm: float,
    ink_saver: bool,
    folder: Path,
    root: Path,
) -> list[Path]:
    """proof-STEM-NNN.png per distinct side: the side as designed on the left, as printed on the right."""

    def press(value: str) -> Color:
        return toColor(inks.press_color(value))

    sides = deck_sides(deck)
    bleed = (bleed_mm + deck.margin) * MM
    designed = rasterise(pieces_pdf(sides, deck.w, deck.h, bleed, store, ink_saver), PROOF_DPI)
    printed = rasterise(pieces_pdf(sides, deck.w, deck.h, bleed, store, ink_saver, colors=press), PROOF_DPI)
    written = []
    for number, (left, right) in enumerate(zip(designed, printed, strict=True), start=1):
        pair = Image.new("RGB", (left.width + PROOF_GAP_PX + right.width, left.height), "white")
        pair.paste(left, (0, 0))
        pair.paste(right, (left.width + PROOF_GAP_PX, 0))
        path = folder / f"{PROOF_PREFIX}{stem}-{number:03d}.png"
        write_bytes_atomic(path, png_bytes(pair, PROOF_DPI), root=root)
        written.append(path)
    return written
