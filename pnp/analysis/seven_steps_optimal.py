"""Seven Steps under the best play: the optimal policy for a goal (the win, or the dice scored),
found by dynamic programming over every state the rules allow, what it achieves exactly, and the
policy itself, so a seeded simulation can follow it.

The state of a climb is small: the terrace, the dice in the pool, in the moon and in reserve,
Virgil pips ready and pips still to claim; within a day also the (changed) challenge die, the
activated dice and the dice punished into the sun. Scored and spare dice are both only a source of
punishment dice, so for the win they are one number, the reserve; for the score the spares still
unused are a number of their own (a die is taken from the scoring area first, a spare only when
it is empty). Every state's value is computed with arrays (numpy), a terrace at a time from the
last; a value is a vector: the goal's, then the chance to win and the chance of each score the
goal measures, all under the goal's choices."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pnp.analysis.dice import rolls
from pnp.games.seven_steps import TerraceTest

FACES = range(1, 7)
NEVER = 99  # more pips than a climb ever holds: a result no pips can reach
TIE = 1e-12  # chances to win closer than this are equal (rounding in their sums is near 1e-15)


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


COST = MappingProxyType(pip_costs())


@dataclass(frozen=True, kw_only=True)
class Goal:
    """What the best play plays for: the chance to win, or the dice in the scoring area at the end
    (a loss scores nothing); and the scores whose chance (at least that many) is measured too."""

    score: bool = False
    at_least: tuple[int, ...] = ()

    @property
    def parts(self) -> int:
        """The length of a state's value: the goal, the win chance (when the goal is the score),
        and one chance per measured score."""
        return 1 + self.score + len(self.at_least)


WIN = Goal()


@dataclass(frozen=True, kw_only=True)
class Climb:
    """The numbers of one climb: the terraces' tests (in order) and the dice and pips of setup."""

    tests: tuple[TerraceTest, ...]
    pool: int
    spares: int
    pips: int
    more_pips: int


Day = tuple[int, int, int, int, int, int]
"""Where a day starts: (terrace, pool dice, moon dice, pips ready, pips still to claim, spares left);
the other dice are in reserve, the spares left among them."""

Turn = tuple[int, int, int, int, int, int, int, int, int]
"""Within a day, before a roll: (terrace, moon dice, challenge die as it stands, activated dice,
pool dice, dice punished into the sun, pips ready, pips still to claim, spares left); the rest are
in reserve."""

Action = tuple[str, int]  # ("set", face) | ("add", 0) | ("buy", 0) | ("roll", 0) | ("pass", dice used) | ("fail", 0)
CHANGES = tuple(tuple((COST[c, f], f) for f in sorted(FACES, key=lambda f: (COST[c, f], f)) if f != c) for c in FACES)
"""For each challenge die, the other faces it may be set to and their cost in pips, cheapest first."""
Needs = NDArray[np.int64]
Values = NDArray[np.float64]


@dataclass(frozen=True, kw_only=True)
class Offers:
    """The rolls of some number of dice grouped, for each challenge die, by the pips their
    selections of 1, 2, ... dice need: one row a group, with its challenge die (0-based), whether it
    can fail (no selection meets the challenge as it lies) and its chance. The groups come by
    challenge die: those of die c are rows ends[c] to ends[c + 1]."""

    needs: Needs
    challenge: Needs
    can_fail: NDArray[np.bool_]
    chance: Values  # [group]
    ends: tuple[int, ...]


