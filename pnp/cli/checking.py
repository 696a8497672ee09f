"""`pnp validate`: every game built in memory and checked, every problem said, nothing written."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from pnp.cli.group import cli
from pnp.cli.options import GAME, OPTIONS, TALK, Choice, icon_store, load_settings, options, project_games, refused, say
from pnp.commands import BuildMemory

if TYPE_CHECKING:
    from pnp.findings import Finding


@cli.command()
@click.argument("games", nargs=-1, type=GAME)
@options(
    *(name for name in OPTIONS if name != "output"),
    extra=[
        *refused(("output",), "validate", "it builds in memory and writes nothing"),
        click.option(
            "--format", "form", type=Choice(["text", "json"]), default="text", help="json: for editors and CI."
        ),
        *TALK,
    ],
)
def validate(games: tuple[str, ...], form: str, **flags: Any) -> None:
    """Build GAMES in memory and check them against their rules models.

    Every game is checked and every problem reported, one line each as path:line:col: key:
    message, before it exits: 0 when every rule holds, 1 for data or rules problems, 2 for
    usage errors (bad options). --format json says the same as one JSON document.

    \b
    Example: pnp validate straight-to --players 7
    """
    from pnp.commands.validating import validate as validated

    found: list[Finding] = []  # pnp.toml's problems, said with the data's: the rest is checked anyway
    settings = load_settings(problems=found, **flags)
    slugs = list(games) or project_games(settings)
    memory = click.get_current_context().find_object(BuildMemory)  # one a caller keeps across commands
    if validated(
        settings, icon_store(settings), slugs, say=say, earlier=found, form=form, memory=memory
    ):  # --quiet: `say` keeps problems
        sys.exit(1)
