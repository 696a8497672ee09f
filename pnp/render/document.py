"""One PDF: plan its pages, then draw them with furniture, page boxes, icon forms and metadata.

Each page records what it placed; that record, not the game's input, is the build manifest.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Callable, Literal

from pnp import __version__
from pnp.components import Board, DocumentSpec, PieceSheet, Sheet
from pnp.errors import UsageProblem
from pnp.geometry import MM, Rect, Size
from pnp.icons import IconRef, IconStore, credits_short
from pnp.render.elements import Painter, Text
from pnp.render.fonts import font, register_fonts
from pnp.render.furniture import Bands, Furniture, content_area

Duplex = Literal["long", "short", "off", "fold"]


@dataclass(frozen=True)
class RenderOptions:
    """Print settings shared by every document of a build (lengths in points)."""

    paper: Size
    margin: float = 5 * MM
    bleed: float = 0.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False

    def printable(self, width: float | None = None, height: float | None = None) -> Rect:
        w = self.paper.width if width is None else width
        h = self.paper.height if height is None else height
        if w <= 2 * self.margin or h <= 2 * self.margin:
            raise UsageProblem(f"a {self.margin / MM:g} mm printer margin leaves no room on {self.paper.name}")
        return Rect(self.margin, self.margin, w - 2 * self.margin, h - 2 * self.margin)


@dataclass
class PagePlan:
    width: float
    height: float
    bands: Bands
    label: str
    draw: Callable[["PageContext"], None]
    trim: Rect | None = None
    bleed: Rect | None = None
    icons: frozenset[str] = frozenset()
    backs: bool = False          # a page of backs: the document prints double-sided


@dataclass
class PageContext:
    canvas: object
    painter: Painter
    page: int
    document: str
    placed: list[dict]

    def place(self, kind: str, name: str, back: str | None, side: str, rect: Rect, turned: bool = False,
              shape: str | None = None) -> None:
        self.placed.append({
            "kind": kind, "name": name, "back": back, "side": side, "document": self.document,
            "page": self.page, "turned": turned, "shape": shape,
            "x_mm": round(rect.x / MM, 2), "y_mm": round(rect.y / MM, 2),
            "w_mm": round(rect.width / MM, 2), "h_mm": round(rect.height / MM, 2),
        })


@dataclass
class RenderedDocument:
    filename: str
    pdf: bytes
    pages: int
    placed: list[dict] = field(default_factory=list)
    icons: list[str] = field(default_factory=list)
    double_sided: bool = False        # it has pages of backs
    sheets: int = 0                   # sheets of paper, a double-sided sheet counted once


def sheet_count(pages: int, two_sided: bool) -> int:
    return (pages + 1) // 2 if two_sided else pages


def printed_two_sided(both_sides: bool, has_backs: bool, duplex: Duplex) -> bool:
    """Whether a file goes through the printer double-sided: backs do, unless glued or folded."""
    return both_sides or (has_backs and duplex in ("long", "short"))


class FormCache:
    """Form XObjects drawn once per PDF and placed by reference: icons (which set no colour, so each
    use inherits the fill in force), sheets, and the page furniture and cut guides that repeat."""

    def __init__(self, canvas, store: IconStore):
        self.canvas = canvas
        self.store = store
        self.names: dict[str, str] = {}

    def form(self, key: str, bbox: tuple[float, float, float, float], draw: Callable[[], None]) -> str:
        """The form for `key`, drawn on first use. Icons keep readable names; other forms get short
        ones, since every page lists the forms it uses."""
        if key not in self.names:
            name = key if key.startswith("icon_") else f"F{len(self.names)}"
            self.canvas.beginForm(name, *bbox)
            draw()
            self.canvas.endForm()
            self.names[key] = name
        return self.names[key]

    def icon_form(self, ref: str) -> str:
        name = "icon_" + ref.replace("/", "__").replace("-", "_")
        if name in self.names:
            return self.names[name]
        shape = self.store.shape(IconRef.parse(ref))
        return self.form(name, (0, 0, shape.view_size, shape.view_size), lambda: self._icon(shape))

    def _icon(self, shape) -> None:
        c = self.canvas
        c.transform(1, 0, 0, -1, 0, shape.view_size)
        path = c.beginPath()
        for operators, points in shape.paths:
            i = 0
            for op in operators:
                if op == 0:
                    path.moveTo(points[i], points[i + 1]); i += 2
                elif op == 1:
                    path.lineTo(points[i], points[i + 1]); i += 2
                elif op == 2:
                    path.curveTo(*points[i:i + 6]); i += 6
                elif op == 3:
                    path.close()
        c.drawPath(path, stroke=0, fill=1, fillMode=1)


def plan_sections(sections: list, options: RenderOptions) -> list[PagePlan]:
    """Pages for a document's sections; runs of piece sections share sheets."""
    from pnp.render.boards import plan_board
    from pnp.render.pieces import plan_pieces
    from pnp.render.sheets import plan_sheet

    pages: list[PagePlan] = []
    run: list[PieceSheet] = []
    for section in [*sections, None]:
        if isinstance(section, PieceSheet):
            run.append(section)
            continue
        if run:
            pages += plan_pieces(run, options)
            run = []
        if isinstance(section, Board):
            pages += plan_board(section, options)
        elif isinstance(section, Sheet):
            pages += plan_sheet(section, options)
        elif section is not None:
            raise TypeError(f"unknown section {section!r}")
    return pages


