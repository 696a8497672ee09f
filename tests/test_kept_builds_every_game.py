"""Whatever a designer edits in any of the five games between builds, a build that keeps what the
build memory holds (as `pnp watch` keeps one memory for every save) writes exactly what a build
from a fresh memory with --force writes from the same earlier output (issue 94, acceptance 3).
Hypothesis chooses the edits from what each game's data files hold: a printed text, an icon, a
count, a slot's size in a template, own art added, redrawn and removed (a file added and taken
away), and an option (paper, bleed, the ink saver). A build may refuse an edit (a count the rules
model does not ask for, a text that no longer fits): then both builds must refuse it alike, and
the files they leave must be the same bytes."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from conftest import souls_to_csv

from pnp.cli import cli
from pnp.games import load_game
from pnp.memory import BuildMemory

GAMES = ("exit-from-purgatory", "particle-panic", "punished", "seven-steps", "straight-to")
DATA = ("components.toml", "cards.toml", "board.toml", "gamesheet.toml", "souls.csv")  # what a designer edits most
ICONS = ("lorc/ghost", "lorc/dove", "lorc/imp-laugh", "lorc/horned-skull", "lorc/prayer", "lorc/angel-outfit")
WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ,.", min_size=2, max_size=30).map(str.strip)
FIXED = {"name", "id", "back", "type", "kind", "icon", "csv", "extends", "font", "when", "deck", "tier"}
FIXED |= {"x", "y", "w", "h", "before", "after", "size", "formula"}  # a box or a sum, not words
TEXT = re.compile(r'^(?P<key>[a-z_]+) = "(?P<value>[^"{}<\n]* [^"{}<\n]*)"$', re.M)  # two words or more
ICON = re.compile(r'^icon = "(?P<value>[a-z]+/[a-z-]+|art/mark\.svg)"$', re.M)
COUNT = re.compile(r"^count = (?P<value>\d+)$", re.M)
SIZE = re.compile(r"^size = (?P<value>\d+(?:\.\d+)?)$", re.M)
ROW = r"^[a-z]+,[^,\n]*,"  # souls.csv: type, name, icon, count, line, back
CSV = {  # the same in souls.csv's cells
    TEXT: re.compile(ROW + r"[^,\n]*,\d+,(?P<value>[^,\n\"]*),", re.M),  # a cell not quoted
    ICON: re.compile(ROW + r"(?P<value>[a-z]+/[a-z-]+|art/mark\.svg),", re.M),
    COUNT: re.compile(ROW + r"[^,\n]*,(?P<value>\d+),", re.M),
    SIZE: re.compile(r"(?!)"),
}
MARK = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="{r}"/></svg>\n'
OTHER = {
    "paper": {"a4": "letter", "letter": "a4"},
    "bleed": {"0": "3mm", "3mm": "0"},
    "ink": {"--colour": "--ink-saver", "--ink-saver": "--colour"},
}
EDITS = st.one_of(
    st.tuples(st.just("text"), st.integers(0, 400), WORDS.filter(lambda w: " " in w)),
    st.tuples(st.just("icon"), st.integers(0, 400), st.sampled_from(ICONS)),
    st.tuples(st.just("count"), st.integers(0, 400), st.integers(1, 4).map(str)),
    st.tuples(st.just("size"), st.integers(0, 400), st.sampled_from(["7", "9", "11", "14"])),
    st.tuples(st.just("art"), st.integers(0, 400), st.integers(20, 45).map(str)),
    st.tuples(st.just("unart"), st.just(0), st.just("")),
    st.tuples(st.sampled_from(sorted(OTHER)), st.just(0), st.just("")),
)
WATCHED = BuildMemory()  # one for every example of every game, as `pnp watch` keeps one for every save


def _sites(game: Path, pattern: re.Pattern[str]) -> list[tuple[Path, re.Match[str]]]:
    """Each place in the game's data files that `pattern` finds, file by file."""
    found = []
    for name in DATA:
        path = game / name
        if path.is_file():
            text, own = path.read_text(), CSV[pattern] if path.suffix == ".csv" else pattern
            found += [(path, m) for m in own.finditer(text) if m.groupdict().get("key") not in FIXED]
    return found


def _set(path: Path, found: re.Match[str], value: str) -> None:
    text = path.read_text()
    value = value.replace(",", "") if path.suffix == ".csv" else value
    path.write_text(text[: found.start("value")] + value + text[found.end("value") :])


def _edit(game: Path, options: dict[str, str], edit: tuple[str, int, str]) -> None:
    """Make `edit`; where the game has nothing it changes, turn the ink saver on or off instead, so
    every example changes something (a build with nothing changed writes nothing, where a forced
    one writes everything) and none is thrown away."""
    if not _changed(game, options, edit):
        options["ink"] = OTHER["ink"][options["ink"]]


