"""Two games a newcomer makes from the README alone, added to a copy of the project: Ember Path, a
data-only game (two card kinds, a token, a track: a folder in layouts/ with a game.toml), and Styx
Ferry, a Python game with a custom piece (its river board drawn in code), registered in pnp's own
registry as the README says. Tests use them to show the suite welcomes a sixth and seventh game."""

from __future__ import annotations

import itertools
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PYPROJECT = "pyproject.toml"
GROUP = "pnp.games"


@dataclass(frozen=True, kw_only=True)
class Newcomers:
    """The slugs the two games were given in one copy: free there, whatever games it already has."""

    data_only: str
    in_python: str

    @property
    def slugs(self) -> tuple[str, str]:
        return self.data_only, self.in_python


def free_slug(root: Path, wanted: str) -> str:
    """`wanted`, or `wanted-2`, `wanted-3`, ...: the first no game of the project at `root` uses (a
    folder of its layouts, a module of pnp/games, an entry point of its pyproject.toml)."""
    registered = _entry_points(root)
    for slug in itertools.chain([wanted], (f"{wanted}-{n}" for n in itertools.count(2))):
        module = slug.replace("-", "_")
        taken = (root / "layouts" / slug).exists() or (root / "pnp" / "games" / f"{module}.py").exists()
        if not taken and slug not in registered and f"pnp.games.{module}:GAME" not in registered.values():
            return slug
    raise AssertionError("unreachable: itertools.count never ends")


def add_newcomer_games(root: Path) -> Newcomers:
    """Drop both games into the project at `root`: their data in layouts/, the Python game's module
    in pnp/games/ and one line in pyproject.toml's entry points, installed. The data-only game
    keeps no document.txt, which the README calls optional."""
    chosen = Newcomers(data_only=free_slug(root, "ember-path"), in_python=free_slug(root, "styx-ferry"))
    data_only = root / "layouts" / chosen.data_only
    shutil.copytree(HERE / "data" / "layouts" / "lantern-walk", data_only)
    (data_only / "document.txt").unlink()
    _rename(data_only, "Lantern Walk", "Ember Path")

    example = HERE.parent / "examples" / "charons-toll" / "charons_toll"
    shutil.copytree(example / "layouts" / "charons-toll", root / "layouts" / chosen.in_python)
    _rename(root / "layouts" / chosen.in_python, "Charon's Toll", "Styx Ferry")
    module = (example / "__init__.py").read_text(encoding="utf-8")
    module = module.replace('SLUG = "charons-toll"', f'SLUG = "{chosen.in_python}"')
    shipped_apart = 'folder=HERE / "layouts" / SLUG'
    assert shipped_apart in module, "the example names its folder otherwise: update tests/newcomers.py"
    module = module.replace(shipped_apart, "folder=None")  # one of pnp's own: its data in layouts/<slug>
    name = chosen.in_python.replace("-", "_")
    (root / "pnp" / "games" / f"{name}.py").write_text(module, encoding="utf-8")

    pyproject = root / PYPROJECT
    text = pyproject.read_text(encoding="utf-8")
    table = f'[project.entry-points."{GROUP}"]'
    assert table in text, "pyproject.toml names pnp's games otherwise: update tests/newcomers.py"
    line = f'{chosen.in_python} = "pnp.games.{name}:GAME"'
    at = text.index("\n", text.index(table)) + 1
    pyproject.write_text(text[:at] + line + "\n" + text[at:], encoding="utf-8")
    _install_metadata(root)
    return chosen


def _entry_points(root: Path) -> dict[str, str]:
    project = tomllib.loads((root / PYPROJECT).read_text(encoding="utf-8"))["project"]
    return dict(project.get("entry-points", {}).get(GROUP, {}))


def _install_metadata(root: Path) -> None:
    """The copy's package metadata at its root, first on its PYTHONPATH: its name and version, and
    its entry points, as an install writes them (the installed pnp's are then passed over)."""
    project = tomllib.loads((root / PYPROJECT).read_text(encoding="utf-8"))["project"]
    name, version = project["name"].replace("-", "_"), project["version"]
    info = root / f"{name}-{version}.dist-info"
    info.mkdir()
    needs = [f"Requires-Dist: {need}" for need in project["dependencies"]]
    for extra, wanted in project.get("optional-dependencies", {}).items():
        needs += [f"Provides-Extra: {extra}"] + [f'Requires-Dist: {need}; extra == "{extra}"' for need in wanted]
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {version}", *needs]
    (info / "METADATA").write_text("\n".join(lines) + "\n", encoding="utf-8")
    points = "".join(f"{slug} = {target}\n" for slug, target in _entry_points(root).items())
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{points}", encoding="utf-8")


def _rename(folder: Path, old: str, new: str) -> None:
    for path in folder.iterdir():
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
