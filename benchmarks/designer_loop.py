"""The designer's loop: `pnp watch` running in a project whose Straight-to deck is 10, 1,000 or
10,000 Soul designs (run.py's designer project), one edit saved, and the time until the rebuilt
cards.pdf is on disk (wall), with the CPU the watcher spent on that rebuild (its user + system
time, from /proc, before and after). The edits (`EDITS`): one design's text, two designs' counts
(a copy moved from one to the other, the rules model's total kept), one design's icon changed to
one the deck prints already and to one it never printed, one design's own art file redrawn, and
a slot of the Soul template resized (every card changes). Beside them, the same project built
once with `pnp build straight-to --force` (CPU and peak memory, os.wait4), and the watcher's peak
memory (VmHWM) after its saves.

Two checkouts of pnp side by side, each watching a project of its own, their saves alternated in
every round so a slow moment of the machine lands on both; medians reported with the ratio
after/before, and each edit's CPU against a one-shot build's in the same run.

Run: python benchmarks/designer_loop.py BEFORE_DIR AFTER_DIR [--rounds 5] [--designs 10 1000 10000]
     [--edits text count ...]
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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from statistics import median

from run import Run, designer_project, process

TICK = os.sysconf("SC_CLK_TCK")
GAME = Path("layouts") / "straight-to"
FIRST = re.compile(r"^(good),(Soul 00000),([^,]*),(\d+),([^,]*),", re.M)  # the first design's row
THIRD = re.compile(r"^(good),(Soul 00002),([^,]*),(\d+),([^,]*),", re.M)
KNOWN = ("lorc/dove", "lorc/angel-outfit")  # icons the deck prints on other designs


@dataclass(frozen=True, kw_only=True)
class Watcher:
    process: subprocess.Popen[bytes]
    project: Path

    def cpu(self) -> float:
        """The watcher's CPU so far, seconds (its waited-for workers included)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        return sum(int(value) for value in fields[11:15]) / TICK

    def peak_mb(self) -> float:
        """The watcher's peak resident memory so far (VmHWM), MB."""
        found = re.search(r"^VmHWM:\s+(\d+) kB", Path(f"/proc/{self.process.pid}/status").read_text(), re.M)
        return int(found.group(1)) / 1024 if found else 0.0


def _cell(text: str, row: re.Pattern[str], column: int, value: str) -> str:
    """`text` (souls.csv) with one cell of the row `row` matches set to `value`."""
    found = row.search(text)
    if found is None:
        raise SystemExit(f"souls.csv: no row matching {row.pattern}")
    return text[: found.start(column)] + value + text[found.end(column) :]


def _souls(project: Path) -> Path:
    return project / GAME / "souls.csv"


def _text(project: Path, number: int) -> None:
    souls = _souls(project)
    souls.write_text(_cell(souls.read_text(), FIRST, 5, f"Edit number {number}"))


def _counts_ready(project: Path) -> None:
    """Two Good designs of two copies each, the rules model's Good total raised to match."""
    souls = _souls(project)
    souls.write_text(_cell(_cell(souls.read_text(), FIRST, 4, "2"), THIRD, 4, "2"))
    rules = project / GAME / "rules.toml"
    rules.write_text(
        re.sub(
            r"(\[components\.soul-good\][^\[]*?fixed = )(\d+)",
            lambda m: f"{m.group(1)}{int(m.group(2)) + 2}",
            rules.read_text(),
        )
    )


def _count(project: Path, number: int) -> None:
    """A copy moved between the two designs: 3 and 1, then 2 and 2 again."""
    souls = _souls(project)
    first, third = ("3", "1") if number % 2 == 0 else ("2", "2")
    souls.write_text(_cell(_cell(souls.read_text(), FIRST, 4, first), THIRD, 4, third))


def _icon_known(project: Path, number: int) -> None:
    souls = _souls(project)
    souls.write_text(_cell(souls.read_text(), FIRST, 3, KNOWN[number % 2]))


def _unprinted_icons(project: Path) -> list[str]:
    """Icons of the project's icon folder that no Straight-to layout file names: new to its file."""
    named = " ".join(path.read_text() for path in (project / GAME).glob("*.toml"))
    named += _souls(project).read_text()
    found = sorted(str(p.relative_to(project / "icons").with_suffix("")) for p in (project / "icons").glob("*/*.svg"))
    return [ref for ref in found if ref not in named]


def _icon_new(project: Path, number: int) -> None:
    souls = _souls(project)
    fresh = _unprinted_icons(project)
    if not fresh:
        raise SystemExit(f"{project / 'icons'}: no icon left that the deck does not print")
    souls.write_text(_cell(souls.read_text(), FIRST, 3, fresh[0]))


HALO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><circle cx="256" cy="256" r="{r}"/></svg>\n'


def _art_ready(project: Path) -> None:
    """The first design shows own art, `art/halo.svg`, credited."""
    art = project / GAME / "art"
    art.mkdir(exist_ok=True)
    (art / "halo.svg").write_text(HALO.format(r=200))
    (art / "credits.toml").write_text('["halo.svg"]\nauthor = "A designer"\nlicence = "CC BY 3.0"\n')
    souls = _souls(project)
    souls.write_text(_cell(souls.read_text(), FIRST, 3, "art/halo.svg"))


def _art(project: Path, number: int) -> None:
    (project / GAME / "art" / "halo.svg").write_text(HALO.format(r=120 + number % 2 * 60))


