"""One PDF: plan its pages, then draw them with furniture, page boxes, icon forms and metadata.

Each page records what it placed; that record, not the game's input, is the build manifest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import groupby
from types import MappingProxyType
from typing import Any

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from pnp import __version__
from pnp.collector import fewer_collections
from pnp.geometry import MM
from pnp.memory import BuildMemory
from pnp.render.boards import plan_board
from pnp.render.compactpdf import compact_pdf, page_stream
from pnp.render.documentkeep import DrawnDocument, drawn_again, remember
from pnp.render.elements import Text
from pnp.render.fonts import font, register_fonts
from pnp.render.furniture import Furniture, content_area
from pnp.render.pagecomponents import impose_two_up, plan_component, plan_components
from pnp.render.pagekeep import PageKeep
from pnp.render.pages import (
    FormCache,
    PageContext,
    PagePlan,
    RenderedDocument,
    RenderOptions,
    Shared,
    printed_two_sided,
    sheet_count,
)
from pnp.render.painter import Painter
from pnp.render.pdfobjects import keep_streams, plainly_written
from pnp.render.pieces import plan_pieces
from pnp.render.placed import Placed
from pnp.render.registration import draw_registration
from pnp.render.sharing import shared_drawing
from pnp.render.specs import Board, DocumentSpec, PageComponent, PieceGroup, Section
from pnp.source.icons import IconStore, credits_short, game_icons
from pnp.source.ownart import art_authors

Planner = Callable[[list[Any], RenderOptions, BuildMemory | None], list[PagePlan]]


def _each(plan: Callable[[Any, RenderOptions], list[PagePlan]]) -> Planner:
    """A planner for sections that take pages of their own, one after another."""
    return lambda run, options, _memory: [page for section in run for page in plan(section, options)]


# how each kind of section becomes pages, given a run of sections of that kind in a row: piece
# sections in a row share sheets; boards take pages of their own; sheets in a row share paper
# that holds two pages
PLANNERS: Mapping[type, Planner] = MappingProxyType(
    {
        PieceGroup: plan_pieces,
        Board: _each(plan_board),
        PageComponent: lambda run, options, _memory: plan_components(run, options),
    }
)


def plan_sections(
    sections: Sequence[Section], options: RenderOptions, memory: BuildMemory | None = None
) -> list[PagePlan]:
    """Pages for a document's sections, in order; on paper that holds two pages, pieces that fit
    one half page fill the half a run of sheets leaves empty."""
    runs = [list(run) for _, run in groupby(sections, key=type)]
    half = options.half_page()
    beside = _beside_sheets(runs, half, memory) if half is not None else {}
    pages: list[PagePlan] = []
    for i, run in enumerate(runs):
        if any(i == j for j, _, _ in beside.values()):
            continue
        if i not in beside or half is None:
            pages += PLANNERS[type(run[0])](run, options, memory)
            continue
        j, filler, halves = beside[i]
        pages += impose_two_up([filler, *halves] if j < i else [*halves, filler], half)
    return pages


def _beside_sheets(
    runs: list[list[Section]], half: RenderOptions, memory: BuildMemory | None
) -> dict[int, tuple[int, PagePlan, list[PagePlan]]]:
    """Run of sheets -> (the run of pieces next to it, those pieces as one half page, the sheets'
    half pages): where the sheets leave a half page empty and the pieces fit one, printed one side
    only with nothing for a cutting machine."""
    out: dict[int, tuple[int, PagePlan, list[PagePlan]]] = {}
    taken: set[int] = set()
    for i, run in enumerate(runs):
        halves = [
            page
            for component in run
            if isinstance(component, PageComponent)
            for page in plan_component(component, half)
        ]
        if len(halves) % 2 == 0:
            continue
        for j in (i - 1, i + 1):
            if j < 0 or j >= len(runs) or j in taken or not isinstance(runs[j][0], PieceGroup):
                continue
            planned = plan_pieces([g for g in runs[j] if isinstance(g, PieceGroup)], half, memory)
            if len(planned) == 1 and not planned[0].backs and planned[0].cuts is None:
                out[i] = (j, planned[0], halves)
                taken.add(j)
                break
    return out


def duplex_safe(body: list[PagePlan], options: RenderOptions) -> list[PagePlan]:
    """The pages padded so that a player who prints the whole file
    double-sided gets every page of backs on the reverse of its own fronts: each front page that
    has backs starts a sheet (an odd page number), behind a blank page where needed."""
    if not options.duplex.flips or not any(page.backs for page in body):
        return body
    out: list[PagePlan] = []
    for i, page in enumerate(body):
        has_backs = not page.backs and i + 1 < len(body) and body[i + 1].backs
        if has_backs and len(out) % 2 == 1:  # out[k] is page k + 1
            out.append(_blank(options, "left blank for double-sided printing"))
        out.append(page)
    return out


def _blank(options: RenderOptions, label: str) -> PagePlan:
    """A page printed on purpose with nothing but its furniture and a line saying why."""
    area = content_area(options.printable())

    def draw(ctx: PageContext) -> None:
        ctx.painter.draw(
            (
                Text(
                    text="This side is left blank on purpose: it keeps every back behind its own front "
                    "when the whole file is printed double-sided.",
                    x=area.x / MM,
                    y=(area.y + area.height / 2) / MM - 4,
                    w=area.width / MM,
                    h=8,
                    size=9,
                    min_size=6,
                    color="#555555",
                ),
            )
        )

    return PagePlan(options.paper.width, options.paper.height, "tb", label, draw)


def plan_document(spec: DocumentSpec, options: RenderOptions, memory: BuildMemory | None = None) -> list[PagePlan]:
    """The document's pages, planned once: the print guide counts them and render_document draws
    them; the sheets `memory` holds from an earlier build kept where their pieces are the same."""
    return duplex_safe(plan_sections(spec.sections, options, memory), options)


class _Canvas(Canvas):
    """reportlab's canvas, each set of forms a page places named in one dictionary: a deck's 2,000
    pages place the same few forms, and reportlab made a dictionary of them for each page (they
    are written by value, the same bytes either way)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._named: dict[tuple[str, ...], Any] = {}  # each set of forms, its dictionary
        super().__init__(*args, **kwargs)

    def _make_preamble(self) -> None:
        """What reportlab starts each page and form with, less the identity matrix it sets first
        (`1 0 0 1 0 0 cm`, moving nothing): a deck's thousands of streams each paid for it."""
        super()._make_preamble()  # type: ignore[misc]  # reportlab's own, which its stubs leave out
        canvas: Any = self
        canvas._preamble = canvas._preamble.removeprefix("1 0 0 1 0 0 cm").lstrip()

    def _setXObjects(self, thing: Any) -> None:
        canvas: Any = self  # reportlab's own attributes, which its stubs leave out
        forms = tuple(canvas._formsinuse)
        if not forms:
            thing.XObjects = None
            return
        named = self._named.get(forms)
        if named is None:
            named = self._named[forms] = canvas._doc.xobjDict(forms)
        thing.XObjects = named


