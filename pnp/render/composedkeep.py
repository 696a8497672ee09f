"""Pieces composed once per process. In `pnp watch` a save changes one design of thousands, and
each build composes every design again; a piece is a function of its template, its values, its
size and its place alone (a designer's fonts are named by their files' digest), so the pieces an
earlier build composed are used again, the very same elements: what keys on elements' identity
later in the build (a design's fingerprint, the checks of its texts) finds them too."""

from __future__ import annotations

from collections.abc import Mapping

from pnp.render.compose import Composed, compose
from pnp.render.identitycache import IdentityCache
from pnp.source.slots import Template

KEPT = 32_768  # pieces kept: a deck of 10,000 designs, each side of a double-sided piece, and room to edit
TEMPLATES = 4_096  # templates kept by value: a build's own, and one for each design with a layout of its own

_FIRST: dict[Template, Template] = {}  # each template by value, the first equal one seen
_SAME: IdentityCache[Template] = IdentityCache(TEMPLATES)  # a template object -> that first equal one
_COMPOSED: IdentityCache[Composed] = IdentityCache(KEPT)


def composed(
    template: Template, values: Mapping[str, str], w: float, h: float, *, at: tuple[float, float] = (0.0, 0.0)
) -> Composed:
    """`compose`, kept: each build reads its data into new templates, so a template is first matched
    by value with one seen before (once per template object), and the piece is then found by that
    one's identity and the values."""
    first = _SAME.get(template)
    if first is None:
        if len(_FIRST) >= TEMPLATES:
            _FIRST.clear()  # the pieces kept hold their templates: no id is reused meanwhile
        first = _SAME.put(template, value=_FIRST.setdefault(template, template))
    key = (tuple(values.items()), w, h, at)
    found = _COMPOSED.get(first, *key)
    if found is None:
        found = _COMPOSED.put(first, *key, value=compose(first, values, w, h, at=at))
    return found
