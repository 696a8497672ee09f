"""Particle Panic: the ring board and pieces read back from the PDFs."""

from __future__ import annotations

import math

import pytest
from pdfscan import MM, scan

GAME = "particle-panic"


def test_ring_on_one_a3_page(run, built):
    out = built(GAME, "--paper", "a3")
    pages = scan(out / "board.pdf")
    assert len(pages) == 1
    page = pages[0]
    numbers = {}
    for text, box in page.boxes:
        if text in "123456" and len(text) == 1:
            numbers[int(text)] = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    assert sorted(numbers) == [1, 2, 3, 4, 5, 6]
    cx = sum(p[0] for p in numbers.values()) / 6
    cy = sum(p[1] for p in numbers.values()) / 6
    # bearings measured clockwise from straight up
    bearing = {k: math.degrees(math.atan2(x - cx, y - cy)) % 360 for k, (x, y) in numbers.items()}
    assert bearing[1] < 20 or bearing[1] > 340  # space 1 at the top
    order = sorted(numbers, key=lambda k: (bearing[k] + 20) % 360)
    assert order == [1, 2, 3, 4, 5, 6]  # clockwise
    zones = [r for r in page.rects if r[2] >= 63.5 * MM and r[3] >= 88.9 * MM and r[2] < 80 * MM and r[3] < 100 * MM]
    assert len(zones) == 6  # a card zone on every space


def test_tiled_on_a4_with_marks_and_labels(run, built):
    out = built(GAME)
    pages = scan(out / "board.pdf")
    assert len(pages) == 3  # space 1 and 4 straddle the middle: the cuts go either side of them
    text = " ".join(p.text() for p in pages)
    assert "A1 of 3x1" in text and "C1 of 3x1" in text and "glue here" in text and "cut here" in text
    crosshairs = [c for p in pages for c in p.curves if abs((c[2] - c[0]) - 4.4 * MM) < 0.3]
    assert len(crosshairs) >= 4  # alignment rings on both tiles


@pytest.mark.parametrize("players", [1, 2, 4])
def test_pieces(run, built, players):
    out = built(GAME, "--players", players)
    pages = scan(out / "pieces.pdf")
    particles = sum(1 for p in pages for f in p.forms if f[0].endswith("icon_skoll__atom"))
    assert particles >= 36
    texts = [t for p in pages for t, _, _ in p.texts]
    assert sum(1 for t in texts if t == "Hand limit") == players
    pawns = sum(1 for p in pages for f in p.forms if f[0].endswith("icon_lorc__pawn"))
    assert pawns == 2 * players  # each standee shows the pawn on both halves
    assert sum(1 for t in texts if t == "Self-destruct codes") == 1


def test_four_pawns_and_trackers_by_default(run, built):
    import json

    out = built(GAME)
    placed = json.loads((out / "manifest.json").read_text())["placed"]
    assert sum(1 for p in placed if p["kind"] == "pawn") == 4
    assert sum(1 for p in placed if p["kind"] == "hand-tracker") == 4


def test_five_players_are_refused(run):
    result = run("validate", GAME, "--players", 5)
    assert result.exit_code == 2
    assert "1-4 players" in result.output and "Traceback" not in result.output