class _Drawing:
    """A document's canvas as its pages are drawn on it, in order, each at most once: with its
    painter, its forms and the pages kept of its last build."""

    def __init__(
        self, spec: DocumentSpec, options: RenderOptions, store: IconStore, page_from: _PageFrom, memory: BuildMemory
    ) -> None:
        furniture, shared, two_sided = page_from
        # PDF 1.7: the version that names the viewer preferences below (/PrintScaling 1.6, /Duplex 1.7)
        self.canvas = canvas = _Canvas(
            spec.filename,
            pagesize=(options.paper.width, options.paper.height),
            invariant=1,
            pageCompression=1,
            initialFontName=font(False),
            initialFontSize=8,
            pdfVersion=(1, 7),
        )
        keep_streams(canvas._doc, memory)  # type: ignore[attr-defined]  # reportlab's own
        canvas.setTitle(f"{spec.game_title}: {spec.title}")
        canvas.setAuthor("purgatory-pnp")
        canvas.setSubject(f"Print-and-play {spec.title.lower()} for {spec.game_title}")
        canvas.setCreator(f"purgatory-pnp {__version__}")
        canvas.setKeywords(["print and play", spec.game_title])  # type: ignore[arg-type]  # a list is its documented form
        # what a viewer's print dialog starts from (PDF 32000-1, 12.2, viewer preferences): actual size,
        # never "fit to page", and the flip edge the pages name, or one-sided
        canvas.setViewerPreference("PrintScaling", "None")
        canvas.setViewerPreference("Duplex", options.duplex.print_dialog(two_sided))
        forms = FormCache(canvas, store, outlined=options.ink_saver)
        self.painter = Painter(canvas, forms, options.ink_saver)
        self.spec, self.filename, self.options = spec, spec.filename, options
        self.furniture, self.shared = furniture, shared
        drawing = (spec.filename, options, furniture, shared)  # what every page draws from
        self.keep = PageKeep((spec.game_title, spec.filename), drawing, self.painter, forms, memory)
        self.shown = 0
        self.plain = plainly_written(canvas._doc)  # type: ignore[attr-defined]  # reportlab's own
        # what the file holds besides its pages: what every page draws from, its title, its print
        # dialog, the fonts its letters come from, and how it is written
        self.setup = (self.keep.document, spec.title, two_sided, tuple(f for _, f in self.keep.fonts), self.plain)

    def page(self, plan: PagePlan, number: int, count: int) -> None:
        """Draw page `number` (or take it as kept) and show it; what it places, `keep` records."""
        canvas = self.canvas
        placed: list[Placed] = []
        canvas.setPageSize((plan.width, plan.height))
        # boxes only where they say something: absent, a reader takes the media box
        canvas.setTrimBox(plan.trim.box() if plan.trim else None)
        canvas.setBleedBox(plan.bleed.box() if plan.bleed else None)
        if not self.keep.replay(plan, number, count, placed):
            self.keep.start(placed)
            context = PageContext(canvas, self.painter, number, self.filename, placed, shared=self.shared)
            _draw_page(plan, context, self.furniture, self.options, count)
            self.keep.drawn(plan, placed)
        canvas.showPage()
        self.shown += 1

    def start_fill(self, fill: str | None) -> None:
        self.painter._fill = fill

    def shown_stream(self, number: int) -> bytes:
        doc = self.canvas._doc  # type: ignore[attr-defined]  # reportlab's own, which its stubs leave out
        shown = doc.Pages.pages[-1]
        shown.check_format(doc)  # the page's operators made a stream, as the writer makes them
        return page_stream(number, shown.Contents, doc)

    def whole(self, plans: list[PagePlan]) -> DrawnDocument:
        """Every page drawn (or taken as kept) and the file written."""
        for number, plan in enumerate(plans, 1):
            self.page(plan, number, len(plans))
        self.keep.finish()
        pdf, objects = compact_pdf(self.canvas, self.keep.writings)  # the bytes, written nowhere (nor copied)
        return remember(self.setup, self.spec, self.keep, pdf, objects, again=self.plain)


