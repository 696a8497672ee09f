"""The types every page planner and the document writer share: print options, a planned page, the
context a page draws in, a rendered document, and the forms drawn once per PDF."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from hashlib import sha256
from io import BytesIO
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.errors import PnpError, UsageProblem
from pnp.geometry import MM, Rect, Size
from pnp.render.cutlines import Outline
from pnp.render.furniture import Bands
from pnp.render.identitycache import HashedKey
from pnp.render.painter import Painter, rl_color
from pnp.render.placed import BoardTile, MmBox, Placed, Shape, Side
from pnp.render.registration import registered_area
from pnp.source.icons import IconStore
from pnp.source.ownart import Picture, is_art_ref, is_picture_ref
from pnp.source.printoptions import Cutter, DuplexMode

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage
    from reportlab.pdfgen.pathobject import PDFPathObject

    # parsed icons arrive from the store: lxml stays off the drawing path
    from pnp.source.svgshape import IconShape, OwnStroke


FULL_PAGE_MM = (209.0, 279.0)  # no narrower than A4, no shorter than Letter: what a page component is laid out for


@dataclass(frozen=True)
class RenderOptions:
    """Print settings shared by every document of a build (lengths in points)."""

    paper: Size
    margin: float = 5 * MM
    bleed: float = 0.0
    duplex: DuplexMode = DuplexMode.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    cutter: Cutter = Cutter.NONE
    imprint: str = ""  # the version and settings that made the print, in every page's foot

    def __post_init__(self) -> None:
        object.__setattr__(self, "duplex", DuplexMode.parse(self.duplex))

    def half_page(self) -> RenderOptions | None:
        """Half the paper as a page of its own, when that half is still a full-size page (A3 holds
        two A4 pages, Tabloid two Letter): page components are laid out for it, two to a sheet."""
        long, short = max(self.paper.width, self.paper.height), min(self.paper.width, self.paper.height)
        if long / 2 < FULL_PAGE_MM[0] * MM or short < FULL_PAGE_MM[1] * MM:
            return None
        return replace(self, paper=Size(f"half {self.paper.name}", long / 2, short))

    def piece_printable(self) -> Rect:
        """Where sheets of pieces are laid out: a cutting machine's sheets keep inside its marks."""
        if self.cutter is Cutter.NONE:
            return self.printable()
        return registered_area(self.paper.width, self.paper.height)

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
    draw: Callable[[PageContext], None]
    trim: Rect | None = None
    bleed: Rect | None = None
    icons: frozenset[str] = frozenset()
    backs: bool = False  # a page of backs: the document prints double-sided
    folded: bool = False  # fronts beside their backs, folded on the centre line
    halved: bool = False  # two half pages side by side, cut apart on the centre line
    printable: Rect | None = None  # where the furniture goes, when not the paper's printable area
    cuts: tuple[Outline, ...] | None = None  # a cutting machine's sheet: its marks, and what it cuts
    board: str | None = None  # a board's title, on a page of that board
    tile: str | None = None  # which tile of it (A1, B1, ...), when it prints on several
    key: Hashable | None = None  # what `draw` draws, when a drawing may be kept (`pnp.render.pagekeep`)
    owners: tuple[object, ...] = ()  # what `key` names by identity

    def page_key(self) -> Hashable:
        """What the page draws from besides its document: its own drawing and its furniture."""
        boxes = tuple(box and box.box() for box in (self.trim, self.bleed, self.printable))  # as plain numbers
        return (self.key, self.width, self.height, boxes, self.bands, self.label, self.cuts is not None)

    @cached_property
    def hashed_key(self) -> HashedKey:
        """`page_key`, hashed once: a plan a later build plans again (`sheetkeep`) is looked up as
        it is. A plan is not changed once made."""
        return HashedKey(self.page_key())


@dataclass(frozen=True, kw_only=True)
class Shared:
    """What a document's pieces draw often enough to be worth a form, by identity: whole sides (a
    deck's common back) and runs of elements that side after side draws in a row (a frame, a title
    band, a type's line: the same objects on card after card), each drawn FORM_FROM times or more
    (`pieces.shared_drawing`). Each is drawn once, as a form, and placed wherever it recurs; the
    elements on more than one side mark where such runs begin and end."""

    sides: frozenset[int]
    elements: frozenset[int]
    runs: frozenset[tuple[int, ...]]


