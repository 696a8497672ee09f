"""The schemas `pnp schema` writes, read by taplo as an editor with Even Better TOML reads them:
taplo from the npm registry (installed here; skipped with a reason where npm is missing, run in
CI), checking a `pnp new` project with one mistake at a time."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

GAME = "exit-from-purgatory"
DIAGNOSTIC = re.compile(r"^error: (.*)\n\s*┌─ (.*):(\d+):(\d+)$", re.M)


@pytest.fixture(scope="module")
def taplo(tmp_path_factory) -> Path:
    if shutil.which("npm") is None:
        if os.environ.get("CI"):
            pytest.fail("npm is missing: CI installs taplo from the npm registry to check the editor schemas")
        pytest.skip("npm is missing: taplo, the TOML editor engine, comes from the npm registry")
    where = tmp_path_factory.mktemp("taplo")
    subprocess.run(
        ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(where), "@taplo/cli@0.7.0"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return where / "node_modules" / ".bin" / "taplo"


@pytest.fixture
def project(run, isolated) -> Path:
    assert run("new", "proj", "--game", GAME).exit_code == 0
    return isolated / "proj"


def diagnostics(taplo: Path, project: Path) -> list[tuple[str, str, int]]:
    """(message, file, line) of each problem `taplo check` reports in the project."""
    done = subprocess.run(
        [str(taplo), "check", "--colors", "never"], cwd=project, capture_output=True, text=True, timeout=120
    )
    found = [(m[0], Path(m[1]).name, int(m[2])) for m in DIAGNOSTIC.findall(done.stdout + done.stderr)]
    assert (done.returncode == 0) == (not found), done.stderr
    return found


def line_of(path: Path, start: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(start))


def test_a_new_project_is_clean_in_the_editor(taplo, project):
    assert diagnostics(taplo, project) == []


def test_one_typo_is_one_diagnostic_at_its_key(taplo, project):
    """A misspelt key in a list of tables was 67 errors and 112 KB of output, none naming it."""
    data = project / "layouts" / GAME / "components.toml"
    data.write_text(data.read_text().replace('\ntint = "', '\ntnit = "', 1))
    assert diagnostics(taplo, project) == [
        ('"no value: there is no such key here (a typo?)" was expected', "components.toml", line_of(data, "tnit"))
    ]


def test_a_bad_colour_and_the_project_settings_are_flagged(taplo, project):
    data = project / "layouts" / GAME / "components.toml"
    data.write_text(data.read_text().replace('color = "#4f6b1d"', 'color = "#4f6b1"', 1))
    settings = project / "pnp.toml"
    settings.write_text(settings.read_text() + 'papr = "letter"\nbleed = "3"\nduplex = "long"\n')
    found = diagnostics(taplo, project)
    assert sorted((name, line) for _, name, line in found) == sorted(
        [
            ("components.toml", line_of(data, 'color = "#4f6b1"')),
            ("pnp.toml", line_of(settings, "papr")),
            ("pnp.toml", line_of(settings, "bleed")),
        ]
    )
    assert any('"#4f6b1" does not match' in message for message, _, _ in found)


def test_every_key_of_every_schema_says_what_it_is(run, isolated):
    """An editor's hover has words for every key: the note written beside the field in its model,
    and what its value is."""
    import json

    assert run("new", "all").exit_code == 0
    undescribed, keys = [], 0
    for path in sorted((isolated / "all" / "schemas").rglob("*.json")):

        def walk(node, where, path=path):
            nonlocal keys
            if isinstance(node, dict):
                for key, value in (node.get("properties") or {}).items():
                    keys += 1
                    if not (isinstance(value, dict) and value.get("description")):
                        undescribed.append(f"{path.name}:{where}.{key}")
                for key, value in node.items():
                    walk(value, f"{where}.{key}" if key != "properties" else where)
            elif isinstance(node, list):
                for item in node:
                    walk(item, where)

        walk(json.loads(path.read_text()), "")
    assert keys > 600 and not undescribed, undescribed[:10]
    straight = json.loads((isolated / "all" / "schemas" / "straight-to" / "components.toml.json").read_text())
    track = straight["$defs"]["Track"]["properties"]
    assert track["limbo_band"]["description"] == "mm: the middle row's band, in either tint (a number from 0 to 200)"
    assert track["heaven"]["description"].startswith("HEAVEN or HELL")
