"""A Silhouette cutter simulated from the outside: it finds the registration marks in a page's
pixels, works out where the page lies from them, reads the cut files as a cutting program does
(DXF with ezdxf, SVG with svgelements) and measures how far each cut runs from the drawn trim."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

DPI = 300
PX = DPI / 25.4  # pixels to a millimetre
DARK = 110  # a mark's pixels are darker than this
EDGE = 14  # grey levels a pixel apart: an edge of the art
CORNER_MM = 30.5  # each mark stands within this far of its corner of the page (10 mm in, 20 mm arms)


@dataclass(frozen=True)
class Marks:
    """The marks as found, in pixels: the square's box, and each L's outer corner and extent."""

    square: tuple[int, int, int, int]  # left, top, right, bottom (inclusive)
    top_right: tuple[int, int, int, int]
    bottom_left: tuple[int, int, int, int]


def find_marks(gray: np.ndarray) -> Marks:
    """The dark shapes in three corners of the page, each the only thing printed there."""
    h, w = gray.shape
    reach = int(CORNER_MM * PX)

    def box(rows: slice, cols: slice) -> tuple[int, int, int, int]:
        ys, xs = np.nonzero(gray[rows, cols] < DARK)
        assert len(xs), f"no mark in the corner {rows}, {cols}"
        return (
            xs.min() + (cols.start or 0),
            ys.min() + (rows.start or 0),
            xs.max() + (cols.start or 0),
            ys.max() + (rows.start or 0),
        )

    return Marks(
        square=box(slice(0, reach), slice(0, reach)),
        top_right=box(slice(0, reach), slice(w - reach, w)),
        bottom_left=box(slice(h - reach, h), slice(0, reach)),
    )


def page_transform(marks: Marks, width_mm: float, height_mm: float, inset_mm: float) -> np.ndarray:
    """The affine map from page millimetres (x right, y down from the top-left) to pixel centres,
    solved from the three marks' outer corners, which stand `inset_mm` in from the page's corners."""
    left, top = marks.square[0] - 0.5, marks.square[1] - 0.5  # outer edges of the edge pixels
    right = marks.top_right[2] + 0.5
    bottom = marks.bottom_left[3] + 0.5
    page = np.array(
        [[inset_mm, inset_mm, 1], [width_mm - inset_mm, inset_mm, 1], [inset_mm, height_mm - inset_mm, 1]], float
    )
    pixels = np.array([[left, top], [right, marks.top_right[1] - 0.5], [marks.bottom_left[0] - 0.5, bottom]], float)
    return np.linalg.solve(page, pixels)  # 3 x 2: [x_mm, y_mm, 1] @ it = [col, row]


@dataclass(frozen=True)
class CutPath:
    kind: str  # "rect", "round" or "score"
    points: list[tuple[float, float]]  # mm, y down from the page's top, closed for cuts


def dxf_paths(path: Path, height_mm: float, step: float = 0.5) -> list[CutPath]:
    """The cut file's entities, layer by layer, as points every `step` mm (DXF's y runs up)."""
    import ezdxf

    doc = ezdxf.readfile(path)
    assert doc.header.get("$INSUNITS") == 4, "the DXF does not say millimetres"
    out = []
    for entity in doc.modelspace():
        layer = entity.dxf.layer
        if entity.dxftype() == "CIRCLE":
            cx, cy, _ = entity.dxf.center
            r = entity.dxf.radius
            n = max(int(2 * math.pi * r / step), 16)
            pts = [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]
            kind = "round"
        elif entity.dxftype() == "LWPOLYLINE":
            corners = [(x, y) for x, y, *_ in entity.get_points()]
            assert entity.closed, "an open cut"
            pts = _along([*corners, corners[0]], step)
            kind = "rect"
        elif entity.dxftype() == "LINE":
            pts = _along([(entity.dxf.start.x, entity.dxf.start.y), (entity.dxf.end.x, entity.dxf.end.y)], step)
            kind = "score"
        else:
            raise AssertionError(f"{path.name}: an entity a cutter does not expect: {entity.dxftype()}")
        assert (layer == "SCORE") == (kind == "score"), f"{path.name}: a {kind} on layer {layer}"
        out.append(CutPath(kind, [(x, height_mm - y) for x, y in pts]))
    return out


def svg_paths(path: Path, step: float = 0.5) -> list[CutPath]:
    """The SVG's paths as svgelements reads them (its units made millimetres), red cuts and blue scores."""
    from svgelements import SVG, Circle, Color
    from svgelements import Path as SvgPath

    per_mm = 96 / 25.4
    out = []
    for element in SVG.parse(str(path)).elements():
        if not isinstance(element, SvgPath | Circle):
            continue
        shape = SvgPath(element) if not isinstance(element, SvgPath) else element
        length = shape.length() / per_mm
        n = max(int(length / step), 8)
        points = [shape.point(i / n) for i in range(n + 1)]
        stroke = element.stroke
        if stroke == Color("#0000ff"):
            kind = "score"
        else:
            assert stroke == Color("#ff0000"), f"{path.name}: a path of neither colour"
            kind = "round" if any(seg.__class__.__name__ == "Arc" for seg in shape) else "rect"
        if kind != "score":
            points = points[:-1]  # a closed path ends where it starts
        out.append(CutPath(kind, [(p.x / per_mm, p.y / per_mm) for p in points]))
    return out


