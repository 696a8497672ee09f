"""Particle Panic: the cards on each space after the deal, the chance to neutralise a particle,
and how fast particles fill the board, all exact."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from pnp.analysis.dice import sum_distribution
from pnp.analysis.report import Cell, Figure, GameReport, Plot, Section, Table, figure
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.rules import RulesModel


def turns_to_fill(room: int) -> Fraction:
    """Expected number of emergence rolls (a d6 each) until more than `room` particles have emerged:
    E[t] for the first t with d1 + ... + dt > room, by the renewal recursion E(r) = 1 + mean E(r - d)."""
    expected = [Fraction(0)] * (room + 1)
    for r in range(room + 1):
        expected[r] = 1 + sum((expected[r - d] for d in range(1, 7) if r - d >= 0), Fraction(0)) / 6
    return expected[room]


def rounds_to_fill(room: int, players: int) -> Fraction:
    """Expected number of whole rounds (each player's turn, one emergence after each) until more than
    `room` particles have emerged: E[ceil(T / players)] = sum over r of P(T > players * r), and
    T > k exactly when the first k rolls total at most `room`."""
    total, r = Fraction(0), 0
    while players * r <= room:
        total += sum(sum_distribution(players * r)[: room + 1], Fraction(0))
        r += 1
    return total


def analyse(source: GameSource, store: IconStore, rules: RulesModel) -> GameReport:
    neutral, neutral_rows = _neutralise_section(rules.facts)
    emerge = _emerge_section(rules)
    return GameReport(
        game="particle-panic",
        title=rules.game.title,
        sections=[_cards_section(rules), neutral, emerge],
        headline=[figure(neutral_rows[0][1]), emerge.figures[0]],
    )


def _players(rules: RulesModel) -> range:
    return range(rules.players.min, (rules.players.max or rules.players.min + 3) + 1)


def _cards_section(rules: RulesModel) -> Section:
    """The cards left on the spaces after the deal, by player count."""
    f = rules.facts
    spaces, deck = f.get("spaces", 6), f.get("decks", 2) * f.get("cards_per_deck", 52)
    rows: list[list[Cell]] = []
    for n in _players(rules):
        left = deck - f.get("cards_dealt", 3) * n
        rows.append(
            [
                str(n),
                Figure(key=f"cards.left.p{n}", label=f"cards on the spaces, {n} players", value=left, style="count"),
                Figure(key=f"cards.space.p{n}", label=f"cards per space, {n} players", value=left / spaces, digits=1),
            ]
        )
    return Section(
        title="Cards after the deal",
        text=[
            f"{deck} cards; {f.get('cards_dealt', 3)} dealt to each player, the rest cut into {spaces} "
            "face-up stacks. A space that runs out of cards ends the game."
        ],
        tables=[Table(title="Cards on the board", columns=["players", "cards left", "per space"], rows=rows)],
    )


def _neutralise_section(f: Mapping[str, int]) -> tuple[Section, list[list[Cell]]]:
    """Neutralising one particle, plain and with each suit's help, for both group sizes."""
    neutral_rows: list[list[Cell]] = []
    series: dict[str, list[float]] = {}
    for label, start in (
        ("3 or 4 players", f.get("neutralise_from", 4)),
        (f"1 or {f.get('small_group', 2)} players", f.get("neutralise_from_small", 3)),
    ):
        p = Fraction(7 - start, 6)
        heart = 1 - (1 - p) ** 2
        club = min(Fraction(1), Fraction(8 - start, 6))
        cost = (1 - p) / p
        key = f"n{start}"
        figures = [
            Figure(
                key=f"neutralise.{key}", label=f"neutralise on {start}-6", value=float(p), style="percent", digits=1
            ),
            Figure(
                key=f"neutralise.{key}.heart",
                label="with a HEART reroll",
                value=float(heart),
                style="percent",
                digits=1,
            ),
            Figure(
                key=f"neutralise.{key}.club", label="with a CLUB (+1)", value=float(club), style="percent", digits=1
            ),
            Figure(
                key=f"neutralise.{key}.cost",
                label="hand limit lost per particle removed (mean)",
                value=float(cost),
                digits=2,
            ),
        ]
        series[f"{start}-6 ({label})"] = [figure.value for figure in figures[:3]]
        neutral_rows.append([f"{start}-6 ({label})", *figures])
    section = Section(
        title="Neutralising a particle, exactly",
        tables=[
            Table(
                title="One particle",
                columns=["roll needed", "plain", "HEART reroll", "CLUB +1", "hand limit lost"],
                rows=neutral_rows,
            )
        ],
        plots=[
            Plot(
                key="particle-neutralise",
                title="Chance to neutralise one particle",
                kind="bar",
                x=["plain", "HEART reroll", "CLUB +1"],
                series=series,
                xlabel="",
                ylabel="chance",
                percent=True,
            )
        ],
    )
    return section, neutral_rows


def _emerge_section(rules: RulesModel) -> Section:
    """How soon emerging particles fill the board if nothing is removed."""
    f = rules.facts
    capacity = f.get("spaces", 6) * f.get("particles_per_space", 6)
    room = capacity - f.get("starting_particles", 5)
    turns = turns_to_fill(room)
    fill_rows: list[list[Cell]] = []
    for n in _players(rules):
        fill_rows.append(
            [
                str(n),
                Figure(
                    key=f"fill.rounds.p{n}",
                    label=f"rounds until the board overflows, {n} players, nothing removed",
                    value=float(rounds_to_fill(room, n)),
                    digits=2,
                ),
            ]
        )
    return Section(
        title="Particles emerging",
        text=[
            f"One die of particles emerges after every turn (3.5 on average) onto a board that holds {capacity}; "
            f"{f.get('starting_particles', 5)} are there at the start."
        ],
        figures=[
            Figure(
                key="fill.turns",
                label="turns until the board overflows if nothing is removed",
                value=float(turns),
                digits=2,
            ),
            Figure(key="emerge.mean", label="particles emerging per turn (mean)", value=3.5, digits=1),
        ],
        tables=[Table(title="Rounds until overflow", columns=["players", "rounds"], rows=fill_rows)],
    )
