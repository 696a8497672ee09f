"""A document's PDF written compactly: what reportlab writes, but each object that is not a stream
(a page's dictionary, a stream's length, the page tree, fonts' descriptors) packed with its
neighbours into a compressed object stream, and the cross-reference written as a compressed stream
(PDF 1.5, ISO 32000-1 7.5.7 and 7.5.8). A 10,000-card deck's 2,224 page dictionaries cost about
15 bytes each instead of 350. qpdf, pikepdf and pdfium rewrite such files as well, but only by
reading the whole file again; packing the objects as reportlab makes them costs next to nothing.
A print shop's PDF/X-1a file keeps reportlab's own form: PDF/X-1a is PDF 1.4, which has no object
streams."""

from __future__ import annotations

import hashlib
import re
import struct
import zlib
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from reportlab.pdfbase.pdfdoc import PDFObject, PDFPage

from pnp.render.pdfobjects import PACKED_KEPT, indirect, kept_streams, plainly_written, stream_object

PER_STREAM = 100  # objects packed in one object stream, as qpdf packs them: a reader inflates one to reach any
OBJECT_STREAMS = (1, 5)  # the first PDF version with object and cross-reference streams
TAG = b"%\223\214\213\236 ReportLab Generated PDF document (opensource)\n"  # binary bytes, as reportlab writes
LEVEL = 6  # zlib's level, as reportlab compresses pages
# how reportlab writes a compressed stream's dictionary (a page's content, a form): said shorter
PLAIN_STREAM = re.compile(rb"<<\n/Filter \[ /FlateDecode \] /Length (\d+)\n>>(?=\nstream\n)")
ROW = 7  # bytes of a cross-reference entry: its type, an offset or object stream (4), a generation or index (2)
UP = 2  # the byte before each row of a cross-reference stream: PNG's Up predictor


REFERENCE = re.compile(rb"(\d+) 0 R")
PARENT = re.compile(rb"/Parent (\d+) 0 R")


@dataclass(kw_only=True)
class PdfObjects:
    """A packed PDF's objects as written, by number, and the number of each page's dictionary: what
    tells whether a page is drawn as before without a reader opening the file. With them, where
    each is: what a later build splices a few pages' operators into (`spliced`)."""

    written: dict[int, bytes] = field(default_factory=dict)
    pages: list[int] = field(default_factory=list)
    contents: list[int] = field(default_factory=list)  # by page, its operators' object number
    offsets: dict[int, int] = field(default_factory=dict)  # each object written whole -> its offset
    packed: dict[int, tuple[int, int]] = field(default_factory=dict)  # the others -> (object stream, place)
    names: bytes = b""  # the trailer's catalogue, information and identity

    def drawn_from(self, page: int) -> bytes | None:
        """A digest of page `page` (from 1) and of every object it reaches (its operators, forms,
        fonts, pictures), numbers and all: two pages of the same digest look the same. None for a
        page the file does not have."""
        if not 1 <= page <= len(self.pages):
            return None
        digest = hashlib.sha256()
        for number in self._reached(page):
            digest.update(b"%d\n" % number + self.written[number])
        return digest.digest()

    def _reached(self, page: int) -> list[int]:
        """Page `page` (from 1, one the file has) and every object it reaches, each once, in the
        order they are found. Its parent is left out (a page tree holds every page); a stream's
        data is not searched for references."""
        todo = [self.pages[page - 1]]
        found: dict[int, None] = {}  # in the order found
        while todo:
            number = todo.pop()
            if number in found or number not in self.written:
                continue
            body = self.written[number]
            head = body[: body.find(b"stream\n")] if b"stream\n" in body else body
            if not found:
                head = PARENT.sub(b"", head)
            found[number] = None
            todo.extend(int(ref) for ref in reversed(REFERENCE.findall(head)))
        return list(found)

    def alone(self, page: int) -> bytes | None:
        """A PDF of page `page` (from 1) alone: every object it reaches as the file writes it,
        numbered anew, under a page tree and catalogue of its own. A reader finds a page of a long
        file by walking the pages before it (pdfium loads 2,000 page dictionaries to draw page
        2,000 of a deck, where a save pictures a changed card); this one it opens at once and
        draws alike. None for a page the file does not have."""
        if not 1 <= page <= len(self.pages):
            return None
        # each object reached -> its number in the new file: the page 3 (1 and 2: catalogue, tree)
        order = {number: now for now, number in enumerate(self._reached(page), start=3)}
        parent = PARENT.search(self.written[self.pages[page - 1]])
        numbers = {**order, int(parent.group(1)): 2} if parent is not None else order

        def renumbered(found: re.Match[bytes]) -> bytes:
            return b"%d 0 R" % numbers.get(int(found.group(1)), 0)

        out = [b"%PDF-1.7\n" + TAG, b"1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"]
        out.append(b"2 0 obj\n<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>\nendobj\n")
        for number, now in order.items():
            body = self.written[number]
            whole = b"%d 0 obj\n" % number
            if body.startswith(whole):  # a stream, written whole: its dictionary renumbered
                split = body.index(b"stream\n")
                out.append(b"%d 0 obj\n" % now + REFERENCE.sub(renumbered, body[len(whole) : split]) + body[split:])
            else:
                out.append(b"%d 0 obj\n" % now + REFERENCE.sub(renumbered, body) + b"\nendobj\n")
        offsets = list(accumulate(map(len, out)))
        rows = [b"%010d 00000 n \n" % at for at in offsets[:-1]]
        table = b"xref\n0 %d\n0000000000 65535 f \n" % (len(rows) + 1) + b"".join(rows)
        return b"".join(
            [
                *out,
                table,
                b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(rows) + 1, offsets[-1]),
            ]
        )


