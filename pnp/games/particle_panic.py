"""Particle Panic: the six-space ring board, particle tokens, pawns, trackers and the player aid."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from pnp.games.contract import (
    WHITE,
    AidSides,
    Block,
    Board,
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
    Icon,
    IconName,
    IconStore,
    LayoutError,
    Mm,
    PawnSet,
    Piece,
    PieceGroup,
    Polygon,
    Problem,
    Promises,
    RulesModel,
    Section,
    SideLength,
    SlotSpec,
    Strict,
    Templates,
    TokenSide,
    Words,
    aid_sides,
    aids_document,
    assembly_for,
    check_facts,
    counted,
    load_file,
    pawn_boxes,
    pawn_name,
    pawn_room,
    pawn_standees,
    region,
    round_token,
)
from pnp.games.contract import Text as T

SLUG = "particle-panic"
FILE = "components.toml"
BOARD_PDF = "board.pdf"
PIECES_PDF = "pieces.pdf"


class BoardData(Strict):
    spaces: Annotated[int, Field(ge=3, le=12)]
    card_width: Annotated[float, Field(ge=64, le=100)]  # a poker card's stack (63.5 x 88.9) fits
    card_height: Annotated[float, Field(ge=89, le=130)]
    particle_spot: Annotated[float, Field(ge=10, le=30)]
    particle_spots: Annotated[int, Field(ge=1, le=12)]
    # where the ring sits on the board, and its art
    ring_x: Mm
    ring_y: Mm
    side_y: Mm
    particle_icon: IconName
    color: Color
    tint: Color
    accent: Color
    start_particles: Annotated[int, Field(ge=0, le=12)]
    centre_lines: list[Words]
    centre_line: Mm  # the height of each centre line
    ring_width: Annotated[float, Field(gt=0, le=20)]  # pt: the ring joining the spaces


class Particles(Strict):
    count: Count
    diameter: Annotated[float, Field(ge=10, le=30)]
    icon: IconName
    color: Color


class HandTracker(Strict):
    """A strip of numbered boxes; its size leaves the label 34 mm and each box room for its digit."""

    label: Words
    start: Annotated[int, Field(ge=1, le=12)]
    hint: Words
    width: Annotated[float, Field(ge=90, le=190)]
    height: Annotated[float, Field(ge=18, le=60)]

    @model_validator(mode="after")
    def _room(self) -> HandTracker:
        if (self.width - 34) / (self.start + 1) < 7:
            raise ValueError(f"{self.width:g} mm leaves less than 7 mm for each of {self.start + 1} boxes")
        return self


class CodeTracker(Strict):
    label: Words
    slots: Annotated[int, Field(ge=1, le=10)]
    hint: Words
    slot_width: Mm  # a code card's box at most
    width: Annotated[float, Field(ge=80, le=190)]
    height: Annotated[float, Field(ge=50, le=250)]


class Suit(Strict):
    name: Words
    icon: IconName
    color: Color
    power: Words


class PanicAid(Strict):
    setup: Words
    hand_limit: Words
    basic: Annotated[list[Words], Field(min_length=1)]
    special: Annotated[list[Words], Field(min_length=1)]
    emergence: Words
    win_lose: Words
    variants: Words


class PanicData(Strict):
    title: Words
    lab: Words
    board: BoardData
    particles: Particles
    pawns: PawnSet
    hand_tracker: HandTracker
    code_tracker: CodeTracker
    suits: Annotated[list[Suit], Field(min_length=1)]
    aid: PanicAid
    cover: CoverText
    templates: Templates = {}


def load(source: GameSource, store: IconStore) -> PanicData:
    data = load_file(source, FILE, PanicData, store)
    if data.board.spaces != 6:
        raise LayoutError(f"{SLUG}/{FILE}:board.spaces: the ring layout draws 6 spaces, found {data.board.spaces}")
    return data


# -- the board -----------------------------------------------------------------------------------
SPOT_GAPS = (1.5, 1.5)  # mm between a space's particle spots, across and down
# the `space` template's measures: room inside its outline and between its parts, its number under
# the card stack; above and below the pawns' column (its boxes and spots carry their own clearance),
# the pawns' label over their room, the gap over the particle spots
SPACE_MARGIN = 3.0
NUMBER_ROW = 10.5
ROOM_MARGIN = 1.5
PAWN_LABEL = 3.5
SPOTS_GAP = 1.0
EDGE = 3.0  # mm between the outer spaces and the board's edge
MOST_PAWNS = 4  # the rules' largest game: every pawn may stand on one space


def spot_grid(b: BoardData) -> Grid:
    return Grid(size=b.particle_spot, per_row=2, gap_across=SPOT_GAPS[0], gap_down=SPOT_GAPS[1])


def space_size(b: BoardData, pawns: PawnSet) -> tuple[float, float]:
    """A space holds its card stack over its number, and beside them room for every pawn of the
    largest game (two abreast on their bases) over two columns of particle spots."""
    room_w, room_d = pawn_room(pawns, MOST_PAWNS)
    spots_w, spots_h = spot_grid(b).span(b.particle_spots)
    right_h = 2 * ROOM_MARGIN + PAWN_LABEL + room_d + SPOTS_GAP + spots_h
    left_h = 2 * SPACE_MARGIN + b.card_height + NUMBER_ROW
    return 4 * SPACE_MARGIN + b.card_width + max(room_w, spots_w), max(left_h, right_h)


def board_size(b: BoardData, pawns: PawnSet) -> tuple[float, float]:
    sw, sh = space_size(b, pawns)
    return 2 * b.ring_x + sw + 2 * EDGE, 2 * b.ring_y + sh + 2 * EDGE


def space_centres(b: BoardData) -> list[tuple[float, float]]:
    """Spaces 1-6 clockwise from the top, as offsets from the board's centre."""
    return [
        (0, b.ring_y),
        (b.ring_x, b.side_y),
        (b.ring_x, -b.side_y),
        (0, -b.ring_y),
        (-b.ring_x, -b.side_y),
        (-b.ring_x, b.side_y),
    ]


