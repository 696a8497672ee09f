"""The print guide read back from the printed rules sheet and held against the files it describes,
on every paper in every duplex mode: each count, name, tile and instruction comes from the pages
made (print round four: a guide that said "cut tile A1, lay it over B1" of four tiles, "two halves"
of a page with none, and a calibration file the build never makes)."""

from __future__ import annotations

import io
import math
import re

import pikepdf
import pypdfium2 as pdfium
import pytest
from pdfscan import scan
from printbuilds import MODES, built

from pnp.pipeline.printguide import paper_words

CASES = [  # bleed where boards must keep their tiles with it; the large papers as most print them
    (paper, mode, "3mm" if paper in ("a4", "letter") else "0")
    for paper in ("a4", "letter", "a3", "tabloid")
    for mode in MODES
]
CENTRE_LINE = (0.541, 0.541, 0.541)
BOARDS = {
    "track",
    "board",
}  # the kinds of piece a board is placed as (its manifest records)  # the grey dashed line two half pages are cut apart on


def _page_texts(pdf: bytes) -> list[str]:
    return [" ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(io.BytesIO(pdf))]


def _two_sided(pdf: bytes) -> bool:
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return document.Root.ViewerPreferences.Duplex != pikepdf.Name("/Simplex")


def _halved(pdf: bytes) -> bool:
    """Every page two half pages side by side: a grey line down its centre, text on both halves."""
    for page in scan(pdf):
        centre = [
            (a, b)
            for a, b, rgb in page.lines
            if abs(a[0] - page.width / 2) < 0.5 and abs(b[0] - page.width / 2) < 0.5 and rgb
            if all(abs(v - w) < 0.01 for v, w in zip(rgb, CENTRE_LINE, strict=True))
        ]
        sides = {x < page.width / 2 for _, x, _ in page.texts}
        if not centre or sides != {True, False}:
            return False
    return True


def guide_holds(files: dict[str, bytes], placed: list, paper: str, mode: str, bleed: str, label: str) -> int:
    """One game's print guide held against its files and placed pieces; returns how many files it
    lists."""
    checked = 0
    guide = " ".join(_page_texts(files["rules.pdf"]))
    pages = {name: len(pdfium.PdfDocument(io.BytesIO(pdf))) for name, pdf in files.items()}
    large = paper in ("a3", "tabloid")  # paper that holds two pages: the only paper with halves
    sheets = {name: math.ceil(n / 2) if _two_sided(files[name]) else n for name, n in pages.items()}
    total = (
        f"{len(files)} files, {sum(pages.values())} pages on {sum(sheets.values())} sheets of "
        f"{paper_words(paper)} paper."
    )
    assert total in guide, (label, total)
    for name, pdf in files.items():
        said = re.search(
            re.escape(name) + r": (\d+) pages?, (\d+) sheets? Print (single|double)-sided(, then cut each page of "
            r"two halves apart)?",
            guide,
        )
        assert said, (label, name)
        assert (int(said[1]), int(said[2])) == (pages[name], sheets[name]), (label, name, said[0])
        assert (said[3] == "double") == _two_sided(pdf), (label, name, said[0])
        folded = guide[said.end() :].startswith("; fold each sheet on its dashed centre line")
        assert bool(said[4]) == (large and not folded and _halved(pdf)), (label, name, said[0])
        checked += 1
    boards = {p.document for p in placed if p.tile}  # the files a board is tiled over
    tiles = {
        (m[1], m[2], m[3])
        for name in boards
        for text in _page_texts(files[name])
        for m in re.finditer(r"tile ([A-Z]\d+) of (\d+)x(\d+)", text)
    }
    for m in re.finditer(r"(\w[\w ]*): (\d+) tiles, (\d+) across and (\d+) down\. (.+?)\. The crosshairs", guide):
        assert {(int(c), int(r)) for _, c, r in tiles} == {(int(m[3]), int(m[4]))}, (label, m[0])
        assert len(tiles) == int(m[2]) == int(m[3]) * int(m[4]), (label, m[0])
        named = set(re.findall(r"\b[A-Z]\d+\b", m[5]))
        assert named and named <= {t for t, _, _ in tiles}, (label, m[0])
        assert ("crop marks" in m[5]) == (bleed != "0"), (label, m[0])
    if not tiles:
        assert " tiles, " not in guide, label
    if re.search(r"\w: one sheet; cut it out on its (outline|crop marks)\.", guide):
        assert not tiles, label
    pieces = [p for p in placed if p.shape]
    assert ("Nothing to cut" in guide) == (not pieces), label
    assert ("mm of bleed: cut on the crop marks" in guide) == bool(pieces and bleed != "0"), label
    backs = any(p.side == "back" for p in placed)
    calibrate = f"Run pnp calibrate for {paper_words(paper)} paper, flip on {mode} edge, and print its sheet"
    assert (calibrate in guide) == (backs and mode in ("long", "short")), label
    assert "two to a page" not in guide and "halves" not in guide.replace("two halves apart", ""), label
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("paper, mode, bleed", CASES, ids=["-".join(case) for case in CASES])
def test_every_line_of_the_print_guide_matches_the_pages_made(paper, mode, bleed):
    checked = 0
    for game, result in built(paper, bleed, mode).items():
        files = {doc.filename: doc.pdf for doc in result.documents}
        checked += guide_holds(files, result.manifest.placed, paper, mode, bleed, game)
    assert checked >= 18
