"""The rules reference every game prints: the game's own words in layouts/<game>/reference.toml,
every number filled from the rules model, set in two columns on both sides of one sheet, with
the game's print guide at the foot of the second side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from pnp.errors import LayoutError
from pnp.games import BuildContext
from pnp.games.kit import Drawing, page_component
from pnp.render.columns import Block, Kind, balanced_split, block_heights, column_height, text_column
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
    side: Literal[1, 2]  # where the section goes; up to MOVES sections cross over to keep one text size
    lines: Annotated[list[Words], Field(min_length=1)]


class Reference(Strict):
    title: Words
    color: Color
    sections: Annotated[list[ReferenceSection], Field(min_length=2)]


GUIDE_SIZE = 8.5  # its notes a half point less: no text on the sheet under 8 pt
BODY_SIZE = 11.5
BODY_FLOOR = 8.0  # the rules text shrinks to this at most, on either side
NOTE_ROOM = 7.0  # mm at the foot of side 1 for its pointer to the guide
MOVES = 3  # sections that may move from the side the data gives them to the other, to share the text


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

    filled.sort(key=lambda section: section[0])  # side 1's sections first, each side's in order
    plans: dict[tuple[float, float], tuple[float, int]] = {}

    def layout(side: int) -> Drawing:
        def draw(w: float, h: float) -> tuple[Element, ...]:
            if (w, h) not in plans:
                plans[(w, h)] = _shared(filled, reference.color, guide, w, h)
            size, split = plans[(w, h)]
            part = filled[:split] if side == 1 else filled[split:]
            return _side(reference, part, side, w, h, guide if side == 2 else [], size)

        return draw

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


Section = tuple[int, str, list[str]]


def _blocks(part: Sequence[Section]) -> list[Block]:
    out: list[Block] = []
    for _, heading, lines in part:
        out += [("heading", heading), *(("item", line) for line in lines)]
    return out


def _shared(
    sections: Sequence[Section], color: str, guide: list[tuple[Kind, str]], w: float, h: float
) -> tuple[float, int]:
    """One text size for both sides and where side 2 begins: the largest size down to BODY_FLOOR at
    which the sections fit, side 1 taking those the data puts there, or up to MOVES more or fewer
    (a half-empty side 1 takes text from a side 2 the guide fills)."""
    col, rooms = _columns(w, h, _guide(guide, w, color)[0] if guide else 0.0)
    given = sum(1 for section in sections if section[0] == 1)
    splits = sorted((k for k in range(len(sections) + 1) if abs(k - given) <= MOVES), key=lambda k: abs(k - given))
    size = BODY_SIZE
    while size >= BODY_FLOOR:  # in quarter points, exact in binary
        for k in splits:
            parts = (_blocks(sections[:k]), _blocks(sections[k:]))
            if all(_two_columns(part, col, size, room) is not None for part, room in zip(parts, rooms, strict=True)):
                return size, k
        size -= 0.25
    raise LayoutError(
        f"{REFERENCE_FILE}:sections: the rules do not fit both sides of the sheet at {BODY_FLOOR:g} pt; shorten them"
    )


def _two_columns(blocks: list[Block], w: float, size: float, room: float) -> int | None:
    """Where `blocks` break into two columns `room` tall at `size`, the taller as short as can be
    and never just after a heading; None when they do not fit."""
    heights = block_heights(blocks, w, size)

    def column(i: int, j: int) -> float:
        return sum(height for height, _ in heights[i:j]) + sum(above for _, above in heights[i + 1 : j])

    breaks = [k for k in range(len(blocks) + 1) if k == 0 or blocks[k - 1][0] != "heading"]
    best = min(breaks, key=lambda k: max(column(0, k), column(k, len(blocks))))
    return best if max(column(0, best), column(best, len(blocks))) <= room else None


def _columns(w: float, h: float, guide: float) -> tuple[float, tuple[float, float]]:
    """A column's width, and its height on side 1 (above the pointer to the guide) and on side 2
    (above the guide's panel, `guide` mm tall with its margin)."""
    top = h - 18  # below the title, above the foot's margin
    return (w - 14) / 2, (top - NOTE_ROOM, top - guide)


def _side(
    reference: Reference,
    sections: Sequence[Section],
    side: int,
    w: float,
    h: float,
    guide: list[tuple[Kind, str]],
    size: float,
) -> tuple[Element, ...]:
    """Two columns at `size`, broken where they are most even; the print guide, when given, in a
    panel of its own two columns across the foot."""
    blocks = _blocks(sections)
    low, panel = _guide(guide, w, reference.color) if guide else (0.0, ())
    col, (first, second) = _columns(w, h, low)
    room = second if guide else first  # side 2 holds the guide
    split = _two_columns(blocks, col, size, room)
    if split is None:
        raise LayoutError(f"{REFERENCE_FILE}:sections: side {side} of the rules does not fit at {size:g} pt")
    title = reference.title if side == 1 else f"{reference.title} (continued)"
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
                size=BODY_FLOOR,
                align="left",
                color="#555555",
            ),
        )
    )
    low = low if guide else NOTE_ROOM  # what the rules stand on: the guide, or the pointer to it
    return (
        Box(x=0, y=0, w=w, h=h, stroke=reference.color, width=0.8, radius=3),
        T(text=title, x=4, y=h - 11, w=w - 8, h=9, size=14, bold=True, align="left", color=reference.color),
        *text_column(blocks[:split], 4, h - 15, col, room, size=size, min_size=size, heading_color=reference.color),
        Line(x1=w / 2, y1=4 + low, x2=w / 2, y2=h - 15, color="#b8b8b8", width=0.5),
        *text_column(
            blocks[split:], w / 2 + 3, h - 15, col, room, size=size, min_size=size, heading_color=reference.color
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
