"""Punished: the tier decks counted from the PDFs, the design-rule lint, and a designer's edit."""

from __future__ import annotations

import json
import tomllib
from collections import Counter

import pypdfium2 as pdfium
import pytest
from conftest import edit_card, message_lines, placed_in
from pdfscan import scan

from pnp.files.paths import shipped_layouts_dir

GAME = "punished"
TIER_RGB = {1: (0x9B, 0x1D, 0x20), 2: (0x5A, 0x2A, 0x82), 3: (0x1C, 0x1C, 0x1C)}


def deck():
    return tomllib.loads((shipped_layouts_dir() / GAME / "cards.toml").read_text())


def test_the_three_tiers_share_sheets_each_card_with_its_tier_and_category_back(run, built):
    out = built(GAME)
    data = deck()
    names = {c["name"] for c in data["cards"]}
    by_icon = {back["icon"].replace("/", "__").replace("-", "_"): key for key, back in data["backs"].items()}
    path = out / "cards.pdf"
    pages = scan(path)
    assert len(pages) == 8  # 36 cards, 9 to a sheet: 4 sheets, fronts and backs
    document = pdfium.PdfDocument(str(path))
    faces, backs = Counter(), Counter()
    for index, page in enumerate(pages):
        on_page = [t for t, _, _ in page.texts if t in names]
        if not on_page:
            continue
        faces.update(on_page)
        back_page = pages[index + 1]
        image = document[index + 1].render(scale=1).to_pil().convert("RGB")
        shown = []
        for name, x, y, scale in back_page.forms:
            category = by_icon.get(name.split(".icon_")[-1])
            if category is None:
                continue
            pixel = image.getpixel((round(x - 3), round(image.height - (y - 3))))
            tier = min(TIER_RGB, key=lambda k: sum(abs(a - b) for a, b in zip(pixel, TIER_RGB[k])))
            assert all(abs(a - b) < 30 for a, b in zip(pixel, TIER_RGB[tier])), pixel
            shown.append((tier, category))
        assert len(shown) == len(on_page)  # a back behind every face on the sheet
        backs.update(shown)
    assert faces == Counter(c["name"] for c in data["cards"])
    assert backs == Counter((c["tier"], c["category"]) for c in data["cards"])


def test_starter_deck_passes_the_lint(run):
    result = run("validate", GAME)
    assert result.exit_code == 0, result.output


LINT = [
    (
        "Fen Hound",
        'encounter.fallback = [{ stat = "ICHOR", amount = -1 }]',
        'encounter.fallback = [{ stat = "ICHOR", amount = -1 }, { stat = "PAIN", amount = 1, lasting = "perm" }]',
        "combat-ends-on-flat-loss",
    ),
    (
        "Fen Hound",
        '{ stat = "PAIN", threshold = 2, effects = [{ stat = "MAW", amount = 1, lasting = "temp" }] }',
        '{ stat = "PAIN", threshold = 2, effects = [{ token = "Hard Lesson" }] }',
        "token-behind-harder-check",
    ),
    (
        "Fen Hound",
        '{ stat = "MAW", threshold = 2, effects = [{ token = "Calcified Mass" }] }',
        '{ stat = "MAW", threshold = 2, effects = [{ token = "Calcified Mass" }], cost = [{ discard = 2 }] }',
        "token-check-costs-at-most-a-discard",
    ),
    ("Fen Hound", 'hand = { action = "discard"', 'hand = { action = "keep"', "hand-ability-spends-itself"),
]


@pytest.mark.parametrize("name, old, new, rule", LINT, ids=[rule for *_, rule in LINT])
def test_each_lint_rule_names_card_and_rule(run, layouts_copy, name, old, new, rule):
    edit_card(layouts_copy / GAME / "cards.toml", name, old, new)
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1, result.output
    assert placed_in("punished: cards.toml:cards[5]", result.output)
    assert f"'{name}' breaks {rule}" in result.output


def test_permanent_boosts_must_stay_rarer(run, layouts_copy):
    path = layouts_copy / GAME / "cards.toml"
    path.write_text(path.read_text().replace('lasting = "temp"', 'lasting = "perm"'))
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert "breaks permanent-boosts-rarer" in result.output


def test_tier_three_must_hold_four_guardians(run, layouts_copy):
    edit_card(layouts_copy / GAME / "cards.toml", "Guardian of Maws", 'category = "guardian"', 'category = "demon"')
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert (
        "breaks tier-3-holds-the-guardians: tier 3 must hold exactly 4 Guardians of the Summit (expected 4, found 3)"
        in result.output
    )


def test_every_category_needs_its_back(run, layouts_copy):
    path = layouts_copy / GAME / "cards.toml"
    path.write_text(
        path.read_text().replace('[backs.hazard]\nicon = "lorc/hazard-sign"\nhint = "Something on the road."\n', "")
    )
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert "'Thorn Thicket' breaks category-back-exists: category 'hazard' has no back in [backs]" in result.output


