"""A document's sides in runs kept from build to build. A check that reads every side (its texts,
colours, pictures) reads a 10,000-card deck's 10,000 faces at every build; what it finds in a run
of them is a function of the run's sides alone, so it is kept by the run. A run whose sides are the
very ones of a run the build before had is that run, the same object: a one-card edit makes one
new run, and a check looks again at its RUN sides and at the others' kept findings.

Runs are cut at fixed places: a card put in or taken out in the middle makes every later run new,
and the checks read them all, as they did before runs."""

from __future__ import annotations

from collections.abc import Hashable

from pnp.render.elements import Element
from pnp.render.identitycache import IdentityCache
from pnp.render.specs import DocumentSpec

RUN = 128  # sides a run holds: a deck's 10,000 faces are 79 runs
DOCUMENTS_KEPT = 64  # documents whose runs are kept: a project's, and room for another's

Side = tuple[tuple[Element, ...], str | None]
SideRun = tuple[Side, ...]

_BY_DOCUMENT: dict[Hashable, dict[Hashable, SideRun]] = {}  # each document's runs at its last build, by their sides
_RUNS: IdentityCache[tuple[SideRun, ...]] = IdentityCache(16)  # a build's documents, by the spec's identity


def side_runs(spec: DocumentSpec) -> tuple[SideRun, ...]:
    """The document's sides (`DocumentSpec.sides`) in runs of RUN, in order; a run of the very sides
    (and colours) of one the document had at its last build is that run."""
    found = _RUNS.get(spec)
    if found is not None:
        return found
    sides = tuple(spec.sides())
    ids = list(map(id, (elements for elements, _ in sides)))
    under = [background for _, background in sides]
    document = (spec.game_title, spec.filename)
    before = _BY_DOCUMENT.pop(document, {})
    now: dict[Hashable, SideRun] = {}
    runs = []
    for start in range(0, len(sides), RUN):
        key = (tuple(ids[start : start + RUN]), tuple(under[start : start + RUN]))
        run = now.get(key) or before.get(key) or sides[start : start + RUN]  # the run holds its sides: ids stay theirs
        now[key] = run
        runs.append(run)
    while len(_BY_DOCUMENT) >= DOCUMENTS_KEPT:
        del _BY_DOCUMENT[next(iter(_BY_DOCUMENT))]
    _BY_DOCUMENT[document] = now
    return _RUNS.put(spec, value=tuple(runs))
