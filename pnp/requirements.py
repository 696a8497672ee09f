"""The libraries pnp needs, as its package metadata names them (or, run from a checkout that was
never installed, as pyproject.toml does), and which of them this Python lacks: a user who runs pnp
in the wrong Python hears every missing library at once, and the command that installs them."""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "purgatory-pnp"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def required() -> list[str]:
    """The distributions a plain install of pnp brings (no extras)."""
    try:
        wanted = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:  # a checkout run with `python -m pnp`, never installed
        import tomllib

        project = Path(__file__).resolve().parent.parent / "pyproject.toml"
        try:
            wanted = tomllib.loads(project.read_text(encoding="utf-8"))["project"]["dependencies"]
        except (OSError, ValueError, KeyError):
            return []
    return [match.group(0) for spec in wanted if "extra ==" not in spec and (match := NAME.match(spec))]


def missing() -> list[str]:
    """The required distributions this Python has not installed."""
    out = []
    for name in required():
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            out.append(name)
    return out


def said(module: str | None) -> str:
    """One message for a library that could not be imported (`module`), naming every one missing."""
    lacking = missing() or [module or "a library"]
    return (
        f"Error: this Python ({sys.executable}) lacks {', '.join(lacking)}, which pnp needs; install pnp "
        "with its dependencies: `pip install .` in the folder that holds pyproject.toml"
    )
