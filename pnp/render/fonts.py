"""The bundled DejaVu Sans, so dashes, accents and symbols print and every font is embedded."""

from functools import lru_cache
from typing import Any

from reportlab.pdfbase import ttfonts

from pnp.files.paths import fonts_dir

REGULAR = "PnpSans"
BOLD = "PnpSans-Bold"


class TaggedFont(ttfonts.TTFont):
    """A TrueType font whose subsets get tags of their own: reportlab tags the first subset of every
    font "AAAAAA+", and preflight tools flag two fonts under one tag. Subset n of this font is
    tagged as reportlab would tag subset `first_tag + n`."""

    def __init__(self, name: str, path: str, *, first_tag: int) -> None:
        super().__init__(name, path)
        self.first_tag = first_tag

    def addObjects(self, doc: Any) -> None:
        untagged = ttfonts.SUBSETN

        def tag(n: int, table: Any = None) -> bytes:
            return untagged(self.first_tag + n)

        ttfonts.SUBSETN = tag
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = untagged


@lru_cache(maxsize=1)
def register_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics

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