def board_elements(d: PanicData, ctx: BuildContext) -> Elements:
    """The ring from the templates in components.toml: its centre, and each space with its card
    stack, number, room for the pawns and particle spots; this code places them around the ring."""
    b, pawns = d.board, d.pawns
    w, h = board_size(b, pawns)
    sw, sh = space_size(b, pawns)
    room_w, room_d = pawn_room(pawns, MOST_PAWNS)
    centres = [(w / 2 + x, h / 2 + y) for x, y in space_centres(b)]
    colours = {"color": b.color, "accent": b.accent, "tint": b.tint}
    out: list[Element] = [Polygon(points=tuple(centres), stroke=b.color, width=b.ring_width)]
    centre = ctx.compose(
        "ring-centre",
        {"lab": d.lab, "icon": b.particle_icon, **colours},
        w,
        h,
        overrides={"lines": SlotSpec(h=SideLength(mm=len(b.centre_lines) * b.centre_line))},
    )
    out += centre.elements
    lines = region(centre, "ring-centre", "lines")
    for i, line in enumerate(b.centre_lines):
        out += ctx.piece(
            "centre-line",
            {"text": line},
            lines.w,
            b.centre_line,
            at=(lines.x, lines.y + lines.h - (i + 1) * b.centre_line),
        )
    spot = spot_grid(b)
    spots_w, _ = spot.span(b.particle_spots)
    for number, (x, y) in enumerate(centres, start=1):
        space = ctx.compose(
            "space",
            {"number": str(number), "pawns": "pawns start here" if number == 1 else "pawns", **colours},
            sw,
            sh,
            at=(x - sw / 2, y - sh / 2),
            overrides={
                "left": SlotSpec(
                    w=SideLength(mm=b.card_width), slots={"stack": SlotSpec(h=SideLength(mm=b.card_height))}
                ),
                "right": SlotSpec(slots={"pawns": SlotSpec(h=SideLength(mm=room_d + PAWN_LABEL))}),
            },
        )
        out += space.elements
        room = region(space, "space", "right.pawns")
        for bx, by, bw, bd in pawn_boxes(
            pawns, ctx.players, left=room.x + (room.w - room_w) / 2, top=room.y + room.h - PAWN_LABEL
        ):
            out += ctx.piece("pawn-spot", {"color": b.color}, bw, bd, at=(bx, by))
        spots = region(space, "space", "right.spots")
        starts = number > 1 and number - 1 <= b.start_particles
        cells = spot.cells(b.particle_spots, spots.x + (spots.w - spots_w) / 2, spots.y + spots.h)
        for k, (sx, sy) in enumerate(cells):
            out += ctx.piece(
                "particle-spot",
                {"icon": b.particle_icon if k == 0 and starts else "", **colours},
                spot.size,
                spot.size,
                at=(sx, sy),
            )
    return tuple(out)


