"""Sizes a data file asks for are refused where they enter, before the work: a placeholder with a
format spec, a card-text template with a huge width. Each runs pnp in a child process and reads
its CPU time and peak memory from the operating system, under a cap that stops a real bomb."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

CAP = 2 << 30              # address space a child may map: a bomb dies here instead of the machine
CPU_CAP = 20               # seconds of CPU before the child is stopped
MOST_CPU = 2.0             # what a refusal may cost, seconds
MOST_MB = 100


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_CAP, CPU_CAP))


def run_bounded(*args: object, cwd) -> tuple[int, str, float, float]:
    """`python -m pnp args` in a child: its exit code, output, CPU seconds and peak memory (MB)."""
    child = subprocess.Popen([sys.executable, "-m", "pnp", *map(str, args)], cwd=cwd, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, preexec_fn=_capped)
    output = child.stdout.read().decode()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    child.stdout.close()
    return child.returncode, output, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


BOMBS = [       # (game, file, text in it, its replacement, what the refusal says)
    ("seven-steps", "reference.toml", "One gamesheet per play, {total_dice} six-sided",
     "One gamesheet per play, {total_dice:>300000000} six-sided",
     "seven-steps/reference.toml:sections[0].lines[0]: {total_dice:>300000000}: a placeholder is a bare name"),
    ("seven-steps", "reference.toml", "One gamesheet per play, {total_dice} six-sided",
     "One gamesheet per play, {} six-sided",
     "seven-steps/reference.toml:sections[0].lines[0]: {} is not a placeholder"),
    ("seven-steps", "reference.toml", "One gamesheet per play, {total_dice} six-sided",
     "One gamesheet per play, {total_dice:s} six-sided",
     "seven-steps/reference.toml:sections[0].lines[0]: {total_dice:s}: a placeholder is a bare name"),
    ("punished", "text.toml", 'loss = "lose {{ amount }} {{ stat }}"',
     "loss = \"lose {{ '%300000000d'|format(1) }} {{ stat }}\"",
     "punished/text.toml:loss: template error: a width of 300000000: more than a card text holds"),
    ("punished", "text.toml", 'loss = "lose {{ amount }} {{ stat }}"',
     "loss = \"lose {{ 'a\\nb'|indent(300000000) }} {{ stat }}\"",
     "punished/text.toml:loss: template error: |indent with a size of 300000000"),
]


@pytest.mark.parametrize("game, file, old, new, said", BOMBS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BOMBS)])
def test_a_size_asked_for_in_data_is_refused_before_the_work(tmp_path, layouts_copy, game, file, old, new, said):
    """The refusal names the file and key, costs under 2 s of CPU and 100 MB, exits 1, and leaves
    the earlier build's files as they were."""
    earlier = tmp_path / "out" / game
    earlier.mkdir(parents=True)
    (earlier / "rules.pdf").write_bytes(b"%PDF-1.4 an earlier build\n")
    path = layouts_copy / game / file
    text = path.read_text()
    assert text.count(old) == 1
    path.write_text(text.replace(old, new))
    code, output, cpu, mb = run_bounded("build", game, "--layouts", layouts_copy, "-o", tmp_path / "out",
                                        cwd=tmp_path)
    assert code == 1 and said in output, output[-600:]
    assert "unexpected" not in output and "Traceback" not in output
    assert cpu <= MOST_CPU and mb <= MOST_MB, (cpu, mb)
    assert (earlier / "rules.pdf").read_bytes() == b"%PDF-1.4 an earlier build\n"
