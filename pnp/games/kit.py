"""Pieces more than one game prints, built once: card frames and backs, round tokens, pawn standees,
the two-column player aid and its document, and the print guide's notes picked by file name.

Games compose these from their layout data; the renderer knows none of them. Sizes are mm.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pnp.errors import LayoutError
from pnp.games import BuildContext
from pnp.render.columns import Block, text_column
from pnp.render.components import Cover, DocumentSpec, Piece, PieceSheet, Sheet
from pnp.render.elements import Box, Circle, Element, Elements, Group, Icon, Line, Text
from pnp.source.models import CardBack, CoverText, PawnSet

AIDS_FILE = "aids.pdf"
FOLD_DASH = (2.0, 1.5)


# -- cards ---------------------------------------------------------------------------------------
def card_frame(color: str, w: float, h: float, width: float = 1.2) -> Box:
    """The coloured border just inside a card's cut, so a slightly off cut still looks framed."""
    return Box(1.2, 1.2, w - 2.4, h - 2.4, stroke=color, width=width, radius=2.5)


def back_frame(color: str, w: float, h: float) -> Box:
    """The thin border of a card back, further in than a face's: backs are cut from the front."""
    return Box(3, 3, w - 6, h - 6, stroke=color, width=0.8, radius=2.5)


def card_back(back: CardBack, w: float, h: float, game_title: str) -> Elements:
    """A deck's common back: its icon large, its title and a tagline beneath."""
    return (
        back_frame(back.color, w, h),
        Icon(back.icon, w / 2, h * 0.55, min(w * 0.62, h * 0.44), back.color),
        Text(back.title, 5, h * 0.15, w - 10, h * 0.09, size=13, bold=True, color=back.color),
        Text(back.tagline or game_title, 5, h * 0.075, w - 10, h * 0.07, size=7.5, color=back.color),
    )


# -- tokens --------------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class TokenSide:
    """One side of a round token: an icon on a tinted ground, with a ring in the icon's colour."""

    icon: str
    color: str
    background: str
    ring: bool = True
    icon_scale: float = 0.62


def _token_side(side: TokenSide, d: float) -> Elements:
    ring = (Circle(d / 2, d / 2, d / 2 - 1.2, stroke=side.color, width=1.2),) if side.ring else ()
    return (*ring, Icon(side.icon, d / 2, d / 2, d * side.icon_scale, side.color))


def round_token(*, kind: str, name: str, d: float, front: TokenSide, back: TokenSide | None = None,
                back_name: str | None = None) -> Piece:
    """A round token of diameter `d`, two-sided when it has a `back`."""
    return Piece(kind=kind, name=name, face=_token_side(front, d), background=front.background,
                 back=_token_side(back, d) if back else None, back_name=back_name,
                 back_background=back.background if back else None)


# -- standees ------------------------------------------------------------------------------------
def standee_tab(w: float) -> float:
    """The depth of each base tab: enough foot for a figure of width `w` to stand on card stock."""
    return max(10.0, w * 0.4)


def standee_piece(*, kind: str, name: str, icon: str, color: str, label: str, w: float, h: float) -> Piece:
    """A pawn standee of w x h, both sides printed as one strip folded at the head. From the foot:
    a tab, the figure, the figure turned 180 degrees, a tab; glue the figures back to back and fold
    the tabs out, one forward and one back, to make the base. w x (2h + 2 tabs) in all."""
    t = standee_tab(w)
    side = (
        Icon(icon, w / 2, h * 0.58, min(w * 0.8, h * 0.6), "#ffffff"),
        Text(label, 1, 1.5, w - 2, h * 0.18, size=8, bold=True, color="#ffffff"),
    )
    tab = (Box(0, 0, w, t, fill="#ffffff", stroke=color, width=0.8),
           Text("fold out: base", 1, t / 2 - 2, w - 2, 4, size=5.5, min_size=5, color=color))
    return Piece(kind=kind, name=name, face=(
        Box(0, t, w, 2 * h, fill=color),            # both figures' ground, at the top level so it bleeds
        Group(tab),
        Group(side, dx=0, dy=t),
        Group(side, dx=w, dy=t + 2 * h, rotate=180),
        Group(tab, dx=w, dy=2 * t + 2 * h, rotate=180),
        *(Line(0, y, w, y, color="#555555", width=0.6, dash=FOLD_DASH) for y in (t, t + h, t + 2 * h)),
    ), fold="standee")


