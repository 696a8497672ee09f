"""Cut files for a cutting machine's sheets: per page, a DXF (what Silhouette Studio's basic edition
opens) and an SVG, both in the page's own millimetres, each piece one closed path on layer CUT and
each fold a line on layer SCORE."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from pathlib import Path

from pnp.files.atomic import files_in, remove_file, write_bytes_atomic
from pnp.pipeline.manifest import CUT_FILE, FileRecord
from pnp.render.cutlines import Outline
from pnp.render.pages import RenderedDocument

SVG = "http://www.w3.org/2000/svg"
CUT, SCORE = "CUT", "SCORE"
CUT_STROKE, SCORE_STROKE = "#ff0000", "#0000ff"  # red cuts and blue scores, as cutting software colours them


def cut_file_name(pdf: str, page: int, extension: str) -> str:
    """`cards.pdf` page 3 -> `cards-cut-p03.dxf`: beside its PDF, sorted by page."""
    return f"{pdf.removesuffix('.pdf')}-cut-p{page:02d}.{extension}"


def cut_files(documents: Sequence[RenderedDocument], *, width: float, height: float, title: str) -> dict[str, bytes]:
    """Every cut file of a build: a DXF and an SVG for each sheet a cutting machine cuts (mm)."""
    files = {}
    for doc in documents:
        for page, outlines in doc.cuts.items():
            files[cut_file_name(doc.filename, page, "dxf")] = cut_dxf(outlines)
            files[cut_file_name(doc.filename, page, "svg")] = cut_svg(
                outlines, width=width, height=height, title=f"{title}: {doc.filename}, page {page}: cut"
            )
    return files


def cut_records(files: dict[str, bytes]) -> list[FileRecord]:
    """The manifest's record of each cut file: the next build trusts it only while they are there."""
    return [
        FileRecord(file=name, bytes=len(data), sha256=hashlib.sha256(data).hexdigest()) for name, data in files.items()
    ]


def write_cut_files(folder: Path, files: dict[str, bytes], *, root: Path) -> list[Path]:
    """Each cut file beside its PDF, written atomically; an earlier build's that this one has not
    made (another paper, or no cutter now) removed."""
    for name, data in files.items():
        write_bytes_atomic(folder / name, data, root=root)
    for name in [*files_in(folder, root=root, suffix=".dxf"), *files_in(folder, root=root, suffix=".svg")]:
        if CUT_FILE.fullmatch(name) and name not in files:
            remove_file(folder / name, root=root)
    return [folder / name for name in files]


def cut_svg(outlines: Sequence[Outline], *, width: float, height: float, title: str) -> bytes:
    """An SVG the size of the page (mm, y down as SVG has it): the cuts in one group, the scores in another."""
    return svg_document(
        size=(f"{width:g}mm", f"{height:g}mm"),
        view=(width, height),
        title=title,
        cuts=[(o.name, outline_path(o.shape, o.x, height - o.y - o.h, o.w, o.h)) for o in outlines],
        scores=[
            f"M {x1:.3f} {height - y1:.3f} L {x2:.3f} {height - y2:.3f}"
            for o in outlines
            for x1, y1, x2, y2 in o.scores
        ],
    )


def svg_document(
    *,
    size: tuple[str, str],
    view: tuple[float, float],
    title: str,
    cuts: Sequence[tuple[str, str]],
    scores: Sequence[str] = (),
) -> bytes:
    """A cutting program's SVG: `size` with its units, `view` in user units; each cut (its name and
    path) in the red group CUT, each score line in the blue, dashed group SCORE."""
    from lxml import etree  # only a cutter's build or export writes one

    root = etree.Element(
        f"{{{SVG}}}svg",
        nsmap={None: SVG},  # type: ignore[dict-item]  # lxml's stubs want a prefix; None is the default namespace
        width=size[0],
        height=size[1],
        viewBox=f"0 0 {view[0]:g} {view[1]:g}",
    )
    etree.SubElement(root, f"{{{SVG}}}title").text = title
    group = etree.SubElement(root, f"{{{SVG}}}g", id=CUT, fill="none", stroke=CUT_STROKE)
    group.set("stroke-width", "0.1%")
    for name, d in cuts:
        path = etree.SubElement(group, f"{{{SVG}}}path", d=d)
        etree.SubElement(path, f"{{{SVG}}}title").text = name
    if scores:
        group = etree.SubElement(root, f"{{{SVG}}}g", id=SCORE, fill="none", stroke=SCORE_STROKE)
        group.set("stroke-width", "0.1%")
        group.set("stroke-dasharray", "1%")
        for d in scores:
            etree.SubElement(group, f"{{{SVG}}}path", d=d)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def outline_path(shape: str, x: float, y: float, w: float, h: float) -> str:
    """One closed path from its top-left corner (x, y; SVG's y runs down): a rectangle, or the
    circle that fills it as two half arcs."""
    if shape == "round":
        r = w / 2
        arc = f"A {r:.3f} {r:.3f} 0 1 0"
        return f"M {x:.3f} {y + r:.3f} {arc} {x + w:.3f} {y + r:.3f} {arc} {x:.3f} {y + r:.3f} Z"
    return f"M {x:.3f} {y:.3f} H {x + w:.3f} V {y + h:.3f} H {x:.3f} Z"


def cut_dxf(outlines: Sequence[Outline]) -> bytes:
    """A DXF drawing in millimetres with the page's origin at its lower-left corner (y up, as the
    PDF): closed polylines and circles on layer CUT, lines on layer SCORE. AutoCAD 2000's format,
    the oldest that records its units ($INSUNITS), as Inkscape's cutting-plotter DXF (R14) does too."""
    import ezdxf  # only a cutter build needs it
    from ezdxf.document import Drawing

    # the same drawing gives the same bytes: no dates, no random ids (a rebuild changes no cut file)
    ezdxf.options.write_fixed_meta_data_for_testing = True  # type: ignore[attr-defined]  # re-exported untyped

    doc = Drawing.new("R2000")
    doc.header["$INSUNITS"] = 4  # millimetres
    doc.header["$MEASUREMENT"] = 1  # metric
    doc.layers.add(CUT, color=1)  # red
    doc.layers.add(SCORE, color=5)  # blue
    space = doc.modelspace()
    for o in outlines:
        if o.shape == "round":
            space.add_circle((o.x + o.w / 2, o.y + o.h / 2), o.w / 2, dxfattribs={"layer": CUT})
        else:
            corners = [(o.x, o.y), (o.x + o.w, o.y), (o.x + o.w, o.y + o.h), (o.x, o.y + o.h)]
            space.add_lwpolyline(corners, close=True, dxfattribs={"layer": CUT})
        for x1, y1, x2, y2 in o.scores:
            space.add_line((x1, y1), (x2, y2), dxfattribs={"layer": SCORE})
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("ascii")
