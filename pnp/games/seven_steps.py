"""Seven Steps: the gamesheet pad, laid out like the mountain, shoreline at the bottom."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Literal, NamedTuple

from pydantic import Field

from pnp.games.contract import (
    Area,
    BuildContext,
    Color,
    Count,
    Cover,
    CoverText,
    DocumentSpec,
    Element,
    Elements,
    Game,
    GameSource,
    Grid,
    IconName,
    IconStore,
    LayoutError,
    Mm,
    PlaceholderError,
    Polygon,
    Problem,
    Promises,
    RulesModel,
    SideLength,
    SlotSpec,
    Strict,
    Templates,
    UnknownPlaceholder,
    Words,
    assembly_for,
    check_facts,
    fill_placeholders,
    load_file,
    page_component,
    panel,
    region,
    size_around,
    spots,
)

SLUG = "seven-steps"
FILE = "gamesheet.toml"
SHEETS_PDF = "gamesheets.pdf"


class Shoreline(Strict):
    label: Words
    pool_dice: Count
    challenge_label: Words
    challenge_dice: Count
    spare_label: Words
    spare_dice: Count


class Scoring(Strict):
    label: Words
    hint: Words


class Phases(Strict):
    sun_label: Words
    sun_hint: Words
    moon_label: Words
    moon_hint: Words
    flow_hint: Words
    spots: Annotated[int, Field(ge=1, le=6)]


class Virgil(Strict):
    """How many pips there are and how many are ready is the rules model's (rules.toml facts)."""

    label: Words
    reminder: Words
    pips: Grid


class Band(Strict):
    min: Annotated[int, Field(ge=0, le=100)]
    max: Annotated[int, Field(ge=0, le=100)] | None = None
    name: Words

    @property
    def span(self) -> str:
        """The scores of the band as printed: "8+", "7" or "4-6"."""
        if self.max is None:
            return f"{self.min}+"
        return f"{self.min}" if self.min == self.max else f"{self.min}-{self.max}"

    def holds(self, score: int) -> bool:
        return score >= self.min and (self.max is None or score <= self.max)


class Ranks(Strict):
    label: Words
    loss: Words
    bands: Annotated[list[Band], Field(min_length=1)]


class TerraceTest(Strict):
    """The challenge as numbers: the dice chosen must total `relation` the target, where the target
    is times x (challenge die) + plus, rounded `round` when it is not whole."""

    relation: Literal["at_most", "below", "equal", "within", "off_by"]
    times: Annotated[float, Field(ge=-6, le=6)] = 1.0
    plus: Annotated[int, Field(ge=-20, le=20)] = 0
    tolerance: Annotated[int, Field(ge=0, le=6)] = 0
    round: Literal["up", "down", "never"] = "up"  # "never": a target that is not whole cannot be met

    def target(self, challenge: int) -> int | None:
        value = self.times * challenge + self.plus
        if self.round == "never":
            return int(value) if value == int(value) else None
        return math.ceil(value) if self.round == "up" else math.floor(value)

    def words(self, text: str, where: str) -> str:
        """The terrace's printed challenge with its numbers filled from this test, so the sheet
        and the balance report can never disagree: {plus}, {minus} (the same, negated), {tolerance}."""
        values = {"plus": self.plus, "minus": -self.plus, "tolerance": self.tolerance}
        try:
            return fill_placeholders(text, values)
        except UnknownPlaceholder as exc:
            raise LayoutError(f"{where}: {{{exc.name}}} is not one of {{plus}}, {{minus}}, {{tolerance}}") from None
        except PlaceholderError as exc:
            raise LayoutError(f"{where}: {exc}") from None

    def met(self, total: int, challenge: int) -> bool:
        target = self.target(challenge)
        if target is None:
            return False
        if self.relation == "at_most":
            return total <= target
        if self.relation == "below":
            return total < target
        if self.relation == "within":
            return abs(total - target) <= self.tolerance
        if self.relation == "off_by":
            return abs(total - target) == self.tolerance
        return total == target


class LiteralReading(Strict):
    """The document's words taken literally, where our reading of a challenge differs."""

    challenge: Words
    test: TerraceTest


class Terrace(Strict):
    step: Annotated[int, Field(ge=1, le=20)]
    name: Words
    challenge: Words
    test: TerraceTest
    literal: LiteralReading | None = None

    def played(self, reading: str) -> tuple[str, TerraceTest]:
        """The challenge's words and numbers under the sheet's reading ("ours" or "literal")."""
        if reading == "literal" and self.literal is not None:
            return self.literal.challenge, self.literal.test
        return self.challenge, self.test


