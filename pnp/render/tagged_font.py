"""A TrueType font whose subsets carry tags of their own in the PDF."""

from typing import Any

from reportlab.pdfbase import ttfonts


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
