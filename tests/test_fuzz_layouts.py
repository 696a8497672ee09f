"""Property-based fuzzing of every game's data: each mutation ends in a valid build or one clean
error naming the file and key (exit 1 or 2), never a traceback, never an internal error, never a
hang, never a changed output.

Mutations: values of the wrong type, size or depth; placeholders with format specs; card-text
templates asking for huge widths, counts and nesting; CSV card lists with clashing columns; odd
files (FIFO, folder, links to devices, loops, oversize, not UTF-8) in every data position: each
layout file, a CSV list, an icon, the icon manifest. `pytest tests/test_fuzz_layouts.py
--fuzz-cases 2000` runs that many cases per game (the nightly-style figure)."""

from __future__ import annotations

import faulthandler
import os
import re
import shutil
import time
import tomllib

import pytest
import tomli_w
from click.testing import CliRunner
from conftest import BUILD_RECORDS, EVERY_GAME, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import cli
from pnp.files.paths import shipped_icons_dir
from pnp.games import load_game

COUNTS: dict[str, dict[str, int]] = {}
HANG = 60  # seconds a case may take before the run is stopped and called a hang
MOST_CPU = 10.0  # seconds of CPU a case may take (the acceptance's "no hang over 10 s of CPU")
MOST_MB = 150  # resident megabytes a case may add (its build's pages and pictures are still held after it)


def _resident_mb() -> float:
    """This process's resident size now, from /proc (the high-water mark covers every earlier test,
    and a test worker holds what earlier tests kept: a case is measured by what it adds)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


UNICODE = "Ünïcødé ☠ 𝔘 – “quotes” 中文 \u200b"
NAMED = re.compile(r"[\w-]+\.(toml|csv|svg|json|txt)(:[\w\[\].-]+| line \d+|: )|icon [a-z0-9-]+/[a-z0-9-]+ ")
SAID = re.compile(  # what validate says: where each problem is, which data it read, each game's verdict
    r"^(\S+:\d+:\d+: |layouts: |warning: |[\w-]+: (cannot be built$|\d+ players?: )|all rules hold$|\d+ problem\(s\)$)"
)
VALUES = ["drop", "string", "int", "list", "table", "huge", "negative", "empty", "icon", "unicode", "deep", "float"]
HUGE = [10**9, 300000000, 2**31, 2**63, -1]
PLACEHOLDERS = [
    "{}",
    "{0}",
    "{x:s}",
    "{total_dice:>{n}}",
    "{name:{n}}",
    "{a.b}",
    "{a[0]}",
    "{x!r}",
    "{",
    "}",
    "{{x}}",
    "{" + "a" * 3000 + "}",
    "{count:%}",
    "{count:,}",
]
TEMPLATES = [
    "{{{{ '%{n}d'|format(1) }}}}",
    "{{{{ 'a\\nb'|indent({n}) }}}}",
    "{{{{ 'a'|center({n}) }}}}",
    "{{{{ 'ab'|truncate({n}) }}}}",
    "{{{{ 'a b'|wordwrap({n}) }}}}",
    "{{{{ 'ab'|batch({n})|list }}}}",
    "{{{{ 'ab'|slice({n})|list }}}}",
    "{{{{ 'a'.ljust({n}) }}}}",
    "{{{{ 'a'.zfill({n}) }}}}",
    "{{{{ 'a\\tb'.expandtabs({n}) }}}}",
    "{{{{ 'a' * {n} }}}}",
    "{{{{ [1] * {n} }}}}",
    "{{{{ '%{n}d' % 1 }}}}",
    "{{{{ '{{:>{n}}}'.format(1) }}}}",
    "{{{{ range({n})|list }}}}",
    "{{% for i in range({n}) %}}x{{% endfor %}}",
    "{{{{ lipsum({n}) }}}}",
    "{{{{ 2 ** {n} }}}}",
    "{{{{ " + "(" * 400 + "1" + ")" * 400 + " }}}}",
    "{{{{ " + "[" * 400 + "]" * 400 + " }}}}",
    "{{% macro m() %}}{{{{ m() }}}}{{% endmacro %}}{{{{ m() }}}}",
    "{{{{ amount.__class__ }}}}",
]
ODD = ["fifo", "folder", "zero", "dangling", "loop", "oversize", "binary"]
CLASHES = ["{c}.x", "{c}", "", "{c}..y", ".{c}", "{head}"]


def paths(node, prefix=()):
    """Every key path in a TOML document, with its value."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, value in items:
        yield prefix + (key,), value
        yield from paths(value, prefix + (key,))


