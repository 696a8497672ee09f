"""The docs' generated pages, made as `mkdocs build` reads the pages: the data reference from the
JSON Schemas pnp writes for an editor (every key of every data file, with its description), the
command-line reference from the CLI itself (every command and option, with its help), and the
pictures of printed pages in the player's guide, rendered from a real build. So the reference
cannot drift from the code, and the pictures show what this version prints."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from mkdocs.structure.files import File, Files

PICTURES = (  # (picture, game, build options, file, page): what the player's guide shows
    ("cards-long.png", "exit-from-purgatory", (), "cards.pdf", 0),
    ("cards-back.png", "exit-from-purgatory", (), "cards.pdf", 1),
    ("cards-fold.png", "exit-from-purgatory", ("--duplex", "fold"), "cards.pdf", 0),
    ("cards-cutter.png", "exit-from-purgatory", ("--cutter", "silhouette"), "cards.pdf", 0),
    ("rules-guide.png", "exit-from-purgatory", (), "rules.pdf", 1),
    ("mat.png", "exit-from-purgatory", (), "mats.pdf", 0),
)


def on_files(files: Files, config: Any) -> Files:
    for uri, content in (("reference/data.md", data_reference()), ("reference/cli.md", cli_reference())):
        files.append(File.generated(config, uri, content=content))
    for uri, data in pictures():
        files.append(File.generated(config, f"images/{uri}", content=data))
    return files


def data_reference() -> str:
    """Every key of every data file, as the editor's schemas describe it."""
    from pnp.files.paths import shipped_layouts_dir
    from pnp.games import known_games
    from pnp.pipeline.editorschemas import write_schemas

    out = [
        "# Data files",
        "",
        "Every key of every data file, made from the JSON Schemas `pnp new` and `pnp schema` write for",
        "an editor (so an editor completes the same keys this page lists). `KEY.*` is any name you give;",
        "`KEY[]` is each entry of a list. The files every game has come first, then each game's own.",
        "Two more files are read by hand: `fonts/fonts.toml` and `art/credits.toml` (see",
        "[Own art and fonts](../tutorial.md#own-art-fonts-and-markup)).",
        "",
    ]
    with tempfile.TemporaryDirectory() as scratch:
        project = Path(scratch)
        write_schemas(project, shipped_layouts_dir(), list(known_games(None)))
        schemas = sorted((project / "schemas").rglob("*.json"), key=lambda p: (p.parent != project / "schemas", p))
        for path in schemas:
            schema = json.loads(path.read_text(encoding="utf-8"))
            name = path.relative_to(project / "schemas").as_posix().removesuffix(".json")
            out += [f"## {name}", "", schema.get("description", ""), "", "| key | what it holds |", "|---|---|"]
            out += [f"| `{key}` | {_cell(said)} |" for key, said in keys_of(schema, schema, "", ())]
            out.append("")
    return "\n".join(out)


def keys_of(
    node: dict[str, Any], root: dict[str, Any], prefix: str, seen: tuple[str, ...]
) -> Iterator[tuple[str, str]]:
    """(dotted key, description) for every key under `node`, `$ref`s followed once along a path
    (a template's slots hold slots: said once, then "as above")."""
    for key, value in node.get("properties", {}).items():
        path = f"{prefix}{key}"
        yield path, _said(value)
        yield from _inside(value, root, path, seen)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and "const" not in extra and extra:
        path = f"{prefix}*"
        yield path, _said(extra) or "each entry, named as you like"
        yield from _inside(extra, root, path, seen)


def _inside(value: dict[str, Any], root: dict[str, Any], path: str, seen: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    # a list may come from a spreadsheet: its schema says so by `if` a table `then` {csv} `else` the list
    parts = (value, *value.get("anyOf", ()), *value.get("oneOf", ()), *([value["else"]] if "else" in value else []))
    for part in parts:
        if "items" in part and isinstance(part["items"], dict):
            yield from _inside(part["items"], root, f"{path}[]", seen)
        ref = part.get("$ref", "")
        if ref.startswith("#/$defs/"):
            name = ref.removeprefix("#/$defs/")
            if name in seen:
                yield f"{path}.…", f"as `{name}` above"
                continue
            yield from keys_of(root["$defs"][name], root, f"{path}.", (*seen, name))
        elif "properties" in part or isinstance(part.get("additionalProperties"), dict):
            yield from keys_of(part, root, f"{path}.", seen)


def _said(value: dict[str, Any]) -> str:
    return str(value.get("description") or value.get("title") or "")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def cli_reference() -> str:
    """Every command and option, with the help `pnp --help` gives."""
    from pnp.cli import cli

    out = ["# Command line", "", "Every command and its options, as `pnp COMMAND --help` says them.", ""]
    context = click.Context(cli, info_name="pnp")
    out += _command(cli, context, "pnp")
    return "\n".join(out)


def _command(command: click.Command, parent: click.Context, name: str) -> list[str]:
    context = click.Context(
        command, info_name=name.split()[-1], parent=parent if parent.command is not command else None
    )
    out = [f"## `{name}`", "", (command.help or "").replace("\b\n", "").strip(), ""]
    usage = command.collect_usage_pieces(context)
    out += ["```", f"{name} {' '.join(usage)}".rstrip(), "```", ""]
    rows = [param.get_help_record(context) for param in command.get_params(context)]
    rows = [row for row in rows if row is not None]
    if rows:
        out += ["| option | what it does |", "|---|---|"]
        out += [f"| `{_cell(flags)}` | {_cell(said)} |" for flags, said in rows]
        out.append("")
    if isinstance(command, click.Group):
        for sub in sorted(command.list_commands(context)):
            found = command.get_command(context, sub)
            if found is not None and not found.hidden:
                out += _command(found, context, f"{name} {sub}")
    return out


def pictures() -> Iterator[tuple[str, bytes]]:
    """The guide's pictures: pages of real builds, rendered small."""
    import pypdfium2 as pdfium

    with tempfile.TemporaryDirectory() as scratch:
        built: dict[tuple[str, tuple[str, ...]], Path] = {}
        for uri, game, options, name, page in PICTURES:
            key = (game, options)
            if key not in built:
                built[key] = Path(scratch) / f"out{len(built)}"
                command = [sys.executable, "-m", "pnp", "build", game, *options, "-o", str(built[key]), "--quiet"]
                subprocess.run(command, check=True, capture_output=True, cwd=scratch)
            document = pdfium.PdfDocument(built[key] / game / name)
            image = document[page].render(scale=60 / 72).to_pil()
            data = io.BytesIO()
            image.save(data, format="PNG", optimize=True)
            yield uri, data.getvalue()
