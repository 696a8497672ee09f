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

pytestmark = pytest.mark.named_games  # the games are named in the fixtures, not every game
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


def test_validate_says_its_findings_as_json_for_editors_and_ci(fresh_project, tmp_path):
    """Run as a shell runs it: stdout is one JSON document (the header stays on stderr), each
    finding with its path, line, column, message and game; exit 1."""
    import json
    import subprocess
    import sys

    project = tmp_path / "proj"
    shutil.copytree(fresh_project, project)
    case = tomllib.loads((MISTAKES / "misspelt-key.toml").read_text(encoding="utf-8"))
    line = _make(case, project)
    (project / "pnp.toml").write_text((project / "pnp.toml").read_text() + 'ink_saver = "yes"\n')
    result = subprocess.run(
        [sys.executable, "-m", "pnp", "validate", "straight-to", "seven-steps", "--format", "json"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1, result.stderr
    found = json.loads(result.stdout)
    assert found["ok"] is False
    assert found["problems"] == [
        {"path": "pnp.toml", "line": 10, "col": 1, "message": "ink_saver: expected true or false, found 'yes'"},
        {
            "game": "straight-to",
            "path": "layouts/straight-to/components.toml",
            "line": line,
            "col": 1,
            "message": "track.heaven.tnit: unknown key. Did you mean 'tint'?",
        },
    ]
    assert found["games"] == [
        {"game": "straight-to", "players": None, "built": False, "problems": 1},
        {"game": "seven-steps", "players": 1, "built": True, "problems": 0},
    ]
    assert result.stderr.startswith("layouts: ")


def test_quiet_says_only_the_problems_and_verbose_the_options_too(fresh_project, tmp_path, monkeypatch):
    project = tmp_path / "proj"
    shutil.copytree(fresh_project, project)
    case = tomllib.loads((MISTAKES / "misspelt-key.toml").read_text(encoding="utf-8"))
    line = _make(case, project)
    monkeypatch.chdir(project)
    runner = CliRunner()
    quiet = runner.invoke(cli, ["validate", "straight-to", "seven-steps", "--quiet"])
    assert quiet.exit_code == 1
    assert quiet.output.splitlines() == [case["expect"].format(line=line)]
    verbose = runner.invoke(cli, ["validate", "seven-steps", "--verbose", "--paper", "letter"])
    assert verbose.exit_code == 0
    assert "options: paper letter (215.9 x 279.4 mm), card poker (63.5 x 88.9 mm), duplex long" in verbose.output
    assert verbose.output.splitlines()[-2:] == ["seven-steps: 1 player: ok", "all rules hold"]
    both = runner.invoke(cli, ["validate", "-q", "-v"])
    assert both.exit_code == 2 and "--quiet and --verbose: give one of them" in both.output
