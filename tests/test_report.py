"""The balance report: exact odds checked by hand and by other methods, seeded simulations that
repeat, changes shown with the old value beside the new, and the pages in a real browser."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import lxml.html
import numpy as np
import pytest
from click.testing import CliRunner
from conftest import EVERY_GAME, copy_layouts, edit_card

from pnp.analysis.dice import p_greater, rolls, subset_sums, sum_distribution
from pnp.analysis.draws import ordered_rolls, roll, shuffled
from pnp.analysis.exit_balance import p_challenge
from pnp.analysis.panic_balance import rounds_to_fill, turns_to_fill
from pnp.analysis.publish import svg
from pnp.analysis.report import Plot
from pnp.analysis.seven_steps_balance import p_meets, simulate
from pnp.analysis.seven_steps_optimal import Climb, OptimalClimb, first_best, preferred
from pnp.analysis.seven_steps_play import simulate_optimal
from pnp.analysis.straight_to_balance import ClimbNumbers, climbs, p_single_winner
from pnp.cli import cli
from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.games import load_game
from pnp.games.seven_steps import FILE, Gamesheet
from pnp.source.gamesource import read_game
from pnp.source.icons import IconStore
from pnp.source.models import load_file
from pnp.source.rules import load_rules

STORE = IconStore(shipped_icons_dir())


def terraces():
    sheet = load_file(read_game("seven-steps", shipped_layouts_dir() / "seven-steps"), FILE, Gamesheet, STORE)
    return {t.name: t for t in sheet.terraces}


def ways(total: int, dice: int) -> int:
    """Rolls of `dice` d6 summing to `total`, by inclusion-exclusion (not by convolution)."""
    return sum(
        (-1) ** k * comb(dice, k) * comb(total - 6 * k - 1, dice - 1)
        for k in range(dice + 1)
        if total - 6 * k - 1 >= dice - 1
    )


def test_seven_steps_odds_match_hand_counts():
    t = terraces()
    assert p_meets(t["PRIDE"].test, 1, 3) == Fraction(1, 2)  # the issue's own example
    assert p_meets(t["SLOTH"].test, 1, 3) == 0  # under 3 - 2 = 1: impossible
    assert p_meets(t["SLOTH"].test, 1, 6) == Fraction(1, 2)  # under 4: a 1, 2 or 3
    assert p_meets(t["LUST"].test, 1, 1) == Fraction(1, 6)  # exactly 6
    assert p_meets(t["GREED"].test, 1, 4) == Fraction(1, 6)  # 10 - 4 = 6
    assert p_meets(t["GLUTTONY"].test, 1, 3) == Fraction(1, 6)  # half of 3, rounded up: 2
    # two dice against WRATH with a challenge of 1 (0, 1 or 2): fails only when no die is 1 or 2
    # and no pair sums to 2 or less (a pair sums to 2 only as 1+1): 1 - (4/6)^2
    assert p_meets(t["WRATH"].test, 2, 1) == 1 - Fraction(4, 6) ** 2
    # brute force over ordered rolls for three dice on PRIDE with a challenge of 2
    hits = sum(1 for roll in product(range(1, 7), repeat=3) if any(s <= 2 for s in subset_sums(tuple(sorted(roll)))))
    assert p_meets(t["PRIDE"].test, 3, 2) == Fraction(hits, 216)


def test_exit_roll_matches_inclusion_exclusion():
    mine, theirs = 6, 7
    total = sum(ways(a, mine) * ways(b, theirs) for a in range(6, 37) for b in range(7, 43) if a > b)
    assert p_greater(mine, theirs) == Fraction(total, 6**13)
    tie = sum(ways(s, 6) ** 2 for s in range(6, 37))
    assert p_greater(6, 6) == (1 - Fraction(tie, 6**12)) / 2
    # the rule: (1 + Lanterns) dice against (1 + apple tokens) dice, a tie succeeding
    assert round(float(p_challenge(0, 2, "dice")), 3) == 0.027 and round(float(p_challenge(1, 0, "dice")), 3) == 0.907
    ties = sum(ways(s, 1) * ways(s, 2) for s in range(2, 7))
    beats = sum(ways(a, 2) * ways(b, 1) for a in range(2, 13) for b in range(1, 7) if a > b)
    assert p_challenge(1, 0, "dice") == Fraction(ties + beats, 6**3)
    # the author's variant: one die each, bonuses added, a natural 6 always succeeds
    assert p_challenge(0, 0, "single-die") == Fraction(21, 36) and p_challenge(0, 6, "single-die") == Fraction(6, 36)


def test_best_play_matches_hand_counts_and_its_own_simulation():
    t = terraces()
    pride = t["PRIDE"].test
    # one die, no spare, no pip: win when it shows at most the challenge die: 21 of 36
    alone = OptimalClimb(Climb(tests=(pride,), pool=1, spares=0, pips=0, more_pips=0))
    assert alone.win_chance() == pytest.approx(21 / 36)
    # one spare: a failed roll costs it and the die is rolled again
    again = OptimalClimb(Climb(tests=(pride,), pool=1, spares=1, pips=0, more_pips=0))
    assert again.win_chance() == pytest.approx(sum(c / 6 + (1 - c / 6) * c / 6 for c in range(1, 7)) / 6)

    # one pip: spend it on the challenge die before rolling (+1, -1 or flip), or keep it for the rolled die
    def one_pip(c: int) -> float:
        moved = max(n / 6 for n in (c - 1, c + 1, 7 - c) if 1 <= n <= 6)
        kept = sum(1 for d in range(1, 7) if d <= c or d - 1 <= c or 7 - d <= c) / 6
        return max(moved, kept)

    flipped = OptimalClimb(Climb(tests=(pride,), pool=1, spares=0, pips=1, more_pips=0))
    assert flipped.win_chance() == pytest.approx(sum(one_pip(c) for c in range(1, 7)) / 6)
    # a whole climb where losing is likely: the exact chance and climbs following the policy agree
    ordered = tuple(x.test for x in sorted(t.values(), key=lambda x: x.step))
    climb = OptimalClimb(Climb(tests=ordered, pool=5, spares=1, pips=0, more_pips=1))
    exact = climb.win_chance()
    games = simulate_optimal(climb, 3000, 3)
    won = sum(g.won for g in games) / len(games)
    assert 0.2 < exact < 0.9 and abs(won - exact) < 3 * (exact * (1 - exact) / len(games)) ** 0.5


def test_other_exact_figures():
    assert p_single_winner(2) == 1 - Fraction(146, 1296)  # two 2d6 tie with chance 146/1296
    assert turns_to_fill(0) == 1 and turns_to_fill(1) == Fraction(7, 6)


def test_straight_to_climbs_draw_from_the_real_deck_and_reshuffle():
    track = ClimbNumbers(steps=15, enter=4, per_step=2, back=4)

    def play(deck: list[bool], players: int = 1, decided: float = 1.0, games: int = 3):
        rounds, souls = climbs(
            players=players, games=games, rng=np.random.default_rng(1), decided=decided, deck=deck, track=track
        )
        return rounds.tolist(), souls.tolist()

    # one player heading for Heaven, every battle won, a deck of 10 Good souls: 34 souls are needed, so
    # the spent ones must come back through the discard pile; each round's souls are spent the next round
    assert play([True] * 10) == ([35] * 3, [34] * 3)
    # a deck of Evil souls only never takes a Heaven pawn anywhere
    assert play([False] * 10)[0] == [5_000] * 3
    # two Evil souls held by the Heaven player (four push a pawn back, so they are never spent): no
    # battle has a soul to give any more
    assert play([False, False]) == ([5_000] * 3, [2] * 3)
    # half the battles drawn: the same climb over about twice the rounds, its souls unchanged
    rounds, souls = play([True] * 10, decided=0.5, games=400)
    assert souls == [34] * 400 and 64 < sum(rounds) / 400 < 74
    # a climb for Hell in a game of two: the second player's pawn, fed the same by Evil souls
    rounds, souls = play([False] * 10, players=2, games=400)
    assert all(r < 5_000 for r in rounds) and all(s >= 34 for s in souls)


def test_rounds_until_overflow_count_whole_rounds():
    """E[ceil(T / players)] from P(T = t), T the turn whose emergence overflows 31 free places."""
    room = 31
    at_most = [sum(sum_distribution(k)[: room + 1], Fraction(0)) for k in range(room + 2)]  # P(T > k)
    for players, shown in ((1, 9.62), (2, 5.06), (3, 3.53), (4, 2.80)):
        direct = sum(((at_most[t - 1] - at_most[t]) * -(-t // players) for t in range(1, room + 2)), Fraction(0))
        assert rounds_to_fill(room, players) == direct
        assert round(float(direct), 2) == shown


def test_simulations_repeat_exactly():
    ordered = [t.test for t in sorted(terraces().values(), key=lambda t: t.step)]
    facts = load_rules(read_game("seven-steps", shipped_layouts_dir() / "seven-steps")).facts
    first = simulate(ordered, facts, 3000, 11)
    assert simulate(ordered, facts, 3000, 11) == first
    assert simulate(ordered, facts, 3000, 12) != first
    assert 0 < first["wins"] < 3000


def test_fast_draws_are_uniform():
    """The simulations' draws from random() alone: each roll, number and order with its true chance."""
    rng = random.Random(5)
    assert Counter(ordered_rolls(3)) == dict(rolls(3))  # every ordered roll once, sorted
    for dice in (1, 3, 6):  # from the table, and die by die
        draws = Counter(roll(rng, dice) for _ in range(30_000))
        for faces, ways in rolls(dice):
            expected = 30_000 * ways / 6**dice
            assert abs(draws[faces] - expected) < 5 * expected**0.5 + 1, (dice, faces)
    positions = Counter(shuffled(rng, "abcd").index("a") for _ in range(20_000))
    assert all(abs(positions[i] - 5_000) < 350 for i in range(4))


