"""A PDF/X-1a:2003 (ISO 15930-4) preflight written from the standard's requirements as restated by
preflight tools (pdf-preflight's pdfx1a profile, pdfbox-preflight's rules, Antenna House's notes on
X-1a:2001 against X-1a:2003), not from pnp's writer: it reads the file with pikepdf and lists every
breach it finds."""

from __future__ import annotations

import io
import re

import pikepdf
from pikepdf import Name

ALLOWED_SPACES = {"/DeviceCMYK", "/DeviceGray", "/Pattern"}
RGB_OPERATORS = {"rg", "RG"}
PDF_DATE = re.compile(r"D:\d{4}(\d{2}){0,5}([+\-Z].*)?$")


def preflight(data: bytes) -> list[str]:
    problems: list[str] = []
    header = data[:9]
    if not re.fullmatch(rb"%PDF-1\.[0-4]", header[:8]):
        problems.append(f"header {header!r}: PDF/X-1a:2003 is PDF 1.4 at most")
    if b"/ObjStm" in data or b"/XRefStm" in data or re.search(rb"/Type\s*/XRef\b", data):
        problems.append("object or cross-reference streams (PDF 1.5)")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        problems += _document(pdf)
        for number, page in enumerate(pdf.pages, start=1):
            problems += [f"page {number}: {p}" for p in _page(page)]
    return problems


def _document(pdf: pikepdf.Pdf) -> list[str]:
    problems = []
    if pdf.is_encrypted:
        problems.append("encrypted")
    ids = pdf.trailer.get("/ID")
    if not isinstance(ids, pikepdf.Array) or len(ids) != 2:
        problems.append("no /ID in the trailer")
    info = pdf.docinfo
    if str(info.get("/GTS_PDFXVersion", "")) != "PDF/X-1a:2003":
        problems.append(f"GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}")
    if not str(info.get("/Title", "")).strip():
        problems.append("no Title")
    for key in ("/CreationDate", "/ModDate"):
        if not PDF_DATE.match(str(info.get(key, ""))):
            problems.append(f"{key[1:]} missing or not a PDF date")
    if info.get("/Trapped") not in (Name("/True"), Name("/False")):
        problems.append(f"Trapped is {info.get('/Trapped')!r}, not the name /True or /False")
    root = pdf.Root
    for key in ("/OpenAction", "/AA", "/AcroForm"):
        if key in root:
            problems.append(f"the catalogue has {key}")
    if "/Names" in root and "/JavaScript" in root.Names:
        problems.append("JavaScript")
    intents = [i for i in root.get("/OutputIntents", []) if i.get("/S") == Name.GTS_PDFX]
    if len(intents) != 1:
        problems.append(f"{len(intents)} GTS_PDFX output intents, not one")
    for intent in intents:
        problems += _intent(intent)
    return problems


def _intent(intent: pikepdf.Dictionary) -> list[str]:
    problems = []
    condition = str(intent.get("/OutputConditionIdentifier", ""))
    if not condition:
        problems.append("the output intent names no OutputConditionIdentifier")
    if "/Info" not in intent:
        problems.append("the output intent has no Info")
    registered = str(intent.get("/RegistryName", "")) == "http://www.color.org"
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        if not registered:
            problems.append("an unregistered condition without its DestOutputProfile")
        return problems
    icc = profile.read_bytes()
    if icc[12:16] != b"prtr" or icc[16:20] != b"CMYK" or int(profile.get("/N", 0)) != 4:
        problems.append(f"the output profile is {icc[12:16]!r} {icc[16:20]!r}, not a CMYK printer profile")
    if icc[8] > 2:
        problems.append(f"an ICC version {icc[8]} profile in a PDF 1.4 file")
    return problems


def _page(page: pikepdf.Page) -> list[str]:
    problems = []
    obj = page.obj
    media = [float(v) for v in page.mediabox]
    has_trim, has_art = "/TrimBox" in obj, "/ArtBox" in obj
    if has_trim == has_art:
        problems.append("needs exactly one of TrimBox and ArtBox")
    inner = [float(v) for v in (obj.TrimBox if has_trim else obj.ArtBox)] if has_trim or has_art else media
    outer = [float(v) for v in obj.BleedBox] if "/BleedBox" in obj else media
    if not _within(inner, outer) or not _within(outer, media):
        problems.append(f"boxes do not nest: trim {inner} in bleed {outer} in media {media}")
    for annot in obj.get("/Annots", []):
        if annot.get("/Subtype") not in (Name.TrapNet, Name.PrinterMark) and _overlaps(
            [float(v) for v in annot.Rect], outer
        ):
            problems.append("an annotation inside the bleed box")
    if obj.get("/Group", {}).get("/S") == Name.Transparency:
        problems.append("a transparency group")
    problems += _stream(obj, obj.get("/Resources", pikepdf.Dictionary()), set())
    return problems


