"""Where a build's refusals are said: each placed at the data file and key the designer edits, and
what the rest of the game's data holds found alongside them, so one problem does not hide the next."""

from __future__ import annotations

from pnp.errors import LayoutError, TextOverflow
from pnp.findings import Finding
from pnp.games import load_game
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.models import EveryProblem
from pnp.source.ruletrace import trace_problems
from pnp.source.settings import Settings


def traced_problems(source: GameSource, refused: set[str]) -> list[Finding]:
    """The trace's problems, but none about a file whose data was refused (its places mean nothing yet)."""
    try:
        problems = trace_problems(source)
    except LayoutError as exc:
        return list(exc.placed(source.folder))
    return source.findings(
        [p for p in problems if p.file not in refused and not any(f"{name}:" in p.message for name in refused)]
    )


def data_problems(slug: str, settings: Settings, source: GameSource, store: IconStore) -> list[Finding]:
    """What reading the game's own data files finds, when the rules model could not be read."""
    every = EveryProblem(source)
    every.run(lambda: load_game(slug, settings.layouts).load(source, store))
    return every.found


def placed_error(exc: LayoutError, source: GameSource) -> LayoutError:
    """A game's refusal placed where the designer edits (`GameSource.placed`)."""
    return exc if exc.findings else LayoutError(source.placed(exc))


def drawing_error(exc: LayoutError, source: GameSource, filename: str) -> LayoutError:
    """An error met while laying out `filename`, named with the PDF and, for a text too long for
    its box, the data file and key the text came from."""
    where = source.text_source(exc.text) if isinstance(exc, TextOverflow) else None
    if where is not None:
        return LayoutError(source.named(where, f"{filename}: {exc.message}"))
    if exc.findings:
        return exc
    return LayoutError(Finding(path=source.folder, message=f"{filename}: {exc.message}"))
