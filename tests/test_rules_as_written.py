"""The printed rules against the rule documents (each game's document.txt): every sentence of each document is
traced to where pnp prints it or why it does not, `pnp validate` names a printed rule without a
trace, and the points the documents settle are checked in the built PDFs, not in the data."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import EVERY_GAME, placed_in
from pdfscan import pdf_text

from pnp.files.paths import shipped_layouts_dir
from pnp.games import load_game
from pnp.source.gamesource import DOCUMENT_FILE, read_game
from pnp.source.ruletrace import TRACE_FILE, lines_named, load_trace, plain, printed_statements, stray_quotes, uncovered


def rule_document(slug: str) -> str:
    """The rule document the game keeps beside its data (its document.txt)."""
    return (load_game(slug).shipped_folder() / DOCUMENT_FILE).read_text(encoding="utf-8")


TRACED = [slug for slug in EVERY_GAME if (load_game(slug).shipped_folder() / TRACE_FILE).exists()]
# games that keep their rule document beside the trace: the README calls it optional, and only
# with it are the trace's quotes checked against the document
DOCUMENTED = [slug for slug in TRACED if (load_game(slug).shipped_folder() / DOCUMENT_FILE).exists()]


def test_every_game_has_a_trace():
    assert TRACED == list(EVERY_GAME)


@pytest.mark.parametrize("slug", DOCUMENTED)
def test_every_sentence_of_the_document_is_traced(slug):
    trace = load_trace(read_game(slug, load_game(slug).shipped_folder()))
    document = rule_document(slug)
    assert uncovered(trace, document) == []
    assert stray_quotes(trace, document) == []


@pytest.mark.parametrize("slug", TRACED)
def test_readings_are_printed_as_readings(slug):
    """A line under a rules sheet's "Our readings" is one reading's print, and each reading is
    printed there or names its document sentence in the line itself."""
    import tomllib

    folder = load_game(slug).shipped_folder()
    trace = load_trace(read_game(slug, folder))
    reference = tomllib.loads((folder / "reference.toml").read_text())
    reading_lines = {
        f"reference.toml:sections[{i}].lines[{j}]"
        for i, section in enumerate(reference["sections"])
        if "reading" in section["heading"].lower()
        for j, _ in enumerate(section["lines"])
    }
    statements = dict(printed_statements(read_game(slug, folder), trace))
    by_readings = {
        line
        for entry in trace.rule
        if entry.reading
        for place in entry.printed
        for line in lines_named(place, statements)
    }
    assert reading_lines <= by_readings, "a line under Our readings that no reading entry prints"


def test_a_sentence_dropped_from_a_trace_is_found():
    trace = load_trace(read_game("exit-from-purgatory", shipped_layouts_dir() / "exit-from-purgatory"))
    document = rule_document("exit-from-purgatory")
    entry = next(e for e in trace.rule if any("rolls one dice plus" in q for q in e.says))
    cut = trace.model_copy(update={"rule": [e for e in trace.rule if e is not entry]})
    assert any("rolls one dice plus the number of Lantern cards revealed" in s for s in uncovered(cut, document))


def test_validate_names_a_printed_rule_without_a_trace(run, tmp_path):
    """A designer adds a rule line to the sheet without tracing it: validate says where."""
    layouts = tmp_path / "layouts"
    shutil.copytree(shipped_layouts_dir() / "exit-from-purgatory", layouts / "exit-from-purgatory")
    reference = layouts / "exit-from-purgatory" / "reference.toml"
    reference.write_text(
        reference.read_text().replace(
            '"Attempt a challenge (you need an apple or worm card).",',
            '"Attempt a challenge (you need an apple or worm card).",\n  "Once a round, you may swap a card with the pile.",',
        )
    )
    result = run("validate", "exit-from-purgatory", "--layouts", layouts)
    assert result.exit_code == 1, result.output
    assert placed_in("reference.toml:sections[2].lines[4]: printed rule 'Once a round", result.output)


@pytest.mark.parametrize("where", ["first", "middle"])
def test_a_line_inserted_into_a_list_is_the_one_named(run, tmp_path, where):
    """Trace entries name the lines they print by what the lines say: a rule line put before or
    between traced lines is named itself, at its own line, and the lines after it stay traced."""
    layouts = tmp_path / "layouts"
    shutil.copytree(shipped_layouts_dir() / "exit-from-purgatory", layouts / "exit-from-purgatory")
    components = layouts / "exit-from-purgatory" / "components.toml"
    lines = components.read_text().splitlines(keepends=True)
    turn = lines.index("turn = [\n") + 1
    at = turn if where == "first" else turn + 1
    lines.insert(at, '  "Pray: say a prayer to the ferryman and draw two cards.",\n')
    components.write_text("".join(lines))
    result = run("validate", "exit-from-purgatory", "--layouts", layouts)
    assert result.exit_code == 1, result.output
    key = f"aid.turn[{at - turn}]"
    said = "printed rule 'Pray: say a prayer to the ferryman and draw two cards.'... is in no trace.toml entry"
    assert placed_in(f"components.toml:{at + 1}: {key}: {said}", result.output), result.output
    assert result.output.count("trace.toml entry") == 1, result.output


def test_a_traced_line_deleted_or_reworded_is_named_in_the_trace(run, tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(shipped_layouts_dir() / "exit-from-purgatory", layouts / "exit-from-purgatory")
    components = layouts / "exit-from-purgatory" / "components.toml"
    text = components.read_text()
    study = next(line for line in text.splitlines() if line.startswith('  "Study: '))
    components.write_text(text.replace(study + "\n", ""))
    result = run("validate", "exit-from-purgatory", "--layouts", layouts)
    assert result.exit_code == 1, result.output
    assert (
        "trace.toml:" in result.output
        and "'components.toml: Study: show your Lanterns and' names no printed" in result.output
    )
    assert "is in no trace.toml entry" not in result.output  # the lines after it are still traced


# -- the built files --------------------------------------------------------------------------------
def test_exit_prints_the_roll_of_the_rules_and_names_the_variant(default_build):
    out = default_build / "exit-from-purgatory"
    rules, cards, aids = (pdf_text(out / name) for name in ("rules.pdf", "cards.pdf", "aids.pdf"))
    assert "each gives you one more die to roll" in cards
    assert "adds 1 to your die" not in cards + rules + aids
    assert "one more die per Lantern laid" in rules and "one more die per apple token" in rules
    assert "1 more per Lantern you lay down" in aids and "1 more per apple token" in aids
    assert "Variant: the author's suggestion" in rules and "one die each" in rules
    # the example rolls 3 dice for 2 Lanterns against 2 dice for 1 apple token
    assert "roll 3 dice" in rules and "rolls 2 dice" in rules
    # Lanterns laid take no part in the challenge; Love needs a target with a challenge left
    assert "take no part in it" in rules and "take no part in the challenge" in aids
    assert "still has a challenge to do" in rules
    # the steal reading is labelled; Generosity on the aid keeps "face up" and "or it fails"
    readings = rules[rules.index("Our readings") :]
    assert "Steal:" in readings
    assert "Give away all but one card, face up, at least one to each other player, or it fails" in aids
    assert "No printer?" not in cards


@pytest.mark.parametrize("slug", list(EVERY_GAME))
def test_no_players_text_names_a_command_line_flag(default_build, slug):
    for pdf in sorted((default_build / slug).glob("*.pdf")):
        text = pdf_text(pdf)
        assert not re.search(r"(?<![\w-])--[a-z]", text), (pdf.name, re.findall(r".{30}--[a-z].{20}", text))


@pytest.mark.parametrize(
    ("slug", "players"),
    [("exit-from-purgatory", 3), ("particle-panic", 5), ("seven-steps", 2), ("punished", 2), ("straight-to", 1)],
)
def test_a_refused_player_count_quotes_only_the_document(run, slug, players):
    result = run("validate", slug, "--players", str(players))
    assert result.exit_code == 2
    document = plain(rule_document(slug))
    quoted = re.findall(r'"([^"]+)"', result.output.split("is not allowed", 1)[1])
    for quote in quoted:
        assert plain(quote) in document, quote


def test_straight_to_prints_lending_bids_and_the_example_as_the_rules_say(default_build):
    out = default_build / "straight-to"
    rules, aids = pdf_text(out / "rules.pdf"), pdf_text(out / "aids.pdf")
    # lending: after the rolls, to the lender's own spent pile, lenders unaffected
    for text in (rules, aids):
        assert "after the rolls" in text and "lender's" in text and "spent pile" in text
    assert "lenders neither win nor lose" in rules and "lenders win or lose nothing" in aids
    # bids: never more than held; a round with no bid and a short pile settled as readings
    assert "never more than they hold" in rules
    readings = rules[rules.index("Our readings") :]
    assert "nobody bids" in readings and "no Combat Power" in readings
    # the example: the defender who loses holds a Combat Power token to hand over, and the lend comes after the roll
    example = rules[rules.index("Example") : rules.index("Our readings")]
    assert "holds 1 Combat Power" in example and "After the rolls a bystander lends" in example
    assert "from the winner clockwise" not in aids and "clockwise from whoever acts first" in aids


def test_particle_panic_example_keeps_to_the_action_limit_and_readings_are_named(default_build):
    """The document's own example is printed as the author's, and where the print parts from it
    (the one basic action a turn) is said as our reading; the spill is the reading of "legal"."""
    out = default_build / "particle-panic"
    rules, aids = pdf_text(out / "rules.pdf"), pdf_text(out / "aids.pdf")
    assert "in either order" not in rules
    example = rules[rules.index("Example") : rules.rindex("Our readings")]
    assert "The author's example" in example and "top card (a heart)" in example
    assert "three basic actions in one turn: our reading" in example and "end of a later turn" in example
    readings = rules[rules.rindex("Our readings") :]
    assert '"ends a turn"' in readings and '"enters (or begins a turn)"' in readings
    assert "any order" in readings and "room" in readings
    assert "(our reading: the nearest spaces that still have room)" in rules
    assert 'nearest spaces with room (our reading of "legal")' in aids
    # a particle may be tried again while you accept the hand-limit cost
    assert "Try as many times as you dare" in rules and "Try as often as you dare" in aids


def test_seven_steps_prints_the_virgil_die_the_sun_and_both_readings(default_build, run, tmp_path):
    out = default_build / "seven-steps"
    sheet, rules = pdf_text(out / "gamesheets.pdf"), pdf_text(out / "rules.pdf")
    # the die taken for a Virgil pip joins the roll (the document's own example rolls it)
    assert "into that roll" in sheet and "roll it with your dice" in rules and "You mark a new Virgil pip" in rules
    # the document's two ways to lose, its first with both of its causes, on the sheet and the rules
    assert "dice stuck in the moon, or all scored and every V claimed" in sheet
    assert "You lose in either of two ways" in rules and "stuck in the moon" in rules
    assert "claimed every Virgil pip" in rules and "Second, a failed roll leaves no die" in rules
    # failed dice stay in play: the sun holds punishment and unused dice, the moon's return as the day ends
    assert "Punishment dice and unused rolled dice" in sheet and "Failed" not in sheet
    assert "when this day ends" in sheet
    # our readings are labelled on the sheet, and the literal wording is printed beside them
    assert sheet.count("(our reading)") == 3  # WRATH, GLUTTONY and the die a Virgil pip brings
    assert "into that roll (our reading)" in sheet
    readings = rules[rules.index("Our readings") :]
    assert "Taken literally only one more or one less passes" in readings and "Variant" in readings
    assert "Weary Ascendent" in sheet
    # the literal reading, chosen in the data, is what the gamesheet then prints
    layouts = tmp_path / "layouts"
    shutil.copytree(shipped_layouts_dir() / "seven-steps", layouts / "seven-steps")
    data = layouts / "seven-steps" / "gamesheet.toml"
    data.write_text(data.read_text().replace('reading = "ours"', 'reading = "literal"'))
    done = run("build", "seven-steps", "--layouts", layouts, "-o", tmp_path / "out")
    assert done.exit_code == 0, done.output
    literal = pdf_text(tmp_path / "out" / "seven-steps" / "gamesheets.pdf")
    assert "exactly 1 more or 1 less" in literal and "cannot be halved" in literal
    assert literal.count("(our reading)") == 1  # the terraces literal; the Virgil die still our reading


def test_punished_prints_the_win_the_hazard_discard_and_optional_limits(default_build):
    out = default_build / "punished"
    rules, board = pdf_text(out / "rules.pdf"), pdf_text(out / "tokens-and-board.pdf")
    readings = rules[rules.index("Our readings") :]
    # the win is defined, and named a reading; no claim that a token check is never shadowed
    assert "end its encounter with ICHOR left and you win (our reading)" in rules
    assert "define no win" in readings and "does not shadow" not in rules
    assert "reached only when every earlier one fails" in readings
    # when a Hazard may be discarded face down, where a resolved card goes, what * rewards do
    assert "When the top card shows a Hazard back" in rules and "goes to the discard pile" in rules
    assert "last through your next encounter" in readings and "never off * points" in readings
    # the document's "can opt" and "the effect is ignored", on the sheet and on the board
    assert "you do not take it" in rules and "the gain is ignored" in rules and "or is lost" not in rules
    assert "you may discard the new one" in board and "else do not take it" in board
    assert "else the gain is ignored" in board


def test_validate_refuses_a_made_up_quote_and_an_untraced_sentence(run, layouts_copy):
    """From the CLI, on a project's layouts: a trace entry quoting words the game's document.txt
    does not hold (a rule made up for a new card), and a sentence added to the document that no
    entry traces, are each named with their file and key; the document travels with the game, so
    the check needs nothing outside the project."""
    trace = layouts_copy / "punished" / "trace.toml"
    trace.write_text(
        trace.read_text() + '\n[[rule]]\nsays = ["Feather: float gently past one encounter"]\n'
        'not_printed = "a card of our own"\n'
    )
    document = layouts_copy / "punished" / DOCUMENT_FILE
    document.write_text(document.read_text() + "\nA Feather lets you skip one encounter of your choice.\n")
    result = run("validate", "punished", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert re.search(
        r"punished/trace\.toml:\d+:\d+: rule\[\d+\]\.says\[0\]: 'Feather: float gently past one encounter' "
        r"is in no sentence of document\.txt",
        result.output,
    ), result.output
    lines = (layouts_copy / "punished" / DOCUMENT_FILE).read_text().splitlines()
    assert placed_in(
        f"punished/document.txt:{len(lines)}: sentence: 'A Feather lets you skip one encounter of your choi",
        result.output,
    )
    assert "is quoted by no trace.toml entry" in result.output


def test_the_wheel_ships_each_games_rule_document(installed, tmp_path):
    """Installed from the wheel, away from the checkout: `pnp validate` checks the trace against
    the document shipped with each game (it would say nothing of quotes without one)."""
    from conftest import run_installed

    shipped = run_installed(
        installed / "bin" / "python",
        "-c",
        "from pnp.files.paths import shipped_layouts_dir; print(shipped_layouts_dir())",
        cwd=tmp_path,
    ).stdout.strip()
    for slug in DOCUMENTED:  # a game that keeps its document (the README calls it optional)
        if load_game(slug).shipped_folder().is_relative_to(shipped_layouts_dir()):
            assert (Path(shipped) / slug / DOCUMENT_FILE).read_bytes() == (
                load_game(slug).shipped_folder() / DOCUMENT_FILE
            ).read_bytes(), slug
