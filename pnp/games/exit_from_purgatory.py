"""Exit from Purgatory: Apple/Worm/Lantern cards, brain-freeze mats, apple/worm tokens, player aid."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from pnp.games.contract import (
    GAP_ICON,
    AidSides,
    Block,
    BuildContext,
    CardBack,
    CardDesign,
    Color,
    Cover,
    CoverText,
    DocumentSpec,
    Element,
    Elements,
    Game,
    GameSource,
    Icon,
    IconError,
    IconName,
    IconShape,
    IconStore,
    LayoutError,
    Line,
    Piece,
    PieceGroup,
    Problem,
    Promises,
    RulesModel,
    Strict,
    SvgRejected,
    Templates,
    TokenSide,
    Words,
    aid_sides,
    aids_document,
    assembly_for,
    card_back,
    even_star,
    load_file,
    natural_size,
    page_component,
    radial_tips,
    region,
    round_token,
    size_around,
)

FILE = "components.toml"
CARDS_PDF = "cards.pdf"
MATS_PDF = "mats.pdf"


class CardType(CardDesign):
    suit: Annotated[str, Field(min_length=1, max_length=2)]
    substitute: Words
    role: Words | None = None  # the roll's card takes the chosen roll's `lantern` text


class RollText(Strict):
    lantern: Words  # the role printed on the roll's card
    attempt: Words  # the aid's line for the roll


class Roll(Strict):
    """How a challenge is rolled: one reading, printed on the card and the aid and used by the report."""

    rule: Literal["dice", "single-die"]
    card: Words  # the id of the card whose role the roll's text is
    dice: RollText
    single_die: RollText = Field(alias="single-die")

    @property
    def text(self) -> RollText:
        return self.dice if self.rule == "dice" else self.single_die


class FruitTokens(Strict):
    diameter: Annotated[float, Field(ge=12, le=40)]
    apple_icon: IconName
    worm_icon: IconName
    apple_color: Color
    worm_color: Color


class Challenge(Strict):
    letter: Annotated[str, Field(pattern=r"^[A-F]$")]
    name: Words
    summary: Words


class Mat(Strict):
    icon: IconName
    color: Color
    spot_color: Color
    heading: Words
    instructions: Words
    challenges: Annotated[list[Challenge], Field(min_length=6, max_length=6)]
    # how the arms are followed (the pieces themselves are templates)
    leader_room: Annotated[float, Field(ge=0, le=60)]  # mm kept between a label column and the icon
    spot_along: Annotated[float, Field(gt=0, le=1)]  # a token spot's place from the centre to the tip
    badge_gap: Annotated[float, Field(ge=0, le=20)]  # mm from a token spot out to its arm's letter badge
    leader_width: Annotated[float, Field(gt=0, le=5)]  # pt


class TurnAid(Strict):
    title: Words
    setup: Words  # {name}: numbers from rules.toml [facts]
    turn: Annotated[list[Words], Field(min_length=1)]
    after: Words
    exit_roll: Annotated[list[Words], Field(min_length=1)]


class ExitData(Strict):
    back: CardBack
    cards: Annotated[list[CardType], Field(min_length=1)]
    tokens: FruitTokens
    mat: Mat
    aid: TurnAid
    roll: Roll
    cover: CoverText
    templates: Templates = {}

    def role(self, card: CardType) -> str:
        return self.roll.text.lantern if card.id == self.roll.card else card.role or ""


Point = tuple[float, float]
Tips = tuple[Point, list[Point]]
ICON_UNITS = IconShape.view_size  # the side of an icon's box, in the units of its tips


@dataclass(frozen=True)
class Exit:
    data: ExitData
    tips: Tips  # the mat icon's snowflake: centre and six arm tips, from its geometry


def load(source: GameSource, store: IconStore) -> Exit:
    data = load_file(source, FILE, ExitData, store)
    for i, card in enumerate(data.cards):
        if card.role is None and card.id != data.roll.card:
            raise LayoutError(f"exit-from-purgatory/{FILE}:cards[{i}].role: missing: say what the card does")
    letters = "".join(c.letter for c in data.mat.challenges)
    if letters != "ABCDEF":
        raise LayoutError(f"exit-from-purgatory/{FILE}:mat.challenges: letters must run A to F, found {letters}")
    try:
        tips = even_star(6) if data.mat.icon == GAP_ICON else radial_tips(store.shape_of(data.mat.icon), 6)
    except (SvgRejected, IconError) as exc:
        said = f"{exc}; the mat's icon is a shape (an icon or SVG)"
        raise LayoutError(f"exit-from-purgatory/{FILE}:mat.icon: {said}") from None
    return Exit(data, tips)


# -- cards ---------------------------------------------------------------------------------------
def card_face(ctx: BuildContext, card: CardType, i: int, role: str) -> Elements:
    """A card kind's face: the game's `card` template, with the kind's own `layout` laid over."""
    values = {
        "name": card.name,
        "initial": card.name[0],
        "suit": card.suit,
        "icon": card.icon,
        "color": card.color,
        "role": role,
        "substitute": card.substitute,
    }
    return ctx.piece(
        "card", values, ctx.card_w, ctx.card_h, overrides=card.layout, where=(FILE, ("cards", i, "layout"))
    )


