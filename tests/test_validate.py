"""`pnp validate` and the layout loader: exact problems named, right exit codes, no tracebacks."""

from __future__ import annotations

import json
import re

import pytest
from conftest import EVERY_GAME, placed_in

from pnp.games import load_game
from pnp.source.gamesource import read_game


def edit(path, old, new, count=1):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count))


def validate(run, layouts, *args):
    result = run("validate", *args, "--layouts", layouts)
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_shipped_data_validates_for_every_supported_player_count(run, game, layouts_copy):
    from pnp.source.rules import load_rules

    rules = load_rules(read_game(game, layouts_copy / game))
    top = rules.players.max or rules.players.min + 6
    for players in range(rules.players.min, top + 1):
        result = validate(run, layouts_copy, game, "--players", players)
        assert result.exit_code == 0, result.output


def test_build_writes_a_manifest_of_what_was_drawn(run, isolated):
    assert run("build", "exit-from-purgatory").exit_code == 0
    manifest = json.loads((isolated / "output/exit-from-purgatory/manifest.json").read_text())
    faces = [p for p in manifest["placed"] if p["kind"] == "apple" and p["side"] == "face"]
    assert len(faces) == 20
    assert {"kind", "name", "back", "document", "page", "box"} <= set(faces[0])
    assert {"x", "y", "w", "h"} == set(faces[0]["box"])
    assert faces[0]["document"] == "cards.pdf" and faces[0]["back"] == "lift-back"


def test_a_renderer_that_skips_a_card_fails_validation(run, monkeypatch):
    import pnp.render.pieces as pieces

    real = pieces._draw_piece

    def skipping(ctx, slot, side, options):
        if side == "face" and not getattr(skipping, "done", False):
            skipping.done = True
            return None
        return real(ctx, slot, side, options)

    monkeypatch.setattr(pieces, "_draw_piece", skipping)
    result = run("validate", "exit-from-purgatory")
    assert result.exit_code == 1
    assert placed_in(
        "exit-from-purgatory: rules.toml:components.apple: Apple card count for 4 players is wrong "
        "(the rules: 5 per player) (expected 20, found 19)",
        result.output,
    )


EXIT_BREAKS = [
    # (file, old, new, expected line, exit code)
    (
        "rules.toml",
        'label = "Apple card"\nper_player = 5',
        'label = "Apple card"\nper_player = 1',
        "exit-from-purgatory: rules.toml:components.apple.per_player: setup deals 2 Apple cards to each player, so the deck is too small (expected >= 8, found 4)",
        1,
    ),
    (
        "components.toml",
        'substitute = "Spades"',
        'substitue = "Spades"',
        "exit-from-purgatory/components.toml:cards[1].substitue: unknown key. Did you mean 'substitute'?",
        1,
    ),
    (
        "components.toml",
        "diameter = 20",
        "diameter = -3",
        "exit-from-purgatory/components.toml:tokens.diameter: input should be greater than or equal to 12 (found -3)",
        1,
    ),
    (
        "components.toml",
        'color = "#b3261e"',
        'color = "red"',
        "exit-from-purgatory/components.toml:cards[0].color: expected a colour like '#b22222', found 'red'",
        1,
    ),
    (
        "components.toml",
        'icon = "lorc/lift"',
        'icon = "lorc/no-such-icon"',
        "exit-from-purgatory/components.toml:back.icon: unknown icon 'lorc/no-such-icon'",
        1,
    ),
    ("components.toml", "[tokens]", "[tokens", "exit-from-purgatory/components.toml:", 1),
    (
        "rules.toml",
        "per_player = 6",
        "per_player = 0",
        "exit-from-purgatory/rules.toml:components.token.per_player: input should be greater than 0 (found 0)",
        1,
    ),
    (
        "rules.toml",
        "min = 4\ndefault = 4",
        "min = 4\ndefault = 2",
        "exit-from-purgatory/rules.toml:players: default 2 is outside 4-…",
        1,
    ),
    (
        "rules.toml",
        "[components.mat]",
        '[components.mats]\nkind = "sheet"\nlabel = "Spare"\nper_player = 1\n\n[components.unused]',
        "exit-from-purgatory/rules.toml:components.mat: missing: the layout data prints 'mat' pieces, so the rules model must say how many",
        1,
    ),
]


