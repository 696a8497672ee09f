"""I'm going Straight to ...: the Soul deck, how many group battles a climb takes (simulated with
equal players), and how the Combat Power supply grows with the table."""

from __future__ import annotations

import random
from fractions import Fraction
from statistics import mean, median

from pnp.analysis.dice import sum_distribution
from pnp.analysis.report import Cell, Figure, GameReport, Plot, Section, Table, figure
from pnp.games.straight_to import load
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.rules import RulesModel

GAMES = 1_000
SEED = 15
ROUND_CAP = 5_000
MODEL = ("Equal players: the same Power and Combat Power, so every group battle is won by the highest 2d6 "
         "(a tie for the highest is a draw and nobody takes the soul); no attacks, no bids. The winner takes "
         "the top card of the shuffled Soul deck; souls are spent at the start of the next round (two matching "
         "move the pawn a space, four opposite push it back) and go to the discard pile, which is shuffled into "
         "a new draw pile when the pile runs out. Half the table heads for Heaven, half for Hell.")


def p_single_winner(players: int) -> Fraction:
    """Exactly: the chance that one player alone rolls the highest 2d6 (the battle is not a draw)."""
    dist = sum_distribution(2)
    below = Fraction(0)
    out = Fraction(0)
    for p in dist:
        out += players * p * below ** (players - 1)
        below += p
    return out


def analyse(source: GameSource, store: IconStore, rules: RulesModel) -> GameReport:
    data = load(source, store)
    good = sum(s.count for s in data.souls if s.type == "good")
    evil = sum(s.count for s in data.souls if s.type == "evil")
    deck_rows: list[list[Cell]] = [[s.name, s.type, Figure(key=f"deck.{s.name}", label=f"{s.name} cards",
                                                           value=s.count, style="count")] for s in data.souls]
    deck_rows.append(["all Good", "good", Figure(key="deck.good", label="Good souls", value=good, style="count")])
    deck_rows.append(["all Evil", "evil", Figure(key="deck.evil", label="Evil souls", value=evil, style="count")])
    deck = Section(title="The Soul deck", text=["Drawn face down, so every card shares one back."],
                   tables=[Table(title="Designs", columns=["soul", "type", "cards"], rows=deck_rows)])
    f = rules.facts
    steps, enter = f.get("track_spaces_per_path", 15), f.get("souls_to_enter", 4)
    per_step, back = f.get("souls_per_step", 2), f.get("opposite_souls_back", 4)
    needed = steps * per_step + enter
    low, high = rules.players.min, min(rules.players.max or 6, 6)
    rng = random.Random(SEED)
    rows: list[list[Cell]] = []
    series_first: list[float] = []
    souls = [True] * good + [False] * evil           # the deck, True for Good; each climb shuffles a copy
    for n in range(low, high + 1):
        decided = float(p_single_winner(n))
        rounds, wins = [], []
        for _ in range(GAMES):
            r, w = climb(n, rng, decided, souls, steps, enter, per_step, back)
            rounds.append(r)
            wins.append(w)
        rows.append([str(n),
                     Figure(key=f"battle.decided.p{n}", label=f"battles with a winner, {n} players", value=decided,
                            style="percent", digits=1),
                     Figure(key=f"battle.rounds.p{n}", label=f"group battles until someone arrives, {n} players "
                            "(median)", value=median(rounds), digits=0),
                     Figure(key=f"battle.won.p{n}", label=f"souls the winner took, {n} players (mean)",
                            value=mean(wins), digits=1)])
        series_first.append(float(median(rounds)))
    battles = Section(
        title=f"Group battles to reach a destination ({GAMES:,} simulated games per table size)",
        text=[f"A climb needs {needed} matching souls from LIMBO: {per_step} for each of the {steps} spaces "
              f"and {enter} to enter the destination; every {back} opposite souls push the pawn one space back.",
              f"Model: {MODEL}", f"Seed {SEED}."],
        figures=[Figure(key="souls.needed", label="matching souls for a climb from LIMBO", value=needed,
                        style="count")],
        tables=[Table(title="Rounds of play (one group battle each)", columns=["players", "battles with a winner",
                                                                                "battles until someone arrives",
                                                                                "souls the winner took"], rows=rows)],
        plots=[Plot(key="straight-to-battles", title="Group battles until the first pawn arrives", kind="bar",
                    x=[str(n) for n in range(low, high + 1)], series={"median battles": series_first},
                    xlabel="players", ylabel="group battles")])
    spec = rules.components["combat-power"]
    top = rules.players.max or 10
    per_player = [Figure(key=f"cp.each.p{n}", label=f"Combat Power per player, {n} players",
                         value=spec.expected(n) / n, digits=1) for n in range(low, top + 1)]
    cp_rows: list[list[Cell]] = [[str(n), Figure(key=f"cp.p{n}", label=f"Combat Power tokens, {n} players",
                                                 value=spec.expected(n), style="count"), each]
                                 for n, each in zip(range(low, top + 1), per_player, strict=True)]
    supply = Section(
        title="The Combat Power supply",
        text=[f"The rules: {spec.describe()}."],
        tables=[Table(title="Tokens by table size", columns=["players", "tokens", "per player"], rows=cp_rows)],
        plots=[
            Plot(
                key="straight-to-combat-power",
                title="Combat Power per player",
                kind="line",
                x=list(range(low, top + 1)),
                series={"tokens per player": [each.value for each in per_player]},
                xlabel="players",
                ylabel="tokens per player",
            )
        ],
    )
    return GameReport(
        game="straight-to",
        title=rules.game.title,
        sections=[deck, battles, supply],
        headline=[battles.figures[0], figure(rows[-1][2])],
    )


def climb(
    players: int, rng: random.Random, decided: float, deck: list[bool], steps: int, enter: int, per_step: int, back: int
) -> tuple[int, int]:
    """One game: rounds until a pawn enters its destination, and how many souls that player took.
    `deck` holds each Soul card (True: Good); spent souls are discarded and reshuffled when the pile is
    empty. The piles are kept as counts: the next card of a shuffled pile is any card left in it with
    equal chance. Only the last battle's winner holds anything new, so only that player's individual
    turn can move a pawn."""
    heaven = [i % 2 == 0 for i in range(players)]
    pile = {True: sum(deck), False: len(deck) - sum(deck)}   # the draw pile: Good (True) and Evil cards
    spent = {True: 0, False: 0}                              # the discard pile
    matching, opposite, place, taken = [0] * players, [0] * players, [0] * players, [0] * players
    who = -1                                                 # the last battle's winner
    for round_ in range(1, ROUND_CAP + 1):
        if who >= 0:                                         # that player's individual turn: spend souls
            while opposite[who] >= back:
                opposite[who] -= back
                spent[not heaven[who]] += back
                place[who] = max(0, place[who] - 1)
            while place[who] < steps and matching[who] >= per_step:
                matching[who] -= per_step
                spent[heaven[who]] += per_step
                place[who] += 1
            if place[who] == steps and matching[who] >= enter:
                return round_, taken[who]
        who = -1
        if rng.random() >= decided:
            continue  # a tie for the highest: a draw
        if not pile[True] + pile[False]:
            pile, spent = spent, {True: 0, False: 0}
        if not pile[True] + pile[False]:
            continue  # every soul is held: nothing to take
        who = rng.randrange(players)
        taken[who] += 1
        drew_good = rng.randrange(pile[True] + pile[False]) < pile[True]
        pile[drew_good] -= 1
        if drew_good == heaven[who]:
            matching[who] += 1
        else:
            opposite[who] += 1
    return ROUND_CAP, max(taken)
