"""Text every player can read: WCAG contrast against what is painted under each text, and a
6 pt floor, found by `pnp validate` (exit 1) and warned of by a build, which still prints."""

from __future__ import annotations

import shutil

import pytest

from pnp.pipeline.legibility import NORMAL_RATIO, contrast, texts_on
from pnp.render.elements import Box, Group, Polygon, Text


@pytest.mark.parametrize(
    "a, b, ratio",
    [
        ("#000000", "#ffffff", 21.0),
        ("#ffffff", "#ffffff", 1.0),
        ("#777777", "#ffffff", 4.48),
        ("#0000ff", "#ffffff", 8.59),
    ],
)
def test_contrast_is_wcag_s_ratio(a, b, ratio):
    assert contrast(a, b) == pytest.approx(ratio, abs=0.01)
    assert contrast(b, a) == pytest.approx(ratio, abs=0.01)


def test_what_lies_under_a_text_is_the_last_fill_under_its_centre_through_turned_groups():
    """A band drawn before the text, in a group turned half round and moved, is what the text stands
    on; a fill drawn after it, or beside it, is not."""
    band = Box(x=0, y=0, w=20, h=10, fill="#123456")
    text = Text(text="Hi", x=2, y=2, w=10, h=5, size=9, color="#ffffff")
    turned = Group(elements=(band, text), dx=40, dy=30, rotate=180)  # lands on x 20..40, y 20..30
    beside = Box(x=0, y=0, w=15, h=15, fill="#ff0000")
    later = Box(x=0, y=0, w=60, h=60, fill="#00ff00")
    ground = Box(x=0, y=0, w=100, h=100, fill="#fafafa")  # under everything, the band over it
    (found,) = texts_on((ground, beside, turned, later), "#eeeeee")
    assert (found.under, found.color, found.size) == ("#123456", "#ffffff", 9.0)
    (alone,) = texts_on((Text(text="Hi", x=0, y=0, w=10, h=5),), None)
    assert alone.under == "#ffffff"


def wedges(*fills: str) -> tuple[Polygon, ...]:
    """A round board's wedges about (50, 50), one a quarter turn, each in its own colour."""
    corners = [(100, 50), (50, 100), (0, 50), (50, 0)]
    return tuple(
        Polygon(points=((50, 50), corners[i], corners[(i + 1) % 4]), fill=fill) for i, fill in enumerate(fills)
    )


def test_a_text_on_a_polygon_wedge_is_read_against_the_wedge():
    """White labels on coloured wedges are legible; a white label on a white wedge of a dark board
    is not (its ground is the wedge, not the board); a label beside every wedge stands on the board."""
    labels = [
        Text(text=name, x=x - 6, y=y - 3, w=12, h=6, color="#ffffff")
        for name, x, y in (("North", 60, 70), ("West", 30, 60), ("South", 40, 30), ("East", 70, 40))
    ]
    found = [t.under for t in texts_on((*wedges("#7a1f1f", "#1f4a7a", "#2e6b2e", "#ffffff"), *labels), "#202020")]
    assert found == ["#7a1f1f", "#1f4a7a", "#2e6b2e", "#ffffff"]
    legible = [contrast("#ffffff", ground) >= NORMAL_RATIO for ground in found]
    assert legible == [True, True, True, False]  # the check's verdict: only the white wedge's label fails
    turned = Group(elements=(*wedges("#7a1f1f", "#1f4a7a", "#2e6b2e", "#ffffff"),), dx=100, dy=100, rotate=180)
    (moved,) = texts_on((turned, Text(text="x", x=56, y=67, w=8, h=6)), None)
    assert moved.under == "#2e6b2e"  # (60, 70) lies in the third wedge once the board is turned half round
    (outside,) = texts_on(
        (*wedges("#7a1f1f", "#1f4a7a", "#2e6b2e", "#ffffff"), Text(text="x", x=1, y=2, w=8, h=6)), None
    )
    assert outside.under == "#ffffff"  # the paper: (5, 5) lies outside the diamond of wedges


@pytest.mark.named_games
def test_a_faint_text_is_refused_by_validate_and_warned_of_by_a_build(run, isolated, layouts_copy):
    sheet = layouts_copy / "seven-steps" / "gamesheet.toml"
    sheet.write_text(sheet.read_text().replace('sun = "#a15c00"', 'sun = "#f4b860"'))
    result = run("validate", "seven-steps", "--layouts", layouts_copy)
    assert result.exit_code == 1 and "contrast 1.77:1" in result.output, result.output
    result = run("build", "seven-steps", "--layouts", layouts_copy)
    assert result.exit_code == 0, result.output
    assert "warning: " in result.output and "contrast 1.77:1" in result.output
    assert (isolated / "output" / "seven-steps" / "gamesheets.pdf").is_file()


