"""Faces a designer's family lacks: bold text set in a family with no bold face prints in its
regular face. It still prints (as italic without an italic face leans the regular), so `pnp
validate` and a build warn once per family, at its table in fonts.toml."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.findings import Finding
from pnp.memory import BuildMemory
from pnp.render.elements import Text, leaves
from pnp.render.sideruns import side_runs
from pnp.render.specs import DocumentSpec
from pnp.source.markup import TAG
from pnp.source.ownfonts import FontShelf


def missing_bold(specs: Sequence[DocumentSpec], fonts: FontShelf, memory: BuildMemory) -> list[Finding]:
    """One warning per family some bold text is set in that has no bold face."""
    lacking = fonts.lacking("bold")
    if not lacking:
        return []
    used: set[str] = set()
    for spec in specs:
        for run in side_runs(memory, spec):
            found = run.found.get(missing_bold)
            if found is None:
                found = run.found[missing_bold] = frozenset(
                    text.font
                    for elements, _ in run.items
                    for text in leaves(elements)
                    if isinstance(text, Text) and _bold(text)
                )
            used |= found & lacking.keys()
    return [
        fonts.at(
            lacking[font],
            "no bold face: its bold text (<b>, and bold slots) prints in its regular face; add "
            'bold = "<file>.ttf" to set it in bold',
        )
        for font in sorted(used)
    ]


def _bold(text: Text) -> bool:
    return text.bold or any(tag.group(2) == "b" and not tag.group(1) for tag in TAG.finditer(text.text))
