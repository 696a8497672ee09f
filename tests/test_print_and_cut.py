"""Silhouette print and cut, from the outside: the installed `pnp build --cutter silhouette` in a
scratch folder, each sheet it marks rasterised at 300 dpi, its registration marks found in the
pixels, and every path of its DXF and SVG cut files mapped through the page those marks give and
held to the edge of the art it cuts round."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import run_installed
from cutter import DPI, PX, CutPath, Marks, dxf_paths, find_marks, off_trim, page_transform, svg_paths

from pnp.source.printoptions import MARK_ARM_MM, MARK_INSET_MM, MARK_SQUARE_MM, MARK_STROKE_MM

pytestmark = pytest.mark.slow

TOLERANCE = 0.25  # mm a cut may stray from the drawn trim
PAPERS = ("a4", "letter")


@pytest.fixture(scope="module", params=PAPERS)
def cut_build(request, installed, tmp_path_factory) -> Path:
    """Every game built by the installed pnp for Silhouette on one paper."""
    folder = tmp_path_factory.mktemp(f"cut-{request.param}")
    run_installed(installed / "bin" / "pnp", "build", "--cutter", "silhouette", "--paper", request.param, cwd=folder)
    return folder / "output"


def marked_pages(output: Path) -> list[tuple[Path, int]]:
    """Each page that has cut files, once per distinct cut (a deck's full sheets cut alike)."""
    seen, pages = set(), []
    for dxf in sorted(output.glob("*/*-cut-p*.dxf")):
        stem, page = re.fullmatch(r"(.+)-cut-p(\d+)\.dxf", dxf.name).groups()
        key = (dxf.parent.name, hashlib.sha256(dxf.read_bytes()).hexdigest())
        if key not in seen:
            seen.add(key)
            pages.append((dxf.parent / f"{stem}.pdf", int(page)))
    return pages


def raster(pdf: Path, number: int) -> tuple[np.ndarray, float, float]:
    """The page at 300 dpi (rows x columns x RGB) and its size in mm."""
    page = pdfium.PdfDocument(pdf)[number - 1]
    width, height = (v / 72 * 25.4 for v in page.get_size())
    return page.render(scale=DPI / 72).to_numpy()[..., :3], width, height


def cut_files(pdf: Path, number: int) -> tuple[Path, Path]:
    stem = pdf.with_suffix("").name
    return pdf.parent / f"{stem}-cut-p{number:02d}.dxf", pdf.parent / f"{stem}-cut-p{number:02d}.svg"


def strays(rgb: np.ndarray, transform: np.ndarray, paths: list[CutPath]) -> list[str]:
    """Each cut that leaves the drawn trim somewhere by more than TOLERANCE; each score that does
    not follow a drawn fold line (a dashed line: along at least a third of it)."""
    found = []
    for number, path in enumerate(paths):
        distances = off_trim(rgb, transform, path)
        if path.kind == "score":
            near = np.mean([d <= TOLERANCE for d in distances])
            if near < 1 / 3:
                found.append(f"score {number} near a fold along {near:.0%} of it")
        elif max(distances) > TOLERANCE:
            at = path.points[int(np.argmax(distances))]
            found.append(f"{path.kind} {number} off the trim by {max(distances):.2f} mm at {at[0]:.1f}, {at[1]:.1f}")
    return found


def test_silhouette_finds_its_marks_and_cuts_every_piece_on_its_drawn_trim(cut_build):
    """Each distinct marked page, rasterised once: its marks where Studio looks (`check_marks`), and
    every path of its DXF and SVG on the edge of the art it cuts round."""
    kinds: dict[str, int] = {"rect": 0, "round": 0, "score": 0}
    for pdf, number in marked_pages(cut_build):
        rgb, width, height = raster(pdf, number)
        gray = rgb.min(axis=2)
        marks = check_marks(gray, width, height, f"{pdf.parent.name}/{pdf.name} page {number}")
        transform = page_transform(marks, width, height, MARK_INSET_MM)
        dxf, svg = cut_files(pdf, number)
        for paths in (dxf_paths(dxf, height), svg_paths(svg)):
            problems = strays(rgb, transform, paths)
            assert not problems, f"{pdf.parent.name}/{pdf.name} page {number}: " + "; ".join(problems[:6])
            for path in paths:
                kinds[path.kind] += 1
            check_keep_out(paths, width, height, f"{pdf.parent.name}/{pdf.name} page {number}")
    # cards and standees (their outlines and folds), round tokens, on every paper
    assert kinds["rect"] >= 40 and kinds["round"] >= 20 and kinds["score"] >= 6, kinds


def test_a_cut_file_shifted_by_a_millimetre_is_caught(cut_build, tmp_path):
    """The same check, given a cut file moved 1 mm as a cutting program would read it, fails on
    every outline: across and down."""
    import ezdxf

    pdf, number = next((p, n) for p, n in marked_pages(cut_build) if "tokens" in p.name)
    rgb, width, height = raster(pdf, number)
    transform = page_transform(find_marks(rgb.min(axis=2)), width, height, MARK_INSET_MM)
    dxf, _ = cut_files(pdf, number)
    for dx, dy in ((1.0, 0.0), (0.0, 1.0)):
        doc = ezdxf.readfile(dxf)
        for entity in doc.modelspace():
            entity.translate(dx, dy, 0)
        moved = tmp_path / f"moved-{dx}-{dy}.dxf"
        doc.saveas(moved)
        paths = [p for p in dxf_paths(moved, height) if p.kind != "score"]
        assert len(strays(rgb, transform, paths)) == len(paths), (dx, dy)


def check_marks(gray: np.ndarray, width: float, height: float, label: str) -> Marks:
    """The square and the two L marks at the cited inset, size and thickness; white round them and
    outside them; the page upright (Studio's page is one way round)."""
    tolerance = 1.5 / PX  # a pixel and a half at 300 dpi: 0.13 mm
    assert width < height, f"{label} is not upright"
    marks = find_marks(gray)
    check_clear_of_marks(gray, marks, label)
    left, top, right, bottom = (v / PX for v in marks.square)
    assert (left, top) == pytest.approx((MARK_INSET_MM, MARK_INSET_MM), abs=tolerance), label
    assert (right - left + 1 / PX, bottom - top + 1 / PX) == pytest.approx((MARK_SQUARE_MM,) * 2, abs=tolerance), label
    tr_left, tr_top, tr_right, tr_bottom = (v / PX for v in marks.top_right)
    assert (width - tr_right - 1 / PX, tr_top) == pytest.approx((MARK_INSET_MM, MARK_INSET_MM), abs=tolerance), label
    assert (tr_right - tr_left + 1 / PX, tr_bottom - tr_top + 1 / PX) == pytest.approx(
        (MARK_ARM_MM, MARK_ARM_MM), abs=tolerance
    ), label
    bl_left, bl_top, bl_right, bl_bottom = (v / PX for v in marks.bottom_left)
    assert (bl_left, height - bl_bottom - 1 / PX) == pytest.approx((MARK_INSET_MM, MARK_INSET_MM), abs=tolerance), label
    assert (bl_right - bl_left + 1 / PX, bl_bottom - bl_top + 1 / PX) == pytest.approx(
        (MARK_ARM_MM, MARK_ARM_MM), abs=tolerance
    ), label
    # thickness, through the middle of each arm: the ink across it, summed
    row = marks.top_right[1] + int(MARK_ARM_MM / 2 * PX)
    across = (255 - gray[row, marks.top_right[2] - 10 : marks.top_right[2] + 3].astype(float)).sum() / 255 / PX
    col = marks.bottom_left[0] + int(MARK_ARM_MM / 2 * PX)
    down = (255 - gray[marks.bottom_left[3] - 10 : marks.bottom_left[3] + 3, col].astype(float)).sum() / 255 / PX
    assert (across, down) == pytest.approx((MARK_STROKE_MM, MARK_STROKE_MM), abs=0.06), label
    return marks


def check_clear_of_marks(gray: np.ndarray, marks, label: str) -> None:
    """Nothing printed outside the marks, nor in their corners but the marks themselves."""
    inset, corner = int((MARK_INSET_MM - 0.3) * PX), int((MARK_INSET_MM + MARK_ARM_MM + 0.9) * PX)
    for strip in (gray[:inset], gray[-inset:], gray[:, :inset], gray[:, -inset:]):
        assert not (strip < 245).any(), f"{label}: ink outside the marks"
    h, w = gray.shape
    for name, (rows, cols), box in (
        ("top left", (slice(0, corner), slice(0, corner)), marks.square),
        ("top right", (slice(0, corner), slice(w - corner, w)), marks.top_right),
        ("bottom left", (slice(h - corner, h), slice(0, corner)), marks.bottom_left),
    ):
        zone = gray[rows, cols] < 245
        x0, y0, x1, y1 = box
        zone[y0 - rows.start - 1 : y1 - rows.start + 2, x0 - (cols.start or 0) - 1 : x1 - (cols.start or 0) + 2] = False
        assert not zone.any(), f"{label}: ink in the {name} mark's corner"


def check_keep_out(paths: list[CutPath], width: float, height: float, label: str) -> None:
    """What is cut lies inside the marks (Silhouette's printable area), out of their corners' squares."""
    reach = MARK_INSET_MM + MARK_ARM_MM
    for path in paths:
        xs, ys = [x for x, _ in path.points], [y for _, y in path.points]
        assert min(xs) > MARK_INSET_MM and max(xs) < width - MARK_INSET_MM, label
        assert reach < min(ys) and max(ys) < height - reach, label


def test_the_foot_of_each_page_names_the_cutter_and_files_set_the_dialog_up(cut_build):
    """The imprint says the build was made for the cutter; the cut files sit beside the PDFs they
    cut, one pair per marked page, and the manifest records each."""
    import json

    for manifest in cut_build.glob("*/manifest.json"):
        record = json.loads(manifest.read_text())
        assert record["options"]["cutter"] == "silhouette"
        listed = {f["file"] for f in record["cut_files"]}
        on_disk = {p.name for p in manifest.parent.iterdir() if "-cut-p" in p.name}
        assert listed == on_disk, manifest.parent.name
        for name in listed:
            pdf = manifest.parent / (name.split("-cut-p")[0] + ".pdf")
            text = pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range()
            assert "cutter silhouette" in " ".join(text.split()), pdf.name


@pytest.mark.named_games
def test_a_printer_profile_brings_its_cutter_and_a_build_without_one_takes_its_files_away(run, isolated):
    """`cutter` in a printer profile marks the sheets; a cut file gone makes the next build
    rebuild it; building without the cutter removes the cut files it no longer makes."""
    (isolated / "pnp.toml").write_text('[printers.cameo]\npaper = "letter"\ncutter = "silhouette"\n')
    folder = isolated / "output" / "straight-to"
    assert run("build", "straight-to", "--printer", "cameo", "-q").exit_code == 0
    cut = {p.name: p.read_bytes() for p in folder.iterdir() if "-cut-p" in p.name}
    assert "tokens-and-pawns-cut-p01.dxf" in cut and "tokens-and-pawns-cut-p01.svg" in cut
    (folder / "cards-cut-p01.svg").unlink()
    result = run("build", "straight-to", "--printer", "cameo")
    assert result.exit_code == 0 and "up to date" not in result.output, result.output
    # made again, byte for byte: a cut file holds no date or random id
    assert {p.name: p.read_bytes() for p in folder.iterdir() if "-cut-p" in p.name} == cut
    assert run("build", "straight-to", "--paper", "letter", "-q").exit_code == 0
    assert not [p.name for p in folder.iterdir() if "-cut-p" in p.name]