@dataclass
class PageContext:
    canvas: Canvas
    painter: Painter
    page: int
    document: str
    placed: list[Placed]
    shared: Shared
    origin: float = 0.0  # points from the page's left edge to the half page being drawn

    def place(
        self,
        *,
        kind: str,
        name: str,
        side: Side,
        rect: Rect,
        back: str | None = None,
        turned: bool = False,
        shape: Shape | None = None,
        tile: BoardTile | None = None,
    ) -> None:
        """Record one side of a piece placed on this page, for the manifest."""
        rect = Rect(rect.x + self.origin, rect.y, rect.width, rect.height)
        self.placed.append(
            Placed(
                kind=kind,
                name=name,
                side=side,
                document=self.document,
                page=self.page,
                box=mm_box(rect),
                back=back,
                turned=turned,
                shape=shape,
                tile=tile,
            )
        )


def mm_box(rect: Rect) -> MmBox:
    return MmBox(
        x=round(rect.x / MM, 2), y=round(rect.y / MM, 2), w=round(rect.width / MM, 2), h=round(rect.height / MM, 2)
    )


@dataclass
class RenderedDocument:
    filename: str
    pdf: bytes
    pages: int
    placed: list[Placed] = field(default_factory=list)
    icons: list[str] = field(default_factory=list)
    double_sided: bool = False  # it has pages of backs
    sheets: int = 0  # sheets of paper, a double-sided sheet counted once
    cuts: dict[int, tuple[Outline, ...]] = field(default_factory=dict)  # by page: what a cutting machine cuts
    # a digest of what a page (from 1) is drawn from: two pages of one digest look the same (None: not known)
    drawn_from: Callable[[int], bytes | None] | None = None
    # a PDF of a page (from 1) alone, which a reader opens without walking the pages before it
    alone: Callable[[int], bytes | None] | None = None


def sheet_count(pages: int, two_sided: bool) -> int:
    return (pages + 1) // 2 if two_sided else pages


def has_backs(pages: Sequence[PagePlan]) -> bool:
    """Whether a file's pieces have backs, to be flipped, glued or folded behind them."""
    return any(page.backs or page.folded for page in pages)


def printed_two_sided(both_sides: bool, pages: Sequence[PagePlan], duplex: DuplexMode) -> bool:
    """Whether a file goes through the printer double-sided: backs do, unless glued or folded; a
    two-sided component (the rules sheet) does, unless its sides stand side by side on half-cut
    pages or the player has no duplex printer (backs glued or folded: each side on a sheet)."""
    return duplex.flips and (
        (both_sides and not any(page.halved for page in pages)) or any(page.backs for page in pages)
    )


INK_SAVER_DEPTH = 0.35  # the ink saver keeps this share of a picture's darkness, in grey


def _light(data: bytes) -> PILImage:
    """A picture as the ink saver prints it: grey, each pixel keeping INK_SAVER_DEPTH of its
    darkness, its transparency kept."""
    from PIL import Image

    with Image.open(BytesIO(data)) as opened:
        grey, alpha = opened.convert("LA").split()
    lighter = grey.point(lambda v: round(255 - (255 - v) * INK_SAVER_DEPTH))
    return Image.merge("RGBA", (lighter, lighter, lighter, alpha))