class Rolls:
    """Every roll of up to `dice` dice as a sorted tuple, and for each terrace and challenge die the
    fewest pips with which some u of a roll's dice meet the challenge (u = 1 .. dice rolled)."""

    def __init__(self, tests: Sequence[TerraceTest], dice: int) -> None:
        self.faces = [[faces for faces, _ in rolls(n)] for n in range(dice + 1)]
        self.row = [{faces: i for i, faces in enumerate(rolled)} for rolled in self.faces]
        self.chance = [np.array([ways for _, ways in rolls(n)]) / 6**n for n in range(dice + 1)]
        reach = self._reach()
        smaller = [self._smaller(n) for n in range(2, dice + 1)]
        totals = range(6 * dice + 1)
        self.least = [
            [
                self._least(reach, smaller, np.array([t > 0 and test.met(t, challenge) for t in totals]))
                for challenge in FACES
            ]
            for test in tests
        ]

    def _reach(self) -> list[Needs]:
        """For every roll and total t, the fewest pips that make all its dice total t (NEVER if none):
        a roll is the roll without its last die, plus that die turned to some face."""
        cost = np.array([[COST[a, b] for b in FACES] for a in FACES], dtype=np.int64)
        out = [np.zeros((1, 1), dtype=np.int64)]
        for n in range(1, len(self.faces)):
            rolled = self.faces[n]
            fewer = out[-1][[self.row[n - 1][r[:-1]] for r in rolled]]
            last = np.array([r[-1] - 1 for r in rolled])
            here = np.full((len(rolled), 6 * n + 1), NEVER, dtype=np.int64)
            for face in FACES:
                span = slice(face, face + fewer.shape[1])
                here[:, span] = np.minimum(here[:, span], fewer + cost[last, face - 1][:, None])
            out.append(np.minimum(here, NEVER))
        return out

    def _smaller(self, n: int) -> Needs:
        """For each roll of n dice, the rolls of n - 1 left when one die is set aside (one per face
        shown), padded with the row past the last, which stands for none."""
        row = self.row[n - 1]
        out = np.full((len(self.faces[n]), 6), len(self.faces[n - 1]), dtype=np.int64)
        for i, faces in enumerate(self.faces[n]):
            for j, face in enumerate(sorted(set(faces))):
                k = faces.index(face)
                out[i, j] = row[faces[:k] + faces[k + 1 :]]
        return out

    def _least(self, reach: list[Needs], smaller: list[Needs], meets: NDArray[np.bool_]) -> list[Needs]:
        """All n dice meet the challenge at the fewest pips over the totals that meet it; fewer
        dice as well as the best roll with one die set aside."""
        out = [np.zeros((1, 0), dtype=np.int64)]
        for n in range(1, len(reach)):
            here = np.empty((len(self.faces[n]), n), dtype=np.int64)
            here[:, -1] = np.where(meets[: reach[n].shape[1]], reach[n], NEVER).min(axis=1)
            if n > 1:
                fewer = np.vstack([out[-1], np.full((1, n - 1), NEVER, dtype=np.int64)])
                here[:, :-1] = fewer[smaller[n - 2]].min(axis=1)
            out.append(here)
        return out

    def offers(self, step: int, dice: int, most: int) -> Offers:
        """The rolls of `dice` dice on this terrace, grouped; a need above `most` pips is out of reach."""
        needs, challenge, chance = [], [], []
        digits = (most + 2) ** np.arange(dice)
        for c in range(6):
            least = np.minimum(self.least[step][c][dice], most + 1)
            _, first, group = np.unique(least @ digits, return_index=True, return_inverse=True)
            rows = least[first]
            needs.append(rows)
            challenge.append(np.full(len(rows), c))
            chance.append(np.bincount(group.ravel(), weights=self.chance[dice], minlength=len(rows)))
        rows = np.vstack(needs)
        ends = (0, *itertools.accumulate(len(part) for part in needs))
        return Offers(
            needs=rows,
            challenge=np.concatenate(challenge),
            can_fail=~(rows == 0).any(axis=1),
            chance=np.concatenate(chance),
            ends=ends,
        )


