"""Options every build shares, read once: defaults, then `pnp.toml` in the working directory,
then command-line flags (a flag beats the file)."""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path

from pnp.errors import UsageProblem
from pnp.geometry import MM, Size, parse_length
from pnp.icons import DEFAULT_BASE_URL
from pnp.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.safefiles import UnsafeFile, read_regular

CONFIG_FILE = "pnp.toml"
DUPLEX_MODES = ("long", "short", "off", "fold")
MAX_BACK_OFFSET_MM = 10
MAX_COPIES = 10000
MIN_PRINTABLE_MM = (170.0, 250.0)   # what the largest sheet (the Seven Steps gamesheet) needs
MAX_PAPER_MM = 1200.0
MAX_QUIET_BLEED_MM = 6


@dataclass(frozen=True)
class Settings:
    paper: str = "a4"
    card: str = "poker"
    players: int | None = None
    output: str = "output"
    ink_saver: bool = False
    bleed: str = "0"
    margin: str = "5mm"
    duplex: str = "long"
    back_offset: str = "0,0"
    copies: int = 1
    layouts: str | None = None
    icons: str | None = None
    icons_base_url: str = DEFAULT_BASE_URL

    @classmethod
    def load(cls, cwd: Path | None = None, **flags) -> "Settings":
        """A project is a folder: its pnp.toml, its `layouts/` and its `icons/` (when it has them)
        come before the copies shipped with pnp; flags beat them all."""
        settings = cls()
        here = cwd or Path.cwd()
        path = here / CONFIG_FILE
        if path.exists() or path.is_symlink():
            config = _read_config(path)
            for key in ("layouts", "icons"):       # folders named in pnp.toml are relative to it
                if key in config:
                    config[key] = str(here / config[key])
            settings = replace(settings, **config)
        env_icons = os.environ.get("PNP_ICONS_DIR")
        if env_icons and settings.icons is None:
            settings = replace(settings, icons=env_icons)
        if settings.layouts is None and (here / "layouts").is_dir():
            settings = replace(settings, layouts=str(here / "layouts"))
        if settings.icons is None and (here / "icons" / "manifest.json").is_file():
            settings = replace(settings, icons=str(here / "icons"))
        env_url = os.environ.get("PNP_ICONS_BASE_URL")
        if env_url:
            settings = replace(settings, icons_base_url=env_url)
        given = {key: value for key, value in flags.items() if value is not None}
        return replace(settings, **given)

    def sources(self) -> str:
        """The line every command starts with: which data it read."""
        shipped = " (shipped with pnp)"
        return (f"layouts: {self.layouts_dir().resolve()}{shipped if self.layouts is None else ''}; "
                f"icons: {self.icons_dir().resolve()}{shipped if self.icons is None else ''}")

    # parsed views: checked once by `check()` when the settings are loaded -----------------------
    def paper_size(self) -> Size:
        return _parse("--paper", self.paper, Size.paper)

    def card_size(self) -> Size:
        return _parse("--card", self.card, Size.card)

    def bleed_pt(self) -> float:
        return _parse("--bleed", self.bleed, parse_length)

    def margin_pt(self) -> float:
        return _parse("--margin", self.margin, parse_length)

    def back_offset_pt(self) -> tuple[float, float]:
        parts = str(self.back_offset).split(",")
        if len(parts) != 2:
            raise UsageProblem(f"--back-offset {self.back_offset!r}: give X,Y in mm, for example 0.5,-1")
        try:
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            raise UsageProblem(f"--back-offset {self.back_offset!r}: X and Y must be numbers of mm") from None
        if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (x, y)):
            raise UsageProblem(f"--back-offset {self.back_offset!r}: each of X and Y must be a number from "
                               f"-{MAX_BACK_OFFSET_MM} to {MAX_BACK_OFFSET_MM} mm (printers drift by a millimetre "
                               "or two; `pnp calibrate` measures yours)")
        return x * MM, y * MM

    def duplex_mode(self) -> str:
        if self.duplex not in DUPLEX_MODES:
            raise UsageProblem(f"duplex {self.duplex!r} is not one of {', '.join(DUPLEX_MODES)}")
        return self.duplex

    def layouts_dir(self) -> Path:
        return Path(self.layouts) if self.layouts else shipped_layouts_dir()

    def icons_dir(self) -> Path:
        return Path(self.icons) if self.icons else shipped_icons_dir()

    def output_dir(self) -> Path:
        return Path(self.output)

    def check(self) -> list[str]:
        """Parse every option once, refusing values that cannot make a sensible print; returns the
        warnings (values that print, but probably not as meant)."""
        problems = []
        for view in (self.paper_size, self.card_size, self.bleed_pt, self.margin_pt, self.back_offset_pt,
                     self.duplex_mode):
            try:
                view()
            except UsageProblem as exc:
                problems.append(exc.message)
        if not problems:
            problems += self._sane_sizes()
        if not str(self.output).strip():
            problems.append("--output '': give a folder name, for example output")
        if not 1 <= self.copies <= MAX_COPIES:
            problems.append(f"copies = {self.copies}: give 1 to {MAX_COPIES}")
        if self.players is not None and not 1 <= self.players <= 99:
            problems.append(f"players = {self.players}: give 1 to 99")
        if problems:
            raise UsageProblem("; ".join(problems))
        if self.bleed_pt() > MAX_QUIET_BLEED_MM * MM:
            return [f"--bleed {self.bleed}: more than the {MAX_QUIET_BLEED_MM} mm print shops ask for; "
                    "the pieces take more paper"]
        return []

    def _sane_sizes(self) -> list[str]:
        paper, margin = self.paper_size(), self.margin_pt() / MM
        short, long = sorted((paper.width / MM, paper.height / MM))
        if long > MAX_PAPER_MM:
            return [f"--paper {self.paper}: {long:g} mm is longer than any printer takes "
                    f"(at most {MAX_PAPER_MM:g} mm a side)"]
        room = (short - 2 * margin, long - 2 * margin)
        if room[0] < MIN_PRINTABLE_MM[0] or room[1] < MIN_PRINTABLE_MM[1]:
            return [f"--paper {self.paper} with --margin {self.margin} leaves {max(room[0], 0):g} x "
                    f"{max(room[1], 0):g} mm to print on; the mats and sheets need at least "
                    f"{MIN_PRINTABLE_MM[0]:g} x {MIN_PRINTABLE_MM[1]:g} mm (A4 and Letter leave 200 x 287 and "
                    "206 x 269 mm)"]
        return []


