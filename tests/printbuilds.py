"""Every game built in-process for a paper, bleed and duplex mode, once per test session: the
print tests of several modules read the same builds."""

from __future__ import annotations

import functools
import pickle
from pathlib import Path

from conftest import EVERY_GAME
from sharedbuilds import made_once

from pnp.files.paths import shipped_icons_dir
from pnp.pipeline.build import build_game
from pnp.source.icons import IconStore
from pnp.source.settings import Settings

OFFSET = (1.5, -0.8)  # mm, given on the A4 duplex builds: backs move by it after the mirroring
MODES = ("long", "short", "fold", "off")


def built(paper: str, bleed: str = "0", duplex: str = "long", ink_saver: bool = False, cutter: str = "none") -> dict:
    """game -> its build result; the A4 duplex builds shift their backs by OFFSET. One build per
    set of options however a test names them (the cache keys on the arguments as passed)."""
    return _built(paper, bleed, duplex, ink_saver, cutter)


@functools.cache
def _built(paper: str, bleed: str, duplex: str, ink_saver: bool, cutter: str) -> dict:
    """Built once per test run, however many workers ask (tests/sharedbuilds.py)."""

    def make(folder: Path) -> None:
        (folder / "builds.pickle").write_bytes(pickle.dumps(_build(paper, bleed, duplex, ink_saver, cutter)))

    folder = made_once(f"{paper}-{bleed}-{duplex}-{ink_saver}-{cutter}", make)
    return pickle.loads((folder / "builds.pickle").read_bytes())


def _build(paper: str, bleed: str, duplex: str, ink_saver: bool, cutter: str) -> dict:
    offset = ",".join(map(str, OFFSET)) if paper == "a4" and duplex in ("long", "short") else "0,0"
    settings = Settings(
        paper=paper,
        bleed=bleed,
        duplex=duplex,
        margin="3mm" if bleed != "0" else "5mm",
        back_offset=offset,
        ink_saver=ink_saver,
        cutter=cutter,
    )
    store = IconStore(shipped_icons_dir())
    return {game: build_game(game, settings, store) for game in sorted(EVERY_GAME)}
