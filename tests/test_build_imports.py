"""What a build loads and what it produces regardless of accelerators: svglib stays off the build
path, and reportlab's C accelerator changes speed, never bytes."""

from __future__ import annotations

import subprocess
import sys

BUILD_AND_LIST = """
import hashlib, sys
{block}
from pnp.pipeline.build import build_game
from pnp.source.icons import IconStore
from pnp.files.paths import shipped_icons_dir
from pnp.source.settings import Settings
import reportlab.lib.rl_accel as accel
print('accelerated:', type(accel.fp_str).__name__ == 'builtin_function_or_method')
for game in ('exit-from-purgatory', 'straight-to', 'punished'):
    for doc in build_game(game, Settings(), IconStore(shipped_icons_dir())).documents:
        print(game, doc.filename, hashlib.sha256(doc.pdf).hexdigest())
"""
BLOCK_ACCEL = "sys.modules['_rl_accel'] = None    # as if rl_accel were not installed"


RUN_PNP = """
import sys, runpy
{prepare}
sys.argv = ['pnp', 'build', *{games}, '--force', '--jobs', '1', '-o', sys.argv[1]]
try:
    runpy.run_module('pnp', run_name='__main__')
except SystemExit as exit:
    assert not exit.code, exit.code
{report}
"""


def _run(code: str, *args: str) -> list[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True
    ).stdout.splitlines()


def test_pdfs_are_byte_identical_with_and_without_rl_accel():
    fast = _run(BUILD_AND_LIST.format(block=""))
    slow = _run(BUILD_AND_LIST.format(block=BLOCK_ACCEL))
    assert fast[0] == "accelerated: True" and slow[0] == "accelerated: False"
    assert len(fast) > 5 and fast[1:] == slow[1:]


def test_building_a_game_does_not_import_svglib(tmp_path):
    code = RUN_PNP.format(
        prepare="",
        games=["exit-from-purgatory"],
        report=("print('loaded:', sorted(m for m in sys.modules if m.split('.')[0] in ('svglib', 'pydantic')))"),
    )
    out = _run(code, str(tmp_path / "out"))
    assert (tmp_path / "out" / "exit-from-purgatory" / "cards.pdf").is_file()
    assert "svglib" not in out[-1], out


WATCH_LOADS = """
from pnp.pipeline import writing as pipeline
built = pipeline.build_and_write
from pnp.source.shapecache import converter
def watched(slug, *args):
    print(slug, 'converter read:', converter.cache_info().currsize == 1)
    before = set(sys.modules)
    outcome = built(slug, *args)
    print(slug, 'loaded:', sorted(m for m in set(sys.modules) - before
                                  if m.split('.')[0] in ('pnp', 'email', 'importlib')))
    return outcome
pipeline.build_and_write = watched
"""


def test_games_build_warm_after_the_build_loads_what_they_share(tmp_path):
    """What every game uses (the drawing modules, the shape cache's converter version) is loaded
    before the first game builds, once for all of them: in the parent, before workers fork, so no
    worker loads it again, and a game's recorded CPU is its own work."""
    code = RUN_PNP.format(prepare=WATCH_LOADS, games=["seven-steps", "straight-to"], report="")
    out = _run(code, str(tmp_path / "out"))
    lines = [line for line in out if " loaded: " in line]
    assert lines == ["seven-steps loaded: []", "straight-to loaded: []"]
    ready = [line for line in out if " converter read: " in line]  # before the first game, not by it
    assert ready == ["seven-steps converter read: True", "straight-to converter read: True"]