# -- pieces --------------------------------------------------------------------------------------
def hand_tracker(ctx: BuildContext, t: HandTracker, color: str, name: str) -> Elements:
    tracker = ctx.compose(
        "hand-tracker", {"label": t.label, "name": name, "hint": t.hint, "color": color}, t.width, t.height
    )
    cells = region(tracker, "hand-tracker", "cells")
    pitch = cells.w / (t.start + 1)
    return tracker.elements + tuple(
        e
        for i, value in enumerate(range(t.start, -1, -1))
        for e in ctx.piece(
            "hand-zero" if value == 0 else "hand-cell",
            {"number": str(value)},
            pitch,
            cells.h,
            at=(cells.x + i * pitch, cells.y),
        )
    )


def code_tracker(ctx: BuildContext, t: CodeTracker, suits: list[Suit]) -> Elements:
    tracker = ctx.compose("code-tracker", {"label": t.label, "hint": t.hint}, t.width, t.height)
    out: list[Element] = list(tracker.elements)
    rows = region(tracker, "code-tracker", "rows")
    row = rows.h / len(suits)
    for i, suit in enumerate(suits):
        line = ctx.compose(
            "code-row",
            {"name": suit.name, "icon": suit.icon, "color": suit.color},
            rows.w,
            row,
            at=(rows.x, rows.y + rows.h - (i + 1) * row),
        )
        out += line.elements
        boxes = region(line, "code-row", "code")
        pitch = min(t.slot_width, boxes.w / t.slots)
        for k in range(t.slots):
            out += ctx.piece("code-slot", {"color": suit.color}, pitch, boxes.h, at=(boxes.x + k * pitch, boxes.y))
    return tuple(out)


def aid_card(d: PanicData, ctx: BuildContext, w: float, h: float) -> AidSides:
    """The turn on the front; the suit powers, emergence and the end on the back."""
    a = d.aid

    def fill(text: str, key: str) -> str:
        return ctx.fill(text, f"{SLUG}/{FILE}:aid.{key}")

    front, back = aid_sides(
        ctx,
        title=f"{d.title}: player aid",
        color=d.board.color,
        w=w,
        h=h,
        subtitle="Your turn: one basic action and one special action",
    )
    turn: list[Block] = [
        ("note", fill(a.setup, "setup")),
        ("heading", "Basic actions"),
        *(("item", fill(line, f"basic[{i}]")) for i, line in enumerate(a.basic)),
        ("heading", "Special actions"),
        *(("item", fill(line, f"special[{i}]")) for i, line in enumerate(a.special)),
        ("note", fill(a.hand_limit, "hand_limit")),
    ]
    col = back.column
    powers: list[Element] = [
        T(
            text="Suit powers (spend the card)",
            x=col.x,
            y=col.top - 5,
            w=col.w,
            h=5,
            size=9.5,
            bold=True,
            align="left",
            color=d.board.color,
        )
    ]
    row = 7.0
    for i, suit in enumerate(d.suits):
        yy = col.top - 6 - (i + 1) * row
        powers += [
            Icon(ref=suit.icon, cx=col.x + 3, cy=yy + row / 2, size=5.5, color=suit.color),
            T(text=suit.power, x=col.x + 7.5, y=yy, w=col.w - 7.5, h=row, size=8, min_size=5.2, align="left"),
        ]
    rest: list[Block] = [
        ("heading", "Particles emerge"),
        ("item", fill(a.emergence, "emergence")),
        ("heading", "Winning and losing"),
        ("item", fill(a.win_lose, "win_lose")),
        ("heading", fill("Variant: easier with 1 or {small_group} players", "variants")),
        ("item", fill(a.variants, "variants")),
    ]
    return (
        (*front.frame, *front.column.text(turn)),
        (*back.frame, *powers, *col.text(rest, top=col.top - 8 - len(d.suits) * row)),
    )


