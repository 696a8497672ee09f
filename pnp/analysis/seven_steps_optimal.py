"""Seven Steps under the best play: the win chance of the optimal policy, found by dynamic
programming over every state the rules allow, and that policy, so a seeded simulation can follow it.

The state of a climb for winning is small: the terrace, the dice in the pool, in the moon and in
reserve (scored and spare dice are both only a source of punishment dice, so for the win they are
one number), Virgil pips ready and pips still to claim; within a day also the (changed) challenge
die, the activated dice and the dice punished into the sun."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from pnp.analysis.dice import rolls
from pnp.games.seven_steps import TerraceTest

FACES = range(1, 7)
NEVER = 99            # more pips than a climb ever holds: a result no pips can reach


def pip_costs() -> dict[tuple[int, int], int]:
    """The fewest Virgil pips that turn face x into face y (each pip: +1, -1 or a flip)."""
    out: dict[tuple[int, int], int] = {}
    for start in FACES:
        seen, frontier, cost = {start}, [start], 0
        while frontier:
            for face in frontier:
                out[start, face] = cost
            step = {n for f in frontier for n in (f - 1, f + 1, 7 - f) if 1 <= n <= 6} - seen
            seen |= step
            frontier, cost = sorted(step), cost + 1
    return out


COST = pip_costs()


@cache
def reach(dice: tuple[int, ...]) -> tuple[int, ...]:
    """For every total t, the fewest pips that make these dice total t (NEVER if none)."""
    if not dice:
        return (0,)
    rest, last = reach(dice[:-1]), dice[-1]
    out = [NEVER] * (len(rest) + 6)
    for total, cost in enumerate(rest):
        if cost < NEVER:
            for face in FACES:
                out[total + face] = min(out[total + face], cost + COST[last, face])
    return tuple(out)


@cache
def weighted_rolls(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    return tuple((faces, float(weight)) for faces, weight in rolls(dice))


@dataclass(frozen=True, kw_only=True)
class Climb:
    """The numbers of one climb: the terraces' tests (in order) and the dice and pips of setup."""

    tests: tuple[TerraceTest, ...]
    pool: int
    spares: int
    pips: int
    more_pips: int


Day = tuple[int, int, int, int, int]
"""Where a day starts: (terrace, pool dice, moon dice, pips ready, pips still to claim); the other
dice are in reserve."""

Turn = tuple[int, int, int, int, int, int, int, int]
"""Within a day, before a roll: (terrace, moon dice, challenge die as it stands, activated dice,
pool dice, dice punished into the sun, pips ready, pips still to claim); the rest are in reserve."""

Outcome = tuple[float, tuple[tuple[int, int], ...], bool]
Action = tuple[str, int]     # ("set", face) | ("add", 0) | ("buy", 0) | ("roll", 0) | ("pass", dice used) | ("fail", 0)


