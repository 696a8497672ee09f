"""`pnp export`: card images, print-shop files and Tabletop Simulator saved objects."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pnp.cli.group import cli
from pnp.cli.options import GAME, Choice, icon_store, load_settings, options, progress_bar, refused, show_gallery
from pnp.export.services import SERVICES

if TYPE_CHECKING:
    from pnp.commands.exports import Exported
    from pnp.source.settings import Settings


@cli.group()
def export() -> None:
    """Card images, print-shop PDFs and Tabletop Simulator saved objects.

    \b
    Examples:
      pnp export images straight-to --dpi 300 --bleed 0.125in
      pnp export printshop punished
      pnp export tts straight-to --base-url https://example.org/pnp
    """


export_options = options(
    "card",
    "players",
    "output",
    "ink_saver",
    "layouts",
    "icons",
    extra=refused(
        ("paper", "duplex", "back-offset", "margin", "copies", "cutter"),
        "exports",
        "an export is sized by the piece (--card) and its resolution, not by paper or duplex printing",
    ),
)


@export.command()
@click.argument("game", type=GAME)
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="Image resolution.")
@click.option("--bleed", default="0.125in", show_default=True, help="Bleed beyond the trim, e.g. 3mm or 0.125in.")
@export_options
def images(game: str, dpi: int, **flags: Any) -> None:
    """One PNG per card face and per back of GAME, with quantities.csv, into OUTPUT/GAME/exports/images.

    Each PNG records its dpi; with the default 1/8 in of bleed a poker card at 300 dpi is
    825 x 1125 px.

    \b
    Example: pnp export images straight-to --dpi 300 --bleed 0.125in
    """
    from pnp.commands import exports

    settings = load_settings(writes=True, **flags)
    _exported(settings, exports.images(settings, icon_store(settings), game, dpi=dpi, progress=progress_bar))


@export.command()
@click.argument("game", type=GAME)
@click.option(
    "--service",
    type=Choice(sorted(SERVICES)),
    default="drivethrucards",
    show_default=True,
    help="The card-printing service whose file rules to follow.",
)
@click.option(
    "--output-profile",
    type=click.Path(path_type=Path, dir_okay=False),
    help="The press's CMYK ICC profile for a PDF service (default: ghostscript's SWOP profile, "
    "from Debian's libgs-common).",
)
@click.option(
    "--max-ink",
    type=click.FloatRange(100, 400),
    help="The most ink (C+M+Y+K, percent) the press takes on a point, for a PDF service "
    "(default: the service's own limit; DriveThruCards 240).",
)
@click.option(
    "--proof",
    is_flag=True,
    help="Also write a soft proof of a PDF service's cards: each side as designed beside how "
    "the press prints it through the profile, as PNG, shown in the gallery.",
)
@export_options
def printshop(
    game: str, service: str, output_profile: Path | None, max_ink: float | None, proof: bool, **flags: Any
) -> None:
    """The files a card-printing service takes for GAME's decks, into OUTPUT/GAME/exports/SERVICE.

    DriveThruCards: one PDF/X-1a:2003 file per deck in CMYK within its ink limit, each card's back
    then its front, every copy. MakePlayingCards, PrinterStudio, The Game Crafter: an RGB PNG per
    front and per back at their pixel size. Each card's design keeps inside the service's safe
    margin; cards.csv pairs every front with its back and says how many to order. --card picks the
    service's card size.

    \b
    Example: pnp export printshop punished --service thegamecrafter
    """
    from pnp.commands import exports

    exports.check_printshop(service, output_profile=output_profile, max_ink=max_ink, proof=proof)
    settings = load_settings(writes=True, **flags)
    _exported(
        settings,
        exports.printshop(
            settings,
            icon_store(settings),
            game,
            service=service,
            output_profile=output_profile,
            max_ink=max_ink,
            proof=proof,
            progress=progress_bar,
        ),
    )


@export.command()
@click.argument("game", type=GAME)
@click.option("--base-url", help="Where you host the images (default: file:/// paths to the exported files).")
@export_options
def tts(game: str, base_url: str | None, **flags: Any) -> None:
    """A Tabletop Simulator saved object of GAME: decks, tokens, pawns, boards and sheets.

    Copy OUTPUT/GAME/exports/tts/GAME.json and GAME.png into Tabletop Simulator's Saved Objects
    folder (the images stay where they are, or upload them and pass --base-url).

    \b
    Example: pnp export tts straight-to
    """
    from pnp.commands import exports

    if base_url is not None and not base_url.startswith(("https://", "http://", "file:///")):
        raise click.BadParameter("give an http(s):// or file:/// address", param_hint="--base-url")
    settings = load_settings(writes=True, **flags)
    _exported(settings, exports.tts(settings, icon_store(settings), game, base_url=base_url, progress=progress_bar))


@export.command()
@click.argument("game", type=GAME)
@click.option(
    "--bleed",
    default="0",
    show_default=True,
    help="Art kept past each cut, e.g. 1mm (Design Space adds its own bleed when it prints).",
)
@export_options
def cricut(game: str, **flags: Any) -> None:
    """Cricut print then cut images of GAME's cut pieces, into OUTPUT/GAME/exports/cricut.

    Cards, tokens, standees and aids (fronts) are grouped onto 300 dpi PNGs no larger than
    Design Space's print then cut area (6.75 x 9.25 in), transparent outside each piece's
    outline, each with an SVG of its cut outlines and how-to-cut.txt.

    \b
    Example: pnp export cricut exit-from-purgatory
    """
    from pnp.commands import exports

    settings = load_settings(writes=True, **flags)
    _exported(settings, exports.cricut(settings, icon_store(settings), game, progress=progress_bar))


def _exported(settings: Settings, done: Exported) -> None:
    click.echo(done.summary)
    show_gallery(settings)
