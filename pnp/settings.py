"""Options every build shares, read once: defaults, then `pnp.toml` in the working directory,
then command-line flags (a flag beats the file)."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path

from pnp.errors import UsageProblem
from pnp.geometry import MM, Size, parse_length
from pnp.icons import DEFAULT_BASE_URL
from pnp.paths import shipped_icons_dir, shipped_layouts_dir

CONFIG_FILE = "pnp.toml"
DUPLEX_MODES = ("long", "short", "off")


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
        settings = cls()
        path = (cwd or Path.cwd()) / CONFIG_FILE
        if path.exists():
            settings = replace(settings, **_read_config(path))
        env_icons = os.environ.get("PNP_ICONS_DIR")
        if env_icons and settings.icons is None:
            settings = replace(settings, icons=env_icons)
        env_url = os.environ.get("PNP_ICONS_BASE_URL")
        if env_url:
            settings = replace(settings, icons_base_url=env_url)
        given = {key: value for key, value in flags.items() if value is not None}
        return replace(settings, **given)

    # parsed views -----------------------------------------------------------------------------
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
            return float(parts[0]) * MM, float(parts[1]) * MM
        except ValueError:
            raise UsageProblem(f"--back-offset {self.back_offset!r}: X and Y must be numbers of mm") from None

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


def _parse(option: str, value, parser):
    try:
        return parser(value)
    except ValueError as exc:
        raise UsageProblem(f"{option}: {exc}") from None


def _read_config(path: Path) -> dict:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
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
