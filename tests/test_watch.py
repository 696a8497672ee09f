"""`pnp watch` as a designer runs it: a real process in a project folder, a saved edit, the PDF
rebuilt, the reload signal raised, and the gallery open in a real headless browser."""

from __future__ import annotations

import json
import re
import shutil
import time
import urllib.request

import pytest
from conftest import watch_process

from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read()


def _wait_for(predicate, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"waited {seconds} s for {what}")


@pytest.fixture
def watching(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(shipped_layouts_dir() / "punished", project / "layouts" / "punished")
    shutil.copytree(shipped_icons_dir(), project / "icons")
    with watch_process(project, log_path=tmp_path / "watch.log") as (_, address):
        yield project, address, tmp_path / "watch.log"


def test_a_saved_edit_rebuilds_the_pdf_and_signals_a_reload(watching):
    project, url, log = watching
    pdf = project / "output" / "punished" / "cards.pdf"
    assert pdf.is_file()
    before = pdf.stat().st_mtime_ns
    assert json.loads(_get(url + "__pnp/version"))["version"] == 0
    page = _get(url).decode()
    assert "data-live-reload" in page and "Punished" in page
    cards = project / "layouts" / "punished" / "cards.toml"
    cards.write_text(cards.read_text().replace('name = "Still Water"', 'name = "Still Waters"', 1))
    _wait_for(lambda: pdf.stat().st_mtime_ns != before, 120, "the rebuilt cards.pdf")
    _wait_for(lambda: json.loads(_get(url + "__pnp/version"))["version"] >= 1, 120, "the reload signal")
    import pypdfium2 as pdfium

    text = "".join(p.get_textpage().get_text_range() for p in pdfium.PdfDocument(str(pdf)))
    assert "Still Waters" in text
    assert "rebuilt punished in" in log.read_text()


def test_the_live_gallery_in_a_real_browser(watching, browser):
    _, url, _ = watching
    dom = browser(url)
    assert 'data-live-reload="on"' in dom  # the reload script ran in the page
    assert int(re.search(r'data-images="(\d+)"', dom).group(1)) >= 3
    assert re.search(r'data-broken="0"', dom)
    assert "Punished" in dom


def test_an_icon_change_rebuilds_every_game_and_a_layout_change_its_own(tmp_path):
    """What `pnp watch` rebuilds for a save: every game when the icon cache changed (any game may
    draw the icon), the one game whose layout folder changed, nothing for a file elsewhere
    (reliability item 17: a watch that ignored icon changes went through the suite)."""
    from pnp.site.watch import games_touched

    layouts, icons = tmp_path / "layouts", tmp_path / "icons"
    for folder in (layouts / "punished", layouts / "seven-steps", icons / "lorc"):
        folder.mkdir(parents=True)
    games = ["punished", "seven-steps"]
    assert games_touched([str(icons / "lorc" / "lift.svg")], layouts, icons, games) == games
    assert games_touched([str(icons / "manifest.json")], layouts, icons, games) == games
    assert games_touched([str(layouts / "seven-steps" / "gamesheet.toml")], layouts, icons, games) == ["seven-steps"]
    assert games_touched([str(tmp_path / "notes.txt")], layouts, icons, games) == []