@pytest.mark.parametrize("file, old, new, expected, code", EXIT_BREAKS, ids=[b[3][:60] for b in EXIT_BREAKS])
def test_broken_exit_data_is_named(run, layouts_copy, file, old, new, expected, code):
    edit(layouts_copy / "exit-from-purgatory" / file, old, new)
    result = validate(run, layouts_copy, "exit-from-purgatory")
    assert result.exit_code == code, result.output
    assert placed_in(expected, result.output)


def test_an_unknown_mat_icon_is_one_problem(run, layouts_copy):
    """The mat's arms follow its icon: a missing icon is reported where it is named, once, and the
    arms are laid out without it (a regular star) so every other problem comes in the same run."""
    edit(layouts_copy / "exit-from-purgatory" / "components.toml", '"lorc/brain-freeze"', '"lorc/brain-frieze"')
    result = validate(run, layouts_copy, "exit-from-purgatory")
    assert result.exit_code == 1
    assert placed_in("exit-from-purgatory/components.toml:mat.icon: unknown icon 'lorc/brain-frieze'", result.output)
    assert "1 problem(s)" in result.output and "armed star" not in result.output, result.output
    out = layouts_copy.parent / "out"  # written anyway: a gap is drawn, but the manifest lists it among no icons
    assert run("build", "exit-from-purgatory", "--layouts", layouts_copy, "-o", out, "--no-validate").exit_code == 0
    manifest = json.loads((out / "exit-from-purgatory" / "manifest.json").read_text())
    mats = next(doc for doc in manifest["documents"] if doc["file"] == "mats.pdf")
    assert mats["pages"] == 2 and not [ref for doc in manifest["documents"] for ref in doc["icons"] if "gap" in ref]


def test_toml_syntax_error_names_file_and_line(run, layouts_copy):
    path = layouts_copy / "exit-from-purgatory" / "components.toml"
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("[tokens]"))
    edit(path, "[tokens]", "[tokens")
    result = validate(run, layouts_copy, "exit-from-purgatory")
    assert result.exit_code == 1  # a data problem like any other; 2 is for usage errors
    assert placed_in(f"components.toml:{number}: TOML syntax error", result.output)


def test_impossible_player_count_is_a_usage_error(run, layouts_copy):
    result = validate(run, layouts_copy, "exit-from-purgatory", "--players", 2)
    assert result.exit_code == 2
    assert "--players 2 is not allowed" in result.output


