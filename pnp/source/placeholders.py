"""`{name}` in printed text: a name and nothing else, filled from the values a text may use.

Python's format syntax would let a data file ask for `{dice:>300000000}` (300 million characters
of padding) or `{}` and `{dice!r}`; here anything but a bare name is refused before any work, with
the name of what was written, and the text is put together from its own pieces.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from functools import lru_cache

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


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
        if spec or conversion:
            raise PlaceholderError(
                f"{written[:40]}: a placeholder is a bare name; formats and conversions are not "
                f"allowed (write {{{name}}})"
            )
        names.append(name)
    return names


def fill_placeholders(text: str, values: Mapping[str, object]) -> str:
    """`text` with each `{name}` replaced by its value; the first name without one is refused."""
    if "{" not in text and "}" not in text:
        return text
    parts, names = _parts(text)
    try:
        if len(parts) == 1:  # most often "{name}" alone
            literal, name = parts[0]
            return literal + str(values[name]) if name is not None else literal
        return "".join(literal + (str(values[name]) if name is not None else "") for literal, name in parts)
    except KeyError:
        missing = [name for name in names if name not in values]
        if not missing:
            raise
        raise UnknownPlaceholder(min(missing)) from None


@lru_cache(maxsize=4096)  # a template's few texts are filled for every piece drawn with it
def _parts(text: str) -> tuple[tuple[tuple[str, str | None], ...], frozenset[str]]:
    """`text` as literal pieces, each followed by the name of the value that comes after it (None
    after the last), and the names it asks for; refused as `placeholder_names` refuses it."""
    names = frozenset(placeholder_names(text))
    return tuple((literal, name) for literal, name, _, _ in string.Formatter().parse(text)), names
