"""A designer's own artwork: pictures and SVG kept in a game's `art/` folder beside its data, named
in any icon slot or value as `art/<file>`, credited in `art/credits.toml`. Never fetched, never sent
anywhere: read from the project, checked as strictly as a downloaded icon, and drawn from there."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import IconError, closest
from pnp.files.safefiles import UnsafeFile, read_regular
from pnp.findings import shown

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

    from pnp.source.svgshape import IconShape

FOLDER = "art"
CREDITS = "credits.toml"
ART_REF = re.compile(r"\Aart/([A-Za-z0-9][A-Za-z0-9_.-]{0,100}\.(svg|png|jpe?g))\Z", re.IGNORECASE)
ART_PATTERN = r"art/[A-Za-z0-9][A-Za-z0-9_.-]{0,100}\.([sS][vV][gG]|[pP][nN][gG]|[jJ][pP][eE]?[gG])"
MAX_ART_BYTES = 32 * 1024 * 1024
MAX_CREDITS_BYTES = 1024 * 1024
MAX_PIXELS = 50_000_000  # 7,000 x 7,000: a tarot card at 1,200 dpi, with room
PRINT_DPI = 300  # below this at its printed size a picture looks soft
RASTERS = frozenset({"PNG", "JPEG"})


def is_art_ref(text: object) -> bool:
    return isinstance(text, str) and bool(ART_REF.match(text))


def is_picture_ref(text: str) -> bool:
    """A raster (PNG or JPEG) of the designer's, drawn as it is; an own SVG is drawn as an icon."""
    return is_art_ref(text) and not text.lower().endswith(".svg")


@dataclass(frozen=True, kw_only=True)
class Picture:
    """A checked raster: its bytes, as embedded once per PDF, and its size in pixels."""

    data: bytes
    width: int
    height: int

    def on_paper(self) -> PILImage:
        """The picture as it prints: RGB, its transparent parts the white of the paper (a press
        takes no transparency, and a reader sees the paper through them)."""
        from PIL import Image

        with Image.open(BytesIO(self.data)) as opened:
            rgba = opened.convert("RGBA")
        return Image.alpha_composite(Image.new("RGBA", rgba.size, "#ffffff"), rgba).convert("RGB")

    def dpi(self, w_mm: float, h_mm: float) -> float:
        """The resolution it prints at when fitted inside w_mm x h_mm, its proportions kept."""
        scale = min(w_mm / self.width, h_mm / self.height)  # mm a pixel
        return 25.4 / scale


@dataclass(frozen=True, kw_only=True)
class Credit:
    author: str
    licence: str


