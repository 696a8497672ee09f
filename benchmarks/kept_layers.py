"""What each kind of kept state is worth to the designer's loop: a project of N Soul designs (run.py's
designer project) built once, then one design's line edited and the game rebuilt with `--force`, as
`pnp watch` rebuilds at each save, in one process with one build memory; in every round each kind
is turned off in turn (its store is made afresh at every use, so nothing of it outlives a use) and
the edit's CPU compared with the edit's CPU with every kind on, in the same round.

Run: python benchmarks/kept_layers.py [--designs 10000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from statistics import median

from run import designer_project

from pnp.commands.builds import build
from pnp.memory import BuildMemory, Kept, S
from pnp.source.settings import Settings


class Forgetful(BuildMemory):
    """A build memory that keeps nothing of the kinds named in `off`."""

    __slots__ = ("off",)

    def __init__(self, off: set[str]) -> None:
        super().__init__()
        self.off = off

    def __getitem__(self, kind: Kept[S]) -> S:
        return kind.make() if kind.name in self.off else super().__getitem__(kind)


class _Bar:
    def update(self, n: int, /) -> None:
        pass


@contextlib.contextmanager
def _progress(label: str, length: int) -> Iterator[_Bar]:
    yield _Bar()


def _edit(project: Path, number: int) -> None:
    souls = project / "layouts" / "straight-to" / "souls.csv"
    text = souls.read_text()
    line = next(re.finditer(r"^good,Soul \d+,[^,]*,1,([^,]*),", text, re.M))
    souls.write_text(text[: line.start(1)] + f"Edit number {number}" + text[line.end(1) :])


def edit_cpu(project: Path, memory: BuildMemory, number: int) -> float:
    """CPU seconds of one edited design's rebuild, after a build that filled `memory`."""
    settings = Settings.load(layouts=str(project / "layouts"), output=str(project / "output"))

    def once() -> float:
        started = time.process_time()
        code = build(
            settings,
            ["straight-to"],
            force=True,
            no_validate=False,
            jobs=1,
            memory=memory,
            say=lambda line, err=False: None,
            progress=_progress,
            refresh=lambda built, verified: None,
        )
        if code:
            raise SystemExit(f"the build failed ({code})")
        return time.process_time() - started

    once()
    _edit(project, number)
    return once()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--designs", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        project = designer_project(args.designs, Path(work) / "project")
        kinds = sorted(_kinds(project))
        every: list[float] = []
        without: dict[str, list[float]] = {kind: [] for kind in kinds}
        number = 0
        for _ in range(args.rounds):
            for off in [None, *kinds]:
                number += 1
                cpu = edit_cpu(project, Forgetful({off} if off else set()), number)
                (every if off is None else without[off]).append(cpu)
        base = median(every)
        print(f"{args.designs:,} designs, a one-line edit rebuilt: {base:.3f} s CPU with every kind kept")
        print(f"{'kind turned off':<32} {'edit CPU':>9} {'x kept':>7}")
        for kind in sorted(kinds, key=lambda kind: -median(without[kind])):
            cpu = median(without[kind])
            print(f"{kind:<32} {cpu:>8.3f}s {cpu / base:>6.2f}x")


def _kinds(project: Path) -> set[str]:
    """The kinds of kept state a build of the project fills."""
    memory = BuildMemory()
    edit_cpu(project, memory, 0)
    return set(memory.kinds())


if __name__ == "__main__":
    sys.exit(main())
