"""Printer profiles: what a player's printers need, kept in the project's pnp.toml under
`[printers.NAME]` and chosen with `--printer NAME` (or `printer = "NAME"`), so a house with an
office laser and a home inkjet never types a back offset twice.

A profile holds only what belongs to a printer: its paper, the edge it flips on, its back offset,
its margin and the cutting machine beside it. It beats pnp.toml's own keys; a command-line flag beats it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pnp.errors import UsageProblem, meant_or_known
from pnp.findings import Finding
from pnp.source.printoptions import BackOffset, Cutter, DuplexMode, Length, Paper
from pnp.source.tomlfiles import TomlLines

PROFILE: Mapping[str, Callable[[Any], object]] = MappingProxyType(
    {
        "paper": Paper.parse,
        "duplex": DuplexMode.parse,
        "back_offset": BackOffset.parse,
        "margin": Length.parse,
        "cutter": Cutter.parse,
    }
)


def read_printers(table: object, text: str, path: Path, found: list[Finding]) -> dict[str, dict[str, Any]]:
    """Each profile of `[printers]`, its values parsed; a problem in one is added to `found` at
    its line, and the key it names is left out."""
    lines = TomlLines.of(text)

    def at(loc: tuple[str, ...], message: str) -> Finding:
        line, col = lines.position(loc)
        return Finding(path=path, line=line, col=col, message=f"{'.'.join(loc)}: {message}")

    if not isinstance(table, dict):
        found.append(at(("printers",), "expected tables such as [printers.office] with paper, duplex, back_offset"))
        return {}
    profiles: dict[str, dict[str, Any]] = {}
    for name, profile in table.items():
        if not isinstance(profile, dict):
            found.append(at(("printers", name), "expected a table of paper, duplex, back_offset, margin and cutter"))
            continue
        profiles[name] = {}
        for key, value in profile.items():
            if key not in PROFILE:
                found.append(at(("printers", name, key), f"not a printer's setting.{meant_or_known(key, PROFILE)}"))
                continue
            try:
                profiles[name][key] = PROFILE[key](value if not isinstance(value, (int, float)) else str(value))
            except (ValueError, TypeError) as exc:
                found.append(at(("printers", name, key), str(exc)))
    return profiles


def chosen_profile(name: str, profiles: Mapping[str, dict[str, Any]]) -> dict[str, Any]:
    """The profile `name` names; one pnp.toml does not define is a usage error."""
    if name not in profiles:
        known = meant_or_known(name, profiles, "defined") if profiles else " (it defines no printer)"
        said = f"--printer {name}: pnp.toml has no [printers.{name}]"
        raise UsageProblem(said + ("." if known.startswith(" Did") else "") + known)
    return profiles[name]


def profile_lines(name: str, *, paper: str, duplex: str, margin: str, known: bool) -> str:
    """What a player writes in pnp.toml for a printer just calibrated, the offset left to read:
    the line to change in a profile it has, else the whole table."""
    offset = "back_offset = \"X,Y\"    # the X,Y where the back's crosshairs fall on the front's rulers"
    if known:
        return f"in [printers.{name}]:\n{offset}"
    return f'[printers.{name}]\npaper = "{paper}"\nduplex = "{duplex}"\nmargin = "{margin}"\n{offset}'
