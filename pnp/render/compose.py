"""Turn a template and one piece's values into elements, and say what of it would print badly.

A slot's box is worked out for the piece's size; stacked slots (the template's `stack`, top to
bottom) take their heights in turn and a growing slot the rest, so moving a slot in the stack moves
the others out of its way. Each problem is returned with the slot's place in the data, never raised:
validation reports them all at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pnp.errors import TextOverflow, closest, meant_or_known
from pnp.geometry import MM
from pnp.memory import BuildMemory
from pnp.render.elements import Box, Circle, Element, Group, Icon, Line, Text
from pnp.render.slotplaces import (
    ABSENT,
    EDGE,
    KEPT_PER_PLACE,
    LAYOUTS,
    Area,
    Ink,
    KeptLayouts,
    Laid,
    Place,
    Slip,
    ink_area,
    kept_for,
    laid_out,
    value_names,
    whens_in,
)
from pnp.render.textfit import LEADING, fit_text, line_count
from pnp.source.placeholders import PlaceholderError, UnknownPlaceholder, fill_placeholders, parse_placeholders
from pnp.source.slots import Slot, Template, Where

ROW_GAP = 0.4  # mm between the rows of a text set in rows
SMALLEST = 1.0  # pt: an overflowing text is still drawn this small, so every problem is found
TEXTS_KEPT = 4_096  # slot texts whose placeholders are kept parsed: a build's templates, and room


class _Composer:
    def __init__(
        self,
        template: Template,
        values: Mapping[str, str],
        w: float,
        h: float,
        at: tuple[float, float],
        layouts: KeptLayouts,
    ) -> None:
        self.template, self.layouts = template, layouts
        self.size = (w, h)
        self.at = at
        self.values = values
        self.slips: list[Slip] = []
        self.inks: list[Ink] = []
        self.areas: dict[str, Area] = {}  # every slot's box on the piece, by its dotted name

    def slip(self, slot: Slot, message: str, text: str = "") -> None:
        self.slips.append(Slip(slot.where, message, text))

    def value(self, slot: Slot, text: str) -> str:
        """`text` with each `{name}` replaced by the piece's value of that name."""
        try:
            texts = self.layouts.texts
            parsed = texts.get(text)
            if parsed is None:
                if len(texts) >= TEXTS_KEPT:
                    texts.clear()
                parsed = texts[text] = parse_placeholders(text)
            return fill_placeholders(text, self.values, parsed)
        except UnknownPlaceholder as exc:
            self.slip(
                slot, f"{{{exc.name}}} is not a value of this piece.{meant_or_known(exc.name, self.values, 'it has')}"
            )
        except PlaceholderError as exc:
            self.slip(slot, str(exc))
        return ""

    def boxes(
        self, laid: Laid, stack: tuple[str, ...], across: bool, w: float, h: float, needs: Mapping[str, float]
    ) -> dict[str, Area]:
        """Each slot's box in the piece (or group) of w x h mm: stacked slots one after the other,
        top to bottom (or left to right), a slot whose value is empty taking no room, and a stacked
        text at least as tall as it `needs`."""
        out, by_name = dict(laid.own), laid.by_name
        stacked = [by_name[name] for name in stack if name in by_name and self.shown(by_name[name])]
        side = w if across else h
        given = {s.name: (s.w if across else s.h).of(side) for s in stacked if not s.grow}
        lengths = {name: max(length, needs[name]) if name in needs else length for name, length in given.items()}
        growing = [s for s in stacked if s.grow]
        fixed = sum(lengths.values()) + sum(s.before.of(side) + s.after.of(side) for s in stacked)
        share = (side - fixed) / len(growing) if growing else 0.0
        at = 0.0
        for s in stacked:
            length = lengths.get(s.name, share)
            at += s.before.of(side)
            if across:
                out[s.name] = Area(at, s.y.of(h), length, s.h.of(h))
            else:
                out[s.name] = Area(s.x.of(w), h - at - length, s.w.of(w), length)
            at += length + s.after.of(side)
        return out

    def needs(self, slot: Slot, width: float) -> float:
        """The height (mm) a stacked text takes at its floor: it is given that much at least, from the
        slot that grows, so a small card keeps its text readable and shrinks its art instead."""
        text = self.value(slot, slot.text)
        if not text or width <= 0:
            return 0.0
        lines = line_count(text, width * MM, slot.min_size, slot.bold, slot.font)
        return lines * slot.min_size * LEADING / MM + 0.01

    def shown(self, slot: Slot) -> bool:
        return slot.when is None or bool(self.values.get(slot.when))

    def compose(
        self,
        slots: tuple[Slot, ...],
        stack: tuple[str, ...],
        across: bool,
        w: float,
        h: float,
        dx: float,
        dy: float,
        owner: Slot | None = None,
        prefix: str = "",
    ) -> list[Element]:
        stack = self.stacked(slots, stack, owner)
        laid = laid_out(slots, stack, w, h, self.layouts)
        shown = tuple([self.shown(slot) for slot in laid.ordered]) if laid.any_when else ()  # (): every one
        needs = {} if across else {s.name: self.needs(s, s.w.of(w)) for s in laid.measured if self.shown(s)}
        key = (across, dx, dy, owner.rotate if owner else 0.0, prefix, self.size, self.at, shown, *needs.values())
        places = self.layouts.places.get(laid, *key)
        if places is None:
            places = self.layouts.places.put(
                laid, *key, value=self.places(laid, stack, across, w, h, dx, dy, owner, prefix, needs)
            )
        out: list[Element] = []
        for place in places:
            self.slips += place.slips
            if place.area is not None:
                self.areas[place.dotted] = place.area
                out += self.kept_elements(place, place.area)
        return out

    def stacked(self, slots: tuple[Slot, ...], stack: tuple[str, ...], owner: Slot | None) -> tuple[str, ...]:
        """`stack` with each name no slot has said as a slip, and stacked as the slot it is closest
        to (`roll` for `role`), so the slots after it sit where they were meant to."""
        names = [slot.name for slot in slots]
        if all(name in names for name in stack):
            return stack
        out = []
        for name in stack:
            if name in names:
                out.append(name)
                continue
            meant = closest(name, [n for n in names if n not in stack])
            said = f". Did you mean {meant!r}?" if meant else f" (slots: {', '.join(names)})"
            where = owner.where if owner else self.template.where
            self.slips.append(Slip((where[0], (*where[1], "stack")), f"no slot named {name!r} to stack{said}"))
            out += [meant] if meant else []
        return tuple(out)

    def places(
        self,
        laid: Laid,
        stack: tuple[str, ...],
        across: bool,
        w: float,
        h: float,
        dx: float,
        dy: float,
        owner: Slot | None,
        prefix: str,
        needs: Mapping[str, float],
    ) -> list[Place]:
        """Each shown slot in drawing order: its box on the piece (None when it has no room), its
        dotted name, and the slips its box makes (no room, or outside the piece)."""
        areas = self.boxes(laid, stack, across, w, h, needs)
        pw, ph = self.size
        rotated = owner is not None and owner.rotate != 0
        out = []
        for slot in laid.ordered:
            if not self.shown(slot):
                continue
            a = areas[slot.name]
            slips: list[Slip] = []
            placed: Area | None = Area(a.x + dx, a.y + dy, a.w, a.h)
            x, y = a.x + dx - self.at[0], a.y + dy - self.at[1]
            if slot.type != "line" and (a.w < -EDGE or a.h < -EDGE):  # a line runs either way
                lost = " and ".join(
                    f"{name} {size:.1f} mm" for name, size in (("width", a.w), ("height", a.h)) if size < -EDGE
                )
                said = f"has no room: its {lost} (less than nothing) on a {w:.1f} x {h:.1f} mm piece"
                slips.append(Slip(slot.where, said))
                placed = None
            elif (
                slot.type != "line"
                and not rotated
                and (x < -EDGE or y < -EDGE or x + a.w > pw + EDGE or y + a.h > ph + EDGE)
            ):
                slips.append(
                    Slip(
                        slot.where,
                        f"lies outside the piece: its box runs {x:.1f} to {x + a.w:.1f} mm "
                        f"across and {y:.1f} to {y + a.h:.1f} mm up a {pw:.1f} x {ph:.1f} mm "
                        "piece",
                    )
                )
            names = value_names(slot)
            piece = (self.size, self.at) if slot.type == "group" else None  # its slots' boxes are checked on it
            kept = (
                kept_for(slot, placed, rotated, prefix, piece, self.layouts)
                if names is not None and placed is not None
                else {}
            )
            out.append(
                Place(
                    slot=slot,
                    area=placed,
                    dotted=f"{prefix}{slot.name}",
                    slips=slips,
                    names=names,
                    whens=tuple(sorted(whens_in(slot))),
                    rotated=rotated,
                    prefix=prefix,
                    kept=kept,
                )
            )
        return out

    def kept_elements(self, place: Place, area: Area) -> list[Element]:
        """The slot's elements in its place (`area`, its box), worked out once for each set of the
        values it fills in (and, in a group, of the values that show its slots): a place fixes
        everything else they depend on, and a deck's frames, bands and type lines are the same on
        card after card."""
        slot, names = place.slot, place.names
        if names is None:
            return self.element(slot, area, place.rotated, place.prefix)
        values = self.values
        # each value as text (so 1 and 1.0 differ), or a mark that the piece lacks it
        key = tuple([str(values[name]) if name in values else ABSENT for name in names])
        if place.whens:
            key += tuple([bool(values.get(when)) for when in place.whens])
        found = place.kept.get(key)
        if found is not None:
            self.inks += found[1]
            self.areas.update(found[2])
            return found[0]
        slips, inks = len(self.slips), len(self.inks)
        outer, self.areas = self.areas, {}  # the boxes of a group's slots, apart
        elements = self.element(slot, area, place.rotated, place.prefix)
        own, self.areas = self.areas, outer
        outer.update(own)
        if len(self.slips) == slips and len(place.kept) < KEPT_PER_PLACE:  # a mistake is reported by every piece
            place.kept[key] = (elements, self.inks[inks:], list(own.items()))
        return elements

    def element(self, slot: Slot, a: Area, rotated: bool, prefix: str) -> list[Element]:
        color = self.value(slot, slot.color)
        fill = self.value(slot, slot.fill) or None if slot.fill else None  # "{fill}" may be empty: none
        stroke = self.value(slot, slot.stroke) or None if slot.stroke else None
        if slot.type == "group":
            if not slot.rotate:
                return self.compose(
                    slot.slots, slot.stack, slot.across, a.w, a.h, a.x, a.y, slot, f"{prefix}{slot.name}."
                )
            inner = self.compose(
                slot.slots, slot.stack, slot.across, a.w, a.h, -a.w / 2, -a.h / 2, slot, f"{prefix}{slot.name}."
            )
            return [Group(elements=tuple(inner), dx=a.x + a.w / 2, dy=a.y + a.h / 2, rotate=slot.rotate)]
        if slot.type == "box":
            return [
                Box(
                    x=a.x,
                    y=a.y,
                    w=a.w,
                    h=a.h,
                    fill=fill,
                    stroke=stroke,
                    width=slot.width,
                    radius=slot.radius,
                    dash=slot.dash,
                )
            ]
        if slot.type == "circle":
            r = min(a.w, a.h) / 2 * slot.scale
            return [
                Circle(
                    cx=a.x + a.w / 2, cy=a.y + a.h / 2, r=r, fill=fill, stroke=stroke, width=slot.width, dash=slot.dash
                )
            ]
        if slot.type == "line":
            return [
                Line(
                    x1=a.x,
                    y1=a.y,
                    x2=a.x + a.w,
                    y2=a.y + a.h,
                    color=color,
                    width=slot.width,
                    dash=slot.dash,
                    arrow=slot.arrow,
                )
            ]
        if slot.type == "icon":
            ref = self.value(slot, slot.icon)
            if not ref:
                return []
            return [
                Icon(
                    ref=ref,
                    cx=a.x + a.w / 2,
                    cy=a.y + a.h / 2,
                    size=min(a.w, a.h) * slot.scale,
                    color=color,
                    rotate=slot.rotate,
                )
            ]
        text = self.value(slot, slot.text)
        under: list[Element] = (
            [Box(x=a.x, y=a.y, w=a.w, h=a.h, fill=fill, stroke=stroke, width=slot.width, radius=slot.radius)]
            if fill or stroke
            else []
        )
        if not text:
            return under
        if slot.rows:
            lines = text.split("\n")
            step = a.h / len(lines)
            return under + [
                e
                for i, line in enumerate(lines)
                for e in self.text(
                    slot, line, Area(a.x, a.y + a.h - (i + 1) * step, a.w, step - ROW_GAP), color, rotated
                )
            ]
        return under + self.text(slot, text, a, color, rotated)

    def text(self, slot: Slot, text: str, a: Area, color: str, rotated: bool) -> list[Element]:
        floor = slot.min_size
        try:
            size, lines = fit_text(
                text, a.w * MM, a.h * MM, slot.size, min(slot.min_size, slot.size), slot.bold, slot.font
            )
        except TextOverflow:
            short = text if len(text) <= 40 else text[:37] + "..."
            self.slip(
                slot,
                f"text {short!r} does not fit its {a.w:.1f} x {a.h:.1f} mm box even at its floor of "
                f"{floor:g} pt: shorten it, lower `min_size` or give the slot more room",
                text,
            )
            try:
                size, lines = fit_text(text, a.w * MM, a.h * MM, slot.size, SMALLEST, slot.bold, slot.font)
            except TextOverflow:
                return []
            floor = size
        if not rotated:
            self.inks.append(Ink(slot, ink_area(a, slot, size, lines)))
        return [
            Text(
                text=text,
                x=a.x,
                y=a.y,
                w=a.w,
                h=a.h,
                size=slot.size,
                min_size=min(floor, slot.size),
                bold=slot.bold,
                font=slot.font,
                align=slot.align,
                valign=slot.valign,
                color=color,
                fitted=(size, lines),
            )
        ]

    def check_inks(self, w: float, h: float) -> None:
        """Text inside the safe zone, and no two texts of one layer on top of each other."""
        safe = self.template.safe.of(min(w, h))
        for ink in self.inks:
            a = ink.area
            x, y = a.x - self.at[0], a.y - self.at[1]
            room = min(x, y, w - x - a.w, h - y - a.h)
            if safe and room < safe - EDGE:
                self.slip(
                    ink.slot,
                    f"its text comes {max(room, 0):.1f} mm from the trim; keep it {safe:g} mm inside "
                    "(a cut a little off would clip it)",
                )
        for i, one in enumerate(self.inks):
            for other in self.inks[i + 1 :]:
                if one.slot.layer == other.slot.layer and one.area.overlaps(other.area):
                    self.slip(
                        other.slot,
                        f"its text overlaps the text of slot {one.slot.name!r} "
                        f"(move one, or put them on different layers)",
                    )


