"""One game built and written from a command: its problems, warnings and what it wrote said in
lines (each file with how to print it), small enough to send back from a worker process."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.files.atomic import refuse_links
from pnp.findings import Finding
from pnp.games import data_folder
from pnp.memory import BuildMemory
from pnp.pipeline.build import GameBuild, build_game, compare_with_last, write_build
from pnp.pipeline.gallery_view import gallery_view
from pnp.pipeline.incremental import code_digest, data_digest, record_failure
from pnp.pipeline.manifest import Manifest, paper_of
from pnp.pipeline.reprint import REPRINT_FILE
from pnp.source.icons import ICONS_READ, IconStore
from pnp.source.settings import Settings
from pnp.source.shapecache import ShapeCache


@dataclass(kw_only=True)
class Outcome:
    """What one game's build came to, small enough to send back from a worker process."""

    slug: str
    lines: list[str]
    exit_code: int = 0
    shown: dict[str, Any] | None = None  # what the gallery shows of the manifest written (`gallery_view`)
    cpu: float = 0.0  # seconds the game took to build, for the next build's workers
    paper: tuple[int, int] | None = None  # pages and sheets written


def build_and_write(slug: str, settings: Settings, digest: str, no_validate: bool, memory: BuildMemory) -> Outcome:
    """`_build_and_write`, with the CPU it took this thread (`Outcome.cpu`): in `pnp watch` the
    server's threads run meanwhile."""
    started = time.thread_time()
    outcome = _build_and_write(slug, settings, digest, no_validate, memory)
    return replace(outcome, cpu=time.thread_time() - started)


def _build_and_write(slug: str, settings: Settings, digest: str, no_validate: bool, memory: BuildMemory) -> Outcome:
    """Build one game and write it unless it has problems (its rules model's, a font's, ...); errors become lines, and a
    failure is recorded beside the game's earlier files so the gallery can say so."""
    shapes = ShapeCache(settings.output_dir(), tool=code_digest())
    store = IconStore(settings.icons_dir(), settings.icons_base_url, shapes=shapes, read=memory[ICONS_READ])
    try:
        refuse_links(settings.output_dir() / slug / "thumbs" / "designs", root=settings.output_dir())
        result = build_game(slug, settings, store, memory=memory)
        if result.problems and not no_validate:
            lines = [str(problem) for problem in result.problems]
            said = f"{len(result.problems)} problem{'s' * (len(result.problems) != 1)} above"
            lines.append(f"{slug}: not written: {said} (--no-validate writes it anyway)")
            record_failure(settings.output_dir() / slug, lines)
            return Outcome(slug=slug, lines=lines, exit_code=1)
        result.manifest.inputs = digest
        result.manifest.warnings = warnings(result, settings.layouts_dir().parent)
        result.manifest.data = data_digest(slug, settings, memory)
        game_store = store.for_game(data_folder(slug, settings.layouts))
        compare_with_last(result, settings.output_dir() / slug, settings, game_store)
        written = write_build(result, settings.output_dir())
        shapes.save()
    except PnpError as exc:
        record_failure(settings.output_dir() / slug, [exc.message])
        return Outcome(slug=slug, lines=[f"Error: {exc.message}"], exit_code=exc.exit_code)
    pages, sheets = paper_of(result.manifest.documents)
    files = [(doc.file, doc.how) for doc in result.manifest.documents]
    if result.reprint is not None:
        files.append((REPRINT_FILE, f"{result.reprint_how} (the pieces changed since the last build)"))
    return Outcome(
        slug=slug,
        lines=[
            *(f"warning: {warning}" for warning in warnings(result)),
            f"{slug}: {len(result.documents)} PDFs, {pages} pages on {sheets} sheets, "
            f"{result.players} "
            f"player{'s' if result.players != 1 else ''} -> {written[0].parent}",
            *(f"  {name}: {how}" for name, how in files),
        ],
        shown=_view(result.manifest, settings.output_dir() / slug, memory),
        paper=(pages, sheets),
    )


def warnings(build: GameBuild, root: Path | None = None) -> list[str]:
    """What a build written warns of: the problems --no-validate wrote anyway, texts hard to read,
    pictures printed soft and faces a font lacks; each path as typed here, or relative to `root`
    (the manifest's: the same wherever the build was run from)."""

    def said(finding: Finding) -> str:
        if root is None:
            return str(finding)
        path = Path(os.path.relpath(os.path.abspath(finding.path), os.path.abspath(root))).as_posix()
        return f"{path}:{finding.line}:{finding.col}: {finding.message}"

    return [
        *(f"{said(problem)} (written anyway: --no-validate)" for problem in build.problems),
        *map(said, [*build.hard_to_read, *build.notices]),
    ]


def _view(manifest: Manifest, folder: Path, memory: BuildMemory) -> dict[str, Any] | None:
    """`gallery_view` of the manifest just written; None when a file it looks at cannot be read, so
    the gallery reads the game back (and, where that fails too, says the gallery was not written)."""
    try:
        return gallery_view(manifest, folder, memory)
    except OSError:
        return None
