"""Single lines of text written as PDF operators, each distinct line encoded once per document.

reportlab's drawString builds a text object and measures and encodes the line into the font's
subsets on every call. A deck prints the same lines on card after card (a back's name, a rule, a
page's heading), so the encoded operators are kept per document and only the position is written
anew. The output is the same text, glyphs and subsets reportlab writes.
"""

from __future__ import annotations

from collections import OrderedDict

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.render.fonts import face, text_width
from pnp.render.tagged_font import TaggedFont

KEPT = 1024  # encoded lines kept: a deck's distinct names go by, its repeated lines stay


class TextLines:
    """Writes lines on one canvas; the encodings belong to its document (its font subsets)."""

    __slots__ = ("_encoded", "_names", "canvas")

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._encoded: OrderedDict[tuple[bool, str, float, str], tuple[str, float]] = OrderedDict()  # oldest first
        self._names: dict[tuple[bool, str, int], str] = {}  # each font subset's name in this document

    def draw(
        self,
        x: float,
        y: float,
        text: str,
        *,
        bold: bool,
        size: float,
        align: str = "left",
        font: str = "",
        slant: float = 0.0,
    ) -> None:
        """`text` on one baseline at y, starting at x (`left`), centred on it or ending at it (`right`),
        in the family `font` ("" for DejaVu Sans), sheared by `slant` (italic)."""
        key = (bold, font, size, text)
        encoded = self._encoded.get(key)
        if encoded is None:
            if len(self._encoded) >= KEPT:
                self._encoded.popitem(last=False)
            encoded = self._encoded[key] = self._encode(text, bold, size, font)
        else:
            self._encoded.move_to_end(key)
        operators, width = encoded
        if align == "center":
            x -= width / 2
        elif align == "right":
            x -= width
        self.canvas.addLiteral(f"BT 1 0 {fp_str(slant)} 1 {fp_str(x, y)} Tm {operators} ET")

    def _encode(self, text: str, bold: bool, size: float, font: str) -> tuple[str, float]:
        """The line's show operators, a font switch before each run of one subset, and its width."""
        ttf = face(bold, font)
        doc = self.canvas._doc  # type: ignore[attr-defined]  # the subsets are kept per document
        runs = _in_first_subset(ttf, doc, text) or ttf.splitString(text, doc)
        shows = []
        for subset, chunk in runs:
            name = self._names.get((bold, font, subset))
            if name is None:
                name = self._names[(bold, font, subset)] = ttf.getSubsetInternalName(subset, doc)
            shows.append(f"{name} {fp_str(size)} Tf ({escapePDF(chunk)}) Tj")
        return " ".join(shows), text_width(text, bold, size, font)


def _in_first_subset(ttf: TTFont, doc: object, text: str) -> list[tuple[int, bytes]] | None:
    """The line as reportlab's splitString gives it, when every character already has its code in
    the font's first subset (a deck's later names and rules): splitString walks the line character
    by character in Python. None when one does not, or the line is empty: splitString then."""
    assignments = getattr(ttf.state.get(doc), "assignments", None)  # reportlab's codes so far
    if not assignments or not text:
        return None
    try:
        found = [(0, bytes([assignments[32 if code == 0xA0 else code] for code in map(ord, text)]))]
    except (KeyError, ValueError):  # a character new to the document, or one of a later subset
        return None
    if isinstance(ttf, TaggedFont):
        ttf.print(doc, text)
    return found
