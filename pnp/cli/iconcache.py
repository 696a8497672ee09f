"""`pnp icons`: fetch, import, verify and credit the game-icons.net artwork."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.group import cli
from pnp.cli.options import GAME, icon_store, load_settings, project_games
from pnp.games import data_folder, known_games

if TYPE_CHECKING:
    from pnp.source.icons import IconRef
    from pnp.source.settings import Settings


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

    names = {
        ref
        for slug in games
        if (folder := data_folder(slug, settings.layouts)).is_dir()
        for ref in read_game(slug, folder).icons()
    }
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
@click.option(
    "--timeout",
    type=click.FloatRange(0.1, 120),
    default=10.0,
    show_default=True,
    help="Seconds to wait on a connection or a read.",
)
@click.option(
    "--deadline",
    type=click.FloatRange(0.5, 600),
    default=30.0,
    show_default=True,
    help="Seconds one download may take in all (a server dripping bytes never hits --timeout).",
)
@click.option("--icons", "icons_dir", type=click.Path(file_okay=False), help="Icon cache folder.")
def fetch(
    refs: tuple[str, ...], refresh: bool, base_url: str | None, timeout: float, deadline: float, icons_dir: str | None
) -> None:
    """Download REFS (author/name; default: every icon the games use) into the cache.

    \b
    Example: pnp icons fetch lorc/shiny-apple lorc/lift
    """
    settings = load_settings(icons=icons_dir)
    store = icon_store(settings)
    if base_url:
        store.base_url = base_url.rstrip("/")
    wanted = _refs(refs, settings)
    if sys.stderr.isatty():
        with click.progressbar(length=len(wanted), label="fetching icons", file=sys.stderr) as bar:
            done = store.fetch(
                wanted, refresh=refresh, timeout=timeout, deadline=deadline, progress=lambda ref: bar.update(1)
            )
    else:
        done = store.fetch(wanted, refresh=refresh, timeout=timeout, deadline=deadline)
    click.echo(f"fetched {len(done)} icon(s); {len(wanted) - len(done)} already cached")


@icons.command(name="import")
@click.argument("icons_json", type=click.Path(exists=True, dir_okay=False))
@click.argument("refs", nargs=-1)
@click.option(
    "--authors",
    type=click.Path(exists=True, dir_okay=False),
    help="JSON mapping icon name -> author folder, to attribute the set's icons.",
)
@click.option("--icons", "icons_dir", type=click.Path(file_okay=False), help="Icon cache folder.")
def import_(icons_json: str, refs: tuple[str, ...], authors: str | None, icons_dir: str | None) -> None:
    """Fill the cache from an Iconify JSON set (@iconify-json/game-icons' icons.json): the offline route.

    \b
    Example: pnp icons import package/icons.json lorc/lift --authors authors.json
    """
    from pnp.errors import IconError
    from pnp.files.safefiles import UnsafeFile, read_json
    from pnp.source.icons import MAX_ICON_SET

    settings = load_settings(icons=icons_dir)
    store = icon_store(settings)
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
    """Re-hash every cached icon against icons/manifest.json, and check the shapes the output
    folder keeps of them.

    \b
    Example: pnp icons verify
    """
    from pnp.pipeline.incremental import code_digest
    from pnp.source.icons import IconStore
    from pnp.source.shapecache import ShapeCache

    settings = load_settings(icons=icons_dir)
    shapes = ShapeCache(settings.output_dir(), tool=code_digest())
    problems = IconStore(settings.icons_dir(), settings.icons_base_url, shapes=shapes).verify()
    store = icon_store(settings)
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

    settings = load_settings()
    refs = _game_icons(settings, games or project_games(settings))
    click.echo("Icons from game-icons.net, licensed CC BY 3.0 (creativecommons.org/licenses/by/3.0/):")
    for line in credits_lines(refs):
        click.echo(f"  {line}")
    own = _own_art_lines(settings, games or project_games(settings))
    if own:
        click.echo("The designer's own art (each game's art/credits.toml):")
        for line in own:
            click.echo(f"  {line}")


def _own_art_lines(settings: Settings, games: Iterable[str]) -> list[str]:
    """Who made the own art the named games' data uses, game by game."""
    from pnp.source.gamesource import read_game
    from pnp.source.ownart import FOLDER, ArtShelf, art_credits_lines

    lines = []
    for slug in games:
        folder = data_folder(slug, settings.layouts)
        if folder.is_dir():
            refs = read_game(slug, folder).own_art()
            lines += [f"{slug}: {line}" for line in art_credits_lines(refs, ArtShelf(folder / FOLDER))]
    return lines
