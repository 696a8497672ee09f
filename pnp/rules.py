"""Rules models (`layouts/<game>/rules.toml`) and the checks that compare a build with them.

Counts are data: fixed, per player, or a base plus so many for each player beyond a threshold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from pnp.errors import UsageProblem
from pnp.layouts import Count, Strict, Text, parse
from pnp.manifest import Placed
from pnp.tomlfiles import read_toml

RULES_FILE = "rules.toml"
Positive = Annotated[int, Field(gt=0, le=1000)]


class Players(Strict):
    min: Positive
    max: Positive | None = None
    default: Positive
    rule: Text

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max {self.max} is below min {self.min}")
        if self.default < self.min or (self.max is not None and self.default > self.max):
            raise ValueError(f"default {self.default} is outside {self.min}-{self.max or '…'}")
        return self


class ComponentCount(Strict):
    kind: Literal["card", "token", "board", "sheet", "fold-card", "standee"]
    label: Text
    fixed: Count | None = None
    per_player: Count | None = None
    per_copy: Count | None = None
    base: Count | None = None
    extra_per_player: Count | None = None
    extra_beyond: Positive | None = None
    sides: Literal[1, 2] = 1
    at_least: bool = False       # the count is a minimum (spares welcome)
    hidden: Text | None = None   # components drawn face down together: they must share one back

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
    title: Text
    summary: Text


class RulesModel(Strict):
    game: GameInfo
    players: Players
    components: dict[str, ComponentCount]
    facts: dict[str, Annotated[int, Field(ge=0, le=10_000)]] = {}   # numbers the game's invariants check

    def quantities(self, players: int, copies: int = 1) -> dict[str, int]:
        """How many of each component a build for `players` (and `copies` of the pads) prints: the one
        place counts are expanded from the rules model."""
        return {kind: spec.expected(players, copies) for kind, spec in self.components.items()}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a build: `game: file:key: what (expected X, found Y)`."""

    game: str
    file: str
    key: str
    message: str
    expected: object = None
    found: object = None

    def __str__(self) -> str:
        tail = f" (expected {self.expected}, found {self.found})" if self.expected is not None else ""
        return f"{self.game}: {self.file}:{self.key}: {self.message}{tail}"


def load_rules(folder: Path) -> RulesModel:
    path = folder / RULES_FILE
    return parse(RulesModel, read_toml(path), path)


def resolve_players(rules: RulesModel, requested: int | None, game: str) -> int:
    players = rules.players.default if requested is None else requested
    top = rules.players.max
    if players < rules.players.min or (top is not None and players > top):
        span = f"{rules.players.min}-{top}" if top else f"at least {rules.players.min}"
        raise UsageProblem(f"{game}: --players {players} is not allowed ({span} players): {rules.players.rule}")
    return players


@dataclass(frozen=True, kw_only=True)
class CountOrigin:
    """Where the layout data itself sets how many of a kind are printed (the designs of a deck,
    each with its own count): a wrong total is reported there, where the designer edits."""

    file: str
    keys: str


def check_counts(game: str, rules: RulesModel, placed: list[Placed], players: int, copies: int = 1,
                 origins: Mapping[str, CountOrigin] | None = None) -> list[Problem]:
    """Compare what the renderer placed with the rules model's counts."""
    origins = origins or {}
    faces = Counter(item.kind for item in placed if item.counted)
    backs = Counter(item.kind for item in placed if item.side == "back")
    problems = []
    quantities = rules.quantities(players, copies)
    for key, spec in rules.components.items():
        expected = quantities[key]
        if spec.at_least and faces[key] >= expected:
            pass
        elif faces[key] != expected:
            who = f"{copies} copies" if spec.per_copy else f"{players} player{'s' if players != 1 else ''}"
            want = f"at least {expected}" if spec.at_least else expected
            origin = origins.get(key)
            if origin is not None:
                problems.append(Problem(game, origin.file, origin.keys,
                                        f"these {spec.label}s add up to {faces[key]}; the rules model "
                                        f"({RULES_FILE}:components.{key}) asks for {spec.describe()}", want,
                                        faces[key]))
            else:
                problems.append(
                    Problem(
                        game,
                        RULES_FILE,
                        f"components.{key}",
                        f"{spec.label} count for {who} is wrong (the rules: {spec.describe()})",
                        want,
                        faces[key],
                    )
                )
        if spec.sides == 2 and backs[key] != faces[key]:
            problems.append(
                Problem(
                    game,
                    RULES_FILE,
                    f"components.{key}.sides",
                    f"every {spec.label} needs its back printed behind it",
                    faces[key],
                    backs[key],
                )
            )
    problems += _check_hidden_backs(game, rules, placed)
    for kind in sorted(set(faces) - set(rules.components)):
        problems.append(
            Problem(
                game,
                RULES_FILE,
                f"components.{kind}",
                "placed by the build but missing from the rules model",
                0,
                faces[kind],
            )
        )
    return problems


def _check_hidden_backs(game: str, rules: RulesModel, placed: list[Placed]) -> list[Problem]:
    """Cards drawn face down from one pile must not be told apart by their backs."""
    problems = []
    groups: dict[str, list[str]] = {}
    for key, spec in rules.components.items():
        if spec.hidden:
            groups.setdefault(spec.hidden, []).append(key)
    for group, kinds in sorted(groups.items()):
        backs = Counter(item.back for item in placed if item.kind in kinds and item.side == "back")
        if len(backs) <= 1:
            continue
        common = backs.most_common(1)[0][0]
        odd = sorted(
            {
                f"{item.name} ({item.back})"
                for item in placed
                if item.kind in kinds and item.side == "back" and item.back != common
            }
        )
        problems.append(
            Problem(
                game,
                RULES_FILE,
                f"components.{kinds[0]}.hidden",
                f"{group} cards are drawn face down, so all must share one back; different: {', '.join(odd)}",
                common,
                ", ".join(sorted(str(back) for back in backs)),
            )
        )
    return problems


def check_facts(game: str, file: str, facts: dict[str, int], found: list[tuple[str, int, str, str]]) -> list[Problem]:
    """Compare numbers the layout data holds with the rules model's facts:
    each entry is (fact, value found, key in `file`, what it is)."""
    return [
        Problem(game, file, where, what, facts[key], value)
        for key, value, where, what in found
        if key in facts and facts[key] != value
    ]
