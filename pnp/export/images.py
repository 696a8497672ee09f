"""Card images for print-on-demand shops: one PNG per distinct face and back, with its dpi, and
quantities.csv saying how many of each to order and which back goes behind each face."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.export.catalogue import Deck, Side
from pnp.export.pictures import slug, write_csv, write_side_pngs
from pnp.source.icons import IconStore


@dataclass(kw_only=True)
class ImageRow:
    """A line of quantities.csv: an image, how many to order, and for a face the back behind it."""

    file: str
    quantity: int
    side: str
    back: str
    kind: str
    name: str
    drawing: Side


def image_rows(deck: Deck) -> list[ImageRow]:
    """Each distinct face with its back (a face shown with two backs is listed twice), then each
    distinct back with the number of cards it is printed behind."""
    faces: dict[Side, str] = {}
    backs: dict[Side, ImageRow] = {}
    numbering: Counter[str] = Counter()
    rows = []
    for pair in deck.pairs():
        piece = pair.piece
        if pair.face not in faces:
            numbering[piece.kind] += 1
            faces[pair.face] = f"{slug(piece.kind)}-{numbering[piece.kind]:02d}.png"
        if pair.back not in backs:
            backs[pair.back] = ImageRow(file=f"back-{slug(piece.back_name or deck.title)}.png", quantity=0,
                                        side="back", back="", kind="", name=piece.back_name or "", drawing=pair.back)
        backs[pair.back].quantity += pair.count
        rows.append(ImageRow(file=faces[pair.face], quantity=pair.count, side="face", back=backs[pair.back].file,
                             kind=piece.kind, name=piece.name, drawing=pair.face))
    return rows + list(backs.values())


def export_images(decks: list[Deck], store: IconStore, *, dpi: float, bleed_mm: float, ink_saver: bool,
                  folder: Path, root: Path, progress: Callable[[int], None] | None = None) -> list[Path]:
    written: list[Path] = []
    lines = []
    for deck in decks:
        rows = image_rows(deck)
        sizes = write_side_pngs({row.file: row.drawing for row in rows}, deck.w, deck.h, dpi, store,
                                bleed_mm=bleed_mm + deck.margin, ink_saver=ink_saver, folder=folder, root=root,
                                progress=progress)
        written += [folder / file for file in sizes]
        lines += [{"file": row.file, "quantity": row.quantity, "side": row.side, "back": row.back, "kind": row.kind,
                   "name": row.name, "deck": deck.title, "width_px": sizes[row.file][0],
                   "height_px": sizes[row.file][1], "dpi": dpi} for row in rows]
    write_csv(folder / "quantities.csv", lines, root=root)
    return [*written, folder / "quantities.csv"]


def image_count(decks: list[Deck]) -> int:
    """How many images `export_images` draws: the progress bar's length."""
    return sum(len({row.file for row in image_rows(deck)}) for deck in decks)
