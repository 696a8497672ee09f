"""The game registry: every game is one `Game` entry, and everything pnp knows about a game hangs
off it: how to read its data, the documents it prints, its own rules, its balance report, its
paper budget and what its rules sheet must say.

Every game, pnp's own five included, registers under the `pnp.games` entry-point group: pnp's in
its pyproject.toml, a game published as its own distribution in its own (`charons-toll =
"charons_toll:GAME"`), as rinohtype and mkdocs register their built-ins; `pnp list` says where
each game came from. The registry checks the contract when it loads a game, so a missing or misnamed
part is named at once, not met mid-build.
"""

from __future__ import annotations

import os
import pkgutil
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from pnp.errors import LayoutError, UsageProblem, meant_or_known
from pnp.files.paths import kit_file, shipped_layouts_dir
from pnp.findings import Finding
from pnp.memory import BuildMemory
from pnp.requirements import DISTRIBUTION
from pnp.source.placeholders import PlaceholderError, UnknownPlaceholder, fill_placeholders

if TYPE_CHECKING:  # the CLI reads the registry at start: a game's models load with the game
    from pnp.render.compose import Composed
    from pnp.render.elements import Elements
    from pnp.render.specs import DocumentSpec
    from pnp.source.gamesource import GameSource, Problem
    from pnp.source.icons import IconStore
    from pnp.source.rules import CountOrigin, RulesModel
    from pnp.source.slots import SlotSpec, Template, Where

T = TypeVar("T")
U = TypeVar("U")

ENTRY_POINTS = "pnp.games"
BUILT_IN = "pnp"


@dataclass(frozen=True, kw_only=True)
class Listing:
    """Where a registered game is loaded from (`module:NAME` as an entry point names it, or a module
    alone for its GAME) and who ships it."""

    target: str
    origin: str  # BUILT_IN for pnp's own, else the distribution that registers it


class Registry(MutableMapping[str, Listing]):
    """The games the installed distributions register under the entry-point group, pnp's own among
    them. The search waits until a game is first looked up, so a command that names none (`pnp
    --help`, `pnp calibrate`) does not pay for it."""

    def __init__(self, group: str) -> None:
        self.group = group
        self._games: dict[str, Listing] | None = None
        self.clashes: list[str] = []  # games left out for taking a name already registered

    def _all(self) -> dict[str, Listing]:
        if self._games is None:
            from importlib.metadata import entry_points

            found: dict[str, Listing] = {}
            points = sorted(entry_points(group=self.group), key=lambda p: not _own(p.dist))  # pnp's first
            for point in points:
                origin = (
                    BUILT_IN
                    if _own(point.dist)
                    else f"{point.dist.name} {point.dist.version}"
                    if point.dist
                    else point.value
                )
                if point.name in found:
                    self.clashes.append(
                        f"the game {point.name!r} registered by {origin} is left out: a game of "
                        "that name is registered already (the distribution must rename it)"
                    )
                else:
                    found[point.name] = Listing(target=point.value, origin=origin)
            self._games = found
        return self._games

    def __getitem__(self, slug: str) -> Listing:
        return self._all()[slug]

    def __setitem__(self, slug: str, listing: Listing) -> None:
        self._all()[slug] = listing

    def __delitem__(self, slug: str) -> None:
        del self._all()[slug]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _rest_of(data: object, entries: object) -> tuple[str | None, str]:
    """The field of `data` (a pydantic model) that holds `entries`, and the rest of `data` as JSON:
    everything a maker could read of it besides its entry."""
    fields = getattr(type(data), "model_fields", {})
    name = next((name for name in fields if getattr(data, name) is entries), None)
    if name is None:
        return None, ""
    dumped: str = cast(Any, data).model_dump_json(exclude={name})
    return name, dumped


def _own(dist: Any) -> bool:
    return dist is not None and dist.name.replace("_", "-").lower() == DISTRIBUTION


GAMES = Registry(ENTRY_POINTS)


