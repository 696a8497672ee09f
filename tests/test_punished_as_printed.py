"""Punished's report plays the game its rules sheet prints: the deck as the printed setup lays it
(one Guardian, at random, last), the limits the board prints, and its survival figure reproduced by
a second simulation written here apart from the model, from the printed rules alone."""

from __future__ import annotations

import math
import random
import re

import pytest
from pdfscan import pdf_text

from pnp.analysis import punished_balance
from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.games import punished
from pnp.source.gamesource import read_game
from pnp.source.icons import IconStore
from pnp.source.rules import load_rules

GAME = punished.load(read_game("punished", shipped_layouts_dir() / "punished"), IconStore(shipped_icons_dir()))
START = {track.name: track.start for track in GAME.extras.board.stats}
TOP = GAME.extras.board.track_max
RULES = load_rules(read_game("punished", shipped_layouts_dir() / "punished"))


def test_the_model_deals_the_deck_the_rules_sheet_sets_up(default_build):
    """The printed setup, read from rules.pdf: "Take the N Guardians out of the black deck and
    shuffle it; draw one Guardian at random and put it face down under the black deck ... The others
    stay out of this game." The model's deck, over many deals: tiers in order, deck III without its
    Guardians, then exactly one Guardian, each of the N in turn."""
    rules = pdf_text(default_build / "punished" / "rules.pdf")
    setup = re.search(
        r"Take the (\d+) Guardians out of the black deck and shuffle it; draw one Guardian at "
        r"random and put it face down under the black deck as your final encounter\. The others "
        r"stay out of this game",
        rules,
    )
    assert setup, "the printed setup changed: the model must follow it"
    printed_guardians = int(setup.group(1))
    limit = re.search(r"never more than (\d+)\)", rules)  # the hand limit the model takes from rules.toml
    assert limit and int(limit.group(1)) == RULES.facts["hand_cap"]
    tiers = [[c for c in GAME.deck.cards if c.tier == t] for t in (1, 2, 3)]
    guardians = {c.name for c in tiers[2] if c.category == "guardian"}
    assert len(guardians) == printed_guardians
    rng, last = random.Random(1), set()
    for _ in range(200):
        deck = punished_balance.deal(GAME, rng)
        sizes = [len(tiers[0]), len(tiers[1]), len(tiers[2]) - printed_guardians]
        assert [c.tier for c in deck] == [1] * sizes[0] + [2] * sizes[1] + [3] * (sizes[2] + 1)
        assert [c.name for c in deck if c.name in guardians] == [deck[-1].name]
        last.add(deck[-1].name)
    assert last == guardians


def test_the_model_keeps_the_printed_limits():
    """ "MAW and BONE together may not exceed ICHOR: a gain beyond it may become 1 ICHOR and 1 PAIN":
    from every position that keeps it, no gain of the model breaks it; a held card or token past
    "no more than your BONE, and never more than 3" is never taken."""
    for maw in range(0, 5):
        for bone in range(0, 5):
            for ichor in range(max(maw + bone, 1), 7):
                for stat in ("MAW", "BONE", "ICHOR", "SELF"):
                    stats = {"MAW": maw, "BONE": bone, "ICHOR": ichor, "PAIN": 2}
                    punished_balance.apply(stats, [punished.Effect(stat=stat, amount=1)], TOP)
                    assert stats["MAW"] + stats["BONE"] <= stats["ICHOR"], (maw, bone, ichor, stat)
    kinds = {kind.name: kind for kind in GAME.extras.tokens.kinds}
    for bone in range(0, 6):
        run = punished_balance.RunState(
            stats={"MAW": 1, "BONE": bone, "ICHOR": 9, "PAIN": 1}, top=TOP, limit=3, kinds=kinds, copies=3
        )
        while run.room():
            run.hand.append(GAME.deck.cards[0])
        assert len(run.hand) == min(bone, 3)


