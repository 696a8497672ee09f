"""`pnp export cricut`, as Design Space meets it: the installed command in a scratch folder, each
PNG read for its size, resolution and transparency, each SVG read with svgelements, and the
image's opaque part held to the SVG's outlines (grown by the bleed) to the pixel."""

from __future__ import annotations

import math

import numpy as np
import pytest
from conftest import run_installed
from PIL import Image

pytestmark = [pytest.mark.slow, pytest.mark.named_games]

DPI = 300
PRINT_THEN_CUT_IN = (6.75, 9.25)  # Design Space's print then cut area on Letter and A4, as the issue cites it
CASES = [("exit-from-purgatory", "0"), ("particle-panic", "1mm")]  # cards and tokens; tokens, standees, trackers


@pytest.fixture(scope="module", params=CASES, ids=[game for game, _ in CASES])
def export(request, installed, tmp_path_factory):
    game, bleed = request.param
    folder = tmp_path_factory.mktemp(f"cricut-{game}")
    run_installed(installed / "bin" / "pnp", "export", "cricut", game, "--bleed", bleed, cwd=folder)
    return folder / "output" / game / "exports" / "cricut", float(bleed.removesuffix("mm")) / 25.4 * DPI


def outlines(svg_path):
    """The SVG's closed paths as svgelements reads them: ("round", cx, cy, r) or ("rect", x0, y0, x1, y1), in pixels."""
    from svgelements import SVG, Path

    document = SVG.parse(str(svg_path), ppi=DPI)  # its inches become the image's pixels
    found = []
    for element in document.elements():
        if not isinstance(element, Path) or not len(element):
            continue
        x0, y0, x1, y1 = element.bbox()
        if any(type(seg).__name__ == "Arc" for seg in element):
            found.append(("round", (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2))
        else:
            found.append(("rect", x0, y0, x1, y1))
    return document, found


def expected_alpha(shape: tuple[int, int], cuts, grow: float) -> tuple[np.ndarray, np.ndarray]:
    """Which pixels' centres lie inside a cut grown by `grow` px, and which lie within a pixel of its edge."""
    h, w = shape
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    inside = np.zeros(shape, bool)
    near = np.zeros(shape, bool)
    for cut in cuts:
        if cut[0] == "round":
            _, cx, cy, r = cut
            d = np.hypot(xs - cx, ys - cy) - (r + grow)
            inside |= d < 0
            near |= np.abs(d) <= 1
        else:
            _, x0, y0, x1, y1 = cut
            x0, y0, x1, y1 = x0 - grow, y0 - grow, x1 + grow, y1 + grow
            box = (xs > x0) & (xs < x1) & (ys > y0) & (ys < y1)
            inside |= box
            edge = (
                (xs > x0 - 1)
                & (xs < x1 + 1)
                & (ys > y0 - 1)
                & (ys < y1 + 1)
                & ~((xs > x0 + 1) & (xs < x1 - 1) & (ys > y0 + 1) & (ys < y1 - 1))
            )
            near |= edge
    return inside, near


def test_every_image_fits_print_then_cut_and_is_opaque_exactly_inside_its_cuts(export):
    folder, bleed = export
    limit = tuple(round(v * DPI) for v in PRINT_THEN_CUT_IN)
    pngs = sorted(folder.glob("*.png"))
    assert pngs and (folder / "how-to-cut.txt").is_file()
    shapes = set()
    for png in pngs:
        image = Image.open(png)
        assert image.mode == "RGBA", png.name
        assert image.size[0] <= limit[0] and image.size[1] <= limit[1], (png.name, image.size, limit)
        assert image.info["dpi"] == pytest.approx((DPI, DPI), abs=0.01), png.name
        document, cuts = outlines(png.with_suffix(".svg"))
        assert (document.width, document.height) == pytest.approx(image.size, abs=0.5), png.name
        alpha = np.asarray(image)[..., 3]
        inside, near = expected_alpha(alpha.shape, cuts, bleed)
        wrong = (inside & ~near & (alpha != 255)) | (~inside & ~near & (alpha != 0))
        assert not wrong.any(), f"{png.name}: {int(wrong.sum())} pixels opaque or clear where the cut says otherwise"
        # and along each outline the image's edge is there: opaque a pixel in, clear a pixel out
        for cut in cuts:
            for inward, outward in _across(cut, bleed):
                assert alpha[inward] == 255 and alpha[outward] == 0, (png.name, cut)
        shapes |= {cut[0] for cut in cuts}
    assert shapes == {"rect", "round"}


def _across(cut, grow: float, steps: int = 24):
    """Pixel pairs straddling a cut's edge (grown by `grow`): one 1.5 px inside, one 1.5 px outside."""
    for i in range(steps):
        a = 2 * math.pi * i / steps
        if cut[0] == "round":
            _, cx, cy, r = cut
            points = [(cx + (r + grow + d) * math.cos(a), cy + (r + grow + d) * math.sin(a)) for d in (-1.5, 1.5)]
        else:
            _, x0, y0, x1, y1 = cut
            t = (i + 0.5) / steps
            x = x0 + t * (x1 - x0)
            points = [(x, y0 - grow + 1.5), (x, y0 - grow - 1.5)]
        yield tuple((int(y), int(x)) for x, y in points)
