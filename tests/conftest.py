"""Shared fixtures: a private icon cache and output folder per test, and PDF readers."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner
from seven_steps_loss import LossRoute
from sharedbuilds import BUILDS, made_once

from pnp.cli import cli
from pnp.files.paths import shipped_icons_dir
from pnp.games import known_games, load_game

ROOT = Path(__file__).resolve().parents[1]
DATA_GAMES = Path(__file__).parent / "data" / "layouts"  # games made of data alone

# every game a default build makes: pnp's registered games and the data-only games it ships
EVERY_GAME = tuple(known_games(None))


def run_command(
    *command, cwd: Path | None = None, check: bool = True, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    result = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=300, env=env)
    if check and result.returncode:
        pytest.fail(f"{' '.join(map(str, command))} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def run_installed(*command, cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess:
    """A command of the wheel-installed pnp (`installed`), run as a user's shell runs it: without this
    process's PYTHONPATH, which the mutation check points at its own copy of the source (the copy the
    wheel was built from) and which Python would otherwise put ahead of the wheel."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    return run_command(*command, cwd=cwd, check=check, env=env)


def souls_to_csv(layouts: Path) -> None:
    """Move Straight to's Soul card list out of components.toml into souls.csv, as a designer
    keeping it in a spreadsheet would."""
    folder = layouts / "straight-to"
    data = tomllib.loads((folder / "components.toml").read_text(encoding="utf-8"))
    souls = data["souls"]
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(list(souls[0]))
    for soul in souls:
        writer.writerow([soul[key] for key in souls[0]])
    (folder / "souls.csv").write_text(buffer.getvalue(), encoding="utf-8")
    data["souls"] = {"csv": "souls.csv"}
    (folder / "components.toml").write_text(tomli_w.dumps(data), encoding="utf-8")


