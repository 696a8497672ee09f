"""Seven Steps: the gamesheet pad, laid out like the mountain, shoreline at the bottom."""

from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import Field

from pnp.errors import LayoutError
from pnp.games import BuildContext, Game, Promises
from pnp.games.kit import assembly_for, sheet
from pnp.render.components import Cover, DocumentSpec
from pnp.render.elements import Box, Circle, Element, Elements, Icon, Line, Polygon
from pnp.render.elements import Text as T
from pnp.source.gamesource import GameSource
from pnp.source.icons import IconStore
from pnp.source.models import Color, Count, CoverText, IconName, Strict, Text, load_file
from pnp.source.rules import Problem, RulesModel, check_facts

SLUG = "seven-steps"
FILE = "gamesheet.toml"
SHEETS_PDF = "gamesheets.pdf"
GAP = 3.0


class Shoreline(Strict):
    label: Text
    pool_dice: Count
    challenge_label: Text
    challenge_dice: Count
    spare_label: Text
    spare_dice: Count


class Scoring(Strict):
    label: Text
    hint: Text


class Phases(Strict):
    sun_label: Text
    sun_hint: Text
    moon_label: Text
    moon_hint: Text
    flow_hint: Text
    spots: Annotated[int, Field(ge=1, le=6)]


class Virgil(Strict):
    """How many pips there are and how many are ready is the rules model's (rules.toml facts)."""

    label: Text
    reminder: Text


class Band(Strict):
    min: Annotated[int, Field(ge=0, le=100)]
    max: Annotated[int, Field(ge=0, le=100)] | None = None
    name: Text

    @property
    def span(self) -> str:
        """The scores of the band as printed: "8+", "7" or "4-6"."""
        if self.max is None:
            return f"{self.min}+"
        return f"{self.min}" if self.min == self.max else f"{self.min}-{self.max}"

    def holds(self, score: int) -> bool:
        return score >= self.min and (self.max is None or score <= self.max)


class Ranks(Strict):
    label: Text
    loss: Text
    bands: Annotated[list[Band], Field(min_length=1)]


class TerraceTest(Strict):
    """The challenge as numbers: the dice chosen must total `relation` the target, where the target
    is times x (challenge die) + plus, rounded `round` when it is not whole."""

    relation: Literal["at_most", "below", "equal", "within", "off_by"]
    times: Annotated[float, Field(ge=-6, le=6)] = 1.0
    plus: Annotated[int, Field(ge=-20, le=20)] = 0
    tolerance: Annotated[int, Field(ge=0, le=6)] = 0
    round: Literal["up", "down", "never"] = "up"     # "never": a target that is not whole cannot be met

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
            return text.format_map(values)
        except (KeyError, ValueError, IndexError) as exc:
            raise LayoutError(f"{where}: {exc} is not one of {{plus}}, {{minus}}, {{tolerance}}") from None

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

    challenge: Text
    test: TerraceTest


class Terrace(Strict):
    step: Annotated[int, Field(ge=1, le=20)]
    name: Text
    challenge: Text
    test: TerraceTest
    literal: LiteralReading | None = None

    def played(self, reading: str) -> tuple[str, TerraceTest]:
        """The challenge's words and numbers under the sheet's reading ("ours" or "literal")."""
        if reading == "literal" and self.literal is not None:
            return self.literal.challenge, self.literal.test
        return self.challenge, self.test


class Gamesheet(Strict):
    title: Text
    subtitle: Text
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


# -- drawing helpers -----------------------------------------------------------------------------
def spots(x: float, y: float, count: int, per_row: int, size: float, color: str) -> list[Element]:
    """Die spots in rows from the top-left of a block whose top-left corner is (x, y)."""
    out: list[Element] = []
    for i in range(count):
        r, c = divmod(i, per_row)
        out.append(Box(x + c * (size + GAP), y - (r + 1) * size - r * GAP, size, size, stroke=color, width=1.0))
    return out


def panel(x: float, y: float, w: float, h: float, label: str, color: str, fill: str | None = None) -> list[Element]:
    return [Box(x, y, w, h, fill=fill, stroke=color, width=0.9, radius=2),
            T(label, x + 2, y + h - 7, w - 4, 6, size=9, bold=True, align="left", color=color)]


