"""Punished: what each tier's checks ask of the stats a run has, what the cards change for good
and for a moment, how reachable the token rewards are, and the design-rule lint by card."""

from __future__ import annotations

import random
from collections import Counter
from statistics import median
from typing import Any

from pnp.analysis.draws import shuffled
from pnp.analysis.report import Cell, Figure, GameReport, Plot, Section, Table
from pnp.games.punished import Punished, invariants, load
from pnp.games.punished_data import GUARDIAN, Card, Check, Effect, TokenKind
from pnp.games.punished_lint import first_met, stat_value, token_share
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.rules import RulesModel

RUNS = 20_000
SEED = 3
STATS = ("MAW", "BONE", "ICHOR", "PAIN")
ICHOR = STATS.index("ICHOR")
Stats = tuple[int, ...]  # in the order of STATS
MODEL = (
    "A run plays the printed game with one stated policy. Setup as printed: deck I and deck II shuffled, "
    "deck III shuffled without its Guardians and one Guardian, drawn at random, beneath it (the others out). "
    "Each turn the top card goes to your hand while cards in hand and tokens are under the limit (BONE, "
    "never more than 3) and it is not the Guardian; otherwise it is flipped and faced. At the start of "
    "each encounter every card in hand whose ability only gains stats for good (Burn this card: +1# X) "
    "is played. Then cards in hand and tokens are played only to meet an earlier check than the stats "
    "meet alone, counting every boost an ability gives the checked stat, temporary (*) or for good (#, "
    "as a +1# PAIN card meets a PAIN check): the fewest, largest boosts first (of equals, cards before "
    "tokens, in the order taken); a discard cost is paid from the hand or leaves its check unmet. "
    "Changes marked * last only the encounter, except a * gain won from a check, which lasts through the "
    "next (our reading, as printed); the rest stay. SELF gains go to the lowest of MAW, BONE and ICHOR and "
    "losses come off the highest. A gain past MAW + BONE <= ICHOR becomes 1 ICHOR and 1 PAIN; a token past "
    "the limit is discarded for 1 BONE and 1 PAIN. PAIN never drops below 1 (losing the last gives 1 PAIN "
    "and 1 SELF); gaining BONE or ICHOR at 0 MAW gives 1 MAW and 1 PAIN instead; 0 ICHOR ends the run, and "
    "ending the Guardian's encounter with ICHOR left wins it. Hazards are faced, never discarded unseen; "
    "tokens that only move cards are kept, not played (a token's card move is not modelled). No best "
    "policy is reported beside this one: the deck's order alone has more states than can be solved."
)


def apply(stats: dict[str, int], effects: list[Effect], top: int) -> None:
    """The lasting part of an encounter's outcome (temporary changes end with the encounter)."""
    for effect in effects:
        if effect.stat is None or effect.amount is None or effect.lasting == "temp":
            continue
        for _ in range(abs(effect.amount)):
            _step(stats, effect.stat, 1 if effect.amount > 0 else -1, top)


def self_stat(stats: dict[str, int], sign: int) -> str:
    """Where the model puts a SELF change: a gain on the lowest of MAW, BONE and ICHOR, a loss off the highest."""
    body = STATS[:3]
    return min(body, key=lambda s: stats[s]) if sign > 0 else max(body, key=lambda s: stats[s])


def _step(stats: dict[str, int], stat: str, sign: int, top: int) -> None:
    if stat == "SELF":
        stat = self_stat(stats, sign)
    if sign > 0 and stat in ("BONE", "ICHOR") and stats["MAW"] == 0:
        stat = "MAW"  # 1 MAW and 1 PAIN instead
        stats["PAIN"] = min(top, stats["PAIN"] + 1)
    if sign > 0 and stat in ("MAW", "BONE") and stats["MAW"] + stats["BONE"] >= stats["ICHOR"]:
        stats["ICHOR"], stats["PAIN"] = min(top, stats["ICHOR"] + 1), min(top, stats["PAIN"] + 1)  # the cap
        return
    if sign < 0 and stat == "PAIN" and stats["PAIN"] <= 1:
        stats["PAIN"] = min(top, stats["PAIN"] + 1)
        _step(stats, "SELF", 1, top)
        return
    stats[stat] = max(0, min(top, stats[stat] + sign))


