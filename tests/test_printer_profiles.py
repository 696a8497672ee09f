"""Printer profiles in pnp.toml, as a player with two printers uses them: `pnp calibrate --printer
NAME` says what to keep, `--printer NAME` (or `printer = "NAME"`) builds for that printer, and a
flag still beats the profile. Run as a shell runs pnp, in a project."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp import __version__

pytestmark = pytest.mark.named_games  # a Seven Steps project alone

PROFILES = """
[printers.office]
paper = "letter"
duplex = "short"
back_offset = "0.5,-1"

[printers.home]
paper = "a4"
margin = "6mm"
"""


def pnp(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args], cwd=project, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def project(tmp_path) -> Path:
    assert pnp(tmp_path, "new", "proj", "--game", "seven-steps").returncode == 0
    folder = tmp_path / "proj"
    (folder / "pnp.toml").write_text((folder / "pnp.toml").read_text() + PROFILES)
    return folder


def _foot(project: Path) -> tuple[tuple[float, float], str]:
    page = pdfium.PdfDocument(project / "output" / "seven-steps" / "gamesheets.pdf")[0]
    text = " ".join(page.get_textpage().get_text_range().split())
    return page.get_size(), text[text.index("pnp " + __version__) :]


def test_a_printer_profile_builds_for_that_printer_and_a_flag_beats_it(project):
    assert pnp(project, "build", "--printer", "office").returncode == 0
    size, said = _foot(project)
    assert size == (612.0, 792.0)  # letter
    assert said.startswith(f"pnp {__version__}: letter, poker cards, duplex short, bleed 0, back offset 0.5,-1 mm")
    assert pnp(project, "build", "--printer", "office", "--paper", "a4").returncode == 0
    assert _foot(project)[0] == pytest.approx((595.28, 841.89), abs=0.01)  # the flag's A4
    (project / "pnp.toml").write_text('printer = "office"\n' + (project / "pnp.toml").read_text())  # before any table
    assert pnp(project, "build").returncode == 0
    assert _foot(project)[0] == (612.0, 792.0)  # pnp.toml's own choice of printer


def test_a_printer_pnp_toml_lacks_is_a_usage_error_naming_the_one_meant(project):
    done = pnp(project, "build", "--printer", "ofice")
    assert done.returncode == 2
    assert "Error: --printer ofice: pnp.toml has no [printers.ofice]. Did you mean 'office'?" in done.stderr
    assert not (project / "output").exists()


def test_calibrate_says_what_to_keep_for_a_new_printer_and_a_known_one(project):
    new = pnp(project, "calibrate", "--printer", "laser", "--paper", "letter")
    assert new.returncode == 0, new.stderr
    assert '[printers.laser]\npaper = "letter"\nduplex = "long"\nmargin = "5mm"\nback_offset = "X,Y"' in new.stdout
    known = pnp(project, "calibrate", "--printer", "home")
    assert known.returncode == 0, known.stderr
    assert 'in [printers.home]:\nback_offset = "X,Y"' in known.stdout
    page = pdfium.PdfDocument(project / "output" / "calibrate.pdf")[0]
    assert page.get_size() == pytest.approx((595.28, 841.89), abs=0.01)  # the home printer's A4
