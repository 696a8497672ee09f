"""The report command: each game's balance report written, its figures that moved said."""

from __future__ import annotations

from pnp.commands import Say
from pnp.errors import MissingExtra
from pnp.files.atomic import check_writable
from pnp.games import read_source
from pnp.source.icons import IconStore
from pnp.source.settings import Settings


def check_report() -> None:
    """Refuse, before any work, a report without the libraries it draws and counts with."""
    MissingExtra.check("pnp report", "report", ("numpy", "matplotlib"))


def report(settings: Settings, store: IconStore, slugs: list[str], *, say: Say) -> None:
    """Every folder the reports go to is checked before any simulation runs."""
    from pnp.analysis.publish import PLOTS, publish

    for slug in slugs:
        check_writable(settings.output_dir() / slug / PLOTS, root=settings.output_dir())
    for slug in slugs:
        published = publish(read_source(slug, settings.layouts), store, settings.output_dir())
        for line in published.lines:
            say(line)
        say(f"{slug}: report -> {published.page}")
