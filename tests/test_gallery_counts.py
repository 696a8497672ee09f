"""The gallery's captions count a build's records a run at a time (`gallery_view._components`, kept
from build to build with the runs): whatever the records (designs spread over many runs, backs,
boards on tiles), each kind's pieces, designs and first designs' counts are what counting them all
at once gives."""

from __future__ import annotations

from collections import Counter, defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.memory import BuildMemory
from pnp.pipeline.gallery_view import SHOWN_DESIGNS, _components
from pnp.render.placed import BoardTile, MmBox, Placed

BOX = MmBox(x=0, y=0, w=63, h=88)
TILES = (
    None,
    BoardTile(label="A1", first=True, page_x=0, page_y=0),
    BoardTile(label="B1", first=False, page_x=0, page_y=0),
)

RECORDS = st.tuples(
    st.sampled_from(["soul", "destiny", "board"]),
    st.integers(0, 40),
    st.sampled_from(["face", "back"]),
    st.sampled_from(TILES),
)


def _counted_at_once(placed: list[Placed]) -> tuple[Counter[str], Counter[str], dict[str, dict[str, int]]]:
    fronts = Counter((item.kind, item.name) for item in placed if item.counted)
    kinds: Counter[str] = Counter()
    named: Counter[str] = Counter()
    designs: dict[str, dict[str, int]] = defaultdict(dict)
    for (kind, name), count in fronts.items():
        kinds[kind] += count
        named[kind] += 1
        if len(designs[kind]) < SHOWN_DESIGNS:
            designs[kind][name] = count
    return kinds, named, designs


@settings(max_examples=60, deadline=None, derandomize=True)
@given(runs=st.lists(st.tuples(RECORDS, st.integers(1, 300)), min_size=1, max_size=30))
def test_captions_counted_a_run_at_a_time_are_those_counted_at_once(runs):
    placed = [
        Placed(kind=kind, name=f"{kind} {n}", side=side, document="cards.pdf", page=1, box=BOX, tile=tile)
        for (kind, n, side, tile), copies in runs
        for _ in range(copies)
    ]
    found, expected = _components(placed, BuildMemory()), _counted_at_once(placed)
    assert list(found[0].items()) == list(expected[0].items())
    assert list(found[1].items()) == list(expected[1].items())
    assert {kind: list(shown.items()) for kind, shown in found[2].items()} == {
        kind: list(shown.items()) for kind, shown in expected[2].items()
    }
