"""Pieces share sheets across kinds wherever they fit (print round four): cards of one size share
one grid, a short run of pieces fills the room earlier sheets leave, and on paper that holds two
pages, pieces fill the half a page component leaves empty. Measured from the build's manifest, the
record of where each piece was placed."""

from __future__ import annotations

import math

import pytest

from pnp.files.paths import shipped_icons_dir
from pnp.pipeline.build import build_game
from pnp.source.icons import IconStore
from pnp.source.settings import Settings

pytestmark = pytest.mark.named_games


def _build(game: str, **settings: str):
    return build_game(game, Settings(**settings), IconStore(shipped_icons_dir()))


def _sheets(result, filename: str) -> int:
    (record,) = [d for d in result.manifest.documents if d.file == filename]
    return record.sheets


def test_cards_of_one_size_share_one_grid():
    """Straight-to's 100 Soul and 6 Destiny cards: one grid, so the Destiny cards take the free cells
    after the last Soul card (A3: 6 sheets of 18, not 7) and no row of its own whose columns miss
    the grid's (extra cuts)."""
    a3 = _build("straight-to", paper="a3")
    assert _sheets(a3, "cards.pdf") == math.ceil(106 / 18) == 6
    a4 = _build("straight-to", paper="a4")
    faces = [p for p in a4.manifest.placed if p.document == "cards.pdf" and p.side == "face"]
    columns = {round(p.box.x, 1) for p in faces}
    assert len(columns) == 3, sorted(columns)
    last = max(p.page for p in faces)
    mixed = [p for p in faces if p.page == last]
    assert {p.kind for p in mixed} == {"soul-evil", "destiny"}
    rows = {round(p.box.y, 1) for p in faces}
    assert {round(p.box.y, 1) for p in mixed} <= rows


def test_a_short_run_fills_the_room_earlier_sheets_leave():
    """Exit with 3 mm bleed on A4: six cards to a sheet leave a band below them; the 24 tokens fill
    the bands of the last sheets instead of a sheet of their own (10 sheets for 60 cards)."""
    result = _build("exit-from-purgatory", paper="a4", bleed="3mm")
    assert _sheets(result, "cards.pdf") == 10
    placed = [p for p in result.manifest.placed if p.document == "cards.pdf" and p.side == "face"]
    with_cards = {p.page for p in placed if p.shape == "rect"}
    tokens = [p for p in placed if p.shape == "round"]
    assert len(tokens) == 24 and {p.page for p in tokens} <= with_cards
    for token in tokens:  # below every card on its page, never over one
        cards = [p for p in placed if p.page == token.page and p.shape == "rect"]
        assert all(token.box.y + token.box.h < card.box.y for card in cards), token


def test_a_gutterfold_with_bleed_holds_three_cards_a_page_on_a4():
    """A4, 3 mm bleed, the default 5 mm margin, gutterfold: three poker cards down each half, as on
    Letter (it was two: each half kept a whole mark's room at the fold). The marks of a front's cut
    line and its back's meet across the fold, so each cut end is still marked beyond the bleed."""
    from cutlines import unmarked_cut_ends

    result = _build("straight-to", paper="a4", bleed="3mm", duplex="fold")
    assert _sheets(result, "cards.pdf") == math.ceil(106 / 3)
    (doc,) = [d for d in result.documents if d.filename == "cards.pdf"]
    placed = [p for p in result.manifest.placed if p.document == "cards.pdf"]
    assert not unmarked_cut_ends(doc.pdf, placed, 3.0, 5.0, "straight-to/cards.pdf")
    fold = 105.0  # mm: the middle of the sheet
    assert all(p.box.x + p.box.w + 3 <= fold - 2 for p in placed if p.side == "face")
    assert all(p.box.x - 3 >= fold + 2 for p in placed if p.side == "back")


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_tokens_sit_beside_the_stat_board_on_paper_that_holds_two_pages(paper):
    """Punished's 21 tokens fill the half of the sheet the stat board leaves empty: one sheet."""
    result = _build("punished", paper=paper)
    assert _sheets(result, "tokens-and-board.pdf") == 1
    placed = [p for p in result.manifest.placed if p.document == "tokens-and-board.pdf"]
    tokens = [p for p in placed if p.shape]
    (board,) = [p for p in placed if not p.shape]
    assert len(tokens) == 21
    assert all(t.box.x + t.box.w < board.box.x for t in tokens)  # tokens on the left half, the board on the right


def test_the_installed_pnp_prints_fewer_sheets_and_says_so(installed, tmp_path):
    """From outside, as a player runs it: the installed pnp (a wheel, not the checkout) in a scratch
    folder. Punished on A3 puts its tokens beside the stat board (one page) and the print guide
    says one sheet; Particle Panic on Letter with 3 mm bleed keeps its ring on three tiles and the
    guide names them."""
    import pypdfium2 as pdfium
    from conftest import run_installed

    pnp = installed / "bin" / "pnp"
    run_installed(pnp, "build", "punished", "--paper", "a3", cwd=tmp_path)
    run_installed(pnp, "build", "particle-panic", "--paper", "letter", "--bleed", "3mm", cwd=tmp_path)
    out = tmp_path / "output"

    def text(path):
        return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(path))

    assert len(pdfium.PdfDocument(out / "punished" / "tokens-and-board.pdf")) == 1
    assert "tokens-and-board.pdf: 1 page, 1 sheet" in text(out / "punished" / "rules.pdf")
    assert len(pdfium.PdfDocument(out / "particle-panic" / "board.pdf")) == 3
    guide = text(out / "particle-panic" / "rules.pdf")
    assert "board.pdf: 3 pages, 3 sheets" in guide and "Board: 3 tiles, 3 across and 1 down." in guide
