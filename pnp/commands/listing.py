"""The list command: each game with its players and its components' counts."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.games import BUILT_IN, DATA_GAME, GAMES, read_source
from pnp.source.rules import load_rules
from pnp.source.settings import Settings


def listing(settings: Settings, slugs: list[str]) -> Iterator[str]:
    """The lines that describe `slugs`: where each game came from, its summary and components."""
    for slug in slugs:
        rules = load_rules(read_source(slug, settings.layouts))
        p = rules.players
        span = f"{p.min}-{p.max} players" if p.max else f"{p.min}+ players"
        players = "1 player" if p.max == p.min == 1 else f"{span}, default {p.default}"
        origin = GAMES[slug].origin if slug in GAMES else f"its data folder alone ({DATA_GAME})"
        yield f"{slug}  ({rules.game.title}; {players}; from {'pnp itself' if origin == BUILT_IN else origin})"
        yield f"    {rules.game.summary}"
        for spec in rules.components.values():
            yield f"    - {spec.label}: {spec.describe()}"
