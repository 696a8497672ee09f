"""Seeded climbs played by the best policy (OptimalClimb): what a player following it keeps and
scores, counted over many games for the report."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.analysis.draws import roll
from pnp.analysis.seven_steps_optimal import OptimalClimb, preferred


@dataclass(frozen=True, kw_only=True)
class Played:
    """What a simulated climb under the optimal policy did, for the report's key decisions."""

    won: bool
    reached: int
    changed: tuple[int, ...]  # terraces (0-based) on which the challenge die was changed
    bought: int  # pips claimed for a die
    first_roll: tuple[int, ...]  # dice activated for each day's first roll
    scored: tuple[int, ...]  # dice scored on each terrace passed
    score: int  # dice in the scoring area at the end


def play(solver: OptimalClimb, rng: random.Random) -> Played:
    """One climb following the optimal policy for the solver's goal, dice rolled by `rng`; the
    score is counted here apart from the solver's own count of the spares left."""
    day, bought = solver.start(), 0
    changed: list[int] = []
    first: list[int] = []
    scored: list[int] = []
    scoring = 0  # the reserve's dice that are scored; the others are spares

    def played(won: bool) -> Played:
        return Played(
            won=won,
            reached=day[0],
            changed=tuple(changed),
            bought=bought,
            first_roll=tuple(first),
            scored=tuple(scored),
            score=scoring,
        )

    while True:
        step = day[0]
        rolled = roll(rng, 1)[0]
        _, (_, face) = solver.set_challenge(day, rolled)
        if face != rolled:
            changed.append(step)
        t = solver.morning(day, rolled, face)
        opened = False  # has today's first roll been made
        while True:
            _, (kind, face) = preferred(solver.turn_options(t))
            if kind == "fail":
                return played(False)
            if kind == "set":
                if step not in changed:
                    changed.append(step)
                t = solver.changed(t, face)
                continue
            if kind in ("add", "buy"):
                if kind == "buy":
                    bought, scoring = bought + 1, max(scoring - 1, 0)
                t = solver.added(t) if kind == "add" else solver.claimed(t, solver.reserve(t))
                continue
            if not opened:
                first.append(t[3])
                opened = True
            least = solver.least_pips(step, t[2], roll(rng, t[3]))
            _, (kind, used) = solver.after_roll(t, least)
            if kind == "fail":
                if not solver.reserve(t):
                    return played(False)
                t, scoring = solver.punish(t, solver.reserve(t)), max(scoring - 1, 0)
                continue
            scored.append(used)
            scoring += used
            if step == solver.last:
                return played(True)
            day = solver.next_day(t, used, least[used - 1])
            break


def simulate_optimal(solver: OptimalClimb, games: int, seed: int) -> Sequence[Played]:
    rng = random.Random(seed)
    return [play(solver, rng) for _ in range(games)]