def value_for(kind: str, old):
    deep: dict = {}
    cursor = deep
    for _ in range(60):
        cursor["a"] = {}
        cursor = cursor["a"]
    return {
        "string": "not-what-you-expected",
        "int": 7,
        "list": [1, "two", 3.0],
        "table": {"x": 1},
        "huge": 10**18,
        "negative": -5,
        "empty": "",
        "icon": "lorc/no-such-icon",
        "unicode": UNICODE if not isinstance(old, str) else old + UNICODE,
        "deep": deep,
        "float": 1e308,
    }[kind]


def put(data: dict, path: tuple, value) -> None:
    """Set the value at `path`; None drops the key."""
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if value is None:
        parent.pop(path[-1])
    else:
        parent[path[-1]] = value


def columns(row: dict, prefix="") -> dict[str, object]:
    """A table flattened to CSV columns (`a.b` for key b of table a); lists have no column."""
    out: dict[str, object] = {}
    for key, value in row.items():
        if isinstance(value, dict):
            out.update(columns(value, f"{prefix}{key}."))
        elif not isinstance(value, list):
            out[f"{prefix}{key}"] = value
    return out


def make_odd(path, kind: str) -> None:
    """Put an odd file where `path` was."""
    if path.is_symlink() or path.exists():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "dangling":
        path.symlink_to(path.parent / "no-such-file")
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "oversize":
        with open(path, "wb") as handle:
            handle.truncate(64 * 1024 * 1024)
    else:
        path.write_bytes(b"\xff\xfe\x00not text\x80" * 50)


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_fuzzed_data_ends_cleanly(game, work, request):
    cases = request.config.getoption("--fuzz-cases")
    shipped = load_game(game).shipped_folder()
    documents = {path.name: tomllib.loads(path.read_text(encoding="utf-8")) for path in sorted(shipped.glob("*.toml"))}
    targets = [(name, p, v) for name, doc in documents.items() for p, v in paths(doc)]
    texts = [t for t in targets if isinstance(t[2], str)]
    lists = [t for t in targets if isinstance(t[2], list) and t[2] and all(isinstance(r, dict) for r in t[2])]
    icons = sorted(
        {
            v
            for _, _, v in targets
            if isinstance(v, str)
            and re.fullmatch(r"[a-z0-9-]+/[a-z0-9-]+", v)
            and (shipped_icons_dir() / f"{v}.svg").exists()
        }
    )
    positions = [*documents, "deck.csv", *(f"icon:{ref}" for ref in icons[:3]), "icon:manifest.json"]
    outcomes: dict[str, float] = {"built": 0, "refused": 0, "most_cpu": 0.0, "most_mb": 0.0}
    runner = CliRunner()
    layouts, output, cache = work / "layouts", work / "output", work / "icons"
    cache_changed = [True]

    @settings(
        max_examples=cases,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def case(draw):
        shutil.rmtree(layouts, ignore_errors=True)
        shutil.copytree(shipped, layouts / game)
        if cache_changed:  # copied again only after a case broke it
            shutil.rmtree(cache, ignore_errors=True)
            shutil.copytree(shipped_icons_dir(), cache)
            cache_changed.clear()
        kind = draw.draw(st.sampled_from(["value", "placeholder", "template", "csv", "odd"]), label="kind")
        said = mutate(draw, kind)
        command = draw.draw(st.sampled_from(["build", "validate"]), label="command")
        before = snapshot(output, BUILD_RECORDS) if output.exists() else {}
        args = [command, game, "--layouts", str(layouts), "--icons", str(cache)]
        faulthandler.dump_traceback_later(HANG, exit=True)  # a hang ends the run, loudly
        started, resident = time.process_time(), _resident_mb()
        try:
            result = runner.invoke(cli, args + (["--output", str(output)] if command == "build" else []))
        finally:
            faulthandler.cancel_dump_traceback_later()
        cpu, resident = time.process_time() - started, _resident_mb() - resident
        assert cpu < MOST_CPU and resident < MOST_MB, f"{said}: {cpu:.1f} s of CPU, {resident:.0f} MB more resident"
        outcomes["most_cpu"] = max(outcomes["most_cpu"], cpu)
        outcomes["most_mb"] = max(outcomes["most_mb"], resident)
        assert result.exception is None or isinstance(result.exception, SystemExit), f"{said}: {result.exception!r}"
        assert "Traceback" not in result.output and "unexpected" not in result.output, f"{said}: {result.output}"
        if result.exit_code == 0:
            outcomes["built"] += 1
            return
        assert result.exit_code in (1, 2), result.output
        # every refusal names a file and the key (or line) in it that is wrong
        assert NAMED.search(result.output), f"{said}: {result.output}"
        if command == "validate" and result.exit_code == 1:  # and each problem is one line at its place
            odd = [line for line in result.output.splitlines() if not SAID.match(line)]
            assert not odd, f"{said}: {odd}"
        assert snapshot(output, BUILD_RECORDS) == before if output.exists() else True
        outcomes["refused"] += 1

    def mutate(draw, kind: str) -> str:
        """Change the copied data as `kind` says; what was done, for a failure's message."""
        if kind == "odd":
            where = draw.draw(st.sampled_from(positions), label="position")
            odd = draw.draw(st.sampled_from(ODD), label="odd")
            if where.startswith("icon:"):
                name = where[5:]
                cache_changed.append(True)
                make_odd(cache / (name if name.endswith(".json") else f"{name}.svg"), odd)
            elif where == "deck.csv" and lists:
                name, path, _ = lists[0]
                rewrite(name, path, {"csv": "deck.csv"})
                make_odd(layouts / game / "deck.csv", odd)
            else:
                make_odd(layouts / game / where, odd)
            return f"{odd} as {where}"
        if kind == "csv" and lists:
            name, path, rows = draw.draw(st.sampled_from(lists), label="list")
            flat = [columns(row) for row in rows]
            head = [c for c in dict.fromkeys(c for row in flat for c in row)]
            extra = draw.draw(st.lists(st.sampled_from(CLASHES), max_size=3), label="clash")
            chosen = draw.draw(st.sampled_from(head), label="column") if head else "x"
            header = head + [e.format(c=chosen, head=chosen.split(".")[0]) for e in extra]
            lines = [",".join(header)] + [
                ",".join(str(row.get(c, "")).replace(",", " ") for c in header) for row in flat
            ]
            (layouts / game / "deck.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
            rewrite(name, path, {"csv": "deck.csv"})
            return f"{name}:{path} as deck.csv with {extra} of {chosen}"
        if kind in ("placeholder", "template"):
            name, path, old = draw.draw(st.sampled_from(texts), label="text")
            pattern = draw.draw(st.sampled_from(PLACEHOLDERS if kind == "placeholder" else TEMPLATES), label=kind)
            bomb = (
                pattern.replace("{n}", str(draw.draw(st.sampled_from(HUGE), label="n")))
                if kind == "placeholder"
                else pattern.format(n=draw.draw(st.sampled_from(HUGE), label="n"))
            )
            rewrite(name, path, f"{old} {bomb}")
            return f"{name}:{path} {bomb[:60]}"
        name, path, old = draw.draw(st.sampled_from(targets), label="target")
        change = draw.draw(st.sampled_from(VALUES), label="value")
        rewrite(name, path, None if change == "drop" else value_for(change, old))
        return f"{name}:{path} {change}"

    def rewrite(name: str, path: tuple, value) -> None:
        data = tomllib.loads((layouts / game / name).read_text(encoding="utf-8"))
        put(data, path, value)
        (layouts / game / name).write_text(tomli_w.dumps(data), encoding="utf-8")

    case()
    COUNTS[game] = dict(outcomes, cases=outcomes["built"] + outcomes["refused"])
    assert COUNTS[game]["cases"] >= cases