class PrintedRun:
    """The printed rules played apart from the model: what rules.pdf and the board say, with the
    policy the report states (take the top card into hand while there is room and it is not the
    Guardian; burn the cards that only gain for good at the start of each encounter; play hand
    cards and tokens only to meet an earlier check, counting * and # boosts; convert past the cap)."""

    def __init__(self, rng: random.Random, *, draw: bool):
        self.stats = dict(START)
        self.extra: dict[str, int] = {}
        self.hand: list[punished.Card] = []
        self.tokens: list[punished.TokenKind] = []
        self.rng, self.draw = rng, draw

    def limit(self) -> int:
        return min(self.stats["BONE"], 3)

    def body(self, sign: int) -> str:
        order = sorted(("MAW", "BONE", "ICHOR"), key=lambda s: self.stats[s])
        return order[0] if sign > 0 else order[-1]

    def change(self, stat: str, amount: int) -> None:
        sign = 1 if amount > 0 else -1
        for _ in range(abs(amount)):
            name = self.body(sign) if stat == "SELF" else stat
            if sign > 0 and name in ("BONE", "ICHOR") and self.stats["MAW"] == 0:
                self.stats["PAIN"] = min(TOP, self.stats["PAIN"] + 1)
                name = "MAW"
            if (
                sign > 0
                and name in ("MAW", "BONE")
                and self.stats["MAW"] + self.stats["BONE"] + 1 > self.stats["ICHOR"]
            ):
                self.stats["ICHOR"] = min(TOP, self.stats["ICHOR"] + 1)
                self.stats["PAIN"] = min(TOP, self.stats["PAIN"] + 1)
            elif sign < 0 and name == "PAIN" and self.stats["PAIN"] == 1:
                self.stats["PAIN"] = min(TOP, 2)
                self.change("SELF", 1)
            else:
                self.stats[name] = min(TOP, max(0, self.stats[name] + sign))

    def lasting(self, effects) -> None:
        for e in effects:
            if e.discard:
                self.hand = self.hand[e.discard :]
            elif e.token:
                self.gain(next(k for k in GAME.extras.tokens.kinds if k.name == e.token))
            elif e.lasting != "temp":
                self.change(e.stat, e.amount)

    def gain(self, kind) -> None:
        if sum(1 for t in self.tokens if t is kind) >= GAME.extras.tokens.copies:
            return
        if len(self.hand) + len(self.tokens) < self.limit():
            self.tokens.append(kind)
            self.lasting(kind.on_gain)
        else:
            self.change("BONE", 1)
            self.change("PAIN", 1)

    def value(self, stat: str, extra: dict[str, int], stats: dict[str, int] | None = None) -> int:
        seen = {s: (stats or self.stats)[s] + extra.get(s, 0) for s in self.stats}
        return min(seen["MAW"], seen["BONE"], seen["ICHOR"]) if stat == "SELF" else seen[stat]

    @staticmethod
    def effects(item):
        return item.discard if isinstance(item, punished.TokenKind) else (item.hand.effects if item.hand else [])

    @staticmethod
    def temporary(effects, stat: str) -> int:
        return sum(e.amount for e in effects if e.stat in (stat, "SELF") and e.lasting == "temp" and e.amount > 0)

    def after(self, stats: dict[str, int], effects) -> dict[str, int]:
        """The tracked stats once the # changes of `effects` are made (the cap and floors applied)."""
        scratch = PrintedRun(self.rng, draw=False)
        scratch.stats = dict(stats)
        for e in effects:
            if e.stat and e.lasting != "temp":
                scratch.change(e.stat, e.amount)
        return scratch.stats

    def face(self, card: punished.Card) -> None:
        for held in list(self.hand):
            if held.hand and all(e.stat and e.lasting != "temp" and e.amount > 0 for e in held.hand.effects):
                self.hand.remove(held)
                self.lasting(held.hand.effects)
        for check in card.encounter.checks:
            offers = []
            for item in [*self.hand, *self.tokens]:
                effects = self.effects(item)
                temp = self.temporary(effects, check.stat)
                kept = self.value(check.stat, self.extra, self.after(self.stats, effects))
                plus = temp + kept - self.value(check.stat, self.extra)
                if plus > 0:
                    offers.append((plus, item))
            offers.sort(key=lambda o: -o[0])
            stats, temp, spend = dict(self.stats), 0, []
            while self.value(check.stat, self.extra, stats) + temp < check.threshold and len(spend) < len(offers):
                item = offers[len(spend)][1]
                effects = self.effects(item)
                temp += self.temporary(effects, check.stat)
                stats = self.after(stats, effects)
                spend.append(item)
            discard = sum(e.discard or 0 for e in check.cost)
            have = self.value(check.stat, self.extra, stats) + temp
            if have < check.threshold or len([c for c in self.hand if c not in spend]) < discard:
                continue
            for item in spend:
                if isinstance(item, punished.TokenKind):
                    self.tokens.remove(item)
                    self.lasting(item.discard)
                else:
                    self.hand.remove(item)
                    self.lasting(item.hand.effects)
            self.lasting(check.cost + check.effects)
            self.extra = {}
            for e in check.effects:
                if e.stat and e.lasting == "temp" and e.amount > 0:
                    name = self.body(1) if e.stat == "SELF" else e.stat
                    self.extra[name] = self.extra.get(name, 0) + e.amount
            return
        self.lasting(card.encounter.fallback)
        self.extra = {}

    def play(self) -> bool:
        tiers = [[c for c in GAME.deck.cards if c.tier == t] for t in (1, 2, 3)]
        guardians = [c for c in tiers[2] if c.category == "guardian"]
        deck = []
        for cards in (tiers[0], tiers[1], [c for c in tiers[2] if c not in guardians]):
            cards = list(cards)
            self.rng.shuffle(cards)
            deck += cards
        deck.append(self.rng.choice(guardians))
        for card in deck:
            if self.draw and card not in guardians and len(self.hand) + len(self.tokens) < self.limit():
                self.hand.append(card)
                continue
            self.face(card)
            if self.stats["ICHOR"] <= 0:
                return False
        return True


