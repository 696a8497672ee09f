"""Punished: three tiered decks with category backs, resource tokens, the stat board, and the
design-rule lint a designer runs after every rewrite."""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from pydantic import Field, model_validator

from pnp.errors import LayoutError
from pnp.files.timelimit import TimeLimitExceeded, time_limit
from pnp.games import BuildContext, Game, Promises
from pnp.games.kit import assembly_for, region, sheet, size_around
from pnp.geometry import CARDS as CARD_SIZES
from pnp.render.columns import Block, balanced_split, text_column
from pnp.render.components import Cover, DocumentSpec, Piece, PieceSheet
from pnp.render.elements import WHITE, Element, Elements
from pnp.render.elements import Text as T
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.models import Color, CoverText, IconName, Layout, Mm, Strict, Templates, Text, load_file
from pnp.source.rules import Problem, RulesModel
from pnp.source.sandbox import TEMPLATE_OUTPUT, BoundedSandbox, TemplateLimit
from pnp.source.slots import Length, SlotSpec

SLUG = "punished"
GUARDIAN = "guardian"           # the category of the final encounter, which never goes to your hand
CARDS, TEXT, BOARD = "cards.toml", "text.toml", "board.toml"
CARDS_PDF = "cards.pdf"
TOKENS_PDF = "tokens-and-board.pdf"
TierName = Literal["1", "2", "3"]
PILE = (CARD_SIZES["poker"][0] + 1, CARD_SIZES["poker"][1] + 1)     # mm: a poker card with half a millimetre all round
Stat = Literal["MAW", "BONE", "ICHOR", "PAIN", "SELF"]
BOOSTED = ("MAW", "BONE", "ICHOR", "SELF")


