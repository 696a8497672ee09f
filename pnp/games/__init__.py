"""The game registry: adding a game is one module, one layouts/ folder and one line here.

A game module defines `GAME = Game(...)`: how to load its layout data, which documents it prints
and which of its own rules a build must keep. The registry checks that contract when it loads the
module, so a missing or misnamed part is named at once, not met mid-build.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pnp.components import SHEET_GAP_MM
from pnp.errors import LayoutError

if TYPE_CHECKING:               # the CLI reads GAMES at start: the rules model's schema loads with a game
    from pnp.components import DocumentSpec
    from pnp.icons import IconStore
    from pnp.rules import CountOrigin, Problem, RulesModel

GAMES: dict[str, str] = {
    "exit-from-purgatory": "pnp.games.exit_from_purgatory",
    "seven-steps": "pnp.games.seven_steps",
    "particle-panic": "pnp.games.particle_panic",
    "punished": "pnp.games.punished",
    "straight-to": "pnp.games.straight_to",
}


@dataclass(frozen=True, kw_only=True)
class BuildContext:
    """What a game module may know of the build: counts and sizes, never drawing."""

    players: int
    card_w: float
    card_h: float
    page_room: tuple[float, float]     # mm the page leaves its content, between the header and footer
    copies: int = 1
    quantities: Mapping[str, int] = field(default_factory=dict)   # from the rules model, for these players
    facts: Mapping[str, int] = field(default_factory=dict)        # the rules model's numbers, for printed text

    def sheet_room(self, per_page: int = 1) -> tuple[float, float]:
        """Width and height (mm) one sheet has when `per_page` of them stack on a page."""
        w, h = self.page_room
        return w, (h - (per_page - 1) * SHEET_GAP_MM) / per_page

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


Data = TypeVar("Data")


def _no_origins(data: Any, folder: Path) -> Mapping[str, CountOrigin]:
    return {}


@dataclass(frozen=True, kw_only=True)
class Game(Generic[Data]):
    """What a game module provides, typed by the data its `load` returns."""

    slug: str
    load: Callable[[Path, IconStore], Data]                       # the game's layouts/ folder -> its data
    documents: Callable[[Data, BuildContext], list[DocumentSpec]]  # the files it prints, as data
    invariants: Callable[[Data, RulesModel, int], list[Problem]]   # its own rules, beyond component counts
    # where a count the rules model checks is declared in the layout data (for a precise message)
    count_origins: Callable[[Data, Path], Mapping[str, CountOrigin]] = _no_origins


def load_game(slug: str) -> Game[Any]:
    """The game registered as `slug`, its contract checked."""
    module = importlib.import_module(GAMES[slug])
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise TypeError(f"{GAMES[slug]}: a game module must define GAME = Game(...) (see pnp/games/__init__.py)")
    if game.slug != slug:
        raise TypeError(f"{GAMES[slug]}: GAME.slug is {game.slug!r}, registered as {slug!r}")
    return game
