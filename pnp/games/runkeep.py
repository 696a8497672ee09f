"""What a game makes of each entry of a long list (a deck's designs), kept from build to build in
runs (`pnp.runs`). In `pnp watch` a save changes one design of thousands; the pieces the others
make are the same, so they are taken as made, the very same objects, and what keys on their
identity later in the build finds them too.

A run's pieces are made again unless its entries are the very objects (a card list's unchanged
rows are: `rowkeep`) at the same place as at the last build of the list, and everything else the
making reads (`context`: the game names it) is equal. A run whose making found a layout mistake is
not kept, so each build finds and says it again."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from pnp.render.identitycache import HashedKey
from pnp.runs import RunKeep

if TYPE_CHECKING:
    from pnp.games import BuildContext

LISTS_KEPT = 32  # lists whose context is kept: a project's decks, and room for another's

T = TypeVar("T")
U = TypeVar("U")

_KEEP = RunKeep()
_CONTEXTS: dict[tuple[str, str], HashedKey] = {}  # by game and list: what its last making read


def kept_runs(
    ctx: BuildContext, name: str, entries: Sequence[T], make: Callable[[int, T], Iterable[U]], context: Hashable
) -> list[U]:
    """What `make(i, entry)` gives for each entry of the list `name`, in order, joined. `make`
    reads the entry, its place `i`, the card's size and the templates, and else only what
    `context` holds."""
    slot = (ctx.game, name)
    now = HashedKey((ctx.card_w, ctx.card_h, tuple(ctx.templates.items()), context))
    last = _CONTEXTS.pop(slot, None)
    if last is not None and last == now:
        now = last  # the very key: each run's lookup below compares it by identity
    while len(_CONTEXTS) >= LISTS_KEPT:
        del _CONTEXTS[next(iter(_CONTEXTS))]
    _CONTEXTS[slot] = now
    out: list[U] = []
    for start, run in _KEEP.cut(entries):
        kept = run.found.get((slot, start))  # the latest making of the run at this place of the list
        if kept is not None and kept[0] is now:
            out += kept[1]
            continue
        said = len(ctx.slips)
        made = [piece for i, entry in enumerate(run.items, start) for piece in make(i, entry)]
        if len(ctx.slips) == said:
            run.found[(slot, start)] = (now, made)
        out += made
    return out
