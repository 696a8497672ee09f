"""The icons commands: fill the icon cache (fetched, or imported from an Iconify set), check it, and
credit what the games use."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pnp.commands import Progress
from pnp.commands.places import icon_store
from pnp.errors import IconError
from pnp.files.safefiles import UnsafeFile, read_json
from pnp.games import data_folder, known_games
from pnp.pipeline.incremental import code_digest
from pnp.source.gamesource import read_game
from pnp.source.icons import MAX_ICON_SET, IconRef, IconStore, credits_lines
from pnp.source.ownart import FOLDER, ArtShelf, art_credits_lines
from pnp.source.settings import Settings
from pnp.source.shapecache import ShapeCache


@dataclass(frozen=True, kw_only=True)
class Filled:
    """What a fetch or an import did: the icons it wrote, of those wanted, and where."""

    done: int
    wanted: int
    root: Path


def wanted_icons(settings: Settings, refs: Iterable[str]) -> list[IconRef]:
    """The icons named (author/name), or every icon the games use when none is."""
    named = [IconRef.parse(ref) for ref in refs]
    return named or used_icons(settings, known_games(settings.layouts))


def fetch_icons(
    settings: Settings,
    refs: Iterable[str],
    *,
    refresh: bool,
    base_url: str | None,
    timeout: float,
    deadline: float,
    progress: Progress,
) -> Filled:
    """Download the wanted icons into the cache, a step of `progress` an icon."""
    store = icon_store(settings)
    if base_url:
        store.base_url = base_url.rstrip("/")
    wanted = wanted_icons(settings, refs)
    with progress("fetching icons", len(wanted)) as bar:
        done = store.fetch(
            wanted, refresh=refresh, timeout=timeout, deadline=deadline, progress=lambda _ref: bar.update(1)
        )
    return Filled(done=len(done), wanted=len(wanted), root=store.root)


def import_icons(settings: Settings, icons_json: Path, refs: Iterable[str], authors: Path | None) -> Filled:
    """Fill the cache from an Iconify JSON set, attributed by `authors` (icon name -> author folder)."""
    store = icon_store(settings)
    attribution = {}
    if authors:
        try:
            attribution = read_json(authors, MAX_ICON_SET)
        except UnsafeFile as exc:
            raise IconError(f"{authors}: refused: {exc}") from None
        if not isinstance(attribution, dict):
            raise IconError(f"{authors}: expected an object of icon name -> author")
    wanted = wanted_icons(settings, refs)
    done = store.import_iconify(icons_json, wanted, attribution)
    return Filled(done=len(done), wanted=len(wanted), root=store.root)


@dataclass(frozen=True, kw_only=True)
class Verified:
    problems: list[str]
    icons: int


def verify_icons(settings: Settings) -> Verified:
    """Every cached icon against the cache's manifest, and the shapes the output folder keeps of them."""
    shapes = ShapeCache(settings.output_dir(), tool=code_digest())
    store = IconStore(settings.icons_dir(), settings.icons_base_url, shapes=shapes)
    return Verified(problems=store.verify(), icons=len(store.manifest()))


@dataclass(frozen=True, kw_only=True)
class Credits:
    """Who made the art: game-icons.net's icons, and each game's own art."""

    icons: list[str]
    own_art: list[str]


def icon_credits(settings: Settings, games: Iterable[str]) -> Credits:
    """Each game's data read once: the icons it uses, and who made its own art."""
    sources = {slug: read_game(slug, folder) for slug, folder in _folders(settings, games)}
    icons = sorted({ref for source in sources.values() for ref in source.icons()})
    own_art = [
        f"{slug}: {line}"
        for slug, source in sources.items()
        for line in art_credits_lines(source.own_art(), ArtShelf(source.folder / FOLDER))
    ]
    return Credits(icons=credits_lines([IconRef.parse(ref) for ref in icons]), own_art=own_art)


def used_icons(settings: Settings, games: Iterable[str]) -> list[IconRef]:
    """The icons the named games' layout data uses."""
    names = {ref for slug, folder in _folders(settings, games) for ref in read_game(slug, folder).icons()}
    return [IconRef.parse(ref) for ref in sorted(names)]


def _folders(settings: Settings, games: Iterable[str]) -> list[tuple[str, Path]]:
    """The named games whose data folder exists, with it."""
    return [(slug, folder) for slug in games if (folder := data_folder(slug, settings.layouts)).is_dir()]
