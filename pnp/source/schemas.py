"""JSON Schemas of the data files, for editors: with them a TOML editor that reads schemas (taplo,
Even Better TOML) completes keys and flags a wrong one as the designer types.

Each schema is the data model's own (pydantic writes it), so the editor and `pnp validate` agree;
a list may also be given as `{ csv = "file.csv" }`, as the loader allows (an object is read as that
reference, anything else as the list).
"""

from __future__ import annotations

import inspect
import io
import json
import re
import textwrap
import tokenize
from collections.abc import Mapping
from typing import Any, get_args

from pydantic import BaseModel


def csv_list() -> dict[str, Any]:
    """A CSV reference, where a list is taken: a fresh fragment for each schema that holds one."""
    return {
        "type": "object",
        "properties": {
            "csv": {
                "type": "string",
                "pattern": r"\.(csv|xlsx|ods)$",
                "description": "a .csv file, or an .xlsx or .ods workbook (its first sheet), beside this one",
            }
        },
        "required": ["csv"],
        "additionalProperties": False,
        "description": "the list's rows from a spreadsheet beside this one (its first row names the keys)",
    }


SCHEMAS_DIR = "schemas"
TAPLO_FILE = ".taplo.toml"


def unknown_key() -> dict[str, Any]:
    """The schema of a key that is not there: a value nothing meets, so an editor flags its line."""
    return {"const": "no value: there is no such key here (a typo?)"}


def _for_editors(node: Any) -> Any:
    """The model's schema as an editor best reports it: wherever it takes a list, a CSV reference is
    taken too; an unknown key is flagged at its own line (a schema for its value that nothing
    meets), not at every line of its table; and no key is marked required, so a misspelt key is
    one problem, not also a missing one (pnp validate names a missing key, with its line)."""
    if isinstance(node, dict):
        out = {
            key: _for_editors(value)
            for key, value in node.items()
            if not (key == "required" and isinstance(value, list))
        }
        if out.get("additionalProperties") is False:
            out["additionalProperties"] = unknown_key()
        if out.get("type") == "array":
            # if/then/else, not anyOf: a validator reports the branch the value took, so one typo
            # in a list's table is one error naming its key, not one per alternative and element
            described = {key: out[key] for key in ("title", "description", "default") if key in out}
            return {**described, "if": {"type": "object"}, "then": csv_list(), "else": out}
        return out
    if isinstance(node, list):
        return [_for_editors(item) for item in node]
    return node


def schema_of(model: type[BaseModel], title: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) a file read by `model` must follow, every key described."""
    schema = model.model_json_schema(mode="validation")
    notes = field_notes(model)
    for name, table in [(model.__name__, schema), *schema.get("$defs", {}).items()]:
        _describe(table, notes.get(str(table.get("title", name)), {}), schema.get("$defs", {}))
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **_for_editors(schema), "title": title}


def _describe(table: dict[str, Any], notes: Mapping[str, str], defs: Mapping[str, Any]) -> None:
    """A description on each key of `table` that has none: the note written beside the field in
    its model, and what its value is, so an editor's hover says something for every key."""
    for key, value in table.get("properties", {}).items():
        if isinstance(value, dict) and "description" not in value:
            what = _value_words(value, defs)
            note = notes.get(key)
            value["description"] = f"{note} ({what})" if note and what else note or what or key.replace("_", " ")


def _value_words(value: Mapping[str, Any], defs: Mapping[str, Any]) -> str:
    """What a value of this schema is, in words: "a whole number from 1 to 12", "a list of ..."."""
    if "$ref" in value:
        target = defs.get(str(value["$ref"]).rsplit("/", 1)[-1], {})
        return str(target.get("description", f"a table ({target.get('title', 'see its keys')})"))
    if "description" in value:
        return str(value["description"])
    for key in ("anyOf", "oneOf"):
        if key in value:
            words = [_value_words(option, defs) for option in value[key] if option.get("type") != "null"]
            return " or ".join(dict.fromkeys(word for word in words if word))
    if "enum" in value or "const" in value:
        return "one of " + ", ".join(json.dumps(v) for v in value.get("enum", [value.get("const")]))
    kind = value.get("type")
    low, high = value.get("minimum", value.get("exclusiveMinimum")), value.get("maximum", value.get("exclusiveMaximum"))
    span = f" from {low} to {high}" if low is not None and high is not None else ""
    if kind == "integer":
        return f"a whole number{span}"
    if kind == "number":
        return f"a number{span}"
    if kind == "boolean":
        return "true or false"
    if kind == "string":
        return "a text"
    if kind == "array":
        items = value.get("items") or {}
        return f"a list of {_value_words(items, defs) or 'values'}" if isinstance(items, dict) else "a list"
    if kind == "object":
        extra = value.get("additionalProperties")
        return f"a table of {_value_words(extra, defs)}" if isinstance(extra, dict) else "a table"
    return ""


