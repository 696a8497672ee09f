"""Sheets of pieces planned once per process (`pnp watch`). Where pieces land depends on each
section's size, shape, gap, bleed, title and number of pieces, not on what the pieces show, so the
sheets are laid out once for those; and a sheet whose pieces are the same as at the build before
(by what its pages draw from a piece: its sides by identity, as `composedkeep` hands them out
again, the rest by value) keeps the pages planned for it. A one-card edit of a 10,000-card deck
plans one sheet."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, fields

from pnp.geometry import Rect
from pnp.memory import Kept
from pnp.render.furniture import Bands
from pnp.render.packing import Block, Placement, SheetLayout, joined_alike, pack
from pnp.render.pages import PagePlan, RenderOptions
from pnp.render.specs import Piece, PieceGroup

LAYOUTS_KEPT = 32  # runs of sections whose sheets are kept: a project's documents, and room to edit
Pages = tuple[PagePlan | None, ...]  # what one sheet prints: its fronts, and its backs when it has any
Same = dict[Hashable, tuple[tuple[Piece, ...], Pages, Hashable]]  # a sheet by its pieces' identities: its key
PlanSheet = Callable[[SheetLayout, int, int], Pages]  # a sheet, its number and the number of sheets


def piece_key(piece: Piece) -> tuple[object, ...]:
    """What a sheet's pages draw from a piece: every field, its sides by identity (the sheet's kept
    pages hold them, so no other side has their id meanwhile)."""
    return (
        piece.kind,
        piece.name,
        id(piece.face),
        id(piece.back),
        piece.back_name,
        piece.background,
        piece.back_background,
        piece.fold,
        piece.folds,
    )


KEYED = frozenset({"kind", "name", "face", "back", "back_name", "background", "back_background", "fold", "folds"})
assert {f.name for f in fields(Piece)} == KEYED, "piece_key reads every field of a piece"
SHAPED = frozenset({"title", "pieces", "width", "height", "shape", "gap", "bleeds"})
assert {f.name for f in fields(PieceGroup)} == SHAPED, "a layout is found by every field of its sections"


BlockPlace = tuple[int, Rect, tuple[tuple[int, Rect, bool], ...]]  # joined section, grid, slots (piece, trim, turned)


@dataclass(frozen=True, kw_only=True, slots=True)
class _Layout:
    """Sheets by position: each its bands and its blocks, a slot naming its piece by its index in
    the block's section (as `packing.joined_alike` joins them)."""

    sheets: tuple[tuple[Bands, tuple[BlockPlace, ...]], ...]


class SheetKeep:
    """Each run of sections' layout, and the pages of its sheets at the latest build, by the
    sections' shape."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, tuple[_Layout, dict[Hashable, Pages], Same]] = {}

    def pages(self, sections: Sequence[PieceGroup], options: RenderOptions, plan_sheet: PlanSheet) -> list[Pages]:
        """The pages of each sheet the sections fill (`packing.pack`), as `plan_sheet` plans them."""
        joined = joined_alike(list(sections))
        shape = (
            options,
            tuple((s.title, s.width, s.height, s.shape, s.gap, s.bleeds, len(s.pieces)) for s in sections),
        )
        found = self._kept.pop(shape, None)
        packed: list[SheetLayout] = []  # the sheets as packed just now, when the layout is new
        if found is None:
            packed = pack(joined, options)  # joined already: packed as they are
            found = (_laid_out(joined, packed), {}, {})
        layout, before, same_before = found
        now: dict[Hashable, Pages] = {}
        same: Same = {}
        out = []
        count = len(layout.sheets)
        for number, (bands, blocks) in enumerate(layout.sheets, start=1):
            pieces = tuple([joined[k].pieces[i] for k, _, slots in blocks for i, _, _ in slots])
            fast = (number, tuple(map(id, pieces)))
            kept = same_before.get(fast)  # the very pieces of a sheet planned before (a deck's are kept)
            key = kept[2] if kept is not None else (number, tuple(map(piece_key, pieces)))
            pages = before.get(key)
            if pages is None:
                sheet = packed[number - 1] if packed else _sheet(joined, bands, blocks)
                pages = plan_sheet(sheet, number, count)
            now[key] = pages
            same[fast] = (pieces, pages, key)  # the entry holds the pieces: their ids are no other's meanwhile
            out.append(pages)
        while len(self._kept) >= LAYOUTS_KEPT:
            del self._kept[next(iter(self._kept))]
        self._kept[shape] = (layout, now, same)
        return out


def _laid_out(joined: list[PieceGroup], sheets: list[SheetLayout]) -> _Layout:
    """The sheets of the joined sections by position, each slot known by its place in its section."""
    index = {id(section): k for k, section in enumerate(joined)}
    return _Layout(
        sheets=tuple(
            (
                sheet.bands,
                tuple(
                    (
                        index[id(block.section)],
                        block.grid,
                        tuple((block.first + i, s.trim, s.turned) for i, s in enumerate(block.slots)),
                    )
                    for block in sheet.blocks
                ),
            )
            for sheet in sheets
        )
    )


def _sheet(joined: list[PieceGroup], bands: Bands, blocks: tuple[BlockPlace, ...]) -> SheetLayout:
    """A sheet of the layout with the sections' own pieces."""
    return SheetLayout(
        blocks=tuple(
            Block(
                section=joined[k],
                grid=grid,
                first=slots[0][0],
                slots=tuple(
                    Placement(piece=joined[k].pieces[i], section=joined[k], trim=trim, turned=turned)
                    for i, trim, turned in slots
                ),
            )
            for k, grid, slots in blocks
        ),
        bands=bands,
    )


SHEETS = Kept("planned sheets", SheetKeep)
