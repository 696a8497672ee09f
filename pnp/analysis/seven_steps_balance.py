"""Seven Steps: the exact odds of each terrace for every pool size and challenge die (under the
sheet's reading and the literal one), a seeded simulation of whole games under a simple stated
strategy, and the exact win chance under the best play with that policy's key decisions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from pnp.analysis.dice import rolls, subset_sums
from pnp.analysis.draws import roll
from pnp.analysis.report import Cell, Figure, GameReport, Plot, Section, Table
from pnp.analysis.seven_steps_optimal import COST, Climb, Goal, OptimalClimb
from pnp.analysis.seven_steps_play import simulate_optimal
from pnp.games.seven_steps import FILE, Band, Gamesheet, Terrace, TerraceTest
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.models import load_file
from pnp.source.rules import RulesModel

GAMES = 20_000
SEED = 7
OPTIMAL_GAMES = 2_000
FIRST_ROLL = 2
STRATEGY = (
    f"Roll {FIRST_ROLL} dice from the pool (fewer if fewer are left); after a failed roll, take the "
    "punishment die, add one more die from the pool if there is one, and roll all the activated "
    "dice again. On a success, score the largest selection of dice that meets the challenge. "
    f"A challenge die that {FIRST_ROLL} dice can never meet is changed first with the fewest pips "
    "that make it possible; a failed roll that one Virgil pip can save (+1, -1 or a flip on one die) "
    "spends the pip; no pips are bought."
)
OPTIMAL = (
    "The best play for the win, computed exactly over every state a climb can reach (terrace, "
    "challenge die, dice in the pool, rolled, in the sun, moon and reserve, pips ready and still to "
    "claim): how many dice to roll, when to claim a pip (its die joins the roll: our reading), when "
    "to change the challenge die (any time before the day's first roll, with a pip claimed that day "
    "too) or a rolled die, and which dice to score. Where choices are equally "
    "good for the win (within a millionth of a millionth), it keeps the challenge die or changes it for "
    "the fewest pips, rolls before activating or claiming more, and passes spending the fewest pips, "
    "then scoring the most dice. Many choices are such ties, so how many dice this play scores "
    "is set by that order, not by the game: its ranks are not reported; the best play for the score is."
)
SCORE = (
    "The best play for the score: the same states and choices, played to keep the most dice in the "
    "scoring area at the end (a lost climb keeps none), with the spare dice left counted apart (a "
    "punishment or a claimed pip takes a scored die first, a spare only when none is scored). Exact "
    "for every rank; ties follow the same order as the best play for the win."
)


def p_meets(test: TerraceTest, dice: int, challenge: int) -> Fraction:
    """Exactly: the chance that some selection of `dice` rolled dice meets the challenge."""
    meeting = {total for total in range(1, 6 * dice + 1) if test.met(total, challenge)}
    return Fraction(sum(ways for faces, ways in rolls(dice) if not meeting.isdisjoint(subset_sums(faces))), 6**dice)


def analyse(source: GameSource, store: IconStore, rules: RulesModel) -> GameReport:
    sheet = load_file(source, FILE, Gamesheet, store)
    facts = rules.facts
    pool = facts.get("pool_dice", 7)
    terraces = sorted(sheet.terraces, key=lambda t: t.step)
    other = "literal" if sheet.reading == "ours" else "ours"
    played = [t.played(sheet.reading) for t in terraces]
    exact = _exact_section(terraces, played, pool)
    unplayed = [t.played(other) for t in terraces]
    readings = [
        odds_table(
            f"{t.step} {t.name}, {other} reading: {test.words(text, f'seven-steps/{FILE}')}",
            f"{t.name}.{other}",
            test,
            pool,
            {},
        )
        for t, (text, test) in zip(terraces, unplayed, strict=True)
        if t.literal is not None
    ]
    tests = [test for _, test in played]
    other_tests = [test for _, test in unplayed]
    simulation, win = _simulation_section(sheet, tests, other_tests, facts, other)
    best = best_play(
        climb(tests, facts),
        [t.name for t in terraces],
        other_win=climb(other_tests, facts),
        reading=sheet.reading,
        other=other,
    )
    bands = sheet.ranks.bands
    scored = score_play(climb(tests, facts), bands, reading=sheet.reading)
    other_scored = score_play(climb(other_tests, facts), bands, reading=other)
    meaning = design_meaning(win, best.figures[0], scored, bands, reading=sheet.reading)
    return GameReport(
        game="seven-steps",
        title="Seven Steps",
        sections=[
            meaning,
            exact,
            Section(title=f"The {other} reading, exactly", tables=readings),
            simulation,
            best,
            scored,
            other_scored,
        ],
        headline=[win, best.figures[0], scored.figures[0], scored.figures[2]],
    )


def _exact_section(terraces: list[Terrace], played: list[tuple[str, TerraceTest]], pool: int) -> Section:
    """Each terrace's odds, enumerated over every roll of every pool size."""
    tables: list[Table] = []
    average: dict[str, list[float]] = {}
    for terrace, (text, test) in zip(terraces, played, strict=True):
        words = test.words(text, f"seven-steps/{FILE}:terraces[{terrace.step - 1}].challenge")
        tables.append(odds_table(f"{terrace.step} {terrace.name}: {words}", terrace.name, test, pool, average))
    return Section(
        title="Each terrace, exactly",
        text=[
            "The chance that some selection of the rolled dice (one die or several) meets the "
            "terrace's challenge, enumerated over every roll: no sampling."
        ],
        tables=tables,
        plots=[
            Plot(
                key="seven-steps-terraces",
                title="Chance to pass a terrace in one roll",
                kind="line",
                x=list(range(1, pool + 1)),
                series=average,
                xlabel="pool dice rolled",
                ylabel="chance (any challenge die)",
                percent=True,
            )
        ],
    )


