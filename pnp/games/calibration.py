"""`pnp calibrate`: one sheet printed double-sided to measure a printer's back offset.

The front carries rulers around five targets; the back carries a crosshair behind each target.
Both go through the same imposition as every deck (the sheet is one piece with a face and a
back), so the crosshairs move exactly as card backs do. Held to the light, each crosshair sits on
the rulers at the numbers to pass to --back-offset; at 0,0 the printer needs none.
"""

from __future__ import annotations

from pnp.geometry import MM
from pnp.render.elements import Circle, Element, Line, Text
from pnp.render.furniture import content_area
from pnp.render.pages import RenderOptions
from pnp.render.specs import DocumentSpec, Piece, PieceGroup
from pnp.source.printoptions import DuplexMode

RULER = "#0050c0"  # the front's rulers; their zero ticks mark where a crosshair belongs
CROSS = "#c00000"  # the back's crosshairs
REACH = 10  # mm each way along a ruler
FILENAME = "calibrate.pdf"


def calibration_document(options: RenderOptions) -> DocumentSpec:
    """The calibration sheet for the paper and duplex mode of `options`."""
    area = content_area(options.printable())
    w, h = area.width / MM - 12, area.height / MM - 12  # leaves room for the sheet's crop marks
    targets = [(w / 2, h / 2), (28, 28), (w - 28, 28), (28, h - 40), (w - 28, h - 40)]
    flip = options.duplex if options.duplex.flips else DuplexMode.LONG
    face: list[Element] = [
        Text(text="Printer calibration: back offset", x=4, y=h - 12, w=w - 8, h=8, size=14, bold=True, align="left"),
        Text(
            text=f"Print this sheet double-sided, flipping on the {flip.upper()} edge, at 100%. Hold it to the light: "
            "each red crosshair from the back falls on the blue rulers. Read X and Y where the centre lands "
            "(the numbers are millimetres) and build with --back-offset X,Y. Print again with that offset to "
            "check: the crosshairs then sit on the zeros.",
            x=4,
            y=h - 30,
            w=w - 8,
            h=17,
            size=8.5,
            min_size=6,
            align="left",
            valign="top",
        ),
    ]
    back: list[Element] = []
    for x, y in targets:
        face += _rulers(x, y, flip)
        bx, by = w - x, y  # a back is drawn as seen with its piece turned over left to right, on either flip
        back += [
            Line(x1=bx - 6, y1=by, x2=bx + 6, y2=by, color=CROSS, width=0.6),
            Line(x1=bx, y1=by - 6, x2=bx, y2=by + 6, color=CROSS, width=0.6),
            Circle(cx=bx, cy=by, r=2.0, stroke=CROSS, width=0.4),
        ]
    piece = Piece(
        kind="calibration", name="Calibration sheet", face=tuple(face), back=tuple(back), back_name="crosshairs"
    )
    return DocumentSpec(
        filename=FILENAME,
        title="Printer calibration",
        sections=[PieceGroup(title="Calibration", pieces=[piece], width=w, height=h, bleeds=False)],
        cover=None,
        game_title="pnp",
    )


def _rulers(x: float, y: float, flip: str) -> list[Element]:
    """A horizontal and a vertical millimetre ruler crossing at (x, y), numbered with the offset to
    give when the back's crosshair lands there (the sign depends on which edge the sheet turns).
    Each half's numbers sit on the side turned from the other ruler's, so no two meet at a corner."""
    sign_x, sign_y = (1, -1) if flip is DuplexMode.LONG else (-1, 1)
    out: list[Element] = [
        Line(x1=x - REACH, y1=y, x2=x + REACH, y2=y, color=RULER, width=0.3),
        Line(x1=x, y1=y - REACH, x2=x, y2=y + REACH, color=RULER, width=0.3),
    ]
    for t in range(-REACH, REACH + 1):
        tick = 2.4 if t == 0 else 1.6 if t % 5 == 0 else 0.8
        out += [
            Line(x1=x + t, y1=y - tick, x2=x + t, y2=y + tick, color=RULER, width=0.45 if t == 0 else 0.2),
            Line(x1=x - tick, y1=y + t, x2=x + tick, y2=y + t, color=RULER, width=0.45 if t == 0 else 0.2),
        ]
        if t % 5 == 0 and t:
            out += [
                Text(
                    text=f"{sign_x * t:+d}",
                    x=x + t - 3,
                    y=y + (-4.6 if t > 0 else 2.4),
                    w=6,
                    h=2.2,
                    size=5.5,
                    min_size=5,
                    color=RULER,
                ),
                Text(
                    text=f"{sign_y * t:+d}",
                    x=x + (3 if t > 0 else -9),
                    y=y + t - 1.1,
                    w=6,
                    h=2.2,
                    size=5.5,
                    min_size=5,
                    align="left" if t > 0 else "right",
                    color=RULER,
                ),
            ]
    return out