Gap = Annotated[float, Field(ge=0, le=100)]


class GamesheetSpacing(Strict):
    """Where the sheet's parts sit, in mm; each panel's own room is in its template, and its size
    follows the dice, pips or ranks it holds."""

    spot_gap: Gap  # between two die spots
    pool_per_row: Annotated[int, Field(ge=1, le=12)]
    panel_gap: Gap  # between panels side by side, or one above the other
    day_gap: Gap  # between the moon and the sun panel: the "end of day" arrow
    flow_gap: Gap  # above the shoreline: the day's flow
    column_gap: Gap  # between the mountain and the column at the right
    rank_row: Mm
    scoring: Mm  # the scoring area's height
    scoring_gap: Gap  # between the scoring area and the top terrace
    terrace_gap: Gap  # between two terraces
    terrace_pad: Gap  # from a terrace's slope to its text
    terrace_stroke: Annotated[float, Field(ge=0, le=5)]  # pt
    narrowing: Annotated[float, Field(ge=0, le=0.9)]  # the summit is this share narrower than the foot


class Gamesheet(Strict):
    title: Words
    subtitle: Words
    die_spot: Annotated[float, Field(ge=17, le=30)]
    mountain_icon: IconName
    sun_icon: IconName
    moon_icon: IconName
    die_icon: IconName
    rock: Color
    sky: Color
    sea: Color
    sun: Color
    moon: Color
    ink: Color
    terrace: Color
    layout: GamesheetSpacing
    templates: Templates = {}
    shoreline: Shoreline
    scoring: Scoring
    phases: Phases
    virgil: Virgil
    ranks: Ranks
    terraces: Annotated[list[Terrace], Field(min_length=1, max_length=12)]
    reading: Literal["ours", "literal"] = "ours"
    cover: CoverText


def load(source: GameSource, store: IconStore) -> Gamesheet:
    data = load_file(source, FILE, Gamesheet, store)
    return data


# -- drawing -------------------------------------------------------------------------------------
@dataclass(kw_only=True)
class _GamesheetDrawing:
    """The sheet being drawn: its data, the build, the die-spot grid and what is drawn so far."""

    g: Gamesheet
    ctx: BuildContext
    spot: Grid
    out: list[Element]

    def place(
        self,
        template: str,
        *,
        at: tuple[float, float],
        size: tuple[float, float],
        color: str,
        dice: int = 0,
        grid: Grid | None = None,
        overrides: Mapping[str, SlotSpec] | None = None,
        **values: str,
    ) -> Area:
        """A panel and its die spots; the region it holds."""
        composed = panel(self.ctx, template, at=at, size=size, color=color, overrides=overrides, **values)
        self.out.extend(composed.elements)
        area = region(composed, template, "content")
        self.out.extend(spots(self.ctx, grid or self.spot, dice, area, color))
        return area


class _Frame(NamedTuple):
    """Where the shoreline puts the rest: its height, and the right-hand column's place and size."""

    base: float  # the shoreline's top, flow arrows included: where the terraces start
    column_x: float
    column_w: float
    sun_top: float  # the top of the sun phase: where Virgil's pips start


def sheet_elements(g: Gamesheet, ctx: BuildContext, w: float, h: float) -> Elements:
    """The sheet from its templates (gamesheet.toml's [templates]); this code places the panels, sized
    by the dice, pips and ranks they hold, and the terraces narrowing up the mountain."""
    lay = g.layout
    page = ctx.compose(
        "gamesheet",
        {"title": g.title, "subtitle": g.subtitle, "mountain": g.mountain_icon, "ink": g.ink, "rock": g.rock},
        w,
        h,
    )
    body = region(page, "gamesheet", "body")
    spot = Grid(size=g.die_spot, per_row=2, gap_across=lay.spot_gap, gap_down=lay.spot_gap)
    drawing = _GamesheetDrawing(g=g, ctx=ctx, spot=spot, out=list(page.elements))
    frame = _shoreline(drawing, w)
    top = body.y + body.h
    _column(drawing, frame, top)
    _mountain(drawing, frame, top)
    return tuple(drawing.out)


