import subprocess
import sys

from conftest import message_lines, placed_in

from pnp import __version__


def test_help_lists_commands_with_examples(run):
    result = run("--help")
    assert result.exit_code == 0
    for command in ("build", "validate", "list", "icons"):
        assert command in result.output
    assert "Examples" in result.output


def test_icons_help(run):
    result = run("icons", "--help")
    assert result.exit_code == 0
    for command in ("fetch", "import", "verify", "credits"):
        assert command in result.output


def test_every_command_has_help_with_an_example(run):
    for args in (
        ["build"],
        ["validate"],
        ["list"],
        ["icons", "fetch"],
        ["icons", "import"],
        ["icons", "verify"],
        ["icons", "credits"],
        ["export"],
        ["export", "images"],
        ["export", "tts"],
        ["export", "printshop"],
    ):
        result = run(*args, "--help")
        assert result.exit_code == 0, args
        assert "Example" in result.output, args


def test_version(run):
    result = run("--version")
    assert result.exit_code == 0
    assert __version__ in result.output


def test_list_shows_games_and_components(run):
    result = run("list")
    assert result.exit_code == 0
    assert "exit-from-purgatory" in result.output
    assert "Apple card: 5 per player" in result.output


def test_unknown_game_is_one_line_exit_2(run):
    result = run("build", "no-such-game")
    assert result.exit_code == 2
    assert "no-such-game" in result.output
    assert "Traceback" not in result.output


def test_unknown_option_is_exit_2(run):
    result = run("build", "--colour-scheme", "x")
    assert result.exit_code == 2
    assert "No such option" in result.output


def test_bad_option_values_name_the_option(run):
    for args, name in (
        (["--paper", "a9"], "--paper"),
        (["--bleed", "three"], "--bleed"),
        (["--back-offset", "1"], "--back-offset"),
        (["--card", "huge"], "--card"),
    ):
        result = run("build", "exit-from-purgatory", *args)
        assert result.exit_code == 2, args
        assert name in result.output
        assert "Traceback" not in result.output


def test_pnp_toml_sets_defaults_and_a_flag_beats_it(run, isolated):
    (isolated / "pnp.toml").write_text('paper = "letter"\nplayers = 5\n')
    import json

    assert run("build", "exit-from-purgatory").exit_code == 0
    manifest = json.loads((isolated / "output/exit-from-purgatory/manifest.json").read_text())
    assert manifest["options"]["paper"] == "letter" and manifest["players"] == 5
    assert run("build", "exit-from-purgatory", "--paper", "a4").exit_code == 0
    manifest = json.loads((isolated / "output/exit-from-purgatory/manifest.json").read_text())
    assert manifest["options"]["paper"] == "a4" and manifest["players"] == 5


def test_pnp_toml_unknown_key_is_named(run, isolated):
    (isolated / "pnp.toml").write_text('papr = "letter"\n')
    result = run("build", "exit-from-purgatory")
    assert result.exit_code == 2
    assert placed_in("pnp.toml:1: papr: unknown key. Did you mean 'paper'?", result.output)


import pytest


