"""Print-shop PDFs: one card per page at trim size plus bleed, each card's two sides on a pair of
pages in the order the service asks for, as PDF/X-1a:2003 in CMYK for a named press condition (the
file card-printing services ask for when they take a single PDF per deck)."""

from __future__ import annotations

from pnp import __version__
from pnp.export.catalogue import ExportDeck, Side
from pnp.export.cmyk import CmykInks
from pnp.export.pdfx import as_pdfx
from pnp.geometry import MM
from pnp.render.bleed import paint_side
from pnp.render.elements import icon_refs
from pnp.render.fonts import font, register_fonts
from pnp.render.pages import FormCache
from pnp.render.painter import Painter
from pnp.source.icons import IconStore


def printshop_pdf(
    deck: ExportDeck,
    store: IconStore,
    *,
    bleed_mm: float,
    ink_saver: bool,
    game_title: str,
    inks: CmykInks,
    back_first: bool,
) -> bytes:
    """Pages front, back, front, back, ... (back, front, ... when `back_first`) for every copy of
    every card; each distinct side is drawn once as a form and placed on each page that shows it.
    The card is laid out `deck.margin` mm inside its trim, and the page is the trim plus `bleed_mm`
    all round."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    rl_config.useA85 = 0
    bleed = bleed_mm * MM
    outside = bleed + deck.margin * MM
    width, height = deck.w * MM + 2 * outside, deck.h * MM + 2 * outside
    # a name reportlab wants but never writes to: the bytes are taken with getpdfdata
    canvas = Canvas(
        "deck.pdf",
        pagesize=(width, height),
        invariant=1,
        pageCompression=1,
        enforceColorSpace="cmyk",
        initialFontName=font(False),  # type: ignore[arg-type]  # stubs: a name is a str
        initialFontSize=8,
    )
    canvas.setTitle(f"{game_title}: {deck.title} (print shop)")
    canvas.setCreator(f"purgatory-pnp {__version__}")
    forms = FormCache(canvas, store, outlined=ink_saver, press=inks.picture, colors=inks.color)
    painter = Painter(canvas, forms, ink_saver, colors=inks.color)

    def side_form(side: Side) -> str:
        forms.ready(icon_refs(side[0]))  # forms do not nest: icons first
        return forms.form(repr(side), (0, 0, width, height), lambda: paint_side(painter, side, deck.w, deck.h, outside))

    for pair in deck.pairs():  # a card's copies one after another, as the manifest lists them
        for side in ((pair.back, pair.face) if back_first else (pair.face, pair.back)) * pair.count:
            canvas.setPageSize((width, height))
            canvas.setTrimBox((bleed, bleed, width - bleed, height - bleed))
            canvas.setBleedBox((0, 0, width, height))
            canvas.doForm(side_form(side))
            canvas.showPage()
    pdf: bytes = canvas.getpdfdata()  # type: ignore[no-untyped-call]  # the bytes, written nowhere (nor copied)
    return as_pdfx(pdf, inks.profile)