def _parse(option: str, value, parser):
    try:
        return parser(value)
    except ValueError as exc:
        raise UsageProblem(f"{option}: {exc}") from None


CONFIG_MAX_BYTES = 64 * 1024


def _read_config(path: Path) -> dict:
    try:
        data = tomllib.loads(read_regular(path, CONFIG_MAX_BYTES).decode("utf-8-sig"))
    except UnsafeFile as exc:
        raise UsageProblem(f"{path.name}: cannot be read: {exc}") from None
    except UnicodeDecodeError as exc:
        raise UsageProblem(f"{path.name}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except RecursionError:
        raise UsageProblem(f"{path.name}: arrays or tables nested too deeply for a settings file") from None
    except tomllib.TOMLDecodeError as exc:
        raise UsageProblem(f"{path.name}: TOML syntax error: {exc}") from None
    known = {f.name: f for f in fields(Settings)}
    problems = []
    values = {}
    for key, value in data.items():
        name = key.replace("-", "_")
        if name not in known:
            problems.append(f"{path.name}: unknown key {key!r} (known: {', '.join(sorted(known))})")
            continue
        expected = {"players": int, "copies": int, "ink_saver": bool}.get(name, str)
        if not isinstance(value, expected) or isinstance(value, bool) and expected is not bool:
            problems.append(f"{path.name}: {key} must be {expected.__name__}, not {type(value).__name__}")
            continue
        values[name] = value
    if problems:
        raise UsageProblem("; ".join(problems))
    return values
