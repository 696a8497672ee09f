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


def _imports(path: Path, known: set[str]) -> set[str]:
    """Every pnp module `path` imports, at the top or inside a function (not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and ast.unparse(block.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
                   for node in ast.walk(block)}
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


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(path, known) - {name} for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the chain of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
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


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function(tmp_path):
    """The walk reads imports inside functions: a planner importing the dispatcher back is a cycle."""
    known = {"pnp.render.document", "pnp.render.boards"}
    dispatcher = tmp_path / "document.py"
    dispatcher.write_text("from pnp.render.boards import plan_board\n")
    planner = tmp_path / "boards.py"
    planner.write_text("def plan_board():\n    from pnp.render.document import RenderOptions\n")
    graph = {"pnp.render.document": _imports(dispatcher, known), "pnp.render.boards": _imports(planner, known)}
    assert _cycle(graph) is not None


def test_layers_point_one_way():
    graph = _graph()
    vocabulary = PACKAGE / "render" / "elements.py"
    assert "reportlab" not in vocabulary.read_text(), "the element vocabulary is plain data: no drawing library"
    assert "pnp.render.painter" not in graph["pnp.components"]
    for name, deps in graph.items():
        if name.startswith("pnp.render"):
            # the renderer draws what it is given: it knows no game and builds no pieces
            assert not {d for d in deps if d.startswith(("pnp.games", "pnp.kit"))}, name
        if name.startswith("pnp.games."):
            others = {d for d in deps if d.startswith("pnp.games.")}
            assert not others, f"{name} imports another game: {others}"
            assert "pnp.render.painter" not in deps and "pnp.render.document" not in deps, name
            assert "reportlab" not in _modules()[name].read_text(), name


def test_the_renderer_constructs_no_component():
    """Components (cards, sheets, boards) are made by games and the kit; render/ only draws them."""
    kinds = {"Piece", "PieceSheet", "Board", "Sheet", "Cover", "DocumentSpec"}
    for path in (PACKAGE / "render").glob("*.py"):
        calls = {node.func.id for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert not calls & kinds, f"{path.name} builds {sorted(calls & kinds)}"


@pytest.mark.parametrize("slug", sorted(games.GAMES))
def test_every_registered_game_meets_the_contract(slug):
    game = games.load_game(slug)
    assert isinstance(game, games.Game) and game.slug == slug


def test_a_game_module_without_its_contract_is_named_when_loaded(monkeypatch):
    """A module that renamed a part of its contract is refused when loaded, by name, not mid-build."""
    broken = types.ModuleType("pnp_test_broken_game")
    broken.load = lambda folder, store: None
    monkeypatch.setitem(sys.modules, "pnp_test_broken_game", broken)
    monkeypatch.setitem(games.GAMES, "broken", "pnp_test_broken_game")
    with pytest.raises(TypeError, match="pnp_test_broken_game: a game module must define GAME"):
        games.load_game("broken")
    wrong = types.ModuleType("pnp_test_wrong_slug")
    wrong.GAME = games.Game(slug="other", load=lambda folder, store: None, documents=lambda data, ctx: [],
                            invariants=lambda data, rules, players: [])
    monkeypatch.setitem(sys.modules, "pnp_test_wrong_slug", wrong)
    monkeypatch.setitem(games.GAMES, "wrong", "pnp_test_wrong_slug")
    with pytest.raises(TypeError, match="registered as 'wrong'"):
        games.load_game("wrong")
