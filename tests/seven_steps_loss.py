"""The second route to Seven Steps' least chance to lose (`seven_steps_loss.c`): compiled with the
machine's C compiler, fed a climb's numbers and its terraces' tests as tables of totals met."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from pnp.analysis.seven_steps_optimal import Climb

SOURCE = Path(__file__).with_name("seven_steps_loss.c")


class LossRoute:
    """The compiled program; `loss(climb)` runs it on one climb."""

    def __init__(self, directory: Path) -> None:
        compiler = shutil.which("cc") or shutil.which("gcc")
        assert compiler, "the Seven Steps loss route needs a C compiler (Debian's gcc)"
        self.program = directory / "seven_steps_loss"
        subprocess.run([compiler, "-O2", "-o", str(self.program), str(SOURCE), "-lm"], check=True)

    def loss(self, climb: Climb) -> float:
        dice = climb.pool + climb.spares
        rows = [f"{len(climb.tests)} {climb.pool} {climb.spares} {climb.pips} {climb.more_pips}"]
        for test in climb.tests:
            for challenge in range(1, 7):
                rows.append(" ".join(str(int(t > 0 and test.met(t, challenge))) for t in range(6 * dice + 1)))
        done = subprocess.run([str(self.program)], input="\n".join(rows), capture_output=True, text=True, check=True)
        return float(done.stdout)
