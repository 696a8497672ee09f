"""Cards for a machine cut: a frame drawn just inside the trim suits scissors (a cut a little off
still leaves a framed card), but a guillotine's drift leaves it uneven, so print shops ask for
nothing but the bleeding background within their safe margin. Where a design comes closer, its
cards are laid out again on a card smaller by the difference on every side and centred on the real
trim: the frame lands on the safe line, type keeps its size, and the fills that ran to the edge
still run on through the bleed."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from pnp.export.catalogue import Catalogue, ExportDeck, catalogue
from pnp.geometry import MM
from pnp.render.bleed import TRIM_EDGE, runs_on
from pnp.render.elements import Box, Circle, Element, Group, Icon, Line, Polygon, Text
from pnp.source.icons import IconStore
from pnp.source.printoptions import CardSize
from pnp.source.settings import Settings

Extent = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


def safe_catalogue(game: str, settings: Settings, store: IconStore, *, safe_mm: float) -> Catalogue:
    """The game's exports with every deck's design kept `safe_mm` inside the trim."""
    found = catalogue(game, settings, store)
    inset = min((deck_inset(deck, ink_saver=settings.ink_saver) for deck in found.decks), default=safe_mm)
    if inset >= safe_mm:
        return found
    shrink = safe_mm - inset
    card = settings.card
    inner = CardSize(card.name, card.width - 2 * shrink * MM, card.height - 2 * shrink * MM)
    smaller = catalogue(game, replace(settings, card=inner), store)
    return replace(smaller, decks=[replace(deck, margin=deck.margin + shrink) for deck in smaller.decks])


def deck_inset(deck: ExportDeck, *, ink_saver: bool) -> float:
    """How close to the trim (mm) anything meant to be seen comes, on any side of any card."""
    sides = {id(side): side for piece in deck.pieces for side in (piece.face, piece.back or ())}  # a shared back once
    return min((inset(elements, deck.w, deck.h, ink_saver=ink_saver) for elements in sides.values()), default=math.inf)


def inset(elements: Sequence[Element], w: float, h: float, *, ink_saver: bool) -> float:
    """The nearest approach to the trim of all but the fills that run into the bleed."""
    extents = [extent(e) for e in elements if not _bleeds(e, w, h, ink_saver=ink_saver)]
    return min((min(x0, y0, w - x1, h - y1) for x0, y0, x1, y1 in extents), default=math.inf)


def _bleeds(element: Element, w: float, h: float, *, ink_saver: bool) -> bool:
    """The fills `pnp.render.pieces.bleeding` runs on into the bleed: they are meant to reach the cut."""
    if not runs_on(element, ink_saver=ink_saver):
        return False
    x0, y0, x1, y1 = extent(element)
    return x0 <= TRIM_EDGE or y0 <= TRIM_EDGE or x1 >= w - TRIM_EDGE or y1 >= h - TRIM_EDGE


def extent(element: Element) -> Extent:
    """The box an element's ink can reach, strokes included (a text's whole box, not its glyphs)."""
    if isinstance(element, Box):
        pad = element.width / MM / 2 if element.stroke else 0.0
        return element.x - pad, element.y - pad, element.x + element.w + pad, element.y + element.h + pad
    if isinstance(element, Circle):
        r = element.r + (element.width / MM / 2 if element.stroke else 0.0)
        return element.cx - r, element.cy - r, element.cx + r, element.cy + r
    if isinstance(element, Line):
        pad = max(element.width / MM / 2, element.head() if element.arrow else 0.0)
        return _span([(element.x1, element.y1), (element.x2, element.y2)], pad)
    if isinstance(element, Polygon):
        return _span(element.points, element.width / MM / 2 if element.stroke else 0.0)
    if isinstance(element, Icon):
        half = element.size / 2 * (math.sqrt(2) if element.rotate % 90 else 1.0)
        return element.cx - half, element.cy - half, element.cx + half, element.cy + half
    if isinstance(element, Text):
        return element.x, element.y, element.x + element.w, element.y + element.h
    assert isinstance(element, Group)
    turn = math.radians(element.rotate)
    corners = []
    for x0, y0, x1, y1 in (extent(child) for child in element.elements):
        for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)):
            corners.append(
                (
                    element.dx + x * math.cos(turn) - y * math.sin(turn),
                    element.dy + x * math.sin(turn) + y * math.cos(turn),
                )
            )
    return _span(corners, 0.0) if corners else (math.inf, math.inf, -math.inf, -math.inf)


def _span(points: Iterable[tuple[float, float]], pad: float) -> Extent:
    xs, ys = zip(*points, strict=True)
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
