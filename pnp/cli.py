"""The `pnp` command: parses options and delegates; messages and exit codes live here."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Mapping, Set
from contextlib import AbstractContextManager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

import click

from pnp import __version__
from pnp.errors import Interrupted
from pnp.export.services import SERVICES
from pnp.games import GAMES, data_folder, known_games
from pnp.pipeline.workload import FORK_FROM
from pnp.source.printoptions import DuplexMode

if TYPE_CHECKING:                    # the commands import what they use when they run: a fast start
    from click.shell_completion import CompletionItem

    from pnp.commands.exports import Exported
    from pnp.source.icons import IconRef, IconStore
    from pnp.source.settings import Settings

Command = Callable[..., Any]
Decorator = Callable[[Command], Command]

if TYPE_CHECKING:                    # click's stubs make a parameter type generic; older clicks are not
    NameType = click.ParamType[str]
else:
    NameType = click.ParamType


class GameName(NameType):
    """A registered game's name, checked against the registry when it is given (so the search for
    published games waits until a command names a game)."""

    name = "game"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if value not in GAMES:
            known = known_games(_layouts_given(ctx))
            if value not in known:
                self.fail(f"{value!r} is not one of {', '.join(map(repr, known))}.{_did_you_mean(value, known)}",
                          param, ctx)
        return str(value)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(slug) for slug in sorted(GAMES) if slug.startswith(incomplete)]


GAME = GameName()


def _did_you_mean(value: str, known: list[str]) -> str:
    """A close known name, matched whatever the case and with _ or a space for -: "punishd",
    "Punished" and "seven_steps" each name one game."""
    import difflib

    wanted = str(value).strip().lower().replace("_", "-").replace(" ", "-")
    close = difflib.get_close_matches(wanted, known, n=1, cutoff=0.75)
    return f" Did you mean {close[0]!r}?" if close else ""


def _layouts_given(ctx: click.Context | None) -> str | None:
    """The layouts folder a command will read (its --layouts, else the project's), where
    data-only games are found: --layouts is read before the games it names."""
    from pnp.errors import PnpError
    from pnp.source.settings import Settings

    given = ctx.params.get("layouts") if ctx is not None else None
    given = given if isinstance(given, str) else None      # an option click has not read yet
    try:
        return Settings.load(layouts=given).layouts
    except PnpError:
        return given


SHORT = {"output": "-o"}     # the build options' short forms, refused with their long ones


def refused(names: tuple[str, ...], where: str, why: str) -> list[Decorator]:
    """Hidden options that answer their use with why they mean nothing here, rather than being
    taken and ignored (nor offered by --help)."""
    def refuse(ctx: click.Context, param: click.Parameter, value: object) -> None:
        if value is not None:
            raise click.UsageError(f"--{(param.name or '').replace('_', '-')} does not apply to {where}: {why}", ctx)

    return [click.option(f"--{name}", *([SHORT[name]] if name in SHORT else []), name.replace("-", "_"), hidden=True,
                         expose_value=False, callback=refuse)
            for name in names]


OPTIONS = {      # every build option, defined once; each can also come from pnp.toml (a flag beats it)
    "paper": click.option("--paper", help="a4 (default), letter, a3, tabloid, or WxH in mm; a3 and tabloid print page "
                          "components two to a sheet."),
    "card": click.option("--card", help="poker (default), bridge, tarot, mini, or WxH in mm."),
    "players": click.option("--players", type=click.IntRange(1, 99), help="Player count (default: the game's)."),
    "output": click.option("--output", "-o", help="Output folder (default: output)."),
    "ink_saver": click.option("--ink-saver/--colour", "ink_saver", default=None,
                              help="Light pages, icons light inside a dark outline, colour only as thin accents."),
    "bleed": click.option("--bleed", help="Bleed beyond the trim, e.g. 3mm or 0.125in (default 0)."),
    "margin": click.option("--margin", help="Printer margin kept clear (default 5mm)."),
    "duplex": click.option("--duplex", type=click.Choice([mode.value for mode in DuplexMode]),
                           help=DuplexMode.help()),
    "back_offset": click.option("--back-offset", help="Shift backs by X,Y mm to calibrate a printer, e.g. 0.5,-1."),
    "copies": click.option("--copies", type=click.IntRange(1, 10000), help="Copies of pads such as gamesheets."),
    "layouts": click.option("--layouts", type=click.Path(file_okay=False), is_eager=True,
                            help="Use this layout data folder instead of the project's or the shipped one."),
    "icons": click.option("--icons", "icons", type=click.Path(file_okay=False), help="Use this icon cache folder."),
}


def options(*names: str, extra: list[Decorator] | None = None) -> Decorator:
    """Decorate a command with the named build options (in this order) and any `extra` ones."""
    def decorate(func: Command) -> Command:
        for option in reversed([OPTIONS[name] for name in names] + (extra or [])):
            func = option(func)
        return func
    return decorate


shared_options = options(*OPTIONS)


def _settings(writes: bool = False, **flags: Any) -> Settings:
    """Options read and checked once; the first line says which layouts and icons are in use. A
    command that `writes` has its output folder checked before anything is written."""
    from pnp.source.settings import Settings

    settings = Settings.load(**flags)
    warnings = settings.check()
    if writes:
        from pnp.pipeline.outputdir import check_output

        check_output(settings.output_dir())
    click.echo(settings.sources())
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)
    return settings


def _project_games(settings: Settings) -> list[str]:
    """The games whose layouts the project holds (a project made for one game builds that one)."""
    from pnp.errors import UsageProblem

    if settings.layouts is None:            # no project: every registered game, from the data it ships
        return known_games(None)
    found = [slug for slug in known_games(settings.layouts) if (settings.layouts_dir() / slug).is_dir()]
    if not found:
        raise UsageProblem(f"{settings.layouts_dir()}: holds no game's layouts (expected folders such as "
                           f"{', '.join(sorted(GAMES)[:2])}); `pnp new DIR` makes a project")
    return found


def _store(settings: Settings) -> IconStore:
    from pnp.source.icons import IconStore

    return IconStore(settings.icons_dir(), settings.icons_base_url)


def _say(line: str, err: bool = False) -> None:
    click.echo(line, err=err)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli() -> None:
    """Print-and-play PDFs for five afterlife-themed games.

    Run inside a project folder (one with a layouts/ folder, made by `pnp new`) to work on
    its data; elsewhere the games shipped with pnp are used. Exit status: 0 all good, 1 data
    or rules problems, 2 usage errors (bad options).

    \b
    Examples:
      pnp build                          every game into output/
      pnp build exit-from-purgatory --players 5 --paper letter
      pnp validate                       check every game against its rules model
      pnp new my-games && cd my-games    a project folder with layouts to edit
      pnp watch punished                 rebuild on save, gallery with live reload
      pnp list                           games and their components
      pnp icons credits                  artwork attribution
    """


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@shared_options
@click.option("--no-validate", is_flag=True, help="Write the files even if the build breaks its rules model.")
@click.option("--force", is_flag=True, help="Rebuild even when nothing changed since the last build.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64),
              help=f"Games built at once (default: one per core; one at a time when they took under {FORK_FROM:g} s "
                   "of CPU last time or other work fills every core).")
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
    settings = _settings(writes=True, **flags)
    worst = _build(settings, list(games) or _project_games(settings), force, no_validate, jobs)
    if worst:
        sys.exit(worst)


def _build(settings: Settings, slugs: list[str], force: bool, no_validate: bool, jobs: int | None) -> int:
    """`builds.build`, saying what it does on the terminal; the worst exit code."""
    from pnp.commands.builds import build

    def refresh(built: Mapping[str, dict[str, Any]] | None, verified: Set[str]) -> None:
        _gallery(settings, built, verified)

    return build(settings, slugs, force=force, no_validate=no_validate, jobs=jobs, say=_say, progress=_progress,
                 refresh=refresh)


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@shared_options
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port for the gallery on 127.0.0.1 (0: any free port).")
def watch(games: tuple[str, ...], port: int, **flags: Any) -> None:
    """Rebuild GAMES (default: all the project's) whenever a layout file is saved, and serve the
    gallery on localhost; the page reloads itself after each rebuild.

    \b
    Example: pnp watch punished      then open http://127.0.0.1:8765/
    """
    import signal
    import threading
    import time

    from pnp.site.watch import Reloads, games_touched, serve, watch_and_rebuild

    settings = _settings(writes=True, **flags)
    slugs = list(games) or _project_games(settings)
    _build(settings, slugs, False, False, 1)
    output = settings.output_dir()
    output.mkdir(parents=True, exist_ok=True)
    reloads = Reloads()
    try:
        server = serve(output, port, reloads)
    except OSError as exc:
        raise click.BadParameter(f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}",
                                 param_hint="--port") from None
    def ready() -> None:
        """The watcher listens: catch up on any save made since the first build, then say so."""
        _build(settings, slugs, False, False, 1)
        click.echo(f"serving http://127.0.0.1:{server.server_port}/ ; watching {settings.layouts_dir()} "
                   "(Ctrl-C stops)")

    def rebuild(changed: set[str]) -> None:
        touched = games_touched(changed, settings.layouts_dir(), settings.icons_dir(), slugs)
        if not touched:
            return
        started = time.perf_counter()
        _build(settings, touched, True, False, 1)
        reloads.bump()
        click.echo(f"rebuilt {', '.join(touched)} in {time.perf_counter() - started:.2f} s")

    stop = threading.Event()
    try:
        watch_and_rebuild([settings.layouts_dir(), settings.icons_dir()], rebuild, stop, ready)
    except KeyboardInterrupt:           # the file watcher's word for the signal it caught
        raise Interrupted(RECEIVED[-1] if RECEIVED else signal.SIGINT) from None
    finally:
        stop.set()
        server.shutdown()


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@options(*(name for name in OPTIONS if name != "output"),
         extra=refused(("output",), "validate", "it builds in memory and writes nothing"))
def validate(games: tuple[str, ...], **flags: Any) -> None:
    """Build GAMES in memory and check them against their rules models.

    Every game is checked and every problem reported (file, key and line) before it exits:
    0 when every rule holds, 1 for data or rules problems, 2 for usage errors (bad options).

    \b
    Example: pnp validate straight-to --players 7
    """
    from pnp.commands.validating import validate as validated

    settings = _settings(**flags)
    if validated(settings, _store(settings), list(games) or _project_games(settings), say=_say):
        sys.exit(1)


@cli.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "games", multiple=True, type=GAME, help="Copy only this game (repeat for more; default: all).")
def new(folder: Path, games: tuple[str, ...]) -> None:
    """Make FOLDER a pnp project: pnp.toml, a copy of the layouts to edit, and the icon cache.

    Inside it, `pnp validate`, `pnp build` and `pnp watch` read the project's layouts, not the
    copy shipped with pnp.

    \b
    Example: pnp new my-punished --game punished && cd my-punished && pnp build
    """
    from pnp.pipeline.editorschemas import write_schemas
    from pnp.source.project import new_project

    chosen = new_project(folder, {slug: data_folder(slug, None) for slug in games or GAMES})
    write_schemas(folder, folder / "layouts", chosen)
    click.echo(f"project {folder}: layouts of {', '.join(chosen)}, the icon cache, pnp.toml and the data "
               f"files' schemas for your editor; edit {folder / 'layouts'} and run `pnp build` there")


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@options("layouts")
def schema(games: tuple[str, ...], **flags: Any) -> None:
    """Write a JSON Schema for each data file of GAMES (default: all the project's) into schemas/,
    and .taplo.toml tying each file to its schema, in the current folder: an editor that reads
    them (Even Better TOML, taplo) completes keys and flags mistakes as you type.

    \b
    Example: cd my-project && pnp schema
    """
    from pnp.pipeline.editorschemas import write_schemas

    settings = _settings(**flags)
    slugs = list(games) or _project_games(settings)
    written = write_schemas(Path.cwd(), settings.layouts_dir(), slugs)
    click.echo(f"{len(written) - 1} schemas in schemas/ and {written[-1].name} for {', '.join(slugs)}")


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
    settings = _settings(writes=True, **flags)
    reported(settings, _store(settings), list(games) or _project_games(settings), say=_say)
    _gallery(settings)


@cli.command()
@options("paper", "back_offset", "margin", "output",
         extra=[click.option("--duplex", type=click.Choice([mode.value for mode in DuplexMode if mode.flips]),
                             help="The edge your printer flips on (default long).")])
def calibrate(**flags: Any) -> None:
    """Write OUTPUT/calibrate.pdf: one sheet to print double-sided and read your printer's back offset.

    Hold the printed sheet to the light: each red crosshair from the back falls on the blue rulers
    of the front at the X,Y to give to --back-offset. Print it again with that offset to check.

    \b
    Example: pnp calibrate --paper letter --duplex short
    """
    from pnp.commands.printer import calibrate as calibrated

    settings = _settings(writes=True, **flags)
    path = calibrated(settings, _store(settings))
    click.echo(f"calibration sheet -> {path} (print both sides, flip on the {settings.duplex} edge)")


@cli.command(name="list")
@options("layouts")
def list_games(layouts: str | None) -> None:
    """List the games and their components with counts.

    \b
    Example: pnp list
    """
    from pnp.commands.listing import listing

    settings = _settings(layouts=layouts)
    for line in listing(settings, _project_games(settings)):
        click.echo(line)
    for clash in GAMES.clashes:
        click.echo(f"warning: {clash}", err=True)


@cli.group()
def export() -> None:
    """Card images, print-shop PDFs and Tabletop Simulator saved objects.

    \b
    Examples:
      pnp export images straight-to --dpi 300 --bleed 0.125in
      pnp export printshop punished
      pnp export tts straight-to --base-url https://example.org/pnp
    """


export_options = options(
    "card", "players", "output", "ink_saver", "layouts", "icons",
    extra=refused(("paper", "duplex", "back-offset", "margin", "copies"), "exports",
                  "an export is sized by the piece (--card) and its resolution, not by paper or duplex printing"))


def _progress(label: str, total: int) -> AbstractContextManager[Any]:
    """A progress bar on a terminal, silence elsewhere."""
    if sys.stderr.isatty():
        return click.progressbar(length=total, label=label, file=sys.stderr)

    class Quiet:
        def update(self, _n: int) -> None:
            pass

    return contextlib.nullcontext(Quiet())


@export.command()
@click.argument("game", type=GAME)
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="Image resolution.")
@click.option("--bleed", default="0.125in", show_default=True, help="Bleed beyond the trim, e.g. 3mm or 0.125in.")
@export_options
def images(game: str, dpi: int, **flags: Any) -> None:
    """One PNG per card face and per back of GAME, with quantities.csv, into OUTPUT/GAME/exports/images.

    Each PNG records its dpi; with the default 1/8 in of bleed a poker card at 300 dpi is
    825 x 1125 px.

    \b
    Example: pnp export images straight-to --dpi 300 --bleed 0.125in
    """
    from pnp.commands import exports

    settings = _settings(writes=True, **flags)
    _exported(settings, exports.images(settings, _store(settings), game, dpi=dpi, progress=_progress))


@export.command()
@click.argument("game", type=GAME)
@click.option("--service", type=click.Choice(sorted(SERVICES)), default="drivethrucards", show_default=True,
              help="The card-printing service whose file rules to follow.")
@click.option("--output-profile", type=click.Path(path_type=Path, dir_okay=False),
              help="The press's CMYK ICC profile for a PDF service (default: ghostscript's SWOP profile, "
                   "from Debian's libgs-common).")
@click.option("--max-ink", type=click.FloatRange(100, 400),
              help="The most ink (C+M+Y+K, percent) the press takes on a point, for a PDF service "
                   "(default: the service's own limit; DriveThruCards 240).")
@click.option("--proof", is_flag=True,
              help="Also write a soft proof of a PDF service's cards: each side as designed beside how "
                   "the press prints it through the profile, as PNG, shown in the gallery.")
@export_options
def printshop(game: str, service: str, output_profile: Path | None, max_ink: float | None, proof: bool,
              **flags: Any) -> None:
    """The files a card-printing service takes for GAME's decks, into OUTPUT/GAME/exports/SERVICE.

    DriveThruCards: one PDF/X-1a:2003 file per deck in CMYK within its ink limit, each card's back
    then its front, every copy. MakePlayingCards, PrinterStudio, The Game Crafter: an RGB PNG per
    front and per back at their pixel size. Each card's design keeps inside the service's safe
    margin; cards.csv pairs every front with its back and says how many to order. --card picks the
    service's card size.

    \b
    Example: pnp export printshop punished --service thegamecrafter
    """
    from pnp.commands import exports

    exports.check_printshop(service, output_profile=output_profile, max_ink=max_ink, proof=proof)
    settings = _settings(writes=True, **flags)
    _exported(settings, exports.printshop(settings, _store(settings), game, service=service,
                                          output_profile=output_profile, max_ink=max_ink, proof=proof,
                                          progress=_progress))


@export.command()
@click.argument("game", type=GAME)
@click.option("--base-url", help="Where you host the images (default: file:/// paths to the exported files).")
@export_options
def tts(game: str, base_url: str | None, **flags: Any) -> None:
    """A Tabletop Simulator saved object of GAME: decks, tokens, pawns, boards and sheets.

    Copy OUTPUT/GAME/exports/tts/GAME.json and GAME.png into Tabletop Simulator's Saved Objects
    folder (the images stay where they are, or upload them and pass --base-url).

    \b
    Example: pnp export tts straight-to
    """
    from pnp.commands import exports

    if base_url is not None and not base_url.startswith(("https://", "http://", "file:///")):
        raise click.BadParameter("give an http(s):// or file:/// address", param_hint="--base-url")
    settings = _settings(writes=True, **flags)
    _exported(settings, exports.tts(settings, _store(settings), game, base_url=base_url, progress=_progress))


def _exported(settings: Settings, done: Exported) -> None:
    click.echo(done.summary)
    _gallery(settings)


def _gallery(settings: Settings, built: Mapping[str, dict[str, Any]] | None = None,
             verified: Set[str] = frozenset()) -> None:
    """Refresh output/index.html after anything was written (see `refresh_gallery`)."""
    from pnp.commands.refresh import refresh_gallery

    try:
        path = refresh_gallery(settings, built, verified)
    except OSError as exc:
        click.echo(f"warning: gallery not written: {exc.strerror or exc}", err=True)
        return
    click.echo(f"gallery: {path}")


@cli.group()
def icons() -> None:
    """Fetch, import, verify and credit the game-icons.net artwork.

    \b
    Examples:
      pnp icons fetch                    fetch every icon the games use that is not cached
      pnp icons fetch lorc/lift --refresh
      pnp icons import icons.json --authors authors.json
      pnp icons verify
      pnp icons credits
    """


def _game_icons(settings: Settings, games: Iterable[str]) -> list[IconRef]:
    """The icons the named games' layout data uses."""
    from pnp.source.gamesource import read_game
    from pnp.source.icons import IconRef

    names = {ref for slug in games if (folder := data_folder(slug, settings.layouts)).is_dir()
             for ref in read_game(slug, folder).icons()}
    return [IconRef.parse(ref) for ref in sorted(names)]


def _refs(refs: tuple[str, ...], settings: Settings) -> list[IconRef]:
    from pnp.source.icons import IconRef

    if refs:
        return [IconRef.parse(ref) for ref in refs]
    return _game_icons(settings, known_games(settings.layouts))


@icons.command()
@click.argument("refs", nargs=-1)
@click.option("--refresh", is_flag=True, help="Download again even when cached.")
@click.option("--base-url", help="Where to fetch from (default https://game-icons.net).")
@click.option("--timeout", type=click.FloatRange(0.1, 120), default=10.0, show_default=True,
              help="Seconds to wait on a connection or a read.")
@click.option("--deadline", type=click.FloatRange(0.5, 600), default=30.0, show_default=True,
              help="Seconds one download may take in all (a server dripping bytes never hits --timeout).")
@click.option("--icons", "icons_dir", type=click.Path(file_okay=False), help="Icon cache folder.")
def fetch(refs: tuple[str, ...], refresh: bool, base_url: str | None, timeout: float, deadline: float,
          icons_dir: str | None) -> None:
    """Download REFS (author/name; default: every icon the games use) into the cache.

    \b
    Example: pnp icons fetch lorc/shiny-apple lorc/lift
    """
    settings = _settings(icons=icons_dir)
    store = _store(settings)
    if base_url:
        store.base_url = base_url.rstrip("/")
    wanted = _refs(refs, settings)
    if sys.stderr.isatty():
        with click.progressbar(length=len(wanted), label="fetching icons", file=sys.stderr) as bar:
            done = store.fetch(wanted, refresh=refresh, timeout=timeout, deadline=deadline,
                               progress=lambda ref: bar.update(1))
    else:
        done = store.fetch(wanted, refresh=refresh, timeout=timeout, deadline=deadline)
    click.echo(f"fetched {len(done)} icon(s); {len(wanted) - len(done)} already cached")


@icons.command(name="import")
@click.argument("icons_json", type=click.Path(exists=True, dir_okay=False))
@click.argument("refs", nargs=-1)
@click.option("--authors", type=click.Path(exists=True, dir_okay=False),
              help="JSON mapping icon name -> author folder, to attribute the set's icons.")
@click.option("--icons", "icons_dir", type=click.Path(file_okay=False), help="Icon cache folder.")
def import_(icons_json: str, refs: tuple[str, ...], authors: str | None, icons_dir: str | None) -> None:
    """Fill the cache from an Iconify JSON set (@iconify-json/game-icons' icons.json): the offline route.

    \b
    Example: pnp icons import package/icons.json lorc/lift --authors authors.json
    """
    from pnp.errors import IconError
    from pnp.files.safefiles import UnsafeFile, read_json
    from pnp.source.icons import MAX_ICON_SET

    settings = _settings(icons=icons_dir)
    store = _store(settings)
    attribution = {}
    if authors:
        try:
            attribution = read_json(Path(authors), MAX_ICON_SET)
        except UnsafeFile as exc:
            raise IconError(f"{authors}: refused: {exc}") from None
        if not isinstance(attribution, dict):
            raise IconError(f"{authors}: expected an object of icon name -> author")
    done = store.import_iconify(Path(icons_json), _refs(refs, settings), attribution)
    click.echo(f"imported {len(done)} icon(s) into {store.root}")


@icons.command()
@click.option("--icons", "icons_dir", type=click.Path(file_okay=False), help="Icon cache folder.")
def verify(icons_dir: str | None) -> None:
    """Re-hash every cached icon against icons/manifest.json.

    \b
    Example: pnp icons verify
    """
    settings = _settings(icons=icons_dir)
    store = _store(settings)
    problems = store.verify()
    for line in problems:
        click.echo(line)
    count = len(store.manifest())
    if problems:
        click.echo(f"{len(problems)} problem(s) in {count} icons")
        sys.exit(1)
    click.echo(f"{count} icons match the manifest")


@icons.command()
@click.argument("games", nargs=-1, type=GAME)
def credits(games: tuple[str, ...]) -> None:
    """Print the attribution for the icons GAMES use (default: all games).

    \b
    Example: pnp icons credits seven-steps
    """
    from pnp.source.icons import credits_lines

    settings = _settings()
    refs = _game_icons(settings, games or _project_games(settings))
    click.echo("Icons from game-icons.net, licensed CC BY 3.0 (creativecommons.org/licenses/by/3.0/):")
    for line in credits_lines(refs):
        click.echo(f"  {line}")


RECEIVED: list[int] = []          # the signals taken, for code that sees only their KeyboardInterrupt


def _interrupt(signum: int, frame: FrameType | None) -> None:
    RECEIVED.append(signum)
    raise Interrupted(signum)


def main() -> None:
    """Run the CLI at pnp's collector pace (`pnp.collector`); an interruption discards the files
    being written, and an error we did not foresee still ends as one line, not a traceback."""
    import signal

    from pnp.collector import fewer_collections, freeze_at_exit

    freeze_at_exit()
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    try:
        with fewer_collections():
            cli(prog_name="pnp", standalone_mode=True)
    except Interrupted as stop:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)       # one message, however many signals follow
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        click.echo("interrupted: files being written were discarded; earlier files are intact", err=True)
        sys.exit(stop.code)
    except ModuleNotFoundError as exc:
        click.echo(f"Error: the library {exc.name!r} that pnp needs is not installed in this Python "
                   f"({sys.executable}); install pnp with its dependencies: pip install .", err=True)
        sys.exit(1)
    except Exception as exc:
        click.echo(f"Error: unexpected {type(exc).__name__}: {exc} (please report this)", err=True)
        sys.exit(1)
