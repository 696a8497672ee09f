"""Seven Steps: the gamesheet read back from the PDF."""

from __future__ import annotations

import pytest
from conftest import placed_in
from pdfscan import MM, scan
from pypdf import PdfReader

GAME = "seven-steps"
TERRACES = ["PRIDE", "ENVY", "WRATH", "SLOTH", "GREED", "GLUTTONY", "LUST"]
SEA = (round(0x2F / 255, 3), round(0x66 / 255, 3), round(0x90 / 255, 3))


def build(run, isolated, *args):
    result = run("build", GAME, *args)
    assert result.exit_code == 0, result.output
    return isolated / "output" / GAME / "gamesheets.pdf"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_geometry(run, isolated, paper):
    page = scan(build(run, isolated, "--paper", paper))[0]
    ys = {t: y for t, _, y in page.texts if t in TERRACES}
    assert sorted(ys, key=ys.get) == TERRACES  # bottom to top
    dice = [r for r in page.rects if r[2] >= 17 * MM - 0.01 and abs(r[2] - r[3]) < 0.01 and r[2] < 30 * MM]
    pool = [r for r in dice if r[4] == SEA]
    assert len(pool) == 7
    # every die spot: 7 pool, 1 challenge + 2 spare, 4 sun + 4 moon, 7 terraces
    assert len(dice) == 7 + 3 + 8 + 7
    assert all(r[2] >= 17 * MM and r[3] >= 17 * MM for r in dice)
    pips = [c for c in page.curves if abs((c[2] - c[0]) - 9 * MM) < 0.3 and abs((c[3] - c[1]) - 9 * MM) < 0.3]
    assert len(pips) == 7
    text = page.text()
    for words in (
        "Redeemed",
        "Sanctified",
        "Repentant",
        "Weary Ascendent",
        "Sun phase",
        "Moon phase",
        "Scoring area",
        "Challenge die",
        "Spare dice",
    ):
        assert words in text


def test_copies_make_identical_pages_cheaply(run, isolated):
    one = build(run, isolated).read_bytes()
    many = build(run, isolated, "--copies", 20)
    reader = PdfReader(many)
    assert len(reader.pages) == 20  # 20 sheets, no cover
    placed = [{f[0] for f in page.forms if ".icon_" not in f[0]} for page in scan(many)]
    sheet_forms = set.intersection(*placed)  # what every sheet page places: furniture and the sheet
    assert all(names == placed[0] for names in placed)  # every page places the same drawing
    assert len(sheet_forms) == 2
    grown = len(many.read_bytes()) / len(one)
    assert grown < 2.0, grown  # measured: about 1.1x for 20 pages


def test_rank_gap_is_named(run, layouts_copy):
    path = layouts_copy / GAME / "gamesheet.toml"
    path.write_text(path.read_text().replace('[[ranks.bands]]\nmin = 7\nmax = 7\nname = "Sanctified"\n', ""))
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in("seven-steps: gamesheet.toml:ranks.bands: a final score of 7 has no rank (gap)", result.output)


def test_rank_overlap_and_wrong_counts_are_named(run, layouts_copy):
    path = layouts_copy / GAME / "gamesheet.toml"
    path.write_text(path.read_text().replace("min = 4\nmax = 6", "min = 3\nmax = 6").replace("spots = 4", "spots = 4"))
    sheet = path.read_text()
    path.write_text(sheet.replace("pool_dice = 7", "pool_dice = 6"))
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert "a final score of 3 falls in 2 ranks (Repentant, Weary Ascendent)" in result.output
    assert placed_in("gamesheet.toml:shoreline.pool_dice: dice pool spots (expected 7, found 6)", result.output)


def test_copies_count_is_checked(run):
    assert run("validate", GAME, "--copies", 3).exit_code == 0


def test_each_terrace_prints_its_challenge_with_the_rule_sheets_numbers(run, isolated):
    """The gamesheet's challenge under each terrace carries the numbers of that terrace's challenge
    in the rule sheet (the document.txt the game keeps), so two terraces' texts cannot trade places unnoticed."""
    import re

    import pypdfium2 as pdfium

    from pnp.files.paths import shipped_layouts_dir

    text = (shipped_layouts_dir() / GAME / "document.txt").read_text(encoding="utf-8")
    rules = {
        "PRIDE": "roll equal to or lower than the challenge die",
        "ENVY": "roll less than 9 minus the challenge die",
        "WRATH": "roll equal to the challenge die plus or minus 1",
        "SLOTH": "roll less than the challenge die minus 2",
        "GREED": "roll a total of 10, including the challenge die",
        "GLUTTONY": "roll equal to the challenge die divided by 2",
        "LUST": "roll equal to 7 minus the challenge die",
    }
    for name, rule in rules.items():  # the rule sheet itself
        assert rule in text, name
    sheet = pdfium.PdfDocument(str(build(run, isolated)))[0].get_textpage().get_text_range()
    printed = dict(re.findall(r"(PRIDE|ENVY|WRATH|SLOTH|GREED|GLUTTONY|LUST)\s+(.*?)\s+passed", sheet, re.S))
    assert sorted(printed) == sorted(rules)
    for name, rule in rules.items():
        numbers = sorted(re.findall(r"\d+", rule.replace("divided by 2", "half")))
        assert sorted(re.findall(r"\d+", printed[name])) == numbers, (name, printed[name])
        assert ("minus" in printed[name]) == ("minus" in rule and "plus or minus" not in rule), (name, printed[name])