class PageWritten:
    """How a page's dictionary and operators were written, kept with the page by whoever keeps the
    page (`pagekeep`): a page drawn as before, numbered as before, and whose resources (its forms,
    fonts and pictures) are numbered as before, is written as before, without its resources worked
    out and its dictionary and operators formatted again."""

    __slots__ = ("contents", "number", "page", "refs", "stream")

    def __init__(self) -> None:
        self.number = self.contents = 0  # the page's object number, and its operators'
        self.page = self.stream = b""  # each as written, `n 0 obj` to `endobj` (the operators as packed)
        self.refs: tuple[tuple[int, str], ...] = ()  # each object the dictionary names, and what it was


class _Written(PDFObject):
    """A page's operators as an earlier build wrote them: numbered as reportlab numbers a stream."""

    def __init__(self, whole: bytes) -> None:
        self.whole = whole


def compact_pdf(canvas: Any, keeps: Sequence[PageWritten | None] = ()) -> tuple[bytes, PdfObjects]:
    """The PDF of `canvas` (a reportlab Canvas, every page shown), packed, and its objects; the canvas
    is spent. `keeps`: by page, how a page drawn as an earlier one is kept (None: it is not)."""
    doc = canvas._doc
    objects = PdfObjects()
    doc.format = lambda: _packed(doc, objects, keeps)  # GetPDFData ends by formatting the document: this is that step
    pdf: bytes = canvas.getpdfdata()
    return pdf, objects


def _page_object(
    number: int, content: Any, doc: Any, kept: PageWritten | None, writing: dict[int, PageWritten]
) -> tuple[bytes, int]:
    """A page's dictionary, `n 0 obj` to `endobj`, and its operators' object number: as `kept` says
    it was written when the page and its operators take the same numbers (its operators then stand
    in as written), else written here, and `writing` learns where its operators go to keep them too."""
    plain = plainly_written(doc)
    if (
        plain
        and kept is not None
        and kept.number == number
        and kept.contents == doc.objectcounter + 1
        and all(doc.numberToId.get(ref) == name for ref, name in kept.refs)
    ):
        doc.Reference(_Written(kept.stream))
        return kept.page, kept.contents
    whole = indirect(number, content, doc)
    contents: int = doc.idToObjectNumberAndVersion[content.Contents.__InternalName__][0]
    if plain and kept is not None:
        kept.number, kept.page, kept.contents = number, whole, contents
        named = {int(ref) for ref in REFERENCE.findall(whole)} - {contents}  # its operators: numbered next, above
        kept.refs = tuple((ref, doc.numberToId[ref]) for ref in sorted(named))
        writing[contents] = kept
    return whole, contents


