"""Exit from Purgatory, counted and measured from the PDFs themselves."""

from __future__ import annotations

import math

import pypdfium2 as pdfium
import pytest
from pdfscan import MM, scan
from pypdf import PdfReader

GAME = "exit-from-purgatory"



def forms(page, icon):
    return [f for f in page.forms if f[0].endswith(icon.replace("/", "__").replace("-", "_"))]


@pytest.mark.parametrize("players", [4, 5, 7])
def test_counts_from_the_pdfs(run, built, players):
    out = built(GAME, "--players", players)
    pages = scan(out / "cards.pdf")
    names = {"Apple": 0, "Worm": 0, "Lantern": 0}
    for index, page in enumerate(pages):
        faces = [t for t, _, _ in page.texts if t in names]
        if faces:
            for name in faces:
                names[name] += 1
            backs = pages[index + 1]
            assert not [t for t, _, _ in backs.texts if t in names]
            lifts = forms(backs, "lorc/lift")
            assert len(lifts) == len(faces)      # one lift back behind every face
    assert names == {"Apple": 5 * players, "Worm": 5 * players, "Lantern": 5 * players}

    tokens = pages                                       # the tokens share the last sheets of cards
    apples = sum(len(forms(p, "lorc/shiny-apple")) for p in tokens[0::2])     # fronts on odd pages
    worms = sum(len(forms(p, "lorc/apple-maggot")) for p in tokens[1::2])
    assert apples - names["Apple"] == worms == 6 * players          # each Apple card shows the apple too

    mats = scan(out / "mats-and-aids.pdf")
    assert sum(1 for p in mats for t, _, _ in p.texts if t == "Brain-freeze scoring mat") == players
    assert sum(1 for p in mats for t, _, _ in p.texts if t == "Exit from Purgatory: Player aid") == players
    assert run("validate", GAME, "--players", players).exit_code == 0


def test_three_players_is_refused_quoting_the_rule(run):
    for command in ("build", "validate"):
        result = run(command, GAME, "--players", 3)
        assert result.exit_code == 2
        assert "at least 4 players" in result.output and "Traceback" not in result.output


def test_mat_labels_lie_on_the_snowflake_arms(run, built):
    out = built(GAME)
    path = out / "mats-and-aids.pdf"
    page_scan = scan(path)[1]
    letters = {}
    for text, box in page_scan.boxes:
        if text in "ABCDEF" and len(text) == 1:
            letters[text] = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    assert sorted(letters) == list("ABCDEF")
    cx = sum(p[0] for p in letters.values()) / 6
    cy = sum(p[1] for p in letters.values()) / 6
    angles = {k: math.degrees(math.atan2(v[0] - cx, v[1] - cy)) % 360 for k, v in letters.items()}
    for i, letter in enumerate("ABCDEF"):           # clockwise from the top, 60 degrees apart
        assert abs(((angles[letter] - 60 * i) + 180) % 360 - 180) < 3, angles
    scale = 100 / 72
    image = pdfium.PdfDocument(str(path))[1].render(scale=scale).to_pil().convert("RGB")
    height = image.height
    icon = (0x33, 0x41, 0x5C)
    for letter, (x, y) in letters.items():
        for fraction in (0.5, 0.6, 0.7, 0.8):
            px, py = cx + (x - cx) * fraction, cy + (y - cy) * fraction
            pixel = image.getpixel((round(px * scale), round(height - py * scale)))
            assert all(abs(a - b) < 40 for a, b in zip(pixel, icon)), (letter, fraction, pixel)
        # and the arm is an arm: 30 degrees off it, the same radius is the white between arms
        r = math.hypot(x - cx, y - cy) * 0.7
        a = math.atan2(x - cx, y - cy) + math.radians(30)
        off = image.getpixel((round((cx + r * math.sin(a)) * scale), round(height - (cy + r * math.cos(a)) * scale)))
        assert min(off) > 200, (letter, off)


def test_names_and_challenges_on_the_mat(run, built):
    out = built(GAME)
    text = scan(out / "mats-and-aids.pdf")[1].text()
    for label in ("A Generosity", "B Luck", "C Love", "D Peace", "E Humility", "F Balance"):
        assert label in text


def test_ink_saver_and_letter_build(run, built):
    out = built(GAME, "--ink-saver", "--paper", "letter")
    reader = PdfReader(out / "cards.pdf")
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612)


def test_the_mats_token_spots_each_hold_a_token_apart(built):
    """Every token spot on a printed mat is a token wide and clear of the others: six tokens lie on
    a mat at once, one per arm."""
    import tomllib

    from pnp.files.paths import shipped_layouts_dir

    token = tomllib.loads((shipped_layouts_dir() / GAME / "components.toml").read_text())["tokens"]["diameter"]
    out = built(GAME)
    mats = 0
    for number, page in enumerate(scan(out / "mats-and-aids.pdf"), start=1):
        spots = {(round((x0 + x1) / 2, 1), round((y0 + y1) / 2, 1), x1 - x0) for x0, y0, x1, y1, _ in page.curves
                 if token * MM <= x1 - x0 < 2 * token * MM and abs((x1 - x0) - (y1 - y0)) < 0.2}
        assert len(spots) % 6 == 0, (number, len(spots))
        mats += len(spots) // 6
        for a, b in [(a, b) for i, a in enumerate(sorted(spots)) for b in sorted(spots)[i + 1:]]:
            assert math.hypot(a[0] - b[0], a[1] - b[1]) >= (a[2] + b[2]) / 2 - 0.1, (number, a, b)
    assert mats == 4
