"""Fit text to a box: wrap, shrink down to a minimum size, then fail clearly."""

from __future__ import annotations

from pnp.errors import TextOverflow
from pnp.geometry import MM
from pnp.render.elements import Text
from pnp.render.fonts import text_width
from pnp.render.richtext import line_width, wrap_marked
from pnp.source.markup import has_markup

LEADING = 1.18


def baseline(top: float, size: float, line: int) -> float:
    """The baseline of line `line` (from 0) of a text block whose top is `top` points up the page."""
    return top - size * (line + 0.82) * LEADING + size * 0.1


def wrap(text: str, width: float, size: float, bold: bool, font: str = "") -> tuple[str, ...]:
    """Greedy word wrap; explicit newlines start new lines."""
    if has_markup(text):
        return wrap_marked(text, width, size, bold, font)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        whole = paragraph.lstrip(" ")  # the words below drop a paragraph's leading spaces too
        if text_width(whole, bold, size, font) <= width:  # so each of its beginnings fits too: one line
            lines.append(whole)
            continue
        current = ""
        for word in paragraph.split(" "):
            trial = f"{current} {word}" if current else word
            if text_width(trial, bold, size, font) <= width or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return tuple(lines)


def line_count(text: str, width: float, size: float, bold: bool, font: str = "") -> int:
    """How many lines `wrap` makes."""
    return len(wrap(text, width, size, bold, font))


def fit_text(
    text: str, width: float, height: float, max_size: float, min_size: float = 5.0, bold: bool = False, font: str = ""
) -> tuple[float, tuple[str, ...]]:
    """The largest size (in steps of 0.25 pt) at which `text` wraps inside width x height points:
    a text that fits on one line at its size is measured at once. A composed text carries what it
    was fitted to (`Text.fitted`), so drawing it fits nothing again."""
    one_line = "\n" not in text and max_size * LEADING <= height + 0.01
    if one_line and line_width(text, bold, max_size, font) <= width + 0.01:
        return max_size, (text,)
    return _shrunk(text, width, height, max_size, min_size, bold, font)


def _shrunk(
    text: str, width: float, height: float, max_size: float, min_size: float, bold: bool, font: str
) -> tuple[float, tuple[str, ...]]:
    short = text if len(text) <= 40 else text[:37] + "..."
    if width <= 0 or height <= 0:  # a box squeezed to nothing: say so, not a negative size
        raise TextOverflow(f"text {short!r} has no room: the piece leaves its box no width or height", text)
    size = max_size
    while size >= min_size - 1e-9:
        lines = wrap(text, width, size, bold, font)
        fits_wide = all(line_width(line, bold, size, font) <= width + 0.01 for line in lines)
        if fits_wide and len(lines) * size * LEADING <= height + 0.01:
            return size, lines
        size -= 0.25
    raise TextOverflow(
        f"text {short!r} does not fit a {width / MM:.1f} x {height / MM:.1f} mm box "
        f"even at {min_size:g} pt; shorten it",
        text,
    )


def fitted(e: Text) -> tuple[float, tuple[str, ...]]:
    """The size and lines `e` prints at: as it was fitted when composed, else fitted now."""
    return e.fitted or fit_text(e.text, e.w * MM, e.h * MM, e.size, e.min_size, e.bold, e.font)
