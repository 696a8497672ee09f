"""The templates every game starts from: the kit's, shipped with pnp (read once per process, as
pnp's own code is), with the `[templates]` of a game's data files laid over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from pydantic import ValidationError

from pnp.errors import LayoutError
from pnp.files.paths import kit_file
from pnp.source.gamesource import GameSource
from pnp.source.mending import read_on
from pnp.source.ownfonts import FontShelf
from pnp.source.slots import Template, TemplateSpec, UnknownTemplate, Where, resolve
from pnp.source.tomlfiles import parse_toml


@cache
def kit_templates() -> Mapping[str, Template]:
    """The kit's default templates, read once."""
    path = kit_file()
    data = parse_toml(path.read_text(encoding="utf-8"), path)
    return resolve({name: (TemplateSpec.model_validate(raw), (path.name, (name,))) for name, raw in data.items()}, {})


def game_templates(source: GameSource, files: Sequence[str], fonts: FontShelf | None = None) -> dict[str, Template]:
    """The kit's templates with the `[templates]` of the game's data files laid over (the game's
    models have checked those tables already, and said their problems), each text in the family
    `fonts` gives it."""
    specs: dict[str, tuple[TemplateSpec, Where]] = {}
    for name in files:
        for key, raw in source.table(name).get("templates", {}).items():
            try:
                spec = TemplateSpec.model_validate(raw)
            except ValidationError as exc:  # said by the game's model, which read on (`mending`): so do we
                repaired = read_on(TemplateSpec, raw, exc)
                if repaired is None:
                    continue
                spec = repaired[0]
            specs[key] = (spec, (name, ("templates", key)))
    try:
        templates = resolve(specs, kit_templates())
    except UnknownTemplate as exc:
        raise LayoutError(source.finding(exc.where[0], exc.where[1], exc.message)) from None
    return fonts.applied(templates, source.finding) if fonts is not None else templates