def test_a_plot_is_the_same_bytes_every_time():
    plot = Plot(
        key="k", title="t", kind="bar", x=["a", "b"], series={"s": [0.25, 0.5]}, xlabel="x", ylabel="y", percent=True
    )
    assert svg(plot) == svg(plot)


def test_ties_in_the_best_play_follow_the_stated_preference():
    """Chances equal within rounding: the option listed first is taken, whichever sums came out larger."""
    assert preferred([(0.5, ("roll", 0)), (0.5 + 1e-15, ("add", 0))]) == (0.5, ("roll", 0))
    assert preferred([(0.5, ("roll", 0)), (0.5 + 1e-9, ("add", 0))]) == (0.5 + 1e-9, ("add", 0))
    # the solver makes the same choices for whole arrays of states at once: the first within rounding
    rng = np.random.default_rng(7)
    goals = [rng.choice([0.25, 0.5, 0.75], size=(40, 3)) + rng.choice([0, 1e-15], size=(40, 3)) for _ in range(4)]
    first = first_best(goals)
    for index in np.ndindex(first.shape):
        options = [(float(goal[index]), ("option", i)) for i, goal in enumerate(goals)]
        assert first[index] == preferred(options)[1][1], index


@pytest.fixture(scope="module")
def reported(tmp_path_factory):
    work = tmp_path_factory.mktemp("report")
    layouts = copy_layouts(work / "layouts")
    result = CliRunner().invoke(
        cli, ["report", "--layouts", str(layouts), "-o", str(work / "out")], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return work, result.output


def test_every_game_has_a_report_with_its_figures(reported):
    work, output = reported
    for game in EVERY_GAME:
        html = (work / "out" / game / "report.html").read_text()
        assert "balance report" in html and "No figure moved" in html
    seven = (work / "out" / "seven-steps" / "report.html").read_text()
    assert "Strategy: Roll 2 dice" in seven and "Seed 7" in seven and "20,000 simulated games" in seven
    assert "win under the best play, ours reading (exact)" in seven and "literal reading" in seven
    assert "Seven Steps: win (pass the seventh terrace)" in output
    assert 'href="seven-steps/report.html"' in (work / "out" / "index.html").read_text()


def test_no_report_page_shows_markup_to_its_reader(reported):
    """Card and token texts are written with <color>, <icon>, <b> and <i>: a report prints what
    they say in plain words (Punished's hand abilities read "+1# PAIN"), never the tags."""
    work, _ = reported
    for game in EVERY_GAME:
        page = lxml.html.parse(str(work / "out" / game / "report.html")).getroot().text_content()
        assert not re.findall(r"<\s*/?\s*[a-z]+[^>]*>", page), game
    punished = lxml.html.parse(str(work / "out" / "punished" / "report.html")).getroot().text_content()
    assert "+1# PAIN" in punished
    # the player is stated before any figure: every ability used, burns and # boosts included
    stated = punished.index("The player and the rules every run follows")
    assert stated < punished.index("Starting stats") and stated < punished.index("runs that face the Guardian")
    assert "(Burn this card: +1# X) is played" in punished and "as a +1# PAIN card meets a PAIN check" in punished


def test_the_seven_steps_loss_is_printed_to_the_figures_it_has(reported, loss_route):
    """The best play for the win loses about once in 586 million climbs (ours reading) once a pip
    claimed before the day's first roll may change the challenge die: printed to three figures,
    the figure a second route gives (`seven_steps_loss.c`: the loss minimised, in another language)
    for the climb of the rules: "Place 7 of your dice ... by the shoreline", "2 other dice stay to
    the side", "You start the game with three Virgil pips ... and can add up to four more"."""
    work, _ = reported
    page = lxml.html.parse(str(work / "out" / "seven-steps" / "report.html")).getroot().text_content()
    ours = tuple(t.played("ours")[1] for t in sorted(terraces().values(), key=lambda t: t.step))
    loss = loss_route.loss(Climb(tests=ours, pool=7, spares=2, pips=3, more_pips=4))
    figure = f"{round(float(f'{1 / loss:.3g}')):,}"
    assert figure == "586,000,000"
    assert f"lost about once in {figure} (to three significant figures" in page
    assert "99.9999954%" in page  # the literal reading's best win chance with that move


def test_the_seven_steps_report_opens_with_what_best_play_means_and_names_each_policy(reported):
    work, output = reported
    html = (work / "out" / "seven-steps" / "report.html").read_text()
    meaning = html.index("What the best play means for the design")
    assert meaning < html.index("Each terrace, exactly")
    assert "keeps 8.920 of the dice on average" in html and "ends Redeemed (8+) in 99.10% of climbs" in html
    assert (
        "The best play for the score, ours reading" in html and "The best play for the score, literal reading" in html
    )
    assert "scores few dice" not in html
    assert "(simple strategy, of all games)" in html
    assert "dice kept under the best play for the score, ours reading (exact, mean) 8.920" in output


def test_an_unchanged_game_is_not_analysed_again(reported, monkeypatch):
    """Nothing changed: the report on disk stands (no analysis runs); a report file edited by hand
    is made again."""
    import pnp.analysis.publish as publish

    work, _ = reported
    out = work / "out" / "seven-steps"
    page = (out / "report.html").read_bytes()

    def analysed(game):
        raise AssertionError(f"{game.slug} analysed again")

    monkeypatch.setattr(publish, "analysis_of", analysed)
    args = ["report", "seven-steps", "--layouts", str(work / "layouts"), "-o", str(work / "out")]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0 and "Seven Steps: win (pass the seventh terrace)" in result.output
    assert (out / "report.html").read_bytes() == page
    (out / "report.html").write_bytes(page.replace(b"balance report", b"balance rep0rt"))
    with pytest.raises(AssertionError, match="seven-steps analysed again"):
        CliRunner().invoke(cli, args, catch_exceptions=False)


def test_a_data_change_shows_the_old_value_beside_the_new(reported):
    work, _ = reported
    layouts, out = work / "layouts", work / "out"
    edit_card(
        layouts / "punished" / "cards.toml",
        "Fen Hound",
        '{ stat = "PAIN", threshold = 2,',
        '{ stat = "PAIN", threshold = 1,',
    )
    souls = layouts / "straight-to" / "components.toml"
    souls.write_text(souls.read_text().replace('icon = "lorc/prayer"\ncount = 17', 'icon = "lorc/prayer"\ncount = 27'))
    result = CliRunner().invoke(
        cli, ["report", "punished", "straight-to", "--layouts", str(layouts), "-o", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    assert "moved: Penitent cards: 17 -> 27" in result.output
    straight = (out / "straight-to" / "report.html").read_text()
    assert re.search(r'data-moved="deck.Penitent">27</span> <span class="was">\(was 17\)</span>', straight)
    punished = (out / "punished" / "report.html").read_text()
    moved = re.findall(r'data-moved="([^"]+)">([^<]+)</span> <span class="was">\(was ([^)]+)\)', punished)
    assert ("pass.start.tier1.beast", "29%", "14%") in moved, moved


def test_report_pages_render_every_plot_in_a_real_browser(reported, browser):
    work, _ = reported
    for game in EVERY_GAME:
        page = work / "out" / game / "report.html"
        dom = browser(page.as_uri())
        images = int(re.search(r'data-images="(\d+)"', dom).group(1))
        plots = len(re.findall(r'<img class="plot"', page.read_text()))
        assert images == plots and re.search(r'data-broken="0"', dom), game
        assert plots >= 1 or load_game(game).analysis is None, game  # a game without one says so instead


MEASURE_PLOTS = """<!doctype html><body>{svgs}<script>
const box = (el) => {{ const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }};
document.body.dataset.boxes = JSON.stringify([...document.querySelectorAll("svg")].map((svg) => ({{
  figure: box(svg.querySelector("#patch_1")),
  axes: box(svg.querySelector("#patch_2")),
  legend: svg.querySelector("#legend_1") ? box(svg.querySelector("#legend_1")) : null,
  ticks: [...svg.querySelectorAll("[id^=xtick_] > [id^=text_]")].map(box),
}})));
</script></body>"""


SPACE_PX = 10  # a letter's width at the ticks' size: less, two labels read as one phrase


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_no_plot_hides_its_points_or_labels_in_a_real_browser(reported, browser, tmp_path):
    """Each plot drawn as a browser lays it out: a legend beside the axes (inside, it hid the points
    where the lines end), tick labels apart from each other, and all of it within the figure."""
    import json

    work, _ = reported
    plots = sorted((work / "out").glob("*/report/*.svg"))
    assert len(plots) >= 5
    page = tmp_path / "plots.html"
    svgs = "".join(re.sub(r"^.*?(?=<svg)", "", plot.read_text(), flags=re.S) for plot in plots)
    page.write_text(MEASURE_PLOTS.format(svgs=svgs))
    found = re.search(r'data-boxes="([^"]*)"', browser(page.as_uri()))
    assert found, "the page's script did not run"
    measured = json.loads(found.group(1).replace("&quot;", '"'))
    assert len(measured) == len(plots)
    legends = 0
    for plot, boxes in zip(plots, measured, strict=True):
        figure, axes = boxes["figure"], boxes["axes"]
        drawn = [axes, *boxes["ticks"], *([boxes["legend"]] if boxes["legend"] else [])]
        assert all(figure[0] - 1 <= b[0] and b[2] <= figure[2] + 1 for b in drawn), plot.name
        if boxes["legend"]:
            legends += 1
            assert not _overlap(boxes["legend"], axes), plot.name
        ticks = boxes["ticks"]  # apart by a space at least, as words are: touching, two read as one
        assert all(b[0] - a[2] >= SPACE_PX for a, b in zip(ticks, ticks[1:])), (plot.name, ticks)
    assert legends >= 1