def _within(inner: list[float], outer: list[float]) -> bool:
    eps = 0.01
    return (
        inner[0] >= outer[0] - eps
        and inner[1] >= outer[1] - eps
        and inner[2] <= outer[2] + eps
        and inner[3] <= outer[3] + eps
    )


def _overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _stream(holder: pikepdf.Object, resources: pikepdf.Dictionary, seen: set[tuple[int, int]]) -> list[str]:
    """Every operator of a content stream, then of each form it paints (forms within forms too)."""
    problems = []
    spaces = resources.get("/ColorSpace", pikepdf.Dictionary())
    for key, space in spaces.items():
        problems += [f"colour space {key}: {p}" for p in _space(space)]
    for name, state in resources.get("/ExtGState", pikepdf.Dictionary()).items():
        problems += [f"graphics state {name}: {p}" for p in _graphics_state(state)]
    for operands, operator in pikepdf.parse_content_stream(holder):
        op = str(operator)
        if op in RGB_OPERATORS:
            problems.append(f"sets an RGB colour ({' '.join(str(o) for o in operands)} {op})")
        elif op in ("cs", "CS"):
            name = operands[0]
            if str(name) not in ALLOWED_SPACES and name not in spaces:
                problems.append(f"selects colour space {name}")
        elif op in ("PS", "BX"):
            problems.append(f"uses {op}")
        elif op == "BI" or isinstance(operator, pikepdf.PdfInlineImage):
            problems.append("an inline image (checked by hand only)")
    for name, xobject in resources.get("/XObject", pikepdf.Dictionary()).items():
        key = xobject.objgen
        if key in seen:
            continue
        seen.add(key)
        subtype = xobject.get("/Subtype")
        if subtype == Name.Form:
            if xobject.get("/Group", {}).get("/S") == Name.Transparency:
                problems.append(f"form {name}: a transparency group")
            if xobject.get("/Subtype2") == Name.PS:
                problems.append(f"form {name}: a PostScript form")
            problems += [
                f"form {name}: {p}" for p in _stream(xobject, xobject.get("/Resources", pikepdf.Dictionary()), seen)
            ]
        elif subtype == Name.Image:
            problems += [f"image {name}: {p}" for p in _space(xobject.get("/ColorSpace", Name.DeviceGray))]
            if "/SMask" in xobject:
                problems.append(f"image {name}: a soft mask")
            if "/Alternates" in xobject or "/OPI" in xobject:
                problems.append(f"image {name}: alternates or OPI")
        else:
            problems.append(f"XObject {name}: subtype {subtype}")
    for name, font in resources.get("/Font", pikepdf.Dictionary()).items():
        descendant = font.get("/DescendantFonts")
        base = descendant[0] if descendant else font
        if font.get("/Subtype") != Name.Type3:
            descriptor = base.get("/FontDescriptor", pikepdf.Dictionary())
            if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                problems.append(f"font {name} ({font.get('/BaseFont')}) is not embedded")
    return problems


def _space(space: pikepdf.Object) -> list[str]:
    if isinstance(space, pikepdf.Name):
        return [] if str(space) in ALLOWED_SPACES else [f"{space} is not CMYK or grey"]
    family = str(space[0])
    if family in ("/Separation", "/DeviceN"):
        alternate = space[2]
        return [] if str(alternate) in ("/DeviceCMYK", "/DeviceGray") else [f"{family} over {alternate}"]
    if family == "/Indexed":
        return _space(space[1])
    if family == "/Pattern":
        return [] if len(space) == 1 else _space(space[1])
    return [f"{family} is not allowed"]


def _graphics_state(state: pikepdf.Dictionary) -> list[str]:
    problems = []
    if state.get("/SMask", Name("/None")) != Name("/None"):
        problems.append("a soft mask")
    if state.get("/BM", Name.Normal) not in (Name.Normal, Name.Compatible):
        problems.append(f"blend mode {state.get('/BM')}")
    for key in ("/CA", "/ca"):
        if float(state.get(key, 1.0)) != 1.0:
            problems.append(f"{key} {state.get(key)}: transparency")
    for key in ("/TR", "/TR2", "/HTP"):
        if key in state and state[key] != Name.Default:
            problems.append(f"{key}: a transfer function or halftone phase")
    return problems
