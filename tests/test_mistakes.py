"""A designer's mistakes, one fixture file each (tests/data/mistakes): each is made in a fresh
`pnp new` project, `pnp validate` runs at the project's root, and the mistake comes back as
exactly the lines the fixture expects, each `path:line:col: message`, with the name meant where
one is close, and never an internal (a Python repr, a traceback). `{line}` in an expectation is
the line the edit wrote. A mistake on the command line (`command`) is one usage error, exit 2,
with nothing written.

A fixture may ready the project first: `setup` moves Straight to's Soul cards into a card list
("souls.csv", "souls.xlsx", or "notes-first.xlsx", a workbook whose first sheet holds notes),
`[[add]]` puts a file in the game's folder (`text`, a `picture` made as PNG, or a system `font`),
and `[[before]]` makes edits that are no mistake (naming the art a card uses, say). An edit with
`all = true` replaces every occurrence."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import souls_to_csv
from PIL import Image
from workbooks import xlsx

from pnp.cli import cli

pytestmark = pytest.mark.named_games  # the games are named in the fixtures, not every game
MISTAKES = Path(__file__).parent / "data" / "mistakes"
PLACED = re.compile(r"^(warning: )?\S+:\d+:\d+: ", re.M)  # a line an editor or terminal jumps to
INTERNALS = re.compile(r"0x[0-9a-f]{4,}|object at|Traceback")  # an address, a repr, a trace
SYSTEM_FONTS = Path("/usr/share/fonts/truetype/dejavu")


@pytest.fixture(scope="module")
def fresh_project(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("mistakes")
    result = CliRunner().invoke(cli, ["new", str(folder / "proj")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder / "proj"


def _edit(edit: dict[str, str], project: Path, game: str | None) -> int:
    """Make one edit in `project` (the new text in the edit's `encoding`, if it names one); the
    line its edit begins on, or the line of the edit holding `line_of`."""
    path = (
        project / edit["file"]
        if game is None or edit["file"] == "pnp.toml"
        else project / "layouts" / game / edit["file"]
    )
    text = path.read_text(encoding="utf-8")
    new = edit["new"]
    if edit.get("all"):  # every occurrence: a file saved another way (its separator, say)
        path.write_text(text.replace(edit["old"], new), encoding="utf-8")
        return 1
    at = text.index(edit["old"]) if "old" in edit else len(text)
    after = text[at + len(edit["old"]) :] if "old" in edit else ""
    path.write_bytes(text[:at].encode() + new.encode(edit.get("encoding", "utf-8")) + after.encode())
    written = text[:at] + new
    start = at + len(new) - len(new.lstrip("\n")) if "line_of" not in edit else written.index(edit["line_of"], at)
    return written.count("\n", 0, start) + 1


def _ready(case: dict, project: Path) -> None:
    """The fixture's `setup`, `[[add]]` and `[[before]]`: the project as the designer had it."""
    layouts = project / "layouts"
    folder = layouts / case.get("game", "")
    for step in case.get("setup", []):
        souls_to_csv(layouts)
        listed = layouts / "straight-to" / "souls.csv"
        if step == "souls.csv":
            continue
        rows = [line.split(",") for line in listed.read_text().splitlines()]
        book = xlsx(rows) if step == "souls.xlsx" else _notes_first(rows)
        listed.unlink()
        (layouts / "straight-to" / "souls.xlsx").write_bytes(book)
        toml = layouts / "straight-to" / "components.toml"
        toml.write_text(toml.read_text().replace('"souls.csv"', '"souls.xlsx"'))
    for added in case.get("add", []):
        path = folder / added["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        if "text" in added:
            path.write_text(added["text"], encoding="utf-8")
        elif "font" in added:
            shutil.copy(SYSTEM_FONTS / added["font"], path)
        else:
            Image.new("RGB", (600, 600), added["picture"]).save(path, format="PNG")
    for edit in case.get("before", []):
        _edit(edit, project, case.get("game"))


def _notes_first(rows: list[list[str]]) -> bytes:
    """A workbook whose first sheet is the designer's notes and whose second holds the cards."""
    import io

    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(xlsx(rows)))
    notes = book.create_sheet("Notes", 0)
    for line in ("Straight to: card ideas", "Evil souls need a rebalance", "ask the playtesters"):
        notes.append([line])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@pytest.mark.parametrize("name", sorted(p.stem for p in MISTAKES.glob("*.toml")))
def test_each_mistake_is_said_at_its_place(name, fresh_project, tmp_path, monkeypatch):
    case = tomllib.loads((MISTAKES / f"{name}.toml").read_text(encoding="utf-8"))
    project = tmp_path / "proj"
    shutil.copytree(fresh_project, project)
    _ready(case, project)
    if "command" in case:  # a mistake on the command line: one usage error, before any work
        monkeypatch.chdir(project)
        before = sorted(p.name for p in project.iterdir())
        result = CliRunner().invoke(cli, case["command"], catch_exceptions=False)
        errors = [text for text in result.output.splitlines() if text.startswith("Error:")]
        assert result.exit_code == 2 and errors == [case["expect"]], result.output
        assert sorted(p.name for p in project.iterdir()) == before
        assert not INTERNALS.search(result.output), result.output
        return
    line = _edit(case, project, case["game"]) if "file" in case else 0
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["validate", case["game"], *case.get("options", [])], catch_exceptions=False)
    lines = [text for text in result.output.splitlines() if PLACED.match(text)]
    expected = case["expect"] if isinstance(case["expect"], list) else [case["expect"]]
    assert result.exit_code == case.get("exit", 1), result.output
    assert lines == [text.format(line=line) for text in expected], result.output
    assert not INTERNALS.search(result.output), result.output


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
    line = _edit(case, project, case["game"])
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
    line = _edit(case, project, case["game"])
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
