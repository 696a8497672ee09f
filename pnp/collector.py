"""How often Python's cycle collector runs while pnp works.

A build makes hundreds of thousands of small objects that live until it ends (pieces, elements,
placed records, page plans). At CPython's default pace the collector walks them again and again
and finds next to no garbage: pnp's data holds few reference cycles. So it waits for a million new
objects between runs, more than most builds make, at the same peak memory. What a block leaves
alive is old by then: it joins the oldest generation rather than wait in the youngest, which would
otherwise be walked whole the moment the usual threshold is back (the few cycles it leaves behind
wait for the next full collection). And as the process ends, Python collects once more over
everything still alive (`freeze_at_exit` spares it).
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager

NEW_OBJECTS = 1_000_000  # made between two runs of the youngest generation (CPython: 700)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The collector waits for NEW_OBJECTS new objects inside the block (or as many as it was set
    to, if more; a threshold of 0, collection turned off, stays off); its thresholds are as they
    were after it, so a program calling pnp keeps its own. On leaving the block, before the
    thresholds are restored, everything the collector tracks (the block's survivors among them) is
    moved to the oldest generation by freezing and unfreezing; not when the program froze objects
    itself, which unfreezing would release."""
    before = gc.get_threshold()
    gc.set_threshold(max(NEW_OBJECTS, before[0]) if before[0] else 0, *before[1:])
    try:
        yield
    finally:
        if not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        gc.set_threshold(*before)


def freeze_at_exit() -> None:
    """When the process ends, what it still holds is set apart from the collector first, so the full
    collection Python runs on the way out does not walk it (a twentieth of a full build's CPU). The
    operating system takes that memory back; nothing pnp holds at exit waits on a finalizer (its
    files are written and closed by then). Registered once, however often the command line runs."""
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