def field_notes(model: type[BaseModel]) -> dict[str, dict[str, str]]:
    """Each model's fields' notes (by class name), as written beside them in the source: the
    comment after a field, or the comment lines just above it."""
    seen: dict[str, type[BaseModel]] = {}
    todo: list[Any] = [model]
    while todo:
        kind = todo.pop()
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            if kind.__name__ not in seen:
                seen[kind.__name__] = kind
                todo += [field.annotation for field in kind.model_fields.values()]
        else:
            todo += list(get_args(kind))
    return {name: _comments(kind) for name, kind in seen.items()}


def _comments(kind: type) -> dict[str, str]:
    try:
        source = textwrap.dedent(inspect.getsource(kind))
    except (OSError, TypeError):
        return {}
    comments = {
        token.start[0]: token.string.lstrip("#").strip()
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    }
    lines = source.splitlines()
    notes = {}
    for number, line in enumerate(lines, 1):
        field = re.match(r"    (\w+)\s*:", line)
        if field is None:
            continue
        above: list[str] = []
        at = number - 1
        while at >= 1 and lines[at - 1].strip().startswith("#"):
            above.insert(0, comments.get(at, ""))
            at -= 1
        note = comments.get(number) or " ".join(above)
        if note:
            notes[field.group(1)] = note
    return notes


def schema_text(model: type[BaseModel], title: str) -> str:
    return _text(schema_of(model, title))


def _text(schema: Mapping[str, Any]) -> str:
    return json.dumps(schema, indent=1, ensure_ascii=False) + "\n"


_NUMBER = r"\d+(\.\d+)?"
_SIZE = rf"{_NUMBER}\s*[xX\u00d7]\s*{_NUMBER}\s*(mm|cm|in|pt)?"


def settings_schema_text() -> str:
    """The schema of a project's pnp.toml: the build options a flag may also give, each checked as
    `pnp` checks it (a named size or WxH, a length with its unit), and no other key."""
    from pnp.geometry import CARDS, PAPERS
    from pnp.source.printoptions import Cutter, DuplexMode
    from pnp.source.settings import MAX_COPIES

    def named(presets: Mapping[str, object], what: str) -> dict[str, Any]:
        names = "|".join(presets)
        return {
            "type": "string",
            "pattern": rf"^\s*(({names})|{_SIZE})\s*$",
            "description": f"{what}: {', '.join(presets)}, or WxH in mm such as 63x88",
        }

    length = {
        "type": "string",
        "pattern": rf"^\s*(0|{_NUMBER}\s*(mm|cm|in|pt))\s*$",
        "description": 'a length with its unit: "3mm", "0.125in", "9pt"',
    }
    folder = {"type": "string", "description": "a folder, relative to this file"}
    paper_schema = named(PAPERS, "the paper")
    duplex_schema = {"enum": [mode.value for mode in DuplexMode], "description": "how backs reach their fronts"}
    cutter_schema = {
        "enum": [cutter.value for cutter in Cutter],
        "description": "the cutting machine: none (cut by hand) or silhouette (registration marks and cut files)",
    }
    offset_schema = {
        "type": "string",
        "pattern": r"^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$",
        "description": "X,Y in mm that the backs are shifted by (pnp calibrate measures it)",
    }
    properties = {
        "paper": paper_schema,
        "card": named(CARDS, "the card size"),
        "players": {"type": "integer", "minimum": 1, "maximum": 99, "description": "players to build for"},
        "output": {"type": "string", "description": "the output folder (default: output)"},
        "ink_saver": {"type": "boolean", "description": "pale fills and outlined art, to save ink"},
        "bleed": {**length, "description": "bleed around each piece, with its unit: 3mm"},
        "margin": {**length, "description": "the printer's unprintable margin, with its unit: 5mm"},
        "duplex": duplex_schema,
        "back_offset": offset_schema,
        "cutter": cutter_schema,
        "copies": {"type": "integer", "minimum": 1, "maximum": MAX_COPIES, "description": "copies of a pad"},
        "layouts": folder,
        "icons": folder,
        "icons_base_url": {"type": "string", "description": "where `pnp icons fetch` downloads icons from"},
        "printer": {"type": "string", "description": "the printer profile used unless --printer names another"},
        "printers": {
            "type": "object",
            "description": "printer profiles, [printers.NAME], chosen with --printer NAME",
            "additionalProperties": {
                "type": "object",
                "description": "one printer: what it needs of every build for it",
                "properties": {
                    "paper": paper_schema,
                    "duplex": duplex_schema,
                    "back_offset": offset_schema,
                    "margin": {**length, "description": "this printer's unprintable margin, with its unit: 5mm"},
                    "cutter": cutter_schema,
                },
                "additionalProperties": unknown_key(),
            },
        },
    }
    return _text(
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "pnp pnp.toml",
            "description": "a pnp project's build options; a command-line flag beats each",
            "type": "object",
            "properties": properties,
            "additionalProperties": unknown_key(),
        }
    )


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