@dataclass(frozen=True, kw_only=True)
class BuildContext:
    """What a game module may know of the build: counts and sizes, never drawing."""

    players: int
    card_w: float
    card_h: float
    page_room: tuple[float, float]  # mm the page leaves its content, between the header and footer
    quarter_room: tuple[float, float]  # mm of a two-sided piece four of which share a page (player aids)
    copies: int = 1
    quantities: Mapping[str, int] = field(default_factory=dict)  # from the rules model, for these players
    facts: Mapping[str, int] = field(default_factory=dict)  # the rules model's numbers, for printed text
    templates: Mapping[str, Template] = field(default_factory=dict)  # the kit's, with the game's laid over
    game: str = ""
    source: GameSource | None = None  # where the templates' lines are
    data: object = None  # the game's data (its `load`), which `each` keys the pieces it keeps by
    memory: BuildMemory = field(default_factory=BuildMemory)  # what earlier builds worked out (`pnp.memory`)
    slips: list[Problem] = field(default_factory=list)  # layout mistakes found while composing, as often as found

    def each(self, entries: Sequence[T], make: Callable[[int, T], Iterable[U]]) -> list[U]:
        """What `make(i, entry)` gives for each entry of a list the game's data holds, in order,
        joined. `make` may read the entry, its place `i`, this context and the game's data: in
        `pnp watch` the build takes what an earlier one made of the entries a save left as they
        were, when nothing else it could read changed either."""
        from pnp.runs import MADE

        name, rest = _rest_of(self.data, entries)
        if name is None:  # not a list of the data's own: made afresh
            return [piece for i, entry in enumerate(entries) for piece in make(i, entry)]
        context = (
            (self.players, self.copies, self.card_w, self.card_h, self.page_room, self.quarter_room),
            tuple(self.quantities.items()),
            tuple(self.facts.items()),
            tuple(self.templates.items()),
            rest,
        )
        return self.memory[MADE].made((self.game, name), context, entries, make, lambda: len(self.slips))

    def distinct_slips(self) -> list[Problem]:
        """The layout mistakes found, each once, in the order first found."""
        return list(dict.fromkeys(self.slips))

    def component_room(self, per_page: int = 1) -> tuple[float, float]:
        """Width and height (mm) one sheet has when `per_page` of them stack on a page."""
        from pnp.render.specs import SHEET_GAP_MM  # the drawing vocabulary loads when a game is built

        w, h = self.page_room
        return w, (h - (per_page - 1) * SHEET_GAP_MM) / per_page

    def count(self, kind: str) -> int:
        """How many `kind` pieces to print: declared once, in the rules model."""
        if kind not in self.quantities:
            raise LayoutError(
                f"rules.toml:components.{kind}: missing: the layout data prints {kind!r} pieces, "
                "so the rules model must say how many"
            )
        return self.quantities[kind]

    def piece(
        self,
        name: str,
        values: Mapping[str, str],
        w: float,
        h: float,
        *,
        at: tuple[float, float] = (0, 0),
        overrides: Mapping[str, SlotSpec] | None = None,
        where: Where | None = None,
        named_at: Where | None = None,
    ) -> Elements:
        """A piece of w x h mm drawn with the template `name` with its lower-left corner `at` (and one
        card's `overrides`, set at `where`); its layout mistakes are kept for validation."""
        return self.compose(name, values, w, h, at=at, overrides=overrides, where=where, named_at=named_at).elements

    def compose(
        self,
        name: str,
        values: Mapping[str, str],
        w: float,
        h: float,
        *,
        at: tuple[float, float] = (0, 0),
        overrides: Mapping[str, SlotSpec] | None = None,
        where: Where | None = None,
        named_at: Where | None = None,
    ) -> Composed:
        """As `piece`, with the boxes the template's top-level slots took (regions to fill in code)."""
        template = self.templates.get(name)
        if template is None:
            from pnp.render.compose import Composed

            self._slip(
                named_at or ("kit.toml", (name,)), f"no template {name!r} (known: {', '.join(sorted(self.templates))})"
            )
            return Composed(elements=(), slips=(), areas={})
        if overrides:
            from pnp.source.slots import apply

            template = apply(template, overrides, where or template.where)
        from pnp.render.composedkeep import composed  # the drawing vocabulary loads when a game is built

        piece = composed(self.memory, template, values, w, h, at=at)
        for slip in piece.slips:
            origin = self.source.text_source(slip.text) if slip.text and self.source is not None else None
            self._slip(slip.where, slip.message + (f" (the text of {origin})" if origin else ""))
        return piece

    def _slip(self, where: Where, message: str) -> None:
        from pnp.source.gamesource import Problem
        from pnp.source.tomlfiles import key_text

        file, path = where
        if self.source is not None and self.source.has(file):
            problem = Problem(self.game, file, key_text(path), message)
        else:  # a slot of pnp's kit.toml: the game changes it in its own data
            found = self.finding(where, "")
            message += f" (pnp's default; change it under [templates.{key_text(path)}] in the game's data)"
            problem = Problem(self.game, file, key_text(path), message, path=found.path, line=found.line)
        self.slips.append(problem)  # each time: said once by the build (`distinct_slips`), counted by `each`

    def finding(self, where: Where, message: str) -> Finding:
        """`message` at a place of the game's data, or of pnp's kit.toml for a template the game
        did not lay over; a text the game's code made is placed at the game's folder."""
        from pnp.source.tomlfiles import toml_finding

        file, path = where
        if self.source is not None and self.source.has(file):
            return self.source.finding(file, path, message)
        if file == kit_file().name:
            return toml_finding(kit_file(), path, message)
        return Finding(path=self.source.folder if self.source else Path(self.game), message=f"{file}: {message}")

    def fill(self, text: str, where: str | Callable[[], str]) -> str:
        """Printed text with `{name}` replaced by the rules model's number of that name (a fact, a
        component's count for this build, or `players`), so a number is typed once, in rules.toml,
        and a balance change reaches every printed line."""
        values: dict[str, object] = {**self.quantities, **self.facts, "players": self.players}
        known = list(values)
        while True:
            try:
                return fill_placeholders(text, values)
            except UnknownPlaceholder as exc:
                said = f"{{{exc.name}}} is not a number in rules.toml [facts] or a component count."
                self.gap(self.named(where, said + meant_or_known(exc.name, known)))
                values[exc.name] = f"{{{exc.name}}}"  # printed as written meanwhile
            except PlaceholderError as exc:
                self.gap(self.named(where, str(exc)))
                return text

    def gap(self, finding: Finding) -> None:
        """A text that cannot print as written: kept with the build's gaps (refused at its end, with
        every later stage's problems), or refused now when the build keeps none."""
        if self.source is None or self.source.gaps is None:
            raise LayoutError(finding)
        self.source.keep_gaps([finding])

    def named(self, where: str | Callable[[], str], message: str) -> Finding:
        """`message` at a place a game names as `file:key` (or `game/file:key`)."""
        from pnp.source.tomlfiles import place_parts

        return self.finding(place_parts(where() if callable(where) else where), message)


