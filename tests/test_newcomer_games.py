"""A sixth and a seventh game are welcome: two games made from the README alone (tests/newcomers.py:
a data-only one and a Python one with a custom piece) are dropped into a copy of the project, and
every test that takes every game passes there, unedited: counts of games, totals, tables of games,
visual references and the numbers budget all make room for them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import lxml.etree
import pytest
from conftest import ALL_GAMES_AT_ONCE, BUILDS, COPY_REPORT, NEWCOMERS, ROOT
from newcomers import Newcomers, add_newcomer_games, free_slug

pytestmark = pytest.mark.skipif(bool(NEWCOMERS), reason="already inside a copy with newcomer games")

LEFT_BEHIND = shutil.ignore_patterns(
    ".git", "output", "__pycache__", "*.egg-info", "build", ".pytest_cache", ".mypy_cache", ".ruff_cache"
)
HANG = 3600  # s: only against a hang; the copy's run takes minutes, more on a loaded machine


def _in_copy(copy: Path, newcomers: Newcomers, *command: str) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ, PYTHONPATH=str(copy), PNP_NEWCOMER_GAMES=",".join(newcomers.slugs), PYTHONDONTWRITEBYTECODE="1"
    )
    return subprocess.run([sys.executable, *command], cwd=copy, env=env, capture_output=True, text=True, timeout=HANG)


@pytest.fixture(scope="module")
def copy_with_newcomers(tmp_path_factory) -> tuple[Path, Newcomers]:
    copy = tmp_path_factory.mktemp("newcomers") / "project"
    shutil.copytree(ROOT, copy, ignore=LEFT_BEHIND)
    return copy, add_newcomer_games(copy)


def test_the_newcomers_are_listed_and_validate(copy_with_newcomers):
    copy, newcomers = copy_with_newcomers
    listed = _in_copy(copy, newcomers, "-m", "pnp", "list")
    assert listed.returncode == 0, listed.stderr
    assert f"{newcomers.data_only}  (Ember Path; 2-4 players" in listed.stdout
    assert f"{newcomers.in_python}  (Styx Ferry; 2-5 players" in listed.stdout and "from pnp itself" in listed.stdout
    checked = _in_copy(copy, newcomers, "-m", "pnp", "validate", *newcomers.slugs)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "all rules hold" in checked.stdout


def test_a_designer_s_game_named_like_a_newcomer_leaves_the_newcomers_other_names(tmp_path):
    """A project that already has games of the newcomers' names (a folder, a module) gets newcomers
    named otherwise, and keeps its own games untouched."""
    root = tmp_path / "project"
    (root / "pnp" / "games").mkdir(parents=True)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    (root / "layouts" / "ember-path").mkdir(parents=True)
    (root / "layouts" / "ember-path" / "game.toml").write_text('title = "Mine"\n')
    (root / "pnp" / "games" / "styx_ferry.py").write_text("# a designer's own\n")
    newcomers = add_newcomer_games(root)
    assert newcomers.slugs == ("ember-path-2", "styx-ferry-2")
    assert (root / "layouts" / "ember-path" / "game.toml").read_text() == 'title = "Mine"\n'
    assert (root / "pnp" / "games" / "styx_ferry.py").read_text() == "# a designer's own\n"
    assert (root / "pnp" / "games" / "styx_ferry_2.py").exists() and (root / "layouts" / "styx-ferry-2").is_dir()
    assert free_slug(root, "styx-ferry") == "styx-ferry-3"  # pyproject.toml now registers the second
    (info,) = root.glob("*.dist-info")
    assert 'styx-ferry-2 = "pnp.games.styx_ferry_2:GAME"' in (root / "pyproject.toml").read_text()
    assert "styx-ferry-2 = pnp.games.styx_ferry_2:GAME" in (info / "entry_points.txt").read_text()


def case_of(node: str) -> tuple[str, str]:
    """A test's node id as JUnit XML names it: (classname, name)."""
    path, *rest = node.split("::")
    return ".".join([path.removesuffix(".py").replace("/", "."), *rest[:-1]]), rest[-1]


def ran_in_copy(report: Path) -> dict[tuple[str, str], str]:
    """Each test case of the copy's JUnit report with its outcome: passed, skipped, failed."""
    outcomes = {}
    for case in lxml.etree.parse(str(report)).iter("testcase"):
        tags = {child.tag for child in case}
        outcome = "failed" if tags & {"failure", "error"} else "skipped" if "skipped" in tags else "passed"
        outcomes[case.get("classname"), case.get("name")] = outcome
    return outcomes


def test_every_test_that_takes_every_game_passes_with_the_newcomers(copy_with_newcomers, tmp_path):
    """The tests marked every_game (tests/conftest.py marks them: parametrised by game, or taking
    the list, a table or a build of every game), each parametrised one for the newcomers only. It
    runs first, beside the main run's tests, which leave it those that take every game at once
    (tests/conftest.py, LeftToTheCopy): they run once, over seven games. Each of those must have
    run in the copy (its JUnit report says so), or this fails saying how many did not; the main
    run's summary says how many it left to the copy. In one process, beside the main run's other
    worker: workers of its own would each make its modules' shared fixtures again."""
    copy, newcomers = copy_with_newcomers
    report = tmp_path / "copy.xml"
    command = ["-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-m", "every_game"]
    result = _in_copy(copy, newcomers, *command, f"--junitxml={report}")
    tail = "\n".join((result.stdout + result.stderr).splitlines()[-40:])
    outcomes = ran_in_copy(report) if report.exists() else {}
    left = sorted(ALL_GAMES_AT_ONCE)
    missing = [node for node in left if outcomes.get(case_of(node)) not in ("passed", "skipped")]
    said = f"the newcomers' copy ran {len(left) - len(missing)} of the {len(left)} tests this run left to it"
    (Path(os.environ[BUILDS]) / COPY_REPORT).write_text(said, encoding="utf-8")
    assert not missing, f"{said}; {len(missing)} did not run or failed there, first {missing[:5]}\n{tail}"
    failed = sum(outcome == "failed" for outcome in outcomes.values())
    assert result.returncode == 0, f"{said}; {failed} failed there\n{tail}"
    assert sum(outcome == "passed" for outcome in outcomes.values()) >= len(left) > 0
    for slug in newcomers.slugs:  # the tests parametrised by game ran for the newcomers
        assert f"fuzz {slug}: 25 cases" in tail, tail