def _slot(project: Path, number: int) -> None:
    """The Soul template's name slot a little taller or back: every Soul card changes."""
    components = project / GAME / "components.toml"
    height = "10%" if number % 2 == 0 else "9%"
    text, found = re.subn(
        r'(\[templates\.soul\.slots\.name\][^\[]*?\nh = ")[^"]*"', rf'\g<1>{height}"', components.read_text()
    )
    if not found:
        raise SystemExit(f"{components}: no [templates.soul.slots.name] h to change")
    components.write_text(text)


@dataclass(frozen=True, kw_only=True)
class Edit:
    ready: Callable[[Path], None] | None  # what the project needs before the watcher starts
    save: Callable[[Path, int], None]  # the n-th save (from 0), each unlike the one before


EDITS = {
    "text": Edit(ready=None, save=_text),
    "count": Edit(ready=_counts_ready, save=_count),
    "icon-known": Edit(ready=None, save=_icon_known),
    "icon-new": Edit(ready=None, save=_icon_new),
    "own-art": Edit(ready=_art_ready, save=_art),
    "slot": Edit(ready=None, save=_slot),
}


def _env(checkout: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(checkout)}


@contextlib.contextmanager
def watching(checkout: Path, project: Path) -> Iterator[Watcher]:
    """`pnp watch --port 0` from `checkout`'s source in `project`, once it serves (its first build done)."""
    log = project / "watch.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "pnp", "watch", "straight-to", "--port", "0"],
            cwd=project,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=_env(checkout),
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


def edit_and_wait(watcher: Watcher, edit: Edit, number: int) -> tuple[float, float]:
    """Seconds from saving edit `number` to the new cards.pdf, and the CPU the watcher spent."""
    pdf = watcher.project / "output" / "straight-to" / "cards.pdf"
    before, cpu = pdf.stat().st_mtime_ns, watcher.cpu()
    time.sleep(0.3)  # the watcher settled since its last build
    started = time.perf_counter()
    edit.save(watcher.project, number)
    while pdf.stat().st_mtime_ns == before:
        if time.perf_counter() - started > 120:
            log = (watcher.project / "watch.log").read_text()[-1500:]
            raise SystemExit(f"pnp watch did not rebuild {pdf} within 120 s:\n{log}")
        time.sleep(0.002)
    wall = time.perf_counter() - started
    time.sleep(0.2)  # the gallery and manifest follow the PDF: their CPU is the rebuild's too
    return wall, watcher.cpu() - cpu


def one_shot(checkout: Path, project: Path) -> Run:
    """`pnp build straight-to --force` of `project` from `checkout`, a whole process."""
    return process([sys.executable, "-m", "pnp", "build", "straight-to", "--force"], project, env=_env(checkout))


def _ratio(after: float, before: float) -> str:
    return f"{after / before:.2f}x" if before else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--designs", type=int, nargs="+", default=[10, 1000, 10000])
    parser.add_argument("--edits", nargs="+", choices=list(EDITS), default=list(EDITS))
    args = parser.parse_args()
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    print(f"pnp watch, one edit saved -> cards.pdf written; medians of {args.rounds} alternated saves")
    print(
        "| designs | edit | before: save -> PDF | after | after/before | before: CPU | after | after/before | after CPU / one-shot |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for designs in args.designs:
            shots: dict[str, list[Run]] = {side: [] for side in sides}
            built = {side: designer_project(designs, Path(work) / f"{side}-{designs}-one-shot") for side in sides}
            for _ in range(3):
                for side, checkout in sides.items():
                    shots[side].append(one_shot(checkout, built[side]))
            shot_cpu = {side: median(run.cpu for run in runs) for side, runs in shots.items()}
            shot_peak = {side: max(run.peak_mb for run in runs) for side, runs in shots.items()}
            peaks = {side: 0.0 for side in sides}
            for name in args.edits:
                edit = EDITS[name]
                seconds: dict[str, list[tuple[float, float]]] = {side: [] for side in sides}
                with contextlib.ExitStack() as stack:
                    watchers = {}
                    for side, checkout in sides.items():
                        project = designer_project(designs, Path(work) / f"{side}-{designs}-{name}")
                        if edit.ready is not None:
                            edit.ready(project)
                        watchers[side] = stack.enter_context(watching(checkout, project))
                    for number in range(args.rounds):
                        for side, watcher in watchers.items():
                            seconds[side].append(edit_and_wait(watcher, edit, number))
                    for side, watcher in watchers.items():
                        peaks[side] = max(peaks[side], watcher.peak_mb())
                wall = {side: median(w for w, _ in runs) for side, runs in seconds.items()}
                cpu = {side: median(c for _, c in runs) for side, runs in seconds.items()}
                print(
                    f"| {designs:,} | {name} | {wall['before']:.2f} s | {wall['after']:.2f} s "
                    f"| {_ratio(wall['after'], wall['before'])} | {cpu['before']:.2f} s | {cpu['after']:.2f} s "
                    f"| {_ratio(cpu['after'], cpu['before'])} | {_ratio(cpu['after'], shot_cpu['after'])} |",
                    flush=True,
                )
            print(
                f"| {designs:,} | one-shot --force | CPU | | | {shot_cpu['before']:.2f} s | {shot_cpu['after']:.2f} s "
                f"| {_ratio(shot_cpu['after'], shot_cpu['before'])} | 1.00x |"
            )
            print(
                f"| {designs:,} | peak memory | watcher {peaks['before']:.0f} MB | {peaks['after']:.0f} MB "
                f"| {_ratio(peaks['after'], peaks['before'])} | one-shot {shot_peak['before']:.0f} MB "
                f"| {shot_peak['after']:.0f} MB | {_ratio(shot_peak['after'], shot_peak['before'])} "
                f"| watcher/one-shot {_ratio(peaks['after'], shot_peak['after'])} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
