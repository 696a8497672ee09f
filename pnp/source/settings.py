"""Options every build shares, read once: defaults, then the project's `pnp.toml` (in the working
folder or the nearest folder above it that has one, as git finds its repository), then
command-line flags (a flag beats the file)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any

import tomli

from pnp.errors import UsageProblem, closest, meant_or_known
from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.files.safefiles import UnsafeFile, read_regular
from pnp.findings import Finding, column_of
from pnp.geometry import MM
from pnp.source.icons import DEFAULT_BASE_URL
from pnp.source.printers import chosen_profile, read_printers
from pnp.source.printoptions import MARK_INSET_MM, BackOffset, CardSize, Cutter, DuplexMode, Length, Paper

CONFIG_FILE = "pnp.toml"
MAX_COPIES = 10000
MIN_PRINTABLE_MM = (170.0, 250.0)  # what the largest sheet (the Seven Steps gamesheet) needs
MAX_PAPER_MM = 1200.0
MAX_BLEED_MM = 5  # print shops ask 3 mm (1/8 in), a few 5; wider takes the room the aids and mats are drawn in
MIN_CARD_MM = (40.0, 55.0)  # below the smallest named card (american-mini, 44.5 x 63.5 mm) by a margin


DEFAULT_PAPER = Paper.parse("a4")
DEFAULT_CARD = CardSize.parse("poker")
NO_BLEED = Length.parse("0")
DEFAULT_MARGIN = Length.parse("5mm")
NO_OFFSET = BackOffset.parse("0,0")


# the options that parse themselves, and the parser of each
def find_project(start: Path) -> Path | None:
    """The folder of the nearest `pnp.toml` at or above `start`: the project a command inside it
    works on, wherever in it the designer stands."""
    for folder in (start, *start.parents):
        if (folder / CONFIG_FILE).exists() or (folder / CONFIG_FILE).is_symlink():
            return folder
    return None


PARSERS: Mapping[str, Callable[[Any], object]] = MappingProxyType(
    {
        "paper": Paper.parse,
        "card": CardSize.parse,
        "bleed": Length.parse,
        "margin": Length.parse,
        "duplex": DuplexMode.parse,
        "back_offset": BackOffset.parse,
        "cutter": Cutter.parse,
    }
)


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Every build option, typed. Text given for a typed option (from a flag or pnp.toml) is parsed
    when the settings are made, once; every value that cannot be parsed is named in one message."""

    paper: Paper = DEFAULT_PAPER
    card: CardSize = DEFAULT_CARD
    players: int | None = None
    output: str = "output"
    ink_saver: bool = False
    bleed: Length = NO_BLEED
    margin: Length = DEFAULT_MARGIN
    duplex: DuplexMode = DuplexMode.LONG
    back_offset: BackOffset = NO_OFFSET
    cutter: Cutter = Cutter.NONE
    copies: int = 1
    layouts: str | None = None
    icons: str | None = None
    icons_base_url: str = DEFAULT_BASE_URL
    printer: str | None = None  # a [printers.NAME] profile of pnp.toml, applied by `load`
    printers: tuple[str, ...] = ()  # the profiles pnp.toml defines

    def __post_init__(self) -> None:
        for name, value in _parsed({name: getattr(self, name) for name in PARSERS}, _as_flag).items():
            object.__setattr__(self, name, value)

    @classmethod
    def load(
        cls, cwd: Path | None = None, problems: list[Finding] | None = None, new_printer: bool = False, **flags: Any
    ) -> Settings:
        """A project is a folder: its pnp.toml, its `layouts/` and its `icons/` (when it has them)
        come before the copies shipped with pnp; flags beat them all. Parsed once, here. Given a
        `problems` list, pnp.toml's problems are put there (see `_read_config`); `new_printer`: a
        printer pnp.toml does not define yet is the one being set up (`pnp calibrate`), not refused."""
        start = cwd or Path.cwd()
        here = find_project(start) or start
        path = here / CONFIG_FILE
        values: dict[str, Any] = {}
        if path.exists() or path.is_symlink():
            values = _read_config(path, problems)
            for key in ("layouts", "icons"):  # folders named in pnp.toml are relative to it
                if key in values:
                    values[key] = str(here / values[key])
        if here != start:  # run inside the project (in layouts/<game>, say): its output is the project's
            values["output"] = os.path.relpath(here / values.get("output", "output"), start)
        env_icons = os.environ.get("PNP_ICONS_DIR")
        if env_icons and "icons" not in values:
            values["icons"] = env_icons
        if "layouts" not in values and (here / "layouts").is_dir():
            values["layouts"] = str(here / "layouts")
        if "icons" not in values and (here / "icons" / "manifest.json").is_file():
            values["icons"] = str(here / "icons")
        env_url = os.environ.get("PNP_ICONS_BASE_URL")
        if env_url:
            values["icons_base_url"] = env_url
        given = {key: value for key, value in flags.items() if value is not None}
        profiles = values.pop(PRINTERS, {})
        printer = given.get("printer") or values.get("printer")
        # a profile beats pnp.toml's own keys, and a flag beats the profile
        if printer and not (new_printer and printer not in profiles):
            values.update(chosen_profile(printer, profiles))
        values[PRINTERS] = tuple(profiles)
        return cls(**{**values, **given})  # pnp.toml's values came parsed (`_read_config`); flags are parsed here

    def sources(self) -> str:
        """The line every command starts with: which data it read."""
        shipped = " (shipped with pnp)"
        return (
            f"layouts: {self.layouts_dir().resolve()}{shipped if self.layouts is None else ''}; "
            f"icons: {self.icons_dir().resolve()}{shipped if self.icons is None else ''}"
        )

    def imprint(self) -> str:
        """What made a print, for its pages' foot: two printouts of different builds tell apart."""
        from pnp import __version__

        offset = f", back offset {self.back_offset.text} mm" if self.duplex.flips else ""
        return (
            f"pnp {__version__}: {self.paper}, {self.card} cards, duplex {self.duplex.value}, bleed {self.bleed}"
            f"{offset}{', ink saver' if self.ink_saver else ''}"
            f"{f', cutter {self.cutter}' if self.cutter is not Cutter.NONE else ''}"
        )

    def in_use(self) -> str:
        """The options a build will use, for `--verbose`: what a printout came from."""
        paper, card = self.paper, self.card
        return (
            f"options: paper {paper} ({paper.width / MM:g} x {paper.height / MM:g} mm), card {card} "
            f"({card.width / MM:g} x {card.height / MM:g} mm), duplex {self.duplex.value}, bleed {self.bleed}, "
            f"margin {self.margin}, back offset {self.back_offset.text} mm, players "
            f"{self.players or 'each game default'}, copies {self.copies}, "
            f"ink saver {'on' if self.ink_saver else 'off'}, cutter {self.cutter}"
        )

    def layouts_dir(self) -> Path:
        return Path(self.layouts) if self.layouts else shipped_layouts_dir()

    def icons_dir(self) -> Path:
        return Path(self.icons) if self.icons else shipped_icons_dir()

    def output_dir(self) -> Path:
        return Path(self.output)

    def check(self) -> list[str]:
        """Parse every option once, refusing values that cannot make a sensible print; returns the
        warnings (values that print, but probably not as meant)."""
        problems = self._sane_sizes()
        if not str(self.output).strip():
            problems.append("--output '': give a folder name, for example output")
        if not 1 <= self.copies <= MAX_COPIES:
            problems.append(f"copies = {self.copies}: give 1 to {MAX_COPIES}")
        if self.players is not None and not 1 <= self.players <= 99:
            problems.append(f"players = {self.players}: give 1 to 99")
        problems += self._cutter_problems()
        if problems:
            raise UsageProblem("; ".join(problems))
        return []

    def _cutter_problems(self) -> list[str]:
        """A cutting machine cuts one sheet at a time, its registration marks inside the printer's margin."""
        if self.cutter is Cutter.NONE:
            return []
        if self.duplex is DuplexMode.FOLD:
            return [
                f"--cutter {self.cutter} with --duplex fold: a machine cuts one sheet, not a folded pair; choose "
                "--duplex long or short (backs printed behind the fronts) or off (back sheets glued on before cutting)"
            ]
        if self.margin.mm > MARK_INSET_MM:
            return [
                f"--margin {self.margin} with --cutter {self.cutter}: the registration marks stand "
                f"{MARK_INSET_MM:g} mm in from the edges, inside the margin; give a margin of at most "
                f"{MARK_INSET_MM:g}mm"
            ]
        return []

    def _sane_sizes(self) -> list[str]:
        card_short, card_long = sorted((self.card.width / MM, self.card.height / MM))
        if card_short < MIN_CARD_MM[0] or card_long < MIN_CARD_MM[1]:
            return [
                f"--card {self.card}: {card_short:g} x {card_long:g} mm is smaller than a card's title, art and "
                f"text fit on; give at least {MIN_CARD_MM[0]:g} x {MIN_CARD_MM[1]:g} mm (mini is 44 x 68 mm)"
            ]
        paper, margin = self.paper, self.margin.mm
        short, long = sorted((paper.width / MM, paper.height / MM))
        if long > MAX_PAPER_MM:
            return [
                f"--paper {self.paper}: {long:g} mm is longer than any printer takes "
                f"(at most {MAX_PAPER_MM:g} mm a side)"
            ]
        room = (short - 2 * margin, long - 2 * margin)
        if room[0] < MIN_PRINTABLE_MM[0] or room[1] < MIN_PRINTABLE_MM[1]:
            return [
                f"--paper {self.paper} with --margin {self.margin} leaves {max(room[0], 0):g} x "
                f"{max(room[1], 0):g} mm to print on; the mats and sheets need at least "
                f"{MIN_PRINTABLE_MM[0]:g} x {MIN_PRINTABLE_MM[1]:g} mm (A4 and Letter leave 200 x 287 and "
                "206 x 269 mm)"
            ]
        return self._sane_bleed(room)

    def _sane_bleed(self, room: tuple[float, float]) -> list[str]:
        """A bleed is drawn around every piece: checked before any work against what it leaves."""
        bleed = self.bleed.mm
        bare = sorted((self.card.width / MM, self.card.height / MM))
        card = [side + 2 * bleed for side in bare]
        fits = bare[0] <= room[0] and bare[1] <= room[1]  # a card too big without it is said as such, later
        if fits and (card[0] > room[0] or card[1] > room[1]):
            return [
                f"--bleed {self.bleed}: a {bleed:g} mm bleed leaves no room for a card: a {self.card} card "
                f"with it takes {card[0]:g} x {card[1]:g} mm, and {self.paper} leaves {room[0]:g} x {room[1]:g} mm "
                "inside its margins; print shops ask 3mm"
            ]
        if bleed > MAX_BLEED_MM:
            return [
                f"--bleed {self.bleed}: more than the {MAX_BLEED_MM} mm print shops ask for (most ask 3 mm); a "
                f"wider bleed takes the room the aids and mats are drawn in: give at most {MAX_BLEED_MM}mm"
            ]
        return []


