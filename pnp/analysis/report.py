"""What a report holds: figures a designer watches (each with a stable key, so the next report can
set the old value beside the new), tables of them, and plots."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True, kw_only=True)
class Figure:
    key: str  # stable between reports: the change list matches on it
    label: str
    value: float
    style: Literal["percent", "number", "count"] = "number"
    digits: int = 2

    def shown(self, value: float | None = None) -> str:
        v = self.value if value is None else value
        if v != v:  # NaN: nothing to measure (no run got that far)
            return "n/a"
        if self.style == "percent":
            return f"{100 * v:.{self.digits}f}%"
        if self.style == "count":
            return f"{round(v):d}"
        if self.digits == 0:
            return f"{round(v):d}"
        return f"{v:.{self.digits}f}"


Cell = str | Figure


def figure(cell: Cell) -> Figure:
    """A table cell that holds a figure, for a headline picked out of a table."""
    if not isinstance(cell, Figure):
        raise TypeError(f"{cell!r} is a label, not a figure")
    return cell


@dataclass(frozen=True, kw_only=True)
class Table:
    title: str
    columns: list[str]
    rows: Sequence[Sequence[Cell]]


@dataclass(frozen=True, kw_only=True)
class Plot:
    key: str  # file name of the SVG
    title: str
    kind: Literal["bar", "line"]
    x: Sequence[str | float]
    series: dict[str, list[float]]
    xlabel: str
    ylabel: str
    percent: bool = False


@dataclass(frozen=True, kw_only=True)
class Section:
    title: str
    text: list[str] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    plots: list[Plot] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class GameReport:
    game: str
    title: str
    sections: list[Section]
    headline: list[Figure]  # what the text summary prints

    def figures(self) -> dict[str, Figure]:
        """Every figure of the report by key, from its sections' figures and tables."""
        out: dict[str, Figure] = {}
        for section in self.sections:
            for figure in section.figures:
                out[figure.key] = figure
            for table in section.tables:
                for row in table.rows:
                    for cell in row:
                        if isinstance(cell, Figure):
                            out[cell.key] = cell
        for figure in self.headline:
            out[figure.key] = figure
        return out
