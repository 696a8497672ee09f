"""The markup any printed text may carry, one syntax in every data file: <b>bold</b>, <i>italic</i>,
<color #c0392b>a colour</color> and an inline icon, <icon skoll/hearts> (or own art, <icon
art/halo.svg>), set at the text's size on its baseline. A word in angle brackets that is no tag
(`<u>`) is refused, never printed as written; other angle brackets print as written ("MAW + BONE
<= ICHOR"), and a text with no tag costs nothing more."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.errors import TextOverflow, closest

TAG = re.compile(r"<(/?)(b|i|color|icon)(?:\s+([^<>\s]*))?\s*>")
WORD_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>]*)?>")  # a tag, known or not
KNOWN = ("b", "i", "color", "icon")
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
# what a value fills in later: a `{name}` place, or a card-text template's {{ expression }}; and a
# template's {% statement %}, which prints nothing itself
PLACEHOLDER = re.compile(r"\{\{.*?\}\}|\{[A-Za-z_][A-Za-z0-9_-]*\}", re.S)
STATEMENT = re.compile(r"\{%.*?%\}", re.S)


@dataclass(frozen=True, slots=True)
class Stretch:
    """A stretch of one style: its words, or an inline icon (`icon`, its text empty)."""

    text: str
    bold: bool
    italic: bool = False
    color: str | None = None  # None: the text's own colour
    icon: str = ""


class MarkupError(TextOverflow):
    """A text whose markup cannot be read: named with the text and its key, as a text too long is."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(f"text {_shown(text)}: {reason}", text)
        self.reason = reason


def has_markup(text: str) -> bool:
    return "<" in text and WORD_TAG.search(text) is not None


def runs(text: str, bold: bool) -> tuple[Stretch, ...]:
    """The runs of `text`, set bold throughout when `bold`; its markup checked whole."""
    out: list[Stretch] = []
    open_tags: list[tuple[str, str | None]] = []
    at = 0
    for tag in WORD_TAG.finditer(text):
        if tag.group(1) not in KNOWN:
            meant = closest(tag.group(1), KNOWN)
            close = f" Did you mean <{meant}>?" if meant else ""
            said = "it knows <b>, <i>, <color #rrggbb> and <icon author/name>"
            raise MarkupError(f"<{tag.group(1)}> is no tag pnp knows ({said}).{close}", text)

    def run(part: str = "", icon: str = "") -> Stretch:
        colours = [value for name, value in open_tags if name == "color"]
        return Stretch(
            part,
            bold or any(name == "b" for name, _ in open_tags),
            any(name == "i" for name, _ in open_tags),
            colours[-1] if colours else None,
            icon,
        )

    for tag in TAG.finditer(text):
        if tag.start() > at:
            out.append(run(text[at : tag.start()]))
        at = tag.end()
        closing, name, value = tag.group(1) == "/", tag.group(2), tag.group(3)
        if name == "icon":
            if closing or not value:
                raise MarkupError("write an inline icon as <icon author/name>", text)
            out.append(run(icon=value))
        elif closing:
            if not open_tags or open_tags[-1][0] != name:
                raise MarkupError(f"</{name}> closes no <{name}> left open before it", text)
            open_tags.pop()
        elif name == "color" and not (value and COLOUR.fullmatch(value)):
            raise MarkupError(f"write a colour as <color #rrggbb>, found <color {value or ''}>", text)
        elif name != "color" and value:
            raise MarkupError(f"<{name}> takes nothing more, found <{name} {value}>", text)
        else:
            open_tags.append((name, value))
    if at < len(text):
        out.append(run(text[at:]))
    if open_tags:
        raise MarkupError(f"<{open_tags[-1][0]}> is never closed", text)
    return tuple(r for r in out if r.text or r.icon)


def without_markup(text: str) -> str:
    """`text` with every tag left out: what a text whose markup cannot be read is drawn as meanwhile."""
    return WORD_TAG.sub("", text)


def without_icon(text: str, ref: str) -> str:
    """`text` with its inline icon `ref` left out, where an icon that cannot be drawn would stand."""
    return TAG.sub(lambda tag: "" if tag.group(2) == "icon" and tag.group(3) == ref else tag.group(0), text)


def inline_icons(text: str) -> list[str]:
    """The icons `text` sets inline, as written (a `{name}` filled in later is left out)."""
    return [t.group(3) for t in TAG.finditer(text) if t.group(2) == "icon" and t.group(3) and "{" not in t.group(3)]


def markup_problem(text: str) -> str | None:
    """Why the markup of a data value cannot be read, its `{name}` places (and a card-text
    template's expressions) taken as filled; None when it can (or it has none)."""
    if not has_markup(text) or text.count("{{") != text.count("}}") or text.count("{%") != text.count("%}"):
        return None  # a card-text template that does not parse: its own error says so
    bare = STATEMENT.sub("", text)
    try:
        runs(PLACEHOLDER.sub(lambda m: "#000000" if _in_tag(bare, m.start()) else "x", bare), False)
    except MarkupError as exc:
        return f"text {_shown(text)}: {exc.reason}"
    return None


def _in_tag(text: str, at: int) -> bool:
    return text.rfind("<", 0, at) > text.rfind(">", 0, at)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")
