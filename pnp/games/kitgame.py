"""A game made only of the kit's pieces, described by its data folder alone: no Python of its own.

Its manifest, `game.toml`, says what it is made of: kinds of cards with one back, tokens (two-sided
when they have a back), pawn standees, a track of numbered spaces and a player aid. Each piece is
drawn from the kit's templates, which the manifest may override like any game's data. The rules
model (rules.toml) says how many of each; the rules sheet is reference.toml, as for every game.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Annotated

from pydantic import Field

from pnp.games import DATA_GAME, BuildContext, Game, Promises
from pnp.games.kit import (
    AidSides,
    TokenSide,
    aid_sides,
    aids_document,
    assembly_for,
    card_back,
    pawn_standees,
    round_token,
)
from pnp.render.columns import Block
from pnp.render.elements import WHITE, Element, Group, Line
from pnp.render.specs import Board, Cover, DocumentSpec, Piece, PieceGroup, Section
from pnp.source.gamesource import GameSource, Problem
from pnp.source.icons import IconStore
from pnp.source.models import CardBack, CardDesign, Color, CoverText, PawnSet, Strict, Templates, Words, load_file
from pnp.source.rules import RulesModel

MANIFEST = DATA_GAME
CARDS_PDF = "cards.pdf"
PIECES_PDF = "pieces.pdf"
TRACK_GAP = 6.0  # mm between two spaces of the track, where its line runs


class KitCard(CardDesign):
    """A kind of card: the component `id` rules.toml counts, drawn with `template` (the kit's
    simple `card` unless the manifest names its own)."""

    text: Words = ""
    template: str = "card"


class KitToken(Strict):
    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    name: Words
    diameter: Annotated[float, Field(ge=10, le=60)]
    front: TokenSide
    back: TokenSide | None = None
    template: str = "token"


class KitTrack(Strict):
    """Numbered spaces in rows that snake back and forth; `labels` names spaces by number."""

    spaces: Annotated[int, Field(ge=2, le=60)]
    space: Annotated[float, Field(ge=15, le=60)]
    columns: Annotated[int, Field(ge=1, le=12)]
    color: Color
    labels: dict[str, Words] = {}
    template: str = "track-space"


class AidSection(Strict):
    heading: Words
    lines: list[Words]
    column: Annotated[int, Field(ge=1, le=2)] = 1  # 1: on the aid card's front, 2: on its back


class KitAid(Strict):
    title: Words
    color: Color
    sections: Annotated[list[AidSection], Field(min_length=1)]


class KitGameData(Strict):
    title: Words
    back: CardBack
    cards: list[KitCard] = []
    tokens: list[KitToken] = []
    pawns: PawnSet | None = None
    track: KitTrack | None = None
    aid: KitAid | None = None
    cover: CoverText
    templates: Templates = {}


def load(source: GameSource, store: IconStore) -> KitGameData:
    return load_file(source, MANIFEST, KitGameData, store)


def track_board(ctx: BuildContext, t: KitTrack) -> Board:
    """The spaces left to right, then right to left on the row above, and so on, joined by a line."""
    rows = -(-t.spaces // t.columns)
    pitch = t.space + TRACK_GAP
    width, height = t.columns * pitch, rows * pitch
    centres = []
    for n in range(t.spaces):
        row, col = divmod(n, t.columns)
        col = col if row % 2 == 0 else t.columns - 1 - col
        centres.append(((col + 0.5) * pitch, (row + 0.5) * pitch))
    out: list[Element] = [
        Line(x1=x1, y1=y1, x2=x2, y2=y2, color=t.color, width=2) for (x1, y1), (x2, y2) in pairwise(centres)
    ]
    for n, (x, y) in enumerate(centres, start=1):
        label = t.labels.get(str(n), str(n))
        space = ctx.piece(
            t.template,
            {"number": label, "color": t.color},
            t.space,
            t.space,
            named_at=(MANIFEST, ("track", "template")),
        )
        out.append(Group(elements=space, dx=x - t.space / 2, dy=y - t.space / 2))
    return Board(
        title="Track", kind="track", name="Track", width=width, height=height, elements=tuple(out), background=WHITE
    )


def aid_card(ctx: BuildContext, d: KitGameData, aid: KitAid, w: float, h: float) -> AidSides:
    """Column 1's sections on the front of the card, column 2's on the back."""
    front, back = aid_sides(ctx, title=f"{d.title}: {aid.title}", color=aid.color, w=w, h=h)
    columns: dict[int, list[Block]] = {1: [], 2: []}
    for i, section in enumerate(aid.sections):
        columns[section.column] += [
            ("heading", section.heading),
            *(
                ("item", ctx.fill(line, f"{MANIFEST}:aid.sections[{i}].lines[{k}]"))
                for k, line in enumerate(section.lines)
            ),
        ]
    return (*front.frame, *front.column.text(columns[1])), (*back.frame, *back.column.text(columns[2]))


def documents(d: KitGameData, ctx: BuildContext) -> list[DocumentSpec]:
    files = [CARDS_PDF] + ([PIECES_PDF] if d.pawns or d.track else [])
    notes = assembly_for(d.cover, files)
    docs = [
        DocumentSpec(
            filename=CARDS_PDF,
            title="Cards and tokens",
            game_title=d.title,
            sections=[
                PieceGroup(title="Cards", pieces=_cards(d, ctx), width=ctx.card_w, height=ctx.card_h),
                *_tokens(d, ctx),
            ],
            cover=Cover(
                contents=[f"{ctx.count(c.id)} {c.name} cards" for c in d.cards]
                + [f"{ctx.count(t.id)} {t.name}s" for t in d.tokens],
                assembly=notes[CARDS_PDF],
                bring=d.cover.bring,
                notes=d.cover.notes,
            ),
        )
    ]
    pieces: list[Section] = []
    if d.pawns is not None:
        pieces.append(pawn_standees(ctx, d.pawns, ctx.count("pawn")))
    if d.track is not None:
        pieces.append(track_board(ctx, d.track))
    if pieces:
        docs.append(
            DocumentSpec(
                filename=PIECES_PDF,
                title="Pawns and track",
                game_title=d.title,
                sections=pieces,
                cover=Cover(contents=[section.title for section in pieces], assembly=notes[PIECES_PDF]),
            )
        )
    aid = d.aid
    if aid is not None:
        docs.append(aids_document(game_title=d.title, ctx=ctx, layout=lambda w, h: aid_card(ctx, d, aid, w, h)))
    return docs


def _cards(d: KitGameData, ctx: BuildContext) -> list[Piece]:
    """Every card kind's design, as many of each as the rules model counts, behind the one back."""
    back = card_back(ctx, d.back, d.title)
    designs = [
        Piece(
            kind=card.id,
            name=card.name,
            back=back,
            back_name="back",
            background=card.tint,
            back_background=d.back.background,
            face=ctx.piece(
                card.template,
                {
                    "name": card.name,
                    "icon": card.icon,
                    "color": card.color,
                    "text": ctx.fill(card.text, f"{MANIFEST}:cards[{i}].text"),
                },
                ctx.card_w,
                ctx.card_h,
                overrides=card.layout,
                where=(MANIFEST, ("cards", i, "layout")),
                named_at=(MANIFEST, ("cards", i, "template")),
            ),
        )
        for i, card in enumerate(d.cards)
    ]
    return [design for design in designs for _ in range(ctx.count(design.kind))]


def _tokens(d: KitGameData, ctx: BuildContext) -> list[Section]:
    """Each kind of token, two-sided when it has a back, as many as the rules model counts."""
    return [
        PieceGroup(
            title=f"{token.name}s",
            shape="round",
            gap=3,
            width=token.diameter,
            height=token.diameter,
            pieces=[
                round_token(
                    ctx,
                    kind=token.id,
                    name=token.name,
                    d=token.diameter,
                    template=token.template,
                    front=token.front,
                    back=token.back,
                    back_name=f"{token.id}-back" if token.back else None,
                )
            ]
            * ctx.count(token.id),
        )
        for token in d.tokens
    ]


def no_invariants(d: KitGameData, rules: RulesModel, players: int) -> list[Problem]:
    """A data-only game's rules are its counts, which every build checks."""
    return []


def kit_game(slug: str, folder: Path) -> Game[KitGameData]:
    """The game in `folder`, named `slug`."""
    return Game(
        slug=slug,
        load=load,
        documents=documents,
        invariants=no_invariants,
        files=(MANIFEST,),
        models={MANIFEST: KitGameData},
        promises=Promises(),
        folder=folder,
    )
