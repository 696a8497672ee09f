"""Visual regression: every kind of page of every game, rendered small and compared with a stored
reference image, so a change to how a page looks is noticed even when every measured property holds.

The pages are the first, second and last of each PDF of the default build (fronts, backs, sheets
that mix sections, board tiles, mats, aid cards, gamesheets, both sides of the rules sheet), for the games
pnp ships: a game published on its own keeps its references with its own tests.

After a change meant to alter the look, refresh the references and commit them:

    pytest tests/test_visual_regression.py --refresh-visual

A failure writes reference | this build | difference images to tests/visual/diff/.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from pnp.games import BUILT_IN, GAMES

REFERENCES = Path(__file__).parent / "visual"
DIFFS = REFERENCES / "diff"
DPI = 24  # a millimetre is about one pixel: small files, yet a 1 mm move shows
CHANGED = 48  # a pixel differs when a channel moves more than this (of 255): not anti-aliasing noise
ALLOWED = 12  # pixels that may differ on a page


def _own() -> set[str]:
    return {slug for slug, listing in GAMES.items() if listing.origin == BUILT_IN}


def _watched(refreshing: bool = False) -> set[str]:
    """pnp's own games with references: a game just added has none until --refresh-visual makes
    them (the test below names it), so adding a game does not fail the suite."""
    stored = {path.name for path in REFERENCES.iterdir() if path.is_dir() and path != DIFFS}
    return _own() if refreshing else _own() & stored


def _pages(build: Path, refreshing: bool) -> dict[str, Image.Image]:
    """name -> rendered page, for the pages that stand for every kind the build makes."""
    out = {}
    for pdf in sorted(p for p in build.glob("*/*.pdf") if p.parent.name in _watched(refreshing)):
        document = pdfium.PdfDocument(str(pdf))
        for index in sorted({0, 1, len(document) - 1} & set(range(len(document)))):
            image = document[index].render(scale=DPI / 72).to_pil().convert("RGB")
            out[f"{pdf.parent.name}/{pdf.stem}-p{index + 1}"] = image
        document.close()
    return out


@pytest.fixture(scope="module")
def rendered(default_build, request):
    refreshing = bool(request.config.getoption("--refresh-visual"))
    pages = _pages(default_build, refreshing)
    if refreshing:
        for old in REFERENCES.glob("*/*.png"):
            if old.parent != DIFFS:
                old.unlink()
        for name, image in pages.items():
            path = REFERENCES / f"{name}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            image.save(path, optimize=True)
    return pages


def _difference(reference: Image.Image, image: Image.Image) -> tuple[int, Image.Image]:
    """How many pixels differ beyond noise, and a picture of where (red on a faded page)."""
    bands = [
        band.point(lambda v: 255 if v > CHANGED else 0) for band in ImageChops.difference(reference, image).split()
    ]
    worst = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    count = worst.histogram()[255]
    faded = Image.blend(image, Image.new("RGB", image.size, "white"), 0.7)
    marked = Image.composite(Image.new("RGB", image.size, (0, 90, 255)), faded, worst)
    return count, marked


def test_every_page_kind_has_a_reference(rendered):
    """No page kind goes unwatched, and no reference outlives its page."""
    stored = {str(p.relative_to(REFERENCES).with_suffix("")) for p in REFERENCES.glob("*/*.png") if p.parent != DIFFS}
    assert set(rendered) == stored, (
        "pages without a reference: "
        f"{sorted(set(rendered) - stored)}; references without a page: "
        f"{sorted(stored - set(rendered))} (refresh: pytest "
        "tests/test_visual_regression.py --refresh-visual)"
    )
    assert len(rendered) >= 30
    unwatched = sorted(_own() - _watched())
    if unwatched:
        warnings.warn(
            f"no visual references yet for {', '.join(unwatched)}: make them with pytest "
            "tests/test_visual_regression.py --refresh-visual, look at them, and commit them",
            stacklevel=1,
        )


def test_pages_look_as_they_did(rendered):
    failures = []
    for name, image in sorted(rendered.items()):
        path = REFERENCES / f"{name}.png"
        if not path.exists():
            continue  # named by the test above
        reference = Image.open(path).convert("RGB")
        if reference.size != image.size:
            failures.append(f"{name}: {image.size} px, the reference is {reference.size} px")
            continue
        count, marked = _difference(reference, image)
        if count > ALLOWED:
            DIFFS.mkdir(exist_ok=True)
            sheet = Image.new("RGB", (image.width * 3 + 20, image.height), "white")
            for i, part in enumerate((reference, image, marked)):
                sheet.paste(part, (i * (image.width + 10), 0))
            out = DIFFS / f"{name.replace('/', '--')}.png"
            sheet.save(out)
            failures.append(f"{name}: {count} pixels changed (reference | now | difference: {out})")
    assert not failures, (
        "pages look different from their references; if that was meant, refresh them with "
        "pytest tests/test_visual_regression.py --refresh-visual\n" + "\n".join(failures)
    )
