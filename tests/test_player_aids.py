"""Player aids are two-sided cards, four to a sheet: the turn on the front, what a player looks up
mid-game on the back, each back behind its own front, text no smaller than a reference card's."""

from __future__ import annotations

import io
import itertools

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from printbuilds import built

MM = 72 / 25.4
# each game's aid: a heading of its front (the turn) and of its back, as the rule documents name them
SIDES = {
    "exit-from-purgatory": ("On your turn, do one of", "The six challenges"),
    "particle-panic": ("Basic actions", "Suit powers"),
    "straight-to": ("A round", "Combat value"),
}
SMALLEST_PT = 6.5  # a commercial reference card's smallest print
CASES = list(itertools.product(["a4", "letter"], ["long", "short", "fold", "off"]))


def _characters(page) -> list[tuple[float, float, str, float]]:
    """Each character of a page: its centre (mm), itself and its font size (0 for a space)."""
    textpage = page.get_textpage()
    out = []
    for i in range(textpage.count_chars()):
        left, bottom, right, top = textpage.get_charbox(i)
        size = pdfium_c.FPDFText_GetFontSize(textpage, i) if right > left else 0.0
        out.append(
            ((left + right) / 2 / MM, (bottom + top) / 2 / MM, chr(pdfium_c.FPDFText_GetUnicode(textpage, i)), size)
        )
    return out


def _inside(characters, box) -> tuple[str, float]:
    """The text whose characters lie inside `box` (mm), and the smallest font size among them."""
    chars = [(c, size) for x, y, c, size in characters if box.x < x < box.x + box.w and box.y < y < box.y + box.h]
    return " ".join("".join(c for c, _ in chars).split()), min((s for _, s in chars if s), default=99.0)


@pytest.mark.parametrize("paper, duplex", CASES, ids=["-".join(case) for case in CASES])
def test_player_aids_are_two_sided_cards_four_to_a_sheet(paper, duplex):
    for game, (front_heading, back_heading) in SIDES.items():
        result = built(paper, "0", duplex)[game]
        doc = next(d for d in result.documents if d.filename == "aids.pdf")
        pdf = pdfium.PdfDocument(io.BytesIO(doc.pdf))
        pages = [_characters(page) for page in pdf]
        placed = [p for p in result.manifest.placed if p.document == "aids.pdf"]
        faces = [p for p in placed if p.side == "face"]
        backs = [p for p in placed if p.side == "back"]
        assert len(faces) == 4 and len(backs) == 4, (game, paper, duplex)  # four players
        # long and short: one sheet through the duplex printer; fold and glue: two one-sided sheets
        assert doc.sheets == (1 if duplex in ("long", "short") else 2), (game, paper, duplex, doc.sheets)
        for face in faces:
            front, front_pt = _inside(pages[face.page - 1], face.box)
            assert front_heading in front and back_heading not in front, (game, paper, duplex, front[:80])
            assert front_pt >= SMALLEST_PT, (game, paper, duplex, "front", front_pt)
        for back in backs:
            text, back_pt = _inside(pages[back.page - 1], back.box)
            assert back_heading in text and front_heading not in text, (game, paper, duplex, text[:80])
            assert back_pt >= SMALLEST_PT, (game, paper, duplex, "back", back_pt)
        pdf.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_aids_bleed_like_every_other_cut_piece(paper):
    """With 3 mm of bleed, a page of aids says where its bleed runs (a BleedBox 3 mm round its
    trims), so the crop-mark check holds its marks outside that bleed; four still share a sheet."""
    from pypdf import PdfReader

    from pnp.geometry import MM

    checked = 0
    for game, result in built(paper, "3mm").items():
        for doc in result.documents:
            if doc.filename != "aids.pdf":
                continue
            pages = PdfReader(io.BytesIO(doc.pdf)).pages
            for page in pages:
                trim, bleed = page.trimbox, page.bleedbox
                assert float(trim.left) - float(bleed.left) == pytest.approx(3 * MM, abs=0.01), (game, paper)
                assert float(bleed.top) - float(trim.top) == pytest.approx(3 * MM, abs=0.01), (game, paper)
            faces = [p for p in result.manifest.placed if p.document == "aids.pdf" and p.side == "face"]
            assert len({p.page for p in faces}) == -(-len(faces) // 4), (game, paper)
            checked += 1
    assert checked >= 3
