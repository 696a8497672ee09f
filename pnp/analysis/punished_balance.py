"""Punished: what each tier's checks ask of the stats a run has, what the cards change for good
and for a moment, how reachable the token rewards are, and the design-rule lint by card."""

from __future__ import annotations

import random
from collections import Counter
from statistics import median
from typing import Any

from pnp.analysis.draws import shuffled
from pnp.analysis.report import Cell, Figure, GameReport, Plot, Section, Table
from pnp.games.punished import Card, Effect, Punished, first_met, invariants, load, token_share
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.rules import RulesModel

RUNS = 20_000
SEED = 3
STATS = ("MAW", "BONE", "ICHOR", "PAIN")
ICHOR = STATS.index("ICHOR")
Stats = tuple[int, ...]                                     # in the order of STATS
NOTHING: Stats = (0, 0, 0, 0)
Outcome = tuple[Stats, Stats, int | None]                   # stats, * gains carried, a check that won a token
MODEL = ("A run meets every card of tier 1, then tier 2, then tier 3, each tier shuffled, and takes the first "
         "check it meets, in the order printed (else the fallback). Changes marked * last only the encounter, "
         "except a * gain won from a check, which lasts through the next encounter (our reading, as printed); "
         "the rest stay. SELF gains go to the lowest of MAW, BONE and ICHOR and losses come off the highest. "
         "PAIN never drops below 1 (losing the last gives 1 PAIN and 1 SELF); gaining BONE or ICHOR at 0 MAW "
         "gives 1 MAW and 1 PAIN instead; 0 ICHOR ends the run. Hand abilities are not played.")


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
        stats["MAW"], stats["PAIN"] = min(top, stats["MAW"] + 1), min(top, stats["PAIN"] + 1)
        return
    if sign < 0 and stat == "PAIN" and stats["PAIN"] <= 1:
        stats["PAIN"] = min(top, stats["PAIN"] + 1)
        _step(stats, "SELF", 1, top)
        return
    stats[stat] = max(0, min(top, stats[stat] + sign))


