"""Pages of pieces drawn once, kept in the build's memory (`pnp.memory`). In `pnp watch` a save
changes one design of thousands, and the deck's file is drawn again whole; a page's operators are
the same bytes as last time when it places the same pieces (the very same composed sides,
`pnp.render.composedkeep`) at the same places, under the same page furniture, in a document whose
state so far is the same: the same codes given to the same letters of each font, the same forms
named alike, the same fill in force. So each page that leaves that state as it found it (all but
the first few of a deck: they give the letters their codes and draw the forms) is kept with what it
drew, and an equal page of the next build of the document takes it instead of drawing: its
operators, the forms it places and the pieces it records for the manifest, and the letters it
prints, printed again (a font's subsets hold the glyphs every page prints, so which page prints a
letter first is no part of the state).

The document's state is followed as a digest: each page that changes it (a new letter, form, font
or object) adds what it added. A kept page is found by that digest, its own key (`PagePlan.key`,
the pieces' sides by identity: the entry holds them, so no other object takes their ids) and
everything else the page draws from. Only one build's pages are kept per document, so a deck edited
again and again holds what its latest build drew."""

from __future__ import annotations

import hashlib
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.collector import freeze_at_exit
from pnp.memory import BuildMemory, Kept
from pnp.render.compactpdf import PageWritten
from pnp.render.identitycache import HashedKey
from pnp.render.pages import FormCache, PagePlan
from pnp.render.painter import Painter
from pnp.render.placed import Placed
from pnp.render.tagged_font import Printed, printed


@dataclass(frozen=True, kw_only=True)
class KeptPage:
    """What a page drew, as reportlab's canvas holds it until the page is shown."""

    code: str | None  # its operators, one to a line (None: it drew none), as one text: one object, not hundreds
    forms: tuple[str, ...]  # the forms it places: its resources
    colors: tuple[tuple[Any, Any], ...]  # colour spaces it used (a press's separations)
    images: int  # whether it says it draws images (reportlab's ProcSet)
    placed: tuple[Placed, ...]  # the pieces it records, for the manifest
    fill: str | None  # the painter's fill after it
    owners: tuple[object, ...]  # what its key names by identity, held so those ids stay theirs
    letters: Letters = ()  # the letters it prints, by font: the document's subsets must hold them
    written: PageWritten = field(default_factory=PageWritten)  # how the writer wrote it (`compactpdf`)


Letters = tuple[tuple[str, frozenset[int]], ...]  # by font name, the letters a page prints in it


class PageKey(NamedTuple):
    """What a page draws from: a kept page is found by it."""

    document: HashedKey  # what every page of the document draws from
    digest: bytes  # the document's state the page finds (see above)
    fill: str | None  # the painter's fill before it
    page: HashedKey  # its own drawing and furniture (`PagePlan.hashed_key`)
    number: int
    pages: int  # the document's


class KeptPages:
    """By game and file: its latest build's pages, and what they drew from."""

    __slots__ = ("documents", "pages")

    def __init__(self) -> None:
        self.pages: dict[tuple[str, str], dict[Hashable, KeptPage]] = {}
        self.documents: dict[tuple[str, str], HashedKey] = {}


PAGES = Kept("drawn pages", KeptPages)