def _simulation_section(
    sheet: Gamesheet, tests: list[TerraceTest], other_tests: list[TerraceTest], facts: dict[str, int], other: str
) -> tuple[Section, Figure]:
    """Seeded games of the simple strategy under both readings, with the share won."""
    terraces = sorted(sheet.terraces, key=lambda t: t.step)
    result = simulate(tests, facts, GAMES, SEED)
    other_result = simulate(other_tests, facts, GAMES, SEED)
    ranks = [band.name for band in sheet.ranks.bands]
    reached = [
        Figure(
            key=f"sim.reach.{t.name}",
            label=f"reach {t.step} {t.name}",
            value=result["reach"][i] / GAMES,
            style="percent",
            digits=1,
        )
        for i, t in enumerate(terraces)
    ]
    win = Figure(
        key="sim.win", label="win (pass the seventh terrace)", value=result["wins"] / GAMES, style="percent", digits=1
    )
    other_win = Figure(
        key=f"sim.win.{other}",
        label=f"win under the {other} reading",
        value=other_result["wins"] / GAMES,
        style="percent",
        digits=1,
    )
    rank_figures = []
    for band in sheet.ranks.bands:
        count = sum(n for score, n in result["scores"].items() if band.holds(score))
        rank_figures.append(
            Figure(
                key=f"sim.rank.{band.name}",
                label=f"{band.name} (simple strategy, of all games)",
                value=count / GAMES,
                style="percent",
                digits=1,
            )
        )
    section = Section(
        title=f"{GAMES:,} simulated games of a simple strategy",
        text=[
            f"Strategy: {STRATEGY}",
            f"Seed {SEED}; the figures repeat exactly from run to run.",
            f"The same games under the {other} reading of {', '.join(t.name for t in terraces if t.literal)}: "
            f"{other_win.shown()} won.",
        ],
        figures=[*reached, win, other_win, *rank_figures],
        plots=[
            Plot(
                key="seven-steps-reach",
                title="How far the climb gets",
                kind="bar",
                x=[t.name for t in terraces] + ["won"],
                series={"share of games": [f.value for f in reached] + [win.value]},
                xlabel="terrace",
                ylabel="share of games",
                percent=True,
            ),
            Plot(
                key="seven-steps-ranks",
                title="Ranks of the games won",
                kind="bar",
                x=ranks,
                series={"share of all games": [f.value for f in rank_figures]},
                xlabel="rank",
                ylabel="share of all games",
                percent=True,
            ),
        ],
    )
    return section, win


def odds_table(title: str, name: str, test: TerraceTest, pool: int, average: dict[str, list[float]]) -> Table:
    rows: list[list[Cell]] = []
    for k in range(1, pool + 1):
        odds = [p_meets(test, k, c) for c in range(1, 7)]
        mean = sum(odds, Fraction(0)) / 6
        average.setdefault(name, []).append(float(mean))
        rows.append(
            [str(k)]
            + [
                Figure(
                    key=f"odds.{name}.k{k}.c{c}",
                    label=f"{name}, {k} dice, challenge {c}",
                    value=float(p),
                    style="percent",
                    digits=1,
                )
                for c, p in enumerate(odds, start=1)
            ]
            + [
                Figure(
                    key=f"odds.{name}.k{k}.mean",
                    label=f"{name}, {k} dice",
                    value=float(mean),
                    style="percent",
                    digits=1,
                )
            ]
        )
    columns = ["pool dice rolled"] + [f"challenge {c}" for c in range(1, 7)] + ["any challenge"]
    return Table(title=title, columns=columns, rows=rows)