class OptimalClimb:
    """The optimal policy of one climb for `goal`: the value of every state, all solved at once."""

    def __init__(self, climb: Climb, goal: Goal = WIN) -> None:
        self.climb, self.goal = climb, goal
        self.dice = n = climb.pool + climb.spares
        self.most = climb.pips + climb.more_pips
        self.last = len(climb.tests) - 1
        self.spares = climb.spares if goal.score or goal.at_least else 0  # tracked only where the score counts
        self.rolls = Rolls(climb.tests, n)
        places = [
            (m, a, p, s)
            for m in range(n + 1)
            for a in range(n + 1)
            for p in range(n + 1)
            for s in range(n + 1)
            if m + a + p + s <= n
        ]
        self.place = np.full((n + 2,) * 4, len(places), dtype=np.int64)  # -1 and n + 1 fall on no place
        for i, (m, a, p, s) in enumerate(places):
            self.place[m, a, p, s] = i
        tail = (self.most + 1, climb.more_pips + 1, self.spares + 1, goal.parts)
        shape = (len(places) + 1, 6, *tail)  # the last row: no place, all 0
        self.turns: list[Values] = [np.zeros(shape) for _ in climb.tests]
        self.rolled: list[Values] = [np.zeros(shape) for _ in climb.tests]
        self.days: list[Values] = [np.zeros((n + 1, n + 1, *tail)) for _ in climb.tests]
        for step in reversed(range(len(climb.tests))):
            self._solve_turns(step)
            self._solve_days(step)

    def start(self) -> Day:
        c = self.climb
        return (0, c.pool, 0, c.pips, c.more_pips, self.spares)

    def values(self) -> tuple[float, ...]:
        """The goal's value at the start, then the win chance (for the score) and each measured chance."""
        step, pool, moon, pips, claimable, spares = self.start()
        return tuple(float(v) for v in self.days[step][pool, moon, pips, claimable, spares])

    def win_chance(self) -> float:
        return self.values()[1 if self.goal.score else 0]

    def _solve_turns(self, step: int) -> None:
        """Every turn of this terrace's day, latest first: a turn leads only to turns with more dice
        activated or punished, and to the next terrace's days, already solved. A value is never below
        0, so a move that does not exist can count as 0."""
        n, turns = self.dice, self.turns[step]
        for active in range(n, -1, -1):
            offers = self.rolls.offers(step, active, self.most) if active else None
            for sun in range(n - active, -1, -1):
                room = n - active - sun
                moon, pool = np.array([(m, p) for m in range(room + 1) for p in range(room + 1 - m)]).T
                reserve = room - moon - pool
                added = turns[self.place[moon, active + 1, pool - 1, sun]]  # activate a pool die
                claimed = self._taken(turns[self.place[moon, active + 1, pool, sun]], reserve)
                bought = np.zeros_like(added)  # claim a pip for a reserve die
                bought[:, :, :-1, 1:] = claimed[:, :, 1:, :-1]
                here = self.place[moon, active, pool, sun]
                options = [added, bought]
                if offers is not None:
                    failed = self._taken(turns[self.place[moon, active, pool, sun + 1]], reserve)  # 0: none to punish
                    self.rolled[step][here] = roll = self._roll(step, active, sun, moon + pool, reserve, failed, offers)
                    options.insert(0, roll)
                turns[here] = choose(options)
                if sun == 0:
                    turns[here] = self._set_before_rolling(turns[here])

    def _set_before_rolling(self, values: Values) -> Values:
        """Before the day's first roll ("you may not alter the challenge die after rolling from your
        dice pool that turn") the challenge die may still be changed, with pips ready, a pip claimed
        this day among them: each face's turns against setting it to another for the pips that costs
        (of equals, keeping it, then the fewest pips, then the lowest face). Setting twice never
        beats setting once for the pips of both, so one change is weighed."""
        out = np.empty_like(values)
        for c in range(6):
            options = [values[:, c]]
            for k, face in CHANGES[c]:
                option = np.zeros_like(values[:, c])
                option[:, k:] = values[:, face - 1, : self.most + 1 - k]
                options.append(option)
            out[:, c] = choose(options)
        return out

    def _taken(self, values: Values, reserve: Needs) -> Values:
        """`values` of the turns after a die leaves the reserve (`reserve` dice before), for each
        number of spares left: the die comes from the scoring area, or a spare when none is scored."""
        if not self.spares:
            return values
        spare = np.zeros_like(values)
        spare[..., 1:, :] = values[..., :-1, :]
        unscored = reserve[:, None] == np.arange(self.spares + 1)[None, :]  # [place, spares left]
        return np.where(unscored[:, None, None, None, :, None], spare, values)

    def _won(self, active: int, reserve: Needs) -> Values:
        """The value of passing the last terrace with u = 1 .. active dice: [u, place, ready, claimable,
        spares left, part]; the score is the scored dice (the reserve less the spares left) and u."""
        u = np.arange(1, active + 1)[:, None, None]
        spares = np.arange(self.spares + 1)[None, None, :]
        score = final_score(reserve[None, :, None], spares, u)
        parts = ([score] if self.goal.score else []) + [np.ones_like(score)]
        parts += [score >= least for least in self.goal.at_least]
        stacked = np.stack([np.asarray(part, dtype=np.float64) for part in parts], axis=-1)
        return np.broadcast_to(
            stacked[:, :, None, None],
            (active, len(reserve), self.most + 1, self.climb.more_pips + 1, *stacked.shape[2:]),
        )

    def _roll(
        self, step: int, active: int, sun: int, pooled: Needs, reserve: Needs, failed: Values, offers: Offers
    ) -> Values:
        """Rolling the activated dice, for each place of the other dice: each group of rolls passes
        with its best selection within the pips ready (of equals, the one spending the fewest pips,
        then scoring the most dice), or fails (unless it meets the challenge as it lies)."""
        if step == self.last:
            after = self._won(active, reserve)
        else:  # after a pass with u dice the pool takes the moon's, the moon the rest
            after = self.days[step + 1][pooled[None, :], (sun + active - np.arange(1, active + 1))[:, None]]
        # passed[u - 1, pips spent, place, pips ready, ...]: a need past the pips (most + 1) passes nothing
        most = self.most
        passed = np.zeros((active, most + 2, *after.shape[1:]))
        for spent in range(most + 1):
            passed[:, spent, :, spent:] = after[:, :, : most + 1 - spent]
        groups = np.arange(len(offers.needs))
        order = np.lexsort((-np.arange(active)[None, :].repeat(len(groups), 0), offers.needs), axis=1)
        worst = failed.swapaxes(0, 1)[offers.challenge]  # [group, place, ...]
        worst *= offers.can_fail.reshape(-1, *([1] * (worst.ndim - 1)))
        # the choice is made on the goal alone; the parts of the chosen pass are gathered once
        # passed and worst as rows: [u - 1, spent] or group, then every state of the others (place, pips
        # ready, claimable, spares) in one axis, then the parts
        states = math.prod(passed.shape[2:-1])
        rows = passed[..., 0].reshape(-1, states)
        goals = [rows[order[:, r] * (most + 2) + offers.needs[groups, order[:, r]]] for r in range(active)]
        first = first_best([*goals, worst[..., 0].reshape(len(groups), states)])  # [group, state]
        used = np.take_along_axis(order, np.minimum(first, active - 1), axis=1)
        row = (used * (most + 2) + np.take_along_axis(offers.needs, used, axis=1)) * states + np.arange(states)
        best = passed.reshape(-1, passed.shape[-1])[row.ravel()].reshape(worst.shape)
        np.copyto(best, worst, where=(first == active).reshape(*worst.shape[:-1], 1))
        out: Values = np.zeros((best.shape[1], 6, *best.shape[2:]))
        for c in range(6):  # each challenge die's groups, weighed by their chances
            mine = slice(offers.ends[c], offers.ends[c + 1])
            out[:, c] = np.einsum("g,gp...->p...", offers.chance[mine], best[mine])
        return out

    def _solve_days(self, step: int) -> None:
        """Each day's start: the challenge die is rolled; the day's first turn weighs setting it to
        another face (`_set_before_rolling`), so a day is the mean of its six first turns."""
        n = self.dice
        mornings = self.turns[step][self.place[: n + 1, 0, : n + 1, 0]]  # [moon, pool, challenge, ready, ...]
        day = mornings.sum(axis=2) / 6
        self.days[step] = day.transpose(1, 0, *range(2, day.ndim))

    def day_value(self, day: Day) -> float:
        """The goal's value from the start of a day: the challenge die is rolled, then perhaps changed."""
        step, pool, moon, pips, claimable, spares = day
        return float(self.days[step][pool, moon, pips, claimable, spares, 0])

    def turn_value(self, t: Turn) -> float:
        return float(self.turns[t[0]][self.place[t[1], t[3], t[4], t[5]], t[2] - 1, t[6], t[7], t[8], 0])

    def roll_value(self, t: Turn) -> float:
        return float(self.rolled[t[0]][self.place[t[1], t[3], t[4], t[5]], t[2] - 1, t[6], t[7], t[8], 0])

    def least_pips(self, step: int, challenge: int, dice: tuple[int, ...]) -> tuple[int, ...]:
        """For u = 1 .. len(dice): the fewest pips with which some u of these dice meet the challenge."""
        n = len(dice)
        return tuple(int(x) for x in self.rolls.least[step][challenge - 1][n][self.rolls.row[n][dice]])

    def set_challenge(self, day: Day, rolled: int) -> tuple[float, Action]:
        """The face to set the rolled challenge die to; of equals, the one that costs the fewest pips."""
        faces = sorted((COST[rolled, face], face) for face in FACES if COST[rolled, face] <= day[3])
        return preferred([(self.turn_value(self.morning(day, rolled, face)), ("set", face)) for _, face in faces])

    @staticmethod
    def morning(day: Day, rolled: int, face: int) -> Turn:
        """The day's first turn once the rolled challenge die is set to `face` (paid in pips)."""
        step, pool, moon, pips, claimable, spares = day
        return (step, moon, face, 0, pool, 0, pips - COST[rolled, face], claimable, spares)

    def reserve(self, t: Turn) -> int:
        return self.dice - t[1] - t[3] - t[4] - t[5]

    def turn_options(self, t: Turn) -> list[tuple[float, Action]]:
        """Before a roll: roll the activated dice, activate one more pool die, or claim a pip for a
        die from reserve (our reading: that die joins the roll); of equals, in that order. Before
        the day's first roll (none punished yet), these against changing the challenge die."""
        kept = preferred(self._kept_options(t))
        if t[5]:
            return [kept]
        changes = [
            (preferred(self._kept_options(self.changed(t, face)))[0], ("set", face))
            for cost, face in CHANGES[t[2] - 1]
            if cost <= t[6]
        ]
        return [kept, *changes]

    def _kept_options(self, t: Turn) -> list[tuple[float, Action]]:
        """The moves that keep the challenge die as it stands."""
        active, pool, claimable = t[3], t[4], t[7]
        options: list[tuple[float, Action]] = []
        if active:
            options.append((self.roll_value(t), ("roll", 0)))
        if pool:
            options.append((self.turn_value(self.added(t)), ("add", 0)))
        if claimable and self.reserve(t):
            options.append((self.turn_value(self.claimed(t, self.reserve(t))), ("buy", 0)))
        return options or [(0.0, ("fail", 0))]  # no die to roll: the climb is lost

    def pass_value(self, t: Turn, used: int, spent: int) -> float:
        """The goal's value after passing with `used` dice, spending `spent` pips."""
        if t[0] != self.last:
            return self.day_value(self.next_day(t, used, spent))
        if not self.goal.score:
            return 1.0
        return float(final_score(self.reserve(t), t[8], used))

    def punished(self, t: Turn) -> float:
        return self.turn_value(self.punish(t, self.reserve(t))) if self.reserve(t) else 0.0

    # the moves of a day, for a climb that follows the policy
    @staticmethod
    def added(t: Turn) -> Turn:
        step, moon, c, active, pool, sun, pips, claimable, spares = t
        return (step, moon, c, active + 1, pool - 1, sun, pips, claimable, spares)

    @staticmethod
    def changed(t: Turn, face: int) -> Turn:
        """The challenge die set to `face` before the day's first roll, paid in pips ready."""
        step, moon, c, active, pool, sun, pips, claimable, spares = t
        return (step, moon, face, active, pool, sun, pips - COST[c, face], claimable, spares)

    @staticmethod
    def claimed(t: Turn, reserve: int) -> Turn:
        """A pip claimed: a die from the scoring area (else a spare, when none is scored) joins the roll."""
        step, moon, c, active, pool, sun, pips, claimable, spares = t
        return (step, moon, c, active + 1, pool, sun, pips + 1, claimable - 1, spares - (reserve == spares))

    @staticmethod
    def punish(t: Turn, reserve: int) -> Turn:
        """A failed roll: a die from the scoring area (else a spare) goes to the sun."""
        step, moon, c, active, pool, sun, pips, claimable, spares = t
        return (step, moon, c, active, pool, sun + 1, pips, claimable, spares - (reserve == spares))

    @staticmethod
    def next_day(t: Turn, used: int, spent: int) -> Day:
        """After a pass: the moon's dice return to the pool, the sun's and the unused go to the moon."""
        step, moon, _, active, pool, sun, pips, claimable, spares = t
        return (step + 1, pool + moon, sun + active - used, pips - spent, claimable, spares)

    def after_roll(self, t: Turn, least: tuple[int, ...]) -> tuple[float, Action]:
        """The best answer to a roll whose selections of u dice need least[u-1] pips to meet the
        challenge; of equals, the pass that spends the fewest pips and then scores the most dice."""
        ways = sorted((need, -used) for used, need in enumerate(least, start=1) if need <= t[6])
        options = [(self.pass_value(t, -minus, need), ("pass", -minus)) for need, minus in ways]
        if 0 not in least:  # a roll that meets the challenge as it lies is a success
            options.append((self.punished(t), ("fail", 0)))
        return preferred(options)


