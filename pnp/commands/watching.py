"""The watch command: build, serve the gallery on localhost, and build again whatever a save touches."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from pnp.commands import Say
from pnp.errors import UsageProblem
from pnp.memory import BuildMemory
from pnp.site.watch import Reloads, games_touched, serve, watch_and_rebuild
from pnp.source.settings import Settings

Build = Callable[[list[str], bool, BuildMemory], int]  # games to build, whether forced, kept state -> worst exit


def watch(
    settings: Settings, slugs: list[str], *, port: int, build: Build, say: Say, stop: threading.Event | None = None
) -> None:
    """Build `slugs`, serve the output folder on 127.0.0.1:`port` (0: any free port), and rebuild
    the games a save in the layouts or the icon cache touches until interrupted (KeyboardInterrupt,
    as the file watcher raises it) or `stop` is set; the gallery reloads itself after each rebuild."""
    memory = BuildMemory()  # one for every save: what a save leaves as it was is not worked out again
    build(slugs, False, memory)
    output = settings.output_dir()
    output.mkdir(parents=True, exist_ok=True)
    reloads = Reloads()
    try:
        server = serve(output, port, reloads)
    except OSError as exc:
        raise UsageProblem(f"--port: cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}") from None

    def ready() -> None:
        """The watcher listens: catch up on any save made since the first build, then say so."""
        build(slugs, False, memory)
        say(f"serving http://127.0.0.1:{server.server_port}/ ; watching {settings.layouts_dir()} (Ctrl-C stops)")

    def rebuild(changed: set[str]) -> None:
        touched = games_touched(changed, settings.layouts_dir(), settings.icons_dir(), slugs)
        if not touched:
            return
        started = time.perf_counter()
        build(touched, True, memory)
        reloads.bump()
        say(f"rebuilt {', '.join(touched)} in {time.perf_counter() - started:.2f} s")

    stopped = stop or threading.Event()
    try:
        watch_and_rebuild([settings.layouts_dir(), settings.icons_dir()], rebuild, stopped, ready)
    finally:
        stopped.set()
        server.shutdown()
