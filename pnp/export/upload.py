"""The files one card-printing service takes for a game's decks, and cards.csv, which pairs every
front with its back and says how many copies to order: a PDF/X-1a file per deck (each card's
two sides on a page pair, in the order the service asks, its copies' pairs one after another:
`pages`), or an RGB PNG per
front and per back, numbered so front-007 goes with back-007 (or with the deck's one back.png)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.export.catalogue import ExportDeck, Side
from pnp.export.cmyk import CmykInks, OutputProfile
from pnp.export.pictures import FileNames, slug, write_csv, write_side_pngs
from pnp.export.printshop import printshop_pdf
from pnp.export.proof import write_proofs
from pnp.export.services import Service
from pnp.files.atomic import write_bytes_atomic
from pnp.source.icons import IconStore

MANIFEST = "cards.csv"


def export_service(
    decks: list[ExportDeck],
    service: Service,
    store: IconStore,
    *,
    ink_saver: bool,
    game_title: str,
    profile: OutputProfile | None,
    max_ink: float | None,
    proof: bool,
    folder: Path,
    root: Path,
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """`max_ink` and `proof` (a soft proof beside each PDF, `write_proofs`) apply to a PDF service."""
    written: list[Path] = []
    rows: list[dict[str, object]] = []
    inks = CmykInks(profile, max_ink=max_ink) if profile else None  # one colour conversion for every deck
    names = FileNames()
    for number, deck in enumerate(decks):
        stem = names.name(slug(deck.title), "", content=number)  # two decks of one title: cards, cards-2
        if service.pdf:
            assert inks is not None
            written.append(
                _pdf(
                    deck,
                    stem,
                    service,
                    store,
                    ink_saver=ink_saver,
                    game_title=game_title,
                    inks=inks,
                    folder=folder,
                    root=root,
                    rows=rows,
                )
            )
            if proof:
                written += write_proofs(
                    deck, stem, inks, store, bleed_mm=service.bleed_mm, ink_saver=ink_saver, folder=folder, root=root
                )
        else:
            written += _pngs(deck, stem, service, store, ink_saver=ink_saver, folder=folder, root=root, rows=rows)
        if progress:
            progress(1)
    write_csv(folder / MANIFEST, rows, root=root)
    return [*written, folder / MANIFEST]


def _pdf(
    deck: ExportDeck,
    stem: str,
    service: Service,
    store: IconStore,
    *,
    ink_saver: bool,
    game_title: str,
    inks: CmykInks,
    folder: Path,
    root: Path,
    rows: list[dict[str, object]],
) -> Path:
    path = folder / f"{stem}.pdf"
    write_bytes_atomic(
        path,
        printshop_pdf(
            deck,
            store,
            bleed_mm=service.bleed_mm,
            ink_saver=ink_saver,
            game_title=game_title,
            inks=inks,
            back_first=service.back_first,
        ),
        root=root,
    )
    page = 1
    for pair in deck.pairs():
        last = page + 2 * pair.count - 1
        front, back = (page + 1, page) if service.back_first else (page, page + 1)
        rows.append(
            {
                "deck": deck.title,
                "front": f"{path.name} page {front}",
                "back": f"{path.name} page {back}",
                "count": pair.count,
                "pages": f"{page}-{last}",
                "kind": pair.piece.kind,
                "name": pair.piece.name,
                "back_name": pair.piece.back_name or "",
            }
        )
        page = last + 1
    return path


def _pngs(
    deck: ExportDeck,
    stem: str,
    service: Service,
    store: IconStore,
    *,
    ink_saver: bool,
    folder: Path,
    root: Path,
    rows: list[dict[str, object]],
) -> list[Path]:
    pairs = deck.pairs()
    one_back = len({pair.back for pair in pairs}) == 1
    files: dict[str, Side] = {}
    for number, pair in enumerate(pairs, start=1):
        front = f"{stem}-front-{number:03d}.png"
        back = f"{stem}-back.png" if one_back else f"{stem}-back-{number:03d}.png"
        files[front], files[back] = pair.face, pair.back
        rows.append(
            {
                "deck": deck.title,
                "front": front,
                "back": back,
                "count": pair.count,
                "pages": "",
                "kind": pair.piece.kind,
                "name": pair.piece.name,
                "back_name": pair.piece.back_name or "",
            }
        )
    write_side_pngs(
        files,
        deck.w,
        deck.h,
        service.dpi,
        store,
        bleed_mm=service.bleed_mm + deck.margin,
        ink_saver=ink_saver,
        folder=folder,
        root=root,
    )
    return [folder / file for file in files]
