"""The measured job of the deck benchmarks, run as a process of its own by run.py: a synthetic deck
through our renderer, the floor (bare reportlab drawing the same pages), the naive pipeline (a
300 dpi PNG per card), or the Soul cards of run.py's designer project built in Python. It imports
only what the job needs, so the harness's own imports (argparse, subprocess, statistics) are not
counted against the job.

`inline` is `ours` with an inline icon in each card's first line of rules (rich text).

Run: python benchmarks/deck_job.py ours|inline|souls|floor|naive CARDS   (prints the PDF's size as JSON)
"""

from __future__ import annotations

import io
import json
import sys
import tempfile
from pathlib import Path

from reportlab.lib.colors import toColor

ICON = "lorc/shiny-apple"
BACK_ICON = "lorc/lift"
W, H = 63.5, 88.9
RULE = "First line of rules text"
RULE_INLINE = f"First line <icon {ICON}> of rules"
GREY = toColor("#555555")


def _pieces(count: int, inline: bool = False):
    from pnp.render.specs import Piece
    from pnp.render.elements import Icon, Text

    back = (
        Icon(ref=BACK_ICON, cx=W / 2, cy=H / 2 + 5, size=38, color="#f3e9d2"),
        Text(text="Synthetic deck", x=5, y=12, w=W - 10, h=8, size=10, color="#f3e9d2"),
    )
    # the elements every card draws alike are one object for the deck, as the composer hands a
    # template's slots whose values do not change from card to card (`compose.kept_elements`)
    art = Icon(ref=ICON, cx=W / 2, cy=H * 0.55, size=38, color="#b3261e")
    rules = (
        Text(text=RULE_INLINE if inline else RULE, x=4, y=16, w=W - 8, h=5, size=8),
        Text(text="and a second line under it", x=4, y=10, w=W - 8, h=5, size=8),
    )
    return [
        Piece(
            kind="card",
            name=f"Card {i:05d}",
            face=(art, Text(text=f"Card {i:05d}", x=4, y=H - 14, w=W - 8, h=10, size=13, bold=True), *rules),
            back=back,
            back_name="back",
            background="#fff4ee",
            back_background="#2b2540",
        )
        for i in range(count)
    ]


def _souls(count: int):
    """The cards of run.py's designer project built in Python, element by element, as its Soul
    template lays them out on a poker card (the boxes below are what pnp's composer gives that
    template's slots at 63.5 x 88.9 mm; move the template and these drift): what the public
    route's cards cost to draw without it."""
    from pnp.render.specs import Piece
    from pnp.render.elements import Box, Icon, Text

    kinds = {"good": ("GOOD SOUL", "#c8961e", "#fff8e6", "HEAVEN"), "evil": ("EVIL SOUL", "#9b2226", "#fbeaea", "HELL")}
    common = {
        kind: (
            Box(x=0, y=77.343, w=W, h=11.557, fill=color),
            Text(text=label, x=3, y=80.343, w=57.5, h=5.557, size=13, bold=True, color="#ffffff"),
            Text(text=f"Spend 2 to step toward {way}", x=4, y=2.5, w=55.5, h=6.223, size=7, min_size=5.5, color=color),
            Box(x=1.2, y=1.2, w=61.1, h=86.5, stroke=color, width=1.2, radius=2.5),
        )
        for kind, (label, color, _, way) in kinds.items()
    }
    icons = ["lorc/prayer", "lorc/dove", "lorc/angel-outfit"]
    art = {
        (ref, kind): Icon(ref=ref, cx=W / 2, cy=46.228, size=37.338, color=kinds[kind][1])
        for ref in icons
        for kind in kinds
    }
    back = (
        Box(x=3, y=3, w=57.5, h=82.9, stroke="#e9e4f0", width=0.8, radius=2.5),
        Icon(ref="lorc/spectre", cx=W / 2, cy=48.895, size=39.116, color="#e9e4f0"),
        Text(text="Soul", x=5, y=13.335, w=53.5, h=8.001, size=13, bold=True, color="#e9e4f0"),
        Text(text="I'm going Straight to ...", x=5, y=6.6675, w=53.5, h=6.223, size=7.5, color="#e9e4f0"),
    )
    pieces = []
    for i in range(count):
        kind = "good" if i % 2 == 0 else "evil"
        band, label, hint, frame = common[kind]
        face = (
            band,
            label,
            art[(icons[i % 3], kind)],
            Text(text=f"Soul {i:05d}", x=3, y=17.78, w=57.5, h=8.001, size=13, bold=True, color=kinds[kind][1]),
            Text(text=f"Design number {i}", x=4, y=10.668, w=55.5, h=7.112, size=7.5, min_size=5.5, color="#444444"),
            hint,
            frame,
        )
        pieces.append(
            Piece(
                kind=f"soul-{kind}",
                name=f"Soul {i:05d}",
                face=face,
                back=back,
                back_name="soul",
                background=kinds[kind][2],
                back_background="#3d3551",
            )
        )
    return pieces


