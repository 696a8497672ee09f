"""Read what a PDF page draws: rectangles, line segments, text and form placements, in page points.

qpdf (through pikepdf) parses each content stream; the walk keeps the transformation matrix.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pikepdf

MM = 72 / 25.4


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class PageScan:
    width: float
    height: float
    rects: list = field(default_factory=list)  # (x, y, w, h, stroke_rgb)
    lines: list = field(default_factory=list)  # ((x1, y1), (x2, y2), stroke_rgb)
    texts: list = field(default_factory=list)  # (text, x, y): left and bottom of the glyphs
    boxes: list = field(default_factory=list)  # (text, (left, bottom, right, top))
    forms: list = field(default_factory=list)  # (name, x, y, scale)
    placed_forms: list = field(default_factory=list)  # (name, (left, bottom, right, top)): its box, turned or not
    curves: list = field(default_factory=list)  # painted paths with curves: (x0, y0, x1, y1, curve count)
    strokes: list = field(default_factory=list)  # stroked paths of any kind: (x0, y0, x1, y1), their points' box

    def text(self) -> str:
        return " ".join(t for t, _, _ in self.texts)


def _texts(source) -> list[list[tuple[str, tuple]]]:
    """Text runs with absolute boxes from pdfium, which follows form XObjects correctly."""
    import io

    import pypdfium2 as pdfium

    data = source if isinstance(source, bytes) else open(source, "rb").read()
    document = pdfium.PdfDocument(io.BytesIO(data))
    out = []
    for page in document:
        textpage = page.get_textpage()
        runs = []
        for i in range(textpage.count_rects()):
            box = textpage.get_rect(i)
            text = " ".join(textpage.get_text_bounded(*box).split())
            if text:
                runs.append((text, box))
        out.append(runs)
    return out


def _mul(m, n):
    """m then n (PDF row-vector convention: m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _walk(out: PageScan, content, resources, ctm) -> None:
    """Interpret the drawing operators we check, following form XObjects with their matrices
    (qpdf parses the content streams: fast on pages of card art)."""
    state = {"ctm": ctm, "stroke": None, "cur": None, "path": [], "curves": 0, "outline": []}
    stack = []
    xobjects = (resources or {}).get("/XObject") or {}
    for operands, operator in pikepdf.parse_content_stream(content):
        op = str(operator).encode()
        cm = state["ctm"]
        if op == b"q":
            stack.append((state["ctm"], state["stroke"]))
        elif op == b"Q" and stack:
            state["ctm"], state["stroke"] = stack.pop()
        elif op == b"cm":
            state["ctm"] = _mul(tuple(float(v) for v in operands), cm)
        elif op == b"RG":
            state["stroke"] = tuple(round(float(v), 3) for v in operands)
        elif op == b"G":
            g = round(float(operands[0]), 3)
            state["stroke"] = (g, g, g)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            x0, y0 = _apply(cm, x, y)
            x1, y1 = _apply(cm, x + w, y + h)
            out.rects.append((min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0), state["stroke"]))
            state["outline"] += [(x0, y0), (x1, y1)]
        elif op == b"m":
            state["cur"] = _apply(cm, float(operands[0]), float(operands[1]))
            state["path"].append(state["cur"])
        elif op == b"l" and state["cur"] is not None:
            point = _apply(cm, float(operands[0]), float(operands[1]))
            out.lines.append((state["cur"], point, state["stroke"]))
            state["cur"] = point
            state["path"].append(point)
        elif op == b"c":
            state["curves"] += 1
            for i in range(0, 6, 2):
                state["path"].append(_apply(cm, float(operands[i]), float(operands[i + 1])))
        elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
            points = state["outline"] + state["path"]
            if op in (b"S", b"s", b"B", b"B*", b"b", b"b*") and points:
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                out.strokes.append((min(xs), min(ys), max(xs), max(ys)))
            state["outline"] = []
            if state["curves"] and state["path"]:
                xs = [p[0] for p in state["path"]]
                ys = [p[1] for p in state["path"]]
                out.curves.append((min(xs), min(ys), max(xs), max(ys), state["curves"]))
            state["path"], state["curves"] = [], 0
        elif op == b"Do":
            name = str(operands[0])
            out.forms.append((name, cm[4], cm[5], cm[0]))
            xobject = xobjects.get(name)
            if xobject is not None and "/BBox" in xobject:
                x0, y0, x1, y1 = (float(v) for v in xobject["/BBox"])
                corners = [_apply(cm, x, y) for x in (x0, x1) for y in (y0, y1)]
                out.placed_forms.append(
                    (
                        name,
                        (
                            min(c[0] for c in corners),
                            min(c[1] for c in corners),
                            max(c[0] for c in corners),
                            max(c[1] for c in corners),
                        ),
                    )
                )
            if xobject is not None and xobject.get("/Subtype") == "/Form" and "icon_" not in name:
                matrix = tuple(float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                _walk(out, xobject, xobject.get("/Resources") or resources, _mul(matrix, cm))


def scan(source, pages=None, text: bool = True) -> list[PageScan | None]:
    """`source` is a path or the PDF's bytes; `pages` (1-based numbers) limits the pages read, the
    others left None; `text=False` skips the text runs."""
    import io

    data = source if isinstance(source, bytes) else open(source, "rb").read()
    document = pikepdf.open(io.BytesIO(data))
    texts = _texts(data) if text else None
    out: list[PageScan | None] = []
    for number, page in enumerate(document.pages):
        if pages is not None and number + 1 not in pages:
            out.append(None)
            continue
        box = [float(v) for v in page.mediabox]
        scanned = PageScan(box[2] - box[0], box[3] - box[1])
        _walk(scanned, page, page.obj.get("/Resources"), (1, 0, 0, 1, 0, 0))
        if texts is not None:
            scanned.boxes = texts[number]
            scanned.texts = [(t, b[0], b[1]) for t, b in texts[number]]
        out.append(scanned)
    return out


def near(a: float, b: float, tol_mm: float = 0.1) -> bool:
    return abs(a - b) <= tol_mm * MM


def pdf_text(path) -> str:
    """The text of every page, whitespace runs made one space (a wrapped line reads as one)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in document)
    finally:
        document.close()
