"""Card images for print-on-demand shops: one PNG per distinct face and back, with its dpi, and
quantities.csv saying how many of each to order."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from pnp.export.catalogue import Deck
from pnp.export.pictures import Side, draw_sides, png_bytes, slug
from pnp.files.atomic import write_bytes_atomic
from pnp.source.icons import IconStore


def image_jobs(deck: Deck) -> list[tuple[str, int, str, str, str, Side]]:
    """(file, quantity, side, kind, name, drawing) for each distinct face and back of the deck."""
    faces = Counter((p.kind, p.name, p.face, p.background) for p in deck.pieces)
    backs = Counter((p.back_name, p.back, p.back_background) for p in deck.pieces if p.back is not None)
    numbering: Counter[str] = Counter()
    jobs = []
    for (kind, name, face, background), count in faces.items():
        numbering[kind] += 1
        jobs.append((f"{slug(kind)}-{numbering[kind]:02d}.png", count, "face", kind, name, (face, background)))
    for (back_name, back, background), count in backs.items():
        jobs.append((f"back-{slug(back_name or deck.title)}.png", count, "back", "", back_name or "",
                     (back, background)))
    return jobs


def export_images(decks: list[Deck], store: IconStore, *, dpi: float, bleed_mm: float, ink_saver: bool,
                  folder: Path, root: Path, progress: Callable[[int], None] | None = None) -> list[Path]:
    written: list[Path] = []
    rows = []
    for deck in decks:
        jobs = image_jobs(deck)
        images = draw_sides([job[5] for job in jobs], deck.w, deck.h, dpi, store, bleed_mm=bleed_mm,
                            ink_saver=ink_saver)
        for (file, count, side, kind, name, _), image in zip(jobs, images, strict=True):
            write_bytes_atomic(folder / file, png_bytes(image, dpi), root=root)
            written.append(folder / file)
            rows.append({"file": file, "quantity": count, "side": side, "kind": kind, "name": name,
                         "deck": deck.title, "width_px": image.width, "height_px": image.height, "dpi": dpi})
            if progress:
                progress(1)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    write_bytes_atomic(folder / "quantities.csv", buffer.getvalue().encode(), root=root)
    return [*written, folder / "quantities.csv"]
