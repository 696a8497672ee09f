"""`pnp icons`: fetch, import, verify and credit the game-icons.net artwork."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.cli.group import cli
from pnp.cli.options import GAME, load_settings, progress_bar, project_games


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
    from pnp.commands.artwork import fetch_icons

    settings = load_settings(icons=icons_dir)
    filled = fetch_icons(
        settings, refs, refresh=refresh, base_url=base_url, timeout=timeout, deadline=deadline, progress=progress_bar
    )
    click.echo(f"fetched {filled.done} icon(s); {filled.wanted - filled.done} already cached")


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
    from pnp.commands.artwork import import_icons

    settings = load_settings(icons=icons_dir)
    filled = import_icons(settings, Path(icons_json), refs, Path(authors) if authors else None)
    click.echo(f"imported {filled.done} icon(s) into {filled.root}")


@icons.command()
@click.option("--icons", "icons_dir", type=click.Path(file_okay=False), help="Icon cache folder.")
def verify(icons_dir: str | None) -> None:
    """Re-hash every cached icon against icons/manifest.json, and check the shapes the output
    folder keeps of them.

    \b
    Example: pnp icons verify
    """
    from pnp.commands.artwork import verify_icons

    verified = verify_icons(load_settings(icons=icons_dir))
    for line in verified.problems:
        click.echo(line)
    if verified.problems:
        click.echo(f"{len(verified.problems)} problem(s) in {verified.icons} icons")
        sys.exit(1)
    click.echo(f"{verified.icons} icons match the manifest")


@icons.command()
@click.argument("games", nargs=-1, type=GAME)
def credits(games: tuple[str, ...]) -> None:
    """Print the attribution for the icons GAMES use (default: all games).

    \b
    Example: pnp icons credits seven-steps
    """
    from pnp.commands.artwork import icon_credits

    settings = load_settings()
    credited = icon_credits(settings, games or project_games(settings))
    click.echo("Icons from game-icons.net, licensed CC BY 3.0 (creativecommons.org/licenses/by/3.0/):")
    for line in credited.icons:
        click.echo(f"  {line}")
    if credited.own_art:
        click.echo("The designer's own art (each game's art/credits.toml):")
        for line in credited.own_art:
            click.echo(f"  {line}")
