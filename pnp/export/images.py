"""Card images for print-on-demand shops: one PNG per distinct face and back, with its dpi, and
quantities.csv saying how many of each to order and which back goes behind each face."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.export.catalogue import ExportDeck, Side
from pnp.export.pictures import FileNames, slug, write_csv, write_side_pngs
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


DeckRows = tuple[ExportDeck, list[ImageRow]]


def image_rows(decks: Sequence[ExportDeck]) -> list[DeckRows]:
    """Each deck with its rows: each distinct face with its back (a face shown with two backs is listed twice),
    then each distinct back with the number of cards it is printed behind. The decks share one
    folder, so faces are numbered by kind through all of them, and a name another drawing (or the
    same drawing at another size) has taken gets a number after it."""
    numbering: Counter[str] = Counter()
    names = FileNames()
    out = []
    for deck in decks:
        faces: dict[Side, str] = {}
        backs: dict[Side, ImageRow] = {}
        rows = []
        for pair in deck.pairs():
            piece = pair.piece
            if pair.face not in faces:
                numbering[piece.kind] += 1
                stem = f"{slug(piece.kind)}-{numbering[piece.kind]:02d}"
                faces[pair.face] = names.name(stem, ".png", content=(deck.w, deck.h, deck.margin, pair.face))
            if pair.back not in backs:
                backs[pair.back] = ImageRow(
                    file=names.name(
                        f"back-{slug(piece.back_name or deck.title)}",
                        ".png",
                        content=(deck.w, deck.h, deck.margin, pair.back),
                    ),
                    quantity=0,
                    side="back",
                    back="",
                    kind="",
                    name=piece.back_name or "",
                    drawing=pair.back,
                )
            backs[pair.back].quantity += pair.count
            rows.append(
                ImageRow(
                    file=faces[pair.face],
                    quantity=pair.count,
                    side="face",
                    back=backs[pair.back].file,
                    kind=piece.kind,
                    name=piece.name,
                    drawing=pair.face,
                )
            )
        out.append((deck, rows + list(backs.values())))
    return out


def export_images(
    rows: list[DeckRows],
    store: IconStore,
    *,
    dpi: float,
    bleed_mm: float,
    ink_saver: bool,
    folder: Path,
    root: Path,
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """Each deck's images (`rows`, from `image_rows`) and quantities.csv; an image two decks show is
    drawn once."""
    sizes: dict[str, tuple[int, int]] = {}
    lines = []
    for deck, deck_rows in rows:
        sizes |= write_side_pngs(
            {row.file: row.drawing for row in deck_rows if row.file not in sizes},
            deck.w,
            deck.h,
            dpi,
            store,
            bleed_mm=bleed_mm + deck.margin,
            ink_saver=ink_saver,
            folder=folder,
            root=root,
            progress=progress,
        )
        lines += [
            {
                "file": row.file,
                "quantity": row.quantity,
                "side": row.side,
                "back": row.back,
                "kind": row.kind,
                "name": row.name,
                "deck": deck.title,
                "width_px": sizes[row.file][0],
                "height_px": sizes[row.file][1],
                "dpi": dpi,
            }
            for row in deck_rows
        ]
    write_csv(folder / "quantities.csv", lines, root=root)
    return [*(folder / file for file in sizes), folder / "quantities.csv"]


def image_count(rows: list[DeckRows]) -> int:
    """How many images `export_images` draws: the progress bar's length."""
    return len({row.file for _, deck_rows in rows for row in deck_rows})
