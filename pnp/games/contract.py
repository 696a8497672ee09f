"""Everything a game module needs, from one place: a game's author imports from here and from
nowhere else in pnp (the architecture test holds pnp's own games to it).

What a game owes pnp is the `Game` entry: `load` reads its data from a `GameSource`, `documents`
turns it into `DocumentSpec`s (pieces, boards and page components as data), `invariants` checks its
own rules. The build then holds every game to the same obligations, whatever its code does: each
count the rules model declares is placed, every `{name}` in printed text is filled, each
`[cover.assembly]` note names a file the game makes, the rules sheet shows `Promises.headings`,
and what the print guide says of the paper comes from the build itself. `pnp validate` reports a
broken one with its file and key.
"""

from pnp.errors import IconError, LayoutError, meant_or_known
from pnp.files.timelimit import TimeLimitExceeded, time_limit
from pnp.games import BuildContext, Game, Promises
from pnp.games.kit import (
    AidSides,
    Drawing,
    Grid,
    TokenSide,
    aid_sides,
    aids_document,
    assembly_for,
    card_back,
    natural_size,
    page_component,
    panel,
    pawn_boxes,
    pawn_name,
    pawn_room,
    pawn_standees,
    pawn_tokens,
    region,
    round_token,
    size_around,
    spots,
    standee_piece,
    standee_tab,
    tokens_room,
)
from pnp.geometry import CARDS as CARD_SIZES
from pnp.geometry import CLEARANCE_MM as CLEARANCE
from pnp.geometry import MM, SLEEVE_MM
from pnp.render.columns import Block, Kind, balanced_split, column_height, text_column
from pnp.render.elements import INK, WHITE, Box, Circle, Element, Elements, Group, Icon, Line, Polygon, Text
from pnp.render.slotplaces import Area
from pnp.render.specs import Board, Cover, DocumentSpec, PageComponent, Piece, PieceGroup, Section
from pnp.source.gamesource import GameSource, Problem
from pnp.source.icons import GAP_ICON, IconRef, IconStore
from pnp.source.models import (
    CardBack,
    CardDesign,
    Color,
    Count,
    CoverText,
    EveryProblem,
    IconName,
    Mm,
    PawnSet,
    PawnTokens,
    SlotOverrides,
    Strict,
    Templates,
    Words,
    load_file,
)
from pnp.source.placeholders import PlaceholderError, UnknownPlaceholder, counted, fill_placeholders
from pnp.source.rules import CountOrigin, RulesModel, check_facts
from pnp.source.sandbox import TEMPLATE_OUTPUT, BoundedSandbox, TemplateLimit
from pnp.source.slots import SideLength, SlotSpec
from pnp.source.svgshape import IconShape, SvgRejected, even_star, radial_tips

__all__ = [
    "CARD_SIZES",
    "CLEARANCE",
    "GAP_ICON",
    "INK",
    "MM",
    "SLEEVE_MM",
    "TEMPLATE_OUTPUT",
    "WHITE",
    "AidSides",
    "Area",
    "Block",
    "Board",
    "BoundedSandbox",
    "Box",
    "BuildContext",
    "CardBack",
    "CardDesign",
    "Circle",
    "Color",
    "Count",
    "CountOrigin",
    "Cover",
    "CoverText",
    "DocumentSpec",
    "Drawing",
    "Element",
    "Elements",
    "EveryProblem",
    "Game",
    "GameSource",
    "Grid",
    "Group",
    "Icon",
    "IconError",
    "IconName",
    "IconRef",
    "IconShape",
    "IconStore",
    "Kind",
    "LayoutError",
    "Line",
    "Mm",
    "PageComponent",
    "PawnSet",
    "PawnTokens",
    "Piece",
    "PieceGroup",
    "PlaceholderError",
    "Polygon",
    "Problem",
    "Promises",
    "RulesModel",
    "Section",
    "SideLength",
    "SlotOverrides",
    "SlotSpec",
    "Strict",
    "SvgRejected",
    "TemplateLimit",
    "Templates",
    "Text",
    "TimeLimitExceeded",
    "TokenSide",
    "UnknownPlaceholder",
    "Words",
    "aid_sides",
    "aids_document",
    "assembly_for",
    "balanced_split",
    "card_back",
    "check_facts",
    "column_height",
    "counted",
    "even_star",
    "fill_placeholders",
    "load_file",
    "meant_or_known",
    "natural_size",
    "page_component",
    "panel",
    "pawn_boxes",
    "pawn_name",
    "pawn_room",
    "pawn_standees",
    "pawn_tokens",
    "radial_tips",
    "region",
    "round_token",
    "size_around",
    "spots",
    "standee_piece",
    "standee_tab",
    "text_column",
    "time_limit",
    "tokens_room",
]
