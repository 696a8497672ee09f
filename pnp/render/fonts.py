"""The bundled DejaVu Sans, so dashes, accents and symbols print and every font is embedded."""

from functools import lru_cache

from pnp.files.paths import fonts_dir

REGULAR = "PnpSans"
BOLD = "PnpSans-Bold"


@lru_cache(maxsize=1)
def register_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(REGULAR, str(fonts_dir() / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(fonts_dir() / "DejaVuSans-Bold.ttf")))


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
