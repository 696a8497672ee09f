"""Measuring and wrapping marked-up text (`pnp.source.markup`): a line's width is its runs'
widths, an inline icon taking ICON_EM of its text's size and ICON_ROOM either side; a wrapped line
is written back as markup, so a fitted text is lines of text as a plain one is, and the painter
reads each line's runs again."""

from __future__ import annotations

from pnp.render.fonts import leaning, text_width
from pnp.source.markup import Stretch, has_markup, runs

ICON_EM = 0.95  # an inline icon's side, in ems of its text: as tall as its capitals and descenders
ICON_ROOM = 0.1  # ems kept clear either side of an inline icon
ICON_DROP = 0.17  # ems an inline icon's foot sits below the baseline, where descenders end

Word = list[Stretch]


def run_face(run: Stretch, font: str) -> tuple[str, float]:
    """The family id and shear a run of a text set in `font` is drawn with (its italic, if any)."""
    return leaning(font, run.bold) if run.italic else (font, 0.0)


def run_width(run: Stretch, size: float, font: str) -> float:
    if run.icon:
        return (ICON_EM + 2 * ICON_ROOM) * size
    return text_width(run.text, run.bold, size, run_face(run, font)[0])


def line_width(text: str, bold: bool, size: float, font: str = "") -> float:
    """The width in points of one line, plain or marked up."""
    if not has_markup(text):
        return text_width(text, bold, size, font)
    return sum(run_width(run, size, font) for run in runs(text, bold))


def wrap_marked(text: str, width: float, size: float, bold: bool, font: str) -> tuple[str, ...]:
    """Greedy word wrap of a marked-up text (explicit newlines start new lines), as `wrap` wraps a
    plain one: a word is what lies between spaces, whatever styles it spans."""
    space = text_width(" ", bold, size, font)
    lines: list[str] = []
    for paragraph in _paragraphs(runs(text, bold)):
        words = _words(paragraph)
        current: list[Word] = []
        room = 0.0
        for word in words:
            wide = sum(run_width(run, size, font) for run in word)
            if not current or room + space + wide <= width:
                room += (space if current else 0.0) + wide
                current.append(word)
            else:
                lines.append(_written(current, bold))
                current, room = [word], wide
        lines.append(_written(current, bold))
    return tuple(lines)


def _paragraphs(found: tuple[Stretch, ...]) -> list[list[Stretch]]:
    out: list[list[Stretch]] = [[]]
    for run in found:
        parts = run.text.split("\n") if not run.icon else [""]
        for i, part in enumerate(parts):
            if i:
                out.append([])
            if part or run.icon:
                out[-1].append(Stretch(part, run.bold, run.italic, run.color, run.icon))
    return out


def _words(paragraph: list[Stretch]) -> list[Word]:
    words: list[Word] = [[]]
    for run in paragraph:
        if run.icon:
            words[-1].append(run)
            continue
        for i, part in enumerate(run.text.split(" ")):
            if i and words[-1]:
                words.append([])
            if part:
                words[-1].append(Stretch(part, run.bold, run.italic, run.color))
    return [word for word in words if word]


def _written(words: list[Word], bold: bool) -> str:
    """Words of runs as one line of markup, each run in the tags that give it its style."""
    return " ".join("".join(_tagged(run, bold) for run in word) for word in words)


def _tagged(run: Stretch, bold: bool) -> str:
    body = f"<icon {run.icon}>" if run.icon else run.text
    if run.color:
        body = f"<color {run.color}>{body}</color>"
    if run.italic:
        body = f"<i>{body}</i>"
    if run.bold and not bold:
        body = f"<b>{body}</b>"
    return body