def test_a_designer_edit_needs_no_code(run, layouts_copy, isolated):
    path = layouts_copy / GAME / "cards.toml"
    edit_card(
        path,
        "Fen Hound",
        '{ stat = "PAIN", threshold = 2, effects = [{ stat = "MAW", amount = 1',
        '{ stat = "PAIN", threshold = 3, effects = [{ stat = "MAW", amount = 3',
    )
    path.write_text(
        path.read_text()
        + """
[[cards]]
tier = 2
category = "beast"
name = "Rust Hound"
icon = "lorc/wolf-howl"
usage = ["discard"]
encounter.checks = [{ stat = "PAIN", threshold = 3, effects = [{ stat = "BONE", amount = 2, lasting = "temp" }] }]
encounter.fallback = [{ stat = "ICHOR", amount = -2 }]
hand = { action = "discard", effects = [{ stat = "MAW", amount = 1, lasting = "temp" }] }
"""
    )
    result = run("build", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 0, result.output
    out = isolated / "output" / GAME
    cards = scan(out / "cards.pdf")
    text = " ".join(p.text() for p in cards)
    assert "PAIN 3+: +3* MAW" in text and "PAIN 2+: +1* MAW" not in text.split("Fen Hound")[1][:200]
    texts = [t for p in cards for t, _, _ in p.texts]
    read = " ".join(text.split())  # a stat's inline icon stands between its words' runs
    assert "Rust Hound" in texts and "PAIN 3+: +2* BONE" in read and "Otherwise: lose 2 ICHOR" in read
    beasts = sum(1 for c in deck()["cards"] if c["category"] == "beast")
    assert sum(1 for t in texts if t == "Beast or weak Punished") == beasts + 1  # its back with the others


def test_wording_comes_from_the_templates(run, layouts_copy, isolated):
    path = layouts_copy / GAME / "text.toml"
    path.write_text(path.read_text().replace('loss = "lose {{ amount }} ', 'loss = "suffer {{ amount }} '))
    assert run("build", GAME, "--layouts", layouts_copy).exit_code == 0
    text = " ".join(p.text() for p in scan(isolated / "output" / GAME / "cards.pdf"))
    text = " ".join(text.split())
    assert "Otherwise: suffer 1 ICHOR" in text and "lose 1 ICHOR" not in text


def test_a_broken_template_is_named(run, layouts_copy):
    path = layouts_copy / GAME / "text.toml"
    text = path.read_text()
    old = next(line for line in text.splitlines() if line.startswith("token = "))
    path.write_text(text.replace(old, 'token = "gain a {{ token "'))
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in("punished/text.toml:token: template error", result.output)


@pytest.mark.parametrize(
    "template, said",
    [
        ("{{ 'x' * 100000000 }}", "a repetition 100000000 long"),
        ("{% for a in range(100000) %}{% endfor %}", "a range of 100000 items"),
        ("{{ lipsum(100000) }}", "'lipsum' is undefined"),
        ("{{ 1/0 }}", "ZeroDivisionError"),
        ("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "it calls itself without end"),
        (
            "{% for a in range(200) %}{% for b in range(200) %}{% for c in range(200) %}{% endfor %}{% endfor %}"
            "{% endfor %}",
            "took more than 0.3 s",
        ),
        ("{{ 9 ** 99999 }}", "a power of 99999"),
        ("{{ 'ab' ~ 'd' * 1900 ~ 'c' * 300 }}", "more than 2000 characters"),
    ],
)
def test_a_template_that_would_run_away_is_stopped_and_named(run, layouts_copy, monkeypatch, template, said):
    """Card-text templates run sandboxed with limits on output, loops, powers and time: a runaway
    one ends in one message naming the template's key, quickly and in little memory."""
    import re

    import pnp.games.punished as punished

    monkeypatch.setattr(punished, "TEMPLATE_SECONDS", 0.3)
    path = layouts_copy / GAME / "text.toml"
    path.write_text(re.sub(r'(?m)^loss = ".*"$', "loss = " + json.dumps(template), path.read_text(), count=1))
    result = run("build", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    (line,) = [line for line in message_lines(result.output) if line.startswith("Error:")]
    assert re.match(r"Error: \S*punished/text\.toml:\d+:\d+: loss: template error: ", line) and said in line, (
        result.output
    )


def test_a_token_check_the_stat_cap_shadows_is_refused(run, layouts_copy):
    """Slag Flood's old token check: BONE 3+ behind ICHOR 3+ can never be the first met, because
    MAW + BONE may not exceed ICHOR; no earlier check on the same stat shows it."""
    path = layouts_copy / GAME / "cards.toml"
    edit_card(
        path,
        "Slag Flood",
        '{ stat = "PAIN", threshold = 3, effects = [{ token = "Dire Repetition" }] }',
        '{ stat = "BONE", threshold = 3, effects = [{ token = "Dire Repetition" }] }',
    )
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert (
        "'Slag Flood' breaks token-check-reachable" in result.output and "0.0% of the stat positions" in result.output
    )
