"""Printed rules read back from the PDFs: the corrected wording, and numbers that follow the rules
model when a designer changes them."""

from __future__ import annotations

import pytest
from conftest import placed_in
from pdfscan import pdf_text


def test_exit_aid_and_cards_say_what_the_rules_say(built):
    out = built("exit-from-purgatory")
    aid = pdf_text(out / "aids.pdf")
    assert "Setup: each player takes a scoring mat and 2 cards of each type" in aid
    assert "The player most recently sick (if several still are, the sickest) goes first." in aid
    assert "plus your own count of unfinished challenges" in aid  # each adds their own
    assert "If the attempt won you a token" in aid and "otherwise take them back" in aid
    assert "you both get the same token or both fail" in aid
    assert "No card of your own: it fails." in aid and "(a double tie) all keep their cards and it fails" in aid
    cards = pdf_text(out / "cards.pdf")
    assert "add dice when you study" not in cards
    assert "each gives you one more die to roll" in cards  # the rule, not the variant


def test_particle_panic_aid_numbers_follow_the_rules_model(run, isolated, layouts_copy):
    assert run("build", "particle-panic").exit_code == 0
    aid = pdf_text(isolated / "output/particle-panic/aids.pdf")
    assert "Setup: deal 3 cards to each player; cut the rest into 6 face-up stacks" in aid
    assert "4-6 removes it" in aid and "Hand limit 6" in aid and "neutralise on 3-6" in aid
    rules = layouts_copy / "particle-panic" / "rules.toml"
    rules.write_text(
        rules.read_text()
        .replace("cards_dealt = 3", "cards_dealt = 4")
        .replace("neutralise_from = 4", "neutralise_from = 5")
    )
    assert run("build", "particle-panic", "--layouts", layouts_copy, "-o", "changed").exit_code == 0
    aid = pdf_text(isolated / "changed/particle-panic/aids.pdf")
    assert "Setup: deal 4 cards to each player" in aid and "5-6 removes it" in aid


def test_an_unknown_number_in_printed_text_is_named(run, layouts_copy):
    data = layouts_copy / "particle-panic" / "components.toml"
    data.write_text(data.read_text().replace("deal {cards_dealt} cards", "deal {cards_delt} cards"))
    result = run("validate", "particle-panic", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in(
        "particle-panic/components.toml:aid.setup: {cards_delt} is not a number in rules.toml [facts]", result.output
    )


def test_punished_and_seven_steps_wording(built):
    punished = built("punished")
    cards = pdf_text(punished / "cards.pdf")
    assert "gain an Empty Vessel token" in cards and "gain a Empty" not in cards
    guide = pdf_text(punished / "rules.pdf")  # the print guide, on the back of the rules sheet
    assert "Four paperclips or cubes for the stat board" in guide
    assert "The other three stay out of this game." in guide and "shuffle the other three into the deck" not in guide
    sheet = pdf_text(built("seven-steps") / "gamesheets.pdf")
    assert "one goes to the sun as punishment (none here: a spare die)" in sheet
    assert "A rolled die stays out until the day ends." in sheet
    assert "the challenge die only before you roll the pool" in sheet
    assert "the rule sheet" not in sheet


@pytest.mark.parametrize("duplex, hint", [("long", True), ("short", True), ("off", False), ("fold", False)])
def test_the_calibration_hint_shows_where_backs_go_through_a_duplex_flip(duplex, hint):
    """The print guide names `pnp calibrate`, with the paper and flip edge it needs, only for files
    whose backs rely on the printer's flip."""
    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import plan_game
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    plan = plan_game("exit-from-purgatory", Settings(duplex=duplex), IconStore(shipped_icons_dir()))
    (rules,) = [spec for spec in plan.specs if spec.filename == "rules.pdf"]
    guide = " ".join(e.text for s in rules.sections for e in s.elements if hasattr(e, "text"))
    said = "Backs drifting? Run pnp calibrate for A4 paper, flip on long edge, and print its sheet double-sided"
    assert (said.replace("long", duplex) in guide) == hint  # the command, in players' words: no flag
    assert "calibrate.pdf" not in guide  # a file the build never makes (print round four)


@pytest.mark.parametrize("paper", ["a4", "letter", "tabloid"])
def test_the_rules_sheet_shares_its_text_so_no_side_drops_below_8_pt(paper):
    """Print round four: side 2 squeezed the guide into 7-7.5 pt and set its columns at 9.8 and
    10.2 pt against 11.5 on side 1. Every character of the sheet between the page's bands is 8 pt
    or more, and the rules' body is one size on both sides."""
    import collections
    import io

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from printbuilds import built

    from pnp.games.reference import GUIDE_SIZE
    from pnp.geometry import MM

    for game, result in built(paper).items():
        (rules,) = [d for d in result.documents if d.filename == "rules.pdf"]
        sizes: collections.Counter[float] = collections.Counter()
        for page in pdfium.PdfDocument(io.BytesIO(rules.pdf)):
            text, height = page.get_textpage(), page.get_height()
            for i in range(text.count_chars()):
                if not text.get_text_range(i, 1).strip():
                    continue
                _, bottom, _, top = text.get_charbox(i)
                if not 12 * MM < (bottom + top) / 2 < height - 11 * MM:
                    continue  # the page's header and footer
                size = round(raw.FPDFText_GetFontSize(text.raw, i), 2)
                assert size >= 8.0 - 0.01, (game, paper, text.get_text_range(max(i - 20, 0), 40), size)
                sizes[size] += 1
        # the guide (its paragraphs, notes and headings) and the titles (the sheet's, the guide's) aside
        rules = {s: n for s, n in sizes.items() if s not in (GUIDE_SIZE, GUIDE_SIZE - 0.5, GUIDE_SIZE + 1, 14, 11)}
        body = max(rules, key=rules.__getitem__)
        assert set(rules) <= {body, body + 1}, (game, paper, sizes.most_common(8))  # paragraphs and headings
