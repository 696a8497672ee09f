"""The bundled DejaVu Sans, so dashes, accents and symbols print and every font is embedded; and a
designer's own TrueType families, registered by their files' digest (`register_family`). A text
names its family by that id (`font`, "" for DejaVu Sans) and whether it is bold."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from io import BytesIO
from struct import error as struct_error
from typing import TYPE_CHECKING, cast

from pnp.files.paths import fonts_dir
from pnp.source.ownfonts import FACES, FontRefused

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "PnpSans"
SLANT = 0.2  # italic's shear (x moves 0.2 a unit up): the 11.3 degrees of DejaVu Sans Oblique
BOLD = "PnpSans-Bold"


@lru_cache(maxsize=1)
def register_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics

    from pnp.render.tagged_font import TaggedFont

    pdfmetrics.registerFont(TaggedFont(REGULAR, str(fonts_dir() / "DejaVuSans.ttf"), first_tag=0))
    pdfmetrics.registerFont(TaggedFont(BOLD, str(fonts_dir() / "DejaVuSans-Bold.ttf"), first_tag=100_000))


# A subset's tag is its number's six decimal digits as letters (reportlab's SUBSETN): DejaVu Sans
# takes 0 and 100,000 on; a designer's family takes one of OWN_SLOTS slots of the numbers from
# OWN_TAGS on, by its files' digest, each of its four faces OWN_SUBSETS subsets (6,400 letters).
OWN_TAGS, OWN_SLOTS, OWN_SUBSETS = 200_000, 7_999, 25
ITALIC = "-It"  # a family's italic faces go by its id and this
# a family id -> whether it has an italic face of its own, at regular and at bold weight
_LEANING: dict[str, tuple[bool, bool]] = {}


def register_family(faces: Mapping[str, bytes]) -> str:
    """The id texts set in a designer's family go by: its regular font and its bold (the regular
    again when it has none), and under that id + ITALIC its italic and bold italic (the regular and
    bold again), registered once per process whatever their file names. Each subset's tag comes
    from the files' digest, so a file's subsets are tagged alike in every build."""
    regular = faces["regular"]
    digest = hashlib.sha256(b"\0".join(faces.get(face, b"") for face in FACES)).hexdigest()
    family = f"PnpOwn-{digest[:16]}"
    from reportlab.pdfbase import pdfmetrics

    # reportlab's registry is the process's: the family is there once its last face is (a game's own
    # name for it is its FontShelf's, as two games may name one set of files differently)
    if f"{family}{ITALIC}-Bold" not in pdfmetrics.getRegisteredFontNames():
        from reportlab.pdfbase.ttfonts import TTFError

        from pnp.render.cffoutlines import has_cff_outlines, with_truetype_outlines
        from pnp.render.tagged_font import TaggedFont

        bold = faces.get("bold", regular)
        drawn = {
            "regular": ("", regular),
            "bold": ("-Bold", bold),
            "italic": (ITALIC, faces.get("italic", regular)),
            "bold_italic": (ITALIC + "-Bold", faces.get("bold_italic", bold)),
        }
        first = OWN_TAGS + int(digest[:8], 16) % OWN_SLOTS * len(FACES) * OWN_SUBSETS
        made = []
        for i, (face, (suffix, data)) in enumerate(drawn.items()):
            try:
                if has_cff_outlines(data):
                    data = with_truetype_outlines(data)
                made.append(TaggedFont(family + suffix, BytesIO(data), first_tag=first + i * OWN_SUBSETS))  # type: ignore[arg-type]  # a file object reads as a path does
            except (TTFError, ValueError, KeyError, IndexError, struct_error) as exc:
                raise FontRefused(face if face in faces else "regular", f"{exc}") from None
        for ttf in made:
            pdfmetrics.registerFont(ttf)
        _LEANING[family] = ("italic" in faces, "bold_italic" in faces)
    return family


def leaning(family: str, bold: bool) -> tuple[str, float]:
    """The family id and shear an italic text in `family` is drawn with: its own italic face
    upright, or else its upright face sheared as DejaVu Sans Oblique leans."""
    if _LEANING.get(family, (False, False))[bold]:
        return family + ITALIC, 0.0
    return family, SLANT


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
