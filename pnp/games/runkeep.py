"""What a game makes of each entry of a long list (a deck's designs), kept from build to build in
runs. In `pnp watch` a save changes one design of thousands; the pieces the others make are the
same, so they are taken as made, the very same objects, and what keys on their identity later in
the build finds them too.

A run is RUN entries at one place in the list. It is made again unless its entries are the very
objects at the same place as at the last build (a card list's unchanged rows are: `rowkeep`) and
everything else the making reads (`context`: the game names it) is equal. A run whose making found
a layout mistake is not kept, so each build finds and says it again."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from pnp.render.identitycache import HashedKey
from pnp.runs import RUN  # as every long list is cut (`pnp.runs`): a deck of 10,000 designs is 79 runs

if TYPE_CHECKING:
    from pnp.games import BuildContext

LISTS_KEPT = 32  # lists whose runs are kept: a project's decks, and room for another's

T = TypeVar("T")
U = TypeVar("U")

Runs = dict[tuple[int, tuple[int, ...]], tuple[Sequence[Any], list[Any]]]  # (start, ids) -> its entries, made
_LISTS: dict[tuple[str, str], tuple[HashedKey, Runs]] = {}  # by game and list: its context, its runs


def kept_runs(
    ctx: BuildContext, name: str, entries: Sequence[T], make: Callable[[int, T], Iterable[U]], context: Hashable
) -> list[U]:
    """What `make(i, entry)` gives for each entry of the list `name`, in order, joined. `make`
    reads the entry, its place `i`, the card's size and the templates, and else only what
    `context` holds."""
    slot = (ctx.game, name)
    last_context, before = _LISTS.pop(slot, (None, {}))
    now_context = HashedKey((ctx.card_w, ctx.card_h, tuple(ctx.templates.items()), context))
    if last_context is not None and last_context == now_context:
        now_context = last_context  # the very key: each run's lookup below compares it by identity
    else:
        before = {}
    ids = list(map(id, entries))
    now: Runs = {}
    out: list[U] = []
    for start in range(0, len(entries), RUN):
        key = (start, tuple(ids[start : start + RUN]))
        kept = before.get(key)
        if kept is None:
            run = entries[start : start + RUN]
            said = len(ctx.slips)
            made = [piece for i, entry in enumerate(run, start) for piece in make(i, entry)]
            if len(ctx.slips) > said:
                out += made
                continue
            kept = (run, made)  # the run holds its entries: their ids are no other object's meanwhile
        now[key] = kept
        out += kept[1]
    while len(_LISTS) >= LISTS_KEPT:
        del _LISTS[next(iter(_LISTS))]
    _LISTS[slot] = (now_context, now)
    return out
