"""Where a player cuts: every straight cut line of a page's rectangular pieces, and whether a crop
mark stands at each of its ends, outside the art's bleed, read from the PDF's own strokes."""

from __future__ import annotations

import io
from dataclasses import dataclass

from pdfscan import MM, scan
from pypdf import PdfReader

BLACK = (0.0, 0.0, 0.0)
GREY = (0.541, 0.541, 0.541)
IN_BLOCK = 5 * MM  # pieces closer than this along a cut line are one block (section gaps are up to 4 mm)
SHORTEST = 1.5 * MM  # a mark shorter than this is not seen
BOARDS = {"board", "track"}  # the kinds of the games' boards: cut on their outline, or tiled


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def span(self, axis: int) -> tuple[float, float]:
        return (self.x0, self.x1) if axis == 0 else (self.y0, self.y1)


def unmarked_cut_ends(pdf: bytes, placed, bleed_mm: float, margin_mm: float, label: str) -> list[str]:
    """Each end of a cut line without its crop mark: a black stroke on the line, beyond the bleed
    of the block the line runs through, within the printable area, before the line meets any other
    piece's art. Also each grey hairline drawn inside a piece's bleed (a cut a little off leaves it
    on the card's edge). `placed` are the document's Placed records: rectangular pieces, boards and
    board tiles. A page the PDF gives no BleedBox holds nothing that bleeds (player aids)."""
    margin = margin_mm * MM
    pages = PdfReader(io.BytesIO(pdf)).pages
    bleeding = {number for number, page in enumerate(pages, start=1) if "/BleedBox" in page}
    by_page: dict[int, list[tuple[Box, Box]]] = {}
    boards = [p for p in placed if p.tile is not None or p.shape is None and p.kind in BOARDS]
    width = max((p.box.x + p.box.w for p in boards), default=0)
    height = max((p.box.y + p.box.h for p in boards), default=0)
    for p in placed:
        if p.shape == "rect" or p in boards:
            b = p.page_box()
            trim = Box(b.x * MM, b.y * MM, (b.x + b.w) * MM, (b.y + b.h) * MM)
            bleed = bleed_mm * MM if p.page in bleeding else 0.0
            grow = [bleed] * 4
            if p.tile is not None:  # a tile bleeds on the board's own edges, not on its seams
                grow = [
                    bleed * (edge < 0.01)
                    for edge in (p.box.x, p.box.y, width - p.box.x - p.box.w, height - p.box.y - p.box.h)
                ]
            art = Box(trim.x0 - grow[0], trim.y0 - grow[1], trim.x1 + grow[2], trim.y1 + grow[3])
            by_page.setdefault(p.page, []).append((trim, art))
    if not by_page:
        return []
    problems = []
    scanned = scan(pdf, pages=set(by_page), text=False)
    for number, pieces in sorted(by_page.items()):
        page = scanned[number - 1]
        trims = [trim for trim, _ in pieces]
        arts = [art for _, art in pieces]
        marks = [s for s in page.lines if s[2] == BLACK]
        size = (page.width, page.height)
        for axis in (0, 1):  # axis 0: vertical cut lines at x = v; 1: horizontal, at y = v
            along = 1 - axis
            for v in sorted({round(c, 2) for t in trims for c in t.span(axis)}):
                on_line = sorted(
                    (a for a, t in zip(arts, trims) if min(abs(c - v) for c in t.span(axis)) < 0.05),
                    key=lambda a: a.span(along)[0],
                )
                runs: list[list[float]] = []
                for art in on_line:
                    lo, hi = art.span(along)
                    if runs and lo - runs[-1][1] < IN_BLOCK:
                        runs[-1][1] = max(runs[-1][1], hi)
                    else:
                        runs.append([lo, hi])
                for lo, hi in runs:
                    for end, sign in ((hi, 1), (lo, -1)):
                        if not _marked(marks, arts, axis, v, end, sign, margin, size[along]):
                            problems.append(
                                f"{label} page {number}: the cut {'xy'[axis]}={v / MM:.1f} mm has no mark "
                                f"{('above', 'right')[axis] if sign > 0 else ('below', 'left')[axis]} "
                                f"its block (edge at {end / MM:.1f} mm)"
                            )
        if bleed_mm and number in bleeding:
            hairlines = [((x1 + x2) / 2, (y1 + y2) / 2) for (x1, y1), (x2, y2), color in page.lines if color == GREY]
            hairlines += [
                (x + dx, y + dy)
                for x, y, w, h, color in page.rects
                if color == GREY
                for dx, dy in ((0, h / 2), (w / 2, 0), (w, h / 2), (w / 2, h))
            ]
            for x, y in hairlines:
                if any(a.x0 < x < a.x1 and a.y0 < y < a.y1 for a in arts):
                    problems.append(
                        f"{label} page {number}: a grey hairline through the art at ({x / MM:.1f}, {y / MM:.1f}) mm"
                    )
    return problems


def _marked(marks, arts, axis: int, v: float, end: float, sign: int, margin: float, extent: float) -> bool:
    along = 1 - axis
    blocked = [
        a.span(along)[0] if sign > 0 else a.span(along)[1]
        for a in arts
        if a.span(axis)[0] - 0.05 <= v <= a.span(axis)[1] + 0.05
        and (a.span(along)[0] >= end + 0.05 if sign > 0 else a.span(along)[1] <= end - 0.05)
    ]
    limit = min(blocked, default=extent - margin) if sign > 0 else max(blocked, default=margin)
    for a, b, _ in marks:
        if abs(a[axis] - v) > 0.05 or abs(b[axis] - v) > 0.05:
            continue
        near, far = sorted((a[along], b[along]), reverse=sign < 0)
        if abs(far - near) < SHORTEST:
            continue
        beyond = near > end + 0.05 if sign > 0 else near < end - 0.05
        inside = far <= limit + 0.05 if sign > 0 else far >= limit - 0.05
        if beyond and inside:
            return True
    return False
