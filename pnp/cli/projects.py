"""`pnp new` and `pnp schema`: a designer's project folder, and the schemas an editor reads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from pnp.cli.group import cli
from pnp.cli.options import GAME, load_settings, options, project_games


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
    from pnp.commands.projectfolders import new as made

    chosen = made(folder, games)
    click.echo(
        f"project {folder}: layouts of {', '.join(chosen)}, the icon cache, pnp.toml and the data "
        f"files' schemas for your editor; edit {folder / 'layouts'} and run `pnp build` there"
    )


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@options("layouts")
def schema(games: tuple[str, ...], **flags: Any) -> None:
    """Write a JSON Schema for each data file of GAMES (default: all the project's) into schemas/,
    and .taplo.toml tying each file (pnp.toml too) to its schema, in the project (the current
    folder, or the one above it with pnp.toml): an editor that reads them (Even Better TOML,
    taplo) completes keys and flags mistakes as you type.

    \b
    Example: cd my-project && pnp schema
    """
    from pnp.commands.projectfolders import schemas

    settings = load_settings(**flags)
    done = schemas(settings, list(games) or project_games(settings), Path.cwd())
    click.echo(f"{len(done.written) - 1} schemas in schemas/ and {done.written[-1].name} for {', '.join(done.games)}")