def analyse(source: GameSource, store: IconStore, rules: RulesModel) -> GameReport:
    game = load(source, store)
    start: dict[str, int] = {track.name: track.start for track in game.extras.board.stats}
    top = game.extras.board.track_max
    limit = rules.facts.get("hand_cap", 3)
    runs = simulate(game, start, top, limit)
    flipping = simulate(game, start, top, limit, draw=False)
    checks = checks_section(game, start, runs, flipping)
    survive = checks.figures
    findings = [str(problem).removeprefix("punished: ") for problem in invariants(game, rules, 1)]
    lint = Section(title="Design-rule lint", text=findings or ["Every card follows the design rules."])
    return GameReport(
        game="punished",
        title=rules.game.title,
        sections=[checks, changes_section(game), tokens_section(game, runs, top), hands_section(game), lint],
        headline=[
            survive[-1],
            survive[-2],
            Figure(key="lint.count", label="design-rule findings", value=len(findings), style="count"),
        ],
    )


def checks_section(game: Punished, start: dict[str, int], runs: dict[str, Any], flipping: dict[str, Any]) -> Section:
    """How far runs get, the stats they enter each tier with, and what each tier's checks ask."""
    survive = _survival(runs, flipping)
    stat_rows: list[list[Cell]] = []
    for i, t in enumerate(TIERS):
        stat_rows.append(
            [f"tier {t}"]
            + [
                Figure(
                    key=f"run.stat.tier{t}.{s}",
                    label=f"median {s} entering tier {t}",
                    value=runs["median"][i][s],
                    digits=0,
                )
                for s in STATS
            ]
        )
    checks_rows, passes = _checks_by_category(game, start, runs)
    start_text = ", ".join(f"{s} {start[s]}" for s in STATS)
    return Section(
        title="Stat checks by tier and category",
        text=[
            f"The player and the rules every run follows: {MODEL}",
            f"Starting stats: {start_text}. A typical run is the median of {RUNS:,} simulated runs (seed {SEED}) "
            "as it enters the tier.",
            "A card taken into hand is one encounter fewer, and the hand pays for the checks that follow: "
            "the same runs by a player who flips every card show what the hand is worth.",
        ],
        figures=survive,
        tables=[
            Table(title="Median stats entering each tier", columns=["tier", *STATS], rows=stat_rows),
            Table(
                title="Checks and the share of encounters passed",
                columns=["tier", "category", "checks", "at the start", "typical run"],
                rows=checks_rows,
            ),
        ],
        plots=[
            Plot(
                key="punished-pass",
                title="Encounters passed (any check met)",
                kind="bar",
                x=[f"tier {t}" for t in TIERS],
                series=passes,
                xlabel="tier",
                ylabel="share of the tier's cards",
                percent=True,
            )
        ],
    )


TIERS = ("1", "2", "3")


def _survival(runs: dict[str, Any], flipping: dict[str, Any]) -> list[Figure]:
    """The share of runs alive at each tier, winning, and winning by flipping alone."""
    tiers = TIERS
    survive = [
        Figure(
            key=f"run.reach.tier{t}",
            label=f"runs alive at the start of tier {t}",
            value=runs["alive"][i] / RUNS,
            style="percent",
            digits=1,
        )
        for i, t in enumerate(tiers)
    ]
    survive.append(
        Figure(
            key="run.flip-only",
            label="runs that win never taking a card into hand",
            value=flipping["alive"][3] / RUNS,
            style="percent",
            digits=1,
        )
    )
    survive.append(
        Figure(
            key="run.survive",
            label="runs that face the Guardian and live (win)",
            value=runs["alive"][3] / RUNS,
            style="percent",
            digits=1,
        )
    )
    return survive


