"""A Tabletop Simulator saved object per game: decks as `Deck` objects over `CustomDeck` sheets
(each distinct face once, at most 10 x 7 and 4096 px, a sheet of backs where the backs differ),
tokens as two-sided custom tiles, pawns as custom figurines, boards and sheets
as tiles, all in one JSON with its thumbnail, for TTS's Saved Objects folder."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from PIL import Image

from pnp.export.catalogue import Catalogue, ExportDeck, Flat, PieceSet
from pnp.export.pictures import FileNames, draw_sides, png_bytes, slug, standee_sides
from pnp.files.atomic import write_bytes_atomic
from pnp.games.kit import standee_tab
from pnp.geometry import CARDS, INCH_MM
from pnp.source.icons import IconStore

TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096
URL_SAFE = ":/?#[]@!$&'()*+,;=%~"  # RFC 3986's delimiters and the percent of an escape
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1  # the last slot shows the hidden face
# Sizes on the table. A unit is about an inch (the knowledge base gives a token's thickness "in
# in-game units (about an inch)"); an unscaled tile is 2 x 2 units and an unscaled card the poker
# card's 2.5 x 3.5 in, so a piece's scale is its size over those. A tile is imported without
# "Stretch" (the import menu's "Stretch to Aspect Ratio", which would reshape it from its image):
# its own scales give it its image's proportions, so its footprint is known from the saved object.
UNIT_MM = INCH_MM
TILE_MM = 2 * UNIT_MM
CARD_MM = CARDS["poker"]
BAG_MM = 76.2  # a bag on the table, whatever it holds
GAP_MM = UNIT_MM  # between objects
ROW_MM = 1016.0  # a row of objects, 40 units, before the next row starts
PIECE_DPI = 200
FLAT_DPI = 120
THUMB_PX = 256
Json = dict[str, Any]


def tts_grid(count: int) -> tuple[int, int]:
    """Columns and rows for `count` cards plus the hidden-face slot, at most 10 x 7."""
    slots = count + 1
    cols = min(TTS_COLS, slots)
    return cols, math.ceil(slots / cols)


class SavedObject:
    """Collects the objects and writes the images they point at."""

    def __init__(self, folder: Path, root: Path, base_url: str | None, store: IconStore, ink_saver: bool):
        self.folder, self.root, self.store, self.ink_saver = folder, root, store, ink_saver
        # an address as typed: what may not stand in a URL (a space, say) is percent-encoded, what
        # is already encoded and the URL's own delimiters stay as they are
        self.base_url = quote(base_url.rstrip("/"), safe=URL_SAFE) if base_url else None
        self.objects: list[Json] = []
        self.written: list[Path] = []
        self.thumbnail: Image.Image | None = None  # from the first picture of what lies face up
        self.names = FileNames()
        self.next_deck_key = 1
        self.row_x = self.row_z = self.row_depth = 0.0  # where the next object goes, mm
        self.widest = 0.0

    def publish(self, stem: str, image: Image.Image, dpi: float, *, face: bool = False) -> str:
        """Write the image as `stem`.png once (or under a numbered name, when a different image has
        that name) and return the URL Tabletop Simulator loads it from; `face`: it shows face up."""
        data = png_bytes(image, dpi)
        name = self.names.name(stem, ".png", content=hashlib.sha256(data).digest())
        path = self.folder / name
        if path not in self.written:
            write_bytes_atomic(path, data, root=self.root)
            self.written.append(path)
        if face and self.thumbnail is None:
            self.thumbnail = _thumbnail(image)
        return f"{self.base_url}/{quote(name)}" if self.base_url else path.resolve().as_uri()

    def place(self, obj: Json, w_mm: float, h_mm: float) -> None:
        """Objects laid out in rows by their size on the table (`w_mm` across, `h_mm` deep), a gap
        between each, so none lands on another."""
        if self.row_x and self.row_x + w_mm > ROW_MM:
            self.row_x, self.row_z, self.row_depth = 0.0, self.row_z + self.row_depth + GAP_MM, 0.0
        obj["Transform"]["posX"] = (self.row_x + w_mm / 2) / UNIT_MM
        obj["Transform"]["posZ"] = -(self.row_z + h_mm / 2) / UNIT_MM
        self.row_x += w_mm + GAP_MM
        self.row_depth = max(self.row_depth, h_mm)
        self.widest = max(self.widest, self.row_x - GAP_MM)
        self.objects.append(obj)

    def place_together(self, objects: list[Json], title: str, w_mm: float, h_mm: float) -> None:
        """One object on the table by its size; several in a bag called `title`."""
        if len(objects) == 1:
            self.place(objects[0], w_mm, h_mm)
        else:
            self.place(_object("Bag", title, ContainedObjects=objects), BAG_MM, BAG_MM)

    def centre(self) -> None:
        """The whole layout moved to the middle of the table."""
        dx, dz = self.widest / 2 / UNIT_MM, (self.row_z + self.row_depth) / 2 / UNIT_MM
        for obj in self.objects:
            obj["Transform"]["posX"] = round(obj["Transform"]["posX"] - dx, 3)
            obj["Transform"]["posZ"] = round(obj["Transform"]["posZ"] + dz, 3)

    # decks -------------------------------------------------------------------------------------
    def deck(self, deck: ExportDeck, prefix: str) -> None:
        designs = list(dict.fromkeys((p.face, p.background, p.back, p.back_background) for p in deck.pieces))
        distinct_backs = {(back, background) for _, _, back, background in designs}
        unique_back = len(distinct_backs) > 1
        aspect = deck.h / deck.w
        slot_w = min(TTS_MAX_PX // TTS_COLS, int(TTS_MAX_PX / TTS_ROWS / aspect))
        slot_h = int(slot_w * aspect)
        dpi = slot_w / (deck.w / INCH_MM)
        where: dict[tuple[object, ...], tuple[int, int]] = {}
        custom: dict[int, Json] = {}
        stem = f"{prefix}-{slug(deck.title)}"
        if not unique_back:  # one back for the deck: drawn and written once
            (back,) = draw_sides(
                [(designs[0][2] or (), designs[0][3])], deck.w, deck.h, dpi, self.store, ink_saver=self.ink_saver
            )
            hidden = back.resize((slot_w, slot_h))
            back_url = self.publish(f"{stem}-back", hidden, dpi)
        for number, start in enumerate(range(0, len(designs), TTS_PER_SHEET), start=1):
            chunk = designs[start : start + TTS_PER_SHEET]
            faces = draw_sides([(d[0], d[1]) for d in chunk], deck.w, deck.h, dpi, self.store, ink_saver=self.ink_saver)
            cols, rows = tts_grid(len(chunk))
            key = self.next_deck_key
            self.next_deck_key += 1
            name = f"{stem}-{number}"
            if unique_back:
                backs = [
                    img.resize((slot_w, slot_h))
                    for img in draw_sides(
                        [(d[2] or (), d[3]) for d in chunk], deck.w, deck.h, dpi, self.store, ink_saver=self.ink_saver
                    )
                ]
                hidden = backs[0]
                back_url = self.publish(f"{name}-backs", _grid(backs, cols, rows, slot_w, slot_h, hidden=hidden), dpi)
            face_sheet = _grid(
                [img.resize((slot_w, slot_h)) for img in faces], cols, rows, slot_w, slot_h, hidden=hidden
            )
            custom[key] = {
                "FaceURL": self.publish(name, face_sheet, dpi, face=True),
                "BackURL": back_url,
                "NumWidth": cols,
                "NumHeight": rows,
                "BackIsHidden": True,
                "UniqueBack": unique_back,
                "Type": 0,
            }
            for slot, design in enumerate(chunk):
                where[design] = (key, slot)
        cards = []
        for piece in deck.pieces:
            key, slot = where[(piece.face, piece.background, piece.back, piece.back_background)]
            cards.append(
                _object(
                    "Card",
                    piece.name,
                    Description=deck.title,
                    CardID=key * 100 + slot,
                    CustomDeck={str(key): custom[key]},
                    scale=deck.w / CARD_MM[0],
                )
            )
        size = (deck.w, CARD_MM[1] * deck.w / CARD_MM[0])  # the card's shape on the table is a poker card's
        if len(cards) == 1:
            self.place(cards[0], *size)
            return
        self.place(
            _object(
                "Deck",
                deck.title,
                DeckIDs=[c["CardID"] for c in cards],
                CustomDeck={str(k): v for k, v in custom.items()},
                ContainedObjects=cards,
                scale=deck.w / CARD_MM[0],
                rotZ=180.0,
            ),
            *size,
        )

    # pieces ------------------------------------------------------------------------------------
    def piece_set(self, pieces: PieceSet, prefix: str) -> None:
        kinds = list(dict.fromkeys(pieces.pieces))
        fronts = draw_sides(
            [(p.face, p.background) for p in kinds], pieces.w, pieces.h, PIECE_DPI, self.store, ink_saver=self.ink_saver
        )
        backs = draw_sides(
            [(p.back, p.back_background) for p in kinds if p.back is not None],
            pieces.w,
            pieces.h,
            PIECE_DPI,
            self.store,
            ink_saver=self.ink_saver,
        )
        back_of = dict(zip([p for p in kinds if p.back is not None], backs, strict=True))
        made: dict[Any, Json] = {}
        for index, (piece, front) in enumerate(zip(kinds, fronts, strict=True), start=1):
            name = f"{prefix}-{slug(pieces.title)}-{index:02d}"
            if piece.fold != "none":
                top, bottom = standee_sides(front, PIECE_DPI, standee_tab(pieces.w))
                front_url = self.publish(f"{name}-front", top, PIECE_DPI, face=True)
                back_url = self.publish(f"{name}-back", bottom, PIECE_DPI)
            else:
                front_url = self.publish(name, front, PIECE_DPI, face=True)
                back = back_of.get(piece)
                back_url = self.publish(f"{name}-back", back, PIECE_DPI) if back is not None else front_url
            image = {"ImageURL": front_url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0}
            if piece.fold == "standee":
                made[piece] = {"Name": "Figurine_Custom", "CustomImage": image, "scale": pieces.w / TILE_MM}
            else:
                shape = 2 if pieces.shape == "round" else 0
                image["CustomTile"] = {"Type": shape, "Thickness": 0.1, "Stackable": pieces.piles, "Stretch": False}
                made[piece] = {
                    "Name": "Custom_Tile",
                    "CustomImage": image,
                    "scale": (pieces.w / TILE_MM, pieces.h / TILE_MM),
                }
        contained = [
            _object(made[p]["Name"], p.name, CustomImage=made[p]["CustomImage"], scale=made[p]["scale"])
            for p in pieces.pieces
        ]
        depth = pieces.h if contained[0]["Name"] == "Custom_Tile" else pieces.w  # a figurine stands on its width
        self.place_together(contained, pieces.title, pieces.w, depth)

    # boards and sheets -------------------------------------------------------------------------
    def flat(self, flat: Flat, prefix: str) -> None:
        (image,) = draw_sides(
            [(flat.elements, flat.background)], flat.w, flat.h, FLAT_DPI, self.store, ink_saver=self.ink_saver
        )
        url = self.publish(f"{prefix}-{slug(flat.title)}", image, FLAT_DPI, face=True)
        custom = {
            "ImageURL": url,
            "ImageSecondaryURL": url,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": False},
        }
        tiles = [
            _object("Custom_Tile", flat.name, CustomImage=custom, scale=(flat.w / TILE_MM, flat.h / TILE_MM))
            for _ in range(flat.copies)
        ]
        self.place_together(tiles, f"{flat.title} x {flat.copies}", flat.w, flat.h)


def _grid(images: list[Image.Image], cols: int, rows: int, w: int, h: int, *, hidden: Image.Image) -> Image.Image:
    sheet = Image.new("RGB", (cols * w, rows * h), "white")
    for i, image in enumerate(images):
        sheet.paste(image, ((i % cols) * w, (i // cols) * h))
    last = cols * rows - 1
    sheet.paste(hidden, ((last % cols) * w, (last // cols) * h))
    return sheet


def _object(
    name: str, nickname: str, *, scale: float | tuple[float, float] = 1.0, rotZ: float = 0.0, **fields: Any
) -> Json:
    """An object state with the keys every saved object carries (its GUID is set when written);
    `scale` is one factor, or one across and one deep."""
    across, deep = scale if isinstance(scale, tuple) else (scale, scale)
    return {
        "GUID": "",
        "Name": name,
        "Nickname": nickname,
        "Description": fields.pop("Description", ""),
        "Transform": {
            "posX": 0.0,
            "posY": 1.0,
            "posZ": 0.0,
            "rotX": 0.0,
            "rotY": 180.0,
            "rotZ": rotZ,
            "scaleX": round(across, 4),
            "scaleY": 1.0,
            "scaleZ": round(deep, 4),
        },
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        **fields,
    }


def export_tts(
    found: Catalogue,
    store: IconStore,
    *,
    folder: Path,
    root: Path,
    base_url: str | None,
    ink_saver: bool,
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """Write the images and `<game>.json` with `<game>.png` beside it; returns every file written."""
    saved = SavedObject(folder, root, base_url, store, ink_saver)
    prefix = slug(found.game)
    for deck in found.decks:
        saved.deck(deck, prefix)
        if progress:
            progress(1)
    for pieces in found.pieces:
        saved.piece_set(pieces, prefix)
        if progress:
            progress(1)
    for flat in found.flats:
        saved.flat(flat, prefix)
        if progress:
            progress(1)
    saved.centre()
    _number_guids(saved.objects, prefix)
    thumb = saved.thumbnail or Image.new("RGB", (THUMB_PX, THUMB_PX), "white")
    write_bytes_atomic(folder / f"{prefix}.png", png_bytes(thumb, 72), root=root)
    state = {
        "SaveName": found.title,
        "GameMode": found.title,
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "TabStates": {},
        "ObjectStates": saved.objects,
    }
    path = folder / f"{prefix}.json"
    write_bytes_atomic(path, (json.dumps(state, indent=1) + "\n").encode(), root=root)
    return [*saved.written, folder / f"{prefix}.png", path]


def _number_guids(objects: list[Json], prefix: str) -> None:
    """Six hex digits per object, unique in the file and the same on every export."""
    count = 0

    def walk(items: list[Json]) -> None:
        nonlocal count
        for obj in items:
            count += 1
            obj["GUID"] = hashlib.sha1(f"{prefix}:{count}".encode()).hexdigest()[:6]
            walk(obj.get("ContainedObjects", []))

    walk(objects)


def _thumbnail(image: Image.Image) -> Image.Image:
    """The picture fitted into the square TTS shows beside the saved object, on white."""
    thumb = Image.new("RGB", (THUMB_PX, THUMB_PX), "white")
    picture = image.convert("RGB")
    picture.thumbnail((THUMB_PX, THUMB_PX))
    thumb.paste(picture, ((THUMB_PX - picture.width) // 2, (THUMB_PX - picture.height) // 2))
    return thumb
