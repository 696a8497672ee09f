"""The shape of the code: imports point one way, the vocabulary carries no drawing library, game
modules keep to their own knowledge, and every registered game meets the Game contract."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest

import pnp
from pnp import games

PACKAGE = Path(pnp.__file__).resolve().parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(path: Path, known: set[str], typing: bool = False) -> set[str]:
    """Every pnp module `path` imports, at the top or inside a function (under TYPE_CHECKING too,
    with `typing`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if not typing
        and isinstance(block, ast.If)
        and ast.unparse(block.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
        for node in ast.walk(block)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in known}


def _graph(typing: bool = False) -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(path, known, typing) - {name} for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the chain of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle_among_pnp_modules_counting_function_level_imports():
    graph = _graph()
    assert len(graph) > 40
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_no_import_cycle_even_counting_typing_only_imports():
    """A cycle that only the type checker follows still ties the modules' meanings together: none."""
    graph = _graph(typing=True)
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function(tmp_path):
    """The walk reads imports inside functions: a planner importing the dispatcher back is a cycle."""
    known = {"pnp.render.document", "pnp.render.boards"}
    dispatcher = tmp_path / "document.py"
    dispatcher.write_text("from pnp.render.boards import plan_board\n")
    planner = tmp_path / "boards.py"
    planner.write_text("def plan_board():\n    from pnp.render.document import RenderOptions\n")
    graph = {"pnp.render.document": _imports(dispatcher, known), "pnp.render.boards": _imports(planner, known)}
    assert _cycle(graph) is not None


# the pipeline's stages, lowest first: a module imports only from its own stage or a lower one
LAYERS = [
    {"pnp.memory"},  # what a build keeps for the next: every stage's kept values have one owner
    {"pnp.findings"},  # where a problem is: what every error and message points at
    # the words every stage shares; the process's pace, and the libraries it needs
    {"pnp", "pnp.errors", "pnp.geometry", "pnp.collector", "pnp.requirements", "pnp.runs"},
    {"pnp.files"},  # file safety
    {"pnp.source"},  # reading the designer's data
    {"pnp.render"},  # planning and drawing
    {"pnp.games"},  # the games and the kit
    {"pnp.pipeline"},  # the build, its manifest and incremental state
    {"pnp.site", "pnp.export"},  # the gallery and watch site; exports
    {"pnp.analysis"},  # the balance report
    {"pnp.commands"},  # the application layer: one function per command
    {"pnp.cli"},  # the command line
    {"pnp.__main__"},  # `python -m pnp`
]


def _stage(module: str) -> tuple[int, str]:
    """(layer, stage) of a module: its folder under pnp, or itself for a top-level module."""
    parts = module.split(".")
    for name in (".".join(parts[:2]), module):
        for rank, stages in enumerate(LAYERS):
            if name in stages:
                return rank, name
    raise AssertionError(f"{module} is in no stage of LAYERS")


def _upward(graph: dict[str, set[str]]) -> list[str]:
    """Imports from a lower stage to a higher one, or between two stages of one layer."""
    found = []
    for name, deps in sorted(graph.items()):
        rank, stage = _stage(name)
        for dep in sorted(deps):
            dep_rank, dep_stage = _stage(dep)
            if dep_rank > rank or (dep_rank == rank and dep_stage != stage):
                found.append(f"{name} -> {dep}")
    return found


def _game_of(module: str) -> str:
    """The game a module of pnp/games belongs to: a game may keep its data models or its lint in
    modules of their own, named after it (punished_data, punished_lint, straight_to_track)."""
    stem = module.rsplit(".", 1)[-1]
    for suffix in ("_data", "_lint", "_track"):
        stem = stem.removesuffix(suffix)
    return stem


def test_layers_point_one_way():
    """No import (at the top or in a function) from a lower stage to a higher one, and none between
    two stages of one layer (the site and the exports know nothing of each other)."""
    graph = _graph()
    assert _upward(graph) == []
    vocabulary = PACKAGE / "render" / "elements.py"
    assert "reportlab" not in vocabulary.read_text(), "the element vocabulary is plain data: no drawing library"
    assert "pnp.render.painter" not in graph["pnp.render.specs"]
    for name, deps in graph.items():
        if name.startswith("pnp.games.") and name not in KIT:
            others = {d for d in deps if d.startswith("pnp.games.") and d not in KIT and _game_of(d) != _game_of(name)}
            assert not others, f"{name} imports another game: {others}"
            assert "pnp.render.painter" not in deps and "pnp.render.document" not in deps, name
            assert "reportlab" not in _modules()[name].read_text(), name


KIT = {
    "pnp.games",
    "pnp.games.kit",
    "pnp.games.reference",
    "pnp.games.calibration",
    "pnp.games.contract",
    "pnp.games.kitgame",
}


def _game_modules() -> dict[str, Path]:
    """Every module of a game: pnp's own (pnp/games/ beside the kit) and the published example."""
    own = {name: path for name, path in _modules().items() if name.startswith("pnp.games.") and name not in KIT}
    example = PACKAGE.parent / "examples" / "charons-toll" / "charons_toll" / "__init__.py"
    return {**own, **({"charons_toll": example} if example.is_file() else {})}


def test_a_game_module_imports_pnp_only_through_the_contract():
    """A game's author needs one module: everything of pnp a game uses comes from pnp.games.contract
    (beside the game's own modules), so what a game may rely on is written in one place."""
    known = set(_modules())
    for name, path in _game_modules().items():
        reached = {dep for dep in _imports(path, known) if _game_of(dep) != _game_of(name)}
        assert reached <= {"pnp.games.contract"}, f"{name} imports {sorted(reached - {'pnp.games.contract'})}"


def test_the_contract_check_finds_a_game_reaching_past_it(tmp_path):
    game = tmp_path / "game.py"
    game.write_text("from pnp.games.contract import Game\nfrom pnp.render.painter import Painter\n")
    assert _imports(game, set(_modules())) == {"pnp.games.contract", "pnp.render.painter"}


def test_the_layer_check_finds_an_import_that_points_up(tmp_path):
    """A renderer reaching up for the build inside a function, or the site importing an export, is caught."""
    known = {"pnp.render.pages", "pnp.pipeline.manifest", "pnp.site.gallery", "pnp.export.tts"}
    pages = tmp_path / "pages.py"
    pages.write_text("def record():\n    from pnp.pipeline.manifest import Manifest\n")
    gallery = tmp_path / "gallery.py"
    gallery.write_text("from pnp.export.tts import export_tts\n")
    graph = {
        "pnp.render.pages": _imports(pages, known),
        "pnp.site.gallery": _imports(gallery, known),
        "pnp.pipeline.manifest": set(),
        "pnp.export.tts": set(),
    }
    assert _upward(graph) == ["pnp.render.pages -> pnp.pipeline.manifest", "pnp.site.gallery -> pnp.export.tts"]


def test_no_two_modules_share_a_name():
    """A name says one thing: no module (or package) name repeats across the folders."""
    names: dict[str, list[str]] = {}
    for module in _modules():
        names.setdefault(module.rsplit(".", 1)[-1], []).append(module)
    for path in PACKAGE.rglob("*"):  # folders of code's own files (fonts, templates), not the shipped game data
        shipped_data = path.relative_to(PACKAGE).parts[0] == "data"
        if path.is_dir() and path.name != "__pycache__" and not shipped_data and not (path / "__init__.py").exists():
            names.setdefault(path.name, []).append(str(path.relative_to(PACKAGE)))
    assert {name: found for name, found in names.items() if len(found) > 1} == {}


def _classes(folder: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(str(path.relative_to(folder)))
    return {name: where for name, where in found.items() if len(where) > 1}


def test_no_two_classes_share_a_name():
    """A class name says one thing across pnp (a data model's name is also its title in the
    editor schemas a designer's editor shows)."""
    assert _classes(PACKAGE) == {}


def test_the_class_check_finds_two_classes_of_one_name(tmp_path):
    (tmp_path / "a.py").write_text("class Slot:\n    pass\n")
    (tmp_path / "b.py").write_text("def f():\n    class Slot:\n        pass\n")
    assert _classes(tmp_path) == {"Slot": ["a.py", "b.py"]}


def test_the_renderer_constructs_no_component():
    """Components (cards, sheets, boards) are made by games and the kit; render/ only draws them."""
    kinds = {"Piece", "PieceGroup", "Board", "PageComponent", "Cover", "DocumentSpec"}
    for path in (PACKAGE / "render").glob("*.py"):
        calls = {
            node.func.id
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        }
        assert not calls & kinds, f"{path.name} builds {sorted(calls & kinds)}"


@pytest.mark.parametrize("slug", sorted(games.GAMES))
def test_every_registered_game_meets_the_contract(slug):
    game = games.load_game(slug)
    assert isinstance(game, games.Game) and game.slug == slug
    folder = game.shipped_folder()
    for name in ("rules.toml", "reference.toml", *game.files):
        assert (folder / name).is_file(), (slug, name)


def test_a_game_module_without_its_contract_is_named_when_loaded(monkeypatch):
    """A module that renamed a part of its contract is refused when loaded, by name, not mid-build."""
    broken = types.ModuleType("pnp_test_broken_game")
    broken.load = lambda folder, store: None
    monkeypatch.setitem(sys.modules, "pnp_test_broken_game", broken)
    monkeypatch.setitem(games.GAMES, "broken", games.Listing(target="pnp_test_broken_game", origin="a test"))
    with pytest.raises(TypeError, match="pnp_test_broken_game: a game module must define GAME"):
        games.load_game("broken")
    wrong = types.ModuleType("pnp_test_wrong_slug")
    wrong.GAME = games.Game(
        slug="other",
        load=lambda source, store: None,
        documents=lambda data, ctx: [],
        invariants=lambda data, rules, players: [],
        files=(),
        promises=games.Promises(),
    )
    monkeypatch.setitem(sys.modules, "pnp_test_wrong_slug", wrong)
    monkeypatch.setitem(games.GAMES, "wrong", games.Listing(target="pnp_test_wrong_slug", origin="a test"))
    with pytest.raises(TypeError, match="registered as 'wrong'"):
        games.load_game("wrong")


def test_a_game_that_cannot_be_loaded_fails_alone_in_a_serial_build(monkeypatch, tmp_path):
    """Built one after another (as `pnp watch` builds), a registered game whose module cannot be
    imported fails its own build; the games beside it are built."""
    from pnp.memory import BuildMemory
    from pnp.pipeline.workers import build_many
    from pnp.source.settings import Settings

    monkeypatch.setitem(games.GAMES, "unloadable", games.Listing(target="pnp_test_no_such_module", origin="a test"))
    settings = Settings(output=str(tmp_path / "output"))
    outcomes = {
        o.slug: o
        for o in build_many(
            ["seven-steps", "unloadable"], settings, {"seven-steps": "x", "unloadable": "y"}, False, 1, BuildMemory()
        )
    }
    assert outcomes["seven-steps"].exit_code == 0, outcomes["seven-steps"].lines
    assert outcomes["unloadable"].exit_code and "pnp_test_no_such_module cannot be imported" in " ".join(
        outcomes["unloadable"].lines
    )


# -- layouts live in data ------------------------------------------------------------------------


def numeric_literals(where: Path) -> int:
    """How many numbers are written in the code of `where` (a file, or a folder's files): positions,
    sizes and counts that a designer could not change without Python."""
    paths = [where] if where.is_file() else list(where.rglob("*.py"))
    return sum(
        isinstance(node, ast.Constant) and type(node.value) in (int, float)
        for path in paths
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    )


NUMBERS_PER_GAME = 120  # a game's own modules: what is left is its rules, not its layout
NUMBERS_IN_THE_KIT = 230  # the pieces every game shares, the rules sheet and calibration


def test_the_games_layouts_are_data_not_numbers_in_code(tmp_path):
    """Issue 28 asked that the numbers in the game modules fall by half (from 1372); they must not
    creep back. Each game has its own budget, so a sixth game does not spend the others'."""
    per_game: dict[str, int] = {}
    for name, path in _game_modules().items():
        per_game[_game_of(name)] = per_game.get(_game_of(name), 0) + numeric_literals(path)
    assert {game: n for game, n in per_game.items() if n > NUMBERS_PER_GAME} == {}
    kit = sum(numeric_literals(_modules()[name]) for name in KIT)
    assert kit <= NUMBERS_IN_THE_KIT
    (tmp_path / "game.py").write_text("BOX = Box(x=1.5, y=2, w=30, h=4)\n")
    assert numeric_literals(tmp_path) == 4


# what the command line may import: the commands, the option types, the names it offers as choices
# (the game registry, the export services), and the words every stage shares
CLI_MAY_IMPORT = {
    "pnp.commands",
    "pnp.source.settings",
    "pnp.source.printoptions",
    "pnp.source.jobs",
    "pnp.geometry",
    "pnp.games",
    "pnp.export.services",
    "pnp",
    "pnp.errors",
    "pnp.findings",
    "pnp.collector",
    "pnp.requirements",
}


def _pnp_imports_at_all(path: Path) -> set[str]:
    """Every pnp module `path` names in an import, typing-only ones included."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name == "pnp" or name.startswith("pnp.")}


def _beyond_the_cli(name: str) -> bool:
    return not (name.startswith(("pnp.cli", "pnp.commands.")) or name in CLI_MAY_IMPORT)


def test_the_command_line_parses_calls_a_command_and_prints():
    """Every module of the CLI package imports pnp only through the commands, the option types and
    the choice names: the logic of a command lives in pnp/commands/, callable without click."""
    reached = {
        name: sorted(filter(_beyond_the_cli, _pnp_imports_at_all(path)))
        for name, path in _modules().items()
        if name.startswith("pnp.cli")
    }
    assert len(reached) >= 7 and {name: deps for name, deps in reached.items() if deps} == {}


def test_the_cli_check_finds_a_stage_reached_from_a_command_s_body(tmp_path):
    module = tmp_path / "watching.py"
    module.write_text("def watch():\n    from pnp.site.watch import serve\n    from pnp.commands.builds import build\n")
    assert sorted(filter(_beyond_the_cli, _pnp_imports_at_all(module))) == ["pnp.site.watch"]


MODULE_LINES, FUNCTION_LINES, ENTRY_LINES = 500, 80, 300


def test_modules_and_functions_stay_short():
    """Formatted as ruff formats them: no module over 500 lines, no function over 80, and the
    command line's entry module under 300 (it parses, calls a command and prints)."""
    long_modules, long_functions = [], []
    for name, path in _modules().items():
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MODULE_LINES:
            long_modules.append(name)
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.end_lineno - node.lineno + 1 > FUNCTION_LINES
            ):
                long_functions.append(f"{name}.{node.name}")
    assert (long_modules, long_functions) == ([], [])
    assert len((PACKAGE / "cli" / "__init__.py").read_text(encoding="utf-8").splitlines()) < ENTRY_LINES
