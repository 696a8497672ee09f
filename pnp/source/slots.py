"""Piece templates as data: named slots, each with a box in millimetres or in percent of the piece
(so a layout scales with `--card`), its text size and floor, colours, rotation and layer.

The kit ships a default template for every piece kind (`pnp/games/kit.toml`); a game's data file
may override any slot of them under `[templates.NAME.slots.SLOT]`, and a card kind or a single
card under its own `layout.SLOT`. Every key of an override is optional: it names what it changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, WithJsonSchema

from pnp.errors import meant_or_known
from pnp.source.strict import ICON_PATTERN, Strict, color_value, icon_value

MAX_MM = 2000.0
MAX_SHARE = 10.0
_TERM = re.compile(r"\s*([+-]?)\s*(\d+(?:\.\d+)?)\s*(%|mm)?\s*")


@dataclass(frozen=True)
class SideLength:
    """A length along one side of a piece: millimetres plus a share of the side, written
    "12%", "3mm", "84% - 8.5mm" or a plain number of millimetres."""

    mm: float = 0.0
    share: float = 0.0  # of the side: 0.5 is half of it

    def of(self, side: float) -> float:
        return self.mm + self.share * side

    @classmethod
    def read(cls, value: object) -> SideLength:
        if isinstance(value, SideLength):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return cls._bounded(float(value), 0.0, value)
        if not isinstance(value, str):
            raise ValueError(f'expected a length such as 12, "3mm", "40%" or "84% - 8.5mm", found {value!r}')
        mm = share = 0.0
        at = 0
        text = value.strip()
        if not text:
            raise ValueError("expected a length, found an empty text")
        while at < len(text):
            match = _TERM.match(text, at)
            if match is None or match.end() == at or (at and not match.group(1)):
                raise ValueError(
                    f'{value!r} is not a length: write terms such as "84%", "8.5mm" or 12, joined by + or -'
                )
            sign = -1.0 if match.group(1) == "-" else 1.0
            number = float(match.group(2)) * sign
            if match.group(3) == "%":
                share += number / 100
            else:
                mm += number
            at = match.end()
        return cls._bounded(mm, share, value)

    @classmethod
    def _bounded(cls, mm: float, share: float, value: object) -> SideLength:
        """No piece is larger than a board of a few pages: a length past that is a typo."""
        if not (abs(mm) <= MAX_MM and abs(share) <= MAX_SHARE):
            raise ValueError(
                f"{value!r}: a length runs from -{MAX_MM:g} to {MAX_MM:g} mm and "
                f"-{MAX_SHARE * 100:g}% to {MAX_SHARE * 100:g}%"
            )
        return cls(mm, share)


LengthValue = Annotated[
    SideLength,
    BeforeValidator(SideLength.read),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "number"},
                {
                    "type": "string",
                    "pattern": r"^\s*[+-]?\s*\d+(\.\d+)?\s*(%|mm)?"
                    r"(\s*[+-]\s*\d+(\.\d+)?\s*(%|mm)?)*\s*$",
                },
            ],
            "description": 'millimetres, or a share of the piece: 12, "3mm", "40%", "84% - 8.5mm"',
        }
    ),
]
_VALUE = re.compile(r"^\{[A-Za-z_][A-Za-z0-9_-]*\}$")


def _or_value(check: Callable[[str], str], example: str) -> Callable[[str], str]:
    """A key a slot may give as itself (what `check` accepts) or as a value of the piece, "{name}"."""

    def read(value: str) -> str:
        if _VALUE.match(value):
            return value
        try:
            return check(value)
        except ValueError as exc:
            raise ValueError(f"{exc} (or a value of the piece such as '{example}')") from None

    return read


_VALUE_PATTERN = r"\{[A-Za-z_][A-Za-z0-9_-]*\}"
SlotColor = Annotated[
    str,
    AfterValidator(_or_value(color_value, "{color}")),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": f"^(#[0-9a-fA-F]{{6}}|{_VALUE_PATTERN})$",
            "description": 'a colour, #rrggbb, or a value of the piece: "{color}"',
        }
    ),
]
SlotIcon = Annotated[
    str,
    AfterValidator(_or_value(icon_value, "{icon}")),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": f"^({ICON_PATTERN.strip('^$')}|{_VALUE_PATTERN})$",
            "description": 'a game-icons.net icon, author/name, own art, art/<file>, or a value of the piece: "{icon}"',
        }
    ),
]
SlotType = Literal["text", "icon", "box", "line", "circle", "group"]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]
Points = Annotated[float, Field(ge=0, le=200)]


class SlotSpec(Strict):
    """One slot as written: every key optional, so an override says only what it changes."""

    type: SlotType | None = None
    x: LengthValue | None = None
    y: LengthValue | None = None
    w: LengthValue | None = None
    h: LengthValue | None = None
    before: LengthValue | None = None  # room kept before the slot when it is stacked
    after: LengthValue | None = None
    grow: bool | None = None  # a stacked slot that takes the room the others leave
    text: Annotated[str, Field(max_length=600)] | None = None
    icon: SlotIcon | None = None
    size: Annotated[float, Field(gt=0, le=200)] | None = None
    min_size: Annotated[float, Field(gt=0, le=200)] | None = None
    scale: Annotated[float, Field(gt=0, le=5)] | None = None
    bold: bool | None = None
    font: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,63}$")] | None = (
        None  # a family of fonts/fonts.toml
    )
    align: Align | None = None
    valign: VAlign | None = None
    color: SlotColor | None = None
    fill: SlotColor | None = None
    stroke: SlotColor | None = None
    width: Points | None = None
    radius: Annotated[float, Field(ge=0, le=100)] | None = None
    dash: Annotated[list[Annotated[float, Field(gt=0, le=50)]], Field(min_length=2, max_length=4)] | None = None
    rotate: Annotated[float, Field(ge=-360, le=360)] | None = None
    layer: Annotated[int, Field(ge=-10, le=10)] | None = None
    when: str | None = None  # drawn only when this value of the piece is not empty
    rows: bool | None = None  # a text: each of its lines in an equal share of the box
    arrow: bool | None = None  # a line: an arrowhead at its end
    stack: list[str] | None = None  # a group: these children stacked top to bottom...
    across: bool | None = None  # ... or left to right
    slots: dict[str, SlotSpec] | None = None


class TemplateSpec(Strict):
    """A template as written: its slots, the names stacked top to bottom, its safe zone."""

    extends: str | None = None
    stack: list[str] | None = None
    across: bool | None = None
    safe: LengthValue | None = None  # text keeps this far inside the trim
    size: Annotated[list[Annotated[float, Field(gt=0, le=MAX_MM)]], Field(min_length=2, max_length=2)] | None = None
    slots: dict[str, SlotSpec] = {}


Where = tuple[str, tuple[str | int, ...]]  # the file and key path that last set a slot


@dataclass(frozen=True, kw_only=True)
class Slot:
    """A slot with every key decided: the kit's default, then each override in turn."""

    name: str
    where: Where
    type: SlotType = "box"
    x: SideLength = SideLength()
    y: SideLength = SideLength()
    w: SideLength = SideLength(share=1.0)
    h: SideLength = SideLength(share=1.0)
    before: SideLength = SideLength()
    after: SideLength = SideLength()
    grow: bool = False
    text: str = ""
    icon: str = ""
    size: float = 9.0
    min_size: float = 5.0
    scale: float = 1.0
    bold: bool = False
    font: str = ""  # the family as written, then (the game's templates) the id it is registered by
    align: Align = "center"
    valign: VAlign = "middle"
    color: str = "#1b1b1b"
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.4
    radius: float = 0.0
    dash: tuple[float, ...] | None = None
    rotate: float = 0.0
    layer: int = 0
    when: str | None = None
    rows: bool = False
    arrow: bool = False
    slots: tuple[Slot, ...] = ()
    stack: tuple[str, ...] = ()
    across: bool = False


