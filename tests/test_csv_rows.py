"""A card list read again after an edit (`pnp watch`) is parsed only around what changed
(`pnp.source.csvrows`): whatever the edits (quotes, line breaks inside quoted cells, carriage
returns, blank rows, rows put in or taken out), the rows, their cells and their line numbers, or
the reader's complaint and its line, are those of the whole text read afresh."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st


from pnp.source.csvrows import CsvReads, Unreadable, csv_rows

CELL = st.text(alphabet='ab ,"\n\r\t', max_size=6)
TEXT = st.lists(st.lists(CELL, max_size=3).map(",".join), max_size=30).map("\n".join)
EDITS = st.lists(
    st.tuples(st.integers(0, 400), st.integers(0, 8), st.text(alphabet='ab,"\n\r', max_size=5)), min_size=1, max_size=4
)


def _read(reads: CsvReads | None, text: str) -> tuple[object, ...]:
    """What a read gives: its rows, or its complaint and line. No reads: the text read afresh."""
    try:
        return ("rows", csv_rows(Path("edited.csv"), text, 10**6, reads))
    except Unreadable as exc:
        return ("unreadable", exc.line, str(exc))


@settings(max_examples=1500, deadline=None, derandomize=True, database=None)
@given(text=TEXT, edits=EDITS)
def test_a_list_read_again_after_edits_has_the_rows_of_a_fresh_read(text, edits):
    reads: CsvReads = {}  # the list's last read, kept from one read to the next
    _read(reads, text)
    for at, cut, put in edits:
        at = min(at, len(text))
        text = text[:at] + put + text[at + cut :]
        assert _read(reads, text) == _read(None, text), text


def test_a_carriage_return_given_its_line_feed_ends_the_line_once():
    """A row boundary right where the edit begins may move: "a\\r" then "b" is two rows, and a line
    feed put after the carriage return keeps them two, the second on line 2."""
    path, reads = Path("crlf.csv"), {}
    assert csv_rows(path, "x\rb", 100, reads) == [(1, ["x"]), (2, ["b"])]
    assert csv_rows(path, "x\r\nb", 100, reads) == [(1, ["x"]), (2, ["b"])]
    assert csv_rows(path, "\r\na", 100, reads) == [(1, []), (2, ["a"])]


def test_rows_with_the_same_cells_are_one_table_in_a_read_and_at_the_next(tmp_path):
    """A card list's rows come back as tables kept from read to read (`rowkeep`): rows with the same
    cells are one table, new to a read or kept from the last, and a row edited away is let go."""
    from pnp.findings import Finding
    from pnp.source.cardlists import read_list
    from pnp.source.rowkeep import RowKeep

    rows = RowKeep()
    texts = {"souls.csv": b"name,count\nAda,1\nBo,2\n\nAda,1\n"}
    where = Finding(path=tmp_path / "components.toml", line=1, message="souls.csv")

    def read() -> list[dict]:
        return read_list(texts.__getitem__, "souls.csv", folder=tmp_path, where=where, rows=rows)

    first = read()
    assert first == [{"name": "Ada", "count": "1"}, {"name": "Bo", "count": "2"}, {"name": "Ada", "count": "1"}]
    assert first[0] is first[2]  # read twice in one read: one table
    texts["souls.csv"] = b"name,count\nAda,1\nCy,3\nAda,1\nBo,2\n"
    again = read()
    assert again[0] is again[2] is first[0] and again[3] is first[1]  # kept from the last read
    assert rows.found(again[1]) is not None and rows.found(first[1]) is not None
    texts["souls.csv"] = b"name,count\nAda,1\n"
    assert read()[0] is first[0] and rows.found(first[1]) is None  # Bo's row is gone: let go
