"""The TrueType font pnp embeds: its subsets carry tags of their own in the PDF, and each subset is
built and compressed once per process, not once per file."""

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from reportlab.pdfbase import pdfdoc, ttfonts

from pnp.render.fontfloor import at_floor

KEPT_SUBSETS = 16  # a build's files share one or two subsets of each font; text beyond Latin-1 adds more
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
    (`fontfloor`); its streams compress through KEPT_FLATE."""

    def __init__(self, name: str, path: str, *, first_tag: int) -> None:
        super().__init__(name, path)
        self.first_tag = first_tag
        build = self.face.makeSubset

        @lru_cache(maxsize=KEPT_SUBSETS)
        def subset_file(codes: tuple[int, ...]) -> bytes:
            return at_floor(build(list(codes)))

        def kept_subset(subset: Sequence[int]) -> bytes:
            return subset_file(tuple(subset))

        self.face.makeSubset = kept_subset  # type: ignore[method-assign]

    def addObjects(self, doc: Any) -> None:
        untagged = ttfonts.SUBSETN

        def tag(n: int, table: Any = None) -> bytes:
            return untagged(self.first_tag + n)

        compress = pdfdoc.PDFZCompress
        ttfonts.SUBSETN = tag
        pdfdoc.PDFZCompress = KEPT_FLATE  # the filter reportlab gives the font files and code maps
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = untagged
            pdfdoc.PDFZCompress = compress