# -- mat -----------------------------------------------------------------------------------------
def mat_elements(mat: Mat, tips: Tips, token_d: float, ctx: BuildContext, w: float, h: float) -> Elements:
    """The brain-freeze icon as tall as the mat allows, a letter at each arm's token spot, the spot
    on the arm, and the challenges' names in a column on each side, led to their arms (the templates
    `mat`, `mat-spot`, `mat-badge` and `mat-label` in components.toml; this code follows the arms).
    Names at the sides rather than above and below leave the icon the whole height, so the six
    spots stay a token apart on a half-page mat."""
    (cx, cy), points = tips
    page = ctx.compose("mat", {"heading": mat.heading, "instructions": mat.instructions}, w, h)
    art = region(page, "mat", "art")
    lw, lh = natural_size(ctx, "mat-label")
    size = min(art.h, art.w - 2 * (lw + mat.leader_room))
    scale = size / ICON_UNITS
    ox, oy = art.x + (art.w - size) / 2, art.y + (art.h - size) / 2  # the icon's box on the page (mm)

    def at(px: float, py: float) -> tuple[float, float]:
        return ox + px * scale, oy + (ICON_UNITS - py) * scale

    centre = at(cx, cy)
    out: list[Element] = [
        *page.elements,
        Icon(ref=mat.icon, cx=ox + size / 2, cy=oy + size / 2, size=size, color=mat.color),
    ]
    spot_d = size_around(ctx, "mat-spot", token_d, token_d, slot="token")[0]
    badge_d = natural_size(ctx, "mat-badge")[0]
    arms = []
    for challenge, (px, py) in zip(mat.challenges, points, strict=True):
        tip = at(px, py)
        length = math.hypot(tip[0] - centre[0], tip[1] - centre[1])
        arms.append((challenge, ((tip[0] - centre[0]) / length, (tip[1] - centre[1]) / length), length))
    by_side = sorted(arms, key=lambda arm: arm[1][0])
    for column, lx in ((by_side[:3], art.x), (by_side[3:], art.x + art.w - lw)):
        for row, (challenge, (ux, uy), length) in enumerate(sorted(column, key=lambda arm: -arm[1][1])):
            spot = (centre[0] + ux * length * mat.spot_along, centre[1] + uy * length * mat.spot_along)
            out += ctx.piece(
                "mat-spot", {"color": mat.spot_color}, spot_d, spot_d, at=(spot[0] - spot_d / 2, spot[1] - spot_d / 2)
            )
            reach = length * mat.spot_along + spot_d / 2 + mat.badge_gap + badge_d / 2  # beyond the token
            badge = (centre[0] + ux * reach, centre[1] + uy * reach)
            out += ctx.piece(
                "mat-badge",
                {"letter": challenge.letter, "color": mat.spot_color},
                badge_d,
                badge_d,
                at=(badge[0] - badge_d / 2, badge[1] - badge_d / 2),
            )
            ly = oy + size - lh - row * (size - lh) / 2
            out += [
                Line(
                    x1=badge[0] + ux * badge_d / 2,
                    y1=badge[1] + uy * badge_d / 2,
                    x2=lx + lw if lx < centre[0] else lx,
                    y2=ly + lh / 2,
                    color=mat.spot_color,
                    width=mat.leader_width,
                ),
                *ctx.piece(
                    "mat-label",
                    {"letter": challenge.letter, "name": challenge.name, "color": mat.spot_color},
                    lw,
                    lh,
                    at=(lx, ly),
                ),
            ]
    return tuple(out)


# -- player aid ----------------------------------------------------------------------------------
def aid_card(data: ExitData, ctx: BuildContext, w: float, h: float) -> AidSides:
    """The turn on the front; the six challenges and leaving Purgatory on the back."""
    aid, mat = data.aid, data.mat
    front, back = aid_sides(ctx, title=f"Exit from Purgatory: {aid.title}", color="#33415c", w=w, h=h)
    left_blocks: list[Block] = [
        ("note", ctx.fill(aid.setup, f"exit-from-purgatory/{FILE}:aid.setup")),
        ("heading", "On your turn, do one of:"),
        *(("item", f"{i}. {line}") for i, line in enumerate(aid.turn, start=1)),
        ("note", data.roll.text.attempt),
        ("note", aid.after),
    ]
    right_blocks: list[Block] = [
        ("heading", "The six challenges"),
        *(("item", f"{c.letter} {c.name}: {c.summary}") for c in mat.challenges),
        ("heading", "Leaving Purgatory"),
        *(
            ("item", ctx.fill(line, f"exit-from-purgatory/{FILE}:aid.exit_roll[{i}]"))
            for i, line in enumerate(aid.exit_roll)
        ),
    ]
    return (*front.frame, *front.column.text(left_blocks)), (*back.frame, *back.column.text(right_blocks))


