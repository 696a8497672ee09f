"""Where a command reads and writes: the icon cache the settings name, and the output folder,
checked before anything is written to it."""

from __future__ import annotations

from pnp.pipeline.outputdir import check_output
from pnp.source.icons import IconStore
from pnp.source.settings import Settings

__all__ = ["IconStore", "checked_output", "icon_store"]  # the store's type, for the command line's signatures


def icon_store(settings: Settings) -> IconStore:
    """The icon cache the settings name, fetching from their base address."""
    return IconStore(settings.icons_dir(), settings.icons_base_url)


def checked_output(settings: Settings) -> None:
    """Refuse an output folder a build must not write into (the layouts, a file, a link elsewhere)."""
    check_output(settings.output_dir(), settings.layouts_dir())
