"""The bundled DejaVu Sans, so dashes, accents and symbols print and every font is embedded."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from pnp.files.paths import fonts_dir

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "PnpSans"
BOLD = "PnpSans-Bold"


@lru_cache(maxsize=1)
def register_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics

    from pnp.render.tagged_font import TaggedFont

    pdfmetrics.registerFont(TaggedFont(REGULAR, str(fonts_dir() / "DejaVuSans.ttf"), first_tag=0))
    pdfmetrics.registerFont(TaggedFont(BOLD, str(fonts_dir() / "DejaVuSans-Bold.ttf"), first_tag=100_000))


def font(bold: bool) -> str:
    register_fonts()
    return BOLD if bold else REGULAR


@lru_cache(maxsize=2)
def face(bold: bool) -> TTFont:
    """The registered font itself: text is measured millions of times in a large deck, and each
    lookup by name costs more than the measuring."""
    from reportlab.pdfbase.pdfmetrics import getFont

    return cast("TTFont", getFont(font(bold)))  # pnp registers only TrueType fonts


def glyphless(chars: set[str], bold: bool) -> set[str]:
    """The characters the typeface cannot draw (white space aside: it is never drawn)."""
    glyphs = face(bold).face.charToGlyph
    return {char for char in chars if ord(char) not in glyphs and not char.isspace()}


def right_to_left(chars: set[str]) -> set[str]:
    """The characters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko)."""
    return {char for char in chars if unicodedata.bidirectional(char) in ("R", "AL")}


def text_width(text: str, bold: bool, size: float) -> float:
    return face(bold).stringWidth(text, size)


@lru_cache(maxsize=64)
def ascent_descent(bold: bool, size: float) -> tuple[float, float]:
    """How far the font's glyphs reach above and below the baseline at `size`, in points."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent

    ascent, descent = getAscentDescent(font(bold), size)
    return ascent, -descent
