"""The docs site: `mkdocs build --strict` makes it, its reference holds every key of every data
file (walked here from the data models themselves, not from the schemas the reference is made
from), the markup and every option of every command; and every shell command the docs show runs,
as written, in a scratch folder with the installed pnp."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
import types
import typing
from pathlib import Path

import click
import pytest
from pydantic import BaseModel

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "docs" / "pages"
SHELL = re.compile(r"^```sh\n(.*?)^```$", re.M | re.S)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return folder


def _keys(kind: object, path: str, seen: frozenset[type]) -> set[str]:
    """Every dotted key below `path` that a value of type `kind` may hold, as the reference writes
    them (`souls[].name`, `components.*.kind`)."""
    while typing.get_origin(kind) is typing.Annotated:
        kind = typing.get_args(kind)[0]
    origin = typing.get_origin(kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        if kind in seen:
            return set()
        out: set[str] = set()
        for name, field in kind.model_fields.items():
            written = field.alias or name  # the key as a data file writes it
            key = f"{path}.{written}" if path else written
            out |= {key} | _keys(field.annotation, key, seen | {kind})
        return out
    if origin in (list, tuple):
        return {key for arg in typing.get_args(kind) for key in _keys(arg, f"{path}[]", seen)}
    if origin is dict:
        return {f"{path}.*"} | _keys(typing.get_args(kind)[1], f"{path}.*", seen)
    if origin in (typing.Union, types.UnionType):
        return {key for arg in typing.get_args(kind) for key in _keys(arg, path, seen)}
    return set()


def test_the_reference_holds_every_data_key_the_markup_and_every_option(site):
    from dataclasses import fields

    from pnp.cli import cli
    from pnp.files.paths import shipped_layouts_dir
    from pnp.games import known_games, load_game
    from pnp.pipeline.editorschemas import FRAMEWORK
    from pnp.source.settings import Settings

    page = html.unescape((site / "reference" / "data" / "index.html").read_text(encoding="utf-8"))
    sections = {
        heading: body
        for heading, body in re.findall(
            r'<h2 id="[^"]*">([^<]+?)<a class="headerlink".*?</h2>(.*?)(?=<h2 |\Z)', page, re.S
        )
    }
    listed = {name: set(re.findall(r"<td><code>([^<]+)</code></td>", body)) for name, body in sections.items()}
    wanted = {name: _keys(model, "", frozenset()) for name, model in FRAMEWORK.items()}
    for slug in known_games(None):
        for name, model in load_game(slug, shipped_layouts_dir()).models.items():
            wanted[f"{slug}/{name}"] = _keys(model, "", frozenset())
    wanted["pnp.toml"] = {f.name for f in fields(Settings) if f.name not in ("printers",)} | {"printers"}
    for name, keys in wanted.items():
        shown = {re.sub(r"\.…$", "", key) for key in listed.get(name, set())}
        missing = {
            key for key in keys if key not in shown and not any(key.startswith(s + ".") for s in shown if "…" in s)
        }
        assert not missing, (name, sorted(missing)[:10])

    markup = html.unescape((site / "reference" / "markup" / "index.html").read_text(encoding="utf-8"))
    for tag in ("<b>bold</b>", "<i>italic</i>", "<color #c0392b>", "<icon lorc/ghost>", "<icon art/halo.svg>"):
        assert tag in markup, tag

    options = html.unescape((site / "reference" / "cli" / "index.html").read_text(encoding="utf-8"))

    def every(command: click.Command, name: str) -> None:
        assert f"<code>{name}</code>" in options, name
        for param in command.params:
            if isinstance(param, click.Option) and not param.hidden:
                assert any(opt in options for opt in param.opts), (name, param.opts)
        for sub, found in getattr(command, "commands", {}).items():
            every(found, f"{name} {sub}")

    every(cli, "pnp")


def test_every_shell_command_the_docs_show_runs_as_written(installed, tmp_path):
    """Each page's ```sh blocks, in order, as one script in a fresh folder (a block goes on from
    where the one before it left off), with the installed pnp first on PATH and no network."""
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH", "PNP_ICONS_DIR")}
    env["PATH"] = f"{installed / 'bin'}{os.pathsep}{env['PATH']}"
    env["PNP_ICONS_BASE_URL"] = "http://127.0.0.1:9"  # nothing there: a command that fetches fails
    ran = 0
    for page in sorted(PAGES.rglob("*.md")):
        blocks = SHELL.findall(page.read_text(encoding="utf-8"))
        if not blocks:
            continue
        folder = tmp_path / page.stem
        folder.mkdir()
        script = "set -eu\n" + "\n".join(blocks)
        result = subprocess.run(
            ["bash", "-c", script], cwd=folder, env=env, capture_output=True, text=True, timeout=600
        )
        assert result.returncode == 0, (page.name, result.stdout[-3000:], result.stderr[-3000:])
        assert "Traceback" not in result.stdout + result.stderr, page.name
        ran += sum(len([line for line in block.splitlines() if line.startswith("pnp ")]) for block in blocks)
    assert ran >= 15, ran  # the guide's and the tutorial's commands, not a page that lost its blocks
