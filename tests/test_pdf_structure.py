"""Every PDF the project makes, for every game, paper, duplex mode and ink-saver (each distinct
output once), passes qpdf's structural check (through pikepdf) and pypdf in strict mode, with sane
page boxes."""

from __future__ import annotations

import io

import pikepdf
import pytest
from conftest import EVERY_GAME
from printbuilds import built
from pypdf import PdfReader

from pnp.files.paths import shipped_icons_dir
from pnp.pipeline.build import build_game
from pnp.source.icons import IconStore
from pnp.source.settings import Settings

# each distinct output once: every paper in colour and ink-saver with long-edge backs, and the
# other duplex modes (which move backs about, with the same drawing code) on A4
COMBOS = (
    [(paper, "long", False) for paper in ("a4", "letter", "a3", "tabloid")]
    + [(paper, "long", True) for paper in ("a4", "letter")]
    + [("a4", duplex, False) for duplex in ("short", "off", "fold")]
)  # ink on A3 and Tabloid: the same pages


def check_pdf(data: bytes, label: str) -> None:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert pdf.check_pdf_syntax() == [], label  # qpdf's --check
        check_subset_tags(pdf, label)
    reader = PdfReader(io.BytesIO(data), strict=True)
    assert reader.pages, label
    for number, page in enumerate(reader.pages, start=1):
        media = [float(v) for v in page.mediabox]
        bleed = [float(v) for v in page.bleedbox]
        trim = [float(v) for v in page.trimbox]
        for box in (bleed, trim):
            assert len(box) == 4
        assert media[0] <= bleed[0] + 1e-3 <= trim[0] + 2e-3, (label, number)
        assert trim[2] <= bleed[2] + 1e-3 <= media[2] + 2e-3, (label, number)
        assert media[1] <= bleed[1] + 1e-3 <= trim[1] + 2e-3, (label, number)
        assert trim[3] <= bleed[3] + 1e-3 <= media[3] + 2e-3, (label, number)
        page.extract_text()


def check_subset_tags(pdf: pikepdf.Pdf, label: str) -> None:
    """Each embedded font subset has a tag of its own (ISO 32000-1, 9.6.4: six capitals and a plus,
    different for different subsets): preflight tools flag two fonts under one tag."""
    fonts = {
        str(obj.BaseFont)
        for obj in pdf.objects
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and "/BaseFont" in obj
    }
    tags = [name[1:7] for name in fonts if name[7:8] == "+"]
    assert tags and all(tag.isalpha() and tag.isupper() for tag in tags), (label, fonts)
    assert len(set(tags)) == len(tags), (label, sorted(fonts))


@pytest.mark.parametrize(
    "paper, duplex, ink_saver", COMBOS, ids=[f"{p}-{d}-{'ink' if i else 'colour'}" for p, d, i in COMBOS]
)
def test_every_output_is_structurally_valid(paper, duplex, ink_saver):
    """The builds the print tests read (printbuilds: A4's backs shifted by a back offset)."""
    for game, result in built(paper, "0", duplex, ink_saver).items():
        assert result.problems == []
        for doc in result.documents:
            check_pdf(doc.pdf, f"{game}/{doc.filename} {paper} {duplex} ink={ink_saver}")


def test_bleed_outputs_are_valid_too():
    store = IconStore(shipped_icons_dir())
    for game in sorted(EVERY_GAME):
        result = build_game(game, Settings(bleed="3mm", margin="3mm"), store)
        for doc in result.documents:
            check_pdf(doc.pdf, f"{game}/{doc.filename} bleed")


def test_every_page_says_the_version_and_settings_that_made_it(tmp_path):
    """Print and cut, item 4: two printouts of different builds tell apart by their foot, which
    names the pnp version and the settings that change the print, as the build was asked."""
    import subprocess
    import sys

    import pypdfium2 as pdfium

    from pnp import __version__

    options = ["--paper", "letter", "--card", "bridge", "--duplex", "short", "--bleed", "3mm"]
    options += ["--back-offset", "0.5,-1", "--ink-saver"]
    subprocess.run(
        [sys.executable, "-m", "pnp", "build", "straight-to", "punished", *options, "-o", tmp_path / "out"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    said = f"pnp {__version__}: letter, bridge cards, duplex short, bleed 3mm, back offset 0.5,-1 mm, ink saver"
    pages = 0
    for pdf in sorted((tmp_path / "out").glob("*/*.pdf")):
        for number, page in enumerate(pdfium.PdfDocument(pdf), 1):
            text = " ".join(page.get_textpage().get_text_range().split())
            assert said in text, (pdf.name, number, text[-200:])
            pages += 1
    assert pages > 20
