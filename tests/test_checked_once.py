"""The session's record of passed checks (tests/checkedonce.py) answers only for the same bytes
and arguments, and keeps no failure: a cached pass must never hide a broken file."""

from __future__ import annotations

import pytest
from checkedonce import CHECKED, checked_once


def test_a_pass_is_kept_by_bytes_and_arguments_and_a_failure_is_not(tmp_path, monkeypatch):
    record = tmp_path / "checked"
    record.mkdir()
    monkeypatch.setenv(CHECKED, str(record))
    calls: list[tuple[bytes, int]] = []

    def pages(data: bytes, least: int, label: str) -> int:
        calls.append((data, least))
        assert data.count(b"page") >= least, label
        return data.count(b"page")

    assert checked_once(pages, b"page page", 1, label="a") == 2
    assert checked_once(pages, b"page page", 1, label="b") == 2  # the label names the file only
    assert calls == [(b"page page", 1)]
    assert checked_once(pages, b"page page page", 1, label="c") == 3  # other bytes: checked
    with pytest.raises(AssertionError, match="d"):
        checked_once(pages, b"page page", 3, label="d")  # other arguments: checked, and failing
    with pytest.raises(AssertionError, match="e"):
        checked_once(pages, b"page page", 3, label="e")  # a failure is checked again
    assert len(calls) == 4
    assert sorted(p.suffix for p in record.iterdir()) == [".pickle", ".pickle"]
