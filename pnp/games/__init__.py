"""The game registry: adding a game is one module, one layouts/ folder and one line here."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

GAMES: dict[str, str] = {
    "exit-from-purgatory": "pnp.games.exit_from_purgatory",
    "seven-steps": "pnp.games.seven_steps",
    "particle-panic": "pnp.games.particle_panic",
    "punished": "pnp.games.punished",
    "straight-to": "pnp.games.straight_to",
}


@dataclass(frozen=True)
class BuildContext:
    """What a game module may know of the build: counts and sizes, never drawing."""

    players: int
    card_w: float
    card_h: float
    copies: int = 1


def load_game(slug: str) -> ModuleType:
    """A game module exposes `load(folder, store)`, `documents(data, ctx)` and
    `invariants(data, rules, players)`."""
    return importlib.import_module(GAMES[slug])
