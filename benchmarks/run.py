"""Benchmarks: the full build, and a synthetic deck through our renderer against the floor (bare
reportlab placing the same forms and strings) and a naive pipeline (a 300 dpi PNG per card).

Run: python benchmarks/run.py [--cards 1000,10000] [--skip-naive-above 10000]
Each measurement runs in its own process, so peak memory (ru_maxrss) belongs to it alone.
"""

from __future__ import annotations

import argparse
import io
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ICON = "lorc/shiny-apple"
BACK_ICON = "lorc/lift"
W, H = 63.5, 88.9


def _pieces(count: int):
    from pnp.components import Piece
    from pnp.render.elements import Icon, Text

    back = (Icon(BACK_ICON, W / 2, H / 2 + 5, 38, "#f3e9d2"), Text("Synthetic deck", 5, 12, W - 10, 8, size=10, color="#f3e9d2"))
    return [Piece("card", f"Card {i:05d}",
                  (Icon(ICON, W / 2, H * 0.55, 38, "#b3261e"),
                   Text(f"Card {i:05d}", 4, H - 14, W - 8, 10, size=13, bold=True),
                   Text("First line of rules text", 4, 16, W - 8, 5, size=8),
                   Text("and a second line under it", 4, 10, W - 8, 5, size=8)),
                  back, "back", "#fff4ee", "#2b2540") for i in range(count)]


def _options():
    from pnp.geometry import Size
    from pnp.render.document import RenderOptions

    return RenderOptions(paper=Size.paper("a4"))


def ours(count: int) -> bytes:
    from pnp.components import Cover, DocumentSpec, PieceSheet
    from pnp.icons import IconStore
    from pnp.paths import shipped_icons_dir
    from pnp.render.document import render_document

    spec = DocumentSpec("bench.pdf", "Synthetic deck", [PieceSheet("Cards", _pieces(count), W, H)], Cover(["bench"]), "Bench")
    return render_document(spec, _options(), IconStore(shipped_icons_dir())).pdf


def _grid():
    from pnp.geometry import MM
    from pnp.render.pieces import impose

    cells, _ = impose(_options(), W * MM, H * MM, 0.0, "card")
    return cells


def _icon_form(canvas, name: str, ref: str) -> None:
    from pnp.icons import IconRef, IconStore
    from pnp.paths import shipped_icons_dir

    shape = IconStore(shipped_icons_dir()).shape(IconRef.parse(ref))
    canvas.beginForm(name, 0, 0, 512, 512)
    canvas.transform(1, 0, 0, -1, 0, 512)
    path = canvas.beginPath()
    for operators, points in shape.paths:
        i = 0
        for op in operators:
            if op in (0, 1):
                (path.moveTo if op == 0 else path.lineTo)(points[i], points[i + 1]); i += 2
            elif op == 2:
                path.curveTo(*points[i:i + 6]); i += 6
            else:
                path.close()
    canvas.drawPath(path, stroke=0, fill=1, fillMode=1)
    canvas.endForm()