def _shoreline(d: _GamesheetDrawing, w: float) -> _Frame:
    """The pool, challenge die and spares at the bottom; the moon and sun phases at the right."""
    g, ctx, sh, ph, lay = d.g, d.ctx, d.g.shoreline, d.g.phases, d.g.layout
    pool_spots = Grid(size=g.die_spot, per_row=lay.pool_per_row, gap_across=lay.spot_gap, gap_down=lay.spot_gap)
    pool_w, block_h = size_around(ctx, "pool", *pool_spots.span(sh.pool_dice))
    d.place(
        "pool",
        at=(0, 0),
        size=(pool_w, block_h),
        color=g.sea,
        dice=sh.pool_dice,
        grid=pool_spots,
        label=sh.label,
        icon=g.die_icon,
    )
    side_w = size_around(ctx, "challenge", *d.spot.span(max(sh.challenge_dice, sh.spare_dice)))[0]
    sx = pool_w + lay.panel_gap
    d.place(
        "challenge", at=(sx, 0), size=(side_w, block_h), color=g.ink, dice=sh.challenge_dice, label=sh.challenge_label
    )
    d.place(
        "spares",
        at=(sx, 0),
        size=size_around(ctx, "spares", *d.spot.span(sh.spare_dice)),
        color=g.ink,
        dice=sh.spare_dice,
        label=sh.spare_label,
    )
    col_w, phase_h = size_around(ctx, "phase", *d.spot.span(ph.spots))
    cx = w - col_w
    sun_y = phase_h + lay.day_gap
    for y, color, label, icon, hint in (
        (0, g.moon, ph.moon_label, g.moon_icon, ph.moon_hint),
        (sun_y, g.sun, ph.sun_label, g.sun_icon, ph.sun_hint),
    ):
        d.place(
            "phase", at=(cx, y), size=(col_w, phase_h), color=color, dice=ph.spots, label=label, icon=icon, hint=hint
        )
    d.out += ctx.piece("day-end", {"ink": g.ink}, col_w, lay.day_gap, at=(cx, phase_h))
    d.out += ctx.piece("flow", {"ink": g.ink, "hint": ph.flow_hint}, pool_w, lay.flow_gap, at=(0, block_h))
    d.out += ctx.piece("flow-arrow", {"ink": g.ink}, cx - pool_w, lay.flow_gap, at=(pool_w, block_h))
    return _Frame(base=block_h + lay.flow_gap, column_x=cx, column_w=col_w, sun_top=sun_y + phase_h)


def _column(d: _GamesheetDrawing, frame: _Frame, top: float) -> None:
    """The ranks at the top of the right-hand column, Virgil's pips between them and the sun."""
    g, ctx, rk, v, lay = d.g, d.ctx, d.g.ranks, d.g.virgil, d.g.layout
    cx, col_w, row = frame.column_x, frame.column_w, lay.rank_row
    rh = size_around(ctx, "ranks", col_w, len(rk.bands) * row)[1]
    ry = top - rh
    rows = d.place("ranks", at=(cx, ry), size=(col_w, rh), color=g.ink, label=rk.label, hint=rk.loss)
    for i, band in enumerate(rk.bands):
        d.out += ctx.piece(
            "rank",
            {"span": band.span, "name": band.name, "ink": g.ink},
            col_w,
            row,
            at=(cx, rows.y + rows.h - (i + 1) * row),
        )
    pips, ready = ctx.facts.get("virgil_pips", 7), ctx.facts.get("virgil_pips_at_start", 3)
    vy = frame.sun_top + lay.panel_gap
    area = d.place(
        "virgil",
        at=(cx, vy),
        size=(col_w, ry - lay.panel_gap - vy),
        color=g.ink,
        label=v.label,
        hint=ctx.fill(v.reminder, f"{SLUG}/{FILE}:virgil.reminder"),
        overrides={"content": SlotSpec(h=SideLength(mm=v.pips.span(pips)[1]))},
    )
    for i, (x, y) in enumerate(v.pips.cells(pips, area.x, area.y + area.h)):
        d.out += ctx.piece(
            "pip",
            {"ink": g.ink, "ready": "V" if i < ready else "", "earned": "" if i < ready else "-"},
            v.pips.size,
            v.pips.size,
            at=(x, y),
        )


