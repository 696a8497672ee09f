"""Editor support for a project: a JSON Schema for each data file its games read, and the taplo
configuration that ties each file to its schema (`pnp schema`, and `pnp new` at the start)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from pydantic import BaseModel

from pnp.files.atomic import write_bytes_atomic
from pnp.games import load_game
from pnp.games.reference import REFERENCE_FILE, Reference
from pnp.source.rules import RULES_FILE, RulesModel
from pnp.source.ruletrace import TRACE_FILE, Trace
from pnp.source.schemas import SCHEMAS_DIR, TAPLO_FILE, schema_text, settings_schema_text, taplo_config
from pnp.source.settings import CONFIG_FILE

FRAMEWORK: Mapping[str, type[BaseModel]] = MappingProxyType(
    {RULES_FILE: RulesModel, REFERENCE_FILE: Reference, TRACE_FILE: Trace}
)


def write_schemas(project: Path, layouts: Path, slugs: Sequence[str]) -> list[Path]:
    """schemas/ and .taplo.toml in `project` for the games `slugs` whose data lies in `layouts`:
    the files every game has share one schema each; a game's own files have theirs."""
    written: list[Path] = []
    tied: dict[str, str] = {}

    def write(relative: str, text: str) -> None:
        path = project / relative
        write_bytes_atomic(path, text.encode("utf-8"), root=project)
        written.append(path)

    where = Path(os.path.relpath(layouts, project)).as_posix()
    for name, model in FRAMEWORK.items():
        write(f"{SCHEMAS_DIR}/{name}.json", schema_text(model, f"pnp {name}"))
        tied[f"{where}/*/{name}"] = f"{SCHEMAS_DIR}/{name}.json"
    for slug in slugs:
        game = load_game(slug, layouts)
        for name, model in game.models.items():
            schema = f"{SCHEMAS_DIR}/{slug}/{name}.json"
            write(schema, schema_text(model, f"pnp {slug}/{name}"))
            tied[f"{where}/{slug}/{name}"] = schema
    write(f"{SCHEMAS_DIR}/{CONFIG_FILE}.json", settings_schema_text())
    tied[CONFIG_FILE] = f"{SCHEMAS_DIR}/{CONFIG_FILE}.json"
    write(TAPLO_FILE, taplo_config(tied))
    return written
