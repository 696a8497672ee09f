"""The bundled DejaVu Sans, so dashes, accents and symbols print and every font is embedded; and a
designer's own TrueType families, registered by their files' digest (`register_family`). A text
names its family by that id (`font`, "" for DejaVu Sans) and whether it is bold."""

from __future__ import annotations

import hashlib
import unicodedata
from functools import lru_cache
from io import BytesIO
from struct import error as struct_error
from typing import TYPE_CHECKING, cast

from pnp.files.paths import fonts_dir
from pnp.source.ownfonts import FontRefused

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


# A subset's tag is its number's six decimal digits as letters (reportlab's SUBSETN): DejaVu Sans
# takes 0 and 100,000 on; a designer's family takes one of OWN_SLOTS slots of the numbers from
# OWN_TAGS on, by its files' digest, each face OWN_SUBSETS subsets (6,400 letters).
OWN_TAGS, OWN_SLOTS, OWN_SUBSETS = 200_000, 15_998, 25
# a designer's family id -> its name as the designer gave it, for messages and credits
_FAMILIES: dict[str, str] = {}


def register_family(name: str, regular: bytes, bold: bytes | None) -> str:
    """The id texts set in a designer's family go by: its regular font, and its bold (the regular
    again when it has none), registered once per process whatever their file names. Each subset's
    tag comes from the files' digest, so a file's subsets are tagged alike in every build."""
    digest = hashlib.sha256(regular + b"\0" + (bold or regular)).hexdigest()
    family = f"PnpOwn-{digest[:16]}"
    if family not in _FAMILIES:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFError

        from pnp.render.tagged_font import TaggedFont

        first = OWN_TAGS + int(digest[:8], 16) % OWN_SLOTS * 2 * OWN_SUBSETS
        faces = (("regular", "", regular, first), ("bold", "-Bold", bold or regular, first + OWN_SUBSETS))
        made = []
        for face, suffix, data, tag in faces:
            try:
                made.append(TaggedFont(family + suffix, BytesIO(data), first_tag=tag))  # type: ignore[arg-type]  # a file object reads as a path does
            except (TTFError, ValueError, KeyError, IndexError, struct_error) as exc:
                raise FontRefused(face if face == "regular" or bold else "regular", f"{exc}") from None
        for ttf in made:
            pdfmetrics.registerFont(ttf)
        _FAMILIES[family] = name
    return family


def family_name(family: str) -> str:
    """The typeface a text is set in, as its reader knows it."""
    return _FAMILIES.get(family, "DejaVu Sans") if family else "DejaVu Sans"


def font(bold: bool, family: str = "") -> str:
    register_fonts()
    if family:
        return f"{family}-Bold" if bold else family
    return BOLD if bold else REGULAR


@lru_cache(maxsize=32)
def face(bold: bool, family: str = "") -> TTFont:
    """The registered font itself: text is measured millions of times in a large deck, and each
    lookup by name costs more than the measuring."""
    from reportlab.pdfbase.pdfmetrics import getFont

    return cast("TTFont", getFont(font(bold, family)))  # pnp registers only TrueType fonts


def glyphless(chars: set[str], bold: bool, family: str = "") -> set[str]:
    """The characters the typeface cannot draw (white space aside: it is never drawn)."""
    glyphs = face(bold, family).face.charToGlyph
    return {char for char in chars if ord(char) not in glyphs and not char.isspace()}


def right_to_left(chars: set[str]) -> set[str]:
    """The characters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko)."""
    return {char for char in chars if unicodedata.bidirectional(char) in ("R", "AL")}


def text_width(text: str, bold: bool, size: float, family: str = "") -> float:
    return face(bold, family).stringWidth(text, size)


@lru_cache(maxsize=64)
def ascent_descent(bold: bool, size: float, family: str = "") -> tuple[float, float]:
    """How far the font's glyphs reach above and below the baseline at `size`, in points."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent

    ascent, descent = getAscentDescent(font(bold, family), size)
    return ascent, -descent