def _checks_by_category(
    game: Punished, start: dict[str, int], runs: dict[str, Any]
) -> tuple[list[list[Cell]], dict[str, list[float]]]:
    """Each tier's checks by category, and the share passed at the start and by a typical run."""
    deck = game.deck
    tiers = TIERS
    checks_rows: list[list[Cell]] = []
    passes: dict[str, list[float]] = {"starting stats": [], "a typical run": []}
    for t in tiers:
        cards = [c for c in deck.cards if str(c.tier) == t]
        medians = runs["median"][tiers.index(t)]
        typical = {s: int(v) if v == v else start[s] for s, v in medians.items()}  # no run got there: the start
        start_pass = sum(1 for c in cards if first_met(c, start) is not None) / len(cards)
        typical_pass = sum(1 for c in cards if first_met(c, typical) is not None) / len(cards)
        passes["starting stats"].append(start_pass)
        passes["a typical run"].append(typical_pass)
        for key, category in deck.categories.items():
            group = [c for c in cards if c.category == key]
            if not group:
                continue
            asks = Counter(f"{ch.stat} {ch.threshold}+" for c in group for ch in c.encounter.checks)
            met_start = sum(1 for c in group if first_met(c, start) is not None)
            met_typical = sum(1 for c in group if first_met(c, typical) is not None)
            checks_rows.append(
                [
                    f"tier {t}",
                    category.name,
                    ", ".join(f"{a} (x{n})" if n > 1 else a for a, n in sorted(asks.items())) or "none",
                    Figure(
                        key=f"pass.start.tier{t}.{key}",
                        label=f"tier {t} {category.name}: met at the starting stats",
                        value=met_start / len(group),
                        style="percent",
                        digits=0,
                    ),
                    Figure(
                        key=f"pass.typical.tier{t}.{key}",
                        label=f"tier {t} {category.name}: met by a typical run",
                        value=met_typical / len(group),
                        style="percent",
                        digits=0,
                    ),
                ]
            )
    return checks_rows, passes


def changes_section(game: Punished) -> Section:
    """Every stat change printed on the cards, permanent or temporary, boost or loss."""
    deck = game.deck
    lasting: Counter[tuple[str, str]] = Counter()
    for card in deck.cards:
        for effect in (
            (card.hand.effects if card.hand else [])
            + [e for ch in card.encounter.checks for e in ch.effects]
            + card.encounter.fallback
        ):
            if effect.stat and effect.amount:
                kind = "temporary" if effect.lasting == "temp" else "permanent"
                lasting[(kind, "boost" if effect.amount > 0 else "loss")] += 1
    change_rows: list[list[Cell]] = [
        [
            kind,
            direction,
            Figure(
                key=f"changes.{kind}.{direction}",
                label=f"{kind} {direction}es",
                value=lasting[(kind, direction)],
                style="count",
            ),
        ]
        for kind in ("temporary", "permanent")
        for direction in ("boost", "loss")
    ]
    return Section(
        title="Permanent and temporary changes",
        text=[
            "Every stat change printed on the cards (encounters and hand abilities); unmarked changes are permanent."
        ],
        tables=[Table(title="Stat changes", columns=["lasting", "direction", "effects"], rows=change_rows)],
    )


def tokens_section(game: Punished, runs: dict[str, Any], top: int) -> Section:
    """Each check that awards a token: how reachable it is and how often runs take it."""
    deck = game.deck
    token_rows: list[list[Cell]] = []
    for card in deck.cards:
        for k, check in enumerate(card.encounter.checks):
            share = token_share(card, k, top) if any(e.token for e in check.effects) else 0.0
            for effect in check.effects:
                if not effect.token:
                    continue
                reachable = f"{share:.0%} of stat positions" if share else "never in a position the rules allow"
                taken = runs["tokens"].get((card.name, k), 0) / max(1, runs["met_card"].get(card.name, 1))
                token_rows.append(
                    [
                        card.name,
                        f"tier {card.tier}",
                        effect.token,
                        f"{check.stat} {check.threshold}+",
                        reachable,
                        Figure(
                            key=f"token.{card.name}.{k}",
                            label=f"{card.name}: runs meeting the card that take the token",
                            value=taken,
                            style="percent",
                            digits=0,
                        ),
                    ]
                )
    return Section(
        title="Token rewards",
        text=[
            "Reachable: the share of the stat positions the rules allow (MAW + BONE at most ICHOR, every "
            "stat on its track) in which this check is the first met, so the one taken. Taken: the share of "
            "simulated runs meeting the card that win the token."
        ],
        tables=[
            Table(
                title="Checks that award a token",
                columns=["card", "tier", "token", "check", "reachable", "taken"],
                rows=token_rows,
            )
        ],
    )