Data = TypeVar("Data")


def _no_origins(data: Any, source: GameSource) -> Mapping[str, CountOrigin]:
    return {}


@dataclass(frozen=True, kw_only=True)
class Promises:
    """What the game's rules sheet promises its players, checked by every build (pnp validate names
    a broken promise): the sections it shows, and how it states each count (`{}` is the count for
    the players built, e.g. "{} Apple"; or `{count}`, with `{count:pawn|pawns}` the word for that
    many). The paper a build takes is not promised here: the print guide counts it from the build
    itself."""

    headings: tuple[str, ...] = ("Setup",)
    counts: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))  # a game's, fixed once made

    def stated(self, kind: str, count: object) -> str:
        """How the rules sheet states `count` pieces of `kind`."""
        pattern = self.counts[kind]
        return pattern.format(count) if "{}" in pattern else fill_placeholders(pattern, {"count": count})


@dataclass(frozen=True, kw_only=True)
class Game(Generic[Data]):
    """What a game module provides, typed by the data its `load` returns."""

    slug: str
    load: Callable[[GameSource, IconStore], Data]  # its data, read from its GameSource
    documents: Callable[[Data, BuildContext], list[DocumentSpec]]  # the files it prints, as data
    invariants: Callable[[Data, RulesModel, int], list[Problem]]  # its own rules, beyond component counts
    files: tuple[str, ...]  # its data files beside rules.toml and reference.toml, the main one first
    promises: Promises
    models: Mapping[str, Any] = field(default_factory=dict)  # the model that reads each of `files` (for schemas)
    # where a count the rules model checks is declared in the layout data (for a precise message)
    count_origins: Callable[[Data, GameSource], Mapping[str, CountOrigin]] = _no_origins
    # the balance report for `pnp report`, "module:function" (loaded only for a report); None: the
    # report says the game has none
    analysis: str | None = None
    folder: Path | None = None  # its shipped data (with document.txt, the rule document it traces)

    def __post_init__(self) -> None:
        object.__setattr__(self, "models", MappingProxyType(dict(self.models)))  # fixed once the game is made

    def shipped_folder(self) -> Path:
        return self.folder if self.folder is not None else own_folder(self.slug)


