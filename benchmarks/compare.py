"""Two checkouts of pnp side by side: `pnp validate` and a full `pnp build --force --jobs 1` of every
game, CPU (user + system of the whole process, from os.wait4) and wall time, the two checkouts
alternated in every round, medians reported with the ratio after/before.

Run: python benchmarks/compare.py BEFORE_DIR AFTER_DIR [--rounds 5]
(for example a `git worktree add ../before <commit>` beside this checkout).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

COMMANDS = {
    "validate": ["validate"],
    "build --force --jobs 1": ["build", "--force", "--jobs", "1"],
}


def measure(checkout: Path, args: list[str], work: Path) -> tuple[float, float]:
    """CPU and wall seconds of `python -m pnp ARGS` run from `checkout`'s source, in `work`."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, "-m", "pnp", *args, "--layouts", str(checkout / "layouts"),
               "--icons", str(checkout / "icons")]
    if args[0] == "build":
        command += ["-o", str(work / "output")]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{checkout}: pnp {' '.join(args)} failed")
    return usage.ru_utime + usage.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    checkouts = {"before": options.before.resolve(), "after": options.after.resolve()}
    results: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(options.rounds):
            for name, args in COMMANDS.items():
                for label, checkout in checkouts.items():
                    work = Path(scratch) / label
                    work.mkdir(exist_ok=True)
                    results.setdefault((name, label), []).append(measure(checkout, args, work))
    print(f"| command | before CPU s | after CPU s | after/before | before wall s | after wall s |  ({options.rounds} rounds)")
    for name in COMMANDS:
        cpu = {label: median(c for c, _ in results[name, label]) for label in checkouts}
        wall = {label: median(w for _, w in results[name, label]) for label in checkouts}
        print(f"| pnp {name} | {cpu['before']:.2f} | {cpu['after']:.2f} | {cpu['after'] / cpu['before']:.2f}x "
              f"| {wall['before']:.2f} | {wall['after']:.2f} |")


if __name__ == "__main__":
    main()
