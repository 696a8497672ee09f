"""Pieces composed once, kept in the build's memory (`pnp.memory`). In `pnp watch` a save
changes one design of thousands, and each build composes every design again; a piece is a
function of its template, its values, its size and its place alone (a designer's fonts are named
by their files' digest), so the pieces an earlier build composed are used again, the very same
elements: what keys on elements' identity later in the build (a design's fingerprint, the checks
of its texts) finds them too."""

from __future__ import annotations

from collections.abc import Mapping

from pnp.memory import BuildMemory, Kept
from pnp.render.compose import Composed, compose
from pnp.render.identitycache import IdentityCache
from pnp.source.slots import Template

KEPT = 32_768  # pieces kept: a deck of 10,000 designs, each side of a double-sided piece, and room to edit
TEMPLATES = 4_096  # templates kept by value: a build's own, and one for each design with a layout of its own


class ComposedPieces:
    """The pieces composed so far, and the templates they were composed with."""

    __slots__ = ("first", "pieces", "same")

    def __init__(self) -> None:
        self.first: dict[Template, Template] = {}  # each template by value, the first equal one seen
        self.same: IdentityCache[Template] = IdentityCache(TEMPLATES)  # a template object -> that first equal one
        self.pieces: IdentityCache[Composed] = IdentityCache(KEPT)


COMPOSED = Kept("composed pieces", ComposedPieces)


def composed(
    memory: BuildMemory,
    template: Template,
    values: Mapping[str, str],
    w: float,
    h: float,
    *,
    at: tuple[float, float] = (0.0, 0.0),
) -> Composed:
    """`compose`, kept: each build reads its data into new templates, so a template is first matched
    by value with one seen before (once per template object), and the piece is then found by that
    one's identity and the values."""
    kept = memory[COMPOSED]
    first = kept.same.get(template)
    if first is None:
        if len(kept.first) >= TEMPLATES:
            kept.first.clear()  # the pieces kept hold their templates: no id is reused meanwhile
        first = kept.same.put(template, value=kept.first.setdefault(template, template))
    key = (tuple(values.items()), w, h, at)
    found = kept.pieces.get(first, *key)
    if found is None:
        found = kept.pieces.put(first, *key, value=compose(first, values, w, h, at=at, memory=memory))
    return found
