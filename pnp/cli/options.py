"""The command line's shared parts: the game argument, every build option defined once, and the
helpers each command uses to read settings and say what it did."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Mapping, Sequence, Set
from contextlib import AbstractContextManager
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import click

from pnp.errors import did_you_mean
from pnp.games import DATA_GAME, GAMES, known_games, own_folder
from pnp.geometry import CARDS, PAPERS
from pnp.source.printoptions import Cutter, DuplexMode

if TYPE_CHECKING:  # the commands import what they use when they run: a fast start
    from click.shell_completion import CompletionItem

    from pnp.commands.places import IconStore
    from pnp.findings import Finding
    from pnp.source.settings import Settings

Command = Callable[..., Any]
Decorator = Callable[[Command], Command]

if TYPE_CHECKING:  # click's stubs make a parameter type generic; older clicks are not
    NameType = click.ParamType[str]
else:
    NameType = click.ParamType


class GameName(NameType):
    """A registered game's name, checked against the registry when it is given (so the search for
    published games waits until a command names a game)."""

    name = "game"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if value not in GAMES:
            layouts = _layouts_given(ctx)
            known = known_games(layouts)
            if value not in known:
                folder = Path(layouts) / str(value) if layouts else own_folder(str(value))
                if folder.is_dir():  # a data-only game that lost its manifest: say so, not "no such game"
                    self.fail(
                        f"{folder}: holds no {DATA_GAME} (a data-only game's manifest) and no registered "
                        f"game has that name",
                        param,
                        ctx,
                    )
                self.fail(_unknown(value, known), param, ctx)
        return str(value)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(slug) for slug in sorted(GAMES) if slug.startswith(incomplete)]


GAME = GameName()


def _unknown(value: object, known: list[str]) -> str:
    """The value meant, where one is close; else every value there is."""
    close = did_you_mean(value, known)
    return f"{value!r} is unknown.{close}" if close else f"{value!r} is not one of {', '.join(map(repr, known))}"


class Choice(click.Choice[str]):
    """click's choice of values, with the value meant when one was misspelt ("longg": "long")."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if value not in self.choices:
            self.fail(_unknown(value, [str(choice) for choice in self.choices]), param, ctx)
        return str(value)


def _layouts_given(ctx: click.Context | None) -> str | None:
    """The layouts folder a command will read (its --layouts, else the project's), where
    data-only games are found: --layouts is read before the games it names."""
    from pnp.errors import PnpError
    from pnp.source.settings import Settings

    given = ctx.params.get("layouts") if ctx is not None else None
    given = given if isinstance(given, str) else None  # an option click has not read yet
    try:
        return Settings.load(layouts=given).layouts
    except PnpError:
        return given


SHORT = MappingProxyType({"output": "-o"})  # the build options' short forms, refused with their long ones


def refused(names: tuple[str, ...], where: str, why: str) -> list[Decorator]:
    """Hidden options that answer their use with why they mean nothing here, rather than being
    taken and ignored (nor offered by --help)."""

    def refuse(ctx: click.Context, param: click.Parameter, value: object) -> None:
        if value is not None:
            raise click.UsageError(f"--{(param.name or '').replace('_', '-')} does not apply to {where}: {why}", ctx)

    return [
        click.option(
            f"--{name}",
            *([SHORT[name]] if name in SHORT else []),
            name.replace("-", "_"),
            hidden=True,
            expose_value=False,
            callback=refuse,
        )
        for name in names
    ]


OPTIONS = MappingProxyType(
    {  # every build option, defined once; each can also come from pnp.toml (a flag beats it)
        "paper": click.option(
            "--paper",
            shell_complete=lambda _ctx, _param, typed: [name for name in PAPERS if name.startswith(typed)],
            help="a4 (default), letter, a3, tabloid, or WxH in mm; a3 and tabloid print page components "
            "two to a sheet.",
        ),
        "card": click.option(
            "--card",
            shell_complete=lambda _ctx, _param, typed: [name for name in CARDS if name.startswith(typed)],
            help="poker (default), bridge, tarot, mini, american-mini, or WxH in mm.",
        ),
        "players": click.option("--players", type=click.IntRange(1, 99), help="Player count (default: the game's)."),
        "output": click.option("--output", "-o", help="Output folder (default: output)."),
        "ink_saver": click.option(
            "--ink-saver/--colour",
            "ink_saver",
            default=None,
            help="Light pages, icons light inside a dark outline, colour only as thin accents.",
        ),
        "bleed": click.option("--bleed", help="Bleed beyond the trim, e.g. 3mm or 0.125in (default 0)."),
        "margin": click.option("--margin", help="Printer margin kept clear (default 5mm)."),
        "duplex": click.option("--duplex", type=Choice([mode.value for mode in DuplexMode]), help=DuplexMode.help()),
        "back_offset": click.option("--back-offset", help="Shift backs by X,Y mm to calibrate a printer, e.g. 0.5,-1."),
        "cutter": click.option(
            "--cutter",
            type=Choice([cutter.value for cutter in Cutter]),
            help="none (default): cut by hand; silhouette: registration marks and DXF/SVG cut files for print and cut.",
        ),
        "copies": click.option("--copies", type=click.IntRange(1, 10000), help="Copies of pads such as gamesheets."),
        "layouts": click.option(
            "--layouts",
            type=click.Path(file_okay=False),
            is_eager=True,
            help="Use this layout data folder instead of the project's or the shipped one.",
        ),
        "icons": click.option("--icons", "icons", type=click.Path(file_okay=False), help="Use this icon cache folder."),
        "printer": click.option(
            "--printer",
            help="A printer profile of pnp.toml, [printers.NAME]: its paper, duplex, back offset, margin and cutter.",
        ),
    }
)


