"""A designer's project: a folder with pnp.toml, its own copy of the layouts and the icon cache.
`pnp` run inside it reads that copy, so edits take effect whichever way pnp was installed."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

from pnp.errors import UsageProblem
from pnp.files.paths import shipped_icons_dir
from pnp.source.settings import CONFIG_FILE

CONFIG_TEXT = """# pnp project settings: every key is optional; a command-line flag beats the value here.
# paper = "a4"          # a4, letter, a3, tabloid, or WxH in mm
# card = "poker"        # poker, bridge, tarot, mini, american-mini, or WxH in mm
# duplex = "long"       # long, short, off, fold
# back_offset = "0,0"   # X,Y in mm, to line the backs up on your printer
# bleed = "0"           # e.g. 3mm for a print shop
# ink_saver = false
layouts = "layouts"
icons = "icons"
"""

README_TEXT = """This is a pnp project. Edit the files under layouts/<game>/ (counts in rules.toml, what the
pieces show in the other files), then run, in this folder:

    pnp validate        every problem, with its file, key and line
    pnp build           the PDFs, into output/
    pnp watch           rebuild on save and show the gallery in your browser

`pnp icons fetch AUTHOR/NAME` adds an icon from game-icons.net to icons/. Your own art goes in
layouts/<game>/art/ (SVG, PNG or JPEG: name it as icon = "art/<file>", credit it in
art/credits.toml), your own TrueType fonts in layouts/<game>/fonts/ (families in fonts/fonts.toml,
a slot's font = "<family>"); pnp's docs (docs/pages/tutorial.md) say more.
"""

# what a build makes again from the project's files: kept out of a repository the designer makes here
GITIGNORE_TEXT = """# pnp's builds, exports and reports: made again by `pnp build`
output/
"""


def new_project(folder: Path, shipped: Mapping[str, Path]) -> list[str]:
    """Copy the shipped data of the games in `shipped` (slug -> its data folder) and the icon cache
    into a new folder, with pnp.toml, a README and a .gitignore for the output; returns the games."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise UsageProblem(f"{folder}: already exists and is not an empty folder; name a new one")
    chosen = sorted(shipped)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for game in chosen:
            shutil.copytree(
                shipped[game], folder / "layouts" / game, ignore=shutil.ignore_patterns("__pycache__", "*.py", "*.pyc")
            )
        shutil.copytree(
            shipped_icons_dir(), folder / "icons", ignore=shutil.ignore_patterns("__pycache__", "*.py", "*.pyc")
        )
        (folder / CONFIG_FILE).write_text(CONFIG_TEXT, encoding="utf-8")
        (folder / "README.txt").write_text(README_TEXT, encoding="utf-8")
        (folder / ".gitignore").write_text(GITIGNORE_TEXT, encoding="utf-8")
    except OSError as exc:
        raise UsageProblem(f"{folder}: cannot create the project: {exc.strerror or exc}") from None
    return chosen