def hands_section(game: Punished) -> Section:
    deck = game.deck
    hand_rows: list[list[Cell]] = [
        [card.name, f"tier {card.tier}", card.hand.action, game.wording.effects(card.hand.effects)]
        for card in deck.cards
        if card.hand is not None
    ]
    return Section(
        title="Hand abilities",
        text=["What playing each card from hand costs (it spends itself) and gives."],
        tables=[Table(title="Hand abilities", columns=["card", "tier", "cost", "gives"], rows=hand_rows)],
    )


def deal(game: Punished, rng: random.Random) -> list[Card]:
    """The deck as the printed setup lays it: decks I and II shuffled, deck III shuffled without its
    Guardians, and one Guardian drawn at random beneath it."""
    tiers = [[c for c in game.deck.cards if c.tier == t] for t in (1, 2, 3)]
    guardians = [c for c in tiers[2] if c.category == GUARDIAN]
    last = [c for c in tiers[2] if c.category != GUARDIAN]
    return [*shuffled(rng, tiers[0]), *shuffled(rng, tiers[1]), *shuffled(rng, last), rng.choice(guardians)]


def simulate(game: Punished, start: dict[str, int], top: int, limit: int, *, draw: bool = True) -> dict[str, Any]:
    """RUNS runs of the printed game (MODEL); `limit`: cards in hand and tokens never above it, whatever
    BONE; `draw` False: a player who flips every card, never taking one into hand."""
    rng = random.Random(SEED)
    alive = [0, 0, 0, 0]
    seen: list[list[Stats]] = [[], [], []]
    tokens: Counter[tuple[str, int]] = Counter()
    met_card: Counter[str] = Counter()
    kinds = {kind.name: kind for kind in game.extras.tokens.kinds}
    for _ in range(RUNS):
        run = RunState(stats=dict(start), top=top, limit=limit, kinds=kinds, copies=game.extras.tokens.copies)
        tier = 0
        for card in deal(game, rng):
            while card.tier > tier:
                tier += 1
                alive[tier - 1] += 1
                seen[tier - 1].append(tuple(run.stats[s] for s in STATS))
            if draw and card.category != GUARDIAN and run.room():
                run.hand.append(card)
                continue
            met_card[card.name] += 1
            taken = run.encounter(card)
            if taken is not None:
                tokens[(card.name, taken)] += 1
            if run.stats["ICHOR"] <= 0:
                break
        else:
            alive[3] += 1
    medians = [
        {s: median(run[i] for run in seen[t]) if seen[t] else float("nan") for i, s in enumerate(STATS)}
        for t in range(3)
    ]
    return {"alive": alive, "median": medians, "tokens": tokens, "met_card": met_card}