def _packed(doc: Any, objects: PdfObjects, keeps: Sequence[PageWritten | None] = ()) -> bytes:
    from reportlab.pdfbase.pdfdoc import format

    doc.encrypt.prepare(doc)
    root, info = doc.Reference(doc.Catalog), doc.Reference(doc.info)
    major, minor = max(tuple(doc._pdfVersion), OBJECT_STREAMS)  # a later version the canvas asked for stays
    out = [b"%%PDF-%d.%d\n" % (major, minor) + TAG]
    at = len(out[0])
    direct: dict[int, int] = {}  # object number -> its offset in the file
    loose: list[tuple[int, bytes]] = []  # object number -> its body, to pack
    number = 0
    writing: dict[int, PageWritten] = {}  # pages' operators to keep, by object number
    while number + 1 in doc.numberToId:  # formatting an object may make more: they follow
        number += 1
        oid = doc.numberToId[number]
        content = doc.idToObject[oid]
        if type(content) is PDFPage:
            objects.pages.append(number)
            page = len(objects.pages) - 1
            whole, contents = _page_object(number, content, doc, keeps[page] if page < len(keeps) else None, writing)
            objects.contents.append(contents)
        elif type(content) is _Written:  # a kept page's operators, as packed before
            whole = objects.written[number] = content.whole
            direct[number] = at
            out.append(whole)
            at += len(whole)
            continue
        else:
            whole = indirect(number, content, doc)
        start = whole.index(b" obj\n") + 5
        body = whole[start : -len(b"endobj\n")]
        if body.rstrip().endswith(b"endstream"):
            whole = _shortened(whole, start)
            if number in writing:
                writing.pop(number).stream = whole
            direct[number] = at
            out.append(whole)
            at += len(whole)
            objects.written[number] = whole
        else:
            loose.append((number, body))
            objects.written[number] = body
    packed: dict[int, tuple[int, int]] = {}  # object number -> (its object stream, its place in it)
    for start in range(0, len(loose), PER_STREAM):
        number += 1
        group = loose[start : start + PER_STREAM]
        offsets, bodies, place = [], [], 0
        for index, (kept, body) in enumerate(group):
            offsets.append(b"%d %d" % (kept, place))
            bodies.append(body)
            place += len(body) + 1
            packed[kept] = (number, index)
        head = b" ".join(offsets) + b"\n"
        data = _compressed(head + b"\n".join(bodies) + b"\n", kept_streams(doc).packed)
        stream = b"%d 0 obj\n<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>\nstream\n" % (
            number,
            len(group),
            len(head),
            len(data),
        )
        direct[number] = at
        out.append(stream + data + b"\nendstream\nendobj\n")
        at += len(out[-1])
    objects.offsets, objects.packed = direct, packed
    objects.names = b" ".join(
        [b"/Root " + format(root, doc), b"/Info " + format(info, doc), b"/ID " + format(doc.ID(), doc)]
    )
    out.append(_cross_reference(number + 1, at, objects))
    return b"".join(out)


def _shortened(whole: bytes, start: int) -> bytes:
    """A stream object (its dictionary at `start`) with reportlab's dictionary said shorter."""
    plain = PLAIN_STREAM.match(whole, start)
    if plain is None:
        return whole
    return whole[:start] + b"<</Filter/FlateDecode/Length %s>>" % plain.group(1) + whole[plain.end() :]


def page_stream(number: int, content: Any, doc: Any) -> bytes:
    """A page's operators (reportlab's stream of them) as `_packed` writes them, numbered `number`."""
    whole = stream_object(number, content, doc)
    return _shortened(whole, whole.index(b" obj\n") + 5)


