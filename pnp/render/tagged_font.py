"""The TrueType font pnp embeds: its subsets carry tags of their own in the PDF, and each subset is
built and compressed once per process, not once per file."""

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from reportlab.pdfbase import pdfdoc, ttfonts

from pnp.render.fontfloor import at_floor

KEPT_SUBSETS = 16  # a build's files share one or two subsets of each font; text beyond Latin-1 adds more
KEPT_WIDTHS = 1 << 16  # texts measured, with their sizes: a 10,000-card deck's lines and more
KEPT_STREAMS = 4 * KEPT_SUBSETS  # two fonts, a font file and a code map for each subset


_FLATE = pdfdoc.PDFStreamFilterZCompress()


@lru_cache(maxsize=KEPT_STREAMS)
def _compressed(content: str | bytes) -> bytes:
    return _FLATE.encode(content)


class KeptFlate(pdfdoc.PDFStreamFilterZCompress):
    """Flate compression that remembers what it compressed (the last KEPT_STREAMS streams), for the
    streams every file of a build embeds alike: a font's first subset holds 256 fixed codes, so each
    file has the same 35 KB."""

    def encode(self, text: str | bytes) -> bytes:
        return _compressed(text)


KEPT_FLATE = KeptFlate()


class TaggedFont(ttfonts.TTFont):
    """A TrueType font whose subsets get tags of their own: reportlab tags the first subset of every
    font "AAAAAA+", and preflight tools flag two fonts under one tag. Subset n of this font is
    tagged as reportlab would tag subset `first_tag + n`. A subset's font file depends on its codes
    alone, so the one made for an earlier file is used again, cut to what a printer draws with
    (`fontfloor`): the glyphs of the letters the document prints (`printed`), not every ASCII
    letter reportlab's first subset holds. Its streams compress through KEPT_FLATE."""

    def __init__(self, name: str, path: str, *, first_tag: int) -> None:
        super().__init__(name, path)
        self.first_tag = first_tag
        self._printing: dict[int, None] = {}  # while the document's objects are added: its letters
        self._widths: dict[tuple[str, float], float] = {}  # the font's own: what its letters measure
        build = self.face.makeSubset

        @lru_cache(maxsize=KEPT_SUBSETS)
        def subset_file(codes: tuple[int, ...]) -> bytes:
            return at_floor(build(list(codes)))

        def kept_subset(subset: Sequence[int]) -> bytes:
            printing = self._printing  # a code no text of the document uses holds no glyph
            return subset_file(tuple(code if code in printing else 0 for code in subset))

        self.face.makeSubset = kept_subset  # type: ignore[method-assign]

    def stringWidth(self, text: str, size: float, encoding: str = "utf-8") -> float:  # reportlab's name
        """reportlab's width of `text` at `size`, each measured once: a wrapped paragraph measures
        each line as it grows, and a deck's cards the same lines again (four in five asked before)."""
        key = (text, size)
        found = self._widths.get(key)
        if found is None:
            if len(self._widths) >= KEPT_WIDTHS:
                self._widths.clear()
            found = self._widths[key] = super().stringWidth(text, size, encoding)
        return found

    def splitString(self, text: str | bytes, doc: Any, encoding: str = "utf-8") -> list[tuple[int, bytes]]:
        found: list[tuple[int, bytes]] = super().splitString(text, doc, encoding)
        self.print(doc, text if isinstance(text, str) else text.decode(encoding))
        return found

    def print(self, doc: Any, text: str) -> None:
        """`text` is printed in `doc`: its letters' glyphs go into the subsets (no-break spaces as
        spaces, as reportlab codes them)."""
        letters = printed(self, doc)
        codes = dict.fromkeys(map(ord, text.replace("\u00a0", " ")))
        letters.document.update(codes)
        letters.page.update(codes)

    def addObjects(self, doc: Any) -> None:
        untagged = ttfonts.SUBSETN

        def tag(n: int, table: Any = None) -> bytes:
            return untagged(self.first_tag + n)

        compress = pdfdoc.PDFZCompress
        ttfonts.SUBSETN = tag
        pdfdoc.PDFZCompress = KEPT_FLATE  # the filter reportlab gives the font files and code maps
        self._printing = printed(self, doc).document
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = untagged
            pdfdoc.PDFZCompress = compress
            self._printing = {}


class Printed:
    """The letters a document prints in one font: in the whole document so far (its subsets hold
    their glyphs alone), and on the page being drawn (a page kept for a next build prints them
    again when it is taken)."""

    __slots__ = ("document", "page")

    def __init__(self) -> None:
        self.document: dict[int, None] = {}
        self.page: set[int] = set()


def printed(font: ttfonts.TTFont, doc: Any) -> Printed:
    """The letters `doc` prints in `font` (kept with reportlab's state of the font in the document,
    which lives as long as the document; none before the document uses the font)."""
    state = font.state.get(doc)
    if state is None:
        return Printed()
    found: Printed | None = getattr(state, "printed", None)
    if found is None:
        found = Printed()
        setattr(state, "printed", found)  # noqa: B010  # reportlab's State names no such attribute
    return found