def pawn_name(pawns: PawnSet, i: int) -> str:
    """Beyond the listed colours (a game may allow more players), colours repeat with a number."""
    name = pawns.names[i % len(pawns.names)]
    return name if i < len(pawns.names) else f"{name} {i // len(pawns.names) + 1}"


def pawn_standees(pawns: PawnSet, players: int, kind: str = "pawn") -> PieceSheet:
    """One standee per player, in the player's colour, imposed as one section."""
    pieces = [standee_piece(kind=kind, name=f"{pawn_name(pawns, i)} pawn", icon=pawns.icon,
                            color=pawns.colors[i % len(pawns.colors)], label=pawn_name(pawns, i),
                            w=pawns.width, h=pawns.height) for i in range(players)]
    return PieceSheet(title="Pawns", pieces=pieces, width=pawns.width,
                      height=2 * pawns.height + 2 * standee_tab(pawns.width), gap=4)


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


def aid_frame(*, title: str, color: str, divider: str, w: float, h: float,
              subtitle: str | None = None) -> tuple[Elements, AidColumn, AidColumn]:
    """A player aid's border, title and the rule between its two columns; the columns to fill."""
    head = 14.0 if subtitle is None else 19.0
    frame: list[Element] = [Box(0, 0, w, h, stroke=color, width=0.8, radius=3),
                            Text(title, 4, h - 11, w - 8, 9, size=13, bold=True, align="left")]
    if subtitle is not None:
        frame.append(Text(subtitle, 4, h - 17, w - 8, 5, size=8.5, bold=True, align="left"))
    frame.append(Line(w / 2, 4, w / 2, h - head, color=divider, width=0.5))
    col = (w - 14) / 2
    return (tuple(frame), AidColumn(x=4, top=h - head, w=col, h=h - head - 3, color=color),
            AidColumn(x=w / 2 + 3, top=h - head, w=col, h=h - head - 3, color=color))


Layout = Callable[[float, float], Elements]     # width and height in mm -> what to draw there


def sheet(*, title: str, kind: str, name: str, ctx: BuildContext, layout: Layout, copies: int = 1,
          per_page: int = 1) -> Sheet:
    """A page component laid out for the room a page leaves it, `per_page` to a page."""
    w, h = ctx.sheet_room(per_page)
    return Sheet(title=title, kind=kind, name=name, elements=layout(w, h), width=w, height=h, copies=copies,
                 per_page=per_page)


def aid_sheet(layout: Layout, ctx: BuildContext, copies: int) -> Sheet:
    """Player aids, two to a page with a cut line between."""
    return sheet(title="Player aid", kind="aid", name="Player aid", ctx=ctx, layout=layout, copies=copies,
                 per_page=2)


def aid_contents(copies: int) -> str:
    return f"{copies} player aids, two to a page."


def aids_document(*, game_title: str, layout: Layout, ctx: BuildContext) -> DocumentSpec:
    """A game's player aids as a file of their own, one per player."""
    copies = ctx.count("aid")
    return DocumentSpec(filename=AIDS_FILE, title="Player aids", sections=[aid_sheet(layout, ctx, copies)],
                        cover=Cover(contents=[aid_contents(copies)],
                                    assembly=["Cut the page in two on the dashed line."]),
                        game_title=game_title)


# -- the print guide's notes ---------------------------------------------------------------------
def assembly_for(cover: CoverText, files: Sequence[str], where: str) -> Mapping[str, list[str]]:
    """The cut-and-fold notes of each file, named by file in the layout data (`cover.assembly`):
    a note for a file the game does not make is refused, not silently moved into another PDF."""
    unknown = sorted(set(cover.assembly) - set(files))
    if unknown:
        raise LayoutError(f"{where}:cover.assembly.{unknown[0]}: no such file (this game makes "
                          f"{', '.join(files)})")
    return {name: list(cover.assembly.get(name, [])) for name in files}