# -- documents -----------------------------------------------------------------------------------
def documents(game: Exit, ctx: BuildContext) -> list[DocumentSpec]:
    data, n = game.data, ctx.players
    tk, b = data.tokens, data.back
    w, h = ctx.card_w, ctx.card_h
    back = card_back(ctx, b, b.title)
    faces = [card_face(ctx, card, i, data.role(card)) for i, card in enumerate(data.cards)]
    cards = [
        Piece(
            kind=card.id,
            name=card.name,
            face=face,
            back=back,
            back_name="lift-back",
            background=card.tint,
            back_background=b.background,
        )
        for card, face in zip(data.cards, faces, strict=True)
        for _ in range(ctx.count(card.id))
    ]
    d = tk.diameter
    token = round_token(
        ctx,
        kind="token",
        name="Apple/Worm token",
        d=d,
        front=TokenSide(icon=tk.apple_icon, color=tk.apple_color, background="#fff7f5"),
        back=TokenSide(icon=tk.worm_icon, color=tk.worm_color, background="#f4f8ec"),
        back_name="worm-side",
    )
    tips = game.tips
    tokens = ctx.count("token")
    counts = ", ".join(f"{ctx.count(c.id)} {c.name}" for c in data.cards)
    notes = assembly_for(data.cover, [CARDS_PDF, MATS_PDF])
    cover_cards = Cover(
        contents=[
            f'{counts} cards for {n} players, each with the common back ("{data.back.title}") behind it.',
            f"{tokens} apple/worm tokens ({d:g} mm): apple on the front, worm on the back; "
            "they start on the last sheet of cards.",
        ],
        assembly=notes[CARDS_PDF],
        bring=[*data.cover.bring, "Pennies (heads: apple) or Othello pieces (pick a colour for apple) work too."],
    )
    cover_mats = Cover(
        contents=[f"{n} brain-freeze scoring mats, one per player; arms A-F carry the six challenges."],
        assembly=notes[MATS_PDF],
    )
    return [
        DocumentSpec(
            filename=CARDS_PDF,
            title="Cards and tokens",
            cover=cover_cards,
            game_title=b.title,
            sections=[
                PieceGroup(title="Cards", pieces=cards, width=w, height=h),
                PieceGroup(title="Tokens", pieces=[token] * tokens, width=d, height=d, shape="round", gap=3),
            ],
        ),
        DocumentSpec(
            filename=MATS_PDF,
            title="Scoring mats",
            cover=cover_mats,
            game_title=b.title,
            sections=[
                page_component(
                    title="Scoring mat",
                    kind="mat",
                    name="Brain-freeze mat",
                    ctx=ctx,
                    copies=ctx.count("mat"),
                    per_page=2,
                    layout=lambda mw, mh: mat_elements(data.mat, tips, d, ctx, mw, mh),
                )
            ],
        ),
        aids_document(game_title=b.title, layout=lambda aw, ah: aid_card(data, ctx, aw, ah), ctx=ctx),
    ]


# -- invariants ----------------------------------------------------------------------------------
def invariants(game: Exit, rules: RulesModel, players: int) -> list[Problem]:
    """The game's own rules, beyond counts."""
    data = game.data
    problems = []
    dealt = rules.facts.get("setup_cards_per_type", 0)
    need = dealt * players
    quantities = rules.quantities(players)
    for card in data.cards:
        have = quantities.get(card.id, 0)
        if have < need:
            problems.append(
                Problem(
                    "exit-from-purgatory",
                    "rules.toml",
                    f"components.{card.id}.per_player",
                    f"setup deals {dealt} {card.name} cards to each player, so the deck is too small",
                    f">= {need}",
                    have,
                )
            )
    ids = {card.id for card in data.cards}
    for missing in sorted({"apple", "worm", "lantern"} - ids):
        problems.append(Problem("exit-from-purgatory", FILE, "cards", f"the {missing} card type is missing"))
    return problems


GAME = Game(
    slug="exit-from-purgatory",
    load=load,
    documents=documents,
    invariants=invariants,
    files=(FILE,),
    models={FILE: ExitData},
    promises=Promises(
        headings=("Components", "Setup", "A turn: do one of these", "Leaving Purgatory: the end", "Example"),
        counts={"apple": "{} Apple", "worm": "{} Worm", "lantern": "{} Lantern", "token": "{} double-sided"},
    ),
    analysis="pnp.analysis.exit_balance:analyse",
)
