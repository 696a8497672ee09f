"""Page components (mats, gamesheets, player aids): laid out for the area the page leaves,
one or several to a page."""

from __future__ import annotations

import re

from reportlab.pdfgen.canvas import Canvas

from pnp.errors import UsageProblem
from pnp.geometry import MM, Rect
from pnp.render.components import SHEET_GAP_MM, Sheet
from pnp.render.elements import icon_refs
from pnp.render.furniture import content_area
from pnp.render.pages import PageContext, PagePlan, RenderOptions

SLOT_GAP = SHEET_GAP_MM * MM


def plan_sheet(sheet: Sheet, options: RenderOptions) -> list[PagePlan]:
    area = content_area(options.printable())
    per_page = max(sheet.per_page, 1)
    slot_h = (area.height - (per_page - 1) * SLOT_GAP) / per_page
    if sheet.width * MM > area.width + 0.01 or sheet.height * MM > slot_h + 0.01:
        raise UsageProblem(f"{sheet.title}: laid out for {sheet.width:.0f} x {sheet.height:.0f} mm, more than the "
                           f"{area.width / MM:.0f} x {slot_h / MM:.0f} mm {options.paper.name} leaves it")
    slots = [Rect(area.x, area.top - (i + 1) * slot_h - i * SLOT_GAP, area.width, slot_h) for i in range(per_page)]
    elements, width, height = sheet.elements, sheet.width * MM, sheet.height * MM
    copies = max(sheet.copies, 1)
    form = "sheet_" + re.sub(r"[^A-Za-z0-9]+", "_", f"{sheet.kind}_{sheet.name}")
    def stamp(ctx: PageContext, slot: Rect) -> None:
        """The sheet is drawn once per document as a form; every copy places that form."""
        c = ctx.canvas
        for ref in sorted(icon_refs(elements)):     # icon forms first: forms do not nest
            ctx.painter.forms.icon_form(ref)
        name = ctx.painter.forms.form(form, (0, 0, width, height), lambda: ctx.painter.draw(elements))
        c.saveState()
        c.translate(slot.x + (slot.width - width) / 2, slot.y + (slot.height - height) / 2)
        c.doForm(name)
        c.restoreState()

    pages = []
    for first in range(0, copies, per_page):
        used = slots[:min(per_page, copies - first)]

        def draw(ctx: PageContext, used: list[Rect] = used) -> None:
            for i, slot in enumerate(used):
                stamp(ctx, slot)
                ctx.place(kind=sheet.kind, name=sheet.name, side="face", rect=slot)
                if i:
                    _cut_line(ctx.canvas, slot.top + SLOT_GAP / 2, area)

        number = first // per_page + 1
        total = (copies + per_page - 1) // per_page
        label = sheet.title + (f" {number}/{total}" if total > 1 else "")
        pages.append(PagePlan(options.paper.width, options.paper.height, "tb", label, draw,
                              icons=frozenset(icon_refs(elements))))
    return pages


def _cut_line(c: Canvas, y: float, area: Rect) -> None:
    c.saveState()
    c.setStrokeColor("#8a8a8a")
    c.setLineWidth(0.4)
    c.setDash([1.5 * MM, 1.5 * MM])
    c.line(area.x, y, area.right, y)
    c.restoreState()