def test_build_refuses_a_broken_deck_unless_told(run, layouts_copy, isolated):
    edit(
        layouts_copy / "exit-from-purgatory" / "rules.toml",
        'label = "Apple card"\nper_player = 5',
        'label = "Apple card"\nper_player = 1',
    )
    result = run("build", "exit-from-purgatory", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert "not written" in result.output
    assert not (isolated / "output").exists()
    result = run("build", "exit-from-purgatory", "--layouts", layouts_copy, "--no-validate")
    assert result.exit_code == 0
    assert (isolated / "output/exit-from-purgatory/cards.pdf").exists()


def main_file(game: str) -> str:
    """The game's main data file, as its Game entry names it."""
    return load_game(game).files[0]


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_misspelt_key_is_named(run, layouts_copy, game):
    path = layouts_copy / game / main_file(game)
    path.write_text('titel = "typo"\n' + path.read_text())
    result = validate(run, layouts_copy, game)
    assert result.exit_code == 1
    suggested = (
        "Did you mean 'title'?" if "title" in load_game(game).models[main_file(game)].model_fields else "(a typo?)"
    )
    assert placed_in(
        f"{game}/{main_file(game)}:titel: unknown key{'. ' if 'mean' in suggested else ' '}{suggested}", result.output
    )


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_toml_syntax_is_exit_1_with_line(run, layouts_copy, game):
    path = layouts_copy / game / main_file(game)
    lines = path.read_text().count("\n")
    path.write_text(path.read_text() + "[broken\n")
    result = validate(run, layouts_copy, game)
    assert result.exit_code == 1
    assert placed_in(f"{main_file(game)}:{lines + 1}: TOML syntax error", result.output)


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_impossible_player_range_in_the_rules_is_named(run, layouts_copy, game):
    path = layouts_copy / game / "rules.toml"
    text = path.read_text()
    path.write_text(text.replace("[players]\nmin = ", "[players]\nmin = 50\nold_min = ", 1))
    result = validate(run, layouts_copy, game)
    assert result.exit_code == 1
    assert placed_in(f"{game}/rules.toml:players.old_min: unknown key", result.output)


def test_dropping_a_soul_card_is_counted(run, layouts_copy):
    path = layouts_copy / "straight-to" / "components.toml"
    edit(
        path,
        'name = "Penitent"\nicon = "lorc/prayer"\ncount = 17',
        'name = "Penitent"\nicon = "lorc/prayer"\ncount = 16',
    )
    result = validate(run, layouts_copy, "straight-to")
    assert result.exit_code == 1
    assert placed_in(
        "straight-to: components.toml:souls[0].count (line 49), souls[1].count (line 57), souls[2].count "
        "(line 65): these Good Soul cards add up to 49; the rules model (rules.toml:components.soul-good) "
        "asks for 50 (expected 50, found 49)",
        result.output,
    )


def test_adding_a_soul_card_is_counted(run, layouts_copy):
    path = layouts_copy / "straight-to" / "components.toml"
    edit(
        path,
        'name = "Fiend"\nicon = "lorc/daemon-skull"\ncount = 16',
        'name = "Fiend"\nicon = "lorc/daemon-skull"\ncount = 17',
    )
    result = validate(run, layouts_copy, "straight-to")
    assert result.exit_code == 1
    assert (
        "souls[5].count (line 89): these Evil Soul cards add up to 51; the rules model "
        "(rules.toml:components.soul-evil) asks for 50 (expected 50, found 51)"
    ) in result.output


def test_dropping_punished_cards_below_the_tier_minimum(run, layouts_copy):
    path = layouts_copy / "punished" / "cards.toml"
    text = path.read_text()
    start = text.index('name = "Bat Swarm"')
    begin = text.rindex("[[cards]]", 0, start)
    end = text.index("[[cards]]", start)
    path.write_text(text[:begin] + text[end:])
    result = validate(run, layouts_copy, "punished")
    assert result.exit_code == 1
    assert (
        "Tier 1 card (red, Bloodthorn Fen) count for 1 player is wrong (the rules: at least 12) (expected at least 12, found 11)"
        in result.output
    )


def test_validate_all_games_summary(run):
    result = run("validate")
    assert result.exit_code == 0
    assert result.output.strip().splitlines()[-1] == "all rules hold"
    for game in EVERY_GAME:
        assert f"{game}: " in result.output


def test_cut_and_fold_notes_name_a_file_the_game_makes(run, layouts_copy):
    """The print guide's notes are picked by file name: a note for a file the game does not make is
    refused at its key, never moved into another PDF's instructions."""
    exit_data = layouts_copy / "exit-from-purgatory" / "components.toml"
    edit(exit_data, '"cards.pdf" = [', '"card.pdf" = [')
    track = layouts_copy / "straight-to" / "components.toml"
    edit(track, '"cards.pdf" = ', '"cards" = ')
    result = run("validate", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in(
        "exit-from-purgatory: components.toml:cover.assembly.card.pdf: no such file (this game makes cards.pdf, "
        "mats.pdf, aids.pdf)",
        result.output,
    )
    assert placed_in(
        "straight-to/components.toml:cover.assembly.cards: expected the name of one of the game's files", result.output
    )


def test_notes_as_a_list_by_position_are_refused_with_the_table_to_write(run, layouts_copy):
    path = layouts_copy / "seven-steps" / "gamesheet.toml"
    text = path.read_text()
    start = text.index("[cover.assembly]")
    path.write_text(text[:start] + 'assembly = ["Cut nothing."]\n')
    result = validate(run, layouts_copy, "seven-steps")
    assert result.exit_code == 1
    assert placed_in("seven-steps/gamesheet.toml:cover.assembly: give the notes by file, as a table", result.output)


def test_a_game_without_its_rules_sheet_is_refused_with_what_to_write(run, layouts_copy):
    """pnp prints every game's rules sheet and counts it itself: a missing reference.toml is no silent
    omission but a refusal that says what to write."""
    (layouts_copy / "seven-steps" / "reference.toml").unlink()
    result = validate(run, layouts_copy, "seven-steps")
    assert result.exit_code == 1
    assert placed_in("seven-steps/reference.toml: file not found: every game prints a rules reference", result.output)
    assert "[[sections]] (heading, side = 1 or 2, lines)" in result.output


def test_a_text_the_games_code_forgot_to_fill_is_named(run, layouts_copy, monkeypatch):
    """Whatever a game's code does, the build checks every printed text: a game module that prints
    a data text without filling its numbers (here: Straight to's track rule, its fill skipped) is
    refused with the data file, key and line, not printed with "{souls_to_enter}" in it."""
    from pnp.games import BuildContext

    real_fill = BuildContext.fill

    def forgetful(self, text, where):
        return text if "souls_to_enter" in text else real_fill(self, text, where)

    monkeypatch.setattr(BuildContext, "fill", forgetful)
    result = validate(run, layouts_copy, "straight-to")
    assert result.exit_code == 1, result.output
    line = next(
        i
        for i, text in enumerate((layouts_copy / "straight-to/components.toml").read_text().splitlines(), 1)
        if text.startswith("enter_rule = ")
    )
    assert placed_in(
        f"straight-to/components.toml:{line}: track.enter_rule: {{souls_to_enter}} is printed as written in "
        "track.pdf: the game's code does not fill this text's numbers from the rules model",
        result.output,
    )


def test_a_rules_sheet_without_a_promised_section_is_named(run, layouts_copy):
    """A game promises the sections of its rules sheet (Game.promises): renaming one in the data is
    named by validate, at reference.toml."""
    edit(layouts_copy / "punished" / "reference.toml", 'heading = "Example"', 'heading = "An example"')
    result = validate(run, layouts_copy, "punished")
    assert result.exit_code == 1
    assert placed_in(
        "punished: reference.toml:sections: the rules sheet has no section 'Example', which the game promises "
        "its players (Game.promises.headings)",
        result.output,
    )


def test_every_stage_reports_in_one_run_with_suggestions(run, isolated):
    """A project with a mistake in each stage (pnp.toml, the rules model, a game's data and its
    icons, a card-text template beside a data file's mistakes, a template's slot, a placeholder, a
    CSV cell, an untraced printed line in a game whose data fails too, an unquoted sentence of the
    document) gets every one from one `pnp validate`, each as one `path:line:col:` line, exit 1; a
    misspelt name gets the name it meant, and a misspelt key is not also "missing"."""
    from conftest import souls_to_csv

    assert run("new", "proj").exit_code == 0
    project = isolated / "proj"
    layouts = project / "layouts"
    souls_to_csv(layouts)
    (project / "pnp.toml").write_text((project / "pnp.toml").read_text() + 'ink_saver = "yes"\npaper = "a5"\n')
    edit(layouts / "exit-from-purgatory" / "rules.toml", "per_player = 5", "per_player = 1")  # deals more
    edit(layouts / "particle-panic" / "reference.toml", "deal {cards_dealt} to", "deal {cards_delt} to")
    cards = layouts / "punished" / "cards.toml"
    edit(cards, 'icon = "lorc/meditation"', 'icon = "lorc/meditaton"')
    edit(cards, '\ntint = "', '\ntnit = "')
    edit(cards, "\nsize = 6", "\nszie = 6")
    souls = layouts / "straight-to" / "souls.csv"
    rows = souls.read_text().splitlines()
    rows[1] = rows[1].replace(",17,", ",many,", 1)
    souls.write_text("\n".join(rows) + "\n")
    edit(layouts / "punished" / "text.toml", 'loss = "lose {{ amount }}', 'loss = "lose {{ amount }')  # a template typo
    reference = layouts / "straight-to" / "reference.toml"  # a printed line no trace entry names,
    reference.write_text(  # in a game whose data fails too
        reference.read_text()
        + '\n[[sections]]\nheading = "House rule"\nside = 2\nlines = ["Whoever rings first wins."]\n'
    )
    (layouts / "seven-steps" / "document.txt").write_text(
        (layouts / "seven-steps" / "document.txt").read_text() + "\nOn the seventh day you may rest.\n"
    )
    import os

    os.chdir(project / "layouts" / "punished")  # anywhere inside the project
    result = run("validate")
    assert result.exit_code == 1
    out = result.output
    for path, said in (  # paths as typed from layouts/punished, where validate ran
        ("../../pnp.toml", "ink_saver: expected true or false, found 'yes'"),
        ("../../pnp.toml", "paper: 'a5' is not a paper size"),
        ("../exit-from-purgatory/rules.toml", "components.apple.per_player: setup deals"),
        (
            "../particle-panic/reference.toml",
            "sections[1].lines[0]: {cards_delt} is not a number in rules.toml [facts] or a component count. "
            "Did you mean 'cards_dealt'?",
        ),
        ("cards.toml", "tiers.1.tnit: unknown key. Did you mean 'tint'?"),
        ("cards.toml", "templates.card.slots.category.szie: unknown key. Did you mean 'size'?"),
        ("cards.toml", "backs.time-alone.icon: unknown icon 'lorc/meditaton': not in the icon cache. Did you mean"),
        ("../straight-to/souls.csv", "souls[0].count: input should be a valid integer (found 'many')"),
        ("text.toml", "loss: template error: unexpected '}'"),
        (
            "../straight-to/reference.toml",
            f"sections[{reference.read_text().count('[[sections]]') - 1}].lines[0]: printed rule 'Whoever rings first "
            "wins.'... is in no trace.toml entry",
        ),
        ("../seven-steps/document.txt", "sentence: 'On the seventh day you may rest.'... is quoted by no trace.toml"),
    ):
        assert re.search(rf"^{re.escape(path)}:\d+:\d+: {re.escape(said)}", out, re.M), said
    typed = (layouts / "punished" / "cards.toml").read_text().splitlines()
    assert f"cards.toml:{typed.index(next(t for t in typed if t.startswith('tnit'))) + 1}:1: tiers.1.tnit" in out
    assert out.rstrip().endswith("11 problem(s)")
    assert "tint: missing key" not in out and ".tint:" not in out


def test_a_rules_model_typo_does_not_hide_the_games_data_problems(run, layouts_copy):
    edit(layouts_copy / "exit-from-purgatory" / "rules.toml", "per_player = ", "per_playr = ")
    edit(layouts_copy / "exit-from-purgatory" / "components.toml", '\ntint = "', '\ntnit = "')
    result = validate(run, layouts_copy, "exit-from-purgatory")
    assert result.exit_code == 1
    assert placed_in(
        "exit-from-purgatory/rules.toml:components.apple.per_playr: unknown key. Did you mean 'per_player'?",
        result.output,
    )
    assert placed_in(
        "exit-from-purgatory/components.toml:cards[0].tnit: unknown key. Did you mean 'tint'?", result.output
    )
    assert result.output.rstrip().endswith("2 problem(s)")


@pytest.mark.parametrize("odd", ["FIFO", "folder", "symbolic link", "missing"])
def test_a_data_only_game_with_an_odd_manifest_is_named(run, tmp_path, odd):
    """A data-only game whose game.toml is a FIFO, a folder, a dangling link or gone once vanished:
    "'lantern-walk' is not one of ...", no word on game.toml."""
    import os
    import shutil

    from conftest import DATA_GAMES

    layouts = tmp_path / "layouts"
    shutil.copytree(DATA_GAMES / "lantern-walk", layouts / "lantern-walk")
    manifest = layouts / "lantern-walk" / "game.toml"
    manifest.unlink()
    {"FIFO": os.mkfifo, "folder": os.mkdir, "symbolic link": lambda path: path.symlink_to(tmp_path / "gone")}.get(
        odd, lambda path: None
    )(manifest)
    result = run("validate", "lantern-walk", "--layouts", layouts)
    if odd == "missing":
        assert result.exit_code == 2
        assert "lantern-walk: holds no game.toml (a data-only game's manifest)" in result.output
    else:
        assert result.exit_code == 1
        assert placed_in(f"lantern-walk/game.toml: cannot be read: it is a {odd}", result.output)


def test_characters_the_typeface_cannot_set_are_named_not_printed_as_boxes(run, layouts_copy, isolated):
    """CJK, emoji and Hebrew once printed as empty boxes or reversed while validate and build both
    said all was well (reliability item 8): each is named with the data key and line it was typed
    at, and the build writes nothing."""
    data = layouts_copy / "exit-from-purgatory" / "components.toml"
    edit(data, 'name = "Apple"', 'name = "Apple 苹果 🍎"')
    edit(data, 'name = "Worm"', 'name = "Worm שלום"')
    result = validate(run, layouts_copy, "exit-from-purgatory")
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "U+" in line]
    assert len(lines) == 2, result.output
    assert re.match(r"\S*exit-from-purgatory/components\.toml:\d+:\d+: cards\[0\]\.name: ", lines[0])
    assert "'苹' (U+82F9 CJK UNIFIED IDEOGRAPH-82F9)" in lines[0] and "'🍎' (U+1F34E RED APPLE)" in lines[0]
    assert "no glyph in the typeface (DejaVu Sans): it would print as an empty box" in lines[0]
    assert re.match(r"\S*exit-from-purgatory/components\.toml:\d+:\d+: cards\[1\]\.name: ", lines[1])
    assert "a right-to-left script, which pnp sets left to right (printed reversed)" in lines[1]
    built = run("build", "exit-from-purgatory", "--layouts", layouts_copy, "-o", "out")
    assert built.exit_code == 1 and "not written" in built.output
    assert not list(isolated.glob("out/*/*.pdf"))


def test_a_brace_written_twice_in_a_slot_text_prints_as_one(run, layouts_copy):
    """A designer's `{{x}}` in a template's slot text prints "{x}" and is no unfilled number (the
    fuzz found it refused: a slot's text is composed with the piece's values, so it traces to no
    data value)."""
    import pypdfium2 as pdfium

    edit(
        layouts_copy / "exit-from-purgatory" / "components.toml",
        'text = "{letter}  {name}"',
        'text = "{letter}  {{x}}"',
    )
    result = run("build", "exit-from-purgatory", "--layouts", layouts_copy, "-o", layouts_copy.parent / "out")
    assert result.exit_code == 0, result.output
    mats = layouts_copy.parent / "out" / "exit-from-purgatory" / "mats.pdf"
    assert "A {x}" in " ".join(pdfium.PdfDocument(mats)[0].get_textpage().get_text_range().split())


def test_a_character_the_typeface_lacks_on_a_card_back_is_named(run, layouts_copy):
    """Every side a document prints is checked, the backs of its cards too: a back's title with a
    letter DejaVu has no glyph for is refused at its key."""
    data = layouts_copy / "straight-to" / "components.toml"
    data.write_text(data.read_text().replace('title = "Soul"\n', 'title = "Soul 苹"\n', 1))
    result = validate(run, layouts_copy, "straight-to")
    assert result.exit_code == 1, result.output
    assert re.search(r"components\.toml:\d+:\d+: backs\.soul\.title: '苹' \(U\+82F9", result.output), result.output


def test_seven_mistakes_in_one_game_are_seven_lines_in_one_run(tmp_path):
    """One mistake per stage, all in Straight to (pnp.toml's type, an icon, a CSV cell, a template's
    key, a placeholder, a rules-model count, an untraced printed line): a stage that cannot finish
    reads on past its mistake, so `pnp validate`, run as a shell runs it, says all seven, each once,
    and not the Good souls' total the bad cell leaves unknowable."""
    import subprocess
    import sys

    from conftest import souls_to_csv

    subprocess.run([sys.executable, "-m", "pnp", "new", "proj"], cwd=tmp_path, check=True, capture_output=True)
    project = tmp_path / "proj"
    game = project / "layouts" / "straight-to"
    souls_to_csv(project / "layouts")
    edit(project / "pnp.toml", 'icons = "icons"', 'icons = "icons"\nink_saver = "yes"')
    components = game / "components.toml"
    edit(components, 'icon = "lorc/ghost"', 'icon = "lorc/ghots"')
    edit(components, "size = 13", "szie = 13")
    edit(components, "Spend {souls_per_step} to step toward HELL", "Spend {souls_per_stp} to step toward HELL")
    edit(game / "souls.csv", "Fiend,lorc/daemon-skull,16", "Fiend,lorc/daemon-skull,15")
    edit(game / "souls.csv", "Penitent,lorc/prayer,17", "Penitent,lorc/prayer,many")
    reference = game / "reference.toml"
    reference.write_text(
        reference.read_text()
        + '\n[[sections]]\nheading = "House rule"\nside = 2\nlines = ["Whoever rings first wins."]\n'
    )
    result = subprocess.run(
        [sys.executable, "-m", "pnp", "validate", "straight-to"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    placed = [line for line in result.stdout.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    typed = components.read_text().splitlines()
    szie = typed.index("szie = 13") + 1
    hint = next(i for i, line in enumerate(typed, 1) if "souls_per_stp" in line)
    assert sorted(placed) == sorted(
        [
            "pnp.toml:10:1: ink_saver: expected true or false, found 'yes'",
            "layouts/straight-to/components.toml:25:1: track.limbo.icon: unknown icon 'lorc/ghots': not in the "
            "icon cache. Did you mean 'lorc/ghost'?",
            "layouts/straight-to/souls.csv:2:27: souls[0].count: input should be a valid integer (found 'many')",
            f"layouts/straight-to/components.toml:{szie}:1: templates.soul.slots.title.slots.label.szie: unknown key. "
            "Did you mean 'size'?",
            f"layouts/straight-to/components.toml:{hint}:1: soul_types.evil.hint: {{souls_per_stp}} is not a number "
            "in rules.toml [facts] or a component count. Did you mean 'souls_per_step'?",
            "layouts/straight-to/souls.csv:5:31: souls[3].count (souls.csv line 5), souls[4].count (souls.csv line "
            "6), souls[5].count (souls.csv line 7): these Evil Soul cards add up to 49; the rules model "
            "(rules.toml:components.soul-evil) asks for 50 (expected 50, found 49)",
            f"layouts/straight-to/reference.toml:{len(reference.read_text().splitlines())}:1: sections[8].lines[0]: "
            "printed rule 'Whoever rings first wins.'... is in no trace.toml entry: name the document sentence it "
            "comes from",
        ]
    ), result.stdout
    assert result.stdout.rstrip().endswith("7 problem(s)")