class PageKeep:
    """One document's pages as it is drawn: each found among the last build's or drawn and kept."""

    def __init__(
        self, slot: tuple[str, str], document: Hashable, painter: Painter, forms: FormCache, memory: BuildMemory
    ) -> None:
        self.slot, self.memory = slot, memory
        self._kept = memory[PAGES]
        # what every page of the document draws from (options, furniture, sharing): the last build's
        # very key when equal, so that each page's lookup finds it the same by identity
        key, kept = HashedKey(document), self._kept.documents.get(slot)
        self.document = self._kept.documents[slot] = kept if kept == key else key
        self.painter, self.forms = painter, forms
        self.canvas: Any = painter.canvas
        self.last = self._kept.pages.get(slot, {})
        self.digest = b""
        self.key: PageKey | None = None  # the key of the page being drawn (None: it is never kept)
        self.started: tuple[Any, ...] = ()
        self.placed_from = 0
        self.writings: list[PageWritten | None] = []  # by page: how the writer may write it as before
        # by page: its key (None: not kept, whatever it draws), what was kept of it, the fill after it
        # and the pieces it records (`documentkeep` keeps them with the file)
        self.keys: list[PageKey | None] = []
        self.kept: list[KeptPage | None] = []
        self.fills: list[str | None] = []
        self.pieces: list[tuple[Placed, ...]] = []
        self.resources: list[tuple[object, ...]] = []  # the forms, colours and pictures it names
        self.letters: list[Letters] = []  # the letters it prints
        fonts = ((name, pdfmetrics.getFont(name)) for name in pdfmetrics.getRegisteredFontNames())
        self.fonts = [(name, font) for name, font in fonts if isinstance(font, TTFont)]  # registered before drawing
        self.named = dict(self.fonts)

    def _key(self, plan: PagePlan, number: int, count: int, fill: str | None) -> PageKey:
        return PageKey(self.document, self.digest, fill, plan.hashed_key, number, count)

    def replay(self, plan: PagePlan, number: int, count: int, placed: list[Placed]) -> bool:
        """Whether the page was found among the last build's: then its drawing is on the canvas, to be shown."""
        key = self.key = None if plan.key is None else self._key(plan, number, count, self.painter._fill)
        kept = self.last.get(key) if key is not None else None
        if kept is None:
            return False
        canvas = self.canvas
        canvas._code = [] if kept.code is None else [kept.code]  # reportlab joins a page's operators by lines
        canvas._formsinuse = list(kept.forms)
        canvas._colorsUsed = dict(kept.colors)
        canvas._currentPageHasImages = kept.images
        placed.extend(kept.placed)
        self.painter._fill = kept.fill
        for name, codes in kept.letters:
            printed(self.named[name], canvas._doc).document.update(dict.fromkeys(codes))
        self._record(kept, kept.placed, kept.letters)
        return True

    def start(self, placed: list[Placed]) -> None:
        """Before a page is drawn: the state it finds."""
        self.started = self._state()
        self.placed_from = len(placed)
        for _, state in self._fonts():
            shown: Printed | None = getattr(state, "printed", None)
            if shown is not None:
                shown.page.clear()

    def drawn(self, plan: PagePlan, placed: list[Placed]) -> None:
        """After a page is drawn, before it is shown: kept when it left the state as it found it,
        else the digest takes in what it added."""
        state = self._state()
        letters = self._letters()
        kept = None
        if state == self.started and self.key is not None:
            canvas = self.canvas
            kept = KeptPage(
                code="\n".join(canvas._code) if canvas._code else None,
                forms=tuple(canvas._formsinuse),
                colors=tuple(canvas._colorsUsed.items()),
                images=canvas._currentPageHasImages,
                placed=tuple(placed[self.placed_from :]),
                fill=self.painter._fill,
                owners=plan.owners,
                letters=letters,
            )
        if kept is None:
            canvas = self.canvas
            resources = tuple(canvas._formsinuse), tuple(canvas._colorsUsed.items()), canvas._currentPageHasImages
            self._record(kept, tuple(placed[self.placed_from :]), letters, resources)
        else:
            self._record(kept, kept.placed, letters)
        if state != self.started:
            self.digest = hashlib.sha1(self.digest + repr(self._added(self.started)).encode()).digest()

    def _record(
        self, kept: KeptPage | None, pieces: tuple[Placed, ...], letters: Letters, resources: tuple[object, ...] = ()
    ) -> None:
        self.keys.append(self.key)
        self.letters.append(letters)
        self.kept.append(kept)
        self.fills.append(self.painter._fill)
        self.pieces.append(pieces)
        self.resources.append(resources if kept is None else (kept.forms, kept.colors, kept.images))
        self.writings.append(kept.written if kept is not None else None)

    def finish(self) -> None:
        """The document is drawn whole: its pages are what the next build of it may take. Whatever
        runs pnp's renderer, what it keeps is set apart from the collector at exit, as pnp's own
        command line sets it (`freeze_at_exit`): a process that builds once does not walk it."""
        self._kept.pages[self.slot] = {
            key: page for key, page in zip(self.keys, self.kept, strict=True) if page is not None
        }
        freeze_at_exit()

    def replace(self, pages: list[tuple[PageKey, PageKey, KeptPage | None]]) -> None:
        """Pages of the document's latest build drawn again elsewhere (`documentkeep`), each
        (its key then, its key now, what is kept of it now: None, nothing): the next build finds them instead."""
        kept = self._kept.pages.setdefault(self.slot, {})
        for before, now, page in pages:
            kept.pop(before, None)
            if page is not None:
                kept[now] = page

    def _fonts(self) -> list[tuple[str, Any]]:
        """Each TrueType font's state in this document, once it has one."""
        doc = self.canvas._doc
        return [(name, state) for name, font in self.fonts if (state := font.state.get(doc)) is not None]

    def _letters(self) -> Letters:
        """The letters the page just drawn prints, by font."""
        found = ((name, getattr(state, "printed", None)) for name, state in self._fonts())
        return tuple((name, frozenset(shown.page)) for name, shown in found if shown is not None and shown.page)

    def _state(self) -> tuple[Any, ...]:
        """How much of each thing a page may add the document holds: letters given codes and subsets
        of each font, fonts named, forms, objects. The letters a page prints are not of it: which
        glyphs a subset holds is settled when the file is written, from every page's (`letters`)."""
        doc = self.canvas._doc
        fonts = tuple((name, len(state.assignments), len(state.subsets)) for name, state in self._fonts())
        return fonts, len(doc.fontMapping), len(self.forms.names), len(doc.idToObject)

    def _added(self, before: tuple[Any, ...]) -> tuple[Any, ...]:
        """What was added since the state `before`, in the order it was added."""
        doc = self.canvas._doc
        known = {name: letters for name, letters, _ in before[0]}
        letters = tuple(
            (name, list(state.assignments.items())[known.get(name, 0) :], len(state.subsets))
            for name, state in self._fonts()
        )
        return (
            letters,
            list(doc.fontMapping.items())[before[1] :],
            list(self.forms.names.items())[before[2] :],
            list(doc.idToObject)[before[3] :],
        )
