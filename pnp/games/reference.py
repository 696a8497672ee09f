"""The rules reference every game prints: the game's own words in layouts/<game>/reference.toml,
every number filled from the rules model, set in two columns on both sides of one sheet, with
the game's print guide at the foot of the second side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from pnp.games import BuildContext
from pnp.games.kit import Drawing, page_component
from pnp.render.columns import Block, Kind, balanced_split, column_height, text_column
from pnp.render.elements import Box, Element, Line
from pnp.render.elements import Text as T
from pnp.render.specs import DocumentSpec
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.models import Color, Strict, Words, load_file
from pnp.source.rules import REFERENCE_KIND

REFERENCE_FILE = "reference.toml"
FILENAME = "rules.pdf"
TITLE = "Rules reference and print guide"


class ReferenceSection(Strict):
    heading: Words
    side: Literal[1, 2]
    lines: Annotated[list[Words], Field(min_length=1)]


class Reference(Strict):
    title: Words
    color: Color
    sections: Annotated[list[ReferenceSection], Field(min_length=2)]


GUIDE_SIZE = 7.5


def reference_document(
    source: GameSource, store: IconStore, ctx: BuildContext, game_title: str, guide: list[tuple[Kind, str]]
) -> DocumentSpec:
    """rules.pdf, from the game's reference.toml: side 1 and side 2 of one sheet."""
    game = source.slug
    reference = load_file(source, REFERENCE_FILE, Reference, store)
    where = f"{game}/{REFERENCE_FILE}:sections"
    filled = [
        (
            section.side,
            ctx.fill(section.heading, f"{where}[{i}].heading"),
            [ctx.fill(line, f"{where}[{i}].lines[{j}]") for j, line in enumerate(section.lines)],
        )
        for i, section in enumerate(reference.sections)
    ]

    def layout(side: int) -> Drawing:
        part = [f for f in filled if f[0] == side]
        return lambda w, h: _side(reference, part, side, w, h, guide if side == 2 else [])

    sides = [
        page_component(
            title=f"Rules reference {side}/2",
            kind=REFERENCE_KIND,
            name=f"Rules reference, side {side}",
            ctx=ctx,
            layout=layout(side),
        )
        for side in (1, 2)
    ]
    return DocumentSpec(
        filename=FILENAME, title=TITLE, sections=list(sides), cover=None, game_title=game_title, both_sides=True
    )


def _side(
    reference: Reference,
    sections: Sequence[tuple[int, str, list[str]]],
    side: int,
    w: float,
    h: float,
    guide: list[tuple[Kind, str]],
) -> tuple[Element, ...]:
    """Two columns, the sections split where the text is about half way; the print guide, when
    given, in a panel of its own two columns across the foot."""
    col = (w - 14) / 2
    sizes = [len(heading) + sum(len(line) for line in lines) for _, heading, lines in sections]
    split, running = len(sections), 0
    for i, size in enumerate(sizes):
        if running + size / 2 > sum(sizes) / 2:
            split = max(1, i)
            break
        running += size

    def blocks(part: Sequence[tuple[int, str, list[str]]]) -> list[Block]:
        out: list[Block] = []
        for _, heading, lines in part:
            out += [("heading", heading), *(("item", line) for line in lines)]
        return out

    title = reference.title if side == 1 else f"{reference.title} (continued)"
    low, panel = _guide(guide, w, reference.color) if guide else (0.0, ())
    note = (
        ()
        if side == 2
        else (
            T(
                text="Which files to print, and how: the print guide is in part 2 of this rules reference (2/2).",
                x=4,
                y=2,
                w=w - 8,
                h=4,
                size=7.5,
                align="left",
                color="#555555",
            ),
        )
    )
    low = max(low, 7.0 if note else 0.0)
    return (
        Box(x=0, y=0, w=w, h=h, stroke=reference.color, width=0.8, radius=3),
        T(text=title, x=4, y=h - 11, w=w - 8, h=9, size=14, bold=True, align="left", color=reference.color),
        *text_column(blocks(sections[:split]), 4, h - 15, col, h - 18 - low, size=11.5, heading_color=reference.color),
        Line(x1=w / 2, y1=4 + low, x2=w / 2, y2=h - 15, color="#b8b8b8", width=0.5),
        *text_column(
            blocks(sections[split:]), w / 2 + 3, h - 15, col, h - 18 - low, size=11.5, heading_color=reference.color
        ),
        *panel,
        *note,
    )


def _guide(guide: list[tuple[Kind, str]], w: float, color: str) -> tuple[float, tuple[Element, ...]]:
    """The print guide panel: a box at the foot of the side, its text in two balanced columns."""
    col = (w - 20) / 2
    k = balanced_split(guide, col, GUIDE_SIZE)
    height = max(column_height(guide[:k], col, GUIDE_SIZE), column_height(guide[k:], col, GUIDE_SIZE)) + 13
    return height + 6, (
        Box(x=3, y=3, w=w - 6, h=height, fill="#f7f5f2", stroke=color, width=0.6, radius=2),
        T(text="Print guide", x=7, y=height - 6, w=w - 14, h=6, size=11, bold=True, align="left", color=color),
        *text_column(guide[:k], 7, height - 7, col, height - 9, size=GUIDE_SIZE, heading_color=color),
        *text_column(guide[k:], w / 2 + 3, height - 7, col, height - 9, size=GUIDE_SIZE, heading_color=color),
    )