@pytest.mark.named_games
def test_two_token_sides_told_apart_by_red_and_green_alone_are_refused(run, isolated):
    """Lantern Walk's Spark token made its own back's twin in all but colour (red against green,
    which print as one grey and look alike to a deuteranope): validate names the rules model's set.
    (Two card kinds cannot be twins: two cards of one name are refused as such.)"""
    from conftest import DATA_GAMES

    layouts = isolated / "layouts"
    shutil.copytree(DATA_GAMES / "lantern-walk", layouts / "lantern-walk")
    game = layouts / "lantern-walk" / "game.toml"
    sides = (
        'front = { icon = "lorc/sun", color = "#c0392b", background = "#fff4dc" }\n'
        'back = { icon = "lorc/sun", color = "#1d7d44", background = "#fff4dc" }\n'
    )
    text = game.read_text()
    written = text.split("diameter = 20\n")[1].split("\n\n")[0] + "\n"
    game.write_text(text.replace(written, sides))
    rules = layouts / "lantern-walk" / "rules.toml"
    rules.write_text('tell_apart = [["spark", "spark:back"]]\n' + rules.read_text())
    result = run("validate", "--layouts", layouts, "lantern-walk")
    assert result.exit_code == 1, result.output
    (line,) = [line for line in result.output.splitlines() if "tell_apart" in line]
    assert line.startswith("layouts/lantern-walk/rules.toml:1:") and "tell_apart[0]: 'Spark token" in line, line
    assert "#c0392b and #1d7d44 print as near the same grey" in line, line
    game.write_text(game.read_text().replace('back = { icon = "lorc/sun"', 'back = { icon = "lorc/moon"'))
    assert "tell_apart" not in run("validate", "--layouts", layouts, "lantern-walk").output  # told apart by icons


@pytest.mark.parametrize(
    "a, b, said",
    [
        ("#23b522", "#e20a54", "look alike under deuteranopia"),  # green and crimson, a grey apart
        ("#c0392b", "#2471a3", "print as near the same grey"),  # red and blue of one lightness
        ("#000000", "#ffffff", None),
    ],
)
def test_colours_alone_are_judged_in_grey_and_through_colour_blind_eyes(a, b, said):
    from pnp.pipeline.legibility import SideLook, _alike

    def design(colour):
        return SideLook(name="x", icons=frozenset({"lorc/sun"}), words=("Sun",), colours=("#ffffff", colour))

    found = _alike(design(a), design(b))
    assert (found is None) if said is None else (said in found), found
    other = SideLook(name="y", icons=frozenset({"lorc/moon"}), words=("Sun",), colours=("#ffffff", b))
    assert _alike(design(a), other) is None  # an icon tells them apart


def test_a_tint_edited_between_two_runs_in_one_process_is_read_again(run_kept, layouts_copy):
    """What a build found of each side is kept for the next in the same process (`pnp watch`): the
    colour under a side is part of it, so a design whose tint alone changed is read again."""
    assert run_kept("validate", "straight-to", "--layouts", layouts_copy).exit_code == 0
    components = layouts_copy / "straight-to" / "components.toml"
    components.write_text(components.read_text().replace('tint = "#fff8e6"', 'tint = "#8c6b00"'))
    result = run_kept("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1 and "in #8c6b00 on #8c6b00: contrast 1.00:1" in result.output, result.output


def test_the_designs_of_one_component_are_told_apart_from_each_other(run, layouts_copy):
    """A component named alone in `tell_apart` (Particle Panic's hand-limit trackers, one per
    player) has each of its designs compared with every other, not only its first with another
    component's: named alike, the trackers differ by their colours alone and are refused."""
    data = layouts_copy / "particle-panic" / "components.toml"
    data.write_text(
        data.read_text().replace('names = ["Red", "Blue", "Green", "Orange"]', 'names = ["P", "P", "P", "P"]')
    )
    result = run("validate", "--layouts", layouts_copy, "particle-panic")
    assert result.exit_code == 1, result.output
    alike = [line for line in result.output.splitlines() if "tell_apart[1]" in line]
    assert len(alike) >= 3 and all("differ by colour alone" in line for line in alike), result.output
    assert any("#1d7d44 and #a15c00" in line for line in alike), result.output  # the third and fourth trackers
