"""A check of a file's bytes runs once per test session, however many tests, workers or runs ask:
the print tests read the same PDFs under several options, and the newcomers' copy
(tests/test_newcomer_games.py) builds the five games' files again, byte for byte. Each distinct
output is checked once; a check that fails leaves nothing behind, so it fails wherever it is asked."""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar

CHECKED = "PNP_TEST_CHECKED"  # the folder of passed checks, made by the outermost run (tests/conftest.py)

T = TypeVar("T")


def checked_once(check: Callable[..., T], data: bytes, *args: Hashable, label: str) -> T:
    """`check(data, *args, label)`'s result, from the session's record when these bytes passed it
    with these arguments before (the label only names the file in a failure)."""
    folder = os.environ.get(CHECKED)
    if not folder or not Path(folder).is_dir():
        return check(data, *args, label)
    key = hashlib.sha256(f"{check.__module__}.{check.__qualname__} {args!r}".encode())
    key.update(data)
    record = Path(folder) / f"{key.hexdigest()}.pickle"
    if record.exists():
        result: T = pickle.loads(record.read_bytes())
        return result
    result = check(data, *args, label)
    part = record.with_suffix(f".{os.getpid()}.part")
    part.write_bytes(pickle.dumps(result))
    part.replace(record)
    return result