_PageFrom = tuple[Furniture, Shared, bool]  # what a page draws from besides its plan: furniture, forms, two sides


@fewer_collections()
def render_document(
    spec: DocumentSpec,
    options: RenderOptions,
    store: IconStore,
    body: list[PagePlan] | None = None,
    *,
    memory: BuildMemory | None = None,
) -> RenderedDocument:
    """Draw the whole document in memory from its planned pages (planned here when not given); the
    caller writes it atomically. A document `memory` holds an earlier drawing of, with a few pages
    changed, is its last file with those pages drawn again (`documentkeep`)."""
    memory = memory or BuildMemory()
    register_fonts()
    rl_config.useA85 = 0  # binary streams: a quarter smaller than ASCII85 text
    plans = body if body is not None else plan_document(spec, options, memory)
    count = len(plans)
    icons = sorted(set().union(*(page.icons for page in plans)))
    two_sided = printed_two_sided(spec.both_sides, plans, options.duplex)
    backs = two_sided or any(page.backs for page in plans)
    furniture = Furniture(
        spec.game_title, credits_short(game_icons(icons), art_authors(icons, store.art)), options.imprint
    )
    page_from = (furniture, shared_drawing(spec.sections, memory, (spec.game_title, spec.filename)), two_sided)
    drawing = _Drawing(spec, options, store, page_from, memory)
    drawn = drawn_again(drawing.setup, spec, plans, drawing)
    if drawn is None:
        if drawing.shown:  # a splice given up after drawing: the canvas is spent
            drawing = _Drawing(spec, options, store, page_from, memory)
        drawn = drawing.whole(plans)
    cuts = {number: plan.cuts for number, plan in enumerate(plans, 1) if plan.cuts is not None}
    return RenderedDocument(
        spec.filename,
        drawn.pdf,
        count,
        drawn.placed(),
        icons,
        backs,
        sheet_count(count, two_sided),
        cuts,
        drawn_from=drawn.objects.drawn_from,
        alone=drawn.objects.alone,
    )


def _draw_page(plan: PagePlan, context: PageContext, furniture: Furniture, options: RenderOptions, count: int) -> None:
    """A page's drawing, its cutting machine's marks and its furniture."""
    plan.draw(context)
    if plan.cuts is not None:
        draw_registration(context.canvas, plan.width, plan.height)
    printable = plan.printable or options.printable(plan.width, plan.height)
    furniture.draw(context.painter, printable, plan.bands, plan.label, context.page, count)
