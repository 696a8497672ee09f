"""The export commands: each draws one kind of export of a game into OUTPUT/GAME/exports/KIND and
records what it wrote and the data it was made from; a refused or failed export leaves no new
folder behind."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.commands import Progress
from pnp.errors import MissingExtra, UsageProblem
from pnp.export.services import SERVICES
from pnp.files.atomic import writing_into
from pnp.files.exportrecord import replace_export
from pnp.games import data_folder
from pnp.pipeline.incremental import data_digest
from pnp.source.icons import IconStore
from pnp.source.settings import Settings


@dataclass(frozen=True, kw_only=True)
class Exported:
    """What an export wrote, and the line that says so."""

    folder: Path
    written: list[Path]
    summary: str


@contextmanager
def _writing(settings: Settings, game: str, kind: str) -> Iterator[Path]:
    """The export's folder, checked writable before any drawing (no link on the way, a disk
    neither read-only nor full), removed again if the export is refused or fails."""
    folder = settings.output_dir() / game / "exports" / kind
    with writing_into(folder, root=settings.output_dir()):
        yield folder


def _of_game(store: IconStore, settings: Settings, game: str) -> IconStore:
    """The icon cache and the game's own art, which its pieces may show."""
    return store.for_game(data_folder(game, settings.layouts))


def _recorded(
    settings: Settings, game: str, folder: Path, written: list[Path], *, title: str, summary: str
) -> Exported:
    """The export replaces the last one of its kind and records the data it was made from (the
    gallery marks it stale once the data changes) and what it is (`title`, the gallery's label)."""
    replace_export(folder, written, data_digest(game, settings), title=title, root=settings.output_dir())
    return Exported(folder=folder, written=written, summary=summary)


def images(settings: Settings, store: IconStore, game: str, *, dpi: int, progress: Progress) -> Exported:
    """One PNG per card face and per back, with quantities.csv."""
    from pnp.export.catalogue import catalogue, require_decks
    from pnp.export.images import export_images, image_count, image_rows

    store = _of_game(store, settings, game)
    with _writing(settings, game, "images") as folder:
        rows = image_rows(require_decks(catalogue(game, settings, store)))
        with progress("rendering card images", image_count(rows)) as bar:
            written = export_images(
                rows,
                store,
                dpi=dpi,
                bleed_mm=settings.bleed.mm,
                ink_saver=settings.ink_saver,
                folder=folder,
                root=settings.output_dir(),
                progress=bar.update,
            )
    return _recorded(
        settings,
        game,
        folder,
        written,
        title="Print-on-demand images",
        summary=f"{game}: {len(written) - 1} images at {dpi} dpi and quantities.csv -> {folder}",
    )


def check_printshop(service: str, *, output_profile: Path | None, max_ink: float | None, proof: bool) -> None:
    """Refuse, before any work, what the service cannot take, and a missing extra it needs."""
    chosen = SERVICES[service]
    if chosen.pdf:
        MissingExtra.check(f"pnp export printshop --service {service}", "printshop", ("pikepdf",))
    for given, option in ((output_profile, "--output-profile"), (max_ink, "--max-ink"), (proof, "--proof")):
        if given and not chosen.pdf:
            raise UsageProblem(f"{option}: {chosen.title} takes RGB images; {option} is for a PDF service")


def printshop(
    settings: Settings,
    store: IconStore,
    game: str,
    *,
    service: str,
    output_profile: Path | None,
    max_ink: float | None,
    proof: bool,
    progress: Progress,
) -> Exported:
    """The files a card-printing service takes for the game's decks, and cards.csv."""
    from pnp.export.catalogue import require_decks
    from pnp.export.cmyk import OutputProfile
    from pnp.export.safearea import safe_catalogue
    from pnp.export.upload import export_service

    chosen = SERVICES[service]
    profile = OutputProfile.load(output_profile) if chosen.pdf else None
    store = _of_game(store, settings, game)
    with _writing(settings, game, service) as folder:
        settings = replace(settings, card=chosen.card_size(settings.card.name))
        found = safe_catalogue(game, settings, store, safe_mm=chosen.keep_in_mm)
        decks = require_decks(found)
        with progress(f"writing {chosen.title} files", len(decks)) as bar:
            written = export_service(
                decks,
                chosen,
                store,
                ink_saver=settings.ink_saver,
                game_title=found.title,
                profile=profile,
                max_ink=max_ink or chosen.max_ink,
                proof=proof,
                folder=folder,
                root=settings.output_dir(),
                progress=bar.update,
            )
    return _recorded(
        settings,
        game,
        folder,
        written,
        title=f"{chosen.title} files",
        summary=f"{game}: {len(written) - 1} {chosen.title} file(s) and cards.csv -> {folder}",
    )


def tts(settings: Settings, store: IconStore, game: str, *, base_url: str | None, progress: Progress) -> Exported:
    """A Tabletop Simulator saved object: decks, tokens, pawns, boards and sheets."""
    from pnp.export.catalogue import catalogue
    from pnp.export.tts import export_tts

    store = _of_game(store, settings, game)
    with _writing(settings, game, "tts") as folder:
        found = catalogue(game, settings, store)
        count = len(found.decks) + len(found.pieces) + len(found.flats)
        with progress("drawing Tabletop Simulator images", count) as bar:
            written = export_tts(
                found,
                store,
                folder=folder,
                root=settings.output_dir(),
                base_url=base_url,
                ink_saver=settings.ink_saver,
                progress=bar.update,
            )
    return _recorded(
        settings,
        game,
        folder,
        written,
        title="Tabletop Simulator",
        summary=f"{game}: saved object {written[-1].name} with {len(written) - 2} images -> {folder}",
    )


def cricut(settings: Settings, store: IconStore, game: str, *, progress: Progress) -> Exported:
    """Cricut print then cut images of every cut piece, with their SVG cut outlines."""
    from pnp.export.catalogue import catalogue
    from pnp.export.cricut import cut_sets, export_cricut

    store = _of_game(store, settings, game)
    with _writing(settings, game, "cricut") as folder:
        found = catalogue(game, settings, store)
        with progress("drawing print then cut images", len(cut_sets(found))) as bar:
            written = export_cricut(
                found,
                store,
                bleed_mm=settings.bleed.mm,
                ink_saver=settings.ink_saver,
                folder=folder,
                root=settings.output_dir(),
                progress=bar.update,
            )
    images = sum(path.suffix == ".png" for path in written)
    return _recorded(
        settings,
        game,
        folder,
        written,
        title="Cricut print then cut",
        summary=f"{game}: {images} print then cut images with their SVG outlines and how-to-cut.txt -> {folder}",
    )
