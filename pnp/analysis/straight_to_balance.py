"""I'm going Straight to ...: the Soul deck, how many group battles a climb takes (simulated with
equal players), and how the Combat Power supply grows with the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from pnp.analysis.dice import sum_distribution
from pnp.analysis.report import Cell, Figure, GameReport, Plot, Section, Table, figure
from pnp.games.straight_to import load
from pnp.games.straight_to_data import StraightData
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.rules import RulesModel

GAMES = 1_000
SEED = 15
ROUND_CAP = 5_000
Counts = NDArray[np.int64]
MODEL = (
    "Equal players: the same Power and Combat Power, so every group battle is won by the highest 2d6 "
    "(a tie for the highest is a draw and nobody takes the soul); no attacks, no bids. The winner takes "
    "the top card of the shuffled Soul deck; souls are spent at the start of the next round (two matching "
    "move the pawn a space, four opposite push it back) and go to the discard pile, which is shuffled into "
    "a new draw pile when the pile runs out. Half the table heads for Heaven, half for Hell."
)


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
    battles, rows = _battles_section(data, rules)
    return GameReport(
        game="straight-to",
        title=rules.game.title,
        sections=[_deck_section(data), battles, _supply_section(rules)],
        headline=[battles.figures[0], figure(rows[-1][2])],
    )


def _deck_section(data: StraightData) -> Section:
    """The Soul deck's designs and its Good and Evil totals."""
    good = sum(s.count for s in data.souls if s.type == "good")
    evil = sum(s.count for s in data.souls if s.type == "evil")
    deck_rows: list[list[Cell]] = [
        [s.name, s.type, Figure(key=f"deck.{s.name}", label=f"{s.name} cards", value=s.count, style="count")]
        for s in data.souls
    ]
    deck_rows.append(["all Good", "good", Figure(key="deck.good", label="Good souls", value=good, style="count")])
    deck_rows.append(["all Evil", "evil", Figure(key="deck.evil", label="Evil souls", value=evil, style="count")])
    return Section(
        title="The Soul deck",
        text=["Drawn face down, so every card shares one back."],
        tables=[Table(title="Designs", columns=["soul", "type", "cards"], rows=deck_rows)],
    )


def _battles_section(data: StraightData, rules: RulesModel) -> tuple[Section, list[list[Cell]]]:
    """Simulated climbs by table size, with the table's rows (the headline takes the last)."""
    good = sum(s.count for s in data.souls if s.type == "good")
    evil = sum(s.count for s in data.souls if s.type == "evil")
    f = rules.facts
    steps, enter = f.get("track_spaces_per_path", 15), f.get("souls_to_enter", 4)
    per_step, back = f.get("souls_per_step", 2), f.get("opposite_souls_back", 4)
    needed = steps * per_step + enter
    low, high = rules.players.min, min(rules.players.max or 6, 6)
    track = ClimbNumbers(steps=steps, enter=enter, per_step=per_step, back=back)
    rng = np.random.default_rng(SEED)
    rows: list[list[Cell]] = []
    series_first: list[float] = []
    souls = [True] * good + [False] * evil  # the deck, True for Good
    for n in range(low, high + 1):
        decided = float(p_single_winner(n))
        rounds, wins = climbs(players=n, games=GAMES, rng=rng, decided=decided, deck=souls, track=track)
        median = float(np.median(rounds))
        rows.append(
            [
                str(n),
                Figure(
                    key=f"battle.decided.p{n}",
                    label=f"battles with a winner, {n} players",
                    value=decided,
                    style="percent",
                    digits=1,
                ),
                Figure(
                    key=f"battle.rounds.p{n}",
                    label=f"group battles until someone arrives, {n} players (median)",
                    value=median,
                    digits=0,
                ),
                Figure(
                    key=f"battle.won.p{n}",
                    label=f"souls the winner took, {n} players (mean)",
                    value=float(wins.mean()),
                    digits=1,
                ),
            ]
        )
        series_first.append(median)
    section = Section(
        title=f"Group battles to reach a destination ({GAMES:,} simulated games per table size)",
        text=[
            f"A climb needs {needed} matching souls from LIMBO: {per_step} for each of the {steps} spaces "
            f"and {enter} to enter the destination; every {back} opposite souls push the pawn one space back.",
            f"Model: {MODEL}",
            f"Seed {SEED}.",
        ],
        figures=[
            Figure(key="souls.needed", label="matching souls for a climb from LIMBO", value=needed, style="count")
        ],
        tables=[
            Table(
                title="Rounds of play (one group battle each)",
                columns=["players", "battles with a winner", "battles until someone arrives", "souls the winner took"],
                rows=rows,
            )
        ],
        plots=[
            Plot(
                key="straight-to-battles",
                title="Group battles until the first pawn arrives",
                kind="bar",
                x=[str(n) for n in range(low, high + 1)],
                series={"median battles": series_first},
                xlabel="players",
                ylabel="group battles",
            )
        ],
    )
    return section, rows


