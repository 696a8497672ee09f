"""A designer's OpenType font with PostScript (CFF) outlines, its curves made TrueType's: reportlab
embeds TrueType outlines only, and many fonts a designer buys or downloads are CFF (`.otf`). The
cubic curves become quadratic ones within a thousandth of an em, as fontTools' own otf2ttf does;
the metrics, character map and names are kept as they were."""

from __future__ import annotations

from io import BytesIO
from typing import Any

MAX_ERROR = 1.0  # font units a quadratic curve may stray from the cubic it replaces


def has_cff_outlines(data: bytes) -> bool:
    return data[:4] == b"OTTO"


def with_truetype_outlines(data: bytes) -> bytes:
    """The font `data` (CFF outlines) as a TrueType font; the same bytes for the same font, every
    time. A font whose outlines cannot be read is refused (ValueError)."""
    try:
        return _converted(data)
    except Exception as exc:  # fontTools reads any bytes it is given: whatever it meets, the font is refused
        raise ValueError(f"its CFF outlines cannot be read ({type(exc).__name__}: {exc})") from None


def _converted(data: bytes) -> bytes:
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(BytesIO(data), recalcTimestamp=False)
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    for table in ("CFF ", "CFF2", "VORG"):
        if table in font:
            del font[table]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    font["maxp"] = _maxp(glyf.glyphs.values())
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font.sfntVersion = "\000\001\000\000"
    out = BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def _maxp(glyphs: Any) -> Any:
    """A TrueType font's maxp (version 1.0): no hinting, the components its glyphs use."""
    from fontTools.ttLib import newTable

    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for key in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
    ):
        setattr(maxp, key, 1 if key == "maxZones" else 0)
    maxp.maxComponentElements = max((len(getattr(g, "components", [])) for g in glyphs), default=0)
    return maxp
