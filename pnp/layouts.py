"""Read a game's TOML layout data into checked models, reporting every problem with its file,
line (for syntax errors) and key path."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from pnp.errors import LayoutError, LayoutSyntaxError
from pnp.icons import IconRef, IconStore, is_icon_ref

M = TypeVar("M", bound=BaseModel)
_COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")


def _color(value: str) -> str:
    if not _COLOR_RE.match(value):
        raise ValueError(f"expected a colour like '#b22222', found {value!r}")
    return value


def _icon(value: str) -> str:
    if not is_icon_ref(value):
        raise ValueError(f"expected an icon reference author/name such as 'lorc/lift', found {value!r}")
    return value


Color = Annotated[str, AfterValidator(_color)]
IconName = Annotated[str, AfterValidator(_icon)]
Count = Annotated[int, Field(gt=0, le=500)]
Text = Annotated[str, Field(min_length=1, max_length=600)]


class Strict(BaseModel):
    """Unknown keys are errors (they are usually typos), and types are not coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LayoutError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LayoutError(f"{path}: cannot be read ({exc})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f":{match.group(1)}" if match else ""
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise LayoutSyntaxError(f"{path}{where}: TOML syntax error: {message}") from None


def key_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def describe(error: dict) -> str:
    kind = error["type"]
    found = error.get("input")
    if kind == "missing":
        return "missing key"
    if kind == "extra_forbidden":
        return "unknown key (a typo?)"
    if kind == "value_error":
        return str(error["msg"]).removeprefix("Value error, ")
    shown = repr(found) if not isinstance(found, (dict, list)) else type(found).__name__
    return f"{error['msg'][0].lower()}{error['msg'][1:]} (found {shown})"


def parse(model: type[M], data: dict[str, Any], path: Path) -> M:
    """Validate `data` against `model`; every problem becomes one line naming file and key."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        lines = [f"{path.name}:{key_path(err['loc'])}: {describe(err)}" for err in exc.errors()]
        raise LayoutError(_join(path, lines)) from None


def check_icons(data: Any, store: IconStore, path: Path, loc: tuple = ()) -> None:
    """Every icon named in the data must be in the icon cache."""
    missing = []
    for where, ref in _icon_values(data, loc):
        if not store.has(IconRef.parse(ref)):
            missing.append(f"{path.name}:{key_path(where)}: unknown icon {ref!r} (not in the icon cache; "
                           f"`pnp icons fetch {ref}` adds it)")
    if missing:
        raise LayoutError(_join(path, missing))


def icon_values(data: Any) -> list[str]:
    return [ref for _, ref in _icon_values(data, ())]


def _icon_values(data: Any, loc: tuple):
    if isinstance(data, dict):
        for key, value in data.items():
            if (key == "icon" or key.endswith("_icon")) and is_icon_ref(value):
                yield loc + (key,), value
            elif key == "icons" and isinstance(value, list):
                for i, item in enumerate(value):
                    if is_icon_ref(item):
                        yield loc + (key, i), item
            else:
                yield from _icon_values(value, loc + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _icon_values(item, loc + (i,))


def _join(path: Path, lines: list[str]) -> str:
    if len(lines) == 1:
        return f"{path.parent.name}/{lines[0]}"
    return f"{len(lines)} problems in {path}:\n" + "\n".join(f"  {path.parent.name}/{line}" for line in lines)


def used_icons(folder: Path) -> list[str]:
    """The icons a game's layout data names, across all its TOML files."""
    found: set[str] = set()
    for path in sorted(folder.glob("*.toml")):
        found |= set(icon_values(read_toml(path)))
    return sorted(found)
