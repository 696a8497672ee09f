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

import pytest
from conftest import NEWCOMERS, ROOT
from newcomers import DATA_ONLY, IN_PYTHON, add_newcomer_games

pytestmark = pytest.mark.skipif(bool(NEWCOMERS), reason="already inside a copy with newcomer games")

LEFT_BEHIND = shutil.ignore_patterns(
    ".git", "output", "__pycache__", "*.egg-info", "build", ".pytest_cache", ".mypy_cache", ".ruff_cache"
)


def _in_copy(copy: Path, *command: str, timeout: int) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ, PYTHONPATH=str(copy), PNP_NEWCOMER_GAMES=f"{DATA_ONLY},{IN_PYTHON}", PYTHONDONTWRITEBYTECODE="1"
    )
    return subprocess.run(
        [sys.executable, *command], cwd=copy, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def copy_with_newcomers(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("newcomers") / "project"
    shutil.copytree(ROOT, copy, ignore=LEFT_BEHIND)
    add_newcomer_games(copy)
    return copy


def test_the_newcomers_are_listed_and_validate(copy_with_newcomers):
    listed = _in_copy(copy_with_newcomers, "-m", "pnp", "list", timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert f"{DATA_ONLY}  (Ember Path; 2-4 players" in listed.stdout
    assert f"{IN_PYTHON}  (Styx Ferry; 2-5 players" in listed.stdout and "from pnp itself" in listed.stdout
    checked = _in_copy(copy_with_newcomers, "-m", "pnp", "validate", DATA_ONLY, IN_PYTHON, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "all rules hold" in checked.stdout


def test_every_test_that_takes_every_game_passes_with_the_newcomers(copy_with_newcomers):
    """The tests marked every_game (tests/conftest.py marks them: parametrised by game, or taking
    the list, a table or a build of every game), each parametrised one for the newcomers only. It
    runs first, beside the main run's tests, which leave it those that take every game at once
    (tests/conftest.py, LeftToTheCopy): they run once, over seven games. In one process, beside the
    main run's other worker: workers of its own would each make its modules' shared fixtures again."""
    result = _in_copy(
        copy_with_newcomers, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-m", "every_game", timeout=900
    )
    tail = "\n".join((result.stdout + result.stderr).splitlines()[-40:])
    assert result.returncode == 0, tail
    assert " passed" in tail
    assert f"fuzz {DATA_ONLY}: 25 cases" in tail and f"fuzz {IN_PYTHON}: 25 cases" in tail  # ran for the newcomers
