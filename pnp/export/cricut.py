"""Cricut Design Space print then cut: a game's cut pieces (cards, tokens, standees, aids) grouped
onto PNG images no larger than the area Design Space prints and cuts on a sheet of Letter or A4,
at 300 dpi, transparent outside each piece's cut outline (and its bleed, when one is asked for),
each beside an SVG of the same size holding the cut outlines. Design Space prints its own marks;
it cuts round the opaque part of an uploaded image, so without bleed the two agree to the pixel.

The area is Design Space's long-standing print then cut limit, 6.75 x 9.25 in: what it allows
on Letter and A4 on every machine (newer machines take larger sheets; this size fits them all)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from pnp.export.catalogue import Catalogue, Side
from pnp.export.pictures import FileNames, draw_sides, png_bytes, slug
from pnp.files.atomic import write_bytes_atomic
from pnp.geometry import INCH_MM
from pnp.pipeline.cutfiles import outline_path, svg_document
from pnp.source.icons import IconStore

PRINT_THEN_CUT_IN = (6.75, 9.25)  # width x height, inches
DPI = 300
GAP_MM = 3.0  # clear between two pieces' opaque parts: Design Space cuts each island, and islands must not touch


@dataclass(frozen=True, kw_only=True)
class CutSet:
    """Pieces of one size and shape, their fronts, in order (a front as often as it is printed)."""

    title: str
    w: float  # mm, the trim
    h: float
    shape: str
    fronts: list[Side]


@dataclass(frozen=True, kw_only=True)
class ImageGrid:
    """How one set's pieces stand on an image: their cell in pixels (bleed included), turned or not."""

    cols: int
    rows: int
    cell_w: int
    cell_h: int
    gap: int
    turned: bool

    @property
    def per_image(self) -> int:
        return self.cols * self.rows


def cut_sets(found: Catalogue) -> list[CutSet]:
    """Every set of pieces a cutting machine cuts out: decks and the other pieces, fronts only."""
    sets = [
        CutSet(title=d.title, w=d.w, h=d.h, shape="rect", fronts=[(p.face, p.background) for p in d.pieces])
        for d in found.decks
    ]
    sets += [
        CutSet(title=s.title, w=s.w, h=s.h, shape=s.shape, fronts=[(p.face, p.background) for p in s.pieces])
        for s in found.pieces
    ]
    return sets


def px(mm: float) -> float:
    return mm / INCH_MM * DPI


def grid_for(cut: CutSet, bleed_mm: float) -> ImageGrid | None:
    """The layout that puts the most of the set's pieces on one image; None when not one fits."""
    limit_w, limit_h = (round(v * DPI) for v in PRINT_THEN_CUT_IN)
    w, h = round(px(cut.w + 2 * bleed_mm)), round(px(cut.h + 2 * bleed_mm))
    gap = math.ceil(px(GAP_MM))
    best = None
    for turned in (False, True):
        cw, ch = (h, w) if turned else (w, h)
        cols, rows = (limit_w + gap) // (cw + gap), (limit_h + gap) // (ch + gap)
        if cols and rows and (best is None or cols * rows > best.per_image):
            best = ImageGrid(cols=cols, rows=rows, cell_w=cw, cell_h=ch, gap=gap, turned=turned)
    return best


