"""The build command: what changed (or everything, with force) built, each game reported as it
finishes, the gallery refreshed and the paper bill summed, with the output folder locked."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from typing import Any

from pnp.commands import Progress, Say
from pnp.errors import Interrupted
from pnp.files.atomic import CACHE_FOLDER, sweep_temporary
from pnp.files.outputlock import output_lock
from pnp.memory import BuildMemory
from pnp.source.settings import Settings

Refresh = Callable[[Mapping[str, dict[str, Any]] | None, Set[str]], None]  # the gallery, after writing


def build(
    settings: Settings,
    slugs: list[str],
    *,
    force: bool,
    no_validate: bool,
    jobs: int | None,
    memory: BuildMemory | None,
    say: Say,
    progress: Progress,
    refresh: Refresh,
) -> int:
    """Build `slugs`, taking from `memory` what an earlier build worked out and leaving there what
    this one did (none: a build that keeps nothing for another); the worst exit code. An
    interrupted build removes the temporary files its workers left."""
    check_players(settings, slugs)
    with output_lock(settings.output_dir(), lambda line: say(line, err=True)):
        sweep_temporary(settings.output_dir(), [CACHE_FOLDER])  # the games' workers all write there
        try:
            return _build_locked(
                settings, slugs, force, no_validate, jobs, memory or BuildMemory(), say, progress, refresh
            )
        except Interrupted:
            sweep_temporary(settings.output_dir(), [*slugs, CACHE_FOLDER])
            raise


def check_players(settings: Settings, slugs: list[str]) -> None:
    """A player count some requested game refuses is refused before any game is built or written,
    each refusal named (a game whose rules model cannot be read reports that in its own build)."""
    if settings.players is None:
        return
    from pnp.errors import PnpError, UsageProblem
    from pnp.games import read_source
    from pnp.source.rules import load_rules, resolve_players

    refusals = []
    for slug in slugs:
        try:
            resolve_players(load_rules(read_source(slug, settings.layouts)), settings.players, slug)
        except UsageProblem as exc:
            refusals.append(exc.message)
        except PnpError:
            continue
    if refusals:
        raise UsageProblem("\n".join([*refusals, "nothing was built"]))


def _build_locked(
    settings: Settings,
    slugs: list[str],
    force: bool,
    no_validate: bool,
    jobs: int | None,
    memory: BuildMemory,
    say: Say,
    progress: Progress,
    refresh: Refresh,
) -> int:
    from pnp.pipeline.incremental import clear_failure, inputs_digest, up_to_date
    from pnp.pipeline.manifest import paper_of

    if force:
        from pnp.source.shapecache import forget_shapes

        forget_shapes(settings.output_dir())
    digests = {slug: inputs_digest(slug, settings, memory) for slug in slugs}
    todo = []
    papers: dict[str, tuple[int, int]] = {}  # pages and sheets of the games whose manifests are at hand
    verified: set[str] = set()  # games whose files were just found as recorded
    cleared = False
    for slug in slugs:
        head = None if force else up_to_date(slug, settings, digests[slug], memory)
        if head is not None:
            papers[slug] = paper_of(head.documents)
            verified.add(slug)
            cleared |= clear_failure(slug, settings)
            say(f"{slug}: up to date")
        else:
            todo.append(slug)
    if not todo:
        if cleared:
            refresh(None, verified)
        if len(slugs) > 1:
            _paper_total(settings, slugs, papers, say)
        return 0
    from pnp.pipeline.workers import build_many

    worst = 0
    built: dict[str, dict[str, Any]] = {}
    with progress("building", len(todo)) as bar:
        for outcome in build_many(todo, settings, digests, no_validate, jobs, memory):
            for line in outcome.lines:
                say(line, err=outcome.exit_code != 0)
            worst = max(worst, outcome.exit_code)
            if outcome.shown is not None:
                built[outcome.slug] = outcome.shown
            if outcome.paper is not None:
                papers[outcome.slug] = outcome.paper
            bar.update(1)
    if settings.output_dir().is_dir():  # a first build that failed leaves no output folder
        refresh(built, verified)
        if len(slugs) > 1:
            _paper_total(settings, slugs, papers, say)
    return worst


def _paper_total(settings: Settings, slugs: list[str], papers: dict[str, tuple[int, int]], say: Say) -> None:
    """The paper bill of every game built into the output folder: `papers` gives the pages and
    sheets of the games left as they are and of those just written; the rest (a game that failed
    now) from their manifests."""
    from pnp.pipeline.manifest import ManifestHead, paper_of

    pages = sheets = 0
    for slug in slugs:
        paper = papers.get(slug)
        if paper is None:
            manifest = ManifestHead.read(settings.output_dir() / slug / "manifest.json")
            if manifest is None:
                return  # a game without a current manifest: no total to give
            paper = paper_of(manifest.documents)
        pages += paper[0]
        sheets += paper[1]
    say(f"all {len(slugs)} games: {pages} pages on {sheets} sheets of paper (a double-sided sheet counted once)")
