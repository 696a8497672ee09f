"""What each card-printing service asks of an uploaded deck: the card sizes it prints, the bleed
and safe margin around each card in pixels at its resolution, and whether it takes one PDF/X file
per deck or one image per side. Every number is from the service's published file rules, or where
a service publishes none, from the open-source uploaders that follow them (named beside it)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pnp.errors import UsageProblem
from pnp.geometry import INCH, INCH_MM
from pnp.source.printoptions import CardSize


@dataclass(frozen=True, kw_only=True)
class Service:
    name: str  # the --service value and the export's folder
    title: str
    pdf: bool  # one PDF/X-1a file per deck; otherwise RGB PNGs, one per side
    dpi: int
    bleed_px: float  # beyond the trim, on each side, at `dpi`
    safe_px: float  # inside the trim, on each side: nothing but background there
    cards: Mapping[str, tuple[int, int]]  # card size name -> trim in pixels at `dpi`
    back_first: bool = False  # a PDF's pages: each card's back, then its front
    max_ink: float | None = None  # the most ink a point may take, in percent (CMYK files)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))  # fixed once the service is made

    @property
    def bleed_mm(self) -> float:
        return self.bleed_px / self.dpi * INCH_MM

    @property
    def keep_in_mm(self) -> float:
        """How far inside the trim a design keeps: the safe margin rounded up to whole pixels and one
        more, since an edge that falls within a pixel is smoothed into it and the pixel counts."""
        return (math.ceil(self.safe_px + self.bleed_px) - self.bleed_px + 1) / self.dpi * INCH_MM

    def card_size(self, card: str) -> CardSize:
        """The trim of the service's card called `card` (pnp's name for it: poker, bridge, tarot,
        american-mini); a size the service does not print is refused, naming those it does."""
        if card not in self.cards:
            raise UsageProblem(
                f"--card {card}: {self.title} prints {', '.join(self.cards)} cards here "
                f"(a size of your own: use `pnp export images --card WxH`)"
            )
        w, h = self.cards[card]
        return CardSize(card, w / self.dpi * INCH, h / self.dpi * INCH)


SERVICES = MappingProxyType(
    {
        service.name: service
        for service in (
            # DriveThruCards, "Common Card Prep Issues & Solutions" (its publisher help centre): "All files need to
            # be PDF/X-1a:2003"; "your final layout size should be 2.75" x 3.75" with the bleed"; "bleed is 1/8"
            # (.125") on all four sides"; no text "closer than 1/8" (.125")" to the trim. Poker only is cited.
            # Page order: its "Specifications for Print Cards" (help article 12780748203543) asks for each card's
            # back, then its front; the open-source DriveThruCards PDF makers write them so (dtcpdfgen's
            # scripts.js adds the back's page, then the front's, per copy; mpc-autofill's DriveThruCards PDF
            # adds back_path, then front_path). Ink: the same article limits total ink to 240%, the limit of
            # its print-on-demand presses (Lightning Source, "Ink Coverage Exceeds 240% CMYK": "less than 240%").
            Service(
                name="drivethrucards",
                title="DriveThruCards",
                pdf=True,
                dpi=300,
                bleed_px=37.5,
                safe_px=37.5,
                cards={"poker": (750, 1050)},
                back_first=True,
                max_ink=240,
            ),
            # MakePlayingCards' own template for its poker card (makeplayingcards.com, dl/templates/playingcard/
            # American-poker-size.pdf): 63 x 88 mm, "bleed" 816 x 1110 px, "cut" 744 x 1038 px at 300 dpi, the
            # size its uploader sends for that product (272 x 370 at 300 dpi, in hundredths of an inch); 36 px
            # of bleed per side. Bridge, tarot and mini: the inkwell tool's presets (747 x 1122, 897 x 1497,
            # 597 x 822 with the same 36 px round each). MPC publishes no safe margin for these: we keep the
            # 1/8 in the other services ask for.
            Service(
                name="makeplayingcards",
                title="MakePlayingCards",
                pdf=False,
                dpi=300,
                bleed_px=36,
                safe_px=37.5,
                cards={"poker": (744, 1038), "bridge": (675, 1050), "tarot": (825, 1425), "american-mini": (525, 750)},
            ),
            # PrinterStudio (MakePlayingCards' sister site, one uploader serves both): "Upload size 822 x 1122 px",
            # "Bleed 36 px on every side", RGB PNG, numbered fronts and matching numbered backs or one common back.
            Service(
                name="printerstudio",
                title="PrinterStudio",
                pdf=False,
                dpi=300,
                bleed_px=36,
                safe_px=37.5,
                cards={"poker": (750, 1050)},
            ),
            # The Game Crafter: a poker card is "a PNG, 825px x 1125px", trim 750 x 1050 at 37.5 px in, safe zone
            # 675 x 975 at 75 px in (Squib's TGC layout); bridge 750 x 1125, tarot 900 x 1500, mini 600 x 825
            # (templative's component table: its mini is the American mini, 1.75 x 2.5 in, pnp's american-mini,
            # not pnp's mini of 44 x 68 mm); RGB only: its help says CMYK images are rejected.
            Service(
                name="thegamecrafter",
                title="The Game Crafter",
                pdf=False,
                dpi=300,
                bleed_px=37.5,
                safe_px=37.5,
                cards={"poker": (750, 1050), "bridge": (675, 1050), "tarot": (825, 1425), "american-mini": (525, 750)},
            ),
        )
    }
)
