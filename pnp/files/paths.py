"""Where the shipped data lives, both in a source checkout and in an installed package."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _data_dir(name: str) -> Path:
    installed = _PACKAGE / "data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def shipped_layouts_dir() -> Path:
    return _data_dir("layouts")


def shipped_icons_dir() -> Path:
    return _data_dir("icons")


def kit_file() -> Path:
    """The kit's default templates (pnp/games/kit.toml), which every game's pieces are drawn from."""
    return _PACKAGE / "games" / "kit.toml"


def fonts_dir() -> Path:
    return _PACKAGE / "render" / "typefaces"


def inside(child: Path, parent: Path) -> bool:
    """True when `child` resolves to a place under `parent` (symlinks followed)."""
    try:
        child.resolve().relative_to(parent.resolve())
    except ValueError:
        return False
    return True
