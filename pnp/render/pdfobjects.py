"""reportlab's objects written as reportlab writes them, the common ones without its general
formatter: a deck's 2,000 page dictionaries are the same few kinds of value (names, numbers,
references, arrays and dictionaries of them), and the general route (a check of every value's
kind, a text codec per name) cost half the writing of a 10,000-card file. Any other kind of value
is handed to reportlab."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFCatalog,
    PDFDictionary,
    PDFObjectReference,
    PDFPage,
    PDFPages,
    PDFResourceDictionary,
    PDFStream,
)

from pnp.memory import BuildMemory, Kept

KEPT_STREAMS = 16_384  # page streams kept by their operators' digest: a deck of 10,000 cards and room to edit
PACKED_KEPT = 256  # object streams kept compressed: a deck of 10,000 cards has 23


class KeptStreams:
    """What writing PDFs keeps for the next file: page operators compressed, by their digest; object
    streams compressed, by their bytes; dictionary keys as reportlab writes them. A document's
    writer finds it on the reportlab document (`keep_streams`); a document given none keeps its own."""

    __slots__ = ("names", "packed", "pages")

    def __init__(self) -> None:
        self.pages: OrderedDict[bytes, bytes] = OrderedDict()
        self.packed: dict[bytes, bytes] = {}
        self.names: dict[str, bytes] = {}  # a dictionary's key as reportlab writes it (PDFName, encoded)


STREAMS = Kept("written streams", KeptStreams)


def keep_streams(doc: Any, memory: BuildMemory) -> None:
    """The streams `doc`'s writer compresses are those `memory` keeps: `pnp watch` writes a deck's
    unchanged pages again, whichever card changed."""
    doc.pnp_streams = memory[STREAMS]


def kept_streams(doc: Any) -> KeptStreams:
    found: KeptStreams | None = getattr(doc, "pnp_streams", None)
    if found is None:
        found = doc.pnp_streams = KeptStreams()
    return found


def indirect(number: int, content: Any, doc: Any) -> bytes:
    """`n 0 obj ... endobj` of `content`, the object numbered `number`, as reportlab's
    PDFIndirectObject writes it: a page by `page`, a page's stream by `_stream`, anything else by reportlab."""
    version = doc.idToObjectNumberAndVersion[doc.numberToId[number]][1]
    doc.encrypt.register(number, version)
    body: bytes
    if not plainly_written(doc):
        body = pdfdoc.format(content, doc, toplevel=1)
    elif type(content) is PDFPage or type(content) is PDFPages:
        body = page(content, doc)
    elif _page_stream(content):
        body = _stream(content, doc)
    else:
        body = pdfdoc.format(content, doc, toplevel=1)
    return _whole(number, version, body)


def stream_object(number: int, content: PDFStream, doc: Any) -> bytes:
    """A page's operators, numbered `number`, as `indirect` writes them in a document written
    plainly: reportlab numbers each anew, as version 0."""
    return _whole(number, 0, _stream(content, doc))


def _whole(number: int, version: int, body: bytes) -> bytes:
    return b"%d %d obj\n" % (number, version) + body + (b"" if body.endswith(b"\n") else b"\n") + b"endobj\n"


def page(content: PDFPage | PDFPages, doc: Any) -> bytes:
    """A page dictionary, or the page tree's (a deck's 2,000 references): PDFCatalog.format's steps
    (its defaults, the keys set, references made in its order), its values written here."""
    content.check_format(doc)
    values: dict[str, Any] = {}
    for key, default in content.__Defaults__.items():
        found = getattr(content, key, default)
        if found is not None:
            values[key] = found
    for key in content.__NoDefault__:
        found = getattr(content, key, None)
        if found is not None:
            values[key] = found
    for key in content.__Refs__:
        if key in values:
            values[key] = doc.Reference(values[key])
    return _dictionary(values, False, doc)