def _options():
    from pnp.geometry import Size
    from pnp.render.pages import RenderOptions

    return RenderOptions(paper=Size.paper("a4"))


def _render(pieces, *, filename: str, title: str, sheet_title: str, game_title: str) -> bytes:
    """One deck through our renderer, as a game's document."""
    from pnp.files.paths import shipped_icons_dir
    from pnp.render.specs import Cover, DocumentSpec, PieceGroup
    from pnp.render.document import render_document
    from pnp.source.icons import IconStore

    spec = DocumentSpec(
        filename=filename,
        title=title,
        sections=[PieceGroup(title=sheet_title, pieces=pieces, width=W, height=H)],
        cover=Cover(contents=["bench"]),
        game_title=game_title,
    )
    return render_document(spec, _options(), IconStore(shipped_icons_dir())).pdf


def ours(count: int) -> bytes:
    return _render(
        _pieces(count), filename="bench.pdf", title="Synthetic deck", sheet_title="Cards", game_title="Bench"
    )


def inline(count: int) -> bytes:
    return _render(
        _pieces(count, inline=True),
        filename="bench.pdf",
        title="Synthetic deck",
        sheet_title="Cards",
        game_title="Bench",
    )


def souls(count: int) -> bytes:
    return _render(
        _souls(count),
        filename="cards.pdf",
        title="Cards",
        sheet_title="Soul cards",
        game_title="I'm going Straight to ...",
    )


def _grid():
    from pnp.render.specs import PieceGroup
    from pnp.render.pieces import pack

    (sheet, *_) = pack([PieceGroup(title="Cards", pieces=_pieces(9), width=W, height=H)], _options())
    return [slot.trim for slot in sheet.slots]


def _icon_form(canvas, name: str, ref: str) -> None:
    from pnp.files.paths import shipped_icons_dir
    from pnp.source.icons import IconRef, IconStore

    shape = IconStore(shipped_icons_dir()).shape(IconRef.parse(ref))
    canvas.beginForm(name, 0, 0, 512, 512)
    canvas.transform(1, 0, 0, -1, 0, 512)
    path = canvas.beginPath()
    for operators, points in shape.paths:
        i = 0
        for op in operators:
            if op in (0, 1):
                (path.moveTo if op == 0 else path.lineTo)(points[i], points[i + 1])
                i += 2
            elif op == 2:
                path.curveTo(*points[i : i + 6])
                i += 6
            else:
                path.close()
    canvas.drawPath(path, stroke=0, fill=1, fillMode=1)
    canvas.endForm()


def _cut_marks(c, cells, width: float, height: float) -> None:
    """A form of the sheet's cut lines and crop marks, drawn as ours draws them (the same lines)."""
    c.beginForm("cuts", 0, 0, width, height)
    c.setLineWidth(0.3)
    c.setStrokeColor(toColor("#8a8a8a"))
    for cell in cells:
        c.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=0)
    c.setStrokeColor(toColor("#000000"))
    c.setLineWidth(0.35)
    left, right = min(cell.x for cell in cells), max(cell.right for cell in cells)
    bottom, top = min(cell.y for cell in cells), max(cell.top for cell in cells)
    for x in sorted({cell.x for cell in cells} | {right}):
        c.line(x, top + 1.701, x, top + 10.913)
        c.line(x, bottom - 1.701, x, bottom - 10.913)
    for y in sorted({cell.y for cell in cells} | {top}):
        c.line(right + 1.701, y, right + 12.614, y)
        c.line(left - 1.701, y, left - 12.614, y)
    c.endForm()


def _furniture(c, width: float, height: float) -> None:
    """A form of what every page shows the same: the game's name, the scale bar, the icon credit."""
    from pnp.geometry import MM
    from pnp.render.fonts import BOLD, REGULAR

    c.beginForm("furniture", 0, 0, width, height)
    c.setFillColor(GREY)
    c.setFont(BOLD, 7)
    c.drawString(5 * MM, 818.3622, "Bench")
    c.setStrokeColor(toColor("#000000"))
    c.setLineWidth(0.5)
    for k in range(6):
        tall = k in (0, 5)
        c.line(5 * MM + k * 10 * MM, 20.976 if tall else 22.677, 5 * MM + k * 10 * MM, 27.780 if tall else 26.079)
    c.line(5 * MM, 24.378, 55 * MM, 24.378)
    c.setFont(REGULAR, 5.5)
    c.drawString(5 * MM, 15.874, "50 mm at 100% scale")
    c.drawString(432.2801, 18.70866, "Icons by lorc from game-icons.net, licensed CC BY 3.0")
    c.endForm()


