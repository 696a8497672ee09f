"""`pnp calibrate` read back from its PDF: each back crosshair lands on its front ruler's zero after
the flip, moves by exactly the --back-offset given, and a printer's shift reads as its correction."""

from __future__ import annotations

import pytest
from pdfscan import MM, scan

from pnp.games.calibration import CROSS, REACH, RULER

RULER_RGB = tuple(round(int(RULER[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))
CROSS_RGB = tuple(round(int(CROSS[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))


def centres(page, rgb, length_mm: float) -> list[tuple[float, float]]:
    """Where the horizontal and vertical lines of `rgb` and `length_mm` cross."""
    lines = [ln for ln in page.lines if ln[2] == rgb]
    across = [
        ln for ln in lines if abs(ln[0][1] - ln[1][1]) < 0.01 and abs(abs(ln[1][0] - ln[0][0]) - length_mm * MM) < 0.1
    ]
    down = [
        ln for ln in lines if abs(ln[0][0] - ln[1][0]) < 0.01 and abs(abs(ln[1][1] - ln[0][1]) - length_mm * MM) < 0.1
    ]
    out = []
    for h in across:
        for v in down:
            x, y = v[0][0], h[0][1]
            if min(h[0][0], h[1][0]) <= x <= max(h[0][0], h[1][0]) and min(v[0][1], v[1][1]) <= y <= max(
                v[0][1], v[1][1]
            ):
                out.append((x, y))
    return sorted(out)


def sheet(run, isolated, duplex: str, *extra: str):
    result = run("calibrate", "--duplex", duplex, *extra)
    assert result.exit_code == 0, result.output
    pages = scan(isolated / "output" / "calibrate.pdf")
    assert len(pages) == 2  # one sheet: front and back
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
    cross = min(
        centres(back, CROSS_RGB, 12),
        key=lambda p: (flipped(p, back, duplex)[0] - middle[0]) ** 2 + (flipped(p, back, duplex)[1] - middle[1]) ** 2,
    )
    shift = (5 * MM, -5 * MM)
    x, y = flipped((cross[0] + shift[0], cross[1] + shift[1]), back, duplex)
    x_labels, y_labels = ruler_labels(front, middle)
    read_x = min(x_labels, key=lambda lab: abs(lab[1] - x))
    read_y = min(y_labels, key=lambda lab: abs(lab[2] - y))
    assert abs(read_x[1] - x) < 1 * MM and abs(read_y[2] - y) < 1.5 * MM
    assert (int(read_x[0]), int(read_y[0])) == (-5, 5)


def ruler_labels(page, centre):
    """The numbers of the horizontal and of the vertical ruler crossing at `centre`: each number
    beside its own ruler (within 5 mm of its line) and centred on its tick."""
    cx, cy = centre
    labels = [(text, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, b) for text, b in page.boxes if text.lstrip("+-").isdigit()]
    near = [lab for lab in labels if abs(lab[1] - cx) < (REACH + 6) * MM and abs(lab[2] - cy) < (REACH + 6) * MM]
    ticks = [t * MM for t in (-10, -5, 5, 10)]
    x_labels = [
        lab
        for lab in near
        if min(abs(lab[3][1] - cy), abs(lab[3][3] - cy)) < 5 * MM
        and min(abs(lab[1] - cx - t) for t in ticks) < 0.5 * MM
    ]
    y_labels = [
        lab
        for lab in near
        if min(abs(lab[3][0] - cx), abs(lab[3][2] - cx)) < 5 * MM
        and min(abs(lab[2] - cy - t) for t in ticks) < 0.5 * MM
    ]
    return x_labels, y_labels


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_ruler_number_sits_beside_its_own_ruler_clear_of_the_others(run, isolated, duplex):
    """Four numbers beside each ruler, on its ticks, and no number within 0.5 mm of another: an X
    number printed under the Y ruler's +10 reads as part of the wrong ruler."""
    front, _ = sheet(run, isolated, duplex)
    for centre in centres(front, RULER_RGB, 2 * REACH):
        x_labels, y_labels = ruler_labels(front, centre)
        assert len(x_labels) == len(y_labels) == 4 and not set(map(id, x_labels)) & set(map(id, y_labels))
        boxes = [lab[3] for lab in x_labels + y_labels]
        gap = 0.5 * MM
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] + gap < b[0] or b[2] + gap < a[0] or a[3] + gap < b[1] or b[3] + gap < a[1], (a, b)