@pytest.mark.parametrize("command, expected", [("--help", "Usage: pnp"), ("list", "seven-steps")])
def test_help_and_list_do_not_import_reportlab(command, expected):
    code = (
        f"import sys, runpy; sys.argv=['pnp', {command!r}];\n"
        "try:\n runpy.run_module('pnp', run_name='__main__')\n"
        "except SystemExit: pass\n"
        "print('heavy:', sorted(m for m in ('reportlab', 'svglib', 'pypdfium2') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert expected in out
    assert out.strip().endswith("heavy: []")


@pytest.mark.parametrize(
    "typed, meant",
    [
        ("punishd", "punished"),
        ("Punished", "punished"),
        ("seven_steps", "seven-steps"),
        ("straight to", "straight-to"),
        ("STRAIGHT_TO", "straight-to"),
    ],
)
def test_a_mistyped_game_gets_a_suggestion(run, typed, meant):
    """A typo, the wrong case, _ or a space for - : the one game meant is suggested (not every game), usage error."""
    result = run("build", typed)
    assert result.exit_code == 2
    assert f"{typed!r} is unknown. Did you mean {meant!r}?" in result.output


def test_a_name_close_to_no_game_gets_no_suggestion(run):
    result = run("validate", "xyz")
    assert result.exit_code == 2 and "is not one of" in result.output and "Did you mean" not in result.output


@pytest.mark.parametrize("option", ["--bleed", "--margin"])
def test_a_length_without_a_unit_is_refused(run, option):
    """`--bleed 3` was taken as 3 mm without a word; a bare 0 stays fine."""
    result = run("build", "seven-steps", option, "3")
    assert result.exit_code == 2 and f"{option}: '3' has no unit: give one, such as 3mm or 3in" in result.output
    assert run("validate", "seven-steps", option, "0" if option == "--bleed" else "5mm").exit_code == 0


def test_options_every_requested_game_refuses_are_refused_before_any_work(run, isolated):
    """`--players 99` once wrote Exit's 446 pages, then refused three games and exited 2; a card of
    10 x 10 mm answered with about 130 layout errors. Both are now one refusal, before anything is
    written."""
    result = run("build", "--players", "99", "-o", "o")
    assert result.exit_code == 2
    refused = [line for line in message_lines(result.output) if "--players 99 is not allowed" in line]
    from conftest import EVERY_GAME

    from pnp.games import read_source
    from pnp.source.rules import load_rules

    too_many = [
        slug for slug in EVERY_GAME if (top := load_rules(read_source(slug, None)).players.max) is not None and top < 99
    ]
    assert [line.removeprefix("Error: ").split(":")[0] for line in refused] == sorted(too_many)
    assert {"particle-panic", "punished", "seven-steps"} <= set(too_many)
    assert "(1 player only)" in result.output and "nothing was built" in result.output
    assert not (isolated / "o").exists()
    small = run("build", "--card", "10x10", "-o", "o")
    assert small.exit_code == 2 and not (isolated / "o").exists()
    assert message_lines(small.output) == [
        "Error: --card 10x10: 10 x 10 mm is smaller than a card's title, art and text fit on; give at least "
        "40 x 55 mm (mini is 44 x 68 mm)"
    ]


def test_a_linked_pnp_toml_is_refused_unread(run, isolated):
    elsewhere = isolated.parent / "elsewhere.toml"
    elsewhere.write_text('paper = "letter"\n')
    (isolated / "pnp.toml").symlink_to(elsewhere)
    result = run("validate", "seven-steps")
    assert result.exit_code == 2
    assert placed_in("pnp.toml: cannot be read: it is a symbolic link, which is refused here", result.output)


def test_an_output_name_past_the_file_systems_limit_is_refused(run, isolated):
    """A 300-byte folder name once ended in "unexpected OSError ... (please report this)"."""
    for output in ("a" * 300, f"x/{'é' * 130}/y"):  # 260 bytes in 130 characters
        result = run("build", "seven-steps", "-o", output)
        assert result.exit_code == 2, result.output
        assert "bytes long; a file system takes names of at most 255 bytes" in result.output
        assert "unexpected" not in result.output


@pytest.mark.parametrize(
    "words, offered",
    [
        ("pnp build --paper ", ["a4", "letter", "a3", "tabloid"]),
        ("pnp build --card t", ["tarot"]),
        ("pnp validate --duplex ", ["long", "short", "off", "fold"]),
        ("pnp validate pun", ["punished"]),
    ],
)
def test_the_shell_completes_games_papers_cards_and_choices(words, offered, tmp_path):
    """What bash asks of the docs' `eval "$(_PNP_COMPLETE=bash_source pnp)"`, asked the same way."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "COMP_WORDS": words, "COMP_CWORD": str(len(words.split(" ")) - 1)}
    env["_PNP_COMPLETE"] = "bash_complete"
    result = subprocess.run(
        [sys.executable, "-m", "pnp"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert [line.split(",", 1)[1] for line in result.stdout.splitlines()] == offered
