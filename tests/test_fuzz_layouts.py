"""Property-based fuzzing of every game's shipped TOML: each mutation ends in a valid build or one
clean error naming the file and key (exit 1 or 2), never a traceback, never a changed output."""

from __future__ import annotations

import os
import re
import shutil
import tomllib

import pytest
import tomli_w
from click.testing import CliRunner
from conftest import BUILD_RECORDS, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import cli
from pnp.games import GAMES, load_game

CASES = int(os.environ.get("PNP_FUZZ_CASES", "40"))       # per game; set it higher for a longer run
COUNTS: dict[str, dict[str, int]] = {}

UNICODE = "Ünïcødé ☠ 𝔘 – “quotes” 中文 \u200b"
NAMED = re.compile(r"[\w-]+\.(toml|csv)(:[\w\[\].-]+| line \d+)")
MUTATIONS = ["drop", "string", "int", "list", "table", "huge", "negative", "empty", "icon", "unicode", "deep", "float"]


def paths(node, prefix=()):
    """Every key path in a TOML document."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield prefix + (key,)
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield prefix + (i,)
            yield from paths(value, prefix + (i,))


def replacement(kind: str, old):
    deep: dict = {}
    cursor = deep
    for _ in range(60):
        cursor["a"] = {}
        cursor = cursor["a"]
    return {
        "string": "not-what-you-expected", "int": 7, "list": [1, "two", 3.0], "table": {"x": 1},
        "huge": 10 ** 18, "negative": -5, "empty": "", "icon": "lorc/no-such-icon",
        "unicode": UNICODE if not isinstance(old, str) else old + UNICODE, "deep": deep, "float": 1e308,
    }[kind]


def mutate(data: dict, path: tuple, kind: str) -> None:
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if kind == "drop":
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
    else:
        parent[last] = replacement(kind, parent[last])


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_fuzzed_layouts_end_cleanly(game, work):
    files = sorted(load_game(game).shipped_folder().glob("*.toml"))
    documents = {path.name: tomllib.loads(path.read_text(encoding="utf-8")) for path in files}
    targets = [(name, p) for name, doc in documents.items() for p in paths(doc)]
    outcomes = {"built": 0, "refused": 0}
    runner = CliRunner()

    @settings(max_examples=CASES, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.sampled_from(targets), st.sampled_from(MUTATIONS))
    def case(target, kind):
        name, path = target
        layouts = work / "layouts"
        output = work / "output"
        shutil.rmtree(layouts, ignore_errors=True)
        shutil.copytree(load_game(game).shipped_folder(), layouts / game)
        data = tomllib.loads((layouts / game / name).read_text(encoding="utf-8"))
        mutate(data, path, kind)
        (layouts / game / name).write_text(tomli_w.dumps(data), encoding="utf-8")
        before = snapshot(output, BUILD_RECORDS) if output.exists() else {}
        result = runner.invoke(cli, ["build", game, "--layouts", str(layouts), "--output", str(output)])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"{name}:{path} {kind}: {result.exception!r}")
        assert "Traceback" not in result.output
        if result.exit_code == 0:
            outcomes["built"] += 1
            return
        assert result.exit_code in (1, 2), result.output
        assert "unexpected" not in result.output, result.output
        # every refusal names a file and the key (or line) in it that is wrong
        assert NAMED.search(result.output), f"{name}:{path} {kind}: {result.output}"
        assert snapshot(output, BUILD_RECORDS) == before if output.exists() else True
        outcomes["refused"] += 1

    case()
    COUNTS[game] = dict(outcomes, cases=outcomes["built"] + outcomes["refused"])
    assert COUNTS[game]["cases"] >= CASES
