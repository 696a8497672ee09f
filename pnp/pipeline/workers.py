"""Games built at once: how many worker processes a build forks, what they load before the first
game, and how an interrupted or dying worker ends the build cleanly."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from pnp.errors import PnpError
from pnp.games import load_game
from pnp.memory import BuildMemory
from pnp.pipeline import writing
from pnp.pipeline.incremental import record_failure
from pnp.pipeline.manifest import LastBuild, Manifest, schema
from pnp.pipeline.workload import expected_work, record_work
from pnp.pipeline.writing import Outcome
from pnp.source.jobs import FORK_FROM
from pnp.source.settings import Settings
from pnp.source.shapecache import converter

if TYPE_CHECKING:  # a serial build never loads the process pool
    from concurrent.futures import Future, ProcessPoolExecutor


STOP_SIGNALS = frozenset({signal.SIGTERM, signal.SIGINT})

# imported before the first game builds (in the parent, before workers fork, so no worker pays for
# them again), so a game's recorded CPU is its own work however it is built; pypdfium2, which cuts
# thumbnails, is left to the games that cut any (a rebuild of unchanged PDFs cuts none)
PRELOAD = (
    "reportlab.pdfgen.canvas",
    "PIL.Image",
    "pnp.render.document",
    "pnp.render.pieces",
    "pnp.render.boards",
    "pnp.render.pagecomponents",
    "pnp.render.composedkeep",  # and the composer it keeps pieces of
)


def worker_count(
    games: int, jobs: int | None, *, cores: int, busy: Callable[[], float], work: Callable[[], float | None]
) -> int:
    """How many games build at once: as many as `jobs` asks; by default one per core, never more
    than there are games, and one (no workers forked) when the games took less than FORK_FROM
    seconds of CPU last time (`work()`; None: not known), which workers would finish no sooner for
    more CPU (`pnp.pipeline.workload`), or when other work already fills every core (`busy()`), where
    workers would only wait their turn and cost their start-up. Each is asked only when needed."""
    if jobs is not None:
        return max(1, min(jobs, games))
    if games <= 1:
        return 1
    took = work()
    if (took is not None and took < FORK_FROM) or busy() >= cores:
        return 1
    return min(cores, games)


def _usable_cores() -> int:
    """The cores this process may run on (`taskset`'s share, not the machine's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _busy_elsewhere() -> float:
    """How many cores other work wants now: Linux's count of runnable tasks less this process (the
    load average would still count the build before this one); elsewhere the one-minute load
    average; nothing when neither can be read."""
    try:
        with open("/proc/loadavg", encoding="ascii") as status:
            return int(status.read().split()[3].split("/")[0]) - 1
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):
        return 0.0


def build_many(
    slugs: list[str],
    settings: Settings,
    digests: dict[str, str],
    no_validate: bool,
    jobs: int | None,
    memory: BuildMemory,
) -> Iterator[Outcome]:
    """Each game built and reported as it finishes, `worker_count` at once; the CPU each game
    written took is kept for the next build's count (`pnp.pipeline.workload`): a failed build
    leaves the output as it was, its failure record aside."""
    output = settings.output_dir()
    workers = worker_count(
        len(slugs), jobs, cores=_usable_cores(), busy=_busy_elsewhere, work=partial(expected_work, output, slugs)
    )
    seconds: dict[str, float] = {}
    for outcome in _outcomes(slugs, settings, digests, no_validate, workers, memory):
        if not outcome.exit_code:
            seconds[outcome.slug] = outcome.cpu
        yield outcome
    if seconds:
        record_work(output, seconds)


def _outcomes(
    slugs: list[str], settings: Settings, digests: dict[str, str], no_validate: bool, workers: int, memory: BuildMemory
) -> Iterator[Outcome]:
    """Games build in forked processes when there are `workers` (more than one). The drawing
    modules, the games' modules, the fonts, the shape cache's converter and the manifest schemas
    are loaded first, so each worker starts warm, and a game's CPU is its own work however it is
    built. A worker that dies
    (killed, or out of memory) fails the games not yet reported instead of leaving the build
    waiting for them. An interruption in the parent (Ctrl-C, SIGTERM) kills the workers, and so
    does the parent's own death. Where fork is not available (a spawned worker re-imports
    everything) the games build one after another. Games built here use `memory`; a worker's
    game starts from nothing, as a worker forgets what it worked out when it ends."""
    import importlib
    import multiprocessing

    from pnp.render.fonts import register_fonts

    for name in PRELOAD:
        importlib.import_module(name)
    for slug in slugs:
        with contextlib.suppress(PnpError):  # a game that cannot be loaded fails its own build alone
            load_game(slug, settings.layouts)
    register_fonts()
    converter()  # the shape cache's tool, read from svgelements' installed metadata
    schema(Manifest)  # each game writes its manifest
    schema(LastBuild)  # and reads the last one's
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for slug in slugs:
            yield writing.build_and_write(slug, settings, digests[slug], no_validate, memory)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    # Ctrl-C and SIGTERM wait while the workers fork: taken inside fork's own hooks, the parent's
    # handler would raise where Python can only print the exception and go on
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    pool: ProcessPoolExecutor | None = None
    finished = False
    try:
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_worker_start)
        games = {_sent(pool, slug, settings, digests[slug], no_validate): slug for slug in slugs}
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # one that came meanwhile lands here
        for done in as_completed(games):  # each game reported as it finishes
            try:
                yield done.result()
            except BrokenProcessPool:
                yield _lost(games[done], settings)
        finished = True
    finally:
        # a second signal waits until the workers are ended: taken midway, it would leave some running
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        try:
            if not finished:  # interrupted: the workers' games are not waited for
                for worker in multiprocessing.active_children():
                    worker.kill()
            if pool is not None:
                pool.shutdown(cancel_futures=True)
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def _sent(pool: ProcessPoolExecutor, slug: str, settings: Settings, digest: str, no_validate: bool) -> Future[Outcome]:
    """The game's build handed to a worker; a worker that died before it was sent fails it as one
    that died while building it does."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    try:
        return pool.submit(writing.build_and_write, slug, settings, digest, no_validate, BuildMemory())
    except BrokenProcessPool as broken:
        failed: Future[Outcome] = Future()
        failed.set_exception(broken)
        return failed


def _lost(slug: str, settings: Settings) -> Outcome:
    """A game not reported when a worker died: every game the pool had not reported fails with it
    (a dead worker may leave the pool's queues half-written, so the pool ends the others). What was
    being written is swept by the next build; files written whole stay."""
    lines = [
        f"{slug}: not built: a worker process died abruptly (killed, out of memory, or crashed), which "
        f"stops the others; earlier files are intact (--jobs 1 builds the games one at a time, in this process)"
    ]
    record_failure(settings.output_dir() / slug, lines)
    return Outcome(slug=slug, lines=[f"Error: {lines[0]}"], exit_code=1)


def _worker_start() -> None:
    """A worker dies with its parent, takes SIGTERM as an order to stop at once, and leaves Ctrl-C
    to the parent (which then ends the pool)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # blocked by the parent while it forked
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() == 1:  # the parent died before the line above took effect
            os._exit(1)
