"""Seven Steps: the exact odds of each terrace for every pool size and challenge die, and a seeded
simulation of whole games under a stated strategy."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from pnp.analysis.dice import rolls, subset_sums
from pnp.analysis.model import Cell, Figure, GameReport, Plot, Section, Table
from pnp.games.seven_steps import FILE, Gamesheet, Terrace, TerraceTest
from pnp.icons import IconStore
from pnp.layouts import load_file
from pnp.rules import RulesModel

GAMES = 100_000
SEED = 7
FIRST_ROLL = 2
STRATEGY = (f"Roll {FIRST_ROLL} dice from the pool (fewer if fewer are left); after a failed roll, take the "
            "punishment die, add one more die from the pool if there is one, and roll all the activated "
            "dice again. On a success, score the largest selection of dice that meets the challenge. "
            "A failed roll that one Virgil pip can save (+1, -1 or a flip on one die) spends the pip; "
            "no pips are bought.")


def p_meets(test: TerraceTest, dice: int, challenge: int) -> Fraction:
    """Exactly: the chance that some selection of `dice` rolled dice meets the challenge."""
    return sum((weight for faces, weight in rolls(dice)
                if any(test.met(total, challenge) for total in subset_sums(faces))), Fraction(0))


def analyse(folder: Path, store: IconStore, rules: RulesModel) -> GameReport:
    sheet = load_file(folder / FILE, Gamesheet, store)
    facts = rules.facts
    pool = facts.get("pool_dice", 7)
    terraces = sorted(sheet.terraces, key=lambda t: t.step)
    tables: list[Table] = []
    average: dict[str, list[float]] = {}
    for terrace in terraces:
        rows: list[list[Cell]] = []
        for k in range(1, pool + 1):
            odds = [p_meets(terrace.test, k, c) for c in range(1, 7)]
            mean = sum(odds, Fraction(0)) / 6
            average.setdefault(terrace.name, []).append(float(mean))
            rows.append([str(k)] + [Figure(key=f"odds.{terrace.name}.k{k}.c{c}", label=f"{terrace.name}, {k} dice, "
                                           f"challenge {c}", value=float(p), style="percent", digits=1)
                                    for c, p in enumerate(odds, start=1)]
                        + [Figure(key=f"odds.{terrace.name}.k{k}.mean", label=f"{terrace.name}, {k} dice",
                                  value=float(mean), style="percent", digits=1)])
        words = terrace.test.words(terrace.challenge, f"seven-steps/{FILE}:terraces[{terrace.step - 1}].challenge")
        tables.append(Table(title=f"{terrace.step} {terrace.name}: {words}",
                            columns=["pool dice rolled"] + [f"challenge {c}" for c in range(1, 7)] + ["any challenge"],
                            rows=rows))
    exact = Section(title="Each terrace, exactly",
                    text=["The chance that some selection of the rolled dice (one die or several) meets the "
                          "terrace's challenge, enumerated over every roll: no sampling."],
                    tables=tables,
                    plots=[Plot(key="seven-steps-terraces", title="Chance to pass a terrace in one roll",
                                kind="line", x=list(range(1, pool + 1)), series=average,
                                xlabel="pool dice rolled", ylabel="chance (any challenge die)", percent=True)])
    result = simulate(terraces, facts, GAMES, SEED)
    ranks = [band.name for band in sheet.ranks.bands]
    reached = [Figure(key=f"sim.reach.{t.name}", label=f"reach {t.step} {t.name}", value=result["reach"][i] / GAMES,
                      style="percent", digits=1) for i, t in enumerate(terraces)]
    win = Figure(key="sim.win", label="win (pass the seventh terrace)", value=result["wins"] / GAMES,
                 style="percent", digits=1)
    rank_figures = []
    for band in sheet.ranks.bands:
        count = sum(n for score, n in result["scores"].items()
                    if score >= band.min and (band.max is None or score <= band.max))
        rank_figures.append(Figure(key=f"sim.rank.{band.name}", label=band.name, value=count / GAMES,
                                   style="percent", digits=1))
    simulation = Section(
        title=f"{GAMES:,} simulated games",
        text=[f"Strategy: {STRATEGY}", f"Seed {SEED}; the figures repeat exactly from run to run."],
        figures=[*reached, win, *rank_figures],
        plots=[Plot(key="seven-steps-reach", title="How far the climb gets", kind="bar",
                    x=[t.name for t in terraces] + ["won"],
                    series={"share of games": [f.value for f in reached] + [win.value]},
                    xlabel="terrace", ylabel="share of games", percent=True),
               Plot(key="seven-steps-ranks", title="Ranks of the games won", kind="bar", x=ranks,
                    series={"share of all games": [f.value for f in rank_figures]},
                    xlabel="rank", ylabel="share of all games", percent=True)])
    return GameReport(
        game="seven-steps", title="Seven Steps", sections=[exact, simulation], headline=[win, *rank_figures]
    )


def simulate(terraces: list[Terrace], facts: dict[str, int], games: int, seed: int) -> dict[str, Any]:
    """Whole games under STRATEGY; returns how many reached each terrace, won, and each score."""
    rng = random.Random(seed)
    tests = [t.test for t in terraces]

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
            challenge = rng.randint(1, 6)
            active = min(pool, FIRST_ROLL)
            pool -= active
            while True:
                faces = tuple(sorted(rng.randint(1, 6) for _ in range(active)))
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