def plainly_written(doc: Any) -> bool:
    """Whether `doc`'s objects are written as pnp writes them: a document that neither encrypts nor
    carries reportlab's comments (those take reportlab's own route)."""
    return type(doc.encrypt) is pdfdoc.NoEncryption and not (rl_config.pdfComments and not rl_config.invariant)


def _page_stream(content: Any) -> bool:
    """A page's operators as reportlab makes them (PDFPage.check_format): a stream of text with no
    dictionary of its own, compressed alone."""
    filters = content.filters if type(content) is PDFStream else None
    return (
        filters is not None
        and len(filters) == 1
        and filters[0] is pdfdoc.PDFZCompress
        and not content.dictionary.dict
        and isinstance(content.content, str)
    )


def _stream(content: PDFStream, doc: Any) -> bytes:
    """A page stream as reportlab writes it, compressed once for the same operators (`KeptStreams`)."""
    text: str = content.content
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    kept = kept_streams(doc).pages
    body = kept.get(key)
    if body is None:
        if len(kept) >= KEPT_STREAMS:
            kept.popitem(last=False)
        body = kept[key] = pdfdoc.format(content, doc, toplevel=1)
    else:
        kept.move_to_end(key)
    return body


def value(item: Any, doc: Any) -> bytes:
    """One value as reportlab's `format` writes it inside another."""
    kind = type(item)
    if kind is str:
        return item.encode("ascii") if item.isascii() else pdfdoc.pdfdocEnc(item)
    if kind is int or kind is float:
        return fp_str(item).encode("ascii")
    if kind is PDFObjectReference:
        return b"%d %d R" % doc.idToObjectNumberAndVersion[item.name]
    if kind is PDFDictionary:
        return _dictionary(item.dict, isinstance(item.dict, OrderedDict), doc, item.multiline)
    if kind is PDFArray:
        return _array(item, doc)
    if kind is PDFResourceDictionary:
        return _resources(item, doc)
    return pdfdoc.format(item, doc)  # type: ignore[no-any-return]  # any other: reportlab's own


def _dictionary(items: dict[str, Any], ordered: bool, doc: Any, multiline: object = True) -> bytes:
    keys = list(items) if ordered else sorted(items)
    pairs = []
    names = kept_streams(doc).names
    for key in keys:
        name = names.get(key)
        if name is None:
            name = names[key] = pdfdoc.pdfdocEnc(pdfdoc.PDFName(key))
        pairs.append(name + b" " + value(items[key], doc))
    if (multiline and rl_config.pdfMultiLine) or multiline == "forced":
        return b"<<\n" + b"\n ".join(pairs) + b"\n>>"
    for i in reversed(range(6, len(pairs), 6)):  # reportlab breaks the line every 6 pairs
        pairs.insert(i, b"\n ")
    return b"<<\n" + b" ".join(pairs) + b"\n>>"


def _array(item: PDFArray, doc: Any) -> bytes:
    parts = [value(element, doc) for element in item.sequence]
    multiline: object = item.multiline  # True, False or "forced"
    if (multiline and rl_config.pdfMultiLine) or multiline == "forced":
        return b"[ " + b"\n ".join(parts) + b" ]"
    for i in reversed(range(10, len(parts), 10)):  # and an array every 10 values
        parts.insert(i, b"\n ")
    return b"[ " + b" ".join(parts) + b" ]"


def _resources(item: PDFResourceDictionary, doc: Any) -> bytes:
    """PDFResourceDictionary.format's dictionary: each kind of resource the page has, its procedures."""
    found: dict[str, Any] = {}
    for name in item.dict_attributes:
        kept = getattr(item, name)
        if isinstance(kept, dict):
            if kept:
                found[name] = PDFDictionary(kept)
        else:
            found[name] = kept
    procedures = item.ProcSet
    if isinstance(procedures, (list, tuple)):
        if procedures:
            found["ProcSet"] = PDFArray(procedures)
    else:
        found["ProcSet"] = procedures
    return _dictionary(found, False, doc)


assert PDFPage.format is PDFPages.format is PDFCatalog.format  # what `page` does in their place
