"""Beyond paper: card images for print-on-demand and Tabletop Simulator deck sheets."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from pnp.atomic import write_bytes_atomic
from pnp.components import Piece, PieceSheet
from pnp.errors import UsageProblem
from pnp.icons import IconStore
from pnp.settings import Settings

TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1     # the last slot shows the hidden face


@dataclass
class Deck:
    title: str
    pieces: list[Piece]
    w: float
    h: float


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


def decks(slug_: str, settings: Settings, store: IconStore) -> list[Deck]:
    """The game's card decks: piece sheets of bleeding rectangles (not tokens, not fold pieces)."""
    from pnp.build import plan_game

    plan = plan_game(slug_, settings, store)
    found = [Deck(section.title, section.pieces, section.width, section.height)
             for spec in plan.specs for section in spec.sections
             if isinstance(section, PieceSheet) and section.shape == "rect" and section.bleeds]
    if not found:
        raise UsageProblem(f"{slug_} has no cards to export (its pieces are boards, sheets and tokens)")
    return found


def _png(image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def export_images(game_decks: list[Deck], store: IconStore, dpi: float, bleed: float, folder: Path,
                  progress: Callable[[int], None] | None = None) -> list[Path]:
    """One PNG per distinct face and per distinct back, and quantities.csv beside them."""
    from pnp.render.raster import pieces_pdf, rasterise

    written: list[Path] = []
    rows = []
    for deck in game_decks:
        faces = Counter((p.kind, p.name, p.face, p.background) for p in deck.pieces)
        backs = Counter((p.back_name, p.back, p.back_background) for p in deck.pieces if p.back is not None)
        numbering: Counter = Counter()
        jobs = []
        for (kind, name, face, background), count in faces.items():
            numbering[kind] += 1
            jobs.append((f"{slug(kind)}-{numbering[kind]:02d}.png", count, "face", kind, name, face, background))
        for (back_name, back, background), count in backs.items():
            jobs.append((f"back-{slug(back_name or deck.title)}.png", count, "back", "", back_name or "", back, background))
        pdf = pieces_pdf([(job[5], job[6]) for job in jobs], deck.w, deck.h, bleed, store)
        for job, image in zip(jobs, rasterise(pdf, dpi)):
            path = folder / job[0]
            write_bytes_atomic(path, _png(image))
            written.append(path)
            rows.append({"file": job[0], "quantity": job[1], "side": job[2], "kind": job[3], "name": job[4],
                         "deck": deck.title, "width_px": image.width, "height_px": image.height})
            if progress:
                progress(1)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    write_bytes_atomic(folder / "quantities.csv", buffer.getvalue().encode())
    return written + [folder / "quantities.csv"]


def tts_grid(count: int) -> tuple[int, int]:
    """Columns and rows for `count` cards plus the hidden-face slot, at most 10 x 7."""
    slots = count + 1
    cols = min(TTS_COLS, slots)
    return cols, math.ceil(slots / cols)


def export_tts(game_decks: list[Deck], store: IconStore, folder: Path,
               progress: Callable[[int], None] | None = None) -> list[Path]:
    """Deck sheets of at most 69 cards (10 x 7, the last slot the hidden face), at most 4096 px a
    side, one back image per distinct back, and a JSON per sheet for TTS's Custom Deck dialog."""
    from PIL import Image

    from pnp.render.raster import pieces_pdf, rasterise

    written: list[Path] = []
    for deck in game_decks:
        aspect = deck.h / deck.w
        slot_w = min(TTS_MAX_PX // TTS_COLS, int(TTS_MAX_PX / TTS_ROWS / aspect))
        slot_h = int(slot_w * aspect)
        dpi = slot_w / (deck.w / 25.4)
        designs = list(dict.fromkeys((p.face, p.background) for p in deck.pieces))
        backs = list(dict.fromkeys((p.back_name, p.back, p.back_background) for p in deck.pieces if p.back))
        images = rasterise(pieces_pdf(designs + [(b[1], b[2]) for b in backs], deck.w, deck.h, 0.0, store), dpi)
        face_image = {design: img.resize((slot_w, slot_h)) for design, img in zip(designs, images)}
        back_image = {b[0]: img.resize((slot_w, slot_h)) for b, img in zip(backs, images[len(designs):])}
        name = slug(deck.title)
        back_files = {}
        for back_name, image in back_image.items():
            file = f"{name}-back-{slug(back_name or 'back')}.png"
            write_bytes_atomic(folder / file, _png(image))
            written.append(folder / file)
            back_files[back_name] = file
        for number, start in enumerate(range(0, len(deck.pieces), TTS_PER_SHEET), start=1):
            cards = deck.pieces[start:start + TTS_PER_SHEET]
            cols, rows = tts_grid(len(cards))
            sheet = Image.new("RGB", (cols * slot_w, rows * slot_h), "white")
            for i, piece in enumerate(cards):
                sheet.paste(face_image[(piece.face, piece.background)], ((i % cols) * slot_w, (i // cols) * slot_h))
            hidden = cols * rows - 1
            first_back = back_image.get(cards[0].back_name) if cards[0].back else None
            if first_back is not None:
                sheet.paste(first_back, ((hidden % cols) * slot_w, (hidden // cols) * slot_h))
            file = f"{name}-{number}.png"
            write_bytes_atomic(folder / file, _png(sheet))
            info = {"deck": deck.title, "sheet": file, "width": cols, "height": rows, "count": len(cards),
                    "width_px": sheet.width, "height_px": sheet.height, "hidden_slot": hidden,
                    "back": back_files.get(cards[0].back_name) if len(back_files) <= 1 else None,
                    "backs": back_files,
                    "cards": [{"slot": i, "name": p.name, "back": back_files.get(p.back_name)} for i, p in enumerate(cards)]}
            write_bytes_atomic(folder / f"{name}-{number}.json", (json.dumps(info, indent=1) + "\n").encode())
            written += [folder / file, folder / f"{name}-{number}.json"]
            if progress:
                progress(1)
    return written
