"""Page components (mats, gamesheets, the stat board, the rules sheet): laid out for the area the
page leaves, one or several to a page, and two such pages side by side on paper that holds two."""

from __future__ import annotations

import re
from dataclasses import replace

from reportlab.pdfgen.canvas import Canvas

from pnp.errors import UsageProblem
from pnp.geometry import MM, Rect
from pnp.render.elements import icon_refs
from pnp.render.furniture import content_area
from pnp.render.pages import PageContext, PagePlan, RenderOptions
from pnp.render.specs import SHEET_GAP_MM, PageComponent

SLOT_GAP = SHEET_GAP_MM * MM


def plan_components(run: list[PageComponent], options: RenderOptions) -> list[PagePlan]:
    """Pages for page components in a row: on paper that holds two full-size pages, laid out for the half
    page and imposed two to a sheet."""
    half = options.half_page()
    pages = [page for component in run for page in plan_component(component, half or options)]
    return pages if half is None else impose_two_up(pages, half)


def impose_two_up(halves: list[PagePlan], half: RenderOptions) -> list[PagePlan]:
    """Half pages two to a sheet twice their width, side by side, a dashed line between to cut on."""
    width, height = 2 * half.paper.width, half.paper.height
    area = content_area(half.printable(width, height))
    pages = []
    for first in range(0, len(halves), 2):
        pair = halves[first : first + 2]

        def draw(ctx: PageContext, pair: list[PagePlan] = pair) -> None:
            for i, half in enumerate(pair):
                ctx.canvas.saveState()
                ctx.canvas.translate(i * width / 2, 0)
                half.draw(replace(ctx, origin=i * width / 2))
                ctx.canvas.restoreState()
            _cut_line(ctx.canvas, width / 2, area.y, width / 2, area.top)

        pages.append(
            PagePlan(
                width,
                height,
                pair[0].bands,
                " | ".join(dict.fromkeys(p.label for p in pair)),
                draw,
                icons=frozenset().union(*(p.icons for p in pair)),
                halved=True,
            )
        )
    return pages


def plan_component(component: PageComponent, options: RenderOptions) -> list[PagePlan]:
    area = content_area(options.printable())
    per_page = max(component.per_page, 1)
    slot_h = (area.height - (per_page - 1) * SLOT_GAP) / per_page
    if component.width * MM > area.width + 0.01 or component.height * MM > slot_h + 0.01:
        raise UsageProblem(
            f"{component.title}: laid out for {component.width:.0f} x {component.height:.0f} mm, more than the "
            f"{area.width / MM:.0f} x {slot_h / MM:.0f} mm {options.paper.name} leaves it"
        )
    slots = [Rect(area.x, area.top - (i + 1) * slot_h - i * SLOT_GAP, area.width, slot_h) for i in range(per_page)]
    elements, width, height = component.elements, component.width * MM, component.height * MM
    copies = max(component.copies, 1)
    form = "sheet_" + re.sub(r"[^A-Za-z0-9]+", "_", f"{component.kind}_{component.name}")

    def stamp(ctx: PageContext, slot: Rect) -> None:
        """The component is drawn once per document as a form; every copy places that form."""
        c = ctx.canvas
        ctx.painter.forms.ready(icon_refs(elements))  # icon forms first: forms do not nest
        name = ctx.painter.forms.form(form, (0, 0, width, height), lambda: ctx.painter.draw(elements))
        c.saveState()
        c.translate(slot.x + (slot.width - width) / 2, slot.y + (slot.height - height) / 2)
        c.doForm(name)
        c.restoreState()

    pages = []
    for first in range(0, copies, per_page):
        used = slots[: min(per_page, copies - first)]

        def draw(ctx: PageContext, used: list[Rect] = used) -> None:
            for i, slot in enumerate(used):
                stamp(ctx, slot)
                ctx.place(kind=component.kind, name=component.name, side="face", rect=slot)
                if i:
                    _cut_line(ctx.canvas, area.x, slot.top + SLOT_GAP / 2, area.right, slot.top + SLOT_GAP / 2)

        number = first // per_page + 1
        total = (copies + per_page - 1) // per_page
        label = component.title + (f" {number}/{total}" if total > 1 else "")
        pages.append(
            PagePlan(options.paper.width, options.paper.height, "tb", label, draw, icons=frozenset(icon_refs(elements)))
        )
    return pages


def _cut_line(c: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    c.saveState()
    c.setStrokeColor("#8a8a8a")
    c.setLineWidth(0.4)
    c.setDash([1.5 * MM, 1.5 * MM])
    c.line(x1, y1, x2, y2)
    c.restoreState()
