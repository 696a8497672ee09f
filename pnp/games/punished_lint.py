"""Punished's design-rule lint: the design notes' rules for cards, one named check each, and the
reach of a check among the stat positions the rules allow."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.games.contract import Problem, RulesModel
from pnp.games.punished_data import CARDS, GUARDIAN, SLUG, BoardFile, Card, Deck

RARE_TOKEN = 0.02  # a token check taken in fewer of the allowed stat positions is all but out of reach


def stat_value(stats: dict[str, int], stat: str) -> int:
    return min(stats["MAW"], stats["BONE"], stats["ICHOR"]) if stat == "SELF" else stats[stat]


def first_met(card: Card, stats: dict[str, int]) -> int | None:
    """Which check a player with these stats takes: the first met, in printed order (None: the fallback)."""
    return first_of(checks_of(card), stats)


def checks_of(card: Card) -> tuple[tuple[str, int], ...]:
    """The card's checks as (stat, threshold), in printed order."""
    return tuple((check.stat, check.threshold) for check in card.encounter.checks)


def first_of(checks: tuple[tuple[str, int], ...], stats: dict[str, int]) -> int | None:
    """The first of the (stat, threshold) checks these stats meet (None: none)."""
    for k, (stat, threshold) in enumerate(checks):
        if stat_value(stats, stat) >= threshold:
            return k
    return None


def stat_positions(top: int) -> tuple[dict[str, int], ...]:
    """Every stat position the rules allow a living player: MAW + BONE at most ICHOR, ICHOR at least 1,
    PAIN at least 1, each on its track (0 to `top`)."""
    return tuple(
        {"MAW": m, "BONE": b, "ICHOR": i, "PAIN": p}
        for i in range(1, top + 1)
        for m in range(i + 1)
        for b in range(i - m + 1)
        for p in range(1, top + 1)
    )


def token_share(card: Card, k: int, top: int) -> float:
    """The share of allowed stat positions in which check k is the one taken: an earlier check met
    first, or MAW + BONE at most ICHOR, can leave a token check all but out of reach."""
    return check_shares(checks_of(card), top)[k]


def check_shares(checks: tuple[tuple[str, int], ...], top: int) -> tuple[float, ...]:
    """Each check's share of the allowed stat positions, walked once for all of a card's checks."""
    taken = [0] * len(checks)
    positions = stat_positions(top)
    for stats in positions:
        k = first_of(checks, stats)
        if k is not None:
            taken[k] += 1
    return tuple(n / len(positions) for n in taken)


Finding = tuple[str, str, str]  # the rule broken, why, and the key under the card


def design_findings(deck: Deck, extras: BoardFile, rules: RulesModel) -> list[Problem]:
    """The design notes' rules, one named check each: every card's findings in deck order, then
    the deck's as a whole."""
    start: dict[str, int] = {track.name: track.start for track in extras.board.stats}
    top = extras.board.track_max
    problems = []
    for i, card in enumerate(deck.cards):
        for rule, message, key in card_findings(deck, card, start, top):
            where = f"cards[{i}]" + (f".{key}" if key else "")
            problems.append(Problem(SLUG, CARDS, where, f"{card.name!r} breaks {rule}: {message}"))
    return problems + deck_findings(deck, rules)


def card_findings(deck: Deck, card: Card, start: dict[str, int], top: int) -> Iterator[Finding]:
    category = deck.categories.get(card.category)
    if category is None:
        yield ("known-category", f"no category {card.category!r} (known: {', '.join(deck.categories)})", "category")
        return
    if card.category not in deck.backs:
        yield "category-back-exists", f"category {card.category!r} has no back in [backs]", "category"
    for usage in card.usage:
        if usage not in deck.usage:
            yield "known-usage-icon", f"no usage icon {usage!r}", "usage"
    if category.combat:
        last = card.encounter.fallback
        if len(last) != 1 or last[0].stat is None or (last[0].amount or 0) >= 0:
            yield (
                "combat-ends-on-flat-loss",
                'a combat encounter\'s fallback must be one flat "lose X" of a stat',
                "encounter.fallback",
            )
    yield from _token_checks(card)
    if category.combat:
        yield from _no_gift(card, start)
    yield from _reachable(card, top)
    yield from _trades(card)
    yield from _hand(card)


def _token_checks(card: Card) -> Iterator[Finding]:
    """A token sits behind a harder or an alternate check, which costs at most a single discard."""
    checks = card.encounter.checks
    primary = checks[0] if checks else None
    for k, check in enumerate(checks):
        if not any(e.token for e in check.effects):
            continue
        harder = primary is not None and k > 0 and (check.stat != primary.stat or check.threshold > primary.threshold)
        if not harder:
            yield (
                "token-behind-harder-check",
                "a token reward must sit behind a harder or an alternate stat check, not the primary one",
                f"encounter.checks[{k}]",
            )
        costly = (
            [e for e in check.cost if e.discard != 1]
            + [e for e in check.effects if e.stat and (e.amount or 0) < 0]
            + ([e for e in check.cost if e.discard] if len(check.cost) > 1 else [])
        )
        if costly:
            yield (
                "token-check-costs-at-most-a-discard",
                "a check that awards a token may cost nothing but a single discard",
                f"encounter.checks[{k}].cost",
            )