class Effect(Strict):
    stat: Stat | None = None
    amount: Annotated[int, Field(ge=-20, le=20)] | None = None
    lasting: Literal["temp", "perm"] | None = None
    token: Text | None = None
    discard: Annotated[int, Field(ge=1, le=10)] | None = None

    @model_validator(mode="after")
    def _one(self) -> Effect:
        kinds = [k for k in ("stat", "token", "discard") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError("an effect is one of {stat, amount, lasting}, {token} or {discard}")
        if self.stat and (self.amount is None or self.amount == 0):
            raise ValueError("a stat effect needs a non-zero amount")
        if self.stat is None and (self.amount is not None or self.lasting is not None):
            raise ValueError("amount and lasting belong to stat effects")
        return self

    @property
    def boost(self) -> bool:
        return self.stat in BOOSTED and (self.amount or 0) > 0


class Check(Strict):
    stat: Stat
    threshold: Annotated[int, Field(ge=0, le=20)]
    effects: Annotated[list[Effect], Field(min_length=1)]
    cost: list[Effect] = []


class Encounter(Strict):
    checks: list[Check]
    fallback: Annotated[list[Effect], Field(min_length=1)]


class Hand(Strict):
    action: Text
    effects: Annotated[list[Effect], Field(min_length=1)]


class Card(Strict):
    tier: Literal[1, 2, 3]
    category: Text
    name: Text
    icon: IconName
    usage: list[Text]
    encounter: Encounter
    hand: Hand | None = None            # a Guardian has none: it never goes to your hand
    layout: Layout


class Tier(Strict):
    name: Text
    color: Color
    tint: Color


class Category(Strict):
    name: Text
    combat: bool


class BackDesign(Strict):
    icon: IconName
    hint: Text


class Usage(Strict):
    icon: IconName
    label: Text


class Deck(Strict):
    tiers: dict[TierName, Tier]
    categories: dict[str, Category]
    backs: dict[str, BackDesign]
    usage: dict[str, Usage]
    cards: Annotated[list[Card], Field(min_length=1)]
    templates: Templates = {}

    @model_validator(mode="after")
    def _three_tiers(self) -> Deck:
        missing = sorted({"1", "2", "3"} - set(self.tiers))
        if missing:
            raise ValueError(f"tiers needs 1, 2 and 3; missing {', '.join(missing)}")
        return self


class TextTemplates(Strict):
    stat: Text
    loss: Text
    token: Text
    discard: Text
    check: Text
    fallback: Text
    hand: Text
    hand_label: Text
    final_label: Text        # a Guardian's, in place of the hand ability's label
    final: Text              # and its words
    joiner: str


class TokenKind(Strict):
    name: Text
    icon: IconName
    on_gain: list[Effect] = []
    discard: list[Effect]
    extra: Text | None = None


class Tokens(Strict):
    copies: Annotated[int, Field(ge=1, le=20)]
    diameter: Annotated[float, Field(ge=12, le=40)]
    kinds: Annotated[list[TokenKind], Field(min_length=1)]


class StatTrack(Strict):
    name: Stat
    icon: IconName
    start: Annotated[int, Field(ge=0, le=20)]
    self: bool
    about: Text
    color: Color


class Limits(Strict):
    lines: list[Text]


class Zone(Strict):
    """A card pile printed at poker-card size on the board, or (`beside`) an area the player keeps
    beside it, only labelled."""

    name: Text
    about: Text
    beside: bool = False


class BoardLayout(Strict):
    """The stat board's sizes in mm that its template cannot say: they depend on counts."""

    row_min: Mm                 # a stat's track row: as tall as the paper allows, within these
    row_max: Mm
    others: Mm                  # the board's height that is not the tracks
    about: Annotated[float, Field(ge=0, le=20)]     # below each track: the stat's line
    limit_row: Mm
    zone_gap: Annotated[float, Field(ge=0, le=50)]  # between two zones beside the board
    token_text: Annotated[float, Field(gt=0, le=30)]        # pt, and its floor
    token_text_min: Annotated[float, Field(gt=0, le=30)]


class StatBoard(Strict):
    title: Text
    layout: BoardLayout
    track_max: Annotated[int, Field(ge=3, le=20)]
    self_tag: Text
    stats: Annotated[list[StatTrack], Field(min_length=1)]
    limits: Limits
    zones: list[Zone]


class PunishedCover(CoverText):
    """The print guide's text, with the two setup notes the tiered decks need."""

    guardians: Text
    tiers: Text


class BoardFile(Strict):
    tokens: Tokens
    board: StatBoard
    cover: PunishedCover
    templates: Templates = {}


@dataclass(frozen=True, kw_only=True)
class Punished:
    deck: Deck
    text: TextTemplates
    extras: BoardFile
    wording: Wording

    def tier(self, number: int) -> Tier:
        """Tier 1, 2 or 3 of the deck."""
        return self.deck.tiers[tier_name(number)]


def load(source: GameSource, store: IconStore) -> Punished:
    """The deck, the card-text templates and the board file, each checked, and the wording made once."""
    deck = load_file(source, CARDS, Deck, store)
    text = load_file(source, TEXT, TextTemplates, store)
    extras = load_file(source, BOARD, BoardFile, store)
    return Punished(deck=deck, text=text, extras=extras, wording=Wording(text))


# -- wording: card text from data through the jinja2 templates -----------------------------------
TEMPLATE_SECONDS = 2.0         # for every card text of a build together


def _short(text: str) -> str:
    return text if len(text) <= 120 else text[:117] + "..."


def tier_name(tier: int) -> TierName:
    """The key of tier 1, 2 or 3 in cards.toml's [tiers]."""
    names: dict[int, TierName] = {1: "1", 2: "2", 3: "3"}
    return names[tier]


class Wording:
    """Renders effects, checks and abilities with the designer's templates (sandboxed: data only)."""

    def __init__(self, templates: TextTemplates):
        from jinja2 import StrictUndefined, TemplateSyntaxError

        env = BoundedSandbox(undefined=StrictUndefined, autoescape=False)
        self.joiner = templates.joiner
        self.hand_label, self.final_label, self.final = templates.hand_label, templates.final_label, templates.final
        self.spent = 0.0  # seconds all card texts took so far: one budget for the deck
        self.templates = {}
        for key in ("stat", "loss", "token", "discard", "check", "fallback", "hand"):
            try:
                self.templates[key] = env.from_string(getattr(templates, key))
            except TemplateSyntaxError as exc:
                raise LayoutError(f"{SLUG}/{TEXT}:{key}: template error: {exc.message}") from None

    def _render(self, key: str, **values: object) -> str:
        """One card text, within the sandbox's limits: output length, loop length, time."""
        where = f"{SLUG}/{TEXT}:{key}"
        out: list[str] = []
        size = 0
        started = time.monotonic()
        try:
            with time_limit(max(TEMPLATE_SECONDS - self.spent, 0.001)):
                for chunk in self.templates[key].generate(**values):
                    size += len(chunk)
                    if size > TEMPLATE_OUTPUT:
                        raise TemplateLimit(f"it writes more than {TEMPLATE_OUTPUT} characters for one card text")
                    out.append(chunk)
        except TemplateLimit as exc:
            raise LayoutError(f"{where}: template error: {exc}") from None
        except TimeLimitExceeded:
            raise LayoutError(
                f"{where}: template error: the card texts took more than {TEMPLATE_SECONDS:g} s "
                "to write (a loop too long?)"
            ) from None
        except RecursionError:
            raise LayoutError(f"{where}: template error: it calls itself without end") from None
        except Exception as exc:
            raise LayoutError(f"{where}: template error: {type(exc).__name__}: {_short(str(exc))}") from None
        finally:
            self.spent += time.monotonic() - started
        return "".join(out)

    def effect(self, e: Effect, flat: bool = False) -> str:
        if e.token:
            return self._render("token", token=e.token)
        if e.discard:
            return self._render("discard", count=e.discard)
        amount = e.amount or 0
        if flat and amount < 0:
            return self._render("loss", stat=e.stat, amount=-amount)
        mark = {"temp": "*", "perm": "#", None: ""}[e.lasting]
        return self._render("stat", stat=e.stat, amount=e.amount, mark=mark)

    def effects(self, effects: list[Effect], flat: bool = False) -> str:
        return self.joiner.join(self.effect(e, flat) for e in effects)

    def check(self, c: Check) -> str:
        return self._render(
            "check", stat=c.stat, threshold=c.threshold, cost=self.effects(c.cost), effects=self.effects(c.effects)
        )

    def fallback(self, card: Card) -> str:
        return self._render(
            "fallback", checks=bool(card.encounter.checks), effects=self.effects(card.encounter.fallback, flat=True)
        )

    def hand(self, card: Card) -> str:
        if card.hand is None:
            return self.final
        return self._render("hand", action=card.hand.action, effects=self.effects(card.hand.effects))


# -- faces and backs -----------------------------------------------------------------------------
def card_face(ctx: BuildContext, p: Punished, card: Card, i: int) -> Elements:
    """A card's face: the `card` template, with the card's own `layout` laid over."""
    tier = p.tier(card.tier)
    category = p.deck.categories.get(card.category) or Category(name=card.category, combat=False)
    words = p.wording
    usage = [p.deck.usage[u].icon for u in card.usage if u in p.deck.usage]
    values = {"name": card.name, "icon": card.icon, "color": tier.color, "category": category.name, "tier": tier.name,
              "encounter": "\n".join([words.check(c) for c in card.encounter.checks] + [words.fallback(card)]),
              "hand": words.hand(card), "hand_label": words.hand_label if card.hand else words.final_label,
              **{f"usage{k}": (usage[k - 1] if k <= len(usage) else "") for k in (1, 2, 3)}}
    return ctx.piece("card", values, ctx.card_w, ctx.card_h, overrides=card.layout,
                     where=(CARDS, ("cards", i, "layout")))


def card_back(ctx: BuildContext, p: Punished, tier_key: int, category: str) -> Elements:
    """The category's back in the tier's colour; a category without a back prints a warning
    instead, and the lint reports it."""
    tier = p.tier(tier_key)
    back = p.deck.backs.get(category)
    w, h = ctx.card_w, ctx.card_h
    if back is None:
        return (T(text=f"NO BACK FOR {category!r}", x=5, y=h / 2 - 5, w=w - 10, h=10, size=10, bold=True, color=WHITE),)
    name = p.deck.categories[category].name if category in p.deck.categories else category
    return ctx.piece("back", {"icon": back.icon, "color": WHITE, "title": name, "tagline": back.hint,
                              "numeral": "I" * tier_key, "tier": tier.name}, w, h)


def token_face(ctx: BuildContext, kind: TokenKind, d: float) -> Elements:
    """The icon above the centre, the name below it on up to two lines, clear of the circle."""
    return ctx.piece("resource-token", {"icon": kind.icon, "name": kind.name}, d, d)


def token_rule(p: Punished, kind: TokenKind) -> str:
    words = p.wording
    parts = []
    if kind.on_gain:
        parts.append(f"when gained {words.effects(kind.on_gain)}")
    action = words.effects(kind.discard)
    if kind.extra:
        action = f"{action}{words.joiner if action else ''}{kind.extra}"
    parts.append(f"discard: {action}")
    return f"{kind.name}: " + "; ".join(parts)


def board_elements(p: Punished, ctx: BuildContext, w: float, h: float) -> Elements:
    """The stat board from the `stat-board` template (board.toml): its parts stacked top to bottom;
    this code fills the regions whose contents are counted: the tracks, the limits, the zones."""
    b, lay = p.extras.board, p.extras.board.layout
    beside = [zone for zone in b.zones if zone.beside]
    piles = [zone for zone in b.zones if not zone.beside]
    # the card-sized zones take a fixed height; the tracks give way on shorter paper (Letter)
    row = min(lay.row_max, max(lay.row_min, (h - lay.others) / max(len(b.stats), 1)))
    pile_w, pile_h = size_around(ctx, "pile", *PILE, slot="frame")
    heights = {"stats": row * len(b.stats), "limits": lay.limit_row * len(b.limits.lines), "zones": pile_h}
    board = ctx.compose("stat-board", {"title": b.title, "self_tag": b.self_tag, "beside": "yes" if beside else ""},
                        w, h, overrides={name: SlotSpec(h=Length(mm=mm)) for name, mm in heights.items()})
    out: list[Element] = list(board.elements)
    stats = region(board, "stat-board", "stats")
    for i, stat in enumerate(b.stats):
        y = stats.y + stats.h - (i + 1) * row - lay.about
        piece = ctx.compose("stat", {"name": stat.name, "icon": stat.icon, "color": stat.color, "about": stat.about,
                                     "start": f"start {stat.start}" + ("  · SELF" if stat.self else "")},
                            w, row + lay.about, at=(0, y))
        out += piece.elements
        track = region(piece, "stat", "track")
        pitch = track.w / (b.track_max + 1)
        for v in range(b.track_max + 1):
            out += ctx.piece("stat-start" if v == stat.start else "stat-cell", {"number": str(v), "color": stat.color},
                             pitch, track.h, at=(track.x + v * pitch, track.y))
    limits = region(board, "stat-board", "limits")
    for k, text in enumerate(b.limits.lines):
        line = ctx.fill(text, f"{SLUG}/{BOARD}:board.limits.lines[{k}]")
        out += ctx.piece("limit", {"text": line}, w, lay.limit_row,
                         at=(0, limits.y + limits.h - (k + 1) * lay.limit_row))
    zones = region(board, "stat-board", "zones")
    gap = (w - len(piles) * pile_w) / max(len(piles) - 1, 1)
    for i, zone in enumerate(piles):
        out += ctx.piece("pile", {"name": zone.name, "about": zone.about}, pile_w, pile_h,
                         at=(i * (pile_w + gap), zones.y))
    if beside:
        area = region(board, "stat-board", "beside")
        area_w = (w - lay.zone_gap * (len(beside) - 1)) / len(beside)
        for i, zone in enumerate(beside):
            out += ctx.piece("beside-zone", {"name": zone.name, "about": zone.about}, area_w, area.h,
                             at=(i * (area_w + lay.zone_gap), area.y))
    rules: list[Block] = [("item", token_rule(p, k)) for k in p.extras.tokens.kinds]
    left, right = region(board, "stat-board", "tokens.left"), region(board, "stat-board", "tokens.right")
    half = balanced_split(rules, left.w, lay.token_text)
    for column, blocks in ((left, rules[:half]), (right, rules[half:])):
        out += text_column(blocks, column.x, column.y + column.h, column.w, column.h, size=lay.token_text,
                           min_size=lay.token_text_min)
    return tuple(out)


def documents(p: Punished, ctx: BuildContext) -> list[DocumentSpec]:
    w, h = ctx.card_w, ctx.card_h
    notes = assembly_for(p.extras.cover, [CARDS_PDF, TOKENS_PDF], f"{SLUG}/{BOARD}")
    decks = []
    contents = []
    backs = {(tier, category): card_back(ctx, p, tier, category)          # one per tier and category
             for tier, category in sorted({(c.tier, c.category) for c in p.deck.cards})}
    for tier_key in (1, 2, 3):
        tier = p.tier(tier_key)
        cards = [(i, c) for i, c in enumerate(p.deck.cards) if c.tier == tier_key]
        decks.append(
            PieceSheet(
                title=f"Tier {tier_key} cards",
                pieces=[
                    Piece(
                        kind=f"tier-{tier_key}",
                        name=c.name,
                        face=card_face(ctx, p, c, i),
                        back=backs[tier_key, c.category],
                        back_name=f"tier-{tier_key}/{c.category}",
                        background=tier.tint,
                        back_background=tier.color,
                    )
                    for i, c in cards
                ],
                width=w,
                height=h,
            )
        )
        contents.append(f"{len(cards)} {tier.name} cards (tier {tier_key}).")
    docs = [
        DocumentSpec(
            filename=CARDS_PDF,
            title="Encounter cards, tiers 1 to 3",
            sections=decks,
            cover=Cover(
                contents=[*contents, "The three tiers share sheets: sort them by the tier numeral on the backs."],
                assembly=notes[CARDS_PDF],
                bring=p.extras.cover.bring,
                notes=[p.extras.cover.tiers, p.extras.cover.guardians],
            ),
            game_title="Punished",
        )
    ]
    tk = p.extras.tokens
    tokens = [piece for k in tk.kinds
              for piece in [Piece(kind="token", name=k.name, face=token_face(ctx, k, tk.diameter),
                                  background="#f3f0ea")] * tk.copies]
    docs.append(
        DocumentSpec(
            filename=TOKENS_PDF,
            title="Resource tokens and stat board",
            sections=[
                PieceSheet(
                    title="Resource tokens", pieces=tokens, width=tk.diameter, height=tk.diameter, shape="round", gap=3
                ),
                sheet(title="Stat board", kind="stat-board", name="Stat board", ctx=ctx,
                      layout=lambda bw, bh: board_elements(p, ctx, bw, bh)),
            ],
            cover=Cover(
                contents=[
                    f"{len(tokens)} resource tokens ({tk.copies} of each of the {len(tk.kinds)} kinds).",
                    "The stat board with the MAW, BONE, ICHOR and PAIN tracks, limits and zones.",
                ],
                assembly=notes[TOKENS_PDF],
            ),
            game_title="Punished",
        )
    )
    return docs


# -- the design-rule lint ------------------------------------------------------------------------
RARE_TOKEN = 0.02      # a token check taken in fewer of the allowed stat positions is all but out of reach


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


@cache
def stat_positions(top: int) -> tuple[dict[str, int], ...]:
    """Every stat position the rules allow a living player: MAW + BONE at most ICHOR, ICHOR at least 1,
    PAIN at least 1, each on its track (0 to `top`)."""
    return tuple({"MAW": m, "BONE": b, "ICHOR": i, "PAIN": p}
                 for i in range(1, top + 1) for m in range(i + 1) for b in range(i - m + 1) for p in range(1, top + 1))


def token_share(card: Card, k: int, top: int) -> float:
    """The share of allowed stat positions in which check k is the one taken: an earlier check met
    first, or MAW + BONE at most ICHOR, can leave a token check all but out of reach."""
    return check_shares(checks_of(card), top)[k]


@cache
def check_shares(checks: tuple[tuple[str, int], ...], top: int) -> tuple[float, ...]:
    """Each check's share of the allowed stat positions, walked once for all of a card's checks and
    once for every card whose checks read alike (a deck repeats a few patterns)."""
    taken = [0] * len(checks)
    positions = stat_positions(top)
    for stats in positions:
        k = first_of(checks, stats)
        if k is not None:
            taken[k] += 1
    return tuple(n / len(positions) for n in taken)


def invariants(p: Punished, rules: RulesModel, players: int) -> list[Problem]:
    """The design notes' rules, one named check each."""
    problems: list[Problem] = []
    deck = p.deck
    start = {track.name: track.start for track in p.extras.board.stats}

    def flag(i: int, card: Card, rule: str, message: str, key: str = "") -> None:
        where = f"cards[{i}]" + (f".{key}" if key else "")
        problems.append(Problem(SLUG, CARDS, where, f"{card.name!r} breaks {rule}: {message}"))

    for i, card in enumerate(deck.cards):
        category = deck.categories.get(card.category)
        if category is None:
            flag(
                i,
                card,
                "known-category",
                f"no category {card.category!r} (known: {', '.join(deck.categories)})",
                "category",
            )
            continue
        if card.category not in deck.backs:
            flag(i, card, "category-back-exists", f"category {card.category!r} has no back in [backs]", "category")
        for usage in card.usage:
            if usage not in deck.usage:
                flag(i, card, "known-usage-icon", f"no usage icon {usage!r}", "usage")
        enc = card.encounter
        if category.combat:
            last = enc.fallback
            if len(last) != 1 or last[0].stat is None or (last[0].amount or 0) >= 0:
                flag(
                    i,
                    card,
                    "combat-ends-on-flat-loss",
                    'a combat encounter\'s fallback must be one flat "lose X" of a stat',
                    "encounter.fallback",
                )
        primary = enc.checks[0] if enc.checks else None
        for k, check in enumerate(enc.checks):
            if not any(e.token for e in check.effects):
                continue
            harder = (
                primary is not None and k > 0 and (check.stat != primary.stat or check.threshold > primary.threshold)
            )
            if not harder:
                flag(
                    i,
                    card,
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
                flag(
                    i,
                    card,
                    "token-check-costs-at-most-a-discard",
                    "a check that awards a token may cost nothing but a single discard",
                    f"encounter.checks[{k}].cost",
                )
        pain = next((e for e in enc.fallback if e.stat == "PAIN" and (e.amount or 0) < 0 and e.lasting != "temp"), None)
        if category.combat and pain is not None and start.get("PAIN", 1) + (pain.amount or 0) < 1:
            flag(
                i,
                card,
                "fallback-is-no-gift",
                f"losing {-(pain.amount or 0)} PAIN from the starting "
                f"{start.get('PAIN', 1)} hits the PAIN floor, which gives 1 PAIN and 1 SELF instead: the "
                "punishment turns into a reward",
                "encounter.fallback",
            )
        for k, check in enumerate(enc.checks):
            if not any(e.token for e in check.effects):
                continue
            share = token_share(card, k, p.extras.board.track_max)
            if share < RARE_TOKEN:
                flag(
                    i,
                    card,
                    "token-check-reachable",
                    f"checks are taken in order, first met, and MAW + BONE may not exceed ICHOR: this token "
                    f"check is the one taken in {share:.1%} of the stat positions the rules allow",
                    f"encounter.checks[{k}]",
                )
        for key, outcome in [(f"encounter.checks[{k}]", c.effects + c.cost) for k, c in enumerate(enc.checks)] + [
            ("encounter.fallback", enc.fallback)
        ]:
            lasting_loss = any(e.stat and (e.amount or 0) < 0 and e.lasting != "temp" for e in outcome)
            gains = [e for e in outcome if (e.stat and (e.amount or 0) > 0) or e.token]
            if lasting_loss and gains and all(e.lasting == "temp" for e in gains):
                flag(
                    i,
                    card,
                    "trade-gives-lasting-value",
                    "a lasting loss traded only for * boosts, which last no further than the next "
                    "encounter, leaves nothing lasting gained",
                    key,
                )
        if card.hand is None and card.category != GUARDIAN:
            flag(i, card, "hand-ability-spends-itself", "a card you may take into hand needs a hand ability that "
                 "discards or burns it (only a Guardian, never taken into hand, has none)", "hand")
        elif card.hand is not None and card.hand.action not in ("discard", "burn"):
            flag(
                i,
                card,
                "hand-ability-spends-itself",
                f"the hand ability must discard or burn the card itself, not {card.hand.action!r}",
                "hand.action",
            )
    effects = [
        e
        for c in deck.cards
        for e in ((c.hand.effects if c.hand else []) + [x for ch in c.encounter.checks for x in ch.effects]
                  + c.encounter.fallback)
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
        if card.category == "guardian" and card.tier != 3:
            flag(i, card, "tier-3-holds-the-guardians", "Guardians belong to tier 3", "tier")
    for key in deck.categories:
        if key not in deck.backs:
            problems.append(
                Problem(
                    SLUG,
                    CARDS,
                    f"categories.{key}",
                    f"breaks category-back-exists: category {key!r} has no back in [backs]",
                )
            )
    return problems


GAME = Game(
    slug=SLUG, load=load, documents=documents, invariants=invariants,
    files=(CARDS, TEXT, BOARD), models={CARDS: Deck, TEXT: TextTemplates, BOARD: BoardFile},
    promises=Promises(sheets=7, headings=("Setup", "A turn", "Decks and the end"),
                      counts={"tier-1": "{} red cards", "tier-2": "{} purple", "tier-3": "{} black"}),
    analysis="pnp.analysis.punished_balance:analyse",
)
