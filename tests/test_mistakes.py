"""A designer's mistakes, one fixture file each (tests/data/mistakes): each is made in a fresh
`pnp new` project, `pnp validate` runs at the project's root, and the mistake comes back as
exactly one line `path:line:col: message`, the one the fixture expects, with the name meant
where one is close. `{line}` in an expectation is the line the edit wrote. A mistake on the
command line (`command`) is one usage error, exit 2, with nothing written."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli

MISTAKES = Path(__file__).parent / "data" / "mistakes"
PLACED = re.compile(r"^\S+:\d+:\d+: ", re.M)  # a line an editor or terminal jumps to


@pytest.fixture(scope="module")
def fresh_project(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("mistakes")
    result = CliRunner().invoke(cli, ["new", str(folder / "proj")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder / "proj"


def _make(case: dict[str, str], project: Path) -> int:
    """Make the fixture's mistake in `project` (the new text in the fixture's `encoding`, if it
    names one); the line its edit begins on, or the line of the edit holding `line_of`."""
    path = project / case["file"] if case["file"] == "pnp.toml" else project / "layouts" / case["game"] / case["file"]
    text = path.read_text(encoding="utf-8")
    new = case["new"]
    at = text.index(case["old"]) if "old" in case else len(text)
    after = text[at + len(case["old"]) :] if "old" in case else ""
    path.write_bytes(text[:at].encode() + new.encode(case.get("encoding", "utf-8")) + after.encode())
    written = text[:at] + new
    start = at + len(new) - len(new.lstrip("\n")) if "line_of" not in case else written.index(case["line_of"], at)
    return written.count("\n", 0, start) + 1


@pytest.mark.parametrize("name", sorted(p.stem for p in MISTAKES.glob("*.toml")))
def test_each_mistake_is_one_line_at_its_place(name, fresh_project, tmp_path, monkeypatch):
    case = tomllib.loads((MISTAKES / f"{name}.toml").read_text(encoding="utf-8"))
    project = tmp_path / "proj"
    shutil.copytree(fresh_project, project)
    if "command" in case:  # a mistake on the command line: one usage error, before any work
        monkeypatch.chdir(project)
        result = CliRunner().invoke(cli, case["command"], catch_exceptions=False)
        errors = [text for text in result.output.splitlines() if text.startswith("Error:")]
        assert result.exit_code == 2 and errors == [case["expect"]], result.output
        assert sorted(p.name for p in project.iterdir()) == sorted(p.name for p in fresh_project.iterdir())
        return
    line = _make(case, project)
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["validate", case["game"]], catch_exceptions=False)
    placed = PLACED.findall(result.output)
    lines = [text for text in result.output.splitlines() if PLACED.match(text)]
    assert result.exit_code == 1, result.output
    assert len(placed) == 1, result.output
    assert lines[0] == case["expect"].format(line=line), result.output


def test_there_are_at_least_25_mistakes():
    assert len(list(MISTAKES.glob("*.toml"))) >= 25
