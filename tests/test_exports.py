"""Exports: print-on-demand card images, Tabletop Simulator sheets, and the HTML gallery."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from pnp.rules import load_rules
from pnp.paths import shipped_layouts_dir


def quantities(folder: Path) -> list[dict]:
    with open(folder / "quantities.csv", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("game, kinds", [("straight-to", {"soul-good", "soul-evil"}),
                                         ("exit-from-purgatory", {"apple", "worm", "lantern"}),
                                         ("punished", {"tier-1", "tier-2", "tier-3"})])
def test_images_match_the_rules_model(run, isolated, game, kinds):
    result = run("export", "images", game)
    assert result.exit_code == 0, result.output
    folder = isolated / "output" / game / "exports" / "images"
    rows = quantities(folder)
    rules = load_rules(shipped_layouts_dir() / game)
    players = rules.players.default
    for kind in kinds:
        spec = rules.components[kind]
        total = sum(int(r["quantity"]) for r in rows if r["kind"] == kind and r["side"] == "face")
        assert total >= spec.expected(players) if spec.at_least else total == spec.expected(players)
    faces = sum(int(r["quantity"]) for r in rows if r["side"] == "face")
    backs = sum(int(r["quantity"]) for r in rows if r["side"] == "back")
    assert faces == backs                                # every card has a back image
    for row in rows:
        with Image.open(folder / row["file"]) as image:
            assert image.size == (825, 1125)             # poker + 1/8 in bleed at 300 dpi
    assert len(list(folder.glob("*.png"))) == len(rows)


def test_soul_image_names_are_upload_friendly(run, isolated):
    assert run("export", "images", "straight-to").exit_code == 0
    names = sorted(p.name for p in (isolated / "output/straight-to/exports/images").glob("*.png"))
    assert "soul-good-01.png" in names and "soul-evil-03.png" in names and "back-soul.png" in names
    assert all(re.fullmatch(r"[a-z0-9-]+\.png", name) for name in names)


def test_dpi_and_bleed_options(run, isolated):
    assert run("export", "images", "straight-to", "--dpi", "150", "--bleed", "0").exit_code == 0
    with Image.open(isolated / "output/straight-to/exports/images/soul-good-01.png") as image:
        assert image.size == (375, 525)


def test_a_card_image_matches_its_pdf_card(run, isolated):
    assert run("build", "straight-to").exit_code == 0
    assert run("export", "images", "straight-to", "--bleed", "0").exit_code == 0
    out = isolated / "output" / "straight-to"
    manifest = json.loads((out / "manifest.json").read_text())
    card = next(p for p in manifest["placed"] if p["kind"] == "soul-good" and p["side"] == "face")
    dpi = 300
    page = pdfium.PdfDocument(str(out / card["document"]))[card["page"] - 1]
    rendered = page.render(scale=dpi / 72).to_pil().convert("RGB")
    px = dpi / 25.4
    left = card["x_mm"] * px
    top = rendered.height - (card["y_mm"] + card["h_mm"]) * px
    from_pdf = rendered.crop((round(left), round(top), round(left) + 750, round(top) + 1050))
    image = Image.open(out / "exports/images/soul-good-01.png").convert("RGB")
    assert image.size == (750, 1050)
    inset = (12, 12, 738, 1038)          # 1 mm in: the PDF draws its cut hairline on the edge
    diff = ImageChops.difference(from_pdf.crop(inset), image.crop(inset))
    assert max(ImageStat.Stat(diff).mean) < 2.0, ImageStat.Stat(diff).mean


def test_tts_sheets_for_100_soul_cards(run, isolated):
    result = run("export", "tts", "straight-to")
    assert result.exit_code == 0, result.output
    folder = isolated / "output" / "straight-to" / "exports" / "tts"
    infos = [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]
    assert [info["count"] for info in infos] == [69, 31]
    for info in infos:
        assert info["width"] <= 10 and info["height"] <= 7
        assert info["width"] * info["height"] > info["count"]               # the hidden slot is free of cards
        assert info["hidden_slot"] == info["width"] * info["height"] - 1
        with Image.open(folder / info["sheet"]) as sheet:
            assert sheet.size == (info["width_px"], info["height_px"])
            assert sheet.width <= 4096 and sheet.height <= 4096
        assert (folder / info["back"]).exists()
    assert (infos[0]["width"], infos[0]["height"]) == (10, 7)
    assert len(list(folder.glob("*-back-*.png"))) == 1                     # one distinct back


def test_games_without_cards_say_so(run):
    result = run("export", "tts", "seven-steps")
    assert result.exit_code == 2 and "no cards to export" in result.output


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def test_gallery_in_a_real_headless_browser(run, isolated):
    browser = _chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs Debian's chromium")
        pytest.skip("Debian's chromium is not installed here (CI installs it)")
    assert run("build").exit_code == 0
    assert run("export", "images", "straight-to").exit_code == 0
    assert run("export", "tts", "straight-to").exit_code == 0
    index = isolated / "output" / "index.html"
    html = index.read_text()
    links = re.findall(r'(?:href|src)="([^"#][^"]*)"', html)
    assert links and all((index.parent / link).exists() for link in links), \
        [link for link in links if not (index.parent / link).exists()]
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run([browser, *flags, f"--user-data-dir={profile}", "--virtual-time-budget=5000",
                              "--dump-dom", index.as_uri()], capture_output=True, text=True, timeout=120).stdout
    images = int(re.search(r'data-images="(\d+)"', dom).group(1))
    broken = int(re.search(r'data-broken="(\d+)"', dom).group(1))
    assert images >= 20 and broken == 0
    for title in ("Exit from Purgatory", "Seven Steps", "Particle Panic", "Punished", "Straight to"):
        assert title in dom
    shot = isolated / "gallery.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, *flags, f"--user-data-dir={profile}", "--window-size=1280,1800",
                        f"--screenshot={shot}", index.as_uri()], capture_output=True, timeout=120)
    with Image.open(shot) as picture:
        assert picture.size == (1280, 1800)
        assert len(picture.convert("RGB").getcolors(1 << 20) or []) > 50     # a real page, not a blank
