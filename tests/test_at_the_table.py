"""At the table, round four: each rule the documents state and the print once dropped or bent, read
back from the built PDFs (text, not the data files) in every place it is printed, and the credits
each document gives. Expected words are the documents' rules in our wording; the document's own
sentence is quoted beside each check."""

from __future__ import annotations

import re

from pdfscan import pdf_text


def _texts(out, *files: str) -> dict[str, str]:
    return {name: pdf_text(out / f"{name}.pdf") for name in files}


def test_particle_panic_moves_to_legal_spaces_and_defines_them(default_build):
    """ "Spend a DIAMOND to move your pawn to an adjacent legal space." / "Spend a SPADE to move a
    particle to an adjacent legal space." The document never says what "legal" is: the print says
    what we read it as, for a particle and for a pawn, where the word is printed."""
    printed = _texts(default_build / "particle-panic", "rules", "aids", "board")
    rules, aids = printed["rules"], printed["aids"]
    assert "DIAMOND: move your pawn to an adjacent legal space" in rules
    assert "SPADE: move a particle to an adjacent legal space" in rules
    assert "Move your pawn to an adjacent legal space (any space: our reading)" in aids
    assert "Move a particle to an adjacent legal space (one with room: our reading)" in aids
    assert all("neighbouring" not in text for text in printed.values())
    readings = rules[rules.rindex("Our readings") :]
    assert 'what makes a space "legal"' in readings and "For a pawn, any space" in readings
    # the spill: "the extra particles spill over into the nearest adjacent legal spaces"
    assert "nearest legal spaces" in rules and "(our reading: the nearest spaces that still have room)" in rules
    assert 'nearest spaces with room (our reading of "legal")' in aids
    assert "The extra spill onto the nearest spaces with room (our reading)" in printed["board"]


def test_particle_panic_sharing_is_one_way_and_the_player_range_is_printed(default_build):
    """ "You may give any number of cards to another player ... They may not give you cards." and
    "1-4 players"."""
    printed = _texts(default_build / "particle-panic", "rules", "aids")
    assert "give any cards to a player on your space (they may not give you any)" in printed["rules"]
    assert "Share: give cards to a player on your space (they may not give you any)" in printed["aids"]
    assert "A cooperative game for 1 to 4 players" in printed["rules"]


def test_particle_panic_prints_the_small_group_rules_as_the_authors_variant(default_build):
    """ "In the normal game, you can only do one of each on your turn. In an easier mode, you can do
    two of each." and "[UPDATE: ... I also just added some easier variants for small groups.]": the
    main rule is one basic and one special action, with any number of players; the small-group
    rules are a labelled variant on the sheet and the aid."""
    printed = _texts(default_build / "particle-panic", "rules", "aids")
    rules, aids = printed["rules"], printed["aids"]
    assert "Each turn you may take one basic action and one special action." in rules
    assert "two of each with" not in rules
    for text in (rules, aids):
        assert "Variant: easier with 1 or 2 players" in text and "not the main rule" in text
    assert "With 1 or 2 players: take two" not in aids
    assert "Your turn: one basic action and one special action" in aids


def test_punished_faces_the_guardian_last_and_never_takes_it_into_hand(default_build):
    """ "The final encounter is with one of the 4 quardians of the Summit." Every place the deck is
    shuffled or drawn from keeps the Guardian at the bottom, to be flipped; the Guardian cards
    print that, not an in-hand ability."""
    out = default_build / "punished"
    printed = _texts(out, "rules", "tokens-and-board", "cards")
    rules, board, cards = printed["rules"], printed["tokens-and-board"], printed["cards"]
    assert "The Guardian never goes into your hand and nothing moves it" in rules
    assert "flip it and face it, the last encounter (our reading" in rules
    assert "then deck III (black), keeping the Guardian at its bottom" in rules
    assert "the Guardian staying at the bottom of deck III" in rules  # the print guide's deck order
    assert "Draw one, or flip one and face it; the Guardian is always flipped (our reading)." in board
    guardians = re.findall(r"Guardian of (?:Crowns|Ichor|Bone|Maws)", cards)
    assert len(set(guardians)) == 4
    assert cards.count("FINAL ENCOUNTER") == 4 and cards.count("Never taken into hand or moved") == 4
    assert "Burn this card: +1# SELF" not in cards  # the Guardian of Crowns' in-hand ability is gone


def test_punished_labels_its_readings_on_the_board_and_keeps_the_hand_line_of_the_notes(default_build):
    """ "Gain/lose stats temporarily (only applies while resolving the active card)": the board says
    so, and labels as a reading the * gain from a check that lasts through the next encounter; the
    Guardian "always flipped" is a reading on the board as on the sheet; and "add the top card of
    the deck to your hand (without looking at it first)" keeps its "first"."""
    printed = _texts(default_build / "punished", "rules", "tokens-and-board")
    rules, board = printed["rules"], printed["tokens-and-board"]
    assert (
        "* marks a temporary change, only while you resolve the active card (our reading: one won from a check lasts through your next encounter)"
        in board
    )
    assert "this encounter only" not in board
    assert "the Guardian is always flipped (our reading)." in board
    assert "add the top card of the deck to your hand without looking at it first, or flip it" in rules


def test_punished_says_how_an_unpayable_cost_and_tokens_are_read(default_build):
    """The notes are silent on paying "(discard 1 card)" with an empty hand and on when tokens are
    used ("When can I play cards? Only during encounters." speaks of cards): both printed as readings."""
    rules = pdf_text(default_build / "punished" / "rules.pdf")
    assert "A check whose cost you cannot pay, such as a discard with an empty hand, is not met" in rules
    assert "Tokens are spent like cards in hand, during an encounter (our reading" in rules


