"""The `pnp` command group, which every command module of pnp.cli joins."""

from __future__ import annotations

import click

from pnp import __version__


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
