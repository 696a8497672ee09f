"""The `pnp` command: parses options and delegates to pnp.commands; messages and exit codes live
here. The group is in group.py, the options every command shares in options.py, and the export,
icon and project commands in exporting.py, iconcache.py and projects.py."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Set
from types import FrameType
from typing import TYPE_CHECKING, Any

import click

from pnp.cli import checking, exporting, iconcache, projects  # noqa: F401  # their commands join the group
from pnp.cli.group import cli
from pnp.cli.options import (
    GAME,
    Choice,
    icon_store,
    load_settings,
    options,
    progress_bar,
    project_games,
    say,
    shared_options,
    show_gallery,
)
from pnp.commands import BuildMemory
from pnp.errors import Interrupted
from pnp.games import GAMES
from pnp.source.jobs import FORK_FROM
from pnp.source.printoptions import DuplexMode

if TYPE_CHECKING:
    from pnp.source.settings import Settings


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@shared_options
@click.option(
    "--no-validate",
    is_flag=True,
    help="Write the files even if the build has problems (its rules model broken, a glyph missing, ...).",
)
@click.option("--force", is_flag=True, help="Rebuild even when nothing changed since the last build.")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 64),
    help=f"Games built at once (default: one per core; one at a time when they took under {FORK_FROM:g} s "
    "of CPU last time or other work fills every core).",
)
def build(games: tuple[str, ...], no_validate: bool, force: bool, jobs: int | None, **flags: Any) -> None:
    """Build GAMES (default: all) into PDFs under the output folder.

    A game whose layout data, icons, options and tool version are unchanged since its last
    successful build is skipped (--force rebuilds it). Each game is reported as it finishes;
    the gallery lists what changed since the previous build and output/GAME/reprint.pdf holds
    only the changed pieces. Exit status: 0 built, 1 data or rules problems (nothing of that
    game is written), 2 usage errors.

    \b
    Example: pnp build exit-from-purgatory --players 5 --ink-saver
    """
    settings = load_settings(writes=True, **flags)
    # a fresh memory, unless the caller gave one to keep across commands (as a test builds like `pnp watch`)
    memory = click.get_current_context().find_object(BuildMemory)
    worst = _build(settings, list(games) or project_games(settings), force, no_validate, jobs, memory)
    if worst:
        sys.exit(worst)


def _build(
    settings: Settings, slugs: list[str], force: bool, no_validate: bool, jobs: int | None, memory: BuildMemory | None
) -> int:
    """`builds.build`, saying what it does on the terminal; the worst exit code."""
    from pnp.commands.builds import build

    def refresh(built: Mapping[str, dict[str, Any]] | None, verified: Set[str]) -> None:
        show_gallery(settings, built, verified)

    return build(
        settings,
        slugs,
        force=force,
        no_validate=no_validate,
        jobs=jobs,
        memory=memory,
        say=say,
        progress=progress_bar,
        refresh=refresh,
    )


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@shared_options
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="Port for the gallery on 127.0.0.1 (0: any free port).",
)
def watch(games: tuple[str, ...], port: int, **flags: Any) -> None:
    """Rebuild GAMES (default: all the project's) whenever a layout file is saved, and serve the
    gallery on localhost; the page reloads itself after each rebuild.

    \b
    Example: pnp watch punished      then open http://127.0.0.1:8765/
    """
    import signal

    from pnp.commands.watching import watch as watched

    settings = load_settings(writes=True, **flags)

    def build(slugs: list[str], force: bool, memory: BuildMemory) -> int:
        return _build(settings, slugs, force, False, 1, memory)

    try:
        watched(settings, list(games) or project_games(settings), port=port, build=build, say=_told)
    except KeyboardInterrupt:  # the file watcher's word for the signal it caught
        taken = click.get_current_context().find_object(SignalsTaken)
        raise Interrupted(taken.last if taken is not None and taken.last is not None else signal.SIGINT) from None


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@options("output", "layouts", "icons")
def report(games: tuple[str, ...], **flags: Any) -> None:
    """The balance report of GAMES (default: all the project's): OUTPUT/GAME/report.html.

    Exact odds where they can be enumerated, seeded simulations where they cannot (the strategy
    and the seed are printed with the figures), plots, and every figure that moved since the
    game's last report with its old value beside it.

    \b
    Example: pnp report seven-steps
    """
    from pnp.commands.reporting import check_report
    from pnp.commands.reporting import report as reported

    check_report()
    settings = load_settings(writes=True, **flags)
    reported(settings, icon_store(settings), list(games) or project_games(settings), say=say)
    show_gallery(settings)


@cli.command()
@options(
    "paper",
    "back_offset",
    "margin",
    "output",
    "printer",
    extra=[
        click.option(
            "--duplex",
            type=Choice([mode.value for mode in DuplexMode if mode.flips]),
            help="The edge your printer flips on (default long).",
        )
    ],
)
def calibrate(**flags: Any) -> None:
    """Write OUTPUT/calibrate.pdf: one sheet to print double-sided and read your printer's back offset.

    Hold the printed sheet to the light: each red crosshair from the back falls on the blue rulers
    of the front at the X,Y to give to --back-offset. Print it again with that offset to check.

    \b
    Example: pnp calibrate --paper letter --duplex short
    """
    from pnp.commands.printer import calibrate as calibrated

    settings = load_settings(writes=True, new_printer=True, **flags)
    done = calibrated(settings, icon_store(settings))
    click.echo(f"calibration sheet -> {done.path} (print both sides, flip on the {settings.duplex} edge)")
    if done.profile:
        click.echo(f"then keep the offset you read for this printer in pnp.toml:\n\n{done.profile}")


@cli.command(name="list")
@options("layouts")
def list_games(layouts: str | None) -> None:
    """List the games and their components with counts.

    \b
    Example: pnp list
    """
    from pnp.commands.listing import listing

    settings = load_settings(layouts=layouts)
    for line in listing(settings, project_games(settings)):
        click.echo(line)
    for clash in GAMES.clashes:
        click.echo(f"warning: {clash}", err=True)


def _told(line: str, err: bool = False) -> None:
    """Said however quiet the command: where the gallery is served, what was rebuilt."""
    click.echo(line, err=err)


class SignalsTaken:
    """The last signal this process took, for code that sees only its KeyboardInterrupt (the file
    watcher's) or an error a library wrapped it in."""

    def __init__(self) -> None:
        self.last: int | None = None

    def interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.last = signum
        raise Interrupted(signum)


def _unraisable(hook: sys.UnraisableHookArgs) -> None:
    """An interruption raised inside a finalizer (a library's __del__, run by the collector) is
    printed and dropped by Python, and the build went on to exit 0: the signal is sent again from
    another thread a moment later, so it lands in the build's own code, the finalizer and this hook done."""
    if isinstance(hook.exc_value, Interrupted):
        import os
        import threading

        threading.Timer(0.05, os.kill, (os.getpid(), hook.exc_value.code - 128)).start()
    else:
        sys.__unraisablehook__(hook)


def catch_signals() -> SignalsTaken:
    """SIGTERM and Ctrl-C stop the command wherever it is, a finalizer included."""
    import signal

    taken = SignalsTaken()
    signal.signal(signal.SIGTERM, taken.interrupt)
    signal.signal(signal.SIGINT, taken.interrupt)
    sys.unraisablehook = _unraisable
    return taken


def main() -> None:
    """Run the CLI at pnp's collector pace (`pnp.collector`); an interruption discards the files
    being written, and an error we did not foresee still ends as one line, not a traceback."""
    import signal

    from pnp.collector import fewer_collections, freeze_at_exit

    freeze_at_exit()
    taken = catch_signals()
    try:
        try:
            with fewer_collections():
                cli(prog_name="pnp", standalone_mode=True, obj=taken)
        except Exception:
            if taken.last is not None:  # a library wrapped the interruption in an error (pydantic's SchemaError)
                raise Interrupted(taken.last) from None
            raise
    except Interrupted as stop:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # one message, however many signals follow
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        click.echo("interrupted: files being written were discarded; earlier files are intact", err=True)
        sys.exit(stop.code)
    except ModuleNotFoundError as exc:
        from pnp.requirements import said

        click.echo(said(exc.name), err=True)
        sys.exit(1)
    except Exception as exc:
        click.echo(f"Error: unexpected {type(exc).__name__}: {exc} (please report this)", err=True)
        sys.exit(1)
