"""`pnp calibrate` read back from its PDF: each back crosshair lands on its front ruler's zero after
the flip, moves by exactly the --back-offset given, and a printer's shift reads as its correction."""

from __future__ import annotations

import pytest
from pdfscan import MM, scan

from pnp.games.calibration import CROSS, REACH, RULER

RULER_RGB = tuple(round(int(RULER[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
CROSS_RGB = tuple(round(int(CROSS[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))


def centres(page, rgb, length_mm: float) -> list[tuple[float, float]]:
    """Where the horizontal and vertical lines of `rgb` and `length_mm` cross."""
    lines = [ln for ln in page.lines if ln[2] == rgb]
    across = [ln for ln in lines if abs(ln[0][1] - ln[1][1]) < 0.01 and abs(abs(ln[1][0] - ln[0][0]) - length_mm * MM) < 0.1]
    down = [ln for ln in lines if abs(ln[0][0] - ln[1][0]) < 0.01 and abs(abs(ln[1][1] - ln[0][1]) - length_mm * MM) < 0.1]
    out = []
    for h in across:
        for v in down:
            x, y = v[0][0], h[0][1]
            if min(h[0][0], h[1][0]) <= x <= max(h[0][0], h[1][0]) and min(v[0][1], v[1][1]) <= y <= max(v[0][1], v[1][1]):
                out.append((x, y))
    return sorted(out)


def sheet(run, isolated, duplex: str, *extra: str):
    result = run("calibrate", "--duplex", duplex, *extra)
    assert result.exit_code == 0, result.output
    pages = scan(isolated / "output" / "calibrate.pdf")
    assert len(pages) == 2                                 # one sheet: front and back
    return pages


def flipped(point, page, duplex):
    x, y = point
    return (page.width - x, y) if duplex == "long" else (x, page.height - y)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_crosshairs_sit_on_the_zeros_and_follow_the_offset(run, isolated, duplex):
    front, back = sheet(run, isolated, duplex)
    zeros = centres(front, RULER_RGB, 2 * REACH)
    crosses = centres(back, CROSS_RGB, 12)
    assert len(zeros) == len(crosses) == 5
    landed = sorted(flipped(c, back, duplex) for c in crosses)
    for (zx, zy), (cx, cy) in zip(zeros, landed):
        assert cx == pytest.approx(zx, abs=0.05 * MM) and cy == pytest.approx(zy, abs=0.05 * MM)
    _, shifted = sheet(run, isolated, duplex, "--back-offset", "1.5,-0.8", "-o", "again")
    moved = centres(scan(isolated / "again" / "calibrate.pdf")[1], CROSS_RGB, 12)
    for (x0, y0), (x1, y1) in zip(crosses, moved):
        assert x1 - x0 == pytest.approx(1.5 * MM, abs=0.01) and y1 - y0 == pytest.approx(-0.8 * MM, abs=0.01)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_printer_shift_reads_as_the_offset_that_cancels_it(run, isolated, duplex):
    """A printer that shifts backs by (5, -5) mm puts the crosshair on the ruler numbers that,
    given to --back-offset, move it back by (-5, +5)."""
    front, back = sheet(run, isolated, duplex)
    zeros = centres(front, RULER_RGB, 2 * REACH)
    middle = min(zeros, key=lambda p: abs(p[0] - front.width / 2) + abs(p[1] - front.height / 2))
    cross = min(centres(back, CROSS_RGB, 12), key=lambda p: (flipped(p, back, duplex)[0] - middle[0]) ** 2
                + (flipped(p, back, duplex)[1] - middle[1]) ** 2)
    shift = (5 * MM, -5 * MM)
    x, y = flipped((cross[0] + shift[0], cross[1] + shift[1]), back, duplex)
    labels = [(text, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for text, b in front.boxes if text.lstrip("+-").isdigit()]
    below = [lab for lab in labels if abs(lab[2] - (middle[1] - (REACH + 2.7) * MM)) < 1.5 * MM
             and abs(lab[1] - middle[0]) < (REACH + 3) * MM]
    beside = [lab for lab in labels if middle[0] + 2 * MM < lab[1] < middle[0] + 10 * MM
              and abs(lab[2] - middle[1]) < (REACH + 2) * MM]
    read_x = min(below, key=lambda lab: abs(lab[1] - x))
    read_y = min(beside, key=lambda lab: abs(lab[2] - y))
    assert abs(read_x[1] - x) < 1 * MM and abs(read_y[2] - y) < 1.5 * MM
    assert (int(read_x[0]), int(read_y[0])) == (-5, 5)
