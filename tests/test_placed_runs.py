"""What a build placed is tallied in runs kept from build to build (`pnp.pipeline.placedruns`):
a run holding the very records of an earlier one keeps its tallies, any other record makes the run
tallied again, and what the tallies feed (each design's first front, the counts of each kind, the
backs of cards drawn face down) is what the whole list gives."""

from __future__ import annotations

from pnp.files.paths import shipped_layouts_dir
from pnp.memory import BuildMemory
from pnp.pipeline.checks import check_counts
from pnp.pipeline.manifest import Face
from pnp.pipeline.placedruns import tallies
from pnp.render.placed import MmBox, Placed
from pnp.runs import RUN
from pnp.source.gamesource import read_game
from pnp.source.rules import load_rules


def _card(name: str, *, side: str = "face", back: str | None = "soul", page: int = 1, x: float = 0) -> Placed:
    return Placed(
        kind="soul-good",
        name=name,
        side=side,
        document="cards.pdf",
        page=page,
        box=MmBox(x=x, y=0, w=63, h=88),
        back=back,
    )


def test_a_run_with_any_other_record_is_tallied_again():
    placed = [_card(f"c{i}") for i in range(RUN * 2)]
    names = lambda items: [item.name for item in items]  # noqa: E731
    memory = BuildMemory()
    first = tallies(placed, "names", names, memory)
    assert tallies(list(placed), "names", names, memory) is not first and all(
        a is b for a, b in zip(tallies(list(placed), "names", names, memory), first, strict=True)
    )
    assert not any(a is b for a, b in zip(tallies(placed, "names", names, None), first, strict=True))  # none kept
    placed[RUN + 7] = _card("edited")  # the second run's eighth record
    again = tallies(placed, "names", names, memory)
    assert again[0] is first[0] and again[1] is not first[1] and again[1][7] == "edited"


def test_a_design_shown_in_two_runs_has_its_first_front_in_the_first():
    placed = [_card(f"c{i}", page=1 + i // 9, x=i % 9) for i in range(RUN + 3)]
    placed[2] = _card("twin", page=1, x=2)
    placed[RUN + 1] = _card("twin", page=99, x=5)
    assert Face.first_of(placed)["soul-good|twin"].page == 1
    assert Face.first_of(placed[RUN:])["soul-good|twin"].page == 99


def test_the_back_most_cards_print_is_the_one_the_odd_card_is_told_against():
    """The first Soul printed has a back of its own: it is the one named, against the back the
    other cards share."""
    rules = load_rules(read_game("straight-to", shipped_layouts_dir() / "straight-to"))
    placed = [_card("odd", back="plain"), _card("odd", side="back", back="plain")]
    for i in range(3):
        placed += [_card(f"c{i}"), _card(f"c{i}", side="back")]
    (problem,) = [p for p in check_counts("t", rules, placed, 4) if p.key == "components.soul-good.hidden"]
    assert problem.expected == "soul" and "different: odd (plain)" in problem.message, problem


def test_records_counted_a_list_at_a_time_are_those_each_counts():
    """`placed.counted` finds a list's counted fronts with map: each face, a tiled board once (its
    first tile), no back; as each record's own `counted` says."""
    from pnp.render.placed import BoardTile, counted

    def board(page: int, first: bool) -> Placed:
        tile = BoardTile(label="A1", first=first, page_x=0, page_y=0)
        return Placed(
            kind="board", name="b", side="face", document="d.pdf", page=page, box=MmBox(x=0, y=0, w=9, h=9), tile=tile
        )

    placed = [_card("a"), _card("a", side="back"), board(1, True), board(2, False), _card("c")]
    assert counted(placed) == [item.counted for item in placed] == [True, False, True, False, True]