def documents(d: PanicData, ctx: BuildContext) -> list[DocumentSpec]:
    lines = [ctx.fill(line, f"{SLUG}/{FILE}:board.centre_lines[{i}]") for i, line in enumerate(d.board.centre_lines)]
    d = d.model_copy(update={"board": d.board.model_copy(update={"centre_lines": lines})})
    n, p = ctx.players, d.particles
    w, h = board_size(d.board, d.pawns)
    notes = assembly_for(d.cover, [BOARD_PDF, PIECES_PDF])
    return [
        DocumentSpec(
            filename=BOARD_PDF,
            title="Ring board",
            game_title=d.title,
            sections=[
                Board(
                    title="Board",
                    kind="board",
                    name="Ring board",
                    width=w,
                    height=h,
                    elements=board_elements(d, ctx),
                    background=WHITE,
                )
            ],
            cover=Cover(
                contents=[
                    f"The {d.lab} ring: six spaces, each holding a face-up card stack, "
                    "room beside it for every pawn and up to six particles."
                ],
                assembly=notes[BOARD_PDF],
                bring=d.cover.bring,
            ),
        ),
        DocumentSpec(
            filename=PIECES_PDF,
            title="Particles, pawns and trackers",
            game_title=d.title,
            sections=_pieces(d, ctx),
            cover=Cover(
                contents=[
                    f"{p.count} particle tokens (a full board is 36).",
                    f"{counted(n, 'pawn|pawns')} and {counted(n, 'hand-limit tracker|hand-limit trackers')}.",
                    "One self-destruct code tracker.",
                ],
                assembly=notes[PIECES_PDF],
            ),
        ),
        aids_document(game_title=d.title, layout=lambda aw, ah: aid_card(d, ctx, aw, ah), ctx=ctx),
    ]


def _pieces(d: PanicData, ctx: BuildContext) -> list[Section]:
    """The particle tokens, the pawns, the code tracker and a hand-limit tracker per player."""
    n, p = ctx.players, d.particles
    particle = round_token(
        ctx,
        kind="particle",
        name="Particle token",
        d=p.diameter,
        template="particle-token",
        front=TokenSide(icon=p.icon, color=p.color, background="#fdecee", ring=False),
    )
    pw = d.pawns
    ht = d.hand_tracker
    trackers = [
        Piece(
            kind="hand-tracker",
            name=f"{pawn_name(pw, i)} hand-limit tracker",
            face=hand_tracker(ctx, ht, pw.colors[i % len(pw.colors)], pawn_name(pw, i)),
        )
        for i in range(n)
    ]
    ct = d.code_tracker
    codes = Piece(kind="code-tracker", name="Self-destruct code tracker", face=code_tracker(ctx, ct, d.suits))
    return [
        PieceGroup(
            title="Particle tokens",
            pieces=[particle] * p.count,
            width=p.diameter,
            height=p.diameter,
            shape="round",
            gap=2.5,
        ),
        pawn_standees(ctx, pw, n),
        PieceGroup(title="Code tracker", pieces=[codes], width=ct.width, height=ct.height),
        PieceGroup(title="Hand-limit trackers", pieces=trackers, width=ht.width, height=ht.height, gap=3),
    ]


def invariants(d: PanicData, rules: RulesModel, players: int) -> list[Problem]:
    facts = rules.facts
    problems = check_facts(
        SLUG,
        FILE,
        facts,
        [
            ("spaces", d.board.spaces, "board.spaces", "board spaces"),
            ("particles_per_space", d.board.particle_spots, "board.particle_spots", "particle spots on each space"),
            ("starting_particles", d.board.start_particles, "board.start_particles", "starting particles"),
            ("hand_limit", d.hand_tracker.start, "hand_tracker.start", "hand limit the tracker starts at"),
            ("codes", len(d.suits), "suits", "self-destruct codes (one per suit)"),
            ("code_length", d.code_tracker.slots, "code_tracker.slots", "cards in a code"),
        ],
    )
    full = facts.get("spaces", 6) * facts.get("particles_per_space", 6)
    if d.particles.count < full:
        problems.append(
            Problem(
                SLUG, FILE, "particles.count", "not enough particles to fill the board", f">= {full}", d.particles.count
            )
        )
    if d.board.card_width < 63.5 or d.board.card_height < 88.9:
        problems.append(
            Problem(
                SLUG,
                FILE,
                "board.card_width",
                "a card zone must hold a poker card (63.5 x 88.9 mm)",
                "63.5 x 88.9",
                f"{d.board.card_width:g} x {d.board.card_height:g}",
            )
        )
    per_suit = facts.get("decks", 2) * facts.get("cards_per_deck", 52) // 4
    if per_suit < facts.get("code_length", 5):
        problems.append(Problem(SLUG, "rules.toml", "facts", "too few cards of a suit to enter a code"))
    return problems


GAME = Game(
    slug=SLUG,
    load=load,
    documents=documents,
    invariants=invariants,
    files=(FILE,),
    models={FILE: PanicData},
    promises=Promises(
        headings=("Components", "Setup", "A turn", "Winning and losing", "Example"),
        counts={"pawn": "{count} {count:pawn|pawns}", "hand-tracker": "{count} hand-limit {count:tracker|trackers}"},
    ),
    analysis="pnp.analysis.panic_balance:analyse",
)
