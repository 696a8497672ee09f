"""Pieces more than one game prints, built once: card frames and backs, round tokens, pawn standees,
the two-sided player aid and its document, and the print guide's notes picked by file name.

Games compose these from their layout data; the renderer knows none of them. Sizes are mm.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from pnp.errors import LayoutError
from pnp.games import BuildContext
from pnp.geometry import CLEARANCE_MM as CLEARANCE
from pnp.render.columns import Block, text_column
from pnp.render.elements import Box, Element, Elements, Group, Line, Text
from pnp.render.specs import Cover, DocumentSpec, PageComponent, Piece, PieceGroup
from pnp.source.models import CardBack, Color, CoverText, IconName, Mm, PawnSet, PawnTokens, PlayerColours, Strict
from pnp.source.placeholders import counted
from pnp.source.slots import SlotSpec

if TYPE_CHECKING:
    from pnp.render.compose import Composed
    from pnp.render.slotplaces import Area
from pnp.source.tomlfiles import key_text

AIDS_FILE = "aids.pdf"
AID_KIND = "aid"  # the component a player aid counts towards: a card kept by a player, never dealt
FOLD_DASH = (2.0, 1.5)


# -- templates -----------------------------------------------------------------------------------
def region(composed: Composed, template: str, slot: str) -> Area:
    """The box a composed template's `slot` took: a region the game fills in code (a refusal said
    as `file:key: message`, which the build places)."""
    area = composed.areas.get(slot)
    if area is None:
        file, path = composed.where
        raise LayoutError(
            f"{file}:{key_text((*path, 'slots', *slot.split('.')))}: missing: the template "
            f"{template!r} needs this slot, the region the game draws into"
        )
    return area


def size_around(ctx: BuildContext, template: str, w: float, h: float, slot: str = "content") -> tuple[float, float]:
    """The size of a `template` piece whose `slot` is w x h mm: the template says how much room it
    keeps around the slot, so a panel grows with what it holds."""
    found = ctx.templates.get(template)
    if found is None:
        raise LayoutError(
            ctx.finding(("kit.toml", ()), f"no template {template!r} (known: {', '.join(sorted(ctx.templates))})")
        )
    inner = next((s for s in found.slots if s.name == slot), None)
    if inner is None or not (inner.w.share and inner.h.share):
        file, path = inner.where if inner else found.where
        raise LayoutError(
            ctx.finding(
                (file, path),
                f"the slot {slot!r} of template {template!r} must be sized as a share of the piece "
                '(such as "100% - 6mm"): the game sizes the piece around it',
            )
        )
    return (w - inner.w.mm) / inner.w.share, (h - inner.h.mm) / inner.h.share


def natural_size(ctx: BuildContext, template: str) -> tuple[float, float]:
    """The width and height (mm) a `template` gives its pieces, for one the game places itself."""
    found = ctx.templates.get(template)
    if found is None or found.size is None:
        file, path = found.where if found else ("kit.toml", (template,))
        raise LayoutError(
            ctx.finding(
                (file, (*path, "size")),
                f"missing: write size = [width, height] in mm; the game places {template!r} pieces at that size",
            )
        )
    return found.size


# -- panels and grids of spots -------------------------------------------------------------------
class Grid(Strict):
    """Equal square cells in rows, `per_row` to a row (die spots, pips, track boxes)."""

    size: Mm
    per_row: Annotated[int, Field(ge=1, le=50)]
    gap_across: Annotated[float, Field(ge=0, le=100)]
    gap_down: Annotated[float, Field(ge=0, le=100)]

    def span(self, count: int) -> tuple[float, float]:
        """Width and height of `count` cells."""
        across, rows = min(count, self.per_row), -(-count // self.per_row)
        return (across * self.size + (across - 1) * self.gap_across, rows * self.size + (rows - 1) * self.gap_down)

    def cells(self, count: int, left: float, top: float) -> list[tuple[float, float]]:
        """The lower-left corner of each cell, row by row from (left, top)."""
        return [
            (left + c * (self.size + self.gap_across), top - (r + 1) * self.size - r * self.gap_down)
            for r, c in (divmod(i, self.per_row) for i in range(count))
        ]


def panel(
    ctx: BuildContext,
    template: str,
    *,
    at: tuple[float, float],
    size: tuple[float, float],
    color: str,
    overrides: Mapping[str, SlotSpec] | None = None,
    **values: str,
) -> Composed:
    """A framed panel (the kit's `panel`, or a template extending it) of `size` at `at`; its
    `content` region is where the game draws."""
    return ctx.compose(
        template,
        {"color": color, "fill": "", "icon": "", "hint": "", "label": "", **values},
        *size,
        at=at,
        overrides=overrides,
    )


def spots(ctx: BuildContext, grid: Grid, count: int, area: Area, color: str) -> list[Element]:
    """`count` die spots (the kit's `spot`) in rows from the top left of `area`."""
    return [
        e
        for x, y in grid.cells(count, area.x, area.y + area.h)
        for e in ctx.piece("spot", {"color": color}, grid.size, grid.size, at=(x, y))
    ]


# -- cards ---------------------------------------------------------------------------------------
def card_back(ctx: BuildContext, back: CardBack, game_title: str) -> Elements:
    """A deck's common back (the kit's `card-back` template)."""
    return ctx.piece(
        "card-back",
        {"icon": back.icon, "color": back.color, "title": back.title, "tagline": back.tagline or game_title},
        ctx.card_w,
        ctx.card_h,
    )


# -- tokens --------------------------------------------------------------------------------------
class TokenSide(Strict):
    """One side of a round token: an icon on a tinted ground, with a ring in the icon's colour
    (data too: a data-only game writes its tokens' sides)."""

    icon: IconName
    color: Color
    background: Color
    ring: bool = True


def round_token(
    ctx: BuildContext,
    *,
    kind: str,
    name: str,
    d: float,
    front: TokenSide,
    back: TokenSide | None = None,
    back_name: str | None = None,
    template: str = "token",
) -> Piece:
    """A round token of diameter `d`, two-sided when it has a `back`."""

    def side(s: TokenSide) -> Elements:
        return ctx.piece(template, {"icon": s.icon, "color": s.color, "ring": "ring" if s.ring else ""}, d, d)

    return Piece(
        kind=kind,
        name=name,
        face=side(front),
        background=front.background,
        back=side(back) if back else None,
        back_name=back_name,
        back_background=back.background if back else None,
    )


# -- standees ------------------------------------------------------------------------------------
def standee_tab(w: float) -> float:
    """The depth of each base tab: enough foot for a figure of width `w` to stand on card stock."""
    return max(10.0, w * 0.4)


def pawn_boxes(
    pawns: PawnSet, count: int, *, left: float, top: float, per_row: int = 2
) -> list[tuple[float, float, float, float]]:
    """Where `count` pawns stand on their fold-out bases, `per_row` abreast in rows down from
    (left, top): each base's box, CLEARANCE wider than the base all round so a base set down by hand
    fits it, and boxes side by side so neighbouring bases keep twice that apart. (x, y, width, depth)
    in mm, the lower-left corner first."""
    w, d = pawns.width + 2 * CLEARANCE, 2 * standee_tab(pawns.width) + 2 * CLEARANCE
    return [(left + c * w, top - (r + 1) * d, w, d) for r, c in (divmod(i, per_row) for i in range(count))]


def pawn_room(pawns: PawnSet, count: int, per_row: int = 2) -> tuple[float, float]:
    """The width and depth `count` standing pawns take, `per_row` abreast: their boxes' extent."""
    boxes = pawn_boxes(pawns, count, left=0.0, top=0.0, per_row=per_row)
    return max((x + w for x, _, w, _ in boxes), default=0.0), -min((y for _, y, _, _ in boxes), default=0.0)


def standee_piece(
    ctx: BuildContext,
    *,
    kind: str,
    name: str,
    icon: str,
    color: str,
    label: str,
    w: float,
    h: float,
    number: int | None = None,
) -> Piece:
    """A pawn standee of w x h, both sides printed as one strip folded at the head. From the foot:
    a tab, the figure, the figure turned 180 degrees, a tab; glue the figures back to back and fold
    the tabs out, one forward and one back, to make the base. w x (2h + 2 tabs) in all. A player's
    `number`, if given, stands in a white badge so pawns differ without colour (ink saver, grey)."""
    t = standee_tab(w)
    badge = "" if number is None else str(number)
    side = ctx.piece("standee-side", {"icon": icon, "label": label, "number": badge}, w, h)
    tab = ctx.piece("standee-tab", {"color": color}, w, t)
    folds = (t, t + h, t + 2 * h)
    return Piece(
        kind=kind,
        name=name,
        face=(
            Box(x=0, y=t, w=w, h=2 * h, fill=color),  # both figures' ground, at the top level so it bleeds
            Group(elements=tab),
            Group(elements=side, dx=0, dy=t),
            Group(elements=side, dx=w, dy=t + 2 * h, rotate=180),
            Group(elements=tab, dx=w, dy=2 * t + 2 * h, rotate=180),
            *(Line(x1=0, y1=y, x2=w, y2=y, color="#555555", width=0.6, dash=FOLD_DASH) for y in folds),
        ),
        fold="standee",
        folds=folds,
    )


def pawn_name(pawns: PlayerColours, i: int) -> str:
    """Beyond the listed colours (a game may allow more players), colours repeat with a number."""
    name = pawns.names[i % len(pawns.names)]
    return name if i < len(pawns.names) else f"{name} {i // len(pawns.names) + 1}"


def pawn_standees(ctx: BuildContext, pawns: PawnSet, players: int, kind: str = "pawn") -> PieceGroup:
    """One standee per player, in the player's colour, imposed as one section."""
    pieces = [
        standee_piece(
            ctx,
            kind=kind,
            name=f"{pawn_name(pawns, i)} pawn",
            icon=pawns.icon,
            color=pawns.colors[i % len(pawns.colors)],
            label=pawn_name(pawns, i),
            number=i + 1,
            w=pawns.width,
            h=pawns.height,
        )
        for i in range(players)
    ]
    return PieceGroup(
        title="Pawns", pieces=pieces, width=pawns.width, height=2 * pawns.height + 2 * standee_tab(pawns.width), gap=4
    )


# -- flat pawns ----------------------------------------------------------------------------------
def pawn_tokens(ctx: BuildContext, pawns: PawnTokens, players: int, kind: str = "pawn") -> PieceGroup:
    """One flat round pawn per player in the player's colour, numbered so pawns differ without
    colour (ink saver, grey), imposed as one section."""
    d = pawns.diameter
    pieces = [
        Piece(
            kind=kind,
            name=f"{pawn_name(pawns, i)} pawn",
            face=ctx.piece("pawn-token", {"number": str(i + 1)}, d, d),
            background=pawns.colors[i % len(pawns.colors)],
        )
        for i in range(players)
    ]
    return PieceGroup(title="Pawns", pieces=pieces, width=d, height=d, shape="round", gap=2 * CLEARANCE)


def tokens_room(count: int, d: float, across: int) -> tuple[float, float]:
    """The room `count` flat pieces of diameter `d` take `across` abreast, CLEARANCE between them
    and round them: the least a space that holds them all can be."""
    rows = -(-count // across)
    return across * (d + CLEARANCE) + CLEARANCE, rows * (d + CLEARANCE) + CLEARANCE


# -- player aids ---------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class AidColumn:
    """One column of a player aid: x and top, width and height, in mm."""

    x: float
    top: float
    w: float
    h: float
    color: str

    def text(self, blocks: Sequence[Block], top: float | None = None) -> tuple[Text, ...]:
        """Headings and paragraphs from `top` (the column's top by default) to its foot."""
        start = self.top if top is None else top
        return text_column(blocks, self.x, start, self.w, start - (self.top - self.h), heading_color=self.color)


AidSides = tuple[Elements, Elements]
AidLayout = Callable[[float, float], AidSides]  # a side's width and height in mm -> its front and back


@dataclass(frozen=True, kw_only=True)
class AidSide:
    """One side of a player aid: its frame and title, and the column left to fill."""

    frame: Elements
    column: AidColumn


def aid_sides(
    ctx: BuildContext, *, title: str, color: str, w: float, h: float, subtitle: str = ""
) -> tuple[AidSide, AidSide]:
    """The two sides of a player aid card (the kit's `aid` template): the front titled, with the
    subtitle if any; the back untitled, its whole height left to the column. One column a side
    holds what a two-column half page did, on half the paper."""

    def side(head: str, sub: str) -> AidSide:
        composed = ctx.compose("aid", {"title": head, "subtitle": sub, "color": color}, w, h)
        body = region(composed, "aid", "body")
        return AidSide(
            frame=composed.elements, column=AidColumn(x=body.x, top=body.y + body.h, w=body.w, h=body.h, color=color)
        )

    return side(title, subtitle), side("", "")


Drawing = Callable[[float, float], Elements]  # width and height in mm -> what to draw there


def page_component(
    *, title: str, kind: str, name: str, ctx: BuildContext, layout: Drawing, copies: int = 1, per_page: int = 1
) -> PageComponent:
    """A page component laid out for the room a page leaves it, `per_page` to a page."""
    w, h = ctx.component_room(per_page)
    return PageComponent(
        title=title, kind=kind, name=name, elements=layout(w, h), width=w, height=h, copies=copies, per_page=per_page
    )


def aids_document(*, game_title: str, layout: AidLayout, ctx: BuildContext) -> DocumentSpec:
    """A game's player aids as a file of their own, one per player: two-sided cards, four to a
    sheet, where two to a one-sided page took twice the paper."""
    copies = ctx.count("aid")
    w, h = ctx.quarter_room
    face, back = layout(w, h)
    aid = Piece(kind=AID_KIND, name="Player aid", face=face, back=back, back_name="aid-back")
    return DocumentSpec(
        filename=AIDS_FILE,
        title="Player aids",
        game_title=game_title,
        sections=[PieceGroup(title="Player aids", pieces=[aid] * copies, width=w, height=h)],
        cover=Cover(
            contents=[f"{counted(copies, 'player aid|player aids')}, a card printed on both sides."],
            assembly=["Player aids: cut out on the crop marks."],
        ),
    )


# -- the print guide's notes ---------------------------------------------------------------------
def assembly_for(cover: CoverText, files: Sequence[str]) -> Mapping[str, list[str]]:
    """The cut-and-fold notes of each file, named by file in the layout data (`cover.assembly`); a
    note for a file the game does not make is reported by the build (pipeline/obligations.py)."""
    return {name: list(cover.assembly.get(name, [])) for name in files}
