"""The pictures a build leaves for the gallery, each cut from the pages of a PDF: a thumbnail per
component kind from the PDFs just rendered, and for the change list each changed design before
(from the previous build's PDF, still on disk) and after; a board printed on tiles is pictured
whole, its tiles laid together. Only changed designs are pictured, so a first build of 10,000
designs draws no picture of each."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping
from itertools import islice
from typing import TYPE_CHECKING, Any

from pnp.geometry import MM
from pnp.memory import BuildMemory, Kept
from pnp.pipeline.manifest import Design, Face, TileFace, design_key
from pnp.render.identitycache import SideKeep
from pnp.render.placed import Placed

if TYPE_CHECKING:
    from pnp.pipeline.reprint import Change
    from pnp.render.pages import RenderedDocument

THUMB_HEIGHT = 220  # px of a component kind's thumbnail
DESIGN_DPI = 40  # a changed design's before and after
PICTURED_CHANGES = 48  # the change list's first changes are pictured; reprint.pdf holds every one
EDGE = 0.5  # pt a box may pass its page's edge by (rounding)
MAX_TILES = 256  # a board printed on more tiles is not pictured
KEPT_IMAGES = 64  # pictures kept for the next build: a game's kinds, and room for another game's
OPENED_KEPT = 4  # PDFs kept open: a deck's as this build wrote it, and as the build before did
ALONE_KEPT = 16  # PDFs whose pages are cut alone: a build's files, and those of the build before


class KeptPictures:
    """What picturing pages left for the next build: the pictures cut, their PNGs, the PDFs open."""

    __slots__ = ("alone", "boards", "images", "opened", "pngs")

    def __init__(self) -> None:
        self.images: dict[tuple[object, ...], Any] = {}  # by what the page is drawn from, the box and the scale
        self.pngs: SideKeep[bytes] = SideKeep(KEPT_IMAGES)  # a picture's PNG, by the picture
        self.alone: dict[bytes, Callable[[int], bytes | None]] = {}  # by a file's bytes: each page in a PDF alone
        self.opened: dict[bytes, Any] = {}  # pdfium's documents, by their bytes
        # a tiled board's picture by its tiles' pictures (by identity) and places: the same picture,
        # whose PNG is kept, where no tile of the board was drawn otherwise since
        self.boards: dict[tuple[tuple[int, int, int], ...], tuple[list[tuple[Any, int, int]], Any]] = {}


PICTURES = Kept("page pictures", KeptPictures)


def _png(image: Any, kept: KeptPictures) -> bytes:
    """Pictures favour speed over bytes: a build makes one for each changed design and each kind whose
    files changed. A kept picture (`_Pages`) keeps its PNG."""
    png = kept.pngs.get(image)
    if png is not None:
        return png
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return kept.pngs.put(image, buffer.getvalue())


class _Pages:
    """The PDFs pictures are cut from, each read (`pdf`, by file name; None: none to cut from) on
    first use, and a page cut from a PDF of it alone where the file is one a build drew
    (`cut_alone`), else from the file opened by pdfium (`_opened`). A picture of a page drawn as one an earlier
    build pictured (`drawn`: a digest of what a file's page is drawn from, where known) is that
    picture: a deck's thumbnails are not cut again from a 2,000-page file at every save."""

    def __init__(
        self,
        kept: KeptPictures,
        pdf: Callable[[str], bytes | None],
        drawn: Mapping[str, Callable[[int], bytes | None] | None] | None = None,
    ) -> None:
        self.kept, self.pdf = kept, pdf
        self.drawn = drawn or {}
        self.read: dict[str, bytes | None] = {}  # each file's bytes, read once

    def image(self, file: str, face: Face, *, scale: float) -> Any:
        """The face's box on its page as an RGB image at `scale`, a turned piece turned back upright;
        None when the file is missing or the box is not on one of its pages (a manifest read back
        is checked for its types, not for where its boxes lie)."""
        drawn = self.drawn.get(file)
        digest = drawn(face.page) if drawn is not None else None
        if digest is None:
            return self._cut(file, face, scale=scale)
        key = (digest, face.x, face.y, face.w, face.h, face.turned, scale)
        images = self.kept.images
        image = images.pop(key, None)
        if image is None:
            image = self._cut(file, face, scale=scale)
        while len(images) >= KEPT_IMAGES:
            del images[next(iter(images))]
        images[key] = image  # the latest last
        return image

    def _cut(self, file: str, face: Face, *, scale: float) -> Any:
        if file not in self.read:
            self.read[file] = self.pdf(file)
        pdf = self.read[file]
        if pdf is None:
            return None
        alone = self.kept.alone.get(pdf)
        if alone is None:
            document = _opened(pdf, self.kept)
            return _cut_page(document[face.page - 1], face, scale) if 1 <= face.page <= len(document) else None
        single = alone(face.page)
        if single is None:
            return None
        import pypdfium2 as pdfium

        document = pdfium.PdfDocument(single)
        try:
            return _cut_page(document[0], face, scale)
        finally:
            document.close()

    def close(self) -> None:
        """Done cutting: the documents stay open for the next pictures (`_opened`)."""
        self.read.clear()


def _cut_page(page: Any, face: Face, scale: float) -> Any:
    """The face's box on pdfium's `page` as an RGB image at `scale`, a turned piece turned back
    upright; None when the box is not on the page."""
    from PIL import Image

    width, height = page.get_size()
    x0, y0 = face.x * MM, face.y * MM
    x1, y1 = x0 + face.w * MM, y0 + face.h * MM
    if not (-EDGE <= x0 < x1 <= width + EDGE and -EDGE <= y0 < y1 <= height + EDGE):  # NaN fails it too
        return None
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
    # only the piece is rendered (crop: points cut from the left, bottom, right and top)
    image = page.render(scale=scale, crop=(x0, y0, width - x1, height - y1)).to_pil().convert("RGB")
    if face.turned:  # a turned front lies a quarter left on the sheet
        image = image.transpose(Image.Transpose.ROTATE_270)
    return image


def cut_alone(documents: Iterable[RenderedDocument], memory: BuildMemory) -> None:
    """The files a build just drew: a picture of one of their pages (or of a page of the same bytes
    read back at the next build, to picture a change as it was) is cut from a PDF of that page
    alone (`RenderedDocument.alone`). pdfium finds page 2,000 of a deck only after loading the
    1,999 before it: 25 ms for each picture of a card far down a deck, under 2 ms alone."""
    alone = memory[PICTURES].alone
    for document in documents:
        if document.alone is not None:
            alone.pop(document.pdf, None)
            while len(alone) >= ALONE_KEPT:
                del alone[next(iter(alone))]
            alone[document.pdf] = document.alone  # the latest last


def _opened(pdf: bytes, kept: KeptPictures) -> Any:
    """pdfium's document of `pdf`, kept open by its bytes: a 2,000-page deck's file is read once
    where a build pictures its changes after, then its thumbnails, and where the next build
    pictures them before (the file as this build left it, read back from disk)."""
    import pypdfium2 as pdfium

    opened = kept.opened
    found = opened.pop(pdf, None)
    if found is None:
        while len(opened) >= OPENED_KEPT:
            opened.pop(next(iter(opened))).close()
        found = pdfium.PdfDocument(pdf)
    opened[pdf] = found  # the latest last
    return found


def thumbnails(
    documents: list[RenderedDocument], placed: list[Placed], designs: Mapping[str, Design], memory: BuildMemory
) -> dict[str, bytes]:
    """A PNG per component kind: its first design's picture (`_picture`, where `designs` record it)."""
    cut_alone(documents, memory)
    kept = memory[PICTURES]
    first: dict[str, str] = {}  # each kind's first design
    for item in placed:
        if item.kind not in first and item.counted:
            first[item.kind] = design_key(item)
    pages = _Pages(
        kept, {doc.filename: doc.pdf for doc in documents}.get, {doc.filename: doc.drawn_from for doc in documents}
    )
    try:
        out = {}
        for kind, key in first.items():
            design = designs.get(key)
            image = _picture(pages, design, height=THUMB_HEIGHT) if design is not None else None
            if image is not None:
                out[kind] = _png(image, kept)
        return out
    finally:
        pages.close()


def _picture(pages: _Pages, design: Design, *, height: int | None = None) -> Any:
    """The design's first front (or its whole board, when printed on tiles) in its file, `height`
    pixels high, else at DESIGN_DPI; None when there is none to cut."""
    if design.face is not None:
        return pages.image(design.file, design.face, scale=_scale(height, design.face.upright_height))
    return _tiled_board(pages, design.file, design.tiles, height=height)


def _scale(height: int | None, mm: float) -> float:
    """Pixels a point: `mm` drawn `height` pixels high, else at DESIGN_DPI."""
    return height / (mm * MM) if height is not None else DESIGN_DPI / 72


def _tiled_board(pages: _Pages, file: str, tiles: tuple[TileFace, ...], *, height: int | None = None) -> Any:
    """A board printed on tiles, `height` pixels high (else at DESIGN_DPI), its tiles laid together as
    a player glues them (`pnp.render.boards`): the tiles of a row from the right, so each one's edge
    lies over the glue strip of the tile to its right, and the rows from the top, so a row's tiles
    lie over the strips of the row above. None when a tile is not on its page or does not lie on
    the board its tiles make (a manifest read back is checked for its types only)."""
    from PIL import Image

    if not 0 < len(tiles) <= MAX_TILES:
        return None
    span_x, span_y = sum(tile.w for tile in tiles), sum(tile.h for tile in tiles)
    if not all(0 <= tile.board_x <= span_x and 0 <= tile.board_y <= span_y for tile in tiles):  # NaN fails it too
        return None
    top = max(tile.board_y + tile.h for tile in tiles)  # mm: the board's height
    scale = _scale(height, top)
    laid = []
    for tile in sorted(tiles, key=lambda tile: (-tile.board_y, -tile.board_x)):
        image = pages.image(file, tile.face, scale=scale)
        if image is None:
            return None
        laid.append((image, round(tile.board_x * MM * scale), round((top - tile.board_y - tile.h) * MM * scale)))
    # as large as the tiles' images reach (pdfium may make one a pixel short of its box, which
    # would leave a white line along the board's edge), and no larger than they are together
    size = max(x + image.width for image, x, _ in laid), max(y + image.height for image, _, y in laid)
    if size[0] * size[1] > sum((image.width + 2) * (image.height + 2) for image, _, _ in laid):
        return None
    key = tuple((id(image), x, y) for image, x, y in laid)
    boards = pages.kept.boards
    found = boards.get(key)
    if found is not None:  # the very pictures of its tiles (`_Pages.image`), laid as before
        return found[1]
    board = Image.new("RGB", size, "white")
    for image, x, y in laid:
        board.paste(image, (x, y))
    while len(boards) >= KEPT_IMAGES:
        del boards[next(iter(boards))]
    boards[key] = (laid, board)  # the entry holds the tiles' pictures: their ids are no other's meanwhile
    return board


def change_pictures(
    found: Iterable[Change],
    before: Callable[[str], bytes | None],
    after: Callable[[str], bytes | None],
    memory: BuildMemory,
) -> dict[str, bytes]:
    """A PNG of each changed design's face (or tiled board) as it was and as it is, named by its
    fingerprint, for the first PICTURED_CHANGES changes: `before` reads a PDF of the previous build
    while it is still as that build wrote it (else None), `after` one of this build."""
    todo: dict[str, tuple[_Pages, Design]] = {}
    kept = memory[PICTURES]
    old, new = _Pages(kept, before), _Pages(kept, after)
    try:
        for change in islice(found, PICTURED_CHANGES):
            if change.after is not None:  # a design that did not change its picture is cut once, as it is
                todo.setdefault(change.after.hash, (new, change.after))
            if change.before is not None:
                todo.setdefault(change.before.hash, (old, change.before))
        out = {}
        for digest, (pages, design) in todo.items():
            image = _picture(pages, design)
            if image is not None:
                out[digest] = _png(image, kept)
        return out
    finally:
        old.close()
        new.close()
