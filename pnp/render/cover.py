"""The cover page: what the document holds, how to print it, how to cut and fold, what to bring."""

from __future__ import annotations

from pnp.geometry import MM
from pnp.render.components import DocumentSpec
from pnp.render.elements import Text
from pnp.render.furniture import content_area
from pnp.render.pages import PageContext, PagePlan, RenderOptions, has_backs
from pnp.render.textfit import LEADING, wrap
from pnp.source.icons import IconRef, credits_lines

TITLE = 18
HEADING = 10.5
BODY = 8.5


def print_instructions(spec: DocumentSpec, options: RenderOptions, body_pages: list[PagePlan]) -> list[str]:
    lines = [f"Paper: {options.paper.label()}. Print at 100% / actual size, never 'fit to page'; "
             "the 50 mm bar at the foot of each page checks it."]
    lines.append(options.duplex.wording.instruction if has_backs(body_pages) else "Print single-sided.")
    if has_backs(body_pages) and options.duplex.flips:
        lines.append("Backs drifting on your printer? `pnp calibrate` prints one sheet that measures it; then "
                     "rebuild with --back-offset X,Y (mm).")
    if options.bleed:
        lines.append(f"Pieces carry {options.bleed / MM:.2f} mm of bleed: cut on the crop marks, not the art's edge.")
    if options.ink_saver:
        lines.append("Ink-saver edition: light pages, dark icons.")
    return lines


def plan_cover(spec: DocumentSpec, options: RenderOptions, icons: list[str],
               body_pages: list[PagePlan]) -> list[PagePlan]:
    """The cover page, or none for a document that is its own guide."""
    cover = spec.cover
    if cover is None:
        return []
    sections = [
        ("In this file", [f"{len(body_pages)} pages after this cover.", *cover.contents]),
        ("How to print", print_instructions(spec, options, body_pages)),
        ("Cut and fold", cover.assembly),
        ("You also need", cover.bring),
        ("Notes", cover.notes),
        (
            "Artwork credits",
            [
                *credits_lines([IconRef.parse(ref) for ref in icons]),
                "Text set in DejaVu Sans (Bitstream Vera licence).",
            ],
        ),
    ]
    area = content_area(options.printable())

    def draw(ctx: PageContext) -> None:
        width = area.width - 8 * MM
        blocks = _layout(spec, sections, width)
        total = sum(height for _, _, height, _ in blocks)
        scale = min(1.0, (area.height - 10 * MM) / total) if total else 1.0
        y = area.top - 4 * MM
        elements = []
        for text, size, height, bold in blocks:
            size *= max(scale, 0.6)
            height *= max(scale, 0.6)
            elements.append(
                Text(
                    text=text,
                    x=(area.x / MM) + 4,
                    y=(y - height) / MM,
                    w=width / MM,
                    h=height / MM + 0.5,
                    size=size,
                    min_size=4.5,
                    bold=bold,
                    align="left",
                    valign="top",
                )
            )
            y -= height
        ctx.painter.draw(elements)

    return [PagePlan(options.paper.width, options.paper.height, "tb", f"{spec.title}: read me first", draw)]


def _layout(spec: DocumentSpec, sections: list[tuple[str, list[str]]],
            width: float) -> list[tuple[str, float, float, bool]]:
    """Blocks of (text, size, height in points, bold) from the top of the page down."""
    blocks = [(spec.game_title, TITLE, TITLE * 1.5, True), (spec.title, HEADING + 2, (HEADING + 2) * 2.0, False)]
    for heading, lines in sections:
        if not lines:
            continue
        blocks.append((heading, HEADING, HEADING * 1.9, True))
        for line in lines:
            text = f"• {line}"
            count = len(wrap(text, width, BODY, False))
            blocks.append((text, BODY, count * BODY * LEADING + 1.5, False))
        blocks.append(("", BODY, BODY * 0.6, False))
    return blocks