class RunState:
    """One run's state: stats, the * gains carried into the next encounter, the hand and the tokens."""

    def __init__(self, *, stats: dict[str, int], top: int, limit: int, kinds: dict[str, TokenKind], copies: int):
        self.stats, self.top, self.limit, self.kinds, self.copies = stats, top, limit, kinds, copies
        self.carried: dict[str, int] = {}
        self.hand: list[Card] = []
        self.tokens: list[str] = []

    def room(self) -> bool:
        """Whether one more card or token fits: cards in hand and tokens under BONE and the cap."""
        return len(self.hand) + len(self.tokens) < min(self.stats["BONE"], self.limit)

    def encounter(self, card: Card) -> int | None:
        """Face `card`: the check taken if it won a token (else None). Cards that only gain for good
        are played first; then the first check met (with the fewest cards and tokens played, a cost
        paid) is taken; none, and the fallback happens."""
        self.burn_lasting_gains()
        for k, check in enumerate(card.encounter.checks):
            played = self.help(check)
            if played is not None:
                for item in played:
                    self._play(item)
                self._apply(check.cost + check.effects)
                self.carried = carried_gains(self.stats, check.effects)
                return k if any(e.token for e in check.effects) else None
        self._apply(card.encounter.fallback)
        self.carried = {}
        return None

    def burn_lasting_gains(self) -> None:
        """Play every card in hand whose ability only gains stats for good: worth as much now as
        later, and a place in the hand freed."""
        for held in [c for c in self.hand if c.hand and all(_lasting_gain(e) for e in c.hand.effects)]:
            self._play(held)

    def help(self, check: Check) -> list[Card | str] | None:
        """The fewest cards in hand and tokens whose boosts (* or #) meet `check`, largest first,
        leaving enough cards to pay its discard cost: [] when the stats meet it alone; None when
        nothing can. A # boost counts as much as it moves the tracked stat, cap and all."""
        cost = sum(e.discard or 0 for e in check.cost)
        held: list[Card | str] = [*self.hand, *self.tokens]
        boosts = [(self._boost(self.stats, self._effects(item), check.stat), item) for item in held]
        boosts = sorted(((b, item) for b, item in boosts if b > 0), key=lambda pair: -pair[0])
        stats, temp, used = dict(self.stats), 0, []
        for _, item in boosts:
            if self._value(stats, check.stat) + temp >= check.threshold:
                break
            effects = self._effects(item)
            temp += _temporary(effects, check.stat)
            apply(stats, effects, self.top)
            used.append(item)
        cards_left = len(self.hand) - sum(1 for item in used if not isinstance(item, str))
        met = self._value(stats, check.stat) + temp >= check.threshold
        return used if met and cards_left >= cost else None

    def _effects(self, item: Card | str) -> list[Effect]:
        return self.kinds[item].discard if isinstance(item, str) else (item.hand.effects if item.hand else [])

    def _value(self, stats: dict[str, int], stat: str) -> int:
        """A stat as a check reads it: tracked, plus the * gains carried from the last check."""
        return stat_value({s: stats[s] + self.carried.get(s, 0) for s in STATS}, stat)

    def _boost(self, stats: dict[str, int], effects: list[Effect], stat: str) -> int:
        """What playing `effects` adds to `stat` for a check: its * gains on it (or SELF), and
        what its lasting changes do to the tracked stat."""
        after = dict(stats)
        apply(after, effects, self.top)
        return _temporary(effects, stat) + self._value(after, stat) - self._value(stats, stat)

    def _play(self, item: Card | str) -> None:
        """A card in hand or a token spent: its lasting changes stay (its * boost served the check)."""
        if isinstance(item, str):
            self.tokens.remove(item)
            self._apply(self.kinds[item].discard)
        else:
            self.hand.remove(item)
            self._apply(item.hand.effects if item.hand else [])

    def _apply(self, effects: list[Effect]) -> None:
        for effect in effects:
            if effect.discard:
                del self.hand[: effect.discard]
            elif effect.token:
                self._gain(effect.token)
        apply(self.stats, effects, self.top)

    def _gain(self, name: str) -> None:
        """A token won: held if it fits (its gaining effect applied), else turned into 1 BONE and 1 PAIN."""
        kind = self.kinds.get(name)
        if kind is None or self.tokens.count(name) >= self.copies:
            return
        if self.room():
            self.tokens.append(name)
            apply(self.stats, kind.on_gain, self.top)
        else:
            _step(self.stats, "BONE", 1, self.top)
            _step(self.stats, "PAIN", 1, self.top)


def _temporary(effects: list[Effect], stat: str) -> int:
    """The * gains of `effects` that count toward a check of `stat`."""
    return sum(
        e.amount or 0 for e in effects if e.lasting == "temp" and (e.amount or 0) > 0 and e.stat in (stat, "SELF")
    )


def _lasting_gain(effect: Effect) -> bool:
    return effect.stat is not None and effect.lasting != "temp" and (effect.amount or 0) > 0


def carried_gains(stats: dict[str, int], effects: list[Effect]) -> dict[str, int]:
    """The * gains of a check, which last through the next encounter (a SELF gain raises the lowest)."""
    out: dict[str, int] = {}
    for effect in effects:
        if effect.stat and effect.lasting == "temp" and (effect.amount or 0) > 0:
            stat = self_stat(stats, 1) if effect.stat == "SELF" else effect.stat
            out[stat] = out.get(stat, 0) + (effect.amount or 0)
    return out
