"""The base of every data model (unknown keys are errors, types are not coerced) and the values
every data file shares, each checked where it is read."""

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, WithJsonSchema

from pnp.source.icons import is_icon_ref
from pnp.source.ownart import ART_PATTERN, is_art_ref

_COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")


class Strict(BaseModel):
    """Unknown keys are errors (they are usually typos), and types are not coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def shown(value: Any) -> str:
    """A value as an error message quotes it: short ones whole, long ones cut (a message never
    echoes a megabyte of data back), lists and tables by their type."""
    if isinstance(value, (dict, list)):
        return f"a {'table' if isinstance(value, dict) else 'list'} of {len(value)}"
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}... ({len(str(value)):,} characters)"


def color_value(value: str) -> str:
    if not _COLOR_RE.match(value):
        raise ValueError(f"expected a colour like '#b22222', found {shown(value)}")
    return value


def icon_value(value: str) -> str:
    if not is_icon_ref(value) and not is_art_ref(value):
        raise ValueError(not_an_icon(value))
    return value


def not_an_icon(value: object) -> str:
    return (
        "expected an icon reference author/name such as 'lorc/lift', or own art art/<file>.svg, .png or "
        f".jpg, found {shown(value)}"
    )


# the patterns an editor checks as the designer types (JSON Schema's regular expressions)
COLOR_PATTERN = "^#[0-9a-fA-F]{6}$"
ICON_PATTERN = f"^([a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*|{ART_PATTERN})$"
Color = Annotated[
    str,
    AfterValidator(color_value),
    WithJsonSchema({"type": "string", "pattern": COLOR_PATTERN, "description": "a colour, #rrggbb"}),
]
IconName = Annotated[
    str,
    AfterValidator(icon_value),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": ICON_PATTERN,
            "description": "a game-icons.net icon, author/name: lorc/lift, or own art: art/ghost.png",
        }
    ),
]
