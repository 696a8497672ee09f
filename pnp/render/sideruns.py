"""A document's sides in runs kept from build to build in the build's memory (`pnp.runs`). A check that reads every side
(its texts, colours, pictures) reads a 10,000-card deck's 10,000 faces at every build; what it
finds in a run of them is a function of the run's sides and the colours under them alone, so it
is kept with the run (`Run.found`), and a one-card edit makes one run a check reads again."""

from __future__ import annotations

from pnp.memory import BuildMemory, Kept
from pnp.render.elements import Element
from pnp.render.identitycache import IdentityCache
from pnp.render.specs import DocumentSpec
from pnp.runs import Run, RunKeep

Side = tuple[tuple[Element, ...], str | None]


class SideRuns:
    """The runs cut so far, known by their sides' identities and the colours under them, and each
    document's runs, by the spec's identity (a build's documents)."""

    __slots__ = ("documents", "runs")

    def __init__(self) -> None:
        self.runs = RunKeep()
        self.documents: IdentityCache[tuple[Run, ...]] = IdentityCache(16)


SIDE_RUNS = Kept("side runs", SideRuns)


def side_runs(memory: BuildMemory, spec: DocumentSpec) -> tuple[Run, ...]:
    """The document's sides (`DocumentSpec.sides`) in runs, in order, each run's items its sides."""
    kept = memory[SIDE_RUNS]
    found = kept.documents.get(spec)
    if found is not None:
        return found
    sides = tuple(spec.sides())
    keys = list(zip(map(id, (elements for elements, _ in sides)), (under for _, under in sides), strict=True))
    return kept.documents.put(spec, value=tuple(run for _, run in kept.runs.cut(sides, keys)))
