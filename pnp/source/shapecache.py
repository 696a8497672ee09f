"""Icon shapes kept between builds, under the output folder (`.cache/shapes-FORMAT/`), by the
content hash of the icon they came from: turning an icon's path data into curves is most of what
drawing it first costs, and a project's icons seldom change. What is read back is checked like
any input, and anything that is not a well-formed shape is parsed afresh and written over."""

from __future__ import annotations

import contextlib
import json
import math
from pathlib import Path

from pnp.files.atomic import read_inside, write_bytes_atomic
from pnp.files.safefiles import UnsafeFile
from pnp.source.svgshape import IconShape

FORMAT = 1                       # the folder's suffix: raise it when svgshape converts path data differently
FOLDER = Path(".cache") / f"shapes-{FORMAT}"
MAX_SHAPE_BYTES = 4 * 1024 * 1024
POINTS = {0: 2, 1: 2, 2: 6, 3: 0}          # numbers each operator takes: move, line, cubic curve, close


class ShapeCache:
    """The shapes of one output folder, `output`, which nothing is written outside of. Shapes
    parsed during a build are written by `save`, once the build's own files are: a refused build
    leaves the output folder as it found it."""

    def __init__(self, output: Path) -> None:
        self.output = output
        self._new: dict[str, IconShape] = {}

    def _path(self, digest: str) -> Path:
        return self.output / FOLDER / f"{digest}.json"

    def get(self, digest: str) -> IconShape | None:
        """The shape kept for the icon whose bytes hash to `digest`; None when there is none to trust."""
        try:
            data = read_inside(self._path(digest), root=self.output, limit=MAX_SHAPE_BYTES)
        except (UnsafeFile, OSError):
            return None
        return shape_from_json(data) if data is not None else None

    def put(self, digest: str, shape: IconShape) -> None:
        self._new[digest] = shape

    def save(self) -> None:
        """Write the shapes parsed since the last save; a folder that cannot take them (full,
        read-only) only costs the next build a parse."""
        for digest, shape in self._new.items():
            text = json.dumps({"paths": [[list(ops), list(points)] for ops, points in shape.paths]},
                              separators=(",", ":"))
            with contextlib.suppress(OSError):
                write_bytes_atomic(self._path(digest), text.encode(), root=self.output, durable=False)
        self._new.clear()


def shape_from_json(data: bytes) -> IconShape | None:
    """The shape `data` holds, or None unless it is exactly what `put` writes: operators 0 to 3,
    as many finite numbers as they take, and something to draw."""
    try:
        paths = json.loads(data)["paths"]
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
        if (len(points) != sum(POINTS[op] for op in ops)
                or not all(type(v) in (int, float) and math.isfinite(v) for v in points)):
            return None
        out.append((tuple(ops), tuple(points)))
    if not any(points for _, points in out):
        return None
    return IconShape(tuple(out))