@pytest.mark.parametrize("draw", [True, False])
def test_the_survival_figure_is_reproduced_apart_from_the_model(draw):
    """The model's share of won runs, and that of a simulation written here from the printed rules,
    with its own shuffles: the same within four standard errors of the difference."""
    ran = punished_balance.simulate(GAME, START, TOP, RULES.facts["hand_cap"], draw=draw)
    model = ran["alive"][3] / punished_balance.RUNS
    rng = random.Random(2026)
    apart = sum(PrintedRun(rng, draw=draw).play() for _ in range(punished_balance.RUNS)) / punished_balance.RUNS
    error = math.sqrt(2 * model * (1 - model) / punished_balance.RUNS)
    assert abs(model - apart) < 4 * error, (model, apart)


def _run(stats: dict[str, int], hand: list[punished.Card]) -> punished_balance.RunState:
    kinds = {kind.name: kind for kind in GAME.extras.tokens.kinds}
    run = punished_balance.RunState(stats=stats, top=TOP, limit=3, kinds=kinds, copies=GAME.extras.tokens.copies)
    run.hand.extend(hand)
    return run


def _holding(action: str, lasting: str, stat: str | None = None) -> punished.Card:
    return next(
        c
        for c in GAME.deck.cards
        if c.hand
        and c.hand.action == action
        and any(e.lasting == lasting and (stat is None or e.stat == stat) for e in c.hand.effects)
    )


def test_the_reports_player_uses_every_printed_ability():
    """The stated policy plays what a player would: a "+1# PAIN" card meets a PAIN check it could
    not meet alone, and a "Burn this card: +1# X" card is burnt at the next encounter, its gain kept."""
    pain_card = _holding("discard", "perm", "PAIN")
    check = next(
        (c, k)
        for c in GAME.deck.cards
        for k, ch in enumerate(c.encounter.checks)
        if k == 0 and ch.stat == "PAIN" and ch.threshold == 2 and not ch.cost
    )
    run = _run({"MAW": 1, "BONE": 2, "ICHOR": 4, "PAIN": 1}, [pain_card])
    assert run.help(check[0].encounter.checks[0]) == [pain_card]
    burnt = _holding("burn", "perm")
    stat = burnt.hand.effects[0].stat
    run = _run({"MAW": 1, "BONE": 1, "ICHOR": 6, "PAIN": 1}, [burnt])
    before = dict(run.stats)
    run.burn_lasting_gains()
    assert burnt not in run.hand and run.stats[stat] == before[stat] + 1