class ArtShelf:
    """One game's `art/` folder. Each file is read and checked once; a problem is an IconError
    naming the file and what is wrong."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._pictures: dict[str, Picture] = {}
        self._shapes: dict[str, IconShape] = {}

    def path(self, ref: str) -> Path:
        match = ART_REF.match(ref)
        if not match:
            raise IconError(f"{ref!r}: own art is named art/<file>.svg, .png or .jpg")
        return self.folder / match.group(1)

    def _read(self, ref: str) -> bytes:
        path = self.path(ref)
        if not path.exists() and not path.is_symlink():
            listed = sorted(p.name for p in self.folder.glob("*") if is_art_ref(f"{FOLDER}/{p.name}"))
            meant = closest(path.name, listed)
            if meant is not None:
                raise IconError(f"no file {ref!r} in {shown(self.folder)}. Did you mean '{FOLDER}/{meant}'?")
            said = f" (it holds {', '.join(listed[:8])})" if listed else ""
            raise IconError(f"{shown(path)}: own art {ref!r} not found: put the file in {shown(self.folder)}{said}")
        try:
            return read_regular(path, MAX_ART_BYTES, links=False)
        except UnsafeFile as exc:
            raise IconError(f"{shown(path)}: refused: {exc}") from None

    def picture(self, ref: str) -> Picture:
        if ref not in self._pictures:
            self._pictures[ref] = self._checked_picture(ref)
        return self._pictures[ref]

    def _checked_picture(self, ref: str) -> Picture:
        from PIL import Image, UnidentifiedImageError

        data = self._read(ref)
        try:
            with Image.open(BytesIO(data)) as image:  # reads the header only: the size is known undecoded
                kind, (width, height) = image.format, image.size
                if kind not in RASTERS:
                    raise IconError(f"{shown(self.path(ref))}: a {kind} picture; own art is PNG, JPEG or SVG")
                if width * height > MAX_PIXELS:
                    raise Image.DecompressionBombError
                image.load()
        except IconError:
            raise
        except Image.DecompressionBombError:
            raise IconError(
                f"{shown(self.path(ref))}: more than {MAX_PIXELS:,} pixels; scale it to the size it prints at, "
                "at 300 to 600 dpi"
            ) from None
        except UnidentifiedImageError:
            raise IconError(f"{shown(self.path(ref))}: {_not_a_picture(data, self.path(ref))}") from None
        except (OSError, ValueError) as exc:
            raise IconError(f"{shown(self.path(ref))}: not a picture that can be read ({exc})") from None
        return Picture(data=data, width=width, height=height)

    def shape(self, ref: str) -> IconShape:
        if ref not in self._shapes:
            from pnp.source.svgshape import SvgRejected, own_shape

            try:
                self._shapes[ref] = own_shape(self._read(ref))
            except SvgRejected as exc:
                raise IconError(f"{shown(self.path(ref))}: refused: {exc}") from None
        return self._shapes[ref]

    def check(self, ref: str) -> None:
        """Raise the IconError that drawing `ref` would meet, or that its credit is missing."""
        self.shape(ref) if not is_picture_ref(ref) else self.picture(ref)
        name = self.path(ref).name
        if self.listed is not None and name not in self.listed:  # a credit written wrong is said at its line
            raise IconError(
                f"{shown(self.folder / CREDITS)}: own art {name!r} has no credit: add a table "
                f'["{name}"] with author = "..." and licence = "..." (who made it, and on what terms)'
            )

    @cached_property
    def listed(self) -> dict[str, object] | None:
        """art/credits.toml's entries as written, by file name; None when it cannot be read as TOML
        (`artcredits.credit_problems` says why, once, at its line)."""
        import tomli

        path = self.folder / CREDITS
        if not path.exists() and not path.is_symlink():
            return {}
        try:
            return dict(tomli.loads(read_regular(path, MAX_CREDITS_BYTES, links=False).decode("utf-8")))
        except (UnsafeFile, UnicodeDecodeError, tomli.TOMLDecodeError, RecursionError):
            return None

    @cached_property
    def credits(self) -> dict[str, Credit]:
        """File name -> who made it and under what licence: the entries written in full."""
        out = {}
        for name, entry in (self.listed or {}).items():
            if isinstance(entry, dict) and set(entry) == {"author", "licence"}:
                author, licence = entry["author"], entry["licence"]
                if isinstance(author, str) and author.strip() and isinstance(licence, str) and licence.strip():
                    out[name] = Credit(author=author.strip(), licence=licence.strip())
        return out


def _not_a_picture(data: bytes, path: Path) -> str:
    """Why a file named as a picture is none, said by what it holds where that can be told."""
    kind = "JPEG" if path.suffix.lower() in (".jpg", ".jpeg") else "PNG"
    start = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if start.startswith((b"<svg", b"<?xml")) and b"<svg" in start:
        return f"not a {kind} picture: it holds an SVG drawing (name it {path.stem}.svg)"
    return f"not a {kind} picture (PNG and JPEG files are read by what they hold, whatever their name)"


def _by_maker(refs: Iterable[str], shelf: ArtShelf | None) -> dict[Credit, list[str]]:
    """The files of the designer's own art that `refs` name, by who made them and on what terms."""
    found: dict[Credit, list[str]] = {}
    if shelf is None:
        return found
    for name in sorted({shelf.path(r).name for r in refs if is_art_ref(r)}):
        credit = shelf.credits.get(name)
        if credit is not None:
            found.setdefault(credit, []).append(name)
    return found


def art_credits_lines(refs: Iterable[str], shelf: ArtShelf | None) -> list[str]:
    """Attribution per author of the designer's own art that `refs` name."""
    return [f"{c.author}: {', '.join(names)} ({c.licence})" for c, names in _by_maker(refs, shelf).items()]


def art_authors(refs: Iterable[str], shelf: ArtShelf | None) -> list[str]:
    """Who made the designer's own art that `refs` name, for a page's footer."""
    return sorted({credit.author for credit in _by_maker(refs, shelf)})
