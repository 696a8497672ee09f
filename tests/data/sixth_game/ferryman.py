"""Ferryman, a sixth game added the intended way: this module, its layouts/ folder and one registry
line. Coin and Soul cards with one back, a two-sided lamp token and a player aid, all from the kit."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field

from pnp.components import Cover, DocumentSpec, Piece, PieceSheet
from pnp.games import BuildContext, Game
from pnp.icons import IconStore
from pnp.kit import TokenSide, aid_frame, aids_document, assembly_for, card_back, card_frame, round_token
from pnp.layouts import CardBack, CardDesign, Color, CoverText, IconName, Strict, Text, load_file
from pnp.render.columns import Block
from pnp.render.elements import Elements, Icon
from pnp.render.elements import Text as T
from pnp.rules import Problem, RulesModel

SLUG = "ferryman"
FILE = "components.toml"
CARDS_PDF = "cards.pdf"


class CardKind(CardDesign):
    rule: Text



class Lamp(Strict):
    diameter: Annotated[float, Field(ge=12, le=40)]
    lit_icon: IconName
    dark_icon: IconName
    lit_color: Color
    dark_color: Color


class Aid(Strict):
    turn: Annotated[list[Text], Field(min_length=1)]
    crossing: Annotated[list[Text], Field(min_length=1)]


class FerrymanData(Strict):
    title: Text
    kinds: Annotated[list[CardKind], Field(min_length=2, max_length=2)]
    back: CardBack
    lamp: Lamp
    aid: Aid
    cover: CoverText


def load(folder: Path, store: IconStore) -> FerrymanData:
    return load_file(folder / FILE, FerrymanData, store)


def card_face(kind: CardKind, w: float, h: float) -> Elements:
    return (T(kind.name, 3, h - 14, w - 6, 10, size=16, bold=True, color=kind.color),
            Icon(kind.icon, w / 2, h * 0.5, min(w * 0.6, h * 0.42), kind.color),
            T(kind.rule, 4, 4, w - 8, h * 0.2, size=8, min_size=5.5),
            card_frame(kind.color, w, h))


def aid_elements(d: FerrymanData, ctx: BuildContext, w: float, h: float) -> Elements:
    frame, left, right = aid_frame(title=f"{d.title}: player aid", color=d.back.color, divider="#9aa5b8", w=w, h=h)
    turn: list[Block] = [("heading", "On your turn"), *(("item", ctx.fill(line, f"{SLUG}/{FILE}:aid.turn"))
                                                        for line in d.aid.turn)]
    crossing: list[Block] = [("heading", "The crossing"), *(("item", line) for line in d.aid.crossing)]
    return (*frame, *left.text(turn), *right.text(crossing))


def documents(d: FerrymanData, ctx: BuildContext) -> list[DocumentSpec]:
    w, h, b = ctx.card_w, ctx.card_h, d.back
    back = card_back(b, w, h, d.title)
    cards = [Piece(kind=k.id, name=k.name, face=card_face(k, w, h), back=back, back_name="ferry",
                   background=k.tint, back_background=b.background) for k in d.kinds for _ in range(ctx.count(k.id))]
    lp = d.lamp
    lamp = round_token(kind="lamp", name="Lamp token", d=lp.diameter,
                       front=TokenSide(icon=lp.lit_icon, color=lp.lit_color, background="#fff6d6"),
                       back=TokenSide(icon=lp.dark_icon, color=lp.dark_color, background="#e8e8f0"), back_name="dark")
    notes = assembly_for(d.cover, [CARDS_PDF], f"{SLUG}/{FILE}")
    counts = ", ".join(f"{ctx.count(k.id)} {k.name}" for k in d.kinds)
    return [
        DocumentSpec(filename=CARDS_PDF, title="Cards and lamps", game_title=d.title,
                     sections=[PieceSheet(title="Cards", pieces=cards, width=w, height=h),
                               PieceSheet(title="Lamps", pieces=[lamp] * ctx.count("lamp"), width=lp.diameter,
                                          height=lp.diameter, shape="round", gap=3)],
                     cover=Cover(contents=[f"{counts} cards, one back.", "Lamp tokens: lit on the front."],
                                 assembly=notes[CARDS_PDF], bring=d.cover.bring)),
        aids_document(game_title=d.title, layout=lambda aw, ah: aid_elements(d, ctx, aw, ah), ctx=ctx),
    ]


def invariants(d: FerrymanData, rules: RulesModel, players: int) -> list[Problem]:
    return [Problem(SLUG, FILE, "kinds", f"{k.id} has no count in the rules model")
            for k in d.kinds if k.id not in rules.components]


GAME = Game(slug=SLUG, load=load, documents=documents, invariants=invariants)
