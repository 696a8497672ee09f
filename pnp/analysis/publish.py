"""Write a game's report: the figures compared with the last report of the game, the plots as
SVG files (matplotlib), the page, and the figures kept for the next comparison with the inputs
they came from, so an unchanged game's report is not computed again."""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from pnp.analysis.report import Figure, GameReport, Plot, Section
from pnp.files.atomic import files_as_recorded, write_bytes_atomic
from pnp.files.safefiles import UnsafeFile, read_json
from pnp.games import analysis_of, load_game
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.markup import without_markup
from pnp.source.rules import RulesModel, load_rules

REPORT_FILE = "report.html"
FIGURES_FILE = "report.json"
PLOTS = "report"
MAX_FIGURES = 1024 * 1024


@dataclass(frozen=True, kw_only=True)
class Published:
    page: Path
    lines: list[str]  # the text summary, ending with the figures that moved


def publish(source: GameSource, store: IconStore, output: Path) -> Published:
    """The game's report; when neither the game's data nor pnp changed since the report on disk
    (and its files are as written), that report stands and nothing is computed again."""
    target = output / source.slug
    inputs = report_inputs(source)
    recorded = _recorded(target / FIGURES_FILE)
    kept = _unchanged(recorded, target, inputs)
    if kept is not None:
        return Published(page=target / REPORT_FILE, lines=kept)
    game = load_game(source.slug, source.folder.parent)
    rules = load_rules(source)
    analyse = analysis_of(game)
    report: GameReport = analyse(source, store, rules) if analyse else without_analysis(game.slug, rules)
    figures = report.figures()
    previous = _previous(recorded)
    moved = {
        key: old for key, old in previous.items() if key in figures and figures[key].shown(old) != figures[key].shown()
    }
    written: dict[str, bytes] = {
        f"{PLOTS}/{plot.key}.svg": svg(plot) for section in report.sections for plot in section.plots
    }
    written[REPORT_FILE] = page(report, moved).encode("utf-8")
    for name, data in written.items():
        write_bytes_atomic(target / name, data, root=output)
    headline = [f"{report.title}: " + "; ".join(f"{f.label} {f.shown()}" for f in report.headline)]
    record = {
        "inputs": inputs,
        "headline": headline,
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in written.items()},
        "figures": {key: {"value": figure.value, "label": figure.label} for key, figure in figures.items()},
    }
    write_bytes_atomic(target / FIGURES_FILE, (json.dumps(record, indent=1) + "\n").encode(), root=output)
    lines = headline + [
        f"  moved: {figures[key].label}: {figures[key].shown(old)} -> {figures[key].shown()}"
        for key, old in sorted(moved.items())
    ]
    return Published(page=target / REPORT_FILE, lines=lines)


def report_inputs(source: GameSource) -> str:
    """What a report depends on: pnp itself (its analyses, seeds and page) and the game's data files."""
    from pnp.pipeline.incremental import code_digest

    return hashlib.sha256(f"{code_digest()} {source.digest}".encode()).hexdigest()


def _recorded(path: Path) -> Any:
    """What the last report recorded (its inputs, files and figures); None when there is none to read."""
    try:
        return read_json(path, MAX_FIGURES, links=False)
    except UnsafeFile:
        return None


def _unchanged(data: Any, target: Path, inputs: str) -> list[str] | None:
    """The summary of the report on disk when it was made from these inputs and its files are still
    the ones written; None when it must be made again."""
    if data is None:
        return None
    try:
        if data["inputs"] != inputs:
            return None
        if not files_as_recorded(target, ((name, MAX_FIGURES, digest) for name, digest in data["files"].items())):
            return None
        headline = data["headline"]
    except (KeyError, TypeError, AttributeError):
        return None
    return headline if isinstance(headline, list) and all(isinstance(line, str) for line in headline) else None


def without_analysis(slug: str, rules: RulesModel) -> GameReport:
    """The page of a game that registers no analysis: it says so, and how to add one."""
    return GameReport(
        game=slug,
        title=rules.game.title,
        headline=[],
        sections=[
            Section(
                title="No balance report",
                text=[
                    "This game registers no analysis, so there are no odds or simulations to show.",
                    'A game adds one by naming a function in its Game entry: analysis = "module:analyse", taking the '
                    "game's data source, the icon store and the rules model, and returning a GameReport.",
                ],
            )
        ],
    )


def _previous(data: Any) -> dict[str, float]:
    """The last report's figures; a missing or unreadable record means there is nothing to compare."""
    if data is None:
        return {}
    try:
        return {key: float(entry["value"]) for key, entry in data["figures"].items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        return {}


BAR_LABEL_ROOM = 48  # characters of bar labels a row holds in the usual size, a letter's room between two


def svg(plot: Plot) -> bytes:
    """The plot drawn by matplotlib's own Figure (pyplot, its state machine and its import, are not
    needed), the same bytes from the same figures."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    figure = Figure(figsize=(6.4, 3.4), layout="constrained")  # room made for a legend outside the axes
    FigureCanvasSVG(figure)  # the layout measures text as the SVG will show it
    axes = figure.subplots()
    names = list(plot.series)
    if plot.kind == "bar":
        width = 0.8 / max(1, len(names))
        for i, name in enumerate(names):
            positions = [x + (i - (len(names) - 1) / 2) * width for x in range(len(plot.x))]
            axes.bar(positions, plot.series[name], width=width, label=name)
        labels = [str(x) for x in plot.x]
        slot = BAR_LABEL_ROOM / max(1, len(labels))  # the characters each bar's label has room for
        crowded = any((len(a) + len(b)) / 2 > slot for a, b in pairwise(labels))
        axes.set_xticks(range(len(plot.x)), labels, fontsize=8 if crowded else None)
    else:
        for name in names:
            axes.plot(plot.x, plot.series[name], marker="o", label=name)
    if plot.percent:
        axes.yaxis.set_major_formatter(PercentFormatter(1.0))
    axes.set_title(plot.title)
    axes.set_xlabel(plot.xlabel)
    axes.set_ylabel(plot.ylabel)
    axes.grid(axis="y", alpha=0.3)
    if len(names) > 1:  # beside the axes: inside, it hides the points where the lines end
        figure.legend(loc="outside right upper", fontsize=8)
    buffer = io.BytesIO()
    with rc_context({"svg.hashsalt": plot.key}):  # ids from the content, not from a random salt
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def page(report: GameReport, moved: dict[str, float]) -> str:
    from pnp.site.html import render_page

    return render_page(
        "report.html.j2", report=report, moved=moved, plots=PLOTS, is_figure=is_figure, plain=without_markup
    )


def is_figure(cell: object) -> bool:
    return isinstance(cell, Figure)
