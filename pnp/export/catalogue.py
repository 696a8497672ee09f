"""What a game offers an export: its decks of cards, its other pieces, its boards and its sheets,
taken from the same plan a build draws."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pnp.errors import UsageProblem
from pnp.games.kit import AID_KIND
from pnp.render.elements import Element
from pnp.render.specs import Board, PageComponent, Piece, PieceGroup
from pnp.source.icons import IconStore
from pnp.source.settings import Settings

Side = tuple[tuple[Element, ...], str | None]  # elements and the background colour behind them


@dataclass(frozen=True, kw_only=True)
class ExportDeck:
    """Cards of one size cut with bleed: what a print shop prints and a virtual table deals."""

    title: str
    pieces: list[Piece]
    w: float
    h: float
    margin: float = 0.0  # mm around the laid-out card to its trim: a print shop's safe area

    def pairs(self) -> list[CardPair]:
        """Each distinct card (its face with its back) and how many of it the deck holds, in the
        order they first appear."""
        counts: Counter[Piece] = Counter(self.pieces)
        return [CardPair(piece=piece, count=count) for piece, count in counts.items()]


@dataclass(frozen=True, kw_only=True)
class CardPair:
    """One design of a deck: what its front and its back show, and its copies."""

    piece: Piece
    count: int

    @property
    def face(self) -> Side:
        return self.piece.face, self.piece.background

    @property
    def back(self) -> Side:
        assert self.piece.back is not None  # a deck's cards all have backs (`is_deck`)
        return self.piece.back, self.piece.back_background


@dataclass(frozen=True, kw_only=True)
class PieceSet:
    """Tokens, trackers and pawns: pieces a virtual table shows as tiles or figures."""

    title: str
    pieces: list[Piece]
    w: float
    h: float
    shape: str
    piles: bool  # tokens of the rules model, which players heap up on the table


@dataclass(frozen=True, kw_only=True)
class Flat:
    """A board or a sheet (mat, aid, gamesheet) as one picture, `copies` of it on the table."""

    title: str
    name: str
    elements: tuple[Element, ...]
    background: str | None
    w: float
    h: float
    copies: int


@dataclass(frozen=True, kw_only=True)
class Catalogue:
    game: str
    title: str
    decks: list[ExportDeck]
    pieces: list[PieceSet]
    flats: list[Flat]


def catalogue(slug: str, settings: Settings, store: IconStore) -> Catalogue:
    """Every exportable thing of the game, in the order its files print them."""
    from pnp.pipeline.build import plan_game

    plan = plan_game(slug, settings, store)
    decks, pieces, flats = [], [], []
    for spec in plan.specs:
        for section in spec.sections:
            if isinstance(section, PieceGroup) and is_deck(section):
                decks.append(ExportDeck(title=section.title, pieces=section.pieces, w=section.width, h=section.height))
            elif isinstance(section, PieceGroup):
                kinds = plan.rules.components
                piles = all(p.kind in kinds and kinds[p.kind].kind == "token" for p in section.pieces)
                pieces.append(
                    PieceSet(
                        title=section.title,
                        pieces=section.pieces,
                        w=section.width,
                        h=section.height,
                        shape=section.shape,
                        piles=piles,
                    )
                )
            elif isinstance(section, Board):
                flats.append(
                    Flat(
                        title=section.title,
                        name=section.name,
                        elements=section.elements,
                        background=section.background,
                        w=section.width,
                        h=section.height,
                        copies=1,
                    )
                )
            elif isinstance(section, PageComponent):
                flats.append(
                    Flat(
                        title=section.title,
                        name=section.name,
                        elements=section.elements,
                        background=None,
                        w=section.width,
                        h=section.height,
                        copies=max(section.copies, 1),
                    )
                )
    return Catalogue(game=slug, title=plan.rules.game.title, decks=decks, pieces=pieces, flats=flats)


def is_deck(section: PieceGroup) -> bool:
    """Cards: rectangles with a back each, dealt and shuffled, cut with bleed at a print shop (a
    player aid has two sides and bleeds, but is kept, not dealt)."""
    return (
        section.shape == "rect"
        and section.bleeds
        and all(p.back is not None and p.fold == "none" and p.kind != AID_KIND for p in section.pieces)
    )


def require_decks(found: Catalogue) -> list[ExportDeck]:
    if not found.decks:
        raise UsageProblem(f"{found.game} has no cards to export (its pieces are boards, sheets and tokens)")
    return found.decks
