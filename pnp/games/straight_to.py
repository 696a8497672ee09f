"""I'm going Straight to ...: the Heaven/Hell track, Destiny cards, 100 Soul cards, tokens, pawns."""

from __future__ import annotations

from itertools import compress, count, islice, repeat
from operator import attrgetter, eq, ne

from pnp.games.contract import (
    CLEARANCE,
    WHITE,
    AidSides,
    Block,
    Board,
    Box,
    BuildContext,
    CountOrigin,
    Cover,
    DocumentSpec,
    Elements,
    Game,
    GameSource,
    IconStore,
    LayoutError,
    Piece,
    PieceGroup,
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
    pawn_tokens,
    round_token,
    tokens_room,
)
from pnp.games.contract import Text as T
from pnp.games.straight_to_data import FILE, SLUG, Destination, Soul, SoulType, StraightData
from pnp.games.straight_to_track import ABREAST, limbo_room, track_elements

TRACK_PDF = "track.pdf"
CARDS_PDF = "cards.pdf"
TOKENS_PDF = "tokens-and-pawns.pdf"
AID_COLOR = "#3d3551"


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
    limbo = limbo_room(ctx, t, d.pawns, ctx.players)
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
                height=limbo.height,
                elements=track_elements(ctx, t, d.pawns, limbo),
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

    def soul_cards(i: int, s: Soul) -> list[Piece]:
        kind = d.soul_types[s.type]
        face = soul_face(ctx, s, i, kind)
        return [
            Piece(
                kind=f"soul-{s.type}",
                name=s.name,
                face=face,
                back=backs[s.back],
                back_name=s.back,
                background=kind.tint,
                back_background=d.backs[s.back].background,
            )
            for _ in range(s.count)
        ]

    souls = ctx.each(d.souls, soul_cards)
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
    """Power and Combat Power tokens, and a flat pawn per player."""
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
            pawn_tokens(ctx, d.pawns, n),
            PieceGroup(
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
                f"{n} pawns (round), one colour and number per player.",
            ],
            assembly=assembly,
            bring=["Glass beads or coins can stand in for tokens."],
        ),
    )


SHOWN_ORIGINS = 8  # designs named in a count message; a deck of 10,000 says how many more


def count_origins(d: StraightData, source: GameSource) -> dict[str, CountOrigin]:
    """The Soul card totals are the sums of the designs' own counts in the data file."""
    out = {}
    types = list(map(attrgetter("type"), d.souls))
    for kind in ("good", "evil"):
        first = islice(compress(count(), map(eq, types, repeat(kind))), SHOWN_ORIGINS)  # a deck's first few
        where = [f"souls[{i}].count ({source.place(FILE, ('souls', i, 'count'))})" for i in first]
        more = types.count(kind) - len(where)
        out[f"soul-{kind}"] = CountOrigin(file=FILE, keys=", ".join(where) + (f" and {more:,} more" if more else ""))
    return out


def invariants(d: StraightData, rules: RulesModel, players: int) -> list[Problem]:
    problems = []
    per_path = rules.facts.get("track_spaces_per_path")
    if per_path is not None and d.track.spaces_per_path != per_path:
        problems.append(
            Problem(SLUG, FILE, "track.spaces_per_path", "spaces on each path", per_path, d.track.spaces_per_path)
        )
    backs = list(map(attrgetter("back"), d.souls))
    for i in compress(count(), map(ne, backs, repeat(backs[0] if backs else None))):  # the odd ones alone
        soul = d.souls[i]
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
    across = tokens_room(ABREAST, d.pawns.diameter, ABREAST)[0]
    if across > d.track.space:
        most = (d.track.space - (ABREAST + 1) * CLEARANCE) / ABREAST
        problems.append(
            Problem(
                SLUG,
                FILE,
                "pawns.diameter",
                f"{ABREAST} pawns must fit across a track space with {CLEARANCE:g} mm round each",
                f"<= {most:g} mm",
                f"{d.pawns.diameter:g} mm",
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
