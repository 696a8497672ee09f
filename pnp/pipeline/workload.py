"""How much CPU each game's last build took, kept in the output folder's cache
(`.pnp-cache/work.json`), so the next build forks workers only when the work is worth them.

Measured on two cores: Seven Steps and Particle Panic (0.14 s of CPU between them) finish no
sooner in two workers and cost 0.07 s more CPU; Straight-to and Exit (0.2 s) finish 0.03 s sooner
for 0.1 s more; the five shipped games (0.56 s) finish 0.19 s sooner for 0.04 s more. The record
is a game's latest build, whatever its options (`--players`, `--copies`): a guess, never a rule."""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path

from pnp.errors import PnpError
from pnp.files.atomic import CACHE_FOLDER, read_inside, write_bytes_atomic

NAME = "work.json"  # in the output's cache folder
MAX_BYTES = 64 * 1024


def record_path(output: Path) -> Path:
    """Where the work is kept."""
    return output / CACHE_FOLDER / NAME


def _recorded(output: Path) -> dict[str, float]:
    """Each game's seconds as last recorded; what cannot be read (a link, a FIFO, not JSON) or is
    not a number of seconds counts as unknown: the shape cache beside it refuses a linked folder
    by name when it meets it."""
    try:
        data = json.loads(read_inside(record_path(output), root=output, limit=MAX_BYTES) or b"{}", parse_int=float)
    except (PnpError, OSError, ValueError, RecursionError):  # UnsafeFile is a ValueError
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        slug: seconds
        for slug, seconds in data.items()
        if type(seconds) is float and math.isfinite(seconds) and seconds >= 0
    }


def expected_work(output: Path, slugs: Iterable[str]) -> float | None:
    """Seconds of CPU the games `slugs` took in their last builds; None when one has none recorded."""
    recorded = _recorded(output)
    try:
        return sum(recorded[slug] for slug in slugs)
    except KeyError:
        return None


def record_work(output: Path, seconds: Mapping[str, float]) -> None:
    """Keep `seconds` (by game) beside the others recorded, where the output folder is still there;
    a folder that cannot take it (full, read-only, a link) only costs the next build its guess."""
    if not output.is_dir():
        return
    merged = {**_recorded(output), **{slug: round(value, 3) for slug, value in seconds.items()}}
    with contextlib.suppress(OSError, PnpError):
        write_bytes_atomic(record_path(output), json.dumps(merged, sort_keys=True).encode(), root=output, durable=False)
