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
            assert len(lifts) == len(faces)  # one lift back behind every face
    assert names == {"Apple": 5 * players, "Worm": 5 * players, "Lantern": 5 * players}

    tokens = pages  # the tokens share the last sheets of cards
    apples = sum(len(forms(p, "lorc/shiny-apple")) for p in tokens[0::2])  # fronts on odd pages
    worms = sum(len(forms(p, "lorc/apple-maggot")) for p in tokens[1::2])
    assert apples - names["Apple"] == worms == 6 * players  # each Apple card shows the apple too

    mats, aids = scan(out / "mats.pdf"), scan(out / "aids.pdf")
    assert sum(1 for p in mats for t, _, _ in p.texts if t == "Brain-freeze scoring mat") == players
    assert sum(1 for p in aids for t, _, _ in p.texts if t == "Exit from Purgatory: Player aid") == players
    assert run("validate", GAME, "--players", players).exit_code == 0


def test_three_players_is_refused_quoting_the_rule(run):
    for command in ("build", "validate"):
        result = run(command, GAME, "--players", 3)
        assert result.exit_code == 2
        assert "at least 4 players" in result.output and "Traceback" not in result.output


def test_mat_tokens_and_letters_lie_on_the_snowflake_arms(run, built):
    """On the top mat of a page of two: each token spot sits on one of the snowflake's arms (the
    seed: tokens "will be placed on one of the 6 snowflakes arms"), with the white between arms 30
    degrees to either side, and the arm's letter A to F lies further out on the same ray, clockwise
    from the top."""
    out = built(GAME)
    path = out / "mats.pdf"
    page = scan(path)[0]
    top = float(PdfReader(path).pages[0].mediabox.height) / 2
    spots = {
        ((x0 + x1) / 2, (y0 + y1) / 2)
        for x0, y0, x1, y1, _ in page.curves
        if 20 * MM <= x1 - x0 < 40 * MM and abs((x1 - x0) - (y1 - y0)) < 0.2 and y0 > top
    }
    assert len(spots) == 6, spots
    cx, cy = sum(x for x, _ in spots) / 6, sum(y for _, y in spots) / 6
    letters = {
        text: ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        for text, box in page.boxes
        if len(text) == 1 and text in "ABCDEF" and box[1] > top
    }
    assert sorted(letters) == list("ABCDEF")

    def bearing(x: float, y: float) -> float:
        return math.degrees(math.atan2(x - cx, y - cy)) % 360

    def off_by(a: float, b: float) -> float:
        return abs((a - b + 180) % 360 - 180)

    scale = 100 / 72
    image = pdfium.PdfDocument(str(path))[0].render(scale=scale).to_pil().convert("RGB")

    def pixel(r: float, degrees: float) -> tuple[int, int, int]:
        a = math.radians(degrees)
        return image.getpixel(
            (round((cx + r * math.sin(a)) * scale), round(image.height - (cy + r * math.cos(a)) * scale))
        )

    icon = (0x33, 0x41, 0x5C)
    for i, letter in enumerate("ABCDEF"):
        x, y = letters[letter]
        assert off_by(bearing(x, y), 60 * i) < 3, (letter, bearing(x, y))
        spot = min(spots, key=lambda s: off_by(bearing(*s), bearing(x, y)))
        assert off_by(bearing(*spot), bearing(x, y)) < 1.5, (letter, spot)
        r = math.hypot(spot[0] - cx, spot[1] - cy)
        assert math.hypot(x - cx, y - cy) > r, letter
        assert all(abs(a - b) < 40 for a, b in zip(pixel(r, bearing(*spot)), icon)), letter
        for side in (-30, 30):
            assert min(pixel(r * 0.8, bearing(*spot) + side)) > 200, (letter, side)


def test_names_and_challenges_on_the_mat(run, built):
    out = built(GAME)
    text = scan(out / "mats.pdf")[1].text()
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
    for number, page in enumerate(scan(out / "mats.pdf"), start=1):
        spots = {
            (round((x0 + x1) / 2, 1), round((y0 + y1) / 2, 1), x1 - x0)
            for x0, y0, x1, y1, _ in page.curves
            if token * MM <= x1 - x0 < 2 * token * MM and abs((x1 - x0) - (y1 - y0)) < 0.2
        }
        assert len(spots) % 6 == 0, (number, len(spots))
        mats += len(spots) // 6
        for a, b in [(a, b) for i, a in enumerate(sorted(spots)) for b in sorted(spots)[i + 1 :]]:
            assert math.hypot(a[0] - b[0], a[1] - b[1]) >= (a[2] + b[2]) / 2 - 0.1, (number, a, b)
    assert mats == 4
