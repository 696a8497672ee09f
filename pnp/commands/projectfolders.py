"""The project commands: `new` makes a designer's project folder, `schema` writes the schemas an
editor reads for the data files."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pnp.games import GAMES, data_folder
from pnp.pipeline.editorschemas import write_schemas
from pnp.source.project import new_project
from pnp.source.settings import Settings, find_project


def new(folder: Path, games: Iterable[str]) -> list[str]:
    """Make `folder` a project of these games (default: every registered one): pnp.toml, their
    layouts to edit, the icon cache and the data files' schemas. The games copied."""
    chosen = new_project(folder, {slug: data_folder(slug, None) for slug in list(games) or GAMES})
    write_schemas(folder, folder / "layouts", chosen)
    return chosen


@dataclass(frozen=True, kw_only=True)
class Schemas:
    """The schema files written (the editor's settings file last) and the games they cover."""

    written: list[Path]
    games: list[str]


def schemas(settings: Settings, games: list[str], where: Path) -> Schemas:
    """The games' schemas in the project that holds `where` (or in `where` itself, without one)."""
    return Schemas(written=write_schemas(find_project(where) or where, settings.layouts_dir(), games), games=games)
