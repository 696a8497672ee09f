"""`{name}` in printed text: a name and nothing else, filled from the values a text may use; and
`{name:pawn|pawns}`, the word for that many (English's plural rules, from CLDR through Babel), so
"{pawn} {pawn:pawn|pawns}" prints "1 pawn" and "4 pawns".

Python's format syntax would let a data file ask for `{dice:>300000000}` (300 million characters
of padding) or `{}` and `{dice!r}`; here anything but a bare name is refused before any work, with
the name of what was written, and the text is put together from its own pieces.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from functools import cache

from babel import Locale

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
FORMS = re.compile(r"[A-Za-z][A-Za-z' -]*\|[A-Za-z][A-Za-z' -]*")  # "one|other": English has those two


class PlaceholderError(ValueError):
    """A placeholder that is not a bare name; the message says what was written."""


class UnknownPlaceholder(PlaceholderError):
    """A bare name the text may not use: the caller says which names it may."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{{{name}}}")
        self.name = name


def placeholder_names(text: str) -> list[str]:
    """The names `text` asks for, in order; refused unless each is a bare `{name}`."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise PlaceholderError(f"{exc} (write {{{{ and }}}} for a brace)") from None
    names = []
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        written = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        if not NAME.fullmatch(name):
            raise PlaceholderError(f"{written[:40]} is not a placeholder: write a name in braces, such as {{players}}")
        if conversion or (spec and not FORMS.fullmatch(spec)):
            raise PlaceholderError(
                f"{written[:40]}: a placeholder is a bare name, or a name and the word for one and "
                f"for many (write {{{name}}} or {{{name}:pawn|pawns}}); formats and conversions are not allowed"
            )
        names.append(name)
    return names


def fill_placeholders(text: str, values: Mapping[str, object], parsed: Parsed | None = None) -> str:
    """`text` with each `{name}` replaced by its value; the first name without one is refused.
    `parsed`: `parse_placeholders(text)`, worked out once by a caller that fills a text often."""
    if "{" not in text and "}" not in text:
        return text
    parts, names = parsed if parsed is not None else parse_placeholders(text)
    try:
        if len(parts) == 1 and not parts[0][2]:  # most often "{name}" alone
            literal, name, _ = parts[0]
            return literal + str(values[name]) if name is not None else literal
        return "".join(
            literal + (_shown(values[name], forms) if name is not None else "") for literal, name, forms in parts
        )
    except KeyError:
        missing = [name for name in names if name not in values]
        if not missing:
            raise
        raise UnknownPlaceholder(min(missing)) from None


def counted(count: int, forms: str) -> str:
    """`count` and the word for that many: counted(1, "pawn|pawns") is "1 pawn"."""
    return f"{count} {_shown(count, forms)}"


def _shown(value: object, forms: str) -> str:
    """A value as printed: itself, or with `forms` ("pawn|pawns") the word for that many."""
    if not forms:
        return str(value)
    one, other = forms.split("|")
    if not isinstance(value, int) or isinstance(value, bool):
        raise PlaceholderError(f"{{...:{forms}}} counts a number, not {value!r}")
    return one if _english().plural_form(value) == "one" else other


@cache
def _english() -> Locale:
    """English's CLDR data, read the first time a plural is filled, not at every start."""
    return Locale.parse("en")


Parsed = tuple[tuple[tuple[str, str | None, str], ...], frozenset[str]]


def parse_placeholders(text: str) -> Parsed:
    """`text` as literal pieces, each followed by the name of the value that comes after it (None
    after the last) and its plural forms ("" for none), and the names it asks for; refused as
    `placeholder_names` refuses it."""
    names = frozenset(placeholder_names(text))
    parsed = string.Formatter().parse(text)
    return tuple((literal, name, spec or "") for literal, name, spec, _ in parsed), names