def options(*names: str, extra: Sequence[Decorator] | None = None) -> Decorator:
    """Decorate a command with the named build options (in this order) and any `extra` ones."""

    def decorate(func: Command) -> Command:
        chosen: list[Decorator] = [OPTIONS[name] for name in names]
        for option in reversed([*chosen, *(extra or ())]):
            func = option(func)
        return func

    return decorate


QUIET, VERBOSE = "pnp.quiet", "pnp.verbose"  # where the context keeps how much to say


def _remember(key: str) -> Callable[[click.Context, click.Parameter, bool], None]:
    def callback(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        if value:
            ctx.meta[key] = True
        if ctx.meta.get(QUIET) and ctx.meta.get(VERBOSE):
            raise click.UsageError("--quiet and --verbose: give one of them", ctx)

    return callback


TALK: tuple[Decorator, ...] = (
    click.option(
        "-q",
        "--quiet",
        is_flag=True,
        expose_value=False,
        callback=_remember(QUIET),
        help="Say only problems and errors: no header, progress or verdicts.",
    ),
    click.option(
        "-v",
        "--verbose",
        is_flag=True,
        expose_value=False,
        callback=_remember(VERBOSE),
        help="Say also the options in use.",
    ),
)


shared_options = options(*OPTIONS, extra=TALK)


def quiet() -> bool:
    ctx = click.get_current_context(silent=True)  # None in a watch's rebuild thread
    return ctx is not None and bool(ctx.meta.get(QUIET))


def load_settings(writes: bool = False, problems: list[Finding] | None = None, **flags: Any) -> Settings:
    """Options read and checked once; the first line says which layouts and icons are in use. A
    command that `writes` has its output folder checked before anything is written; one that
    gives `problems` gets pnp.toml's problems there instead of a refusal."""
    from pnp.source.settings import Settings

    settings = Settings.load(problems=problems, **flags)
    warnings = settings.check()
    if writes:
        from pnp.commands.places import checked_output

        checked_output(settings)
    meta = click.get_current_context().meta
    if not quiet():
        click.echo(settings.sources(), err=True)  # which data: said where it stays out of pipes
    if meta.get(VERBOSE):
        click.echo(settings.in_use(), err=True)
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)
    return settings


def project_games(settings: Settings) -> list[str]:
    """The games whose layouts the project holds (a project made for one game builds that one)."""
    from pnp.errors import UsageProblem

    if settings.layouts is None:  # no project: every registered game, from the data it ships
        return known_games(None)
    found = [slug for slug in known_games(settings.layouts) if (settings.layouts_dir() / slug).is_dir()]
    if not found:
        raise UsageProblem(
            f"{settings.layouts_dir()}: holds no game's layouts (expected folders such as "
            f"{', '.join(sorted(GAMES)[:2])}); `pnp new DIR` makes a project"
        )
    return found


def icon_store(settings: Settings) -> IconStore:
    from pnp.commands.places import icon_store as store

    return store(settings)


def say(line: str, err: bool = False) -> None:
    if not quiet() or err or line.startswith(("Error:", "warning:")) or PLACED.match(line):
        click.echo(line, err=err)


PLACED = re.compile(r"^\S+:\d+:\d+: ")  # a problem's line: said however quiet


def progress_bar(label: str, total: int) -> AbstractContextManager[Any]:
    """A progress bar on a terminal, silence elsewhere."""
    if sys.stderr.isatty() and not quiet():
        return click.progressbar(length=total, label=label, file=sys.stderr)

    class Quiet:
        def update(self, _n: int) -> None:
            pass

    return contextlib.nullcontext(Quiet())


def show_gallery(
    settings: Settings, built: Mapping[str, dict[str, Any]] | None = None, verified: Set[str] = frozenset()
) -> None:
    """Refresh output/index.html after anything was written (see `refresh_gallery`)."""
    from pnp.commands.refresh import refresh_gallery

    try:
        path = refresh_gallery(settings, built, verified)
    except OSError as exc:
        click.echo(f"warning: gallery not written: {exc.strerror or exc}", err=True)
        return
    say(f"gallery: {path}")