def _as_flag(name: str) -> str:
    return "--back-offset " if name == "back_offset" else f"--{name.replace('_', '-')}: "


def _parsed(values: dict[str, Any], where: Callable[[str], str]) -> dict[str, Any]:
    """`values` with each typed option parsed; every one that cannot be is named, `where` it came
    from, in one message."""
    out, problems = dict(values), []
    for name, parse in PARSERS.items():
        if name in values:
            try:
                out[name] = parse(values[name])
            except ValueError as exc:
                problems.append(f"{where(name)}{exc}")
    if problems:
        raise UsageProblem("; ".join(problems))
    return out


CONFIG_MAX_BYTES = 64 * 1024
PRINTERS = "printers"  # pnp.toml's table of printer profiles


KINDS = MappingProxyType({"players": int, "copies": int, "ink_saver": bool})  # the rest are texts
IN_WORDS = MappingProxyType({int: "a whole number", bool: "true or false", str: "a text in quotes"})


def _read_config(path: Path, problems: list[Finding] | None = None) -> dict[str, Any]:
    """pnp.toml's options, each checked and parsed; every problem is one line `pnp.toml:LINE: key:
    what is wrong`, all of them at once. Given a `problems` list, they go there and the options
    they name keep their defaults (validate reports them beside the data's); else they are refused."""
    try:
        text = read_regular(path, CONFIG_MAX_BYTES, links=False).decode("utf-8-sig")
        data = tomli.loads(text)
    except UnsafeFile as exc:
        raise UsageProblem(Finding(path=path, message=f"cannot be read: {exc}")) from None
    except UnicodeDecodeError as exc:
        said = f"not UTF-8 text ({exc.reason}: save it as UTF-8)"
        line = exc.object.count(b"\n", 0, exc.start) + 1
        col = exc.start - exc.object.rfind(b"\n", 0, exc.start)
        raise UsageProblem(Finding(path=path, line=line, col=col, message=said)) from None
    except RecursionError:
        said = "arrays or tables nested too deeply for a settings file"
        raise UsageProblem(Finding(path=path, message=said)) from None
    except tomli.TOMLDecodeError as exc:
        said = f"TOML syntax error: {exc.msg}"
        raise UsageProblem(Finding(path=path, line=exc.lineno, col=exc.colno, message=said)) from None
    known = [f.name for f in fields(Settings)]
    found: list[Finding] = []
    values: dict[str, Any] = {}
    for key, value in data.items():
        name = key.replace("-", "_")
        line, col = _place_of(text, key)
        at = partial(_finding, path, line, col, key)

        kind = KINDS.get(name, str)
        if name == PRINTERS:
            values[name] = read_printers(value, text, path, found)
        elif name not in known:
            found.append(at(f"unknown key.{meant_or_known(key, known)}"))
        elif not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            from pnp.source.strict import shown  # pydantic's import, paid only when a value is wrong

            found.append(at(f"expected {IN_WORDS[kind]}, found {shown(value)}"))
        elif name in PARSERS:
            try:
                values[name] = PARSERS[name](value)
            except ValueError as exc:
                found.append(at(str(exc)))
        elif name in ("layouts", "icons") and not (path.parent / str(value)).is_dir():
            found.append(at(_no_folder(path.parent, str(value))))
        else:
            values[name] = value
    if found:
        if problems is None:
            raise UsageProblem("\n".join(map(str, found)))
        problems.extend(found)
    return values


def _no_folder(here: Path, name: str) -> str:
    """Why a folder pnp.toml names cannot be used: one line, not one per file it should hold."""
    folders = sorted(f"{entry.name}/" for entry in here.iterdir() if entry.is_dir() and not entry.name.startswith("."))
    close = closest(f"{name.rstrip('/')}/", folders)
    advice = f" Did you mean {close.rstrip('/')!r}?" if close else f" (it has {', '.join(folders) or 'no folder'})"
    return f"no folder {name!r} beside pnp.toml.{advice}"


def _finding(path: Path, line: int, col: int, key: str, message: str) -> Finding:
    return Finding(path=path, line=line, col=col, message=f"{key}: {message}")


def _place_of(text: str, key: str) -> tuple[int, int]:
    """The line and column a top-level key of a settings file is set at ((1, 1) when it cannot be told)."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.split("=", 1)[0].strip().strip("\"'") == key:
            return number, column_of(line, key)
    return 1, 1