def sheet_elements(g: Gamesheet, ctx: BuildContext, w: float, h: float) -> Elements:
    s = g.die_spot
    sh = g.shoreline
    out: list[Element] = []
    # header
    out += [Icon(g.mountain_icon, 6, h - 6, 11, g.rock),
            T(g.title, 13, h - 9, 70, 9, size=17, bold=True, align="left", color=g.ink),
            T(g.subtitle, 13, h - 14, 110, 5, size=8, align="left", color="#555555"),
            T("Date ________   Final score ____", w - 75, h - 9, 75, 7, size=9, align="right", color=g.ink)]
    top = h - 16
    # bottom band: pool, challenge and spares, moon phase
    block_h = 2 * s + 20
    pool_w = 4 * s + 3 * GAP + 6
    out += panel(0, 0, pool_w, block_h, sh.label, g.sea, fill="#eef4f8")
    out.append(Icon(g.die_icon, pool_w - 5, block_h - 4.5, 6, g.sea))
    out += spots(3, block_h - 9, sh.pool_dice, 4, s, g.sea)
    side_w = 2 * s + GAP + 6
    sx = pool_w + 4
    out += panel(sx, 0, side_w, block_h, sh.challenge_label, g.ink)
    out += spots(sx + 3, block_h - 8, sh.challenge_dice, 2, s, g.ink)
    out.append(T(sh.spare_label, sx + 2, s + 4, side_w - 4, 5, size=8, bold=True, align="left", color=g.ink))
    out += spots(sx + 3, s + 3, sh.spare_dice, 2, s, g.ink)
    ph = g.phases
    col_w = 2 * s + GAP + 6
    cx = w - col_w
    phase_h = 2 * s + GAP + 16
    out += panel(cx, 0, col_w, phase_h, ph.moon_label, g.moon)
    out += [Icon(g.moon_icon, cx + col_w - 5, phase_h - 4.5, 6, g.moon),
            T(ph.moon_hint, cx + 2, 1, col_w - 4, 5, size=6, min_size=5, color=g.moon)]
    out += spots(cx + 3, phase_h - 9, ph.spots, 2, s, g.moon)
    sun_y = phase_h + 9
    out += panel(cx, sun_y, col_w, phase_h, ph.sun_label, g.sun)
    out += [Icon(g.sun_icon, cx + col_w - 5, sun_y + phase_h - 4.5, 6, g.sun),
            T(ph.sun_hint, cx + 2, sun_y + 1, col_w - 4, 5, size=6, min_size=5, color=g.sun)]
    out += spots(cx + 3, sun_y + phase_h - 9, ph.spots, 2, s, g.sun)
    # the day's flow: sun -> moon -> pool
    out += [Line(cx + col_w / 2, sun_y - 0.5, cx + col_w / 2, phase_h + 1, color=g.ink, width=1.2, arrow=True),
            T("end of day", cx + col_w / 2 + 2, phase_h + 1.5, col_w / 2 - 2, 5, size=6, align="left"),
            Line(cx - 1, block_h + 3, pool_w - 12, block_h + 3, color=g.ink, width=1.2, arrow=True),
            T(ph.flow_hint, 0, block_h + 1, pool_w - 14, 5, size=6.5, align="left", color=g.ink)]
    # ranks at the top of the column, Virgil's pips between them and the sun
    rk = g.ranks
    rh = 9 + 6 * len(rk.bands) + 15
    ry = top - rh
    v = g.virgil
    pips, ready = ctx.facts.get("virgil_pips", 7), ctx.facts.get("virgil_pips_at_start", 3)
    vy = sun_y + phase_h + 4
    vh = ry - 4 - vy
    out += panel(cx, vy, col_w, vh, v.label, g.ink)
    for i in range(pips):
        r, c = divmod(i, 4)
        px, py = cx + 7 + c * 10.5, vy + vh - 14 - r * 11
        earned = i >= ready
        out.append(Circle(px, py, 4.5, stroke=g.ink, width=0.9, dash=(1.0, 0.8) if earned else None))
        if not earned:
            out.append(T("V", px - 3, py - 3, 6, 6, size=10, bold=True, color=g.ink))
    rows = (pips + 3) // 4
    out.append(T(f"{ready} ready at the start; dashed: earn them. {v.reminder}", cx + 2, vy + 1.5,
                 col_w - 4, vh - 12 - rows * 11, size=6.5, min_size=4.8, align="left", valign="top", color="#333333"))
    out += panel(cx, ry, col_w, rh, rk.label, g.ink)
    row = 6.0
    for i, band in enumerate(rk.bands):
        y = ry + rh - 9 - (i + 1) * row
        out += [
            T(band.span, cx + 2, y, 9, row, size=8, bold=True, align="left", color=g.ink),
            T(band.name, cx + 11, y, col_w - 13, row, size=8, align="left", color=g.ink),
        ]
    out.append(
        T(rk.loss, cx + 2, ry + 1.5, col_w - 4, 12, size=6, min_size=4.8, align="left", valign="top", color="#333333")
    )
    # the mountain: scoring area on top, terraces below
    mw = cx - 5
    score_h = 30
    score_y = top - score_h
    out += panel(0, score_y, mw, score_h, g.scoring.label, g.ink, fill=g.sky)
    out.append(T(g.scoring.hint, 2, score_y + 1.5, mw - 4, 5, size=7, align="left", color="#444444"))
    base = block_h + 9
    terrace_h = (score_y - 3 - base) / len(g.terraces)
    narrow = mw * 0.32
    for i, terrace in enumerate(sorted(g.terraces, key=lambda t: t.step)):
        y0, y1 = base + i * terrace_h, base + (i + 1) * terrace_h - 1.2
        inset0 = narrow * i / len(g.terraces) / 2
        inset1 = narrow * (i + 1) / len(g.terraces) / 2
        out.append(
            Polygon(
                ((inset0, y0), (mw - inset0, y0), (mw - inset1, y1), (inset1, y1)),
                fill="#efe6da",
                stroke=g.rock,
                width=0.9,
            )
        )
        left, right = inset1 + 2, mw - inset1 - 2
        words, test = terrace.played(g.reading)
        die_x = right - s - 1
        box_x = die_x - 9
        out += [
            T(f"{terrace.step}", left, y0 + 1, 7, terrace_h - 2, size=13, bold=True, color=g.rock),
            T(
                terrace.name,
                left + 8,
                y0 + terrace_h / 2 - 0.5,
                box_x - left - 9,
                terrace_h / 2 - 1.5,
                size=11,
                bold=True,
                align="left",
                valign="bottom",
                color=g.ink,
            ),
            T(
                test.words(words, f"{SLUG}/{FILE}:terraces[{terrace.step - 1}].challenge"),
                left + 8,
                y0 + 0.8,
                box_x - left - 9,
                terrace_h / 2 - 1.2,
                size=7.5,
                min_size=5.5,
                align="left",
                valign="top",
                color="#333333",
            ),
            Box(die_x, y0 + (terrace_h - 1.2 - s) / 2, s, s, stroke=g.ink, width=1.0),
            Box(box_x, y0 + (terrace_h - 1.2) / 2 - 3, 6, 6, stroke=g.ink, width=0.9),
            T("passed", box_x - 2, y0 + (terrace_h - 1.2) / 2 - 7.5, 10, 4, size=5.5, color="#555555"),
        ]
    return tuple(out)


def documents(g: Gamesheet, ctx: BuildContext) -> list[DocumentSpec]:
    copies = ctx.copies
    cover = Cover(
        contents=[f"{copies} gamesheet{'s' if copies > 1 else ''}: one per play."],
        assembly=assembly_for(g.cover, [SHEETS_PDF], f"seven-steps/{FILE}")[SHEETS_PDF],
        bring=g.cover.bring,
        notes=g.cover.notes,
    )
    pad = sheet(title="Gamesheet", kind="gamesheet", name="Gamesheet", ctx=ctx, copies=copies,
                layout=lambda w, h: sheet_elements(g, ctx, w, h))
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
        owners = [b.name for b in g.ranks.bands if b.min <= score and (b.max is None or score <= b.max)]
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
    slug=SLUG, load=load, documents=documents, invariants=invariants,
    files=(FILE,), models={FILE: Gamesheet},
    promises=Promises(sheets=2, headings=("Setup", "A day (your turn)", "The end"),
                      counts={}),
    analysis="pnp.analysis.seven_steps_balance:analyse",
)
