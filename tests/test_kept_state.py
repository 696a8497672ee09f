"""Kept state has one owner (issue 94): a build's memory (`pnp.memory.BuildMemory`), which the
command makes and passes down. This scans every module of pnp as imported: a value at module
level is a constant (immutable all the way down), a definition (a function, a class, a command),
or a store, and a store outside the memory is refused. Functions cached at module level are
stores too, unless they take nothing (loaded once, as pnp's own code is). `pnp/games/` holds no
caching at all."""

from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import importlib
import inspect
import pkgutil
import re
import types
import typing
from pathlib import Path

import click
import pytest

import pnp
from pnp.memory import BuildMemory, Kept

PACKAGE = Path(pnp.__file__).parent

# what may stay at module level though it is no constant, and why
ALLOWED = {
    "pnp/games/__init__.py:GAMES": "the registry of installed games: what the process can load, not what a build made",
    "pnp/pipeline/manifest.py:schema": "a pydantic schema per record type (two types), built on first use",
    "pnp/analysis/dice.py:sum_distribution": "the balance report's maths over small integers, no build's data",
    "pnp/analysis/dice.py:rolls": "the balance report's maths over small integers",
    "pnp/analysis/dice.py:subset_sums": "the balance report's maths over small integers",
    "pnp/analysis/draws.py:ordered_rolls": "the balance report's maths over small integers",
    "pnp/analysis/seven_steps_balance.py:changed_challenge": "the balance report's search, never a build's",
    "pnp/render/tagged_font.py:_FLATE": "reportlab's compressor, which keeps nothing between calls",
    # reportlab's fonts are the process's: pnp registers its own and a designer's by their files'
    # digest, so a font's name never changes what it means, and what is kept of a font holds
    "pnp/render/fonts.py:face": "a registered font by its name: a lookup in reportlab's registry",
    "pnp/render/fonts.py:_LEANING": "whether a registered family has italic faces, by its files' digest",
    "pnp/render/fonts.py:ascent_descent": "a registered font's reach at a size",
    "pnp/render/tagged_font.py:_compressed": "the font files reportlab embeds, by their bytes, compressed once",
    "pnp/render/tagged_font.py:KEPT_FLATE": "the compressor pnp hands reportlab for its font files",
}


def _constant(value: object, depth: int = 0) -> bool:
    """Immutable all the way down (a definition counts: a function, a class, a command)."""
    if depth > 8:
        return False
    plain = (bool, int, float, complex, str, bytes, range, re.Pattern, enum.Enum, Path, Kept, types.ModuleType)
    if value is None or type(value) is object or isinstance(value, plain):  # `object()`: a sentinel
        return True
    if isinstance(value, (type, typing.TypeVar, types.GenericAlias, types.UnionType, click.Command, click.ParamType)):
        return True
    if type(value).__module__ == "typing":  # an alias
        return True
    if isinstance(value, functools._lru_cache_wrapper):
        return False
    if isinstance(value, (types.FunctionType, types.MethodType, types.BuiltinFunctionType, functools.partial)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(_constant(item, depth + 1) for item in value)
    if isinstance(value, types.MappingProxyType):
        return all(_constant(k, depth + 1) and _constant(v, depth + 1) for k, v in value.items())
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and type(value).__dataclass_params__.frozen:
        return all(_constant(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value))
    return False


def _assigned(path: Path) -> list[str]:
    """The names a module binds at its top level (assignments and functions)."""
    names = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign):
            names += [n.id for target in node.targets for n in ast.walk(target) if isinstance(n, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and node.value is not None and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.append(node.name)
    return names


def _stores() -> set[str]:
    found = set()
    for info in pkgutil.walk_packages(pnp.__path__, "pnp."):
        if info.name == "pnp.__main__":  # runs the command line
            continue
        module = importlib.import_module(info.name)
        path = Path(module.__file__)
        where = path.relative_to(PACKAGE.parent).as_posix()
        for name in _assigned(path):
            value = getattr(module, name, None)
            if name == "__all__":
                continue
            if isinstance(value, functools._lru_cache_wrapper):
                if inspect.signature(value.__wrapped__).parameters:  # a cache of what it is given
                    found.add(f"{where}:{name}")
            elif not _constant(value):
                found.add(f"{where}:{name}")
    return found


def test_no_module_keeps_state_outside_the_build_memory():
    assert _stores() - ALLOWED.keys() == set(), "a module-level store: keep it in the build's memory"


def test_a_store_planted_in_a_module_is_found(monkeypatch):
    """The scan sees a dict kept at module level and a function cached on what it is given."""
    import pnp.render.furniture as furniture

    source = Path(furniture.__file__).read_text(encoding="utf-8")
    planted = (
        source
        + "\n_PLANTED: dict[str, int] = {}\n\n\n@functools.lru_cache\ndef _planted(x: int) -> int:\n    return x\n"
    )
    monkeypatch.setattr(
        Path,
        "read_text",
        lambda self, encoding=None: planted if self.name == "furniture.py" else Path.read_bytes(self).decode(),
    )
    monkeypatch.setattr(furniture, "_PLANTED", {}, raising=False)
    monkeypatch.setattr(furniture, "_planted", functools.lru_cache(lambda x: x), raising=False)
    found = _stores()
    assert {"pnp/render/furniture.py:_PLANTED", "pnp/render/furniture.py:_planted"} <= found


def test_the_games_hold_no_caching():
    """A game's module knows its game: what a build keeps is the pipeline's (`BuildContext.each`)."""
    for path in sorted((PACKAGE / "games").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(
            r"\b(lru_cache|cache|Kept|BuildMemory|IdentityCache|SideKeep|RunKeep)\b",
            text.replace("BuildMemory", "" if path.name == "__init__.py" else "BuildMemory"),
        ), path.name


@pytest.mark.parametrize("kind", ["composed pieces", "drawn pages"])
def test_forgetting_drops_every_store(kind):
    """One way to forget: a memory that kept a build's pieces and pages holds none after `forget`."""
    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import build_game
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    memory = BuildMemory()
    build_game("seven-steps", Settings(), IconStore(shipped_icons_dir()), memory=memory)
    assert kind in memory.kinds()
    memory.forget()
    assert memory.kinds() == []