def analyse(source: GameSource, store: IconStore, rules: RulesModel) -> GameReport:
    game = load(source, store)
    deck = game.deck
    start: dict[str, int] = {track.name: track.start for track in game.extras.board.stats}
    top = game.extras.board.track_max
    runs = simulate(game, start, top)
    tiers = ("1", "2", "3")
    survive = [Figure(key=f"run.reach.tier{t}", label=f"runs alive at the start of tier {t}",
                      value=runs["alive"][i] / RUNS, style="percent", digits=1) for i, t in enumerate(tiers)]
    survive.append(Figure(key="run.survive", label="runs alive after tier 3", value=runs["alive"][3] / RUNS,
                          style="percent", digits=1))
    stat_rows: list[list[Cell]] = []
    for i, t in enumerate(tiers):
        stat_rows.append([f"tier {t}"] + [Figure(key=f"run.stat.tier{t}.{s}", label=f"median {s} entering tier {t}",
                                                 value=runs["median"][i][s], digits=0) for s in STATS])
    checks_rows: list[list[Cell]] = []
    passes: dict[str, list[float]] = {"starting stats": [], "a typical run": []}
    for t in tiers:
        cards = [c for c in deck.cards if str(c.tier) == t]
        medians = runs["median"][tiers.index(t)]
        typical = {s: int(v) if v == v else start[s] for s, v in medians.items()}   # no run got there: the start
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
            checks_rows.append([f"tier {t}", category.name, ", ".join(f"{a} (x{n})" if n > 1 else a
                                                                     for a, n in sorted(asks.items())) or "none",
                                Figure(key=f"pass.start.tier{t}.{key}", label=f"tier {t} {category.name}: met at the "
                                       "starting stats", value=met_start / len(group), style="percent", digits=0),
                                Figure(key=f"pass.typical.tier{t}.{key}", label=f"tier {t} {category.name}: met by "
                                       "a typical run", value=met_typical / len(group), style="percent", digits=0)])
    start_text = ", ".join(f"{s} {start[s]}" for s in STATS)
    checks = Section(
        title="Stat checks by tier and category",
        text=[f"Starting stats: {start_text}. A typical run is the median of {RUNS:,} simulated runs (seed {SEED}) "
              "as it enters the tier.", f"Model: {MODEL}"],
        figures=survive,
        tables=[Table(title="Median stats entering each tier", columns=["tier", *STATS], rows=stat_rows),
                Table(title="Checks and the share of encounters passed", columns=["tier", "category", "checks",
                                                                                  "at the start", "typical run"],
                      rows=checks_rows)],
        plots=[Plot(key="punished-pass", title="Encounters passed (any check met)", kind="bar",
                    x=[f"tier {t}" for t in tiers], series=passes, xlabel="tier", ylabel="share of the tier's cards",
                    percent=True)])
    lasting: Counter[tuple[str, str]] = Counter()
    for card in deck.cards:
        for effect in (
            (card.hand.effects if card.hand else []) + [e for ch in card.encounter.checks for e in ch.effects]
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
    changes = Section(
        title="Permanent and temporary changes",
        text=[
            "Every stat change printed on the cards (encounters and hand abilities); unmarked changes are permanent."
        ],
        tables=[Table(title="Stat changes", columns=["lasting", "direction", "effects"], rows=change_rows)],
    )
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
    tokens = Section(
        title="Token rewards",
        text=["Reachable: the share of the stat positions the rules allow (MAW + BONE at most ICHOR, every "
              "stat on its track) in which this check is the first met, so the one taken. Taken: the share of "
              "simulated runs meeting the card that win the token."],
        tables=[
            Table(
                title="Checks that award a token",
                columns=["card", "tier", "token", "check", "reachable", "taken"],
                rows=token_rows,
            )
        ],
    )
    hand_rows: list[list[Cell]] = [
        [card.name, f"tier {card.tier}", card.hand.action, game.wording.effects(card.hand.effects)]
        for card in deck.cards if card.hand is not None
    ]
    hands = Section(
        title="Hand abilities",
        text=["What playing each card from hand costs (it spends itself) and gives."],
        tables=[Table(title="Hand abilities", columns=["card", "tier", "cost", "gives"], rows=hand_rows)],
    )
    findings = [str(problem).removeprefix("punished: ") for problem in invariants(game, rules, 1)]
    lint = Section(title="Design-rule lint", text=findings or ["Every card follows the design rules."])
    return GameReport(
        game="punished",
        title=rules.game.title,
        sections=[checks, changes, tokens, hands, lint],
        headline=[
            survive[-1],
            Figure(key="lint.count", label="design-rule findings", value=len(findings), style="count"),
        ],
    )


def simulate(game: Punished, start: dict[str, int], top: int) -> dict[str, Any]:
    rng = random.Random(SEED)
    tiers = [[c for c in game.deck.cards if c.tier == t] for t in (1, 2, 3)]
    alive = [0, 0, 0, 0]
    seen: list[list[Stats]] = [[], [], []]
    tokens: Counter[tuple[str, int]] = Counter()
    met_card: Counter[str] = Counter()
    outcomes: dict[tuple[int, Stats, Stats], Outcome] = {}   # an encounter depends only on the card and the stats
    for _ in range(RUNS):
        stats = tuple(start[s] for s in STATS)
        carried = NOTHING                     # * gains won from the last check
        dead = False
        for t, cards in enumerate(tiers):
            alive[t] += 1
            seen[t].append(stats)
            for card in shuffled(rng, cards):
                met_card[card.name] += 1
                key = (id(card), stats, carried)         # the card itself: two designs may share a name
                outcome = outcomes.get(key)
                if outcome is None:
                    outcome = outcomes[key] = encounter(card, stats, carried, top)
                stats, carried, token = outcome
                if token is not None:
                    tokens[(card.name, token)] += 1
                if stats[ICHOR] <= 0:
                    dead = True
                    break
            if dead:
                break
        else:
            alive[3] += 1
    medians = [{s: median(run[i] for run in seen[t]) if seen[t] else float("nan") for i, s in enumerate(STATS)}
               for t in range(3)]
    return {"alive": alive, "median": medians, "tokens": tokens, "met_card": met_card}


def encounter(card: Card, stats: Stats, carried: Stats, top: int) -> Outcome:
    """One encounter of the model: the stats after it, the * gains it carries into the next, and
    the check taken if it wins a token (else None)."""
    now = dict(zip(STATS, stats, strict=True))
    k = first_met(card, {s: now[s] + extra for s, extra in zip(STATS, carried, strict=True)})
    if k is None:
        apply(now, card.encounter.fallback, top)
        return tuple(now[s] for s in STATS), NOTHING, None
    check = card.encounter.checks[k]
    apply(now, check.effects + check.cost, top)
    gains = carried_gains(now, check.effects)
    return (tuple(now[s] for s in STATS), tuple(gains.get(s, 0) for s in STATS),
            k if any(e.token for e in check.effects) else None)


def carried_gains(stats: dict[str, int], effects: list[Effect]) -> dict[str, int]:
    """The * gains of a check, which last through the next encounter (a SELF gain raises the lowest)."""
    out: dict[str, int] = {}
    for effect in effects:
        if effect.stat and effect.lasting == "temp" and (effect.amount or 0) > 0:
            stat = self_stat(stats, 1) if effect.stat == "SELF" else effect.stat
            out[stat] = out.get(stat, 0) + (effect.amount or 0)
    return out
