"""Punished's data: the deck of cards with their encounters and hand abilities, the card-text
templates and the board file, as the designer writes them in cards.toml, text.toml and board.toml."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from pnp.games.contract import Color, CoverText, IconName, Mm, SlotOverrides, Strict, Templates, Words

SLUG = "punished"
GUARDIAN = "guardian"  # the category of the final encounter, which never goes to your hand
CARDS, TEXT, BOARD = "cards.toml", "text.toml", "board.toml"
TierName = Literal["1", "2", "3"]
Stat = Literal["MAW", "BONE", "ICHOR", "PAIN", "SELF"]
BOOSTED = ("MAW", "BONE", "ICHOR", "SELF")


class Effect(Strict):
    stat: Stat | None = None
    amount: Annotated[int, Field(ge=-20, le=20)] | None = None
    lasting: Literal["temp", "perm"] | None = None
    token: Words | None = None
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
    action: Words
    effects: Annotated[list[Effect], Field(min_length=1)]


class Card(Strict):
    tier: Literal[1, 2, 3]
    category: Words
    name: Words
    icon: IconName
    usage: list[Words]
    encounter: Encounter
    hand: Hand | None = None  # a Guardian has none: it never goes to your hand
    layout: SlotOverrides


class Tier(Strict):
    name: Words
    color: Color
    tint: Color


class Category(Strict):
    name: Words
    combat: bool


class BackDesign(Strict):
    icon: IconName
    hint: Words


class Usage(Strict):
    icon: IconName
    label: Words


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
    stat: Words
    loss: Words
    token: Words
    discard: Words
    check: Words
    fallback: Words
    hand: Words
    hand_label: Words
    final_label: Words  # a Guardian's, in place of the hand ability's label
    final: Words  # and its words
    joiner: str


class TokenKind(Strict):
    name: Words
    icon: IconName
    on_gain: list[Effect] = []
    discard: list[Effect]
    extra: Words | None = None


class CountedTokens(Strict):
    copies: Annotated[int, Field(ge=1, le=20)]
    diameter: Annotated[float, Field(ge=12, le=40)]
    kinds: Annotated[list[TokenKind], Field(min_length=1)]


class StatTrack(Strict):
    name: Stat
    icon: IconName
    start: Annotated[int, Field(ge=0, le=20)]
    self: bool
    about: Words
    color: Color


class Limits(Strict):
    lines: list[Words]


class Zone(Strict):
    """A card pile printed at poker-card size on the board, or (`beside`) an area the player keeps
    beside it, only labelled."""

    name: Words
    about: Words
    beside: bool = False


class BoardLayout(Strict):
    """The stat board's sizes in mm that its template cannot say: they depend on counts."""

    row_min: Mm  # a stat's track row: as tall as the paper allows, within these
    row_max: Mm
    others: Mm  # the board's height that is neither the tracks nor the card zones
    about: Annotated[float, Field(ge=0, le=20)]  # below each track: the stat's line
    limit_row: Mm
    zone_gap: Annotated[float, Field(ge=0, le=50)]  # between two zones beside the board
    pile_gap: Annotated[float, Field(ge=0, le=50)]  # at least, between two card zones on the board
    pile_min_w: Mm  # a card zone's width at least, however small the card: room for its name and line
    beside_row: Mm  # a row of zones beside the board
    beside_per_row: Annotated[int, Field(ge=1, le=10)]  # zones to a row beside the board; more take another row
    token_text: Annotated[float, Field(gt=0, le=30)]  # pt, and its floor
    token_text_min: Annotated[float, Field(gt=0, le=30)]


class StatBoard(Strict):
    title: Words
    layout: BoardLayout
    track_max: Annotated[int, Field(ge=3, le=20)]
    self_tag: Words
    stats: Annotated[list[StatTrack], Field(min_length=1)]
    limits: Limits
    zones: list[Zone]


class PunishedCover(CoverText):
    """The print guide's text, with the two setup notes the tiered decks need."""

    guardians: Words
    tiers: Words


class BoardFile(Strict):
    tokens: CountedTokens
    board: StatBoard
    cover: PunishedCover
    templates: Templates = {}