def write_souls(path: Path, souls: list[dict[str, str]]) -> None:
    with path.open("w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(souls[0]))
        writer.writeheader()
        writer.writerows(souls)


def long_deck(layouts: Path, designs: int) -> Path:
    """Straight to with `designs` Soul designs of one card each in souls.csv (half Good, half
    Evil), the rules model's totals to match: a list of several runs of rows (`pnp.runs.RUN`)."""
    souls_to_csv(layouts)
    listed = layouts / "straight-to" / "souls.csv"
    icons = ("lorc/prayer", "lorc/dove", "lorc/angel-outfit")
    kinds = ("good", "evil")
    write_souls(
        listed,
        [
            {"type": kinds[i % 2], "name": f"Soul {i:04d}", "icon": icons[i % 3], "count": "1", "line": f"Line {i}"}
            | {"back": "soul"}
            for i in range(designs)
        ],
    )
    rules = layouts / "straight-to" / "rules.toml"
    text = rules.read_text()
    for kind, count in (("good", designs - designs // 2), ("evil", designs // 2)):
        text = re.sub(rf"(\[components\.soul-{kind}\][^\[]*?fixed = )\d+", rf"\g<1>{count}", text)
    rules.write_text(text)
    return listed


@pytest.fixture(scope="session")
def loss_route(tmp_path_factory) -> LossRoute:
    """Seven Steps' least loss by a route written apart from the solver, compiled once a worker."""
    return LossRoute(tmp_path_factory.mktemp("loss-route"))


@pytest.fixture(scope="session")
def installed() -> Path:
    """A fresh virtualenv holding pnp built as a wheel from a copy of the source, once for the run
    (read only: a test that installs more makes its own with venv_with)."""
    return made_once("installed", lambda work: venv_with(work / "venv", pnp_wheel(work))) / "venv"


def pnp_wheel(work: Path) -> Path:
    """pnp's wheel, built in `work` from a copy of the source (a card list kept as CSV too)."""
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for name in ("pnp", "layouts", "icons"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    souls_to_csv(source / "layouts")  # a card list kept as CSV must ship in the wheel too
    run_command(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        work / "dist",
        source,
    )
    (wheel,) = (work / "dist").glob("purgatory_pnp-*.whl")
    return wheel


def venv_with(venv: Path, *wheels: Path) -> Path:
    """A fresh virtualenv at `venv` holding these wheels; their dependencies come from the test
    environment through a .pth file, so nothing is downloaded."""
    run_command(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    site = Path(
        run_installed(
            python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=venv
        ).stdout.strip()
    )
    run_command(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--quiet",
        "--no-deps",
        "--no-index",
        "--ignore-installed",
        *wheels,
    )
    # only now the dependencies: before, pip would see this environment's own pnp and skip the wheel
    (site / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    where = run_installed(python, "-c", "import pnp; print(pnp.__file__)", cwd=venv).stdout.strip()
    assert where.startswith(str(venv)), where  # the wheel, not the checkout
    return venv


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """Every test runs in its own working directory, so output/ and pnp.toml never leak."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.delenv("PNP_ICONS_DIR", raising=False)
    monkeypatch.delenv("PNP_ICONS_BASE_URL", raising=False)
    return work


@pytest.fixture
def icon_cache(tmp_path) -> Path:
    """A writable copy of the shipped icon cache."""
    target = tmp_path / "icons"
    shutil.copytree(shipped_icons_dir(), target)
    return target


@pytest.fixture
def empty_cache(tmp_path) -> Path:
    target = tmp_path / "empty-icons"
    target.mkdir()
    return target


def copy_layouts(target: Path) -> Path:
    """Every registered game's shipped data copied into `target`, a folder per game (a project's layouts)."""
    for slug in EVERY_GAME:
        shutil.copytree(load_game(slug).shipped_folder(), target / slug)
    return target


@pytest.fixture
def layouts_copy(tmp_path) -> Path:
    """A writable copy of every registered game's layout data, for tests that break it."""
    return copy_layouts(tmp_path / "layouts")


@pytest.fixture
def run():
    """Run the CLI in-process; returns click's Result (output holds stdout and stderr)."""

    def invoke(*args: str):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke


@pytest.fixture
def run_kept():
    """Run the CLI in-process with one build memory for every command (`run_kept.memory`), as
    `pnp watch` builds at each save: what a build worked out is there for the next."""
    from pnp.memory import BuildMemory

    memory = BuildMemory()

    def invoke(*args: str):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False, obj=memory)

    invoke.memory = memory
    return invoke


@pytest.fixture
def built(run, isolated):
    """Build one game with the CLI and return its output folder."""

    def build(game: str, *args):
        result = run("build", game, *args)
        assert result.exit_code == 0, result.output
        return isolated / "output" / game

    return build


@pytest.fixture(scope="session")
def default_build():
    """Every game built with the default options, once for the run (read only)."""

    def make(folder: Path) -> None:
        result = CliRunner().invoke(cli, ["build", "-o", str(folder / "output")], catch_exceptions=False)
        assert result.exit_code == 0, result.output

    return made_once("default", make) / "output"


@contextlib.contextmanager
def watch_process(project: Path, *args: str, log_path: Path):
    """`pnp watch --port 0` run as a designer runs it, in `project`; yields the process and the
    gallery's address once it serves, and ends it (SIGTERM, then kill) on the way out."""
    log = open(log_path, "w+")
    process = subprocess.Popen(
        [sys.executable, "-m", "pnp", "watch", *args, "--port", "0"], cwd=project, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        deadline = time.monotonic() + 60
        found = None
        while found is None and time.monotonic() < deadline and process.poll() is None:
            found = re.search(r"serving (http://127\.0\.0\.1:(\d+)/)", log_path.read_text())
            time.sleep(0.05)
        if found is None:
            pytest.fail(f"pnp watch did not serve the gallery: {log_path.read_text()}")
        yield process, found.group(1)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


HEADLESS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--allow-file-access-from-files",
]


@pytest.fixture
def browser():
    """Open a page in Debian's headless chromium as a person would: returns its DOM after the
    page's scripts ran, or writes a screenshot. Missing chromium fails under CI."""
    import os
    import subprocess
    import tempfile

    program = shutil.which("chromium") or shutil.which("chromium-browser")
    if program is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs Debian's chromium")
        pytest.skip("Debian's chromium is not installed here (CI installs it)")

    def open_page(url: str, *, screenshot: Path | None = None, size: str = "1280,1800") -> str:
        with tempfile.TemporaryDirectory() as profile:
            extra = (
                [f"--window-size={size}", f"--screenshot={screenshot}"]
                if screenshot
                else ["--virtual-time-budget=3000", "--dump-dom"]
            )
            return subprocess.run(
                [program, *HEADLESS, f"--user-data-dir={profile}", *extra, url],
                capture_output=True,
                text=True,
                timeout=120,
            ).stdout

    return open_page


def edit_card(path: Path, card: str, old: str, new: str) -> None:
    """Change `old` to `new` inside one [[cards]] entry of a layout file, found by its name."""
    text = path.read_text()
    named = text.index(f'name = "{card}"')
    start = text.rindex("[[cards]]", 0, named)
    end = text.find("[[cards]]", named)
    end = len(text) if end < 0 else end
    assert old in text[start:end], (card, old)
    path.write_text(text[:start] + text[start:end].replace(old, new, 1) + text[end:])


def message_lines(output: str) -> list[str]:
    """What a command said, less the first line naming the layouts and icons it used."""
    return [line for line in output.strip().splitlines() if not line.startswith("layouts: ")]


BUILD_RECORDS = ("index.html", "last-failure.json")  # what a failed build rewrites on purpose


def snapshot(folder: Path, skip: tuple[str, ...] = ()) -> dict[str, bytes]:
    """Every file under `folder` with its bytes (but those named in `skip`), to prove a failure
    changed nothing."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name not in skip
    }


def pytest_addoption(parser):
    parser.addoption(
        "--refresh-visual",
        action="store_true",
        help="store this build's pages as the visual regression references (after an intended change)",
    )
    parser.addoption(
        "--fuzz-cases",
        type=int,
        default=25,
        metavar="N",
        help="fuzz cases per game (CI runs 25; the nightly-style figure is 2000)",
    )
    parser.addoption(
        "--signal-trials",
        type=int,
        default=60,
        metavar="N",
        help="SIGTERM/SIGINT trials at random moments of a build (CI runs 60; the acceptance figure is 200)",
    )


# The end-to-end tier: tests that build every game, build a wheel, drive a browser, kill builds,
# simulate or solve whole games, or fuzz. `pytest -m "not slow"` leaves them out (the loop while
# editing, under a minute); `pytest` runs everything (before a commit, and in CI).
SLOW_FIXTURES = {"default_build", "installed", "browser", "exports", "sized_exports", "tts_exports", "reported"}
SLOW_MODULES = {
    "test_fuzz_layouts",
    "test_interrupts_and_paths",
    "test_pdf_structure",
    "test_whole_file_duplex",
    "test_watch",
    "test_punished_as_printed",
    "test_seven_steps_score",
    "test_visual_regression",
    "test_published_game",
    "test_designer_loop",
    "test_output_confinement",
    "test_pieces_on_the_table",
    "test_build_imports",
    "test_incremental",
    "test_icons_fetch",
    "test_bounded_inputs",
    "test_player_aids",
    "test_newcomer_games",
    "test_editor_schemas",
}


# Tests whose outcome depends on which games exist: they take every game (a parameter naming a game,
# a module-level table of games, a build of every game). A copy of the project with newcomer games
# runs them (tests/test_newcomer_games.py), each parametrised one for the newcomers only.
EVERY_GAME_FIXTURES = {"default_build", "exports", "sized_exports", "tts_exports", "reported"}
NEWCOMERS = os.environ.get("PNP_NEWCOMER_GAMES", "")
EVERY_GAME_COMMANDS = {"build", "validate", "report", "list"}  # without a game named: every game
NEWCOMERS_TEST = "tests/test_newcomer_games.py::test_every_test_that_takes_every_game_passes_with_the_newcomers"
ALL_GAMES_AT_ONCE: set[str] = set()  # tests taking every game at once, not parametrised by game
COPY_REPORT = "newcomers-copy.txt"  # in the run's shared folder: what the copy ran of what it was left


def _names_games(value: object) -> bool:
    """A collection naming games (slugs, or a table keyed by them, or by tables keyed by them)."""
    if isinstance(value, dict):
        return len(set(value) & set(EVERY_GAME)) > 1 or any(_names_games(v) for v in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return len({v for v in value if isinstance(v, str)} & set(EVERY_GAME)) > 1
    return False


def _game_params(item: pytest.Item) -> set[str]:
    return {
        v
        for v in getattr(getattr(item, "callspec", None), "params", {}).values()
        if isinstance(v, str) and v in EVERY_GAME
    }


def _takes_every_game(item: pytest.Item) -> bool:
    """Whether the test, unparametrised, takes every game: a fixture or helper that builds them all,
    the list of games, or a module-level table naming them."""
    function = getattr(item, "function", None)
    if function is None:
        return False
    module, names, strings = vars(item.module), set(), set()
    codes = [function.__code__]
    while codes:  # comprehensions and nested functions name games too
        code = codes.pop()
        names |= set(code.co_names)
        strings |= {c for c in code.co_consts if isinstance(c, str)}
        codes += [c for c in code.co_consts if hasattr(c, "co_names")]
    one_game = strings & set(EVERY_GAME) or any(
        module.get(name) in EVERY_GAME for name in names if isinstance(module.get(name), str)
    )
    return (
        bool(EVERY_GAME_FIXTURES & set(getattr(item, "fixturenames", ())))
        or "EVERY_GAME" in names
        or "built" in names
        or any(_names_games(module[name]) for name in names if name in module)
        or bool(strings & EVERY_GAME_COMMANDS and not one_game)
    )  # `pnp build` of every game


def pytest_collection_modifyitems(config, items):
    games_of: dict[tuple[str, str], set[str]] = {}  # a test function -> the games its parameters name
    for item in items:
        games_of.setdefault((item.module.__name__, item.originalname), set()).update(_game_params(item))
    newcomers = set(NEWCOMERS.split(",")) - {""}
    kept, dropped = [], []
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())) or item.module.__name__ in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
        per_game = len(games_of[(item.module.__name__, item.originalname)]) > 2  # parametrised by game
        if (per_game or _takes_every_game(item)) and not item.get_closest_marker("named_games"):
            item.add_marker(pytest.mark.every_game)
            if not per_game and item.module.__name__ != "test_newcomer_games":  # the copy skips those
                ALL_GAMES_AT_ONCE.add(item.nodeid)
        # in a copy with newcomer games, a test parametrised by game runs for the newcomers only
        (dropped if newcomers and per_game and not _game_params(item) & newcomers else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


class LeftToTheCopy:
    """When the newcomers' copy runs in this session (as -m and -k chose), the tests taking every
    game at once are left to it: it runs them, unedited, over these five games and the two
    newcomers, on the same code and data, so each runs once. The copy runs first, beside the
    others. Without it (a module alone, the fast tier, the mutation check) they run here."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        if NEWCOMERS or NEWCOMERS_TEST not in {item.nodeid for item in items}:
            return
        config.hook.pytest_deselected(items=[item for item in items if item.nodeid in ALL_GAMES_AT_ONCE])
        items[:] = [item for item in items if item.nodeid not in ALL_GAMES_AT_ONCE]
        items.sort(key=lambda item: item.nodeid != NEWCOMERS_TEST)


def pytest_configure(config):
    """The controller (or a run without workers) makes a fresh folder for the run's shared builds;
    workers inherit it. A run inside a run (the newcomers' copy) gets its own."""
    config.pluginmanager.register(LeftToTheCopy())
    if not hasattr(config, "workerinput"):
        import tempfile

        os.environ[BUILDS] = tempfile.mkdtemp(prefix="pnp-builds-")


def pytest_unconfigure(config):
    if not hasattr(config, "workerinput") and os.environ.get(BUILDS):
        shutil.rmtree(os.environ.pop(BUILDS), ignore_errors=True)


FUZZ_COUNTS: dict[str, dict[str, int]] = {}


def pytest_sessionfinish(session):
    """A worker of pytest-xdist hands its fuzz counts to the controller, which prints them."""
    if hasattr(session.config, "workeroutput"):
        try:
            from test_fuzz_layouts import COUNTS
        except ImportError:
            return
        session.config.workeroutput["fuzz_counts"] = json.dumps(COUNTS)


def pytest_testnodedown(node, error):
    for game, counts in json.loads(getattr(node, "workeroutput", {}).get("fuzz_counts", "{}")).items():
        mine = FUZZ_COUNTS.setdefault(game, {"cases": 0, "built": 0, "refused": 0})
        for key, n in counts.items():
            mine[key] = mine.get(key, 0) + n


def pytest_terminal_summary(terminalreporter):
    """Say how many fuzz cases ran, as the reliability issue asks (gathered from the workers), and
    how many tests this run left to the newcomers' copy and the copy ran."""
    copied = Path(os.environ.get(BUILDS, ".")) / COPY_REPORT
    if os.environ.get(BUILDS) and copied.exists():
        terminalreporter.write_line(copied.read_text(encoding="utf-8"))
    counts_by_game = dict(FUZZ_COUNTS)
    try:
        from test_fuzz_layouts import COUNTS
    except ImportError:
        COUNTS = {}
    for game, counts in COUNTS.items():  # run in this process (-n 0)
        counts_by_game.setdefault(game, counts)
    for game, counts in sorted(counts_by_game.items()):
        terminalreporter.write_line(
            f"fuzz {game}: {counts['cases']:.0f} cases, {counts['built']:.0f} built, {counts['refused']:.0f} refused "
            f"cleanly; at most {counts['most_cpu']:.1f} s of CPU and {counts['most_mb']:.0f} MB more resident a case"
        )


_PLACE = re.compile(r"(?:([\w-]+): )?((?:[\w-]+/)?[\w.-]+\.(?:toml|csv|txt)):(?:(\d+):)?\s*(.*)", re.S)


def placed_in(expected: str, output: str) -> bool:
    """Whether `output` holds the problem `expected`, written `[game/]file:key: message` (or
    `game: file:...`, or `file:LINE: message`): a line `path:line:col: key: message` whose path ends
    so (at that line where one is given)."""
    found = _PLACE.fullmatch(expected)
    assert found, f"not a placed problem: {expected!r}"
    game, file, line, rest = found.groups()
    path = f"{game}/{file}" if game else file
    number = line or r"\d+"
    pattern = rf"(?:^|[/\s]){re.escape(path)}:{number}:\d+: {re.escape(rest)}"
    return re.search(pattern, output, re.M) is not None