def final_score(reserve: Any, spares: Any, used: Any) -> Any:
    """Dice in the scoring area after the last pass: the reserve less the spares left (the scored
    dice), and those `used` for the pass; numbers or whole arrays of states alike."""
    return np.maximum(reserve - spares, 0) + used


def choose(options: Sequence[Values]) -> Values:
    """Of the options' values (listed in order of preference, each a vector in its last axis, the
    goal's first), at every state the first whose goal is the best within TIE: `preferred`, for
    whole arrays of states at once, so the other parts follow the same choices."""
    return pick([option[..., 0] for option in options], options)


def preferred(options: list[tuple[float, Action]]) -> tuple[float, Action]:
    """The first of the options (listed in order of preference) whose value is the best within
    TIE: a choice between equals then follows a stated preference, not rounding, so the report's
    account of what the best play does stays put when the arithmetic's order changes."""
    top = max(value for value, _ in options)
    return next(option for option in options if option[0] >= top - TIE)


def first_best(goals: Sequence[Values]) -> Needs:
    """At every state, the index of the first option whose goal is the best within TIE (the options
    are compared in place, latest first, so no stack of them all is made)."""
    top = goals[0].copy()
    for goal in goals[1:]:
        np.maximum(top, goal, out=top)
    top -= TIE
    first: Needs = np.zeros(top.shape, dtype=np.intp)
    for i in reversed(range(len(goals))):
        np.copyto(first, i, where=goals[i] >= top)
    return first


def pick(goals: Sequence[Values], options: Sequence[Values]) -> Values:
    first = first_best(goals)
    out = options[-1]
    for i in reversed(range(len(options) - 1)):
        out = np.where((first == i)[..., None], options[i], out)
    return out
