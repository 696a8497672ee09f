"""The rules reference every game prints: the game's own words in layouts/<game>/reference.toml,
every number filled from the rules model, set in two columns on both sides of one sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from pnp.components import DocumentSpec, Sheet
from pnp.games import BuildContext
from pnp.icons import IconStore
from pnp.layouts import Color, Strict, Text, load_file
from pnp.render.columns import text_column
from pnp.render.elements import Box, Element, Line, Text as T

REFERENCE_FILE = "reference.toml"
REFERENCE_KIND = "reference"
FILENAME = "rules.pdf"


class ReferenceSection(Strict):
    heading: Text
    side: Literal[1, 2]
    lines: Annotated[list[Text], Field(min_length=1)]


class Reference(Strict):
    title: Text
    color: Color
    sections: Annotated[list[ReferenceSection], Field(min_length=2)]


def reference_document(folder: Path, store: IconStore, ctx: BuildContext, game: str,
                       game_title: str) -> DocumentSpec | None:
    """rules.pdf, when the game has a reference.toml: side 1 and side 2 of one sheet."""
    path = folder / REFERENCE_FILE
    if not path.exists():
        return None
    reference = load_file(path, Reference, store)
    where = f"{game}/{REFERENCE_FILE}:sections"
    filled = [(section.side, ctx.fill(section.heading, f"{where}[{i}].heading"),
               [ctx.fill(line, f"{where}[{i}].lines[{j}]") for j, line in enumerate(section.lines)])
              for i, section in enumerate(reference.sections)]
    sheets = [Sheet(f"Rules reference {side}/2", REFERENCE_KIND, f"Rules reference, side {side}",
                    lambda w, h, side=side: _side(reference, [f for f in filled if f[0] == side], side, w, h))
              for side in (1, 2)]
    return DocumentSpec(FILENAME, "Rules reference", list(sheets), None, game_title, both_sides=True)


def _side(reference: Reference, sections: list[tuple[int, str, list[str]]], side: int, w: float,
          h: float) -> tuple[Element, ...]:
    """Two columns, the sections split where the text is about half way."""
    col = (w - 14) / 2
    sizes = [len(heading) + sum(len(line) for line in lines) for _, heading, lines in sections]
    split, running = len(sections), 0
    for i, size in enumerate(sizes):
        if running + size / 2 > sum(sizes) / 2:
            split = max(1, i)
            break
        running += size

    def blocks(part: list[tuple[int, str, list[str]]]) -> list:
        return [block for _, heading, lines in part
                for block in [("heading", heading)] + [("item", line) for line in lines]]

    title = reference.title if side == 1 else f"{reference.title} (continued)"
    return (Box(0, 0, w, h, stroke=reference.color, width=0.8, radius=3),
            T(title, 4, h - 11, w - 8, 9, size=14, bold=True, align="left", color=reference.color),
            *text_column(blocks(sections[:split]), 4, h - 15, col, h - 18, size=11.5, heading_color=reference.color),
            Line(w / 2, 4, w / 2, h - 15, color="#b8b8b8", width=0.5),
            *text_column(blocks(sections[split:]), w / 2 + 3, h - 15, col, h - 18, size=11.5,
                         heading_color=reference.color))
