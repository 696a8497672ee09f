"""Two checkouts of pnp side by side: start-up (`pnp --help`), `pnp validate` and a full
`pnp build --force --jobs 1` of every game, each a whole process measured as benchmarks/run.py
measures one (CPU from os.wait4, wall), the two checkouts alternated in every round, medians
reported with the ratio after/before.

Run: python benchmarks/compare.py BEFORE_DIR AFTER_DIR [--rounds 5]
(for example a `git worktree add ../before <commit>` beside this checkout).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from statistics import median

from run import Run, process

COMMANDS = {
    "--help": ["--help"],
    "validate": ["validate"],
    "build --force --jobs 1": ["build", "--force", "--jobs", "1"],
}


def measure(checkout: Path, args: list[str], work: Path) -> Run:
    """`python -m pnp ARGS` run from `checkout`'s source and data, in `work`."""
    command = [sys.executable, "-m", "pnp", *args]
    if args[0] != "--help":
        command += ["--layouts", str(checkout / "layouts"), "--icons", str(checkout / "icons")]
    if args[0] == "build":
        command += ["-o", str(work / "output")]
    return process(command, work, env={**os.environ, "PYTHONPATH": str(checkout)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    checkouts = {"before": options.before.resolve(), "after": options.after.resolve()}
    runs: dict[tuple[str, str], list[Run]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(options.rounds):
            for name, args in COMMANDS.items():
                for label, checkout in checkouts.items():
                    work = Path(scratch) / label
                    work.mkdir(exist_ok=True)
                    runs.setdefault((name, label), []).append(measure(checkout, args, work))
    print(f"medians of {options.rounds} alternated rounds")
    print("| command | before CPU s | after CPU s | after/before | before wall s | after wall s |")
    for name in COMMANDS:
        cpu = {label: median(r.cpu for r in runs[name, label]) for label in checkouts}
        wall = {label: median(r.wall for r in runs[name, label]) for label in checkouts}
        print(
            f"| pnp {name} | {cpu['before']:.2f} | {cpu['after']:.2f} | {cpu['after'] / cpu['before']:.2f}x "
            f"| {wall['before']:.2f} | {wall['after']:.2f} |"
        )


if __name__ == "__main__":
    main()
