"""Pictures sharp enough to print: each of the designer's own rasters at the size a piece prints it,
against the 300 dpi a printed picture needs to look sharp. A soft picture still prints: `pnp
validate` and a build warn, naming the file and the key that places it."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.errors import IconError
from pnp.memory import BuildMemory
from pnp.pipeline.legibility import where_written
from pnp.render.elements import Elements, Icon, leaves
from pnp.render.sideruns import side_runs
from pnp.render.specs import DocumentSpec
from pnp.source.gamesource import GameSource, Problem
from pnp.source.ownart import PRINT_DPI, ArtShelf, is_picture_ref


def soft_pictures(
    specs: Sequence[DocumentSpec], source: GameSource, game: str, art: ArtShelf | None, memory: BuildMemory
) -> list[Problem]:
    """One problem per own picture printed below PRINT_DPI somewhere, at its largest printed size."""
    largest: dict[str, float] = {}
    for spec in specs:
        for run in side_runs(memory, spec):  # a run's pictures kept with it: most runs of a deck have none
            found = run.found.get(_pictures)
            if found is None:
                found = run.found[_pictures] = tuple(pair for elements, _ in run.items for pair in _pictures(elements))
            for ref, size in found:
                largest[ref] = max(largest.get(ref, 0.0), size)
    problems = []
    for ref, size in sorted(largest.items()):
        try:
            picture = art.picture(ref) if art is not None else None
        except IconError:
            continue  # refused when the data was read
        if picture is None or (dpi := picture.dpi(size, size)) >= PRINT_DPI:
            continue
        file, key = where_written(source, ref) or ("pieces", "")
        problems.append(
            Problem(
                game=game,
                file=file,
                key=key,
                message=f"{ref} ({picture.width:,} x {picture.height:,} pixels) prints {size:.1f} mm across at "
                f"{dpi:.0f} dpi, below the {PRINT_DPI} dpi a sharp print needs; give it more pixels",
            )
        )
    return problems


def _pictures(elements: Elements) -> tuple[tuple[str, float], ...]:
    """The designer's pictures a side prints and the size of each (mm)."""
    return tuple(
        (icon.ref, icon.size) for icon in leaves(elements) if isinstance(icon, Icon) and is_picture_ref(icon.ref)
    )
