"""I'm going Straight to ...: the Heaven/Hell track, Destiny cards, 100 Soul cards, tokens, pawns."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from pnp.games.contract import (
    BASE_GAPS,
    WHITE,
    AidSides,
    Block,
    Board,
    Box,
    BuildContext,
    CountOrigin,
    Cover,
    DocumentSpec,
    Element,
    Elements,
    Game,
    GameSource,
    IconStore,
    LayoutError,
    Line,
    PawnSet,
    Piece,
    PieceGroup,
    Polygon,
    Problem,
    Promises,
    RulesModel,
    TokenSide,
    aid_sides,
    aids_document,
    assembly_for,
    card_back,
    load_file,
    meant_or_known,
    natural_size,
    pawn_bases,
    pawn_room,
    pawn_standees,
    round_token,
    size_around,
)
from pnp.games.contract import Text as T
from pnp.games.straight_to_data import Destination, Soul, SoulType, StraightData, Track

SLUG = "straight-to"
FILE = "components.toml"
TRACK_PDF = "track.pdf"
CARDS_PDF = "cards.pdf"
TOKENS_PDF = "tokens-and-pawns.pdf"
AID_COLOR = "#3d3551"
EDGE_CLEAR = 2.0  # mm a destination and its rule keep from the board's edge
LIMBO_HEAD = 11.0  # mm above LIMBO's pawn spots: its icon and name
ROAD_NAME = 12.0  # mm the roads' names take at the track's top and foot (the `track` template)


def load(source: GameSource, store: IconStore) -> StraightData:
    data = load_file(source, FILE, StraightData, store)
    for i, soul in enumerate(data.souls):
        if soul.back not in data.backs:
            raise LayoutError(
                source.finding(
                    FILE,
                    ("souls", i, "back"),
                    f"no back named {soul.back!r}.{meant_or_known(soul.back, data.backs, 'defined')}",
                )
            )
    for kind in ("good", "evil"):
        if kind not in data.soul_types:
            raise LayoutError(source.finding(FILE, ("soul_types", kind), "missing key"))
    return data


# -- the track -----------------------------------------------------------------------------------
def track_columns(t: Track) -> int:
    """Columns of the three-row snake: an even number, so a gap between spaces (widened by the
    track's `middle_gap`) runs down the board's middle, where a two-tile print cuts."""
    cols = -(-(2 * t.spaces_per_path + 4) // 3)  # both paths, both destinations, LIMBO twice
    return cols + cols % 2


@dataclass(frozen=True, kw_only=True)
class LimboRoom:
    """LIMBO's room for every pawn of the game standing on its base (`count`, the largest game's
    at least): `span` columns of the track wide, `per_row` pawns abreast, w x h mm; the outer rows
    stand `spread` mm from its row."""

    count: int
    span: int
    per_row: int
    w: float
    h: float
    spread: float


def limbo_room(ctx: BuildContext, t: Track, pawns: PawnSet, players: int) -> LimboRoom:
    """Two columns wide and the rows as deep as the pawns need (the largest game's, `limbo.pawns`,
    or this one's if more); a game too deep for the track's height takes a column more, and one
    too large for the track is a layout error naming it."""
    count = max(t.limbo.pawns, players)
    cols = track_columns(t)
    pitch = (t.width - t.middle_gap) / cols
    _, note_h = natural_size(ctx, "limbo-note")
    _, rule_h = natural_size(ctx, "enter-rule")
    room = t.height / 2 - ROAD_NAME - EDGE_CLEAR - rule_h - t.space / 2  # HELL's rule above the road's name
    free = cols * 3 - (2 * t.spaces_per_path + 2)  # the snake's cells LIMBO may take
    for span in range(2, free + 1):
        w = (span - 1) * pitch + t.space
        per_row = max(1, int((w - 4 + BASE_GAPS[0]) // (pawns.width + BASE_GAPS[0])))
        h = LIMBO_HEAD + pawn_room(pawns, count, per_row)[1] + 4
        spread = max(h / 2 + note_h + EDGE_CLEAR + t.space / 2, t.height * 0.3)
        if spread <= room:
            return LimboRoom(count=count, span=span, per_row=per_row, w=w, h=h, spread=spread)
    raise LayoutError(
        f"{SLUG}/{FILE}:track.height: LIMBO has no room for {players} pawns on a track {t.width:g} x {t.height:g} mm"
    )


def track_cells(t: Track, limbo: LimboRoom) -> list[tuple[str, int, float, float]]:
    """The track as a snake of three rows: HELL and its path from the foot, then LIMBO (`limbo.span`
    columns wide) in the middle row, then the Heaven path up to HEAVEN."""
    n = t.spaces_per_path
    cols = track_columns(t)
    pitch = (t.width - t.middle_gap) / cols
    half = pitch * cols / 2
    ys = (t.height / 2 - limbo.spread, t.height / 2, t.height / 2 + limbo.spread)
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


def track_elements(ctx: BuildContext, t: Track, pawns: PawnSet, players: int) -> Elements:
    """The snake of spaces from the templates in components.toml (`track`, `track-space`, `limbo`,
    `end-space` and their notes); this code lays the snake out and joins it."""
    w, h = t.width, t.height
    limbo = limbo_room(ctx, t, pawns, players)
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
            room_w, _ = pawn_room(pawns, limbo.count, limbo.per_row)
            for sx, sy, sw, sd in pawn_bases(
                pawns, limbo.count, left=x - room_w / 2, top=bottom + lh - LIMBO_HEAD - 2, per_row=limbo.per_row
            ):
                out += ctx.piece("pawn-spot", {"color": color}, sw, sd, at=(sx, sy))
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
                    "enter-rule", {"rule": t.enter_rule, "color": color}, rule_w, rule_h, at=(rule_x, y - half - rule_h)
                ),
            ]
        else:
            out += ctx.piece(
                "track-space", {"number": str(number), "color": color}, t.space, t.space, at=(x - half, y - half)
            )
    return tuple(out)


# -- cards, tokens, pawns ------------------------------------------------------------------------
def soul_face(ctx: BuildContext, soul: Soul, i: int, kind: SoulType) -> Elements:
    """A Soul card: the `soul` template with the card's own `layout` laid over."""
    values = {
        "label": kind.label,
        "color": kind.color,
        "icon": soul.icon,
        "name": soul.name,
        "line": soul.line,
        "hint": kind.hint,
    }
    return ctx.piece(
        "soul", values, ctx.card_w, ctx.card_h, overrides=soul.layout, where=(FILE, ("souls", i, "layout"))
    )


def destiny_side(ctx: BuildContext, name: str, hint: str, way: Destination) -> Elements:
    return ctx.piece(
        "fold-card", {"name": name, "hint": hint, "icon": way.icon, "color": way.color}, ctx.card_w, ctx.card_h
    )


def aid_card(d: StraightData, ctx: BuildContext, w: float, h: float) -> AidSides:
    """The round on the front; combat value and fights on the back."""
    a = d.aid
    front, back = aid_sides(ctx, title=f"{d.title}: player aid", color=AID_COLOR, w=w, h=h)
    round_blocks: list[Block] = [
        ("heading", "A round"),
        *(
            ("item", f"{i}. " + ctx.fill(line, f"{SLUG}/{FILE}:aid.round[{i - 1}]"))
            for i, line in enumerate(a.round, start=1)
        ),
    ]
    fight_blocks: list[Block] = [
        ("note", a.formula_key),
        ("heading", "Fights"),
        *(("item", ctx.fill(line, f"{SLUG}/{FILE}:aid.fight[{i}]")) for i, line in enumerate(a.fight)),
    ]
    col = back.column
    x2, top = col.x, col.top
    return (*front.frame, *front.column.text(round_blocks)), (
        *back.frame,
        T(text="Combat value", x=x2, y=top - 5, w=col.w, h=5, size=9.5, bold=True, align="left", color=AID_COLOR),
        Box(x=x2, y=top - 19, w=col.w, h=13, fill="#f1edf7", stroke=AID_COLOR, width=0.6, radius=2),
        T(text=a.formula, x=x2, y=top - 18, w=col.w, h=11, size=16, bold=True),
        *col.text(fight_blocks, top=top - 21),
    )


def with_numbers(d: StraightData, ctx: BuildContext) -> StraightData:
    """The data with the rules model's numbers filled into the track's and the Soul cards' hints."""
    track = d.track.model_copy(update={"enter_rule": ctx.fill(d.track.enter_rule, f"{SLUG}/{FILE}:track.enter_rule")})
    kinds = {
        key: kind.model_copy(update={"hint": ctx.fill(kind.hint, f"{SLUG}/{FILE}:soul_types.{key}.hint")})
        for key, kind in d.soul_types.items()
    }
    return d.model_copy(update={"track": track, "soul_types": kinds})


def documents(d: StraightData, ctx: BuildContext) -> list[DocumentSpec]:
    d = with_numbers(d, ctx)
    notes = assembly_for(d.cover, [TRACK_PDF, CARDS_PDF, TOKENS_PDF])
    return [
        track_document(d, ctx, notes[TRACK_PDF]),
        cards_document(d, ctx, notes[CARDS_PDF]),
        tokens_document(d, ctx, notes[TOKENS_PDF]),
        aids_document(game_title=d.title, layout=lambda aw, ah: aid_card(d, ctx, aw, ah), ctx=ctx),
    ]


def track_document(d: StraightData, ctx: BuildContext, assembly: list[str]) -> DocumentSpec:
    t = d.track
    return DocumentSpec(
        filename=TRACK_PDF,
        title="Heaven/Hell track",
        game_title=d.title,
        sections=[
            Board(
                title="Track",
                kind="track",
                name="Heaven/Hell track",
                width=t.width,
                height=t.height,
                elements=track_elements(ctx, t, d.pawns, ctx.players),
                background=WHITE,
            )
        ],
        cover=Cover(
            contents=[
                f"The track: {t.spaces_per_path} spaces from LIMBO to HEAVEN and "
                f"{t.spaces_per_path} to HELL, the destinations counting as the "
                "{destination_space}th."
            ],
            assembly=assembly,
            bring=d.cover.bring,
        ),
    )


def cards_document(d: StraightData, ctx: BuildContext, assembly: list[str]) -> DocumentSpec:
    """The Soul cards, each design as often as it is counted, and the fold-over Destiny cards."""
    w, h = ctx.card_w, ctx.card_h
    backs = {key: card_back(ctx, b, d.title) for key, b in d.backs.items()}
    faces = [soul_face(ctx, s, i, d.soul_types[s.type]) for i, s in enumerate(d.souls)]
    souls = [
        Piece(
            kind=f"soul-{s.type}",
            name=s.name,
            face=face,
            back=backs[s.back],
            back_name=s.back,
            background=d.soul_types[s.type].tint,
            back_background=d.backs[s.back].background,
        )
        for s, face in zip(d.souls, faces, strict=True)
        for _ in range(s.count)
    ]
    ds = d.destiny
    t = d.track
    destinies = ctx.count("destiny")
    destiny = Piece(
        kind="destiny",
        name="Destiny card",
        face=destiny_side(ctx, ds.front, ds.front_hint, t.heaven),
        back=destiny_side(ctx, ds.back, ds.back_hint, t.hell),
        back_name="destiny",
        background=t.heaven.tint,
        back_background=t.hell.tint,
    )
    good = sum(s.count for s in d.souls if s.type == "good")
    evil = sum(s.count for s in d.souls if s.type == "evil")
    return DocumentSpec(
        filename=CARDS_PDF,
        title="Soul and Destiny cards",
        game_title=d.title,
        sections=[
            PieceGroup(title="Soul cards", pieces=souls, width=w, height=h),
            PieceGroup(title="Destiny cards", pieces=[destiny] * destinies, width=w, height=h),
        ],
        cover=Cover(
            contents=[
                f"{good} Good and {evil} Evil Soul cards (our reading of the split), all with one back.",
                f"{destinies} Destiny cards, HEAVEN on the front and HELL on the back.",
            ],
            assembly=assembly,
        ),
    )


def tokens_document(d: StraightData, ctx: BuildContext, assembly: list[str]) -> DocumentSpec:
    """Power and Combat Power tokens, and a pawn standee per player."""
    n = ctx.players
    tk = d.tokens
    power = round_token(
        ctx,
        kind="power",
        name="Power token",
        d=tk.power_diameter,
        front=TokenSide(icon=tk.power_icon, color=tk.power_color, background="#fff6d6", ring=False),
    )
    combat = Piece(
        kind="combat-power",
        name="Combat Power token",
        face=ctx.piece(
            "combat-token", {"icon": tk.combat_icon, "color": tk.combat_color}, tk.combat_size, tk.combat_size
        ),
        background="#f6e3e1",
    )
    combat_count = ctx.count("combat-power")
    power_count = ctx.count("power")
    return DocumentSpec(
        filename=TOKENS_PDF,
        title="Tokens and pawns",
        game_title=d.title,
        sections=[
            PieceGroup(
                title="Power tokens",
                pieces=[power] * power_count,
                width=tk.power_diameter,
                height=tk.power_diameter,
                shape="round",
                gap=3,
            ),
            pawn_standees(ctx, d.pawns, n),
            PieceGroup(  # after the tall pawns, so its small tokens can share their band
                title="Combat Power tokens",
                pieces=[combat] * combat_count,
                width=tk.combat_size,
                height=tk.combat_size,
                gap=3,
            ),
        ],
        cover=Cover(
            contents=[
                f"{power_count} Power tokens (round, {power_count // n} per player).",
                f"{combat_count} Combat Power tokens (square).",
                f"{n} pawn standees, one colour per player.",
            ],
            assembly=assembly,
            bring=["Glass beads or coins can stand in for tokens."],
        ),
    )


SHOWN_ORIGINS = 8  # designs named in a count message; a deck of 10,000 says how many more


def count_origins(d: StraightData, source: GameSource) -> dict[str, CountOrigin]:
    """The Soul card totals are the sums of the designs' own counts in the data file."""
    out = {}
    for kind in ("good", "evil"):
        designs = [i for i, soul in enumerate(d.souls) if soul.type == kind]
        where = [f"souls[{i}].count ({source.place(FILE, ('souls', i, 'count'))})" for i in designs[:SHOWN_ORIGINS]]
        more = len(designs) - len(where)
        out[f"soul-{kind}"] = CountOrigin(file=FILE, keys=", ".join(where) + (f" and {more:,} more" if more else ""))
    return out


def invariants(d: StraightData, rules: RulesModel, players: int) -> list[Problem]:
    problems = []
    per_path = rules.facts.get("track_spaces_per_path")
    if per_path is not None and d.track.spaces_per_path != per_path:
        problems.append(
            Problem(SLUG, FILE, "track.spaces_per_path", "spaces on each path", per_path, d.track.spaces_per_path)
        )
    for i, soul in enumerate(d.souls):
        if soul.back != d.souls[0].back:
            problems.append(
                Problem(
                    SLUG,
                    FILE,
                    f"souls[{i}].back",
                    f"Soul card {soul.name!r} has its own back: souls are fought over face down, "
                    "so every Soul card needs the same back",
                    d.souls[0].back,
                    soul.back,
                )
            )
    if d.pawns.width > d.track.space - 2:
        problems.append(
            Problem(
                SLUG,
                FILE,
                "pawns.width",
                "a pawn standee must fit a track space with room to spare",
                f"<= {d.track.space - 2:g} mm",
                f"{d.pawns.width:g} mm",
            )
        )
    return problems


GAME = Game(
    slug=SLUG,
    load=load,
    documents=documents,
    invariants=invariants,
    count_origins=count_origins,
    files=(FILE,),
    models={FILE: StraightData},
    promises=Promises(
        headings=("Components", "Setup", "A round", "The end", "Example"),
        counts={
            "destiny": "{} Destiny cards",
            "power": "{} Power tokens",
            "combat-power": "{} Combat Power tokens",
            "pawn": "{} pawns",
            "soul-good": "{} Good",
        },
    ),
    analysis="pnp.analysis.straight_to_balance:analyse",
)
