"""Print-shop PDFs: one card per page at trim size plus bleed, each card's front followed by its
back, TrimBox and BleedBox on every page and every font embedded (the layout card-printing
services ask for when they take a single PDF per deck)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from pnp import __version__
from pnp.export.catalogue import Deck
from pnp.export.pictures import Side, slug
from pnp.files.atomic import write_bytes_atomic
from pnp.geometry import MM
from pnp.render.elements import icon_refs
from pnp.render.fonts import font, register_fonts
from pnp.render.pages import FormCache
from pnp.render.painter import Painter, rl_color
from pnp.render.pieces import bleeding
from pnp.source.icons import IconStore

BLANK: Side = ((), "#ffffff")


def printshop_pdf(deck: Deck, store: IconStore, *, bleed_mm: float, ink_saver: bool, game_title: str) -> bytes:
    """Pages front, back, front, back, ... for every copy of every card; each distinct side is drawn
    once as a form and placed on each page that shows it."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    rl_config.useA85 = 0
    bleed = bleed_mm * MM
    width, height = deck.w * MM + 2 * bleed, deck.h * MM + 2 * bleed
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1,
                    initialFontName=font(False), initialFontSize=8)  # type: ignore[arg-type]  # stubs: a str
    canvas.setTitle(f"{game_title}: {deck.title} (print shop)")
    canvas.setCreator(f"purgatory-pnp {__version__}")
    forms = FormCache(canvas, store, outlined=ink_saver)
    painter = Painter(canvas, forms, ink_saver)

    def side_form(side: Side) -> str:
        elements, background = side
        for ref in sorted(icon_refs(elements)):       # forms do not nest: icons first
            forms.icon_form(ref)

        def draw() -> None:
            if background and not ink_saver:
                canvas.setFillColor(rl_color(background))
                canvas.rect(0, 0, width, height, stroke=0, fill=1)
            painter.draw(bleeding(elements, deck.w, deck.h, bleed_mm) if bleed else elements, bleed, bleed)

        return forms.form(repr(side), (0, 0, width, height), draw)

    for piece in deck.pieces:
        back: Side = (piece.back, piece.back_background) if piece.back is not None else BLANK
        for side in ((piece.face, piece.background), back):
            canvas.setPageSize((width, height))
            canvas.setTrimBox((bleed, bleed, width - bleed, height - bleed))
            canvas.setBleedBox((0, 0, width, height))
            canvas.doForm(side_form(side))
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def export_printshop(decks: list[Deck], store: IconStore, *, bleed_mm: float, ink_saver: bool, game_title: str,
                     folder: Path, root: Path, progress: Callable[[int], None] | None = None) -> list[Path]:
    written = []
    for deck in decks:
        path = folder / f"{slug(deck.title)}.pdf"
        write_bytes_atomic(path, printshop_pdf(deck, store, bleed_mm=bleed_mm, ink_saver=ink_saver,
                                               game_title=game_title), root=root)
        written.append(path)
        if progress:
            progress(1)
    return written
