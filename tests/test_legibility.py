"""Text every player can read: WCAG contrast against what is painted under each text, and a
6 pt floor, found by `pnp validate` (exit 1) and warned of by a build, which still prints."""

from __future__ import annotations

import pytest

from pnp.pipeline.legibility import contrast, set_texts
from pnp.render.elements import Box, Group, Text


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
    (found,) = set_texts((ground, beside, turned, later), "#eeeeee")
    assert (found.under, found.color, found.size) == ("#123456", "#ffffff", 9.0)
    (alone,) = set_texts((Text(text="Hi", x=0, y=0, w=10, h=5),), None)
    assert alone.under == "#ffffff"


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