def _no_gift(card: Card, start: dict[str, int]) -> Iterator[Finding]:
    """A combat fallback's PAIN loss must not hit the PAIN floor from the start, which pays out."""
    fallback = card.encounter.fallback
    pain = next((e for e in fallback if e.stat == "PAIN" and (e.amount or 0) < 0 and e.lasting != "temp"), None)
    if pain is not None and start.get("PAIN", 1) + (pain.amount or 0) < 1:
        yield (
            "fallback-is-no-gift",
            f"losing {-(pain.amount or 0)} PAIN from the starting {start.get('PAIN', 1)} hits the PAIN floor, "
            "which gives 1 PAIN and 1 SELF instead: the punishment turns into a reward",
            "encounter.fallback",
        )


def _reachable(card: Card, top: int) -> Iterator[Finding]:
    for k, check in enumerate(card.encounter.checks):
        if not any(e.token for e in check.effects):
            continue
        share = token_share(card, k, top)
        if share < RARE_TOKEN:
            yield (
                "token-check-reachable",
                f"checks are taken in order, first met, and MAW + BONE may not exceed ICHOR: this token "
                f"check is the one taken in {share:.1%} of the stat positions the rules allow",
                f"encounter.checks[{k}]",
            )


def _trades(card: Card) -> Iterator[Finding]:
    """A lasting loss is traded for something lasting, not only for * boosts."""
    enc = card.encounter
    outcomes = [(f"encounter.checks[{k}]", c.effects + c.cost) for k, c in enumerate(enc.checks)]
    for key, outcome in [*outcomes, ("encounter.fallback", enc.fallback)]:
        lasting_loss = any(e.stat and (e.amount or 0) < 0 and e.lasting != "temp" for e in outcome)
        gains = [e for e in outcome if (e.stat and (e.amount or 0) > 0) or e.token]
        if lasting_loss and gains and all(e.lasting == "temp" for e in gains):
            yield (
                "trade-gives-lasting-value",
                "a lasting loss traded only for * boosts, which last no further than the next "
                "encounter, leaves nothing lasting gained",
                key,
            )


def _hand(card: Card) -> Iterator[Finding]:
    if card.hand is None and card.category != GUARDIAN:
        yield (
            "hand-ability-spends-itself",
            "a card you may take into hand needs a hand ability that "
            "discards or burns it (only a Guardian, never taken into hand, has none)",
            "hand",
        )
    elif card.hand is not None and card.hand.action not in ("discard", "burn"):
        yield (
            "hand-ability-spends-itself",
            f"the hand ability must discard or burn the card itself, not {card.hand.action!r}",
            "hand.action",
        )


def deck_findings(deck: Deck, rules: RulesModel) -> list[Problem]:
    """The rules of the deck as a whole: permanent boosts rarer than temporary ones, the Guardians
    in tier 3, a back for every category."""
    problems = []
    effects = [
        e
        for c in deck.cards
        for e in (
            (c.hand.effects if c.hand else [])
            + [x for ch in c.encounter.checks for x in ch.effects]
            + c.encounter.fallback
        )
    ]
    temp = sum(1 for e in effects if e.boost and e.lasting == "temp")
    perm = sum(1 for e in effects if e.boost and e.lasting != "temp")  # unmarked changes last too
    limit = rules.facts.get("max_permanent_boost_percent", 50)
    if perm * 100 > limit * temp:
        problems.append(
            Problem(
                SLUG,
                CARDS,
                "cards",
                f"breaks permanent-boosts-rarer: {perm} permanent boosts "
                f"against {temp} temporary ones; the rules model allows at most {limit}%",
                f"<= {limit * temp // 100}",
                perm,
            )
        )
    guardians = [c.name for c in deck.cards if c.tier == 3 and c.category == GUARDIAN]
    want = rules.facts.get("guardians_in_tier_3", 4)
    if len(guardians) != want:
        problems.append(
            Problem(
                SLUG,
                CARDS,
                "cards",
                f"breaks tier-3-holds-the-guardians: tier 3 must hold exactly {want} Guardians of the Summit",
                want,
                len(guardians),
            )
        )
    for i, card in enumerate(deck.cards):
        if card.category == GUARDIAN and card.tier != 3:
            problems.append(
                Problem(
                    SLUG,
                    CARDS,
                    f"cards[{i}].tier",
                    f"{card.name!r} breaks tier-3-holds-the-guardians: Guardians belong to tier 3",
                )
            )
    problems += [
        Problem(
            SLUG, CARDS, f"categories.{key}", f"breaks category-back-exists: category {key!r} has no back in [backs]"
        )
        for key in deck.categories
        if key not in deck.backs
    ]
    return problems