def test_straight_to_fights_keep_the_documents_terms(default_build):
    """ "All Power invested in combat remains inactive for the Group Turn." and "The attacker must give
    one active Power token (inactive if there are no active) to the defender who adds it to their
    active supply.": on side 1 of the rules sheet and on the aid."""
    printed = _texts(default_build / "straight-to", "rules", "aids")
    rules, aids = printed["rules"], printed["aids"]
    side_one = rules[: rules.index("Souls and losing ground")]
    assert "Power committed to a fight stays spent until the reset, whoever wins." in side_one
    assert "the attacker gives them 1 Power (active if possible, else inactive) for their active pile" in side_one
    assert "Power committed to a fight stays spent until the reset, whoever wins." in aids
    assert "the attacker hands over 1 Power (active if possible, else inactive) for their active pile" in aids


def test_straight_to_labels_its_readings_wherever_they_are_printed(default_build):
    """The document is silent on spending several pairs of souls in one turn, says only "100 Soul
    Cards" of two 50-card pages with "Some souls are Good, others Evil", and "for a six player game
    add 3 for each additional player"; the aid's "no P1 in the group battle" is a reading too."""
    printed = _texts(default_build / "straight-to", "rules", "aids")
    rules, aids = printed["rules"], printed["aids"]
    readings = rules[rules.index("Our readings") :]
    assert "as many pairs a turn as you can pay for: our reading" in rules
    assert "any number of pairs: our reading" in aids
    assert "how many pairs you may spend in one turn" in readings
    assert "(that split is our reading)" in rules and "we read one page as Good and one as Evil" in readings
    assert "(our reading of the split)" in rules  # the print guide's cards.pdf line
    assert "Combat Power tokens (our reading)" in rules and "for each player beyond 6" in readings
    assert "(our reading: no P1 in the group battle)" in aids
    # "If the attacker wins the defender must give one active Power token and one Combat Power token"
    # says nothing of a defender without one: labelled on the aid as on the sheet
    assert aids.count("1 Combat Power (if any: our reading)") == aids.count("Attacker wins:") > 0
    assert "(if any) and" not in aids


def test_exit_humility_keeps_the_lanterns_and_love_is_labelled(default_build):
    """ "The other player gets the worm cards (and keeps his Lantern cards)": on the rules sheet and
    the aid; the aid's Love, a reading, says so."""
    printed = _texts(default_build / "exit-from-purgatory", "rules", "aids")
    assert printed["rules"].count("(keeping their Lanterns)") == 2
    assert printed["aids"].count("keeping their Lanterns") == 2 * 4  # both outcomes, on each of 4 aids
    assert "Give a card to a player with a challenge left (our reading)" in printed["aids"]


def test_each_game_credits_its_author_as_its_document_does(default_build):
    """Exit from Purgatory: "Submission for the 2013 GAME CHEF competition by Martin-Pierre
    Frenette"; I'm going Straight to ...: "Copyright 2023 Ed Walker, All Rights Reserved." On the
    rules sheet's guide and in the gallery; the other documents name nobody, and nobody is named."""
    exit_rules = pdf_text(default_build / "exit-from-purgatory" / "rules.pdf")
    straight = pdf_text(default_build / "straight-to" / "rules.pdf")
    assert "The game By Martin-Pierre Frenette: a submission for the 2013 Game Chef competition." in exit_rules
    assert "The game By Ed Walker. Copyright 2023 Ed Walker, All Rights Reserved." in straight
    for game in ("seven-steps", "particle-panic", "punished"):
        assert "The game By" not in pdf_text(default_build / game / "rules.pdf"), game
    gallery = (default_build / "index.html").read_text()
    assert "By Martin-Pierre Frenette" in gallery and "Copyright 2023 Ed Walker, All Rights Reserved." in gallery


def test_the_reports_name_printed_variants_and_readings_as_such(run, isolated):
    """Exit's report called the author's variant "(not printed)", though the rules sheet's side 2
    prints it; Straight-to's called the extra Combat Power "The rules" where it is a reading."""
    assert run("report", "exit-from-purgatory", "straight-to").exit_code == 0
    exit_report = (isolated / "output" / "exit-from-purgatory" / "report.html").read_text()
    assert "(not printed)" not in exit_report and "printed as a variant on the rules sheet" in exit_report
    straight = (isolated / "output" / "straight-to" / "report.html").read_text()
    assert (
        "Our reading of the rules" in straight and "for a six player game add 3 for each additional player" in straight
    )


def test_a_count_of_one_takes_the_singular_everywhere_it_is_printed(built):
    """A one-player Particle Panic names its pieces as one: "1 pawn", never "1 pawns", on the rules
    sheet, in the print guide and in every file's contents."""
    out = built("particle-panic", "--players", "1")
    # the board's "1" numbers a space, beside its "pawns" zone: no count there
    text = " ".join(pdf_text(pdf) for pdf in sorted(out.glob("*.pdf")) if pdf.name != "board.pdf")
    assert "1 pawn, 1 hand-limit tracker, the code tracker" in text  # the rules sheet's components
    assert "1 pawn and 1 hand-limit tracker." in text and "1 player aid, a card printed on both sides" in text
    assert not re.findall(r"\b1 (?:pawns|hand-limit trackers|player aids)\b", text)