def floor(count: int, naive: bool = False) -> bytes:
    """Bare reportlab drawing the same pages as ours: per card its background, an icon, a title and
    two lines, and a back; per page the cut lines and crop marks, the page's heading and number, and
    the furniture every page shares (forms, as ours uses them: the icons, the deck's one back, the
    cut marks and furniture; colours parsed once, as ours does)."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from pnp.geometry import MM
    from pnp.render.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    rl_config.useA85 = 0  # the same binary streams as ours: the floor is the floor
    options = _options()
    page_w = options.paper.width
    c = Canvas(None, pagesize=(page_w, options.paper.height), invariant=1, pageCompression=1, initialFontName=REGULAR)
    cells = _grid()
    icon_pdf = _icon_pdf() if naive else None
    naive_dir = Path(tempfile.mkdtemp(prefix="naive-")) if naive else None
    if not naive:
        _icon_form(c, "face", ICON)
    _icon_form(c, "back", BACK_ICON)
    _cut_marks(c, cells, page_w, options.paper.height)
    c.beginForm("backside", 0, 0, cells[0].width, cells[0].height)  # the deck's one back, as ours draws it
    c.setFillColor(toColor("#f3e9d2"))
    c.saveState()
    c.translate(cells[0].width / 2 - 38 * MM / 2, 86.31496)
    c.scale(38 * MM / 512, 38 * MM / 512)
    c.doForm("back")
    c.restoreState()
    c.setFont(REGULAR, 10)
    c.drawCentredString(cells[0].width / 2, 42.57833, "Synthetic deck")
    c.endForm()
    _furniture(c, page_w, options.paper.height)
    red, ink, paper, night = (toColor(text) for text in ("#b3261e", "#1b1b1b", "#fff4ee", "#2b2540"))
    size = 38 * MM
    sheets = -(-count // len(cells))
    for sheet, start in enumerate(range(0, count, len(cells))):
        chunk = list(zip(range(start, min(start + len(cells), count)), cells))
        for i, cell in chunk:
            c.setFillColor(paper)
            c.rect(cell.x, cell.y, cell.width, cell.height, stroke=0, fill=1)
            c.setFillColor(red)
            x, y = cell.x + cell.width / 2 - size / 2, cell.y + cell.height * 0.55 - size / 2
            if naive:
                c.drawImage(str(_rasterise(icon_pdf, naive_dir, i)), x, y, size, size, mask="auto")
            else:
                c.saveState()
                c.translate(x, y)
                c.scale(size / 512, size / 512)
                c.doForm("face")
                c.restoreState()
            c.setFillColor(ink)
            c.setFont(BOLD, 13)
            c.drawCentredString(cell.x + cell.width / 2, cell.y + 222.8794, f"Card {i:05d}")
            c.setFont(REGULAR, 8)
            c.drawCentredString(cell.x + cell.width / 2, cell.y + 50.22014, "First line of rules text")
            c.drawCentredString(cell.x + cell.width / 2, cell.y + 33.21227, "and a second line under it")
        _page(
            c,
            page_w,
            2 * sheet + 1,
            2 * sheets,
            f"Cards {sheet + 1}/{sheets}: fronts (print the file double-sided, flip on long edge)",
        )
        for _, cell in chunk:
            x = page_w - cell.right
            c.setFillColor(night)
            c.rect(x, cell.y, cell.width, cell.height, stroke=0, fill=1)
            c.saveState()
            c.translate(x, cell.y)
            c.doForm("backside")
            c.restoreState()
        _page(c, page_w, 2 * sheet + 2, 2 * sheets, f"Cards {sheet + 1}/{sheets}: backs (flip on long edge)")
    pdf = c.getpdfdata()  # as ours takes it: the bytes themselves, not a file's copy
    if naive_dir:
        import shutil

        shutil.rmtree(naive_dir, ignore_errors=True)
    return pdf


def _page(c, page_w: float, number: int, pages: int, heading: str) -> None:
    from pnp.geometry import MM
    from pnp.render.fonts import REGULAR

    c.doForm("cuts")
    c.doForm("furniture")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 7)
    c.drawRightString(page_w - 5 * MM, 818.3622, f"page {number} / {pages}")
    c.drawCentredString(page_w / 2, 818.3622, heading)
    c.showPage()


def _icon_pdf() -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.geometry import MM

    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(38 * MM, 38 * MM))
    _icon_form(c, "icon", ICON)
    c.setFillColor("#b3261e")
    c.scale(38 * MM / 512, 38 * MM / 512)
    c.doForm("icon")
    c.showPage()
    c.save()
    return buffer.getvalue()


def _rasterise(pdf: bytes, folder: Path, index: int) -> Path:
    """The naive step, done for every card: its icon to a 300 dpi PNG of its own."""
    import pypdfium2 as pdfium

    image = pdfium.PdfDocument(pdf)[0].render(scale=300 / 72, may_draw_forms=True).to_pil()
    path = folder / f"card-{index:05d}.png"
    image.save(path, format="PNG")
    return path


def measure(variant: str, count: int) -> dict:
    jobs = {"ours": ours, "inline": inline, "souls": souls, "floor": floor, "naive": lambda n: floor(n, naive=True)}
    data = jobs[variant](count)
    return {"variant": variant, "cards": count, "bytes": len(data)}


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], int(sys.argv[2]))))
