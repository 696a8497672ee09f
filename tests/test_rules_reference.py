"""The rules reference each game prints (rules.pdf, one sheet both sides), read back from the PDF:
its sections, its counts against the rules model, numbers that follow a designer's change, and
the Punished lint rules that came out of checking the printed words."""

from __future__ import annotations

import shutil

import pypdfium2 as pdfium
import pytest
from conftest import EVERY_GAME, edit_card, placed_in

from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.games import load_game
from pnp.pipeline.build import build_game, plan_game, render_options
from pnp.render.document import render_document
from pnp.source.gamesource import read_game
from pnp.source.icons import IconStore
from pnp.source.rules import load_rules
from pnp.source.settings import Settings

STORE = IconStore(shipped_icons_dir())


def text_of(pdf: bytes) -> str:
    document = pdfium.PdfDocument(pdf)
    try:
        return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in document)
    finally:
        document.close()


def player_counts(game: str) -> list[int]:
    players = load_rules(read_game(game, load_game(game).shipped_folder())).players
    top = players.max if players.max is not None else players.min + 8
    return sorted({players.min, players.default, top})[:3]


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_every_game_prints_a_rules_reference_with_its_counts(game):
    rules = load_rules(read_game(game, load_game(game).shipped_folder()))
    for players in player_counts(game):
        settings = Settings(players=players)
        plan = plan_game(game, settings, STORE)  # the rules sheet alone is drawn: it is what is read
        spec, pages = plan.specs[-1], plan.pages[-1]
        doc = render_document(spec, render_options(settings), STORE, pages)
        assert doc.filename == "rules.pdf" and doc.pages == 2  # one sheet, both sides, no cover
        text = text_of(doc.pdf)
        promises = load_game(game).promises
        for heading in promises.headings:
            assert heading in text, (game, heading)
        for kind in promises.counts:
            expected = promises.stated(kind, rules.components[kind].expected(players))
            assert expected in text, (game, players, expected)
        assert "{" not in text and "}" not in text  # every placeholder filled


def edit(path, old, new):
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


CHANGES = [
    (
        "exit-from-purgatory",
        "rules.toml",
        "setup_cards_per_type = 2",
        "setup_cards_per_type = 3",
        "is dealt 3 cards of each type",
        "aids.pdf",
        "a scoring mat and 3 cards of each type",
    ),
    (
        "seven-steps",
        "rules.toml",
        "virgil_pips_at_start = 3",
        "virgil_pips_at_start = 2",
        "You start with 2 of the 7 Virgil pips",
        "gamesheets.pdf",
        "2 ready at the start",
    ),
    (
        "particle-panic",
        "rules.toml",
        "cards_dealt = 3",
        "cards_dealt = 4",
        "deal 4 to each player",
        "aids.pdf",
        "Setup: deal 4 cards to each player",
    ),
    (
        "straight-to",
        "rules.toml",
        "souls_per_step = 2",
        "souls_per_step = 3",
        "spend 3 souls of your destiny's kind",
        "aids.pdf",
        "spend 3 matching souls",
    ),
    (
        "punished",
        "rules.toml",
        "hand_cap = 3",
        "hand_cap = 2",
        "never more than 2",
        "tokens-and-board.pdf",
        "and at most 2",
    ),
]


@pytest.mark.parametrize("game, file, old, new, on_reference, aid, on_aid", CHANGES, ids=[c[0] for c in CHANGES])
def test_a_changed_number_reaches_the_reference_and_the_aid(tmp_path, game, file, old, new, on_reference, aid, on_aid):
    layouts = tmp_path / "layouts"
    shutil.copytree(shipped_layouts_dir() / game, layouts / game)
    edit(layouts / game / file, old, new)
    result = build_game(game, Settings(layouts=str(layouts)), STORE)
    assert result.problems == [], result.problems
    pdfs = {doc.filename: text_of(doc.pdf) for doc in result.documents}
    assert on_reference in pdfs["rules.pdf"]
    assert on_aid in pdfs[aid]


LINT = [
    (
        "Fen Hound",
        '{ stat = "MAW", threshold = 2, effects = [{ token = "Calcified Mass" }] }',
        '{ stat = "PAIN", threshold = 3, effects = [{ token = "Calcified Mass" }] }',
        "cards.toml:cards[5].encounter.checks[1]: 'Fen Hound' breaks token-check-reachable",
    ),
    (
        "Weeping Punished",
        'encounter.fallback = [{ stat = "ICHOR", amount = -1 }]',
        'encounter.fallback = [{ stat = "PAIN", amount = -1 }]',
        "cards.toml:cards[11].encounter.fallback: 'Weeping Punished' breaks fallback-is-no-gift",
    ),
    (
        "Still Water",
        '{ stat = "ICHOR", amount = 2 }',
        '{ stat = "ICHOR", amount = 2, lasting = "temp" }',
        "cards.toml:cards[0].encounter.fallback: 'Still Water' breaks trade-gives-lasting-value",
    ),
]


def test_the_shipped_deck_passes_the_new_lint_rules(run):
    result = run("validate", "punished")
    assert result.exit_code == 0 and "breaks" not in result.output


@pytest.mark.parametrize("card, old, new, message", LINT, ids=[rule[3].split("breaks ")[1] for rule in LINT])
def test_each_new_lint_rule_names_the_card_and_key(run, layouts_copy, card, old, new, message):
    edit_card(layouts_copy / "punished" / "cards.toml", card, old, new)
    result = run("validate", "punished", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in(message, result.output), result.output


def test_a_terrace_threshold_is_typed_once(tmp_path):
    """ENVY's 9 lives in its test; the sheet's words and the odds both follow a change to it."""
    from pnp.analysis.seven_steps_balance import p_meets
    from pnp.games.seven_steps import FILE, Gamesheet
    from pnp.source.models import load_file

    layouts = tmp_path / "layouts"
    shutil.copytree(shipped_layouts_dir() / "seven-steps", layouts / "seven-steps")
    edit(
        layouts / "seven-steps" / "gamesheet.toml",
        'test = { relation = "below", times = -1, plus = 9 }',
        'test = { relation = "below", times = -1, plus = 8 }',
    )
    result = build_game("seven-steps", Settings(layouts=str(layouts)), STORE)
    sheet = text_of(next(d for d in result.documents if d.filename == "gamesheets.pdf").pdf)
    assert "Roll under 8 minus the challenge die." in sheet and "under 9 minus" not in sheet
    envy = next(
        t
        for t in load_file(read_game("seven-steps", layouts / "seven-steps"), FILE, Gamesheet, STORE).terraces
        if t.name == "ENVY"
    )
    assert float(p_meets(envy.test, 1, 6)) == pytest.approx(1 / 6)  # under 8 - 6 = 2: a 1