@dataclass(frozen=True, kw_only=True)
class Template:
    name: str
    where: Where
    slots: tuple[Slot, ...]
    stack: tuple[str, ...] = ()
    across: bool = False
    safe: SideLength = SideLength()
    size: tuple[float, float] | None = None  # mm: a piece the game places at this size (a badge, a label)


class UnknownTemplate(Exception):
    """A template extends one that does not exist."""

    def __init__(self, where: Where, message: str) -> None:
        super().__init__(message)
        self.where = where
        self.message = message


def _merged(slot: Slot | None, name: str, spec: SlotSpec, where: Where) -> Slot:
    base = slot or Slot(name=name, where=where)
    changes: dict[str, Any] = {}
    for key in spec.model_fields_set:
        value = getattr(spec, key)
        if key == "slots":
            children = {child.name: child for child in base.slots}
            for child_name, child_spec in (value or {}).items():
                children[child_name] = _merged(
                    children.get(child_name), child_name, child_spec, (where[0], (*where[1], "slots", child_name))
                )
            value = tuple(children.values())
        elif key in ("dash", "stack") and value is not None:
            value = tuple(value)
        elif value is None:
            continue
        changes[key] = value
    return replace(base, where=where, **changes)


def apply(template: Template, overrides: Mapping[str, SlotSpec], where: Where) -> Template:
    """`template` with `overrides` (slot name -> what changes) laid over its slots; a new name
    adds a slot."""
    slots = {slot.name: slot for slot in template.slots}
    for name, spec in overrides.items():
        slots[name] = _merged(slots.get(name), name, spec, (where[0], (*where[1], name)))
    return replace(template, slots=tuple(slots.values()))


def resolve(specs: Mapping[str, tuple[TemplateSpec, Where]], kit: Mapping[str, Template]) -> dict[str, Template]:
    """Each named template: the kit's (or the one it `extends`) with the game's slots laid over."""
    out = dict(kit)
    for name, (spec, where) in specs.items():
        if spec.extends is not None and spec.extends not in out:
            raise UnknownTemplate(
                (where[0], (*where[1], "extends")), f"no template {spec.extends!r}.{meant_or_known(spec.extends, out)}"
            )
        base = out.get(spec.extends or name)
        template = base or Template(name=name, where=where, slots=())
        template = apply(template, spec.slots, (where[0], (*where[1], "slots")))
        out[name] = replace(
            template,
            name=name,
            where=where,
            stack=tuple(spec.stack) if spec.stack is not None else template.stack,
            across=spec.across if spec.across is not None else template.across,
            safe=spec.safe if spec.safe is not None else template.safe,
            size=(spec.size[0], spec.size[1]) if spec.size is not None else template.size,
        )
    return out
