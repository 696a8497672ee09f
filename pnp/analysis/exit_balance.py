"""Exit from Purgatory: the draw pile and hands at each player count, and the exact odds of the
challenge roll and of the exit roll."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType

from pnp.analysis.dice import p_greater, sum_distribution
from pnp.analysis.report import Cell, Figure, GameReport, Plot, Section, Table, figure
from pnp.games.exit_from_purgatory import FILE, ExitData
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.models import load_file
from pnp.source.rules import RulesModel

ROLLS = MappingProxyType(
    {
        "dice": "The rule: one die plus one more die per Lantern laid, against one die plus one more die per apple "
        "token of the active player's, totals compared.",
        "single-die": "The author's suggested variant: one die plus the Lanterns laid, against one die plus the "
        "challenges done, a natural 6 succeeding whatever the totals.",
    }
)


def p_challenge(lanterns: int, against: int, rule: str) -> Fraction:
    """The chance an attempt ties or beats the left neighbour's roll. "dice", the rule: one die plus
    one more per Lantern laid against one die plus one more per apple token (`against`), totals
    compared. "single-die", the author's variant: one die plus the Lanterns against one die plus
    the challenges done (`against`), and a natural 6 succeeds whatever the totals."""
    if rule == "dice":
        return 1 - p_greater(1 + against, 1 + lanterns)
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a == 6 or a + lanterns >= b + against)
    return Fraction(wins, 36)


def analyse(source: GameSource, store: IconStore, rules: RulesModel) -> GameReport:
    data = load_file(source, FILE, ExitData, store)
    heaven = rules.facts.get("heaven_dice", 7)
    exit_roll, exit_rows = _exit_section(rules)
    mean = sum(s * p for s, p in enumerate(sum_distribution(heaven)))
    headline = [
        figure(exit_rows[-1][1]),
        figure(exit_rows[-1][2]),
        Figure(key="exit.heaven.mean", label=f"mean of {heaven} dice", value=float(mean), digits=1),
    ]
    sections = [_cards_section(data, rules), exit_roll, _challenge_section(data, rules.facts.get("challenges", 6))]
    return GameReport(game="exit-from-purgatory", title=rules.game.title, sections=sections, headline=headline)


def _cards_section(data: ExitData, rules: RulesModel) -> Section:
    """The draw pile after the deal, for five player counts from the least."""
    dealt = rules.facts.get("setup_cards_per_type", 2)
    low = rules.players.min
    counts = list(range(low, low + 5))
    rows: list[list[Cell]] = []
    for n in counts:
        row: list[Cell] = [str(n)]
        pile = 0
        for card in data.cards:
            total = rules.components[card.id].expected(n)
            left = total - dealt * n
            pile += left
            row.append(
                Figure(
                    key=f"pile.{card.id}.p{n}",
                    label=f"{card.name} cards left to draw, {n} players",
                    value=left,
                    style="count",
                )
            )
        row.append(Figure(key=f"pile.total.p{n}", label=f"draw pile, {n} players", value=pile, style="count"))
        row.append(
            Figure(
                key=f"pile.turns.p{n}",
                label=f"draws per player before the pile runs out, {n} players",
                value=pile / n,
                digits=1,
            )
        )
        rows.append(row)
    return Section(
        title="Cards at the start",
        text=[
            f"Each player is dealt {dealt} cards of each type; the rest form the draw pile, "
            "which only shrinks (cards are never discarded)."
        ],
        tables=[
            Table(
                title="Draw pile after the deal",
                columns=["players"] + [c.name for c in data.cards] + ["draw pile", "draws each"],
                rows=rows,
            )
        ],
    )


def _exit_section(rules: RulesModel) -> tuple[Section, list[list[Cell]]]:
    """The exit roll's exact odds by dice, with its table's rows (the headline takes the last)."""
    heaven, hell = rules.facts.get("heaven_dice", 7), rules.facts.get("hell_dice", 6)
    tokens = rules.facts.get("challenges", 6)
    exit_rows: list[list[Cell]] = []
    series: dict[str, list[float]] = {"Heaven": [], "Hell": []}
    for k in range(1, tokens + 1):
        up, down = p_greater(k, heaven), p_greater(k, hell)
        series["Heaven"].append(float(up))
        series["Hell"].append(float(down))
        exit_rows.append(
            [
                str(k),
                Figure(
                    key=f"exit.heaven.k{k}",
                    label=f"enter Heaven with {k} dice against {heaven}",
                    value=float(up),
                    style="percent",
                    digits=2,
                ),
                Figure(
                    key=f"exit.hell.k{k}",
                    label=f"enter Hell with {k} dice against {hell}",
                    value=float(down),
                    style="percent",
                    digits=2,
                ),
            ]
        )
    section = Section(
        title="The exit roll, exactly",
        text=[
            f"One die per matching token against the left neighbour's {heaven} dice (Heaven) or {hell} dice "
            "(Hell); the total must be strictly higher. Computed from the exact distributions of dice sums."
        ],
        tables=[
            Table(
                title="Chance to get out on one roll",
                columns=["your dice", f"Heaven (vs {heaven})", f"Hell (vs {hell})"],
                rows=exit_rows,
            )
        ],
        plots=[
            Plot(
                key="exit-roll",
                title="The exit roll",
                kind="line",
                x=list(range(1, tokens + 1)),
                series=series,
                xlabel="your dice (matching tokens)",
                ylabel="chance to get out",
                percent=True,
            )
        ],
    )
    return section, exit_rows


def _challenge_section(data: ExitData, tokens: int) -> Section:
    """The challenge roll as printed beside the other reading of it."""
    rule = data.roll.rule
    other = "single-die" if rule == "dice" else "dice"
    tables = [_challenge_table(rule, tokens, printed=True), _challenge_table(other, tokens, printed=False)]
    return Section(
        title="Attempting a challenge, exactly",
        text=[
            f"Printed and played: {ROLLS[rule]} Beside it, {ROLLS[other].lower()} A tie succeeds in both; "
            "the roll printed on the Lantern card and the aid is chosen in components.toml [roll]."
        ],
        tables=tables,
    )


def _challenge_table(rule: str, tokens: int, *, printed: bool) -> Table:
    """Success by Lanterns laid and the neighbour's count (apple tokens, or challenges done in the variant)."""
    against = "apple tokens" if rule == "dice" else "challenges done"
    prefix = "challenge" if printed else f"challenge.{rule}"
    rows: list[list[Cell]] = [
        [str(lanterns)]
        + [
            Figure(
                key=f"{prefix}.l{lanterns}.a{n}",
                label=f"challenge ({rule}) with {lanterns} Lanterns against {n} {against}",
                value=float(p_challenge(lanterns, n, rule)),
                style="percent",
                digits=1,
            )
            for n in range(tokens + 1)
        ]
        for lanterns in range(4)
    ]
    title = "Chance of success under the rule" if rule == "dice" else "Chance of success under the author's variant"
    where = " (printed as a variant on the rules sheet, not on the cards or aid)"
    return Table(
        title=title + ("" if printed else where),
        columns=["Lanterns laid"] + [f"{n} {against}" for n in range(tokens + 1)],
        rows=rows,
    )
