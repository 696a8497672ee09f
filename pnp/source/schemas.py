"""JSON Schemas of the data files, for editors: with them a TOML editor that reads schemas (taplo,
Even Better TOML) completes keys and flags a wrong one as the designer types.

Each schema is the data model's own (pydantic writes it), so the editor and `pnp validate` agree;
a list may also be given as `{ csv = "file.csv" }`, as the loader allows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

CSV_LIST = {
    "type": "object",
    "properties": {"csv": {"type": "string", "pattern": r"\.csv$"}},
    "required": ["csv"],
    "additionalProperties": False,
    "description": "the list's rows from a CSV file beside this one (its header names the keys)",
}
SCHEMAS_DIR = "schemas"
TAPLO_FILE = ".taplo.toml"


def _lists_from_csv(node: Any) -> Any:
    """Wherever the schema takes a list, a CSV reference is taken too."""
    if isinstance(node, dict):
        out = {key: _lists_from_csv(value) for key, value in node.items()}
        if out.get("type") == "array":
            return {"anyOf": [out, CSV_LIST]}
        return out
    if isinstance(node, list):
        return [_lists_from_csv(item) for item in node]
    return node


def schema_of(model: type[BaseModel], title: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) a file read by `model` must follow."""
    schema = _lists_from_csv(model.model_json_schema(mode="validation"))
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": title}


def schema_text(model: type[BaseModel], title: str) -> str:
    return json.dumps(schema_of(model, title), indent=1, ensure_ascii=False) + "\n"


def taplo_config(files: Mapping[str, str]) -> str:
    """A `.taplo.toml` tying each data file (a path in the project) to its schema (a path too)."""
    rules = [
        f'[[rule]]\ninclude = ["{data}"]\n\n[rule.schema]\npath = "./{schema}"\n'
        for data, schema in sorted(files.items())
    ]
    return (
        "# Written by `pnp schema`: editors that read taplo's configuration (Even Better TOML, taplo)\n"
        "# complete the keys of each data file and flag a wrong one as you type.\n\n" + "\n".join(rules)
    )
