"""Pictures of a board printed on tiles, held against the tiles' own pages. Glued together, each
tile shows the part no neighbour lies over: the tile on its left is cut and laid over its left
12 mm, the tile below it over its bottom 12 mm (the glue strips of `pnp.render.boards`). A tile
is the manifest's record of it: [page, x, y, w, h, board_x, board_y], its box on its page and
where that box lies on the board, in mm."""

from __future__ import annotations

import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageStat

GLUE = 12.0  # mm of a tile that its left or lower neighbour lies over
MM = 72 / 25.4


def board_size(tiles: list[list[float]]) -> tuple[float, float]:
    """The board's width and height, mm."""
    return max(t[5] + t[3] for t in tiles), max(t[6] + t[4] for t in tiles)


def difference(part: Image.Image, reference: Image.Image) -> float:
    """The mean difference per channel (0-255) of `part` from `reference` (two pixels larger each
    way) at the best of the placements within two pixels: the two are rounded apart."""
    w, h = part.size
    return min(
        sum(ImageStat.Stat(ImageChops.difference(part, reference.crop((dx, dy, dx + w, dy + h)))).mean) / 3
        for dx in range(reference.width - w + 1)
        for dy in range(reference.height - h + 1)
    )


def shown_part(tile: list[float]) -> tuple[float, float, float, float]:
    """x0, x1, y0, y1 on the board (mm, y up): the part of the tile no neighbour lies over."""
    return (
        tile[5] + (GLUE if tile[5] > 0 else 0),
        tile[5] + tile[3],
        tile[6] + (GLUE if tile[6] > 0 else 0),
        tile[6] + tile[4],
    )


def printed(
    document: pdfium.PdfDocument, tile: list[float], region: tuple[float, float, float, float], px: float
) -> Image.Image:
    """The board's `region` (x0, x1, y0, y1 mm, y up) as the tile's page prints it, `px` pixels a mm."""
    x0, x1, y0, y1 = region
    page = document[int(tile[0]) - 1]
    w, h = page.get_size()
    left, bottom = (tile[1] + x0 - tile[5]) * MM, (tile[2] + y0 - tile[6]) * MM
    crop = (left, bottom, w - left - (x1 - x0) * MM, h - bottom - (y1 - y0) * MM)
    return page.render(scale=px / MM, crop=crop).to_pil().convert("RGB")


def tiles_apart(picture: Image.Image, tiles: list[list[float]], pdf: bytes, px: float) -> dict[int, float]:
    """How far each tile's shown part in the `picture` of the whole board (`px` pixels a mm) is from
    its page in `pdf` (`difference`, by the tile's place in `tiles`): 0 where the picture is the
    very pixels. The picture is the board's size, give or take the pixels a tile's picture rounds by."""
    width, height = board_size(tiles)
    assert abs(picture.width - width * px) <= 3 and abs(picture.height - height * px) <= 3, (
        picture.size,
        width,
        height,
    )
    document = pdfium.PdfDocument(pdf)
    try:
        out = {}
        for number, tile in enumerate(tiles):
            x0, x1, y0, y1 = shown_part(tile)
            part = picture.crop(
                (round(x0 * px) + 2, round((height - y1) * px) + 2, round(x1 * px) - 2, round((height - y0) * px) - 2)
            )
            out[number] = difference(part, printed(document, tile, (x0, x1, y0, y1), px))
        return out
    finally:
        document.close()