def _along(corners: list, step: float) -> list[tuple[float, float]]:
    pts = []
    for (x0, y0), (x1, y1) in itertools.pairwise(corners):
        n = max(int(math.hypot(x1 - x0, y1 - y0) / step), 1)
        pts += [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(n)]
    return pts


def off_trim(page: np.ndarray, transform: np.ndarray, cut: CutPath, reach: float = 0.6) -> list[float]:
    """How far the cut strays from the edge of the art under it at each of its points (mm): the
    nearest edge across the cut within `reach` mm (`reach` when there is none). An edge is a jump
    in any colour channel: the grey hairline on a trim shows on a colour of the same lightness.
    `page` is rows x columns x RGB."""
    pts = np.array(cut.points, float)
    tangent = np.roll(pts, -1, axis=0) - np.roll(pts, 1, axis=0)
    tangent /= np.maximum(np.hypot(tangent[:, 0], tangent[:, 1]), 1e-9)[:, None]
    normal = np.stack([-tangent[:, 1], tangent[:, 0]], axis=1)
    offsets = np.arange(-reach, reach + 1e-9, 1 / PX / 4)  # four samples a pixel
    across = pts[:, None, :] + offsets[None, :, None] * normal[:, None, :]  # points x offsets x 2
    flat = np.concatenate([across.reshape(-1, 2), np.ones((across.shape[0] * across.shape[1], 1))], axis=1)
    profile = _bilinear(page, flat @ transform).reshape(len(pts), len(offsets), -1)
    jumps = np.abs(profile[:, 4:] - profile[:, :-4]).max(axis=2)  # a pixel apart, in the channel that jumps most
    at = np.abs(offsets[2 : 2 + jumps.shape[1]])
    distance = np.where(jumps >= EDGE, at[None, :], reach)
    return [float(d) for d in distance.min(axis=1)]


def _bilinear(gray: np.ndarray, at: np.ndarray) -> np.ndarray:
    cols, rows = at[:, 0], at[:, 1]
    c0, r0 = np.floor(cols).astype(int), np.floor(rows).astype(int)
    fc, fr = cols - c0, rows - r0
    h, w = gray.shape[:2]
    c0, r0 = np.clip(c0, 0, w - 2), np.clip(r0, 0, h - 2)
    fc, fr = fc[:, None], fr[:, None]
    g = gray
    top = g[r0, c0].astype(np.float32) * (1 - fc) + g[r0, c0 + 1] * fc
    bottom = g[r0 + 1, c0].astype(np.float32) * (1 - fc) + g[r0 + 1, c0 + 1] * fc
    return top * (1 - fr) + bottom * fr
