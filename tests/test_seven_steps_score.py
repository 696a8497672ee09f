"""Seven Steps' best play for the score, against a second route written here: a plain recursion
over every state of a small climb, its rules and its pip costs worked out apart from the solver,
which must give the same expected score and the same chance of each score (ties broken in the
order the report states); and climbs that follow the solver's policy, which must score as it says."""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

import pytest

from pnp.analysis.seven_steps_optimal import Climb, Goal, OptimalClimb
from pnp.analysis.seven_steps_play import simulate_optimal
from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.games.seven_steps import FILE, Gamesheet
from pnp.source.gamesource import read_game
from pnp.source.icons import IconStore
from pnp.source.models import load_file

TIE = 1e-12
SHEET = load_file(
    read_game("seven-steps", shipped_layouts_dir() / "seven-steps"), FILE, Gamesheet, IconStore(shipped_icons_dir())
)
TERRACES = {t.name: t.played("ours")[1] for t in SHEET.terraces}


@cache
def pips_between(a: int, b: int) -> int:
    """Virgil pips from face a to face b: each pip adds 1, takes 1 or turns the die over."""
    frontier, seen, cost = {a}, {a}, 0
    while b not in frontier:
        frontier = {n for f in frontier for n in (f + 1, f - 1, 7 - f) if 1 <= n <= 6} - seen
        seen |= frontier
        cost += 1
    return cost


def first_best(options):
    """`preferred` written again: the first option whose score is within TIE of the best."""
    top = max(value[0] for value in options)
    return next(value for value in options if value[0] >= top - TIE)


def recursion(tests, *, pool: int, spares: int, pips: int, more: int, at_least: tuple[int, ...], win: bool = False):
    """The value (expected score, win chance, chance of at least each score) of the best play for
    the score from the start of a climb, by recursion over explicit states; with `win`, the win
    chance of the best play for the win, alone."""
    last = len(tests) - 1
    zero = (0.0,) if win else (0.0,) * (2 + len(at_least))

    @cache
    def need(step: int, challenge: int, faces: tuple[int, ...], used: int) -> int:
        """Fewest pips with which some `used` of the rolled faces meet the challenge."""
        best = 99
        for chosen in combinations(faces, used):
            for target in product(range(1, 7), repeat=used):
                if tests[step].met(sum(target), challenge):
                    best = min(best, sum(pips_between(a, b) for a, b in zip(chosen, target, strict=True)))
        return best

    @cache
    def day(step, pool, moon, ready, claim, scored, spare):
        total = [0.0] * len(zero)
        for rolled in range(1, 7):
            faces = sorted((pips_between(rolled, f), f) for f in range(1, 7) if pips_between(rolled, f) <= ready)
            value = first_best(
                [turn(step, moon, f, 0, pool, 0, ready - cost, claim, scored, spare) for cost, f in faces]
            )
            total = [t + v / 6 for t, v in zip(total, value, strict=True)]
        return tuple(total)

    def take(scored, spare):
        return (scored - 1, spare) if scored else (scored, spare - 1)

    @cache
    def turn(step, moon, c, active, pool, sun, ready, claim, scored, spare):
        """Before a roll; until the day's first roll (nothing punished yet) the challenge die may
        still be changed, for pips ready, one claimed today among them: "Note: you may not alter
        the challenge die after rolling from your dice pool that turn." Of equals: keep it, then
        the fewest pips, then the lowest face."""
        kept = keep(step, moon, c, active, pool, sun, ready, claim, scored, spare)
        if sun:
            return kept
        changes = sorted((pips_between(c, f), f) for f in range(1, 7) if f != c and pips_between(c, f) <= ready)
        return first_best(
            [kept] + [keep(step, moon, f, active, pool, sun, ready - cost, claim, scored, spare) for cost, f in changes]
        )

    @cache
    def keep(step, moon, c, active, pool, sun, ready, claim, scored, spare):
        options = []
        if active:
            options.append(rolled(step, moon, c, active, pool, sun, ready, claim, scored, spare))
        if pool:
            options.append(turn(step, moon, c, active + 1, pool - 1, sun, ready, claim, scored, spare))
        if claim and scored + spare:
            options.append(turn(step, moon, c, active + 1, pool, sun, ready + 1, claim - 1, *take(scored, spare)))
        return first_best(options) if options else zero

    @cache
    def rolled(step, moon, c, active, pool, sun, ready, claim, scored, spare):
        total = [0.0] * len(zero)
        for faces in product(range(1, 7), repeat=active):
            faces = tuple(sorted(faces))
            needs = [need(step, c, faces, u) for u in range(1, active + 1)]
            ways = sorted((n, -u) for u, n in enumerate(needs, start=1) if n <= ready)
            options = []
            for n, minus in ways:
                u = -minus
                if step == last:
                    score = scored + u
                    options.append((1.0,) if win else (float(score), 1.0, *(float(score >= t) for t in at_least)))
                else:
                    options.append(day(step + 1, pool + moon, sun + active - u, ready - n, claim, scored + u, spare))
            if 0 not in needs:
                options.append(
                    turn(step, moon, c, active, pool, sun + 1, ready, claim, *take(scored, spare))
                    if scored + spare
                    else zero
                )
            value = first_best(options)
            total = [t + v / 6**active for t, v in zip(total, value, strict=True)]
        return tuple(total)

    return day(0, pool, 0, pips, more, 0, spares)


