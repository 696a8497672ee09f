"""Workbooks written for tests, as a spreadsheet program saves them: an .xlsx by openpyxl, and an
.ods by hand (its content.xml, manifest and mimetype, per OpenDocument 1.2 part 3), each cell a
number where it looks like one, as a designer's spreadsheet holds it."""

from __future__ import annotations

import io
import re
import zipfile
from xml.sax.saxutils import escape, quoteattr

NUMBER = re.compile(r"-?\d+(\.\d+)?")


def xlsx(rows: list[list[str]]) -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append([float(cell) if NUMBER.fullmatch(cell) else cell for cell in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def ods(rows: list[list[str]]) -> bytes:
    def cell(text: str) -> str:
        if not text:
            return "<table:table-cell/>"
        if NUMBER.fullmatch(text):
            return f'<table:table-cell office:value-type="float" office:value={quoteattr(text)}><text:p>{text}</text:p></table:table-cell>'
        return f'<table:table-cell office:value-type="string"><text:p>{escape(text)}</text:p></table:table-cell>'

    body = "".join(f"<table:table-row>{''.join(cell(c) for c in row)}</table:table-row>" for row in rows)
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="Cards">{body}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as packed:
        packed.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        packed.writestr("META-INF/manifest.xml", manifest, compress_type=zipfile.ZIP_DEFLATED)
        packed.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()
