"""I'm going Straight to ...'s track: a snake of spaces from HELL through LIMBO to HEAVEN, each
space and LIMBO deep enough for every pawn of the game, the track taller in a larger game."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from pnp.games.contract import (
    CLEARANCE,
    BuildContext,
    Element,
    Elements,
    LayoutError,
    Line,
    PawnTokens,
    Polygon,
    natural_size,
    size_around,
    tokens_room,
)
from pnp.games.straight_to_data import FILE, SLUG, Track

EDGE_CLEAR = 2.0  # mm a destination and its rule keep from the board's edge
LIMBO_HEAD = 11.0  # mm above LIMBO's pawn spots: its icon and name
ABREAST = 2  # pawns side by side on a track space: a snake of narrow spaces
SPOT_GAP = 1.0  # mm between LIMBO's pawn spots, each a pawn with CLEARANCE round it
ROAD_NAME = 12.0  # mm the roads' names take at the track's top and foot (the `track` template)


# -- the track -----------------------------------------------------------------------------------
def track_columns(t: Track) -> int:
    """Columns of the three-row snake: an even number, so a gap between spaces (widened by the
    track's `middle_gap`) runs down the board's middle, where a two-tile print cuts."""
    cols = -(-(2 * t.spaces_per_path + 4) // 3)  # both paths, both destinations, LIMBO twice
    return cols + cols % 2


@dataclass(frozen=True, kw_only=True)
class LimboRoom:
    """LIMBO's room for every pawn of the game (`count`, the largest game's at least): `span`
    columns of the track wide, `per_row` pawn spots abreast, w x h mm; the outer rows stand
    `spread` mm from its row, whose spaces are `depth` mm deep to hold every pawn too, on a track
    `height` mm tall (the data's, or more in a game too large for it)."""

    count: int
    span: int
    per_row: int
    w: float
    h: float
    spread: float
    depth: float
    height: float


GROWTH = 2.0  # a larger game's track grows to this many times track.height at most
SPREAD = 0.3  # of the track's height, at least, between the middle row and the outer rows


def space_depth(t: Track, pawns: PawnTokens, count: int) -> float:
    """A track space's depth: every pawn of the game on it at once, ABREAST across its width."""
    return max(t.space, tokens_room(count, pawns.diameter, ABREAST)[1])


def limbo_room(ctx: BuildContext, t: Track, pawns: PawnTokens, players: int) -> LimboRoom:
    """Two columns wide and the rows as deep as the pawns need (the largest game's, `limbo.pawns`,
    or this one's if more); a game too deep for the track's height takes a column more or, where
    that is not enough, a taller track; one too large for GROWTH is a layout error naming it."""
    count = max(t.limbo.pawns, players)
    cols = track_columns(t)
    pitch = (t.width - t.middle_gap) / cols
    depth = space_depth(t, pawns, count)
    spot = pawns.diameter + 2 * CLEARANCE
    _, note_h = natural_size(ctx, "limbo-note")
    _, rule_h = natural_size(ctx, "enter-rule")
    edge = ROAD_NAME + EDGE_CLEAR + rule_h + depth / 2  # from the foot to the outer row: HELL's rule, the road's name
    free = cols * 3 - (2 * t.spaces_per_path + 2)  # the snake's cells LIMBO may take
    rooms = []
    for span in range(2, free + 1):
        w = (span - 1) * pitch + t.space
        per_row = max(1, int((w - 4 + SPOT_GAP) // (spot + SPOT_GAP)))
        rows = -(-count // per_row)
        h = LIMBO_HEAD + rows * spot + (rows - 1) * SPOT_GAP + 4
        least = h / 2 + note_h + EDGE_CLEAR + depth / 2  # LIMBO and its note clear of the outer rows
        height = max(t.height, 2 * (least + edge), edge / (0.5 - SPREAD))
        spread = max(least, height * SPREAD)
        rooms.append(
            LimboRoom(count=count, span=span, per_row=per_row, w=w, h=h, spread=spread, depth=depth, height=height)
        )
    room = min(rooms, key=lambda r: r.height)
    if room.height > GROWTH * t.height:
        raise LayoutError(
            f"{SLUG}/{FILE}:track.height: no room for {players} pawns on every space and in LIMBO on a track "
            f"{t.width:g} mm wide and at most {GROWTH * t.height:g} mm tall"
        )
    return room


def track_cells(t: Track, limbo: LimboRoom) -> list[tuple[str, int, float, float]]:
    """The track as a snake of three rows: HELL and its path from the foot, then LIMBO (`limbo.span`
    columns wide) in the middle row, then the Heaven path up to HEAVEN."""
    n = t.spaces_per_path
    cols = track_columns(t)
    pitch = (t.width - t.middle_gap) / cols
    half = pitch * cols / 2
    mid = limbo.height / 2
    ys = (mid - limbo.spread, mid, mid + limbo.spread)
    sequence = (
        [("hell", t.destination)]
        + [("hell", k) for k in range(n, 0, -1)]
        + [("limbo", 0)]
        + [("heaven", k) for k in range(1, n + 1)]
        + [("heaven", t.destination)]
    )
    cells = []
    unit = 0
    for side, number in sequence:
        span = limbo.span if side == "limbo" else 1
        row, col = divmod(unit, cols)
        if col + span > cols:  # LIMBO never breaks across two rows
            row, col = row + 1, 0
            unit = row * cols
        x = pitch * (col + span / 2)
        x = pitch * cols - x if row == 1 else x
        cells.append((side, number, x + (t.middle_gap if x > half else 0), ys[row]))
        unit += span
    return cells


def track_elements(ctx: BuildContext, t: Track, pawns: PawnTokens, limbo: LimboRoom) -> Elements:
    """The snake of spaces from the templates in components.toml (`track`, `track-space`, `limbo`,
    `end-space` and their notes); this code lays the snake out and joins it."""
    w, h = t.width, limbo.height
    cells = track_cells(t, limbo)
    mid, band = h / 2, t.limbo_band / 2
    limbo_x = next(x for side, _, x, _ in cells if side == "limbo")
    colours = {"heaven": t.heaven.color, "hell": t.hell.color, "limbo": t.limbo.color}
    out: list[Element] = [
        Polygon(points=((0, mid + band), (w, mid + band), (w, h), (0, h)), fill=t.heaven.tint),
        Polygon(
            points=((0, mid - band), (limbo_x, mid - band), (limbo_x, mid + band), (0, mid + band)), fill=t.heaven.tint
        ),
        Polygon(points=((0, 0), (w, 0), (w, mid - band), (0, mid - band)), fill=t.hell.tint),
        Polygon(
            points=((limbo_x, mid - band), (w, mid - band), (w, mid + band), (limbo_x, mid + band)), fill=t.hell.tint
        ),
        *ctx.piece("track", colours, w, h),
    ]
    out += [
        Line(x1=x1, y1=y1, x2=x2, y2=y2, color=t.path_color, width=t.path_width)
        for (_, _, x1, y1), (_, _, x2, y2) in pairwise(cells)
    ]
    half = t.space / 2
    frame_w, frame_h = size_around(ctx, "end-frame", t.space, t.space, slot="space")
    rule_w, rule_h = natural_size(ctx, "enter-rule")
    for side, number, x, y in cells:
        color = colours[side]
        if side == "limbo":
            lw, lh = limbo.w, limbo.h
            note_w, note_h = natural_size(ctx, "limbo-note")
            bottom = y - lh / 2
            out += [
                *ctx.piece("limbo", {"icon": t.limbo.icon, "color": color}, lw, lh, at=(x - lw / 2, bottom)),
                *ctx.piece("limbo-note", {"color": color}, note_w, note_h, at=(x - note_w / 2, bottom - note_h)),
            ]
            spot = pawns.diameter + 2 * CLEARANCE
            across = min(limbo.per_row, limbo.count)
            left, top = x - (across * spot + (across - 1) * SPOT_GAP) / 2, bottom + lh - LIMBO_HEAD - 2
            for i in range(limbo.count):
                row, col = divmod(i, limbo.per_row)
                at = (left + col * (spot + SPOT_GAP), top - (row + 1) * spot - row * SPOT_GAP)
                out += ctx.piece("pawn-token-spot", {"color": color}, spot, spot, at=at)
        elif number == t.destination:
            name, icon = ("HEAVEN", t.heaven.icon) if side == "heaven" else ("HELL", t.hell.icon)
            left = max(x - frame_w / 2, EDGE_CLEAR)
            right = min(x + frame_w / 2, w - EDGE_CLEAR)  # its border whole on the board
            rule_x = min(max(x - rule_w / 2, EDGE_CLEAR), w - EDGE_CLEAR - rule_w)
            out += [
                *ctx.piece("end-frame", {"color": color}, right - left, frame_h, at=(left, y - frame_h / 2)),
                *ctx.piece(
                    "end-space", {"name": name, "icon": icon, "color": color}, t.space, t.space, at=(x - half, y - half)
                ),
                *ctx.piece(
                    "enter-rule",
                    {"rule": t.enter_rule, "color": color},
                    rule_w,
                    rule_h,
                    at=(rule_x, y - max(half, limbo.depth / 2) - rule_h),  # below the spaces beside it
                ),
            ]
        else:
            deep = limbo.depth
            out += ctx.piece(
                "track-space", {"number": str(number), "color": color}, t.space, deep, at=(x - half, y - deep / 2)
            )
    return tuple(out)
