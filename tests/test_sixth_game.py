"""The architecture's promise, exercised: a sixth game (two kinds of cards with one back, a two-sided
token and a player aid) is its module, its layouts/ folder and one registry line. The registry line
is added the way a developer would, before the CLI is loaded; nothing else in pnp changes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium

SIXTH = Path(__file__).parent / "data" / "sixth_game"
BUILD = """
import sys
sys.path.insert(0, sys.argv[1])
import pnp.games
pnp.games.GAMES["ferryman"] = "ferryman"          # the registry line
from pnp.cli import main
sys.argv = ["pnp", "build", "ferryman", "--layouts", sys.argv[2], "-o", sys.argv[3]]
main()
"""


def test_a_sixth_game_builds_from_its_module_layouts_and_one_registry_line(tmp_path):
    out = tmp_path / "output"
    result = subprocess.run([sys.executable, "-c", BUILD, str(SIXTH), str(SIXTH / "layouts"), str(out)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    manifest = json.loads((out / "ferryman" / "manifest.json").read_text())
    assert manifest["validated"]
    faces = [p for p in manifest["placed"] if p["side"] == "face"]
    backs = [p for p in manifest["placed"] if p["side"] == "back"]
    count = {kind: sum(1 for p in faces if p["kind"] == kind) for kind in ("coin", "soul", "lamp", "aid")}
    assert count == {"coin": 18, "soul": 12, "lamp": 3, "aid": 3}          # rules.toml for the default 3 players
    assert {p["back"] for p in backs if p["kind"] in ("coin", "soul")} == {"ferry"}
    assert sum(1 for p in backs if p["kind"] == "lamp") == 3
    text = "".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(str(out / "ferryman" / "aids.pdf")))
    assert "Ferryman: player aid" in text and "Draw to 4 cards." in text       # {hand} from rules.toml
    module = (SIXTH / "ferryman.py").read_text().splitlines()
    assert len(module) < 130