def _mountain(d: _GamesheetDrawing, frame: _Frame, top: float) -> None:
    """The scoring area on top, the terraces narrowing up to it from the shoreline."""
    g, ctx, lay = d.g, d.ctx, d.g.layout
    mw = frame.column_x - lay.column_gap
    score_y = top - lay.scoring
    d.place(
        "scoring",
        at=(0, score_y),
        size=(mw, lay.scoring),
        color=g.ink,
        label=g.scoring.label,
        hint=g.scoring.hint,
        fill=g.sky,
    )
    base = frame.base
    terrace_h = (score_y - lay.scoring_gap - base) / len(g.terraces)
    row_h = terrace_h - lay.terrace_gap
    narrow = mw * lay.narrowing / len(g.terraces) / 2
    for i, terrace in enumerate(sorted(g.terraces, key=lambda t: t.step)):
        y0 = base + i * terrace_h
        inset0, inset1 = narrow * i, narrow * (i + 1)
        d.out.append(
            Polygon(
                points=((inset0, y0), (mw - inset0, y0), (mw - inset1, y0 + row_h), (inset1, y0 + row_h)),
                fill=g.terrace,
                stroke=g.rock,
                width=lay.terrace_stroke,
            )
        )
        left, right = inset1 + lay.terrace_pad, mw - inset1 - lay.terrace_pad
        words, test = terrace.played(g.reading)
        die_x = right - g.die_spot - 1  # the challenge die's spot, 1 mm in from the text's edge
        challenge = test.words(words, f"{SLUG}/{FILE}:terraces[{terrace.step - 1}].challenge")
        d.out += ctx.piece(
            "terrace",
            {"step": str(terrace.step), "name": terrace.name, "challenge": challenge, "ink": g.ink, "rock": g.rock},
            die_x - left,
            terrace_h,
            at=(left, y0),
        )
        d.out += ctx.piece("spot", {"color": g.ink}, g.die_spot, g.die_spot, at=(die_x, y0 + (row_h - g.die_spot) / 2))


def documents(g: Gamesheet, ctx: BuildContext) -> list[DocumentSpec]:
    copies = ctx.copies
    cover = Cover(
        contents=[f"{copies} gamesheet{'s' if copies > 1 else ''}: one per play."],
        assembly=assembly_for(g.cover, [SHEETS_PDF])[SHEETS_PDF],
        bring=g.cover.bring,
        notes=g.cover.notes,
    )
    pad = page_component(
        title="Gamesheet",
        kind="gamesheet",
        name="Gamesheet",
        ctx=ctx,
        copies=copies,
        layout=lambda w, h: sheet_elements(g, ctx, w, h),
    )
    return [DocumentSpec(filename=SHEETS_PDF, title="Gamesheet pad", sections=[pad], cover=cover, game_title=g.title)]


def invariants(g: Gamesheet, rules: RulesModel, players: int) -> list[Problem]:
    """The sheet must hold what the rules need: terraces in order, every die, every pip, every rank."""
    facts = rules.facts
    steps = [t.step for t in g.terraces]
    sh = g.shoreline
    problems = check_facts(
        SLUG,
        FILE,
        facts,
        [
            ("terraces", len(steps), "terraces", "terrace count"),
            ("pool_dice", sh.pool_dice, "shoreline.pool_dice", "dice pool spots"),
            ("spare_dice", sh.spare_dice, "shoreline.spare_dice", "spare dice spots"),
            ("challenge_dice", sh.challenge_dice, "shoreline.challenge_dice", "challenge die spots"),
            ("total_dice", sh.pool_dice + sh.spare_dice + sh.challenge_dice, "shoreline", "dice in play"),
        ],
    )
    if steps != list(range(1, len(steps) + 1)):
        problems.append(
            Problem(
                SLUG,
                FILE,
                "terraces",
                "terraces must run 1, 2, 3 ... from the bottom",
                list(range(1, len(steps) + 1)),
                steps,
            )
        )
    low, high = facts.get("lowest_score", 1), facts.get("highest_score", 9)
    for score in range(low, high + 1):
        owners = [b.name for b in g.ranks.bands if b.holds(score)]
        if not owners:
            problems.append(Problem(SLUG, FILE, "ranks.bands", f"a final score of {score} has no rank (gap)"))
        elif len(owners) > 1:
            problems.append(
                Problem(
                    SLUG,
                    FILE,
                    "ranks.bands",
                    f"a final score of {score} falls in {len(owners)} ranks ({', '.join(owners)})",
                )
            )
    for i, band in enumerate(g.ranks.bands):
        if band.max is not None and band.max < band.min:
            problems.append(Problem(SLUG, FILE, f"ranks.bands[{i}]", f"{band.name}: max is below min"))
    return problems


GAME = Game(
    slug=SLUG,
    load=load,
    documents=documents,
    invariants=invariants,
    files=(FILE,),
    models={FILE: Gamesheet},
    promises=Promises(headings=("Components", "Setup", "A day (your turn)", "The end", "Example"), counts={}),
    analysis="pnp.analysis.seven_steps_balance:analyse",
)
