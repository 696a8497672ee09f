"""The validate command: every game built in memory and checked against its rules model, every
problem said before the verdict; nothing is written."""

from __future__ import annotations

from pnp.commands import Say
from pnp.errors import PnpError
from pnp.pipeline.build import build_game
from pnp.source.icons import IconStore
from pnp.source.settings import Settings


def validate(settings: Settings, store: IconStore, slugs: list[str], *, say: Say, earlier: int = 0) -> int:
    """The number of problems found in `slugs`, with `earlier` ones (the settings'); a usage error
    stops everything."""
    total = earlier
    for slug in slugs:
        try:
            result = build_game(slug, settings, store)
        except PnpError as exc:
            if exc.exit_code == 2:  # a usage error stops everything
                raise
            say(exc.message)
            say(f"{slug}: cannot be built")
            total += len(getattr(exc, "findings", ())) or 1
            continue
        for problem in result.problems:
            say(str(problem))
        total += len(result.problems)
        verdict = "ok" if not result.problems else f"{len(result.problems)} problem(s)"
        say(f"{slug}: {result.players} player{'s' * (result.players != 1)}: {verdict}")
    say(f"{'all rules hold' if not total else f'{total} problem(s)'}")
    return total