"""Each shown slot's place for a template's laid-out slots, placed at one point, with the same
slots shown and the same room their texts need: the same for card after card, and so are the
elements each place keeps."""


@dataclass(frozen=True, kw_only=True)
class Composed:
    """A piece as composed: read only, since a piece composed once is handed out again
    (`pnp.render.composedkeep`)."""

    elements: tuple[Element, ...]
    slips: tuple[Slip, ...]
    areas: Mapping[str, Area]  # each slot's box ("body.left" inside a group): regions a game fills
    where: Where = ("", ())  # the template's place in the data


def compose(
    template: Template,
    values: Mapping[str, str],
    w: float,
    h: float,
    *,
    at: tuple[float, float] = (0.0, 0.0),
    memory: BuildMemory | None = None,
) -> Composed:
    """The elements of one piece of w x h mm drawn with `template` with its lower-left corner `at`
    (on a sheet the piece is part of), and the template's mistakes; what `memory` holds of the
    template's layouts taken as worked out."""
    composer = _Composer(template, values, w, h, at, memory[LAYOUTS] if memory is not None else KeptLayouts())
    elements = composer.compose(template.slots, template.stack, template.across, w, h, *at)
    composer.check_inks(w, h)
    return Composed(
        elements=tuple(elements),
        slips=tuple(dict.fromkeys(composer.slips)),
        areas=MappingProxyType(composer.areas),
        where=template.where,
    )