def _supply_section(rules: RulesModel) -> Section:
    """The Combat Power supply by table size, as we read the rule."""
    spec = rules.components["combat-power"]
    low, top = rules.players.min, rules.players.max or 10
    per_player = [
        Figure(key=f"cp.each.p{n}", label=f"Combat Power per player, {n} players", value=spec.expected(n) / n, digits=1)
        for n in range(low, top + 1)
    ]
    cp_rows: list[list[Cell]] = [
        [
            str(n),
            Figure(key=f"cp.p{n}", label=f"Combat Power tokens, {n} players", value=spec.expected(n), style="count"),
            each,
        ]
        for n, each in zip(range(low, top + 1), per_player, strict=True)
    ]
    return Section(
        title="The Combat Power supply",
        text=[
            f'Our reading of the rules ("for a six player game add 3 for each additional player"): {spec.describe()}.'
        ],
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


@dataclass(frozen=True, kw_only=True)
class ClimbNumbers:
    """The climb's numbers from the rules: spaces to the destination, matching souls a space and to
    enter, and opposite souls that push a pawn back a space."""

    steps: int
    enter: int
    per_step: int
    back: int


def climbs(
    *, players: int, games: int, rng: np.random.Generator, decided: float, deck: Sequence[bool], track: ClimbNumbers
) -> tuple[Counts, Counts]:
    """`games` games at once (numpy, one won battle of every game a pass): for each, the rounds
    until a pawn enters its destination and how many souls that player took (ROUND_CAP and the
    most any player took when no pawn arrives in time).

    `deck` holds each Soul card (True: Good); spent souls go to the discard pile, which becomes the
    draw pile when that runs out. The piles are kept as counts: the next card of a shuffled pile is
    any card left in it with equal chance. Only a battle's winner holds anything new, so only that
    player's individual turn, at the start of the next round, can move a pawn; the drawn battles in
    between change nothing, so their number is drawn at once (each battle has a winner with chance
    `decided`: the rounds to the next winner are geometric). A battle when every soul is held is
    won by nobody: by a stand-in player, seat `players`, who takes nothing."""
    seats = players + 1
    heaven = np.append(np.arange(players) % 2 == 0, False)
    good, evil = np.full(games, sum(deck)), np.full(games, len(deck) - sum(deck))  # the draw pile
    spent = np.zeros(games * 2, dtype=np.int64)  # the discard pile: [game * 2 + 1 for Good, + 0 for Evil]
    # each player's souls held, pawn and souls taken: [game * seats + seat]
    matching, opposite, place, taken = (np.zeros(games * seats, dtype=np.int64) for _ in range(4))
    rounds, souls = np.full(games, ROUND_CAP), np.zeros(games, dtype=np.int64)
    last = np.zeros(games, dtype=np.int64)  # the round of each game's last battle
    first = np.arange(games) * seats
    who = np.full(games, players)  # the winner of that battle
    seat, kinds = first + who, np.arange(games) * 2
    live = np.ones(games, dtype=bool)
    while live.any():
        own = kinds + heaven[who]  # the winner's individual turn: spend souls
        pushed = opposite[seat] // track.back
        opposite[seat] -= pushed * track.back
        spent[kinds + 1 - heaven[who]] += pushed * track.back
        at = np.maximum(0, place[seat] - pushed)
        moved = np.minimum(track.steps - at, matching[seat] // track.per_step)
        matching[seat] -= moved * track.per_step
        spent[own] += moved * track.per_step
        place[seat] = at = at + moved
        arrived = live & (last < ROUND_CAP) & (at == track.steps) & (matching[seat] >= track.enter)
        rounds[arrived] = last[arrived] + 1
        souls[arrived] = taken[seat[arrived]]
        last += rng.geometric(decided, games)  # the next battle with a winner
        ended = live & ~arrived & (last > ROUND_CAP)
        if ended.any():
            souls[ended] = taken.reshape(games, seats)[ended].max(axis=1)
        live &= ~arrived & ~ended
        empty = good + evil == 0  # reshuffle the discard pile into a new draw pile
        if empty.any():
            good[empty], evil[empty] = spent[kinds[empty] + 1], spent[kinds[empty]]
            spent[kinds[empty] + 1] = spent[kinds[empty]] = 0
        total = good + evil
        held = total == 0  # every soul is held: nobody takes one
        who = np.where(held, players, rng.integers(players, size=games))
        seat = first + who
        took = ~held
        taken[seat] += took
        drew = rng.random(games) * total < good
        good -= drew & took
        evil -= ~drew & took
        same = drew == heaven[who]
        matching[seat] += same & took
        opposite[seat] += ~same & took
    return rounds, souls