def duplex_safe(body: list[PagePlan], options: RenderOptions, before: int = 1) -> list[PagePlan]:
    """Pages after the `before` pages of cover, padded so that a player who prints the whole file
    double-sided gets every page of backs on the reverse of its own fronts: each front page that
    has backs starts a sheet (an odd page number), behind a blank page where needed."""
    if options.duplex in ("off", "fold") or not any(page.backs for page in body):
        return body
    out: list[PagePlan] = []
    for i, page in enumerate(body):
        has_backs = not page.backs and i + 1 < len(body) and body[i + 1].backs
        if has_backs and (len(out) + before) % 2 == 1:     # out[k] is page k + before + 1
            out.append(_blank(options, "left blank for double-sided printing"))
        out.append(page)
    return out


def _blank(options: RenderOptions, label: str) -> PagePlan:
    """A page printed on purpose with nothing but its furniture and a line saying why."""
    area = content_area(options.printable())

    def draw(ctx: PageContext) -> None:
        ctx.painter.draw((Text("This side is left blank on purpose: it keeps every back behind its own front "
                               "when the whole file is printed double-sided.",
                               area.x / MM, (area.y + area.height / 2) / MM - 4, area.width / MM, 8,
                               size=9, min_size=6, color="#555555"),))

    return PagePlan(options.paper.width, options.paper.height, "tb", label, draw)


def render_document(spec: DocumentSpec, options: RenderOptions, store: IconStore) -> RenderedDocument:
    """Draw the whole document in memory; the caller writes it atomically."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.cover import plan_cover

    register_fonts()
    rl_config.useA85 = 0          # binary streams: a quarter smaller than ASCII85 text
    covered = spec.cover is not None and spec.cover_page
    body = duplex_safe(plan_sections(spec.sections, options), options,
                       before=1 if covered else 0)
    icons = sorted(set().union(*(page.icons for page in body)))
    pages = (plan_cover(spec, options, icons, body) if covered else []) + body
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(options.paper.width, options.paper.height), invariant=1,
                    pageCompression=1, initialFontName=font(False), initialFontSize=8)
    canvas.setTitle(f"{spec.game_title}: {spec.title}")
    canvas.setAuthor("purgatory-pnp")
    canvas.setSubject(f"Print-and-play {spec.title.lower()} for {spec.game_title}")
    canvas.setCreator(f"purgatory-pnp {__version__}")
    canvas.setKeywords(["print and play", spec.game_title])
    forms = FormCache(canvas, store)
    painter = Painter(canvas, forms, options.ink_saver)
    refs = [IconRef.parse(ref) for ref in icons]
    furniture = Furniture(spec.game_title, credits_short(refs))
    placed: list[dict] = []
    for number, plan in enumerate(pages, start=1):
        canvas.setPageSize((plan.width, plan.height))
        # boxes only where they say something: absent, a reader takes the media box
        canvas.setTrimBox(plan.trim.box() if plan.trim else None)
        canvas.setBleedBox(plan.bleed.box() if plan.bleed else None)
        context = PageContext(canvas, painter, number, spec.filename, placed)
        plan.draw(context)
        printable = options.printable(plan.width, plan.height)
        furniture.draw(canvas, forms, printable, plan.bands, plan.label, number, len(pages))
        canvas.showPage()
    canvas.save()
    has_backs = any(page.backs for page in pages)
    return RenderedDocument(spec.filename, buffer.getvalue(), len(pages), placed, sorted(icons),
                            spec.both_sides or has_backs,
                            sheet_count(len(pages), printed_two_sided(spec.both_sides, has_backs, options.duplex)))