def export_cricut(
    found: Catalogue,
    store: IconStore,
    *,
    bleed_mm: float,
    ink_saver: bool,
    folder: Path,
    root: Path,
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """Each set's images and their SVG cut outlines, and a note on how to use them."""
    written, lines = [], []
    names = FileNames()
    for cut in cut_sets(found):
        grid = grid_for(cut, bleed_mm)
        if grid is None:
            lines.append(f"{cut.title}: {cut.w:g} x {cut.h:g} mm is larger than print then cut's area: cut by hand")
            continue
        base = names.name(slug(cut.title), "", content=id(cut))  # two sets titled alike keep apart
        distinct = list(dict.fromkeys(cut.fronts))
        drawn = dict(
            zip(
                distinct,
                draw_sides(distinct, cut.w, cut.h, DPI, store, bleed_mm=bleed_mm, ink_saver=ink_saver),
                strict=True,
            )
        )
        images = [cut.fronts[i : i + grid.per_image] for i in range(0, len(cut.fronts), grid.per_image)]
        for number, fronts in enumerate(images, start=1):
            stem = f"{base}-{number:02d}"
            image, outlines = _compose([drawn[f] for f in fronts], grid, cut, bleed_mm)
            write_bytes_atomic(folder / f"{stem}.png", png_bytes(image, DPI), root=root)
            write_bytes_atomic(folder / f"{stem}.svg", outline_svg(outlines, image.size, cut.title), root=root)
            written += [folder / f"{stem}.png", folder / f"{stem}.svg"]
            size = " x ".join(f"{v / DPI:.2f}" for v in image.size)
            lines.append(f"{stem}.png ({size} in): {len(fronts)} {cut.title.lower()}")
        if progress:
            progress(1)
    note = folder / "how-to-cut.txt"
    write_bytes_atomic(note, (HOW_TO + "\n".join(lines) + "\n").encode(), root=root)
    return [*written, note]


PixelCut = tuple[str, float, float, float, float]  # shape, x, y, width, height: pixels, y down


def _compose(
    tiles: Sequence[Image.Image], grid: ImageGrid, cut: CutSet, bleed_mm: float
) -> tuple[Image.Image, list[PixelCut]]:
    """The tiles in rows on a transparent image just large enough, each opaque exactly inside its
    outline grown by the bleed (a pixel is opaque when its centre is), and those outlines."""
    count = len(tiles)
    cols, rows = min(grid.cols, count), math.ceil(count / grid.cols)
    margin = grid.gap // 2  # a transparent rim: no piece touches the image's edge
    width = 2 * margin + cols * grid.cell_w + (cols - 1) * grid.gap
    height = 2 * margin + rows * grid.cell_h + (rows - 1) * grid.gap
    sheet = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    bleed = px(bleed_mm)
    outlines: list[PixelCut] = []
    mask = _disc((grid.cell_w, grid.cell_h)) if cut.shape == "round" else None  # a rectangle's tile: opaque to its edge
    for i, tile in enumerate(tiles):
        r, c = divmod(i, grid.cols)
        x, y = margin + c * (grid.cell_w + grid.gap), margin + r * (grid.cell_h + grid.gap)
        art = tile.transpose(Image.Transpose.ROTATE_90) if grid.turned else tile
        sheet.paste(art.convert("RGBA"), (x, y), mask)
        outlines.append((cut.shape, x + bleed, y + bleed, grid.cell_w - 2 * bleed, grid.cell_h - 2 * bleed))
    return sheet, outlines


def _disc(size: tuple[int, int]) -> Image.Image:
    """A mask opaque where a pixel's centre lies inside the circle that fills `size`."""
    w, h = size
    r = min(w, h) / 2
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    for row in range(h):
        dy = row + 0.5 - h / 2
        if abs(dy) >= r:
            continue
        half = math.sqrt(r * r - dy * dy)
        first, last = math.ceil(w / 2 - half - 0.5), math.floor(w / 2 + half - 0.5)
        if first <= last:
            draw.line([(first, row), (last, row)], fill=255)
    return mask


def outline_svg(outlines: Sequence[PixelCut], size: tuple[int, int], title: str) -> bytes:
    """An SVG the image's size in inches, its units the image's pixels: one closed path per piece."""
    w, h = size
    return svg_document(
        size=(f"{w / DPI:.4f}in", f"{h / DPI:.4f}in"),
        view=(w, h),
        title=f"{title}: cut",
        cuts=[(f"{title} {n}", outline_path(*outline)) for n, outline in enumerate(outlines, start=1)],
    )


HOW_TO = """Cricut print then cut
Upload each PNG to Design Space as a print then cut image (it keeps the transparent background) and
check it arrives at the size listed below; Design Space prints its own marks and cuts round each
piece. Turn Design Space's bleed on when these images carry none. The SVG beside each PNG is the
same cut as an outline, for checking or for cutting plain card. Pieces with backs: Design Space
prints one side, so cut the fronts here and glue each onto its back, cut from the build's pages of
backs (crop marks and all), or print the backs on the sheet's reverse first and accept a drift.

"""
