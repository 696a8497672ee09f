"""The bundled DejaVu Sans, so dashes, accents and symbols print and every font is embedded."""

from functools import lru_cache

from pnp.files.paths import fonts_dir

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


def text_width(text: str, bold: bool, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font(bold), size)


def ascent_descent(bold: bool, size: float) -> tuple[float, float]:
    """How far the font's glyphs reach above and below the baseline at `size`, in points."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent

    ascent, descent = getAscentDescent(font(bold), size)
    return ascent, -descent