def spliced(pdf: bytes, objects: PdfObjects, streams: dict[int, bytes]) -> tuple[bytes, PdfObjects]:
    """`pdf` (written by `_packed`, its objects `objects`) with the streams in `streams` (by number,
    each written whole) in place of its own: every other object's bytes stay, those after a new
    stream moved by its difference in length, and the cross-reference says where they now are."""
    offsets, parts, ends, shifts, at = objects.offsets, [], [], [0], 0
    for number in sorted(streams, key=offsets.__getitem__):
        start = offsets[number]
        parts += [pdf[at:start], streams[number]]
        at = start + len(objects.written[number])
        ends.append(at)
        shifts.append(shifts[-1] + len(streams[number]) - len(objects.written[number]))
    last = max(offsets)  # the cross-reference stream
    parts.append(pdf[at : offsets[last]])
    moved = {number: offset + shifts[bisect_right(ends, offset)] for number, offset in offsets.items()}
    now = PdfObjects(
        written={**objects.written, **streams},
        pages=objects.pages,
        contents=objects.contents,
        offsets=moved,
        packed=objects.packed,
        names=objects.names,
    )
    parts.append(_cross_reference(last, moved[last], now))
    return b"".join(parts), now


def _cross_reference(number: int, at: int, objects: PdfObjects) -> bytes:
    """The cross-reference stream, object `number` at offset `at`, and the file's end."""
    objects.offsets[number] = at
    data = zlib.compress(_up(_rows(number, objects.offsets, objects.packed)), LEVEL)
    trailer = b" ".join(
        [
            b"/Type /XRef /Size %d /W [1 4 2]" % (number + 1),
            objects.names,
            b"/Filter /FlateDecode /DecodeParms << /Columns %d /Predictor 12 >> /Length %d" % (ROW, len(data)),
        ]
    )
    stream = b"%d 0 obj\n<< %s >>\nstream\n" % (number, trailer) + data + b"\nendstream\nendobj\n"
    return stream + b"startxref\n%d\n%%%%EOF\n" % at


def _compressed(data: bytes, kept: dict[bytes, bytes]) -> bytes:
    """`data` deflated, as an object stream holds it; `kept` for the same bytes (`pnp watch` writes a
    deck's page dictionaries again, of which one changed)."""
    found = kept.get(data)
    if found is None:
        while len(kept) >= PACKED_KEPT:
            del kept[next(iter(kept))]
        found = kept[data] = zlib.compress(data, LEVEL)
    return found


def _rows(last: int, direct: dict[int, int], packed: dict[int, tuple[int, int]]) -> list[bytes]:
    """The cross-reference stream's rows, object 0 to `last`: each at its offset, or in its object
    stream; each led by UP."""
    rows = [struct.pack(">BBIH", UP, 0, 0, 65535)]
    for kept in range(1, last + 1):
        rows.append(
            struct.pack(">BBIH", UP, 1, direct[kept], 0)
            if kept in direct
            else struct.pack(">BBIH", UP, 2, *packed[kept])
        )
    return rows


def _up(rows: list[bytes]) -> bytes:
    """The rows (each led by UP, saying the predictor) with PNG's Up predictor: each byte less the
    one above it (7.4.4.4), so offsets that grow steadily become runs of near-zeros that deflate
    squeezes. Every byte at once, as whole numbers: a byte's lane borrows from no other."""
    data = b"".join(rows)
    size, width = len(data), ROW + 1
    high, low = int.from_bytes(b"\x80" * size), int.from_bytes(b"\x7f" * size)
    mine, above = int.from_bytes(data), int.from_bytes(bytes(width) + data[:-width])
    less = ((mine | high) - (above & low)) ^ ((mine ^ above ^ high) & high)
    lead = int.from_bytes((bytes((UP,)) + bytes(ROW)) * len(rows))  # each row's UP, less the UP above it: put back
    return (less | lead).to_bytes(size)
