"""Single lines of text written as PDF operators, each distinct line encoded once per document.

reportlab's drawString builds a text object and measures and encodes the line into the font's
subsets on every call. A deck prints the same lines on card after card (a back's name, a rule, a
page's heading), so the encoded operators are kept per document and only the position is written
anew. The output is the same text, glyphs and subsets reportlab writes.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfgen.canvas import Canvas

from pnp.render.fonts import face, text_width

KEPT = 1024          # encoded lines kept: a deck's distinct names go by, its repeated lines stay


class TextLines:
    """Writes lines on one canvas; the encodings belong to its document (its font subsets)."""

    __slots__ = ("_encoded", "canvas")

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._encoded: dict[tuple[bool, float, str], tuple[str, float]] = {}

    def draw(self, x: float, y: float, text: str, *, bold: bool, size: float, align: str = "left") -> None:
        """`text` on one baseline at y, starting at x (`left`), centred on it or ending at it (`right`)."""
        key = (bold, size, text)
        encoded = self._encoded.get(key)
        if encoded is None:
            if len(self._encoded) >= KEPT:
                self._encoded.clear()
            encoded = self._encoded[key] = self._encode(text, bold, size)
        operators, width = encoded
        if align == "center":
            x -= width / 2
        elif align == "right":
            x -= width
        self.canvas.addLiteral(f"BT 1 0 0 1 {fp_str(x, y)} Tm {operators} ET")

    def _encode(self, text: str, bold: bool, size: float) -> tuple[str, float]:
        """The line's show operators, a font switch before each run of one subset, and its width."""
        ttf = face(bold)
        doc = self.canvas._doc  # type: ignore[attr-defined]  # the subsets are kept per document
        runs = " ".join(f"{ttf.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf ({escapePDF(chunk)}) Tj"
                        for subset, chunk in ttf.splitString(text, doc))
        return runs, text_width(text, bold, size)
