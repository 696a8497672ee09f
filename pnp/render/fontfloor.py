"""A font subset cut to what a printer draws with: the glyphs' outlines and metrics, their codes,
and the family's name. reportlab embeds each subset with the font's hinting (instructions that fit
outlines to a screen's pixel grid, which a press at 1,200 dpi and up does not need) and its whole
name table (the licence text, 4.7 kB twice over): 11.7 kB deflated for DejaVu Sans' first 45
letters, 3.3 kB without them. fontTools (the well-kept library made for reading and writing fonts)
does the cutting; the file is the same bytes at every build (no new timestamp)."""

from __future__ import annotations

import io

NAMES_KEPT = (1, 2, 4, 6)  # family, style, full name, PostScript name: what a PDF reader may show
HINTING = ("fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX")  # tables only hinting reads


def at_floor(data: bytes) -> bytes:
    """The TrueType subset `data` (as reportlab makes it) without hinting, glyph names and the
    name records a printer never reads."""
    from fontTools.ttLib import TTFont

    # the outlines are the font's own, so their bounds are too: each glyph stays as stored, its
    # instructions cut from its bytes (as fontTools' subsetter cuts them), never unpacked and packed
    font = TTFont(io.BytesIO(data), recalcTimestamp=False, recalcBBoxes=False)
    for tag in HINTING:
        if tag in font:
            del font[tag]
    glyphs = font["glyf"]
    for name in font.getGlyphOrder():
        glyphs.glyphs[name].trim(remove_hinting=True)
    maxp = font["maxp"]
    maxp.maxZones, maxp.maxTwilightPoints, maxp.maxStorage = 1, 0, 0
    maxp.maxFunctionDefs = maxp.maxInstructionDefs = maxp.maxStackElements = maxp.maxSizeOfInstructions = 0
    font["name"].names = [record for record in font["name"].names if record.nameID in NAMES_KEPT]
    font["post"].formatType = 3.0  # no glyph names: the PDF maps codes, never names
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
