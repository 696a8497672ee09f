"""Icon names written almost right (`lorc/Horned-Skull`, `horned-skull`): found where an icon is
named, and looked up for the cached icon they mean, as a name a letter off is."""

from __future__ import annotations

import re
from collections.abc import Iterable

from pnp.errors import closest
from pnp.source.icons import is_icon_ref

_NEAR_REF_RE = re.compile(r"\A(?=.{2,120}\Z)[A-Za-z0-9][\w -]*(/[\w -]+)?\Z")


def is_near_ref(text: object) -> bool:
    """An icon name written almost right (`lorc/Horned-Skull`, `horned-skull`): looked up for the
    icon it means, where a name a letter off is."""
    return isinstance(text, str) and not is_icon_ref(text) and bool(_NEAR_REF_RE.match(text))


def meant_icon(name: str, cached: Iterable[str]) -> str | None:
    """The cached icon `name` means, whatever its case and with or without its author's folder."""
    known = list(cached)
    if "/" in name:
        return closest(name, known)
    by_name = {ref.split("/", 1)[1]: ref for ref in known}  # an icon two authors drew: one of them
    near = closest(name, by_name)
    return by_name[near] if near is not None else None