def climb(tests: list[TerraceTest], facts: dict[str, int]) -> Climb:
    ready = facts.get("virgil_pips_at_start", 3)
    return Climb(
        tests=tuple(tests),
        pool=facts.get("pool_dice", 7),
        spares=facts.get("spare_dice", 2),
        pips=ready,
        more_pips=facts.get("virgil_pips", 7) - ready,
    )


def lost_once_in(chance: float) -> str:
    """How rarely the best play loses, to the three figures it has: choices within a millionth of a
    millionth of the best count as ties, which can move a loss near one in a billion by 0.1%."""
    if chance >= 1:
        return "It never loses."
    return (
        f"Under it a climb is lost about once in {float(f'{1 / (1 - chance):.3g}'):,.0f} (to three "
        "significant figures: choices within a millionth of a millionth of the best count as ties)."
    )


def best_play(rules: Climb, names: list[str], *, other_win: Climb, reading: str, other: str) -> Section:
    """The optimal policy's exact win chance, checked by climbs that follow it, and what it does;
    and its win chance under the other reading."""
    solver = OptimalClimb(rules)
    chance = solver.win_chance()
    other_chance = OptimalClimb(other_win).win_chance()
    games = simulate_optimal(solver, OPTIMAL_GAMES, SEED)
    won = sum(g.won for g in games) / len(games)
    error = (won * (1 - won) / len(games)) ** 0.5
    rows: list[list[Cell]] = []
    for step, name in enumerate(names):
        there = [g for g in games if g.reached >= step]
        firsts = [g.first_roll[step] for g in there if len(g.first_roll) > step]
        scored = [g.scored[step] for g in there if len(g.scored) > step]
        rows.append(
            [
                name,
                Figure(
                    key=f"best.changed.{name}",
                    label=f"{name}: challenge die changed",
                    digits=1,
                    value=sum(step in g.changed for g in there) / max(len(there), 1),
                    style="percent",
                ),
                Figure(
                    key=f"best.first.{name}",
                    label=f"{name}: dice in the first roll (mean)",
                    digits=1,
                    value=sum(firsts) / max(len(firsts), 1),
                ),
                Figure(
                    key=f"best.scored.{name}",
                    label=f"{name}: dice scored (mean)",
                    digits=1,
                    value=sum(scored) / max(len(scored), 1),
                ),
            ]
        )
    return Section(
        title="The best play for the win",
        text=[
            OPTIMAL,
            lost_once_in(chance),
            f"A check: {len(games):,} climbs that follow this policy (seed {SEED}) won {100 * won:.2f}% "
            f"(standard error {100 * error:.2f} points).",
            f"Pips claimed per climb (mean): {sum(g.bought for g in games) / len(games):.1f}.",
        ],
        figures=[
            Figure(
                key="best.win",
                label=f"win under the best play, {reading} reading (exact)",
                value=chance,
                style="percent",
                digits=7,
            ),
            Figure(
                key=f"best.win.{other}",
                label=f"win under the best play, {other} reading (exact)",
                value=other_chance,
                style="percent",
                digits=7,
            ),
        ],
        tables=[
            Table(
                title="What the best play does on each terrace (climbs that reach it)",
                columns=["terrace", "challenge die changed", "dice in the first roll", "dice scored"],
                rows=rows,
            )
        ],
    )


def score_play(rules: Climb, bands: Sequence[Band], *, reading: str) -> Section:
    """The best play for the score, exactly: the dice it keeps on average, its win chance and the
    chance of each rank; checked by climbs that follow it."""
    solver = OptimalClimb(rules, Goal(score=True, at_least=tuple(band.min for band in bands)))
    mean, win, *at_least = solver.values()
    games = simulate_optimal(solver, OPTIMAL_GAMES, SEED)
    kept = [g.score if g.won else 0 for g in games]
    average = sum(kept) / len(kept)
    spread = (sum((k - average) ** 2 for k in kept) / max(len(kept) - 1, 1) / len(kept)) ** 0.5
    rank_figures = []
    for band, chance in zip(bands, at_least, strict=True):
        above = [c for b, c in zip(bands, at_least, strict=True) if band.max is not None and b.min == band.max + 1]
        rank_figures.append(
            Figure(
                key=f"score.{reading}.rank.{band.name}",
                label=f"{band.name} ({band.span} dice) under the best play for the score, {reading} reading (exact)",
                value=chance - (above[0] if above else 0.0),
                style="percent",
                digits=2,
            )
        )
    return Section(
        title=f"The best play for the score, {reading} reading",
        text=[
            SCORE,
            f"A check: {len(games):,} climbs that follow this policy (seed {SEED}) kept {average:.3f} dice on "
            f"average (standard error {spread:.3f}), {100 * sum(g.won for g in games) / len(games):.2f}% won.",
        ],
        figures=[
            Figure(
                key=f"score.{reading}.mean",
                label=f"dice kept under the best play for the score, {reading} reading (exact, mean)",
                value=mean,
                digits=3,
            ),
            Figure(
                key=f"score.{reading}.win",
                label=f"win under the best play for the score, {reading} reading (exact)",
                value=win,
                style="percent",
                digits=5,
            ),
            *rank_figures,
            Figure(
                key=f"score.{reading}.lost",
                label=f"lost under the best play for the score, {reading} reading",
                value=1 - win,
                style="percent",
                digits=5,
            ),
        ],
    )