class OptimalClimb:
    """The optimal policy of one climb, computed on demand and remembered."""

    def __init__(self, climb: Climb) -> None:
        self.climb = climb
        self.dice = climb.pool + climb.spares
        self.last = len(climb.tests) - 1
        self.days: dict[Day, float] = {}
        self.turns: dict[Turn, float] = {}
        self.least_pips = cache(self._least_pips)
        self.outcomes = cache(self._outcomes)
        self.offers = cache(self._offers)
        self.meeting = cache(self._meeting)
        self.passes: dict[tuple[int, ...], list[list[float]]] = {}

    def start(self) -> Day:
        c = self.climb
        return (0, c.pool, 0, c.pips, c.more_pips)

    def win_chance(self) -> float:
        c = self.climb
        for step in reversed(range(len(c.tests))):     # later days first: the recursion stays one day deep
            for pool in range(self.dice + 1):
                for moon in range(self.dice + 1 - pool):
                    for claimable in range(c.more_pips + 1):
                        for pips in range(c.pips + c.more_pips - claimable + 1):
                            self.day_value((step, pool, moon, pips, claimable))
        return self.day_value(self.start())

    def day_value(self, day: Day) -> float:
        """The chance to win from the start of a day: the challenge die is rolled, then perhaps changed."""
        value = self.days.get(day)
        if value is None:
            value = self.days[day] = sum(self.set_challenge(day, c)[0] for c in FACES) / 6
        return value

    def set_challenge(self, day: Day, rolled: int) -> tuple[float, Action]:
        return max((self.turn_value(self.morning(day, rolled, face)), ("set", face))
                   for face in FACES if COST[rolled, face] <= day[3])

    @staticmethod
    def morning(day: Day, rolled: int, face: int) -> Turn:
        """The day's first turn once the rolled challenge die is set to `face` (paid in pips)."""
        step, pool, moon, pips, claimable = day
        return (step, moon, face, 0, pool, 0, pips - COST[rolled, face], claimable)

    def reserve(self, t: Turn) -> int:
        return self.dice - t[1] - t[3] - t[4] - t[5]

    def turn_options(self, t: Turn) -> list[tuple[float, Action]]:
        """Before a roll: activate one more pool die, claim a pip for a die from reserve (our reading:
        that die joins the roll), or roll the activated dice."""
        active, pool, claimable = t[3], t[4], t[7]
        options: list[tuple[float, Action]] = []
        if active:
            options.append((self.roll_value(t), ("roll", 0)))
        if pool:
            options.append((self.turn_value(self.added(t)), ("add", 0)))
        if claimable and self.reserve(t):
            options.append((self.turn_value(self.claimed(t)), ("buy", 0)))
        return options or [(0.0, ("fail", 0))]    # no die to roll: the climb is lost

    def turn_value(self, t: Turn) -> float:
        value = self.turns.get(t)
        if value is None:
            value = self.turns[t] = max(self.turn_options(t))[0]
        return value

    def roll_value(self, t: Turn) -> float:
        step, c, active, pips = t[0], t[2], t[3], t[6]
        passed = self.pass_values(t)
        failed = self.punished(t)
        total = 0.0
        for p, within, free in self.outcomes(step, c, active, pips):
            best = 0.0 if free else failed
            for used, need in within:
                if passed[used][need] > best:
                    best = passed[used][need]
            total += p * best
        return total

    def pass_values(self, t: Turn) -> list[list[float]]:
        """passed[u - 1][q]: the chance to win after passing with u dice, spending q pips."""
        key = t[:2] + t[3:]                 # the challenge die plays no part after the roll
        values = self.passes.get(key)
        if values is None:
            step, active, pips = t[0], t[3], t[6]
            values = self.passes[key] = (
                [[1.0] * (pips + 1) for _ in range(active)] if step == self.last else
                [[self.day_value(self.next_day(t, used, q)) for q in range(pips + 1)] for used in range(1, active + 1)])
        return values

    def punished(self, t: Turn) -> float:
        return self.turn_value(self.punish(t)) if self.reserve(t) else 0.0

    # the moves of a day, shared by the values above and by a climb that follows them
    @staticmethod
    def added(t: Turn) -> Turn:
        step, moon, c, active, pool, sun, pips, claimable = t
        return (step, moon, c, active + 1, pool - 1, sun, pips, claimable)

    @staticmethod
    def claimed(t: Turn) -> Turn:
        step, moon, c, active, pool, sun, pips, claimable = t
        return (step, moon, c, active + 1, pool, sun, pips + 1, claimable - 1)

    @staticmethod
    def punish(t: Turn) -> Turn:
        step, moon, c, active, pool, sun, pips, claimable = t
        return (step, moon, c, active, pool, sun + 1, pips, claimable)

    @staticmethod
    def next_day(t: Turn, used: int, spent: int) -> Day:
        """After a pass: the moon's dice return to the pool, the sun's and the unused go to the moon."""
        step, moon, _, active, pool, sun, pips, claimable = t
        return (step + 1, pool + moon, sun + active - used, pips - spent, claimable)

    def after_roll(self, t: Turn, least: tuple[int, ...]) -> tuple[float, Action]:
        """The best answer to a roll whose selections of u dice need least[u-1] pips to meet the challenge."""
        passed = self.pass_values(t)
        options = [(passed[used - 1][need], ("pass", used)) for used, need in enumerate(least, start=1)
                   if need <= t[6]]
        if 0 not in least:                 # a roll that meets the challenge as it lies is a success
            options.append((self.punished(t), ("fail", 0)))
        return max(options)

    def _least_pips(self, step: int, challenge: int, dice: tuple[int, ...]) -> tuple[int, ...]:
        """For u = 1 .. len(dice): the fewest pips with which some u of these dice meet the challenge."""
        totals = reach(dice)
        best = [NEVER] * len(dice)
        best[-1] = min((totals[total] for total in self.meeting(step, challenge) if total < len(totals)), default=NEVER)
        for i in range(len(dice) if len(dice) > 1 else 0):
            if i == 0 or dice[i - 1] != dice[i]:          # each smaller selection, once per face left out
                for u, pips in enumerate(self.least_pips(step, challenge, dice[:i] + dice[i + 1:])):
                    best[u] = min(best[u], pips)
        return tuple(best)

    def _meeting(self, step: int, challenge: int) -> tuple[int, ...]:
        """The totals of one or more dice that meet the terrace's challenge."""
        return tuple(t for t in range(1, 6 * self.dice + 1) if self.climb.tests[step].met(t, challenge))

    def _offers(self, step: int, challenge: int, active: int) -> dict[tuple[int, ...], float]:
        """A roll of `active` dice grouped by the pips its selections of 1, 2, ... dice need."""
        grouped: defaultdict[tuple[int, ...], float] = defaultdict(float)
        for faces, weight in weighted_rolls(active):
            grouped[self.least_pips(step, challenge, faces)] += weight
        return grouped

    def _outcomes(self, step: int, challenge: int, active: int, pips: int) -> tuple[Outcome, ...]:
        """What a roll offers with `pips` ready: (chance, (dice used - 1, pips needed) of each
        selection within reach, whether the roll meets the challenge as it lies)."""
        grouped: defaultdict[tuple[tuple[int, int], ...], float] = defaultdict(float)
        for least, p in self.offers(step, challenge, active).items():
            grouped[tuple((used, need) for used, need in enumerate(least) if need <= pips)] += p
        return tuple((p, within, any(need == 0 for _, need in within)) for within, p in grouped.items())


