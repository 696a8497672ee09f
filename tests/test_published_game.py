"""A game published as its own distribution: Charon's Toll (examples/charons-toll) built as a wheel,
installed beside pnp's wheel in a fresh environment, found through the `pnp.games` entry point, and
built, validated, reported and exported from a scratch folder as a player would."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import ROOT, venv_with
from conftest import run_installed as run_in

EXAMPLE = ROOT / "examples" / "charons-toll"
SLUG = "charons-toll"


@pytest.fixture(scope="module")
def pnp_with_toll(installed, tmp_path_factory) -> Path:
    """pnp's command in an environment that holds pnp's wheel and Charon's Toll's wheel."""
    work = tmp_path_factory.mktemp("toll")
    source = work / "source"  # a copy: building a wheel leaves build files in its source
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    run_in(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", work, source)
    (wheel,) = work.glob("charons_toll-*.whl")
    (pnp,) = (installed.parent / "dist").glob("purgatory_pnp-*.whl")
    return venv_with(work / "venv", pnp, wheel) / "bin" / "pnp"


def test_a_published_game_is_listed_with_where_it_came_from(pnp_with_toll, tmp_path):
    listed = run_in(pnp_with_toll, "list", cwd=tmp_path).stdout
    assert f"{SLUG}  (Charon's Toll; 2-5 players, default 3; from charons-toll 0.1.0)" in listed
    assert "exit-from-purgatory  (Exit from Purgatory; 4+ players, default 4; from pnp itself)" in listed


def test_a_published_game_builds_validates_reports_and_exports(pnp_with_toll, tmp_path):
    built = run_in(pnp_with_toll, "build", SLUG, "--players", "4", cwd=tmp_path)
    assert f"{SLUG}: 4 PDFs" in built.stdout
    out = tmp_path / "output" / SLUG
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["validated"]
    faces = [p for p in manifest["placed"] if p["side"] == "face"]
    count = {kind: sum(1 for p in faces if p["kind"] == kind) for kind in ("obol", "passenger", "boat", "aid")}
    assert count == {"obol": 32, "passenger": 12, "boat": 1, "aid": 4}  # rules.toml for 4 players
    assert {p["back"] for p in manifest["placed"] if p["side"] == "back"} == {"toll", "aid-back"}
    text = " ".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(str(out / "aids.pdf")))
    assert "Pay 1 obol to move the boat one space along the river." in " ".join(text.split())  # {obol_cost}
    rules = " ".join(
        " ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(str(out / "rules.pdf"))
    )
    assert "32 Obol cards (8 per player" in rules and "river.pdf: 2 pages" in rules

    assert "all rules hold" in run_in(pnp_with_toll, "validate", SLUG, cwd=tmp_path).stdout
    run_in(pnp_with_toll, "report", SLUG, cwd=tmp_path)
    assert "This game registers no analysis" in (out / "report.html").read_text()
    for kind in ("images", "printshop", "tts"):
        run_in(pnp_with_toll, "export", kind, SLUG, cwd=tmp_path)
    saved = json.loads((out / "exports" / "tts" / f"{SLUG}.json").read_text())
    objects = {(o["Name"], o["Nickname"]) for o in saved["ObjectStates"]}
    assert {("Deck", "Cards"), ("Figurine_Custom", "Boat"), ("Custom_Tile", "River board")} <= objects
    deck = next(o for o in saved["ObjectStates"] if o["Name"] == "Deck")
    assert len(deck["DeckIDs"]) == 24 + 12  # exported for the default 3 players
    assert len(list((out / "exports" / "images").glob("*.png"))) >= 2
    assert list((out / "exports" / "drivethrucards").glob("*.pdf"))
