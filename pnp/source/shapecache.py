"""Icon shapes kept between builds in the output folder's cache (`.pnp-cache/shapes/`), one file
per icon named by the hash of its bytes: turning an icon's path data into curves is most of what
drawing it first costs, and a project's icons seldom change. Each file records the tool that made
it (pnp's code digest and the path converter's version), so an upgrade parses again. What is read
back is checked like any input: anything that is not a well-formed shape of this tool is parsed
afresh and written over. A link on the way is refused, as everywhere in the output folder."""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from pnp.files.atomic import CACHE_FOLDER, files_in, read_inside, remove_file, write_bytes_atomic
from pnp.files.safefiles import UnsafeFile
from pnp.source.svgshape import IconShape

FOLDER = Path(CACHE_FOLDER) / "shapes"
MAX_SHAPE_BYTES = 4 * 1024 * 1024
POINTS = MappingProxyType({0: 2, 1: 2, 2: 6, 3: 0})  # numbers each operator takes: move, line, cubic curve, close


@lru_cache(maxsize=1)
def converter() -> str:
    """The library that turns path data into curves, with its version: its upgrade changes shapes."""
    from importlib.metadata import version

    return f"svgelements {version('svgelements')}"


@dataclass(frozen=True)
class ShapeCache:
    """The shapes of one output folder, `output`, which nothing is written outside of. Shapes
    parsed during a build are written by `save`, once the build's own files are: a refused build
    leaves the output folder as it found it."""

    output: Path
    tool: str  # what makes the shapes: pnp's code digest (the converter is added)
    _new: set[str] = field(default_factory=set, compare=False, repr=False)  # parsed, not yet saved
    _known: dict[str, IconShape] = field(default_factory=dict, compare=False, repr=False)

    def _path(self, digest: str) -> Path:
        return self.output / FOLDER / f"{digest}.json"

    def _made_by(self) -> str:
        return f"{self.tool} {converter()}"

    def get(self, digest: str) -> IconShape | None:
        """The shape kept for the icon whose bytes hash to `digest`; None when there is none to trust."""
        try:
            data = read_inside(self._path(digest), root=self.output, limit=MAX_SHAPE_BYTES)
        except (UnsafeFile, OSError):
            return None
        return shape_from_json(data, self._made_by()) if data is not None else None

    def shape(self, digest: str, parse: Callable[[], IconShape]) -> IconShape:
        """The shape of the icon whose bytes hash to `digest`: kept, or `parse`d and kept by `save`."""
        found = self._known.get(digest)
        if found is None:
            found = self.get(digest)
            if found is None:
                found = parse()
                self._new.add(digest)
            self._known[digest] = found
        return found

    def matches(self, digest: str, parse: Callable[[], IconShape]) -> bool:
        """Whether the shape kept for `digest` (if any) is the one `parse` makes now; one that is
        not is removed, so no build draws it again (what `pnp icons verify` asks)."""
        kept = self.get(digest)
        if kept is None or kept.paths == parse().paths:
            return True
        with contextlib.suppress(UnsafeFile, OSError):
            remove_file(self._path(digest), root=self.output)
        return False

    def where(self, digest: str) -> Path:
        return self._path(digest)

    def save(self) -> None:
        """Write the shapes parsed since the last save; a folder that cannot take them (full,
        read-only) only costs the next build a parse."""
        for digest in sorted(self._new):
            paths = [[list(ops), list(points)] for ops, points in self._known[digest].paths]
            text = json.dumps({"tool": self._made_by(), "paths": paths}, separators=(",", ":"))
            with contextlib.suppress(OSError):
                write_bytes_atomic(self._path(digest), text.encode(), root=self.output, durable=False)
        self._new.clear()


def forget_shapes(output: Path) -> None:
    """Remove every kept shape, so the next build parses each icon from its checked bytes: what
    `--force` asks (a shape file edited to look well-formed is not drawn again)."""
    for name in files_in(output / FOLDER, root=output, suffix=".json"):
        remove_file(output / FOLDER / name, root=output)


def shape_from_json(data: bytes, tool: str) -> IconShape | None:
    """The shape `data` holds, or None unless it is exactly what `save` writes for `tool`:
    operators 0 to 3, as many finite numbers as they take, and something to draw."""
    try:
        kept = json.loads(data)
        paths = kept["paths"] if kept["tool"] == tool else None
    except (ValueError, TypeError, KeyError, RecursionError):
        return None
    if not isinstance(paths, list) or not paths:
        return None
    out = []
    for path in paths:
        if not (isinstance(path, list) and len(path) == 2 and isinstance(path[0], list) and isinstance(path[1], list)):
            return None
        ops, points = path
        if not all(type(op) is int and op in POINTS for op in ops):
            return None
        if len(points) != sum(POINTS[op] for op in ops) or not all(
            type(v) is float and math.isfinite(v) for v in points
        ):
            return None
        out.append((tuple(ops), tuple(points)))
    if not any(points for _, points in out):
        return None
    return IconShape(tuple(out))
