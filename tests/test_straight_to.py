"""I'm going Straight to ...: counted from the PDFs."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import placed_in
from pdfscan import MM, scan

GAME = "straight-to"


def test_soul_cards_and_their_one_back(run, built):
    out = built(GAME)
    pages = scan(out / "cards.pdf")
    labels = Counter(t for p in pages for t, _, _ in p.texts if t in ("GOOD SOUL", "EVIL SOUL"))
    assert labels == {"GOOD SOUL": 50, "EVIL SOUL": 50}
    back_pages = [p for p in pages if any(t == "Soul" for t, _, _ in p.texts)]
    backs = sum(1 for p in back_pages for t, _, _ in p.texts if t == "Soul")
    assert backs == 100
    for page in back_pages:  # a back page shows the one Soul back (and the Destiny cards' HELL sides)
        assert not any(t in ("GOOD SOUL", "EVIL SOUL", "Penitent", "Tyrant", "HEAVEN") for t, _, _ in page.texts)
        assert {f[0].split(".")[-1] for f in page.forms if ".icon_" in f[0]} <= {
            "icon_lorc__spectre",
            "icon_delapouite__devil_mask",
        }


def test_destiny_cards_have_heaven_in_front_and_hell_behind(run, built):
    out = built(GAME)
    pages = scan(out / "cards.pdf")
    assert sum(1 for p in pages for t, _, _ in p.texts if t == "HEAVEN") == 6
    assert sum(1 for p in pages for t, _, _ in p.texts if t == "HELL") == 6
    for front, back in zip(pages[0::2], pages[1::2]):  # a HELL side only ever behind a HEAVEN side
        assert sum(t == "HEAVEN" for t, _, _ in front.texts) == sum(t == "HELL" for t, _, _ in back.texts)


@pytest.mark.parametrize("players", [7, 9])
def test_each_player_beyond_six_gets_a_destiny_card(run, built, players):
    """ "Each player places a Destiny Card" (one each), six in the printed set: read from the PDF,
    a planted two per extra player went through the suite (reliability item 17)."""
    pages = scan(built(GAME, "--players", players) / "cards.pdf")
    assert sum(1 for p in pages for t, _, _ in p.texts if t == "HEAVEN") == players
    assert sum(1 for p in pages for t, _, _ in p.texts if t == "HELL") == players


@pytest.mark.parametrize("players, combat", [(4, 20), (6, 20), (7, 23), (9, 29)])
def test_tokens(run, built, players, combat):
    out = built(GAME, "--players", players)
    pages = scan(out / "tokens-and-pawns.pdf")
    power = sum(1 for p in pages for f in p.forms if f[0].endswith("icon_lorc__power_lightning"))
    swords = sum(1 for p in pages for f in p.forms if f[0].endswith("icon_lorc__crossed_swords"))
    assert power == 10 * players
    assert swords == combat
    numbers = {t for p in pages for t, _, _ in p.texts if t.isdigit()}  # a pawn per player, numbered
    assert {str(n) for n in range(1, players + 1)} <= numbers
    assert run("validate", GAME, "--players", players).exit_code == 0


def test_track_spaces_on_one_a3_page(run, built):
    out = built(GAME, "--paper", "a3")
    pages = scan(out / "track.pdf")
    assert len(pages) == 1  # the track alone, no cover
    texts = Counter(t for t, _, _ in pages[0].texts)
    for number in range(1, 16):
        assert texts[str(number)] == 2, number  # once on each path
    assert texts["LIMBO"] == 1 and texts["HEAVEN"] == 1 and texts["HELL"] == 1
    assert sum(texts[str(n)] for n in range(1, 16)) + texts["LIMBO"] == 31


def test_track_tiles_on_a4_cut_down_the_middle_between_spaces(run, built):
    import json

    out = built(GAME)
    manifest = json.loads((out / "manifest.json").read_text())
    tiles = [p for p in manifest["placed"] if p["kind"] == "track"]
    assert [t["tile"]["label"] for t in tiles] == ["A1", "B1"]
    a, b = tiles
    assert a["box"]["x"] + a["box"]["w"] - b["box"]["x"] == pytest.approx(
        12, abs=0.01
    )  # they overlap by the glue strip
    assert a["box"]["x"] + a["box"]["w"] == pytest.approx(180, abs=1.5)  # the cut runs down the gap at the middle
    pages = scan(out / "track.pdf")
    text = " ".join(p.text() for p in pages)
    assert "A1 of 2x1" in text and "B1 of 2x1" in text and "glue here" in text
    shown = [
        (tile["tile"]["label"], x)
        for tile, page in zip(tiles, pages)
        for t, x, _ in page.texts
        if t == "LIMBO" and tile["tile"]["page_x"] * MM <= x <= (tile["tile"]["page_x"] + tile["box"]["w"]) * MM
    ]
    assert [label for label, _ in shown] == ["B1"]  # whole, inside one tile's cut edges


def test_one_soul_with_another_back_is_named(run, layouts_copy):
    path = layouts_copy / GAME / "components.toml"
    text = path.read_text()
    text = text.replace(
        'name = "Trickster"\nicon = "lorc/imp-laugh"\ncount = 17\nline = "Still laughing on the way down."\nback = "soul"',
        'name = "Trickster"\nicon = "lorc/imp-laugh"\ncount = 17\nline = "Still laughing on the way down."\nback = "plain"',
    )
    text += '\n[backs.plain]\nicon = "lorc/ghost"\ntitle = "Soul"\ncolor = "#ffffff"\nbackground = "#333333"\n'
    path.write_text(text)
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert "Trickster" in result.output
    assert placed_in(
        "straight-to: rules.toml:components.soul-good.hidden: soul cards are drawn face down, so all must "
        "share one back; different: Trickster (plain)",
        result.output,
    )


def test_more_players_than_the_pawn_colours_get_the_extra_pieces(built):
    """The rules set no maximum ("more than six can play by adding additional pieces")."""
    out = built(GAME, "--players", 12)
    import json

    manifest = json.loads((out / "manifest.json").read_text())
    pawns = sorted({p["name"] for p in manifest["placed"] if p["kind"] == "pawn"})
    assert len(pawns) == 12 and "Red 2 pawn" in pawns
    combat = sum(1 for p in manifest["placed"] if p["kind"] == "combat-power")
    assert combat == 20 + 3 * (12 - 6)


def test_a_hard_player_limit_quotes_the_rules(run):
    result = run("validate", "particle-panic", "--players", 5)
    assert result.exit_code == 2 and "--players 5 is not allowed (1-4 players)" in result.output


def test_pawns_must_fit_the_spaces(run, layouts_copy):
    path = layouts_copy / GAME / "components.toml"
    path.write_text(path.read_text().replace("diameter = 11", "diameter = 20"))
    result = run("validate", GAME, "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in(
        "straight-to: components.toml:pawns.diameter: 2 pawns must fit across a track space with 1.5 mm round each",
        result.output,
    )


def test_every_track_label_and_destination_lies_on_the_board():
    """HELL sits at the board's edge: its border and its entry rule stay on the board, not cut off."""
    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import plan_game
    from pnp.render.elements import Box, Text
    from pnp.render.specs import Board
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    plan = plan_game("straight-to", Settings(), IconStore(shipped_icons_dir()))
    board = next(s for spec in plan.specs for s in spec.sections if isinstance(s, Board))
    drawn = [e for e in board.elements if isinstance(e, (Box, Text))]
    assert any(isinstance(e, Text) and e.text.startswith("Enter with") for e in drawn)
    for e in drawn:
        assert 0 < e.x and e.x + e.w < board.width, e
