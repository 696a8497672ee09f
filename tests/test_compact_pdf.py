"""Every PDF a build writes is packed (issue 70, item 2): its page dictionaries and other small
objects in compressed object streams, its cross-reference a compressed stream (PDF 1.5). Checked
as readers read it: qpdf's own check (through pikepdf), pypdf in strict mode and pdfium, which
must agree on every page, and draw the first page exactly as qpdf's unpacked copy of it."""

from __future__ import annotations

import io

import pytest


@pytest.fixture(scope="module")
def documents(default_build):
    found = sorted(default_build.rglob("*.pdf"))
    assert len(found) >= 15, found
    return found


def test_every_pdf_of_a_build_is_packed_and_read_alike_by_every_reader(documents):
    import pikepdf
    import pypdfium2 as pdfium
    from pypdf import PdfReader

    for path in documents:
        data = path.read_bytes()
        assert data.startswith(b"%PDF-1.7\n"), path  # 1.7 for the print dialog's Duplex key; 1.5 packs
        assert b"/Type /ObjStm" in data and b"/Type /XRef" in data, path
        assert b"/Type /Page\n" not in data and b"\nxref\n" not in data, path  # no page or table left loose
        with pikepdf.open(path) as pdf:
            assert pdf.check_pdf_syntax() == [] and pdf.get_warnings() == [], path  # qpdf's --check
            pages = len(pdf.pages)
        assert len(PdfReader(io.BytesIO(data), strict=True).pages) == pages, path
        assert len(pdfium.PdfDocument(data)) == pages, path


def test_a_packed_pdf_draws_as_its_unpacked_copy(documents):
    """qpdf writes each object out plainly again; pdfium draws its first page and ours alike."""
    import pikepdf
    import pypdfium2 as pdfium

    path = next(p for p in documents if p.name == "cards.pdf")
    plain = io.BytesIO()
    with pikepdf.open(path) as pdf:
        pdf.save(plain, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    assert b"/ObjStm" not in plain.getvalue()

    def first_page(data: bytes) -> bytes:
        return pdfium.PdfDocument(data)[0].render(scale=0.5).to_pil().convert("RGB").tobytes()

    assert first_page(path.read_bytes()) == first_page(plain.getvalue())


@pytest.mark.slow
@pytest.mark.parametrize("game", ["punished", "exit-from-purgatory", "seven-steps", "straight-to", "particle-panic"])
def test_page_dictionaries_are_written_as_reportlab_writes_them(game, monkeypatch):
    """pnp writes page dictionaries and streams itself (`pnp.render.pdfobjects`): every document of every game,
    on Letter with bleed, the ink saver and a cutting machine's marks (boxes, forms, transparency),
    is the same bytes as reportlab's own writing of them makes it."""
    from reportlab.pdfbase import pdfdoc

    import pnp.render.compactpdf
    import pnp.render.document
    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import plan_game, render_options
    from pnp.render.document import render_document
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    settings = Settings(paper="letter", bleed="3mm", ink_saver=True, cutter="silhouette")
    plan = plan_game(game, settings, IconStore(shipped_icons_dir()))
    options = render_options(settings)
    ours = [render_document(spec, options, plan.store).pdf for spec in plan.specs]

    def theirs_written(number, content, doc):
        return pdfdoc.PDFIndirectObject(doc.numberToId[number], content).format(doc)

    monkeypatch.setattr(pnp.render.compactpdf, "indirect", theirs_written)
    unkept = pnp.render.compactpdf.compact_pdf  # every page written now, none as an earlier build wrote it
    monkeypatch.setattr(pnp.render.document, "compact_pdf", lambda canvas, keeps=(): unkept(canvas))
    theirs = [render_document(spec, options, plan.store).pdf for spec in plan.specs]
    for spec, mine, expected in zip(plan.specs, ours, theirs, strict=True):
        assert mine == expected, spec.filename


def test_a_page_kept_from_an_earlier_file_is_written_as_before_only_where_it_is_numbered_as_before():
    """A page drawn as an earlier file's page is written as that page was (`compactpdf.PageWritten`)
    while it and its operators take the same object numbers; when an object before it moves them
    on, it is written anew, and the file is what writing it without any kept page gives."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.compactpdf import PageWritten, compact_pdf

    def file(keeps, *, extra: bool) -> bytes:
        canvas = Canvas(io.BytesIO(), pageCompression=1, invariant=1)
        if extra:  # one more object before the pages
            canvas.beginForm("extra")
            canvas.rect(0, 0, 10, 10)
            canvas.endForm()
        for page in range(3):
            canvas.drawString(72, 720, f"Page {page + 1}")
            canvas.showPage()
        return compact_pdf(canvas, keeps)[0]

    keeps = [PageWritten() for _ in range(3)]
    first = file(keeps, extra=False)
    assert all(kept.number and kept.page and kept.stream for kept in keeps)
    assert file(keeps, extra=False) == first == file((), extra=False)
    assert file(keeps, extra=True) == file((), extra=True) != first


@pytest.mark.parametrize("game", ["straight-to", "punished"])
def test_a_page_alone_draws_as_it_does_in_its_file(game):
    """A picture of a page is cut from a PDF of that page alone (`PdfObjects.alone`: pdfium reaches
    page 2,000 of a file only through the 1,999 before it): every page of every file of a game,
    with its forms, fonts and pictures, draws pixel for pixel as in the file, and qpdf finds the
    PDF alone sound."""
    import pikepdf
    import pypdfium2 as pdfium

    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import plan_game, render_options
    from pnp.render.document import render_document
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    settings = Settings()
    plan = plan_game(game, settings, IconStore(shipped_icons_dir()))
    for spec, pages in zip(plan.specs, plan.pages, strict=True):
        rendered = render_document(spec, render_options(settings), plan.store, pages)
        whole = pdfium.PdfDocument(rendered.pdf)
        assert rendered.alone is not None and rendered.alone(0) is None and rendered.alone(len(whole) + 1) is None
        for number in range(1, len(whole) + 1):
            alone = rendered.alone(number)
            with pikepdf.open(io.BytesIO(alone)) as pdf:
                assert pdf.check_pdf_syntax() == [] and len(pdf.pages) == 1, (spec.filename, number)
            drawn = [
                document[index].render(scale=0.4).to_pil().tobytes()
                for document, index in ((whole, number - 1), (pdfium.PdfDocument(alone), 0))
            ]
            assert drawn[0] == drawn[1], (spec.filename, number)
