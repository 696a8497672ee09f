"""A template laid out once for every piece it draws: each slot's box at one size (`laid`), and the
elements a slot drew in one box, kept by the values they depend on (`kept`), so card after card
reuses them and the renderer draws them once as a form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from pnp.geometry import MM
from pnp.memory import Kept
from pnp.render.elements import Element
from pnp.render.fonts import ascent_descent
from pnp.render.identitycache import IdentityCache
from pnp.render.richtext import line_width
from pnp.render.textfit import LEADING, baseline
from pnp.source.placeholders import Parsed, PlaceholderError, placeholder_names
from pnp.source.slots import Slot, Where

EDGE = 0.05  # mm a box may pass the trim by (rounding)


@dataclass(frozen=True)
class Slip:
    """A layout mistake: where the slot was last set, and what is wrong."""

    where: Where
    message: str
    text: str = ""  # the text that would print badly, so a message can name where it came from


class Area(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Area) -> bool:
        return (
            self.x < other.x + other.w - EDGE
            and other.x < self.x + self.w - EDGE
            and self.y < other.y + other.h - EDGE
            and other.y < self.y + self.h - EDGE
        )


class Ink(NamedTuple):
    slot: Slot
    area: Area


class Laid(NamedTuple):
    own: Mapping[str, Area]  # each slot's own box, before stacking
    ordered: tuple[Slot, ...]  # in drawing order (by layer)
    by_name: Mapping[str, Slot]
    measured: tuple[Slot, ...]  # stacked texts of fixed height: given at least the room they need
    any_when: bool  # a slot shows only with a value (else every one shows)


def laid_out(slots: tuple[Slot, ...], stack: tuple[str, ...], w: float, h: float, kept: KeptLayouts) -> Laid:
    """Each slot's own box in a piece (or group) of w x h mm, the slots in drawing order (by layer)
    and by name, and the stacked texts whose lines are measured: the same for every piece a
    template draws at one size, so worked out once."""
    laid = kept.laid.get(slots, stack, w, h)
    if laid is None:
        by_name = {s.name: s for s in slots}
        laid = kept.laid.put(
            slots,
            stack,
            w,
            h,
            value=Laid(
                own={s.name: Area(s.x.of(w), s.y.of(h), s.w.of(w), s.h.of(h)) for s in slots},
                ordered=tuple(sorted(slots, key=lambda s: s.layer)),
                by_name=by_name,
                measured=tuple(
                    s
                    for name in stack
                    if (s := by_name.get(name)) is not None and s.type == "text" and not s.rows and not s.grow
                ),
                any_when=any(s.when is not None for s in slots),
            ),
        )
    return laid


Drawn = tuple[list[Element], list[Ink], list[tuple[str, Area]]]  # elements, inks, boxes of a group's slots


KEPT_PER_PLACE = 64  # sets of values a place keeps the elements of; past them each piece works its own out


@dataclass(frozen=True, kw_only=True, slots=True)
class Place:
    slot: Slot
    area: Area | None  # on the piece; None: the slot has no room
    dotted: str  # "body.left" inside a group
    slips: list[Slip]
    names: tuple[str, ...] | None  # the values its elements depend on (`value_names`)
    whens: tuple[str, ...]  # the values that show or hide a group's slots
    rotated: bool  # in a turned group
    prefix: str  # "body." inside a group
    kept: dict[tuple[object, ...], Drawn]  # by `names` filled, then `whens` set (`kept_for`)


class KeptLayouts:
    """What composing pieces works out once for every piece a template draws alike: each slot
    list laid out at a size, each layout's places, and what a slot drew in a box."""

    __slots__ = ("drawn", "laid", "places", "texts")

    def __init__(self) -> None:
        self.texts: dict[str, Parsed] = {}  # each slot text's placeholders, parsed once (every piece fills it)
        self.laid: IdentityCache[Laid] = IdentityCache(512)
        self.places: IdentityCache[list[Place]] = IdentityCache(1024)
        self.drawn: IdentityCache[dict[tuple[object, ...], Drawn]] = IdentityCache(4096)


LAYOUTS = Kept("slot layouts", KeptLayouts)


def kept_for(
    slot: Slot,
    area: Area | None,
    rotated: bool,
    prefix: str,
    piece: tuple[tuple[float, float], tuple[float, float]] | None,
    layouts: KeptLayouts,
) -> dict[tuple[object, ...], Drawn]:
    """What a slot drew in one box, shared by the places of every layout that gives it that box: a
    card whose long text lays it out apart still draws its band and frame with the very elements
    of the others, which the renderer draws once as a form. A group's are kept for one piece size
    and corner (`piece`): whether its slots lie outside the piece depends on them."""
    kept = layouts.drawn.get(slot, area, rotated, prefix, piece)
    return kept if kept is not None else layouts.drawn.put(slot, area, rotated, prefix, piece, value={})


ABSENT = object()


def value_names(slot: Slot) -> tuple[str, ...] | None:
    """The values a slot's elements depend on, besides its box and (in a group) whether each of its
    slots shows; None when a text is not all placeholders pnp reads."""
    try:
        return tuple(sorted(names_in(slot)))
    except PlaceholderError:
        return None


def names_in(slot: Slot) -> set[str]:
    """The names the slot's texts and colours fill in, and those of a group's slots, all the way down."""
    names = {
        name
        for text in (slot.color, slot.fill, slot.stroke, slot.icon, slot.text)
        if text
        for name in placeholder_names(text)
    }
    for inner in slot.slots if slot.type == "group" else ():
        names |= names_in(inner)
    return names


def whens_in(slot: Slot) -> set[str]:
    """The values that show or hide a group's slots, all the way down: a slot shows when its value
    is not empty, so 0, None and "" hide it alike, though they print apart."""
    whens: set[str] = set()
    for inner in slot.slots if slot.type == "group" else ():
        whens |= ({inner.when} if inner.when else set()) | whens_in(inner)
    return whens


def ink_area(a: Area, slot: Slot, size: float, lines: tuple[str, ...]) -> Area:
    """The rectangle a fitted text's glyphs cover inside its box, placed as the painter places the
    lines (`pnp.render.painter`): the block of lines by its alignment, the ink from the first line's
    ascent to the last line's descent."""
    bold, font, valign, align = slot.bold, slot.font, slot.valign, slot.align
    width = max(line_width(line, bold, size, font) for line in lines) / MM
    block = len(lines) * size * LEADING
    top = (
        (a.y + a.h) * MM
        if valign == "top"
        else a.y * MM + block
        if valign == "bottom"
        else (a.y + a.h / 2) * MM + block / 2
    )
    ascent, descent = ascent_descent(bold, size, font)
    first, last = baseline(top, size, 0), baseline(top, size, len(lines) - 1)
    x = a.x if align == "left" else a.x + a.w - width if align == "right" else a.x + (a.w - width) / 2
    return Area(x, (last - descent) / MM, width, (first + ascent - last + descent) / MM)