@dataclass(frozen=True, kw_only=True)
class Played:
    """What a simulated climb under the optimal policy did, for the report's key decisions."""

    won: bool
    reached: int
    changed: tuple[int, ...]        # terraces (0-based) on which the challenge die was changed
    bought: int                     # pips claimed for a die
    first_roll: tuple[int, ...]     # dice activated for each day's first roll
    scored: tuple[int, ...]         # dice scored on each terrace passed
    score: int                      # dice in the scoring area at the end


def play(solver: OptimalClimb, rng: random.Random) -> Played:
    """One climb following the optimal policy, dice rolled by `rng`."""
    day, bought = solver.start(), 0
    changed: list[int] = []
    first: list[int] = []
    scored: list[int] = []
    scoring = 0                     # the reserve's dice that are scored; the others are spares

    def played(won: bool) -> Played:
        return Played(won=won, reached=day[0], changed=tuple(changed), bought=bought, first_roll=tuple(first),
                      scored=tuple(scored), score=scoring)

    while True:
        step = day[0]
        rolled = rng.randint(1, 6)
        _, (_, face) = solver.set_challenge(day, rolled)
        if face != rolled:
            changed.append(step)
        t = solver.morning(day, rolled, face)
        opened = False                  # has today's first roll been made
        while True:
            _, (kind, _) = max(solver.turn_options(t))
            if kind == "fail":
                return played(False)
            if kind in ("add", "buy"):
                if kind == "buy":
                    bought, scoring = bought + 1, max(scoring - 1, 0)
                t = solver.added(t) if kind == "add" else solver.claimed(t)
                continue
            if not opened:
                first.append(t[3])
                opened = True
            least = solver.least_pips(step, t[2], tuple(sorted(rng.randint(1, 6) for _ in range(t[3]))))
            _, (kind, used) = solver.after_roll(t, least)
            if kind == "fail":
                if not solver.reserve(t):
                    return played(False)
                t, scoring = solver.punish(t), max(scoring - 1, 0)
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
