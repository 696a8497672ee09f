"""`pnp validate`: every game built in memory and checked, every problem said, nothing written."""

from __future__ import annotations

import sys
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import click

from pnp.cli.group import cli
from pnp.cli.options import GAME, OPTIONS, TALK, Choice, icon_store, load_settings, options, project_games, refused, say
from pnp.commands import BuildMemory

if TYPE_CHECKING:
    from pnp.findings import Finding


class _SaysJsonWhenRefused(click.Command):
    """A command with `--format json` that prints one JSON document on every exit: a refusal (a bad
    option, an unreadable pnp.toml) too, besides click's own message on stderr."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        wanted = _wants_json(args)  # before parsing, which takes the arguments from the list
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as exc:
            if wanted:
                _said_as_json(exc)
            raise

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:
            if ctx.params.get("form") == "json":
                _said_as_json(exc)
            raise


def _wants_json(args: list[str]) -> bool:
    return "--format=json" in args or ("--format", "json") in pairwise(args)


def _said_as_json(exc: click.ClickException) -> None:
    from pnp.commands.validating import refusal_document

    click.echo(refusal_document(exc.format_message(), exc.exit_code, getattr(exc, "findings", ())))


@cli.command(cls=_SaysJsonWhenRefused)
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
