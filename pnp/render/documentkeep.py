"""A document drawn again with a few pages changed, written by splicing those pages into its latest
build's file. In `pnp watch` a save changes one card of a deck of thousands: `pagekeep` already
takes each unchanged page as drawn, but the canvas still shows every page and the writer walks
every object. Here a build whose pages are, one by one, those of the latest build of the same
document (the same plan after the same fill, `pagekeep.PageKey`) but for a few takes that file
whole: only the changed pages are drawn, on a canvas of their own, and their operators are written
in place of the old ones.

That holds only where a drawing of the whole document would number and write everything else as
before. Each changed page is drawn after the pages before it that changed the document's state
(gave letters codes, drew forms), so it finds the state it finds in the whole drawing; it must
change that state exactly as the page it replaces did (a new letter or form would be numbered and
written otherwise), and name the same forms and colours (so its page dictionary is the same bytes).
The icons and pictures the file's forms drew are read again and must be the same. Anything else,
and the document is drawn whole.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import Protocol

from pnp.memory import Kept
from pnp.render.compactpdf import PdfObjects, spliced
from pnp.render.pagekeep import KeptPage, Letters, PageKeep, PageKey
from pnp.render.pages import PagePlan
from pnp.render.placed import Placed
from pnp.render.specs import DocumentSpec


@dataclass(frozen=True, kw_only=True)
class DrawnDocument:
    """A document as a build drew and wrote it, page by page."""

    setup: Hashable  # what every page draws from and what the file says besides its pages
    pages: int
    keys: list[PageKey]  # by page, what it drew from; none when a page is never kept
    kept: list[KeptPage | None]  # by page, what was kept of it (None: it changed the document's state)
    fills: list[str | None]  # by page, the painter's fill after it
    pieces: list[tuple[Placed, ...]]  # by page, the pieces it records
    resources: list[tuple[object, ...]]  # by page, the forms, colours and pictures it names
    letters: list[Letters]  # by page, the letters it prints
    printed: dict[str, frozenset[int]]  # by font, the letters the file's subsets hold: every page's
    digest: bytes  # the document's state after its last page (`pagekeep`)
    sources: dict[str, object]  # what its forms of icons and pictures drew (`FormCache.sources`)
    pdf: bytes
    objects: PdfObjects
    spec: DocumentSpec | None  # for a document whose pages are not all kept, what it was drawn from

    def placed(self) -> list[Placed]:
        return list(chain.from_iterable(self.pieces))


class Drawer(Protocol):
    """A document's canvas, as `pnp.render.document` draws pages on it."""

    keep: PageKeep

    def page(self, plan: PagePlan, number: int, count: int) -> None:
        """Draw page `number` (or take it as kept) and show it; what it places, `keep` records."""

    def start_fill(self, fill: str | None) -> None:
        """The painter's fill as the next page finds it."""

    def shown_stream(self, number: int) -> bytes:
        """The page last shown's operators, written as object `number`."""


DRAWN: Kept[dict[tuple[str, str], DrawnDocument]] = Kept("drawn documents", dict)  # by game and file: its latest


def remember(
    setup: Hashable, spec: DocumentSpec, keep: PageKeep, pdf: bytes, objects: PdfObjects, *, again: bool
) -> DrawnDocument:
    """A document drawn whole from `spec`; kept for its next build when the writer's own route wrote
    it (`again`: `pdfobjects.plainly_written`)."""
    keys = [key for key in keep.keys if key is not None]
    keyed = len(keys) == len(keep.keys)
    drawn = DrawnDocument(
        setup=setup,
        pages=len(keep.keys),
        keys=keys if keyed else [],
        kept=keep.kept,
        fills=keep.fills,
        pieces=keep.pieces,
        resources=keep.resources,
        letters=keep.letters,
        printed=_printed(keep.letters),
        digest=keep.digest,
        sources=keep.forms.sources,
        pdf=pdf,
        objects=objects,
        spec=None if keyed else spec,
    )
    kept = keep.memory[DRAWN]
    if not again or len(objects.contents) != len(keep.keys):
        kept.pop(keep.slot, None)
    else:
        kept[keep.slot] = drawn
    return drawn


def drawn_again(setup: Hashable, spec: DocumentSpec, plans: Sequence[PagePlan], drawer: Drawer) -> DrawnDocument | None:
    """The document of `spec` and `plans` as its latest build's file with the changed pages spliced
    in (the same file when none changed, or when a document whose pages are never kept is drawn
    from an equal spec), or None where only drawing it whole says what it is. `drawer` draws the
    pages that must be drawn: none when nothing changed."""
    slot, kept_documents = drawer.keep.slot, drawer.keep.memory[DRAWN]
    last = kept_documents.get(slot)
    if last is None or last.setup != setup or last.pages != len(plans):
        return None
    if not drawer.keep.forms.drawn_as(last.sources):  # an icon or picture edited: its form is drawn anew
        return None
    if last.spec is not None:  # a board, a sheet: the same sections of the same document draw the same pages
        return last if last.spec == spec else None
    keys: list[PageKey] = list(last.keys)
    kept, fills, pieces, letters = list(last.kept), list(last.fills), list(last.pieces), list(last.letters)
    stateful = [i for i, page in enumerate(last.kept) if page is None]  # pages that change the state
    given = 0  # of those, how many the drawer has drawn
    streams: dict[int, bytes] = {}
    replaced: list[tuple[PageKey, PageKey, KeptPage | None]] = []
    fill = last.keys[0].fill if last.keys else None
    for i, plan in enumerate(plans):
        before = last.keys[i]
        if plan.key is None:
            return None
        if before.fill == fill and before.page == plan.hashed_key:
            fill = last.fills[i]
            continue
        while given < len(stateful) and stateful[given] < i:  # the state the changed page finds
            j = stateful[given]
            drawer.start_fill(last.keys[j].fill)
            drawer.page(plans[j], j + 1, len(plans))
            given += 1
        given += given < len(stateful) and stateful[given] == i
        drawer.start_fill(fill)
        drawer.page(plan, i + 1, len(plans))
        keep, after = drawer.keep, (last.keys[i + 1].digest if i + 1 < len(plans) else last.digest)
        now = keep.keys[-1]
        if (
            now is None
            or now.digest != before.digest
            or keep.digest != after
            or keep.resources[-1] != last.resources[i]
        ):
            return None
        streams[last.objects.contents[i]] = drawer.shown_stream(last.objects.contents[i])
        keys[i], kept[i], fills[i], pieces[i] = now, keep.kept[-1], keep.fills[-1], keep.pieces[-1]
        letters[i] = keep.letters[-1]
        replaced.append((before, now, keep.kept[-1]))
        fill = keep.fills[-1]
    if not streams:
        return last
    if _printed(letters) != last.printed:  # a letter no page printed before, or none prints now
        return None
    pdf, objects = spliced(last.pdf, last.objects, streams)
    drawn = kept_documents[slot] = replace(
        last, keys=keys, kept=kept, fills=fills, pieces=pieces, letters=letters, pdf=pdf, objects=objects
    )
    drawer.keep.replace(replaced)
    return drawn


def _printed(letters: list[Letters]) -> dict[str, frozenset[int]]:
    """By font, the letters some page prints."""
    found: dict[str, set[int]] = {}
    for page in letters:
        for name, codes in page:
            found.setdefault(name, set()).update(codes)
    return {name: frozenset(codes) for name, codes in found.items()}
