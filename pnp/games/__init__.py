"""The game registry: adding a game is one module, one layouts/ folder and one line here."""

from __future__ import annotations

import importlib
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType

from pnp.errors import LayoutError

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
    quantities: Mapping[str, int] = field(default_factory=dict)   # from the rules model, for these players
    facts: Mapping[str, int] = field(default_factory=dict)        # the rules model's numbers, for printed text

    def count(self, kind: str) -> int:
        """How many `kind` pieces to print: declared once, in the rules model."""
        if kind not in self.quantities:
            raise LayoutError(f"rules.toml:components.{kind}: missing: the layout data prints {kind!r} pieces, "
                              "so the rules model must say how many")
        return self.quantities[kind]

    def fill(self, text: str, where: str) -> str:
        """Printed text with `{name}` replaced by the rules model's number of that name (a fact, a
        component's count for this build, or `players`), so a number is typed once, in rules.toml,
        and a balance change reaches every printed line."""
        values = {**self.quantities, **self.facts, "players": self.players}
        try:
            names = [name for _, name, _, _ in string.Formatter().parse(text) if name]
        except ValueError as exc:
            raise LayoutError(f"{where}: {exc} (write {{{{ and }}}} for a brace)") from None
        unknown = sorted(set(names) - set(values))
        if unknown:
            raise LayoutError(f"{where}: {{{unknown[0]}}} is not a number in rules.toml [facts] or a component "
                              f"count (known: {', '.join(sorted(values))})")
        return text.format_map(values)


def load_game(slug: str) -> ModuleType:
    """A game module exposes `load(folder, store)`, `documents(data, ctx)` and
    `invariants(data, rules, players)`."""
    return importlib.import_module(GAMES[slug])