def floor(count: int, naive: bool = False) -> bytes:
    """Bare reportlab on the same grid: per card an icon, a title and two lines, and a back."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.geometry import MM
    from pnp.render.fonts import BOLD, REGULAR, register_fonts

    from reportlab import rl_config

    register_fonts()
    rl_config.useA85 = 0          # the same binary streams as ours: the floor is the floor
    buffer = io.BytesIO()
    options = _options()
    c = Canvas(buffer, pagesize=(options.paper.width, options.paper.height), invariant=1, pageCompression=1,
               initialFontName=REGULAR)
    cells = _grid()
    icon_pdf = _icon_pdf() if naive else None
    naive_dir = Path(tempfile.mkdtemp(prefix="naive-")) if naive else None
    if not naive:
        _icon_form(c, "face", ICON)
    _icon_form(c, "back", BACK_ICON)
    size = 38 * MM
    for start in range(0, count, len(cells)):
        chunk = list(zip(range(start, min(start + len(cells), count)), cells))
        for i, cell in chunk:
            c.setFillColor("#b3261e")
            x, y = cell.x + cell.width / 2 - size / 2, cell.y + cell.height * 0.55 - size / 2
            if naive:
                c.drawImage(str(_rasterise(icon_pdf, naive_dir, i)), x, y, size, size, mask="auto")
            else:
                c.saveState(); c.translate(x, y); c.scale(size / 512, size / 512); c.doForm("face"); c.restoreState()
            c.setFillColor("#000000")
            c.setFont(BOLD, 13)
            c.drawCentredString(cell.x + cell.width / 2, cell.top - 12 * MM, f"Card {i:05d}")
            c.setFont(REGULAR, 8)
            c.drawCentredString(cell.x + cell.width / 2, cell.y + 17 * MM, "First line of rules text")
            c.drawCentredString(cell.x + cell.width / 2, cell.y + 11 * MM, "and a second line under it")
        c.showPage()
        for i, cell in chunk:
            x = options.paper.width - cell.right
            c.setFillColor("#f3e9d2")
            c.saveState(); c.translate(x + cell.width / 2 - size / 2, cell.y + cell.height / 2); c.scale(size / 512, size / 512)
            c.doForm("back"); c.restoreState()
            c.setFont(REGULAR, 10)
            c.drawCentredString(x + cell.width / 2, cell.y + 14 * MM, "Synthetic deck")
        c.showPage()
    c.save()
    if naive_dir:
        import shutil

        shutil.rmtree(naive_dir, ignore_errors=True)
    return buffer.getvalue()


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
    started = time.perf_counter()
    data = {"ours": ours, "floor": floor, "naive": lambda n: floor(n, naive=True)}[variant](count)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"variant": variant, "cards": count, "seconds": seconds, "bytes": len(data), "peak_mb": peak}


def child(variant: str, count: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", variant, str(count)], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="1000,10000")
    parser.add_argument("--skip-naive-above", type=int, default=10000)
    parser.add_argument("--child", nargs=2, metavar=("VARIANT", "CARDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child[0], int(args.child[1]))))
        return
    pnp = [sys.executable, "-m", "pnp"]
    with tempfile.TemporaryDirectory() as work:
        cwd = Path(work)
        full, full_peak = timed(pnp + ["build", "--force"], cwd)
        again, _ = timed(pnp + ["build"], cwd)
        helps = [timed(pnp + ["--help"], cwd)[0] for _ in range(5)]
    print(f"{'measure':44} {'value':>12}")
    print(f"{'full build, all five games (--force)':44} {full:>10.2f} s   peak {full_peak:.0f} MB (largest process)")
    print(f"{'no-change rebuild of all games':44} {again:>10.2f} s")
    print(f"{'pnp --help (best of 5)':44} {min(helps):>10.2f} s")
    print()
    print(f"{'deck':>6} {'variant':>7} {'ms/card':>9} {'bytes/card':>11} {'peak MB':>8}")
    for count in (int(n) for n in args.cards.split(",")):
        rows = {variant: child(variant, count) for variant in ("ours", "floor")}
        if count <= args.skip_naive_above:
            rows["naive"] = child("naive", count)
        for variant, row in rows.items():
            print(f"{count:>6} {variant:>7} {1000 * row['seconds'] / count:>9.3f} {row['bytes'] / count:>11.1f} "
                  f"{row['peak_mb']:>8.0f}")
        o, f = rows["ours"], rows["floor"]
        line = (f"{count:>6} ratios: ours/floor time {o['seconds'] / f['seconds']:.2f}x, "
                f"bytes {o['bytes'] / f['bytes']:.2f}x")
        if "naive" in rows:
            n = rows["naive"]
            line += f"; naive/ours time {n['seconds'] / o['seconds']:.1f}x, bytes {n['bytes'] / o['bytes']:.1f}x"
        print(line)


if __name__ == "__main__":
    main()