@pytest.mark.parametrize(
    "names, pool, spares, pips, more",
    [(("PRIDE", "ENVY"), 3, 1, 1, 1), (("SLOTH", "LUST"), 2, 2, 0, 1), (("WRATH",), 3, 1, 2, 0)],
)
def test_the_score_play_matches_a_plain_recursion(names, pool, spares, pips, more):
    tests = tuple(TERRACES[name] for name in names)
    at_least = (3, 2)
    solver = OptimalClimb(
        Climb(tests=tests, pool=pool, spares=spares, pips=pips, more_pips=more), Goal(score=True, at_least=at_least)
    )
    apart = recursion(tests, pool=pool, spares=spares, pips=pips, more=more, at_least=at_least)
    assert solver.values() == pytest.approx(apart, abs=1e-9)
    assert 0 < apart[1] < 1 or apart[1] == pytest.approx(1)


def test_climbs_that_follow_the_score_play_score_as_it_says():
    tests = (TERRACES["PRIDE"], TERRACES["SLOTH"], TERRACES["LUST"])
    solver = OptimalClimb(Climb(tests=tests, pool=4, spares=1, pips=1, more_pips=1), Goal(score=True, at_least=(4,)))
    mean, win, four = solver.values()
    games = simulate_optimal(solver, 4000, 11)
    kept = [g.score if g.won else 0 for g in games]
    average = sum(kept) / len(kept)
    spread = (sum((k - average) ** 2 for k in kept) / (len(kept) - 1) / len(kept)) ** 0.5
    assert abs(average - mean) < 4 * spread
    share = sum(g.won and g.score >= 4 for g in games) / len(games)
    assert abs(share - four) < 4 * (four * (1 - four) / len(games)) ** 0.5 + 1e-9
    assert 0.05 < four < 0.95 and win > four


@pytest.mark.parametrize(
    "names, pool, spares, pips, more",
    [(("SLOTH", "LUST"), 2, 2, 0, 1), (("GLUTTONY", "WRATH"), 2, 2, 0, 2), (("PRIDE", "SLOTH", "LUST"), 3, 1, 1, 1)],
)
def test_the_win_play_changes_the_challenge_die_with_a_pip_claimed_that_day(names, pool, spares, pips, more):
    """ "You may, before any roll, elect to take a die as punishment in order to receive a 'Virgil
    pip'" and "you may not alter the challenge die after rolling": a pip claimed before the day's
    first roll may still change the challenge die. The best play for the win weighs that move, as
    the recursion here does; with no pip ready at the start, only such a pip can change the die."""
    tests = tuple(TERRACES[name] for name in names)
    solver = OptimalClimb(Climb(tests=tests, pool=pool, spares=spares, pips=pips, more_pips=more))
    apart = recursion(tests, pool=pool, spares=spares, pips=pips, more=more, at_least=(), win=True)
    assert solver.win_chance() == pytest.approx(apart[0], abs=1e-12)
    games = simulate_optimal(solver, 2000, 5)
    assert any(g.changed for g in games) or pips == 0


@pytest.mark.parametrize(
    "names, pool, spares, pips, more",
    [(("SLOTH", "LUST"), 2, 2, 0, 1), (("GLUTTONY", "WRATH"), 2, 2, 0, 2), (("PRIDE", "SLOTH", "LUST"), 3, 1, 1, 1)],
)
def test_the_loss_route_agrees_with_the_plain_recursion(loss_route, names, pool, spares, pips, more):
    """The compiled least-loss route, which the report's full-climb figure is checked against, is
    first checked here against the recursion over explicit states on climbs small enough for it."""
    tests = tuple(TERRACES[name] for name in names)
    apart = recursion(tests, pool=pool, spares=spares, pips=pips, more=more, at_least=(), win=True)
    loss = loss_route.loss(Climb(tests=tests, pool=pool, spares=spares, pips=pips, more_pips=more))
    assert 1 - loss == pytest.approx(apart[0], abs=1e-12)