def design_meaning(simple: Figure, best: Figure, scored: Section, bands: Sequence[Band], *, reading: str) -> Section:
    """The report's first lines: what best play means for a designer, in figures."""
    mean, _, top = scored.figures[0], scored.figures[1], scored.figures[2]
    return Section(
        title="What the best play means for the design",
        text=[
            f"The simple strategy below wins {simple.shown()}; played perfectly for the win, a climb wins "
            f"{best.shown()} ({reading} reading): the mountain is all but never lost by a careful player.",
            f"Played for the score instead, the best play keeps {mean.shown()} of the dice on average and "
            f"ends {bands[0].name} ({bands[0].span}) in {top.shown()} of climbs: the ranks barely separate a "
            "good player from a perfect one, so a designer who wants them to tell players apart must make "
            "the climb harder (fewer pips or spares, harder terraces) or the ranks steeper.",
        ],
    )


def simulate(tests: list[TerraceTest], facts: dict[str, int], games: int, seed: int) -> dict[str, Any]:
    """Whole games under STRATEGY; returns how many reached each terrace, won, and each score."""
    rng = random.Random(seed)

    @cache
    def best(step: int, challenge: int, faces: tuple[int, ...]) -> int:
        """The most dice a selection meeting the challenge can use (0: the roll fails)."""
        test, n, top = tests[step], len(faces), 0
        for mask in range(1, 1 << n):
            used = bin(mask).count("1")
            if used > top and test.met(sum(faces[i] for i in range(n) if mask >> i & 1), challenge):
                top = used
        return top

    @cache
    def saved(step: int, challenge: int, faces: tuple[int, ...]) -> int:
        """The most dice usable after one Virgil pip changes one die."""
        top = 0
        for i, face in enumerate(faces):
            for new in {face - 1, face + 1, 7 - face} - {0, 7}:
                changed = tuple(sorted((*faces[:i], new, *faces[i + 1 :])))
                top = max(top, best(step, challenge, changed))
        return top

    @cache
    def meetable(step: int, challenge: int) -> bool:
        return p_meets(tests[step], FIRST_ROLL, challenge) > 0

    reach = [0] * len(tests)
    wins = 0
    scores: dict[int, int] = {}
    for _ in range(games):
        pool, spares, scoring, sun, moon = facts.get("pool_dice", 7), facts.get("spare_dice", 2), 0, 0, 0
        pips = facts.get("virgil_pips_at_start", 3)
        won = True
        for step in range(len(tests)):
            reach[step] += 1
            if pool == 0:
                won = False
                break
            challenge = roll(rng, 1)[0]
            if not meetable(step, challenge):
                face = changed_challenge(tests[step], challenge, pips)
                pips -= COST[challenge, face]
                challenge = face
            active = min(pool, FIRST_ROLL)
            pool -= active
            while True:
                faces = roll(rng, active)
                used = best(step, challenge, faces)
                if not used and pips:
                    used = saved(step, challenge, faces)
                    pips -= 1 if used else 0
                if used:
                    scoring += used
                    sun += active - used
                    break
                if scoring:
                    scoring -= 1
                elif spares:
                    spares -= 1
                else:
                    won = False
                    break
                sun += 1
                if pool:
                    pool -= 1
                    active += 1
            if not won:
                break
            pool, moon, sun = pool + moon, sun, 0
        if won:
            wins += 1
            scores[scoring] = scores.get(scoring, 0) + 1
    return {"reach": reach, "wins": wins, "scores": scores}


@cache
def changed_challenge(test: TerraceTest, rolled: int, pips: int) -> int:
    """The challenge die a simple player sets when FIRST_ROLL dice can never meet the rolled one:
    the fewest pips that make it possible, the better odds on a tie (unchanged if none can)."""
    options = [
        (COST[rolled, face], -p_meets(test, FIRST_ROLL, face), face)
        for face in range(1, 7)
        if COST[rolled, face] <= pips and p_meets(test, FIRST_ROLL, face)
    ]
    return min(options)[2] if options else rolled
