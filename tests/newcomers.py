"""Two games a newcomer makes from the README alone, added to a copy of the project: Ember Path, a
data-only game (two card kinds, a token, a track: a folder in layouts/ with a game.toml), and Styx
Ferry, a Python game with a custom piece (its river board drawn in code), registered in pnp's own
registry as the README says. Tests use them to show the suite welcomes a sixth and seventh game."""

from __future__ import annotations

import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA_ONLY = "ember-path"
IN_PYTHON = "styx-ferry"
REGISTRY = "pnp/games/__init__.py"


def add_newcomer_games(root: Path) -> None:
    """Drop both games into the project at `root`: their data in layouts/, the Python game's module
    in pnp/games/ and one line in the registry."""
    data_only = root / "layouts" / DATA_ONLY
    shutil.copytree(HERE / "data" / "layouts" / "lantern-walk", data_only)
    _rename(data_only, "Lantern Walk", "Ember Path")

    example = HERE.parent / "examples" / "charons-toll" / "charons_toll"
    shutil.copytree(example / "layouts" / "charons-toll", root / "layouts" / IN_PYTHON)
    _rename(root / "layouts" / IN_PYTHON, "Charon's Toll", "Styx Ferry")
    module = (example / "__init__.py").read_text(encoding="utf-8")
    module = module.replace('SLUG = "charons-toll"', f'SLUG = "{IN_PYTHON}"')
    shipped_apart = 'folder=HERE / "layouts" / SLUG'
    assert shipped_apart in module, "the example names its folder otherwise: update tests/newcomers.py"
    module = module.replace(shipped_apart, "folder=None")  # one of pnp's own: its data in layouts/<slug>
    (root / "pnp" / "games" / "styx_ferry.py").write_text(module, encoding="utf-8")

    registry = root / REGISTRY
    text = registry.read_text(encoding="utf-8")
    last = '    "straight-to": Listing(target="pnp.games.straight_to:GAME"),\n'
    assert last in text, "the registry's last line moved: update tests/newcomers.py"
    registry.write_text(
        text.replace(last, last + f'    "{IN_PYTHON}": Listing(target="pnp.games.styx_ferry:GAME"),\n'),
        encoding="utf-8",
    )


def _rename(folder: Path, old: str, new: str) -> None:
    for path in folder.iterdir():
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
