"""Charon's Toll, a pnp game published as its own distribution: obol and passenger cards with one
back, a river board of spaces in a row, the boat pawn and a player aid, all from pnp's kit.

It registers under the `pnp.games` entry-point group (see pyproject.toml); its data ships in
layouts/charons-toll/ beside this module, with its rule document (document.txt).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field

from pnp.games.contract import (
    AidSides,
    Board,
    Box,
    BuildContext,
    CardBack,
    Color,
    Cover,
    DocumentSpec,
    Elements,
    Game,
    GameSource,
    Icon,
    IconName,
    IconStore,
    Line,
    Piece,
    PieceGroup,
    Problem,
    Promises,
    RulesModel,
    Strict,
    Templates,
    Text,
    aid_sides,
    aids_document,
    card_back,
    check_facts,
    load_file,
    standee_piece,
    standee_tab,
)

SLUG = "charons-toll"
FILE = "components.toml"
HERE = Path(__file__).resolve().parent
SPACE = 40.0  # mm: a river space, room for the boat's base and a passenger card's corner


class Obol(Strict):
    icon: IconName
    color: Color
    copies: dict[Annotated[str, Field(pattern=r"^[1-9]$")], Annotated[int, Field(gt=0, le=20)]]


class Passenger(Strict):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    fare: Annotated[int, Field(ge=1, le=4)]


class PassengerLook(Strict):
    icon: IconName
    color: Color


class River(Strict):
    spaces: Annotated[list[Annotated[str, Field(min_length=1, max_length=20)]], Field(min_length=2, max_length=12)]
    color: Color
    icon: IconName


class Boat(Strict):
    icon: IconName
    color: Color
    width: Annotated[float, Field(ge=15, le=40)]
    height: Annotated[float, Field(ge=20, le=50)]


class Aid(Strict):
    rules: Annotated[list[Annotated[str, Field(min_length=1, max_length=300)]], Field(min_length=1)]


class TollData(Strict):
    title: str
    back: CardBack
    obol: Obol
    passengers: list[Passenger]
    passenger: PassengerLook
    river: River
    boat: Boat
    aid: Aid
    templates: Templates = {}


def load(source: GameSource, store: IconStore) -> TollData:
    return load_file(source, FILE, TollData, store)


def river_elements(d: TollData) -> Elements:
    out: list[Box | Line | Icon | Text] = []
    for i, name in enumerate(d.river.spaces):
        x = i * SPACE
        out += [
            Box(x=x + 1, y=1, w=SPACE - 2, h=SPACE - 2, stroke=d.river.color, width=0.8, radius=2),
            Icon(ref=d.river.icon, cx=x + SPACE / 2, cy=SPACE / 2 + 3, size=SPACE * 0.35, color=d.river.color),
            Text(text=name, x=x + 2, y=3, w=SPACE - 4, h=7, size=8, bold=True, color=d.river.color),
        ]
    return tuple(out)


def aid_card(d: TollData, ctx: BuildContext, w: float, h: float) -> AidSides:
    """Your turn on the front of the card, the passengers on its back."""
    front, back = aid_sides(ctx, title=f"{d.title}: player aid", color=d.back.color, w=w, h=h)
    lines = [ctx.fill(line, f"{SLUG}/{FILE}:aid.rules[{i}]") for i, line in enumerate(d.aid.rules)]
    return (
        (*front.frame, *front.column.text([("heading", "Your turn"), *(("item", line) for line in lines[:1])])),
        (*back.frame, *back.column.text([("heading", "Passengers"), *(("item", line) for line in lines[1:])])),
    )


def documents(d: TollData, ctx: BuildContext) -> list[DocumentSpec]:
    w, h = ctx.card_w, ctx.card_h
    back = card_back(ctx, d.back, d.title)
    obol = {"icon": d.obol.icon, "color": d.obol.color}
    obols = [
        piece
        for value, copies in d.obol.copies.items()
        for piece in [
            Piece(
                kind="obol",
                name=f"Obol {value}",
                back=back,
                back_name="toll",
                face=ctx.piece("obol", {**obol, "value": value}, w, h),
            )
        ]
        * (copies * ctx.players)
    ]
    look = {"icon": d.passenger.icon, "color": d.passenger.color}
    passengers = [
        Piece(
            kind="passenger",
            name=p.name,
            back=back,
            back_name="toll",
            face=ctx.piece("passenger", {**look, "name": p.name, "fare": str(p.fare)}, w, h),
        )
        for p in d.passengers
    ]
    boat = standee_piece(
        ctx,
        kind="boat",
        name="Boat",
        icon=d.boat.icon,
        color=d.boat.color,
        label="Boat",
        w=d.boat.width,
        h=d.boat.height,
    )
    river = Board(
        title="River",
        kind="river",
        name="River board",
        width=SPACE * len(d.river.spaces),
        height=SPACE,
        elements=river_elements(d),
    )
    return [
        DocumentSpec(
            filename="cards.pdf",
            title="Cards",
            game_title=d.title,
            sections=[PieceGroup(title="Cards", pieces=obols + passengers, width=w, height=h)],
            cover=Cover(contents=[f"{len(obols)} Obol and {len(passengers)} Passenger cards, one back."]),
        ),
        DocumentSpec(
            filename="river.pdf",
            title="River board and boat",
            game_title=d.title,
            sections=[
                river,
                PieceGroup(
                    title="Boat",
                    pieces=[boat],
                    width=d.boat.width,
                    height=2 * d.boat.height + 2 * standee_tab(d.boat.width),
                ),
            ],
            cover=Cover(
                contents=["The river board and the boat pawn."],
                assembly=["Fold the boat at its head and glue the figures back to back."],
            ),
        ),
        aids_document(game_title=d.title, layout=lambda aw, ah: aid_card(d, ctx, aw, ah), ctx=ctx),
    ]


def invariants(d: TollData, rules: RulesModel, players: int) -> list[Problem]:
    return check_facts(
        SLUG, FILE, rules.facts, [("river_spaces", len(d.river.spaces), "river.spaces", "spaces on the river board")]
    )


GAME = Game(
    slug=SLUG,
    load=load,
    documents=documents,
    invariants=invariants,
    files=(FILE,),
    models={FILE: TollData},
    promises=Promises(
        headings=("Setup", "A turn"), counts={"obol": "{} Obol cards", "passenger": "{} Passenger cards"}
    ),
    folder=HERE / "layouts" / SLUG,
)
