"""Rules models (`layouts/<game>/rules.toml`): how many of each piece a game prints, and its facts.

Counts are data: fixed, per player, or a base plus so many for each player beyond a threshold.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field, model_validator

from pnp.errors import UsageProblem
from pnp.source.gamesource import GameSource, Problem
from pnp.source.models import Count, Strict, Words, parse

RULES_FILE = "rules.toml"
Positive = Annotated[int, Field(gt=0, le=1000)]


class Players(Strict):
    min: Positive
    max: Positive | None = None
    default: Positive
    rule: Words

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max {self.max} is below min {self.min}")
        if self.default < self.min or (self.max is not None and self.default > self.max):
            raise ValueError(f"default {self.default} is outside {self.min}-{self.max or '…'}")
        return self


class ComponentCount(Strict):
    kind: Literal[
        "card", "token", "board", "sheet", "fold-card", "standee", "pawn"
    ]  # a pawn: a player's own flat piece
    label: Words
    fixed: Count | None = None
    per_player: Count | None = None
    per_copy: Count | None = None
    base: Count | None = None
    extra_per_player: Count | None = None
    extra_beyond: Positive | None = None
    sides: Literal[1, 2] = 1
    at_least: bool = False  # the count is a minimum (spares welcome)
    hidden: Words | None = None  # components drawn face down together: they must share one back

    @model_validator(mode="after")
    def _one_rule(self) -> ComponentCount:
        given = [name for name in ("fixed", "per_player", "per_copy", "base") if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of fixed, per_player, per_copy or base")
        if (self.extra_per_player is None) != (self.extra_beyond is None):
            raise ValueError("extra_per_player and extra_beyond go together")
        if self.extra_per_player is not None and self.base is None:
            raise ValueError("extra_per_player needs base")
        return self

    def expected(self, players: int, copies: int = 1) -> int:
        if self.fixed is not None:
            return self.fixed
        if self.per_player is not None:
            return self.per_player * players
        if self.per_copy is not None:
            return self.per_copy * copies
        extra = 0
        if self.extra_per_player is not None and self.extra_beyond is not None:
            extra = self.extra_per_player * max(0, players - self.extra_beyond)
        return (self.base or 0) + extra

    def describe(self) -> str:
        if self.at_least:
            return f"at least {self._describe()}"
        return self._describe()

    def _describe(self) -> str:
        if self.fixed is not None:
            return f"{self.fixed}"
        if self.per_player is not None:
            return f"{self.per_player} per player"
        if self.per_copy is not None:
            return f"{self.per_copy} per copy (--copies)"
        if self.extra_per_player:
            return f"{self.base}, plus {self.extra_per_player} for each player beyond {self.extra_beyond}"
        return f"{self.base}"


class GameInfo(Strict):
    title: Words
    summary: Words
    credits: list[Words] = []  # who made the game, as its rule document names them: author, copyright line


REFERENCE_KIND = "reference"
# what pnp prints for every game by itself, counted like the game's own pieces; a rules.toml need
# not name it (one that does is taken at its word, and checked like any count)
FRAMEWORK_PIECES: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        REFERENCE_KIND: MappingProxyType(
            {"kind": "sheet", "label": "Rules reference (one sheet, both sides)", "fixed": 2}
        )
    }
)


class RulesModel(Strict):
    game: GameInfo
    players: Players
    components: dict[str, ComponentCount]
    facts: dict[str, Annotated[int, Field(ge=0, le=10_000)]] = {}  # numbers the game's invariants check
    # sets of pieces a player must tell apart at a glance, by component ("apple"; "token:back" for its
    # backs; a set of one: its designs from each other); two that differ by colour alone must stay
    # apart in grey and to colour-blind eyes
    tell_apart: list[Annotated[list[Annotated[str, Field(pattern=r"^[a-z0-9-]+(:back)?$")]], Field(min_length=1)]] = []

    @model_validator(mode="before")
    @classmethod
    def _with_framework_pieces(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("components"), dict):
            data = {
                **data,
                "components": {
                    **data["components"],
                    **{kind: dict(spec) for kind, spec in FRAMEWORK_PIECES.items() if kind not in data["components"]},
                },
            }
        return data

    def quantities(self, players: int, copies: int = 1) -> dict[str, int]:
        """How many of each component a build for `players` (and `copies` of the pads) prints: the one
        place counts are expanded from the rules model."""
        return {kind: spec.expected(players, copies) for kind, spec in self.components.items()}


def load_rules(source: GameSource) -> RulesModel:
    return parse(RulesModel, source, RULES_FILE)


def resolve_players(rules: RulesModel, requested: int | None, game: str) -> int:
    players = rules.players.default if requested is None else requested
    top = rules.players.max
    if players < rules.players.min or (top is not None and players > top):
        low = rules.players.min
        if top is None:
            span = f"at least {low} players"
        elif top == low:
            span = f"{low} player{'s' if low != 1 else ''} only"
        else:
            span = f"{low}-{top} players"
        raise UsageProblem(f"{game}: --players {players} is not allowed ({span}): {rules.players.rule}")
    return players


@dataclass(frozen=True, kw_only=True)
class CountOrigin:
    """Where the layout data itself sets how many of a kind are printed (the designs of a deck,
    each with its own count): a wrong total is reported there, where the designer edits."""

    file: str
    keys: str


def check_facts(game: str, file: str, facts: dict[str, int], found: list[tuple[str, int, str, str]]) -> list[Problem]:
    """Compare numbers the layout data holds with the rules model's facts:
    each entry is (fact, value found, key in `file`, what it is)."""
    return [
        Problem(game, file, where, what, facts[key], value)
        for key, value, where, what in found
        if key in facts and facts[key] != value
    ]
