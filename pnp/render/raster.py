"""Pieces as images, drawn by the same Painter as the PDFs and rasterised with pdfium, so an image
and its PDF card never disagree."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from pnp.geometry import MM
from pnp.render.bleed import paint_side
from pnp.render.elements import Element
from pnp.render.fonts import font, register_fonts
from pnp.render.pages import FormCache
from pnp.render.painter import Painter, rl_color
from pnp.source.icons import IconStore

if TYPE_CHECKING:
    from PIL import Image
    from reportlab.lib.colors import Color


def pieces_pdf(
    sides: Sequence[tuple[tuple[Element, ...], str | None]],
    w_mm: float,
    h_mm: float,
    bleed: float,
    store: IconStore,
    ink_saver: bool = False,
    colors: Callable[[str], Color] = rl_color,
) -> bytes:
    """One page per (elements, background): the piece at its size plus `bleed` points all round,
    the background running out to the page edge (left off in ink-saver, as on the printed sheets);
    `colors` turns each '#rrggbb' into the colour drawn (a soft proof's: as the press prints it)."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    rl_config.useA85 = 0
    width, height = w_mm * MM + 2 * bleed, h_mm * MM + 2 * bleed
    canvas = Canvas("side.pdf", pagesize=(width, height), invariant=1, initialFontName=font(False))  # type: ignore[arg-type]  # stubs: a name is a str
    painter = Painter(canvas, FormCache(canvas, store, outlined=ink_saver, colors=colors), ink_saver, colors=colors)
    for side in sides:
        paint_side(painter, side, w_mm, h_mm, bleed)
        canvas.showPage()
    pdf: bytes = canvas.getpdfdata()  # type: ignore[no-untyped-call]  # the bytes, written nowhere
    return pdf


def rasterise(pdf: bytes, dpi: float) -> Iterator[Image.Image]:
    """Every page of `pdf` as an RGB PIL image at `dpi`, exactly round(size x dpi) pixels (pdfium
    rounds up, so a 2.75 in page would come out 826 px at 300 dpi instead of 825). One page at a time:
    an export of 10,000 cards rasterises 10,000 pages."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        for page in document:
            width, height = page.get_size()
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            yield image.crop((0, 0, round(width * dpi / 72), round(height * dpi / 72)))
    finally:
        document.close()
