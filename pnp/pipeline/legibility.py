"""Text every player can read: each printed text's contrast against the colour painted under it,
and its size, checked on what a game hands the renderer (its pieces' faces and backs, boards and
page components), in colour (the ink saver prints every text dark on white).

Contrast is WCAG 2's ratio of relative luminances, (L1 + 0.05) / (L2 + 0.05): at least 4.5:1, or
3:1 for text of 14 pt and up; no text is set under 6 pt. What lies under a text is the topmost fill
drawn before it that holds the centre of its box, else the piece's background, else the paper. A
finding points at the key that sets the text's colour (or the text itself), once for all the texts
that share the same colours and need."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.errors import IconError, meant_or_known
from pnp.memory import BuildMemory
from pnp.render.elements import INK, WHITE, Box, Circle, Element, Elements, Group, Icon, Polygon, Text, icon_refs
from pnp.render.sideruns import side_runs
from pnp.render.specs import DocumentSpec, PieceGroup
from pnp.render.textfit import fitted
from pnp.source.gamesource import GameSource, Problem
from pnp.source.markup import has_markup, runs
from pnp.source.ownart import ArtShelf, is_picture_ref
from pnp.source.rules import RulesModel
from pnp.source.tomlfiles import key_text, string_values

MIN_SIZE_PT = 6.0
NORMAL_RATIO, LARGE_RATIO = 4.5, 3.0
LARGE_PT = 14.0
PLAIN = frozenset({WHITE, INK, "#000000"})  # colours that say nothing of where a pair was chosen
Matrix = tuple[float, float, float, float, float, float]
Shape = Box | Circle | Polygon  # the filled shapes a text can be set on
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True, kw_only=True)
class SetText:
    """A printed text as it comes out: its words, its colour, the colour under it and its size."""

    text: str
    color: str
    under: str
    size: float


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two '#rrggbb' colours, from 1 (the same) to 21 (black on white)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _luminance(color: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(color.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def texts_on(
    elements: Sequence[Element], background: str | None, pictures: PictureGrounds | None = None
) -> Iterator[SetText]:
    """Every text of a side with the colour under its centre, in drawing order; over one of the
    designer's pictures, the picture's colour under the text that is nearest the text's own."""
    under: list[tuple[Shape | Icon, Matrix]] = []
    for element, matrix in _placed(elements, IDENTITY):
        if isinstance(element, Text) and element.text.strip():
            x, y = _apply(matrix, element.x + element.w / 2, element.y + element.h / 2)
            fill = background or WHITE
            for e, m in reversed(under):
                if isinstance(e, Icon):
                    ground = _picture_ground(e, m, element, matrix, pictures)
                else:
                    ground = e.fill if e.fill and _holds(e, m, x, y) else None
                if ground:
                    fill = ground
                    break
            size = fitted(element)[0]
            yield SetText(text=element.text, color=element.color, under=fill, size=size)
            if has_markup(element.text):  # each run in a colour of its own is read against the same ground
                for run in runs(element.text, element.bold):
                    if run.color and run.text.strip():
                        yield SetText(text=run.text, color=run.color, under=fill, size=size)
        elif (isinstance(element, Box | Circle | Polygon) and element.fill) or (
            isinstance(element, Icon) and pictures is not None and is_picture_ref(element.ref)
        ):
            under.append((element, matrix))


def _picture_ground(e: Icon, m: Matrix, text: Text, t: Matrix, pictures: PictureGrounds | None) -> str | None:
    """The colour of the designer's picture `e` under `text`, or None when the text's centre lies elsewhere."""
    if pictures is None or e.rotate or m[1] or m[2]:
        return None  # a turned picture is not read
    square = _box(m, e.cx - e.size / 2, e.cy - e.size / 2, e.size, e.size)
    return pictures.ground(e.ref, square, _box(t, text.x, text.y, text.w, text.h), text.color)


Bounds = tuple[float, float, float, float]  # left, bottom, right, top, in the side's millimetres


def _box(m: Matrix, x: float, y: float, w: float, h: float) -> Bounds:
    (x0, y0), (x1, y1) = _apply(m, x, y), _apply(m, x + w, y + h)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


