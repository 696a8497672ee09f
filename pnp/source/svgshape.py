"""Safe SVG parsing: game-icons artwork in, recolourable reportlab paths out.

We parse strictly (no DTD, no entities, no network, an element cap), keep only the <path>
elements we expect, and turn their path data into drawable segments ourselves.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from lxml import etree

SVG_NS = "http://www.w3.org/2000/svg"
MAX_SVG_BYTES = 512 * 1024
MAX_ELEMENTS = 400
BACKGROUND_PATHS = frozenset({"M0 0h512v512H0z", "M0 0h512v512H0V0z"})
PATH_DATA = re.compile(r"[MmZzLlHhVvCcSsQqTtAa0-9eE+\-.,\s]+")
NUMBER = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")  # 1e400 is one: read, it is infinite


class SvgRejected(ValueError):
    """The bytes are not a plain game-icons SVG."""


@dataclass(frozen=True)
class OwnStroke:
    """How a path of a designer's SVG is stroked, in the 512 box's units: its colour ('#rrggbb', or
    "" for the colour in force), width, ends and corners (PDF's codes: 0 butt or miter, 1 round,
    2 square or bevel) and dashes."""

    colour: str
    width: float
    cap: int = 0
    join: int = 0
    dashes: tuple[float, ...] = ()


@dataclass(frozen=True)
class IconShape:
    """The foreground of an icon: path operators and points in a 512x512 box, y pointing down."""

    paths: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...]
    view_size: float = 512.0
    # a designer's own SVG: each path filled on its own in its colour ('#rrggbb'), or in the colour
    # in force ("") when the drawing has one colour, or not filled (None); then stroked when it
    # says so (`strokes`); empty: one even-odd path (an icon)
    fills: tuple[str | None, ...] = ()
    even_odd: tuple[bool, ...] = ()  # each own path's fill rule, as its SVG says (nonzero unless it says)
    strokes: tuple[OwnStroke | None, ...] = ()  # each own path's stroke, drawn over its fill


def foreground_paths(data: bytes) -> list[str]:
    """Check `data` is a plain SVG and return the `d` of each foreground path."""
    paths = [d for d in _path_data(_svg_root(data)) if d and d not in BACKGROUND_PATHS]
    if not paths:
        raise SvgRejected("it has no foreground <path>")
    return paths


def _svg_root(data: bytes) -> Any:
    """The parsed <svg>, refused when the bytes are large, declare anything or are not SVG."""
    if len(data) > MAX_SVG_BYTES:
        raise SvgRejected(f"{len(data)} bytes is larger than the {MAX_SVG_BYTES}-byte limit")
    head = data[:2048].lower()
    if b"<!doctype" in head or b"<!entity" in data.lower():
        raise SvgRejected("it declares a DOCTYPE or entities, which icons never need")
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        recover=False,
        remove_comments=True,
        remove_pis=True,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise SvgRejected(f"it is not well-formed XML ({exc})") from None
    if root.getroottree().docinfo.doctype:  # type: ignore[union-attr]  # whatever the encoding the bytes came in
        raise SvgRejected("it declares a DOCTYPE or entities, which icons never need")
    if root.tag != f"{{{SVG_NS}}}svg":
        raise SvgRejected(f"its root element is {etree.QName(root).localname!r}, not an SVG <svg>")
    return root


def _path_data(root: Any) -> list[str]:
    """The `d` of every <path>, each checked to be path data, with the element count capped."""
    paths = []
    for count, element in enumerate(root.iter(), start=1):
        if count > MAX_ELEMENTS:
            raise SvgRejected(f"it has more than {MAX_ELEMENTS} elements")
        if isinstance(element.tag, str) and etree.QName(element).localname == "path":
            d = " ".join((element.get("d") or "").split())
            if d and not PATH_DATA.fullmatch(d):
                raise SvgRejected("a <path> holds characters that path data never has")
            if any(not math.isfinite(float(number)) for number in NUMBER.findall(d)):
                raise SvgRejected("its path data holds a number that is not finite")
            paths.append(d)
    return paths


def clean_svg(paths: list[str]) -> bytes:
    """The canonical cached form: the foreground as one path in a 512 box, its value escaped as it
    is written (it was checked to be path data; this makes sure twice). A later path that opens
    with a relative move is anchored at the origin, where it would have started on its own."""
    d = " ".join(part if not part.startswith("m") or not i else f"M0 0 {part}" for i, part in enumerate(paths))
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 512 512" width="512" height="512">'
        f'<path d="{html.escape(d, quote=True)}"/></svg>'
    ).encode()


def cached_path(data: bytes) -> str:
    """The one path of a cached icon. The cache holds only what `clean_svg` writes, and it is read
    back as untrusted: a file edited by hand (its hash written into the manifest too) is refused
    for what it holds (a script, a reference to another file, more than the path), not trusted."""
    root = _svg_root(data)
    for element in root.iter():
        for name, value in element.attrib.items():
            if "href" in name or "url(" in value:
                raise SvgRejected(
                    f"it refers to something outside itself ({etree.QName(name).localname}="
                    f"{value[:60]!r}); a cached icon holds one path"
                )
        local = etree.QName(element).localname if isinstance(element.tag, str) else "comment"
        if local not in ("svg", "path"):
            raise SvgRejected(f"it holds a <{local}> element; a cached icon holds one path")
    paths = _path_data(root)
    if len(paths) != 1 or clean_svg(paths) != data:
        raise SvgRejected(f"it is not the one-path form the cache writes ({len(paths)} paths)")
    return paths[0]


def load_shape(data: bytes) -> IconShape:
    """A cached icon's shape: its one path checked, then its syntax (shorthands, quadratics, arcs)
    turned into moves, lines and cubic curves with svgelements: a small parser, so a build never
    imports svglib."""
    found = _segments(cached_path(data))
    if not found[1]:
        raise SvgRejected("it has no drawable foreground")
    return IconShape((found,))


# a designer's own SVG: what it may hold, and what is skipped as saying nothing of the drawing
OWN_ELEMENTS = frozenset({"svg", "g", "path", "rect", "circle", "ellipse", "polygon", "polyline", "line"})
OWN_SKIPPED = frozenset({"title", "desc", "metadata"})


def own_shape(data: bytes) -> IconShape:
    """A designer's own SVG as an icon: read as strictly as a downloaded one (no DTD, entities,
    network or more than MAX_ELEMENTS elements), refused when it holds anything but plain shapes or
    refers outside itself (a script, a link, a picture, a style sheet), then its filled and its
    stroked shapes (a stroke's width, ends, corners and dashes as the SVG says), transforms applied,
    scaled to fill the 512 box centred, strokes and all. A drawing of one colour takes the slot's,
    like any icon; one of several keeps its own, each see-through paint laid on white (a press
    takes no transparency)."""
    from io import BytesIO

    from svgelements import SVG, Path, Shape, SimpleLine

    root = _svg_root(data)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        name = etree.QName(element)
        if name.namespace == SVG_NS and name.localname in OWN_SKIPPED:
            continue
        if name.namespace != SVG_NS or name.localname not in OWN_ELEMENTS:
            if any(etree.QName(a).localname in OWN_SKIPPED for a in element.iterancestors()):
                continue
            raise SvgRejected(f"it holds a <{name.localname}> element; own art holds plain shapes only")
        for key, value in element.attrib.items():
            local = etree.QName(key).localname
            if "href" in local or "url(" in value or local.startswith("on") or (local == "style" and "@" in value):
                raise SvgRejected(f"it refers to something outside itself or runs code ({local}={value[:60]!r})")
    if len(list(root.iter())) > MAX_ELEMENTS:
        raise SvgRejected(f"it has more than {MAX_ELEMENTS} elements")
    try:
        elements = [e for e in SVG.parse(BytesIO(data), reify=True).elements() if isinstance(e, Shape)]
        shapes = [(Path(e), isinstance(e, SimpleLine)) for e in elements]  # a line is never filled
    except (ValueError, IndexError, TypeError) as exc:
        raise SvgRejected(f"its shapes cannot be read ({exc or type(exc).__name__})") from None
    parts = [(path, None if line else _filled(path), _stroked(path)) for path, line in shapes]
    parts = [(path, fill, stroke) for path, fill, stroke in parts if fill is not None or stroke is not None]
    segments = [_segments(path.d()) for path, _, _ in parts]
    reach = [stroke.width / 2 if stroke is not None else 0.0 for _, _, stroke in parts]  # a stroke's half outside
    if not any(pts for _, pts in segments):
        raise SvgRejected("it has no filled or stroked shape to draw (own art is drawn as its shapes)")
    xs = [x + side * r for (_, pts), r in zip(segments, reach, strict=True) for x in pts[0::2] for side in (-1, 1)]
    ys = [y + side * r for (_, pts), r in zip(segments, reach, strict=True) for y in pts[1::2] for side in (-1, 1)]
    extent = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    scale = 512.0 / extent
    dx = (512.0 - (max(xs) - min(xs)) * scale) / 2 - min(xs) * scale
    dy = (512.0 - (max(ys) - min(ys)) * scale) / 2 - min(ys) * scale
    colours = {fill for _, fill, _ in parts if fill is not None} | {s.colour for _, _, s in parts if s is not None}
    own = len(colours) > 1  # several colours keep their own; one takes the slot's

    def in_box(stroke: OwnStroke | None) -> OwnStroke | None:
        if stroke is None:
            return None
        dashes = tuple(d * scale for d in stroke.dashes)
        return replace(stroke, colour=stroke.colour if own else "", width=stroke.width * scale, dashes=dashes)

    return IconShape(
        tuple((ops, tuple(v * scale + (dx if i % 2 == 0 else dy) for i, v in enumerate(pts))) for ops, pts in segments),
        fills=tuple(fill if fill is None or own else "" for _, fill, _ in parts),
        even_odd=tuple(path.values.get("fill-rule") == "evenodd" for path, _, _ in parts),
        strokes=tuple(in_box(stroke) for _, _, stroke in parts),
    )


CAPS = MappingProxyType({"butt": 0, "round": 1, "square": 2})
JOINS = MappingProxyType({"miter": 0, "miter-clip": 0, "arcs": 0, "round": 1, "bevel": 2})


def _filled(path: Any) -> str | None:
    """A shape's fill on white ('#rrggbb'), or None when it has none."""
    if path.fill is None or path.fill.value is None:
        return None
    return _on_white(path.fill, path.values)


def _stroked(path: Any) -> OwnStroke | None:
    """A shape's stroke (its width as the SVG's transforms leave it), or None when it has none."""
    width = float(path.stroke_width or 0.0)
    if path.stroke is None or path.stroke.value is None or not width > 0:
        return None
    try:
        dashes = tuple(float(d) for d in re.split(r"[\s,]+", str(path.values.get("stroke-dasharray", "")).strip()) if d)
    except ValueError:
        dashes = ()
    if dashes and (any(d < 0 for d in dashes) or not any(dashes)):
        dashes = ()  # as SVG says: a list with a negative value, or all zeros, draws the line whole
    return OwnStroke(
        colour=_on_white(path.stroke, path.values),
        width=width,
        cap=CAPS.get(str(path.values.get("stroke-linecap", "butt")), 0),
        join=JOINS.get(str(path.values.get("stroke-linejoin", "miter")), 0),
        dashes=dashes * (2 if len(dashes) % 2 else 1),  # an odd list is repeated, as SVG repeats it
    )


def _on_white(colour: Any, values: Any) -> str:
    """A paint as '#rrggbb', its opacity (its own, as svgelements folds it into its alpha, and the
    shape's) laid on white."""
    try:
        opacity = float(values.get("opacity", 1.0))
    except (TypeError, ValueError):
        opacity = 1.0
    alpha = colour.alpha / 255 * min(max(opacity, 0.0), 1.0)
    rgb = (colour.red, colour.green, colour.blue)
    return "#" + "".join(f"{round(v * alpha + 255 * (1 - alpha)):02x}" for v in rgb)


def _segments(d: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Operators (0 move, 1 line, 2 cubic curve, 3 close) and their points for one path."""
    from svgelements import Arc, Close, CubicBezier, Line, Move, Path, QuadraticBezier

    try:
        path = Path(d)
    except (ValueError, IndexError) as exc:
        raise SvgRejected(f"its path data cannot be read ({exc or type(exc).__name__})") from None
    operators: list[int] = []
    points: list[float] = []

    def cubic(c1: Any, c2: Any, end: Any) -> None:
        operators.append(2)
        points.extend((c1.x, c1.y, c2.x, c2.y, end.x, end.y))

    for segment in path:
        if isinstance(segment, Move):
            operators.append(0)
            points.extend((segment.end.x, segment.end.y))
        elif isinstance(segment, Close):
            operators.append(3)
        elif isinstance(segment, Line):
            operators.append(1)
            points.extend((segment.end.x, segment.end.y))
        elif isinstance(segment, CubicBezier):
            cubic(segment.control1, segment.control2, segment.end)
        elif isinstance(segment, QuadraticBezier):
            start, control, end = segment.start, segment.control, segment.end
            cubic(start + (control - start) * (2 / 3), end + (control - end) * (2 / 3), end)
        elif isinstance(segment, Arc):
            for part in segment.as_cubic_curves():
                cubic(part.control1, part.control2, part.end)
    if any(not math.isfinite(v) for v in points):
        raise SvgRejected("its path data holds a number that is not finite")
    return tuple(operators), tuple(points)


def subpaths(shape: IconShape) -> list[list[tuple[float, float]]]:
    """The on-curve points of every subpath, in the icon's 512 box (y down)."""
    out: list[list[tuple[float, float]]] = []
    for operators, points in shape.paths:
        i = 0
        current: list[tuple[float, float]] = []
        for op in operators:
            size = {0: 2, 1: 2, 2: 6, 3: 0}[op]
            if op == 0 and current:
                out.append(current)
                current = []
            if size:
                current.append((points[i + size - 2], points[i + size - 1]))
            i += size
        if current:
            out.append(current)
    return out


def even_star(count: int) -> tuple[tuple[float, float], list[tuple[float, float]]]:
    """As `radial_tips` gives them, the tips of a regular `count`-armed star filling the 512 box: where
    arms are laid out when the icon is missing (its problem is reported where it is named)."""
    centre, radius = IconShape.view_size / 2, IconShape.view_size * 0.45
    turns = [2 * math.pi * k / count for k in range(count)]
    return (centre, centre), [(centre + radius * math.sin(a), centre - radius * math.cos(a)) for a in turns]


def radial_tips(shape: IconShape, count: int) -> tuple[tuple[float, float], list[tuple[float, float]]]:
    """Find a `count`-armed star in the icon (a snowflake, say): its centre and its arm tips,
    ordered clockwise from the top, in the 512 box with y down.

    Each subpath is scored by how evenly its farthest points spread into `count` equal angular
    sectors at equal radius; the best-scoring subpath is the star.
    """
    best = None
    for points in subpaths(shape):
        if len(points) < 2 * count:
            continue
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        sectors: dict[int, tuple[float, float, float]] = {}
        for x, y in points:
            angle = math.degrees(math.atan2(cx - x, cy - y)) % 360  # 0 = up, counter-clockwise
            clockwise = (360 - angle) % 360
            sector = int(((clockwise + 180 / count) % 360) // (360 / count))
            radius = math.hypot(x - cx, y - cy)
            if sector not in sectors or radius > sectors[sector][0]:
                sectors[sector] = (radius, x, y)
        if len(sectors) != count:
            continue
        radii = [sectors[k][0] for k in range(count)]
        spread = (max(radii) - min(radii)) / max(radii)
        score = spread - 0.001 * max(radii)
        if best is None or score < best[0]:
            best = (score, (cx, cy), [(sectors[k][1], sectors[k][2]) for k in range(count)])
    if best is None:
        raise SvgRejected(f"no {count}-armed star found in the icon")
    return best[1], best[2]