class FormCache:
    """Form XObjects drawn once per PDF and placed by reference: icons (which set no colour or line
    width, so each use inherits the fill, stroke and width in force), sheets, the page furniture
    and cut guides that repeat, and the piece sides and runs of elements many pieces share."""

    def __init__(
        self,
        canvas: Canvas,
        store: IconStore,
        *,
        outlined: bool = False,
        press: Callable[[Picture], PILImage] | None = None,
        colors: Callable[[str], Color] = rl_color,
    ):
        self.canvas = canvas
        self.store = store
        self.colors = colors  # '#rrggbb' to the canvas's colour, for own art drawn in its own colours
        self.outlined = outlined  # icons stroked as well as filled: the ink saver draws them light, outlined
        self.press = press  # a picture's bytes to what a press prints (CMYK, no transparency), if for one
        self.names: dict[Hashable, str] = {}
        self.sources: dict[str, object] = {}  # each icon's and picture's form: the shape or picture drawn

    def form(
        self,
        key: Hashable,
        bbox: tuple[float, float, float, float],
        draw: Callable[[], None],
        *,
        name: str | None = None,
    ) -> str:
        """The form for `key` (anything that tells its drawing apart), drawn on first use. Icons
        keep readable names; other forms get short ones, since every page lists the forms it uses."""
        if key not in self.names:
            # named before it is drawn: a form its drawing makes first (a picture in a shared run of
            # elements) takes the next name, not this one
            self.names[key] = name = name or f"F{len(self.names)}"
            self.canvas.beginForm(name, *bbox)  # type: ignore[arg-type]  # the stubs say int; it takes points
            draw()
            self.canvas.endForm()
        return self.names[key]

    def ready(self, refs: Iterable[str]) -> None:
        """The forms of icons and pictures `refs`, made before a form that places them is begun."""
        for ref in sorted(refs):
            self.picture_form(ref) if is_picture_ref(ref) else self.icon_form(ref)

    def icon_form(self, ref: str) -> str:
        own = is_art_ref(ref)  # a file name of the designer's: any letters, so named by its digest
        name = "icon_" + (sha256(ref.encode()).hexdigest()[:16] if own else ref.replace("/", "__").replace("-", "_"))
        if name in self.names:
            return self.names[name]
        shape = self.sources[ref] = self.store.shape_of(ref)
        return self.form(name, (0, 0, shape.view_size, shape.view_size), lambda: self._icon(shape), name=name)

    def picture_form(self, ref: str) -> tuple[str, tuple[int, int]]:
        """A form holding the designer's picture `ref` one point to a pixel: the image is embedded
        once in the PDF however many pieces show it, and each placing scales the form."""
        picture = self.sources[ref] = self.store.own_art().picture(ref)
        size = (picture.width, picture.height)

        def draw() -> None:
            from reportlab.lib.utils import ImageReader

            if self.press is not None:
                self.canvas.drawImage(ImageReader(self.press(picture)), 0, 0, *size)
            elif self.outlined:  # the ink saver: a light grey print of it, as its icons are light
                self.canvas.drawImage(ImageReader(_light(picture.data)), 0, 0, *size, mask="auto")
            else:
                self.canvas.drawImage(ImageReader(BytesIO(picture.data)), 0, 0, *size, mask="auto")

        return self.form(("picture", ref), (0, 0, *size), draw), size

    def drawn_as(self, sources: Mapping[str, object]) -> bool:
        """Whether the icons and pictures of another document's forms (its `sources`) are what the
        store holds now: its forms are those this cache would draw, read (and checked) again. One
        the store refuses now is not: drawing the document says why, if it still shows it."""
        own = self.store.own_art
        try:
            return all(
                (own().picture(ref) if is_picture_ref(ref) else self.store.shape_of(ref)) == drawn
                for ref, drawn in sources.items()
            )
        except PnpError:
            return False

    def _icon(self, shape: IconShape) -> None:
        c = self.canvas
        c.transform(1, 0, 0, -1, 0, shape.view_size)
        if not shape.fills:  # an icon: one path, even-odd, in the colour in force
            c.drawPath(_path(c, shape.paths), stroke=int(self.outlined), fill=1, fillMode=1)
            return
        strokes = shape.strokes or (None,) * len(shape.paths)
        for part, colour, even_odd, stroke in zip(shape.paths, shape.fills, shape.even_odd, strokes, strict=True):
            if colour is not None:
                if colour and not self.outlined:  # the ink saver draws own art light and outlined, as an icon
                    c.setFillColor(self.colors(colour))
                c.drawPath(_path(c, (part,)), stroke=int(self.outlined), fill=1, fillMode=int(even_odd))
            if stroke is not None:
                self._stroke(_path(c, (part,)), stroke)

    def _stroke(self, path: PDFPathObject, stroke: OwnStroke) -> None:
        """A path of own art stroked as its SVG says, in its colour or the one in force (the ink
        saver's: line art stays lines), its width and dashes kept apart from the outline's."""
        c = self.canvas
        c.saveState()
        if stroke.colour and not self.outlined:
            c.setStrokeColor(self.colors(stroke.colour))
        c.setLineWidth(stroke.width)
        c.setLineCap(stroke.cap)
        c.setLineJoin(stroke.join)
        c.setMiterLimit(4)  # SVG's, where PDF's is 10
        c.setDash(list(stroke.dashes) if stroke.dashes else [])
        c.drawPath(path, stroke=1, fill=0)
        c.restoreState()


def _path(c: Canvas, paths: Sequence[tuple[tuple[int, ...], tuple[float, ...]]]) -> PDFPathObject:
    """One PDF path of `paths` (operators 0 move, 1 line, 2 cubic curve, 3 close, and their points)."""
    path = c.beginPath()
    for operators, points in paths:
        i = 0
        for op in operators:
            if op == 0:
                path.moveTo(points[i], points[i + 1])
                i += 2
            elif op == 1:
                path.lineTo(points[i], points[i + 1])
                i += 2
            elif op == 2:
                path.curveTo(*points[i : i + 6])
                i += 6
            elif op == 3:
                path.close()
    return path