def _changed(game: Path, options: dict[str, str], edit: tuple[str, int, str]) -> bool:
    """Make `edit`; False when the game has nothing it changes."""
    kind, which, value = edit
    if kind in OTHER:
        options[kind] = OTHER[kind][options[kind]]
        return True
    art = game / "art"
    if kind == "unart":  # the art file taken away, and every icon that showed it back to an icon
        shown = [(path, found) for path, found in reversed(_sites(game, ICON)) if found["value"] == "art/mark.svg"]
        for path, found in shown:
            _set(path, found, ICONS[0])
        shutil.rmtree(art, ignore_errors=True)
        return bool(shown)
    if kind == "art":
        art.mkdir(exist_ok=True)
        (art / "credits.toml").write_text('["mark.svg"]\nauthor = "A designer"\nlicence = "CC0"\n')
        (art / "mark.svg").write_text(MARK.format(r=value))
        value = "art/mark.svg"
    sites = _sites(game, {"text": TEXT, "icon": ICON, "art": ICON, "count": COUNT, "size": SIZE}[kind])
    if not sites:
        return False
    path, found = sites[which % len(sites)]
    _set(path, found, value if value != found["value"] else value + ("0" if kind in ("count", "size") else "s"))
    return True


def _files(folder: Path) -> dict[str, str]:
    """Each file under `folder` by its digest, so a mismatch is said by name."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.slow
@pytest.mark.parametrize("slug", GAMES)
@settings(
    max_examples=20,
    deadline=None,
    derandomize=True,  # the same edits in every run: CI and the mutation check see what a developer saw
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(edits=st.lists(EDITS, min_size=1, max_size=3))
@example(edits=[("size", 1, "11")])  # Straight to: the Soul template's name size, every Soul card anew
@example(edits=[("text", 3, "Quite good soul")])  # Straight to: a label beside the card list, in soul_types
def test_a_kept_build_of_any_game_after_any_edits_writes_what_a_fresh_forced_build_writes(
    tmp_path_factory, slug, edits
):
    work = _project(tmp_path_factory, slug)  # one per game, put back as shipped for each example
    layouts, kept, forced = work / "layouts", work / "kept", work / "forced"
    game = layouts / slug
    options = {"paper": "a4", "bleed": "0", "ink": "--colour"}

    def build(output: Path, memory: BuildMemory, *more: str) -> tuple[int, str]:
        flags = [value if value.startswith("--") else f"--{name}={value}" for name, value in options.items()]
        args = ["build", slug, "--layouts", str(layouts), "-o", str(output), "--jobs", "1", *flags, *more]
        result = CliRunner().invoke(cli, args, catch_exceptions=False, obj=memory)
        return result.exit_code, result.output

    shutil.rmtree(kept, ignore_errors=True)
    shutil.copytree(work / "base", kept)  # the designer's earlier build, of the data as shipped
    *earlier, last = edits
    for edit in earlier:  # each kept build feeds the memory the last one takes from
        _edit(game, options, edit)
        build(kept, WATCHED)
    _edit(game, options, last)
    shutil.rmtree(forced, ignore_errors=True)
    shutil.copytree(kept, forced)  # the same earlier output for both
    made, said = build(kept, WATCHED)
    expected, told = build(forced, BuildMemory(), "--force")
    assert made == expected, (edits, said, told)
    made_files, forced_files = _files(kept / slug), _files(forced / slug)
    differ = sorted(
        name for name in made_files.keys() | forced_files.keys() if made_files.get(name) != forced_files.get(name)
    )
    assert not differ, (edits, differ)


PROJECTS: dict[str, Path] = {}  # by game: the folder its examples edit


def _project(tmp_path_factory: pytest.TempPathFactory, slug: str) -> Path:
    """The game's project folder, its data as shipped and its build of that data in `base`: made
    for the first example, the data put back for each later one (whose kept build finds the memory
    as the last example left it, as a designer's next save finds it)."""
    work = PROJECTS.get(slug)
    if work is None:
        work = PROJECTS[slug] = tmp_path_factory.mktemp(slug)
    game = work / "layouts" / slug
    shutil.rmtree(game, ignore_errors=True)
    shutil.copytree(load_game(slug).shipped_folder(), game)
    if slug == "straight-to":  # its Soul designs in a spreadsheet, apart from the templates
        souls_to_csv(work / "layouts")
    if not (work / "base").is_dir():
        args = ["build", slug, "--layouts", str(work / "layouts"), "-o", str(work / "base"), "--jobs", "1"]
        assert CliRunner().invoke(cli, args, catch_exceptions=False, obj=WATCHED).exit_code == 0
    return work