def own_folder(slug: str) -> Path:
    """Where the data of a game that names no folder of its own lies: pnp's layouts/<slug>."""
    return shipped_layouts_dir() / slug


DATA_GAME = "game.toml"  # the manifest of a game made only of the kit's pieces
DATA_GAME_MAKER = "pnp.games.kitgame:kit_game"  # named as the registry names its games, loaded when needed


def data_games(layouts: str | Path | None) -> dict[str, Path]:
    """The data-only games of a layouts folder (and of pnp's shipped one): each folder holding a
    game.toml manifest, by its name."""
    found = {}
    for root in (shipped_layouts_dir(), Path(layouts) if layouts else None):
        if root is not None and root.is_dir():
            found.update(
                {
                    folder.name: folder
                    for folder in sorted(root.iterdir())
                    # a manifest of any kind: an odd one (a FIFO, a folder, a link) is refused, by name, when read
                    if os.path.lexists(folder / DATA_GAME) and folder.name not in GAMES
                }
            )
    return found


def known_games(layouts: str | Path | None) -> list[str]:
    """Every game a build with these layouts can name: the registered ones and the data-only ones."""
    return sorted({*GAMES, *data_games(layouts)})


def load_game(slug: str, layouts: str | Path | None = None) -> Game[Any]:
    """The game registered as `slug`, its contract checked, or the data-only game of that name."""
    listing = GAMES.get(slug)
    if listing is None:
        folder = data_games(layouts).get(slug)
        if folder is not None:
            made: Game[Any] = pkgutil.resolve_name(DATA_GAME_MAKER)(slug, folder)
            return made
        raise UsageProblem(f"{slug}: no such game (known: {', '.join(known_games(layouts))})")
    try:
        game = pkgutil.resolve_name(listing.target)
    except ImportError as exc:
        raise UsageProblem(
            f"{slug}: {listing.target} cannot be imported ({exc}); registered by {listing.origin}"
        ) from None
    except AttributeError:
        game = None
    if isinstance(game, ModuleType):  # a module named alone: its GAME
        game = getattr(game, "GAME", None)
    if not isinstance(game, Game):
        raise TypeError(f"{listing.target}: a game module must define GAME = Game(...) (see pnp/games/__init__.py)")
    if game.slug != slug:
        raise TypeError(f"{listing.target}: GAME.slug is {game.slug!r}, registered as {slug!r}")
    return game


def data_folder(slug: str, layouts: str | None) -> Path:
    """Where a build reads the game's data: the project's layouts/<slug> when a layouts folder is
    set (a designer's project, or --layouts), else the data the game ships with (found without
    importing the game for pnp's own and the data-only ones: the up-to-date check stays light)."""
    if layouts:
        return Path(layouts) / slug
    if slug in GAMES and GAMES[slug].origin == BUILT_IN:  # pnp's own games name no folder of their own
        return own_folder(slug)
    return data_games(None).get(slug) or load_game(slug, layouts).shipped_folder()


def read_source(slug: str, layouts: str | None, memory: BuildMemory | None = None) -> GameSource:
    """The game's data folder, read once for everything that follows (as `memory` read it last,
    where no byte changed)."""
    from pnp.source.gamesource import read_game

    folder = data_folder(slug, layouts)
    if not folder.is_dir():
        raise UsageProblem(f"{slug}: no layout folder {folder}")
    return read_game(slug, folder, memory)


def analysis_of(game: Game[Any]) -> Callable[..., Any] | None:
    """The game's report function, imported now (a build never needs it)."""
    return pkgutil.resolve_name(game.analysis) if game.analysis else None
