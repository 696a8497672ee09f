"""The designer's loop: `pnp watch` running in a project whose Straight-to deck is 10, 1,000 or
10,000 Soul designs (run.py's designer project), one card's text edited in souls.csv and saved,
and the time until the rebuilt cards.pdf is on disk (wall), with the CPU the watcher spent on that
rebuild (its user + system time, from /proc, before and after). Two checkouts of pnp side by side,
each watching a project of its own, their saves alternated in every round so a slow moment of the
machine lands on both; medians reported with the ratio after/before.

Run: python benchmarks/designer_loop.py BEFORE_DIR AFTER_DIR [--rounds 5] [--designs 10 1000 10000] [--last]
(for example a `git worktree add ../before <commit>` beside this checkout).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from statistics import median

from run import designer_project

TICK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, kw_only=True)
class Watcher:
    process: subprocess.Popen[bytes]
    project: Path

    def cpu(self) -> float:
        """The watcher's CPU so far, seconds (its waited-for workers included)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        return sum(int(value) for value in fields[11:15]) / TICK


@contextlib.contextmanager
def watching(checkout: Path, project: Path) -> Iterator[Watcher]:
    """`pnp watch --port 0` from `checkout`'s source in `project`, once it serves (its first build done)."""
    log = project / "watch.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "pnp", "watch", "--port", "0"],
            cwd=project,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(checkout)},
        )
    try:
        deadline = time.monotonic() + 300
        while not re.search(r"serving http", log.read_text()):
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit(f"pnp watch did not start in {project}:\n{log.read_text()[-2000:]}")
            time.sleep(0.05)
        yield Watcher(process=process, project=project)
    finally:
        process.terminate()
        process.wait(timeout=30)


def edit_and_wait(watcher: Watcher, number: int, *, last: bool = False) -> tuple[float, float]:
    """Seconds from saving a changed line of one design (the first, or the `last` Good Soul, on
    the deck's last pages) to the new cards.pdf, and the CPU spent."""
    souls = watcher.project / "layouts" / "straight-to" / "souls.csv"
    pdf = watcher.project / "output" / "straight-to" / "cards.pdf"
    text = souls.read_text()
    lines = list(re.finditer(r"^good,Soul \d+,[^,]*,1,([^,]*),", text, re.M))
    line = (lines[-1] if last else lines[0]) if lines else None
    if line is None:
        raise SystemExit(f"{souls}: no design to edit")
    before, cpu = pdf.stat().st_mtime_ns, watcher.cpu()
    time.sleep(0.3)  # the watcher settled since its last build
    started = time.perf_counter()
    souls.write_text(text[: line.start(1)] + f"Edit number {number}" + text[line.end(1) :])
    while pdf.stat().st_mtime_ns == before:
        if time.perf_counter() - started > 120:
            raise SystemExit(f"pnp watch did not rebuild {pdf} within 120 s")
        time.sleep(0.002)
    wall = time.perf_counter() - started
    time.sleep(0.2)  # the gallery and manifest follow the PDF: their CPU is the rebuild's too
    return wall, watcher.cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--designs", type=int, nargs="+", default=[10, 1000, 10000])
    parser.add_argument("--last", action="store_true", help="edit the deck's last Good Soul, not its first")
    args = parser.parse_args()
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for designs in args.designs:
            seconds: dict[str, list[tuple[float, float]]] = {side: [] for side in sides}
            with contextlib.ExitStack() as stack:
                watchers = {
                    side: stack.enter_context(
                        watching(checkout, designer_project(designs, Path(work) / f"{side}-{designs}"))
                    )
                    for side, checkout in sides.items()
                }
                for number in range(args.rounds):
                    for side, watcher in watchers.items():
                        seconds[side].append(edit_and_wait(watcher, number, last=args.last))
            wall = {side: median(w for w, _ in runs) for side, runs in seconds.items()}
            cpu = {side: median(c for _, c in runs) for side, runs in seconds.items()}
            rows.append((designs, wall, cpu))
    which = "the last Good Soul's" if args.last else "the first design's"
    print(f"pnp watch, {which} text saved -> cards.pdf written; medians of {args.rounds} alternated saves")
    print("| designs | before: save -> PDF | after | after/before | before: rebuild CPU | after | after/before |")
    for designs, wall, cpu in rows:
        print(
            f"| {designs:,} | {wall['before']:.2f} s | {wall['after']:.2f} s | {wall['after'] / wall['before']:.2f}x "
            f"| {cpu['before']:.2f} s | {cpu['after']:.2f} s | {cpu['after'] / cpu['before']:.2f}x |"
        )


if __name__ == "__main__":
    main()