class PictureGrounds:
    """The colours of the designer's pictures under the texts set over them: of the pixels under a
    text, the one a tenth of the way up from the darkest and the one a tenth down from the lightest,
    whichever is nearer the text's colour (the part of the picture it is hardest to read against;
    a speck darker or lighter than that is not held against it)."""

    def __init__(self, art: ArtShelf | None) -> None:
        self.art = art
        self._images: dict[str, Any] = {}

    def ground(self, ref: str, square: Bounds, text: Bounds, color: str) -> str | None:
        image = self._image(ref)
        if image is None:
            return None
        width, height = image.size
        scale = (square[2] - square[0]) / max(width, height)  # fitted in its square, its proportions kept
        left = (square[0] + square[2] - width * scale) / 2
        top = (square[1] + square[3] + height * scale) / 2

        def pixel(x: float, y: float) -> tuple[float, float]:
            return (x - left) / scale, (top - y) / scale

        across, down = pixel((text[0] + text[2]) / 2, (text[1] + text[3]) / 2)
        if not (0 <= across <= width and 0 <= down <= height):
            return None  # the text's centre is not over the picture
        x0, y0 = (max(0, int(v)) for v in pixel(text[0], text[3]))
        x1, y1 = pixel(text[2], text[1])
        part = image.crop((x0, y0, max(min(int(x1), width), x0 + 1), max(min(int(y1), height), y0 + 1)))
        part.thumbnail((64, 64))
        pixels: bytes = part.tobytes()  # three bytes a pixel, at most 64 x 64 of them
        found = sorted(
            (_luminance(colour), colour)
            for colour in ("#" + pixels[at : at + 3].hex() for at in range(0, len(pixels), 3))
        )
        dark, light = found[len(found) // 10][1], found[len(found) * 9 // 10][1]
        return min((dark, light), key=lambda ground: contrast(color, ground))

    def _image(self, ref: str) -> Any:
        if ref not in self._images:
            self._images[ref] = None
            if self.art is not None:
                try:
                    self._images[ref] = self.art.picture(ref).on_paper()
                except IconError:
                    return None  # refused when the data was read
        return self._images[ref]


def _placed(elements: Sequence[Element], matrix: Matrix) -> Iterator[tuple[Element, Matrix]]:
    """Each element with the matrix to the side's coordinates: a group moves its elements by
    (dx, dy) and turns them about it."""
    for element in elements:
        if isinstance(element, Group):
            c, s = math.cos(math.radians(element.rotate)), math.sin(math.radians(element.rotate))
            a, b, cc, d = matrix[:4]
            inner = (
                a * c + cc * s,
                b * c + d * s,
                cc * c - a * s,
                d * c - b * s,
                *_apply(matrix, element.dx, element.dy),
            )
            yield from _placed(element.elements, inner)
        else:
            yield element, matrix


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _holds(shape: Shape, m: Matrix, x: float, y: float) -> bool:
    if isinstance(shape, Circle):
        cx, cy = _apply(m, shape.cx, shape.cy)
        return math.hypot(x - cx, y - cy) <= shape.r
    if isinstance(shape, Polygon):
        return _inside([_apply(m, px, py) for px, py in shape.points], x, y)
    x0, y0, x1, y1 = _box(m, shape.x, shape.y, shape.w, shape.h)
    return x0 <= x <= x1 and y0 <= y <= y1


def _inside(points: list[tuple[float, float]], x: float, y: float) -> bool:
    """Whether (x, y) lies in the polygon, by the even-odd rule the painter fills it with: a ray
    to the right crosses its edges an odd number of times."""
    inside = False
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def legibility(
    specs: Sequence[DocumentSpec], source: GameSource, game: str, memory: BuildMemory, art: ArtShelf | None = None
) -> list[Problem]:
    """One problem for each colour pair too close and each size too small, with how many texts
    share it; a text over one of the game's own pictures (`art`) is read against the picture."""
    faint: dict[tuple[str, str, float], list[SetText]] = {}
    small: dict[float, list[SetText]] = {}
    pictures = PictureGrounds(art) if art is not None else None
    for side_faint, side_small in _findings(specs, pictures, memory):
        for key, text in side_faint:
            faint.setdefault(key, []).append(text)
        for size, text in side_small:
            small.setdefault(size, []).append(text)
    problems = []
    for (color, under, need), texts in faint.items():
        colours = sorted((color, under), key=lambda c: c in PLAIN)  # a plain white or ink: the other was chosen
        place = next(filter(None, (where_written(source, c) for c in colours)), None) or where_written(
            source, texts[0].text
        )
        said = f"{need:g}:1 text {'of 14 pt and up' if need == LARGE_RATIO else 'under 14 pt'} needs (WCAG)"
        problems.append(
            _problem(
                game,
                place,
                f"{_which(texts)} in {color} on {under}: contrast {contrast(color, under):.2f}:1, below the {said}; "
                "darken the text or lighten what lies under it",
            )
        )
    for size, texts in small.items():
        said = f"{_which(texts)} set at {size:g} pt, below the {MIN_SIZE_PT:g} pt a reader needs"
        problems.append(
            _problem(game, where_written(source, texts[0].text), f"{said}; give it more room or fewer words")
        )
    return problems


SideFindings = tuple[tuple[tuple[tuple[str, str, float], SetText], ...], tuple[tuple[float, SetText], ...]]


def _findings(
    specs: Sequence[DocumentSpec], pictures: PictureGrounds | None, memory: BuildMemory
) -> Iterator[SideFindings]:
    """What each side the documents print was found to have, in order, a side printed by two
    documents once (under the colour the later one prints it on). A run of a document's sides keeps
    what was found on it (`side_runs`): its sides' findings where there are any, unless a side
    is read over the designer's pictures (read again at each build: a picture can change)."""
    ratios: dict[tuple[str, str], float] = {}  # each colour pair's contrast: a deck's texts share a few
    listed = [[side for run in side_runs(memory, spec) for side in run.items] for spec in specs]
    ids = [set(map(id, (elements for elements, _ in sides))) for sides in listed]
    if sum(map(len, ids)) != len(set().union(*ids)):  # a side two documents print
        sides = {id(elements): (elements, under) for found in listed for elements, under in found}
        yield from (_side_findings(elements, under, pictures, ratios) for elements, under in sides.values())
        return
    for spec in specs:
        for run in side_runs(memory, spec):
            found = run.found.get(_findings)
            if found is None:
                every = [_side_findings(elements, under, pictures, ratios) for elements, under in run.items]
                found = tuple(side for side in every if side[0] or side[1])
                if not any(is_picture_ref(ref) for elements, _ in run.items for ref in icon_refs(elements)):
                    run.found[_findings] = found
            yield from found


def _side_findings(
    elements: Elements, background: str | None, pictures: PictureGrounds | None, ratios: dict[tuple[str, str], float]
) -> SideFindings:
    """A side's faint and small texts, by what `legibility` gathers them under (`ratios`: the
    contrast of each colour pair met so far)."""
    faint, small = [], []
    for text in texts_on(elements, background, pictures):
        need = LARGE_RATIO if text.size >= LARGE_PT else NORMAL_RATIO
        pair = (text.color, text.under)
        ratio = ratios.get(pair)
        if ratio is None:
            ratio = ratios[pair] = contrast(*pair)
        if ratio < need:
            faint.append(((text.color.lower(), text.under.lower(), need), text))
        if text.size < MIN_SIZE_PT - 0.05:
            small.append((round(text.size, 1), text))
    return (tuple(faint), tuple(small))


def _problem(game: str, place: tuple[str, str] | None, message: str) -> Problem:
    """A finding at the data key `place` names, or among the pieces when no key holds it."""
    file, key = place or ("pieces", "")
    return Problem(game=game, file=file, key=key, message=message)


def _which(texts: list[SetText]) -> str:
    first = " ".join(texts[0].text.split())
    said = repr(first if len(first) <= 40 else first[:39] + "…")
    others = len({t.text for t in texts}) - 1
    return said + (f" (and {others} more text{'s' * (others != 1)})" if others else "")


def where_written(source: GameSource, value: str) -> tuple[str, str] | None:
    """The file and key of the game's data that holds `value` as written (a colour's case aside)."""
    for name, table in source.tables():
        for loc, written in string_values(table):
            if written.strip().lower() == value.strip().lower():
                return name, key_text(loc)
    return None


APART_GREY = 15.0  # CIELAB L* between two colours told apart in greyscale
APART_CVD = 15.0  # CAM02-UCS distance between two colours told apart by a colour-blind reader
VISIONS = ("protanomaly", "deuteranomaly", "tritanomaly")  # Machado 2009, at full severity


def colour_alone(specs: Sequence[DocumentSpec], rules: RulesModel, game: str) -> list[Problem]:
    """Pieces a player must tell apart (`tell_apart` in rules.toml) that differ by colour alone (the
    same icons and words) and whose colours print alike in grey or look alike to a colour-blind reader."""
    problems = []
    wanted: dict[str, int | None] = {}  # each side named, and how many of its designs a group compares
    for names in rules.tell_apart:
        for name in names:
            most = 1 if len(names) > 1 else None
            wanted[name] = None if name in wanted and (wanted[name] is None or most is None) else most
    found = _sides(specs, wanted)
    for number, names in enumerate(rules.tell_apart):
        unknown = [name for name in names if name.split(":")[0] not in rules.components]
        if unknown:
            problems.append(
                Problem(
                    game=game,
                    file="rules.toml",
                    key=f"tell_apart[{number}]",
                    message=f"no component {unknown[0]!r}.{meant_or_known(unknown[0].split(':')[0], rules.components)}",
                )
            )
            continue
        sides = [_design(*side) for name in names for side in found.get(name, [])[: 1 if len(names) > 1 else None]]
        for i, first in enumerate(sides):
            for second in sides[i + 1 :]:
                alike = _alike(first, second)
                if alike:
                    problems.append(
                        Problem(
                            game=game,
                            file="rules.toml",
                            key=f"tell_apart[{number}]",
                            message=f"{first.name!r} and {second.name!r} differ by colour alone, and {alike}: give "
                            "them different icons or words, or colours further apart",
                        )
                    )
    return problems


@dataclass(frozen=True, kw_only=True)
class SideLook:
    """One side as a player tells it apart: its name, what it shows, and every colour it is drawn
    in, in drawing order (the background first)."""

    name: str
    icons: frozenset[str]
    words: tuple[str, ...]
    colours: tuple[str, ...]


def _sides(
    specs: Sequence[DocumentSpec], wanted: Mapping[str, int | None]
) -> dict[str, list[tuple[str, Sequence[Element], str | None]]]:
    """The distinct faces (by kind) and backs (by `kind:back`) of the components `wanted`, in order,
    as many as it says (None: all): the name of the first piece that shows it, its elements and its
    background (read as a `SideLook` only when compared). A deck of 10,000 designs is passed over
    once its kind has the one side a comparison between kinds needs."""
    found: dict[str, dict[int, tuple[str, Sequence[Element], str | None]]] = {key: {} for key in wanted}
    open_kinds = {key.split(":")[0] for key in wanted}  # kinds with a side still wanted
    for spec in specs:
        for section in spec.sections:
            if not isinstance(section, PieceGroup):
                continue
            for piece in section.pieces:
                if piece.kind not in open_kinds:
                    continue
                for key, elements, background in (
                    (piece.kind, piece.face, piece.background),
                    (f"{piece.kind}:back", piece.back, piece.back_background),
                ):
                    sides = found.get(key)
                    if elements is not None and sides is not None and len(sides) != wanted[key]:
                        sides.setdefault(id(elements), (piece.name, elements, background))
                if all(len(found[key]) == wanted[key] for key in (piece.kind, f"{piece.kind}:back") if key in found):
                    open_kinds.discard(piece.kind)
    return {key: list(by_id.values()) for key, by_id in found.items() if by_id}


def _design(name: str, elements: Sequence[Element], background: str | None) -> SideLook:
    leaves = [e for e, _ in _placed(elements, IDENTITY)]
    colours = [background or WHITE]
    for e in leaves:
        colours += [
            getattr(e, attribute) or "none" for attribute in ("fill", "stroke", "color") if hasattr(e, attribute)
        ]
    words = tuple(e.text for e in leaves if isinstance(e, Text))
    return SideLook(
        name=name, icons=frozenset(icon_refs(elements)), words=words, colours=tuple(c.lower() for c in colours)
    )


def _alike(a: SideLook, b: SideLook) -> str | None:
    """How two designs that differ by colour alone (the same icons, words and shapes) look alike, if
    they do: the same, in grey, or to which eyes; None when they differ by more, or their colours
    are apart enough."""
    if (a.icons, a.words, len(a.colours)) != (b.icons, b.words, len(b.colours)):
        return None
    pairs = sorted({(x, y) for x, y in zip(a.colours, b.colours, strict=True) if x != y and "none" not in (x, y)})
    if not pairs:
        return "are drawn alike" if a.colours == b.colours else None
    from colorspacious import cspace_convert, deltaE  # only colour-alone pairs need it

    for x, y in pairs:
        rgb = [[int(c.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)] for c in (x, y)]
        grey = abs(float(cspace_convert(rgb[0], "sRGB1", "CIELab")[0] - cspace_convert(rgb[1], "sRGB1", "CIELab")[0]))
        if grey < APART_GREY:
            return f"{x} and {y} print as near the same grey (L* {grey:.1f} apart, {APART_GREY:g} needed)"
        for vision in VISIONS:
            space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
            seen = [cspace_convert(c, space, "sRGB1").clip(0, 1) for c in rgb]
            distance = float(deltaE(seen[0], seen[1], input_space="sRGB1"))
            if distance < APART_CVD:
                eyes = vision.removesuffix("omaly") + "opia"
                return f"{x} and {y} look alike under {eyes} (CAM02-UCS {distance:.1f} apart, {APART_CVD:g} needed)"
    return None
