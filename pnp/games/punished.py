"""Punished: three tiered decks with category backs, resource tokens, the stat board, and the
design-rule lint a designer runs after every rewrite."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from pnp.games.contract import (
    SLEEVE_MM,
    TEMPLATE_OUTPUT,
    WHITE,
    Area,
    Block,
    BoundedSandbox,
    BuildContext,
    Cover,
    DocumentSpec,
    Element,
    Elements,
    EveryProblem,
    Game,
    GameSource,
    IconStore,
    LayoutError,
    Piece,
    PieceGroup,
    Problem,
    Promises,
    RulesModel,
    SideLength,
    SlotSpec,
    TemplateLimit,
    TimeLimitExceeded,
    assembly_for,
    balanced_split,
    page_component,
    region,
    size_around,
    text_column,
    time_limit,
)
from pnp.games.contract import Text as T
from pnp.games.punished_data import (
    BOARD,
    CARDS,
    SLUG,
    TEXT,
    BoardFile,
    Card,
    Category,
    Check,
    Deck,
    Effect,
    TextTemplates,
    Tier,
    TierName,
    TokenKind,
    Zone,
)
from pnp.games.punished_lint import design_findings

CARDS_PDF = "cards.pdf"
TOKENS_PDF = "tokens-and-board.pdf"


@dataclass(frozen=True, kw_only=True)
class Punished:
    deck: Deck
    text: TextTemplates
    extras: BoardFile
    wording: Wording

    def tier(self, number: int) -> Tier:
        """Tier 1, 2 or 3 of the deck."""
        return self.deck.tiers[tier_name(number)]


def load(source: GameSource, store: IconStore) -> Punished:
    """The deck, the card-text templates and the board file, each checked, and the wording made once."""
    every = EveryProblem(source)
    deck = every.load(CARDS, Deck, store)
    text = every.load(TEXT, TextTemplates, store)
    extras = every.load(BOARD, BoardFile, store)
    stats = extras.board.stats if extras is not None else []
    icons: dict[str, tuple[str, str]] = {stat.name: (stat.icon, stat.color) for stat in stats}
    wording = every.run(lambda: Wording(text, icons)) if text is not None else None
    every.check()
    assert deck is not None and text is not None and extras is not None and wording is not None
    return Punished(deck=deck, text=text, extras=extras, wording=wording)


# -- wording: card text from data through the jinja2 templates -----------------------------------
TEMPLATE_SECONDS = 2.0  # for every card text of a build together


def _short(text: str) -> str:
    return text if len(text) <= 120 else text[:117] + "..."


def tier_name(tier: int) -> TierName:
    """The key of tier 1, 2 or 3 in cards.toml's [tiers]."""
    names: dict[int, TierName] = {1: "1", 2: "2", 3: "3"}
    return names[tier]


class Wording:
    """Renders effects, checks and abilities with the designer's templates (sandboxed: data only)."""

    def __init__(self, templates: TextTemplates, icons: Mapping[str, tuple[str, str]]):
        from jinja2 import StrictUndefined, TemplateSyntaxError

        env = BoundedSandbox(undefined=StrictUndefined, autoescape=False)
        self.joiner = templates.joiner
        self.hand_label, self.final_label, self.final = templates.hand_label, templates.final_label, templates.final
        self.spent = 0.0  # CPU seconds all card texts took so far: one budget for the deck
        self.icons = icons  # each stat's icon and colour on the stat board, set inline before its name
        self.templates = {}
        for key in ("stat", "loss", "token", "discard", "check", "fallback", "hand"):
            try:
                self.templates[key] = env.from_string(getattr(templates, key))
            except TemplateSyntaxError as exc:
                raise LayoutError(f"{SLUG}/{TEXT}:{key}: template error: {exc.message}") from None

    def _render(self, key: str, **values: object) -> str:
        """One card text, within the sandbox's limits: output length, loop length, time."""
        where = f"{SLUG}/{TEXT}:{key}"
        out: list[str] = []
        size = 0
        started = time.process_time()
        try:
            with time_limit(max(TEMPLATE_SECONDS - self.spent, 0.001), cpu=True):
                for chunk in self.templates[key].generate(**values):
                    size += len(chunk)
                    if size > TEMPLATE_OUTPUT:
                        raise TemplateLimit(f"it writes more than {TEMPLATE_OUTPUT} characters for one card text")
                    out.append(chunk)
        except TemplateLimit as exc:
            raise LayoutError(f"{where}: template error: {exc}") from None
        except TimeLimitExceeded:
            raise LayoutError(
                f"{where}: template error: the card texts took more than {TEMPLATE_SECONDS:g} s of CPU "
                "to write (a loop too long?)"
            ) from None
        except RecursionError:
            raise LayoutError(f"{where}: template error: it calls itself without end") from None
        except Exception as exc:
            raise LayoutError(f"{where}: template error: {type(exc).__name__}: {_short(str(exc))}") from None
        finally:
            self.spent += time.process_time() - started
        return "".join(out)

    def effect(self, e: Effect, flat: bool = False) -> str:
        if e.token:
            return self._render("token", token=e.token)
        if e.discard:
            return self._render("discard", count=e.discard)
        amount = e.amount or 0
        if flat and amount < 0:
            return self._render("loss", stat=e.stat, **self._icon(e.stat), amount=-amount)
        mark = {"temp": "*", "perm": "#", None: ""}[e.lasting]
        return self._render("stat", stat=e.stat, **self._icon(e.stat), amount=e.amount, mark=mark)

    def _icon(self, stat: str | None) -> dict[str, str]:
        """The template values `icon` and `color` of a stat's board icon ("" for SELF)."""
        icon, color = self.icons.get(stat or "", ("", ""))
        return {"icon": icon, "color": color}

    def effects(self, effects: list[Effect], flat: bool = False) -> str:
        return self.joiner.join(self.effect(e, flat) for e in effects)

    def check(self, c: Check) -> str:
        return self._render(
            "check",
            stat=c.stat,
            **self._icon(c.stat),
            threshold=c.threshold,
            cost=self.effects(c.cost),
            effects=self.effects(c.effects),
        )

    def fallback(self, card: Card) -> str:
        return self._render(
            "fallback", checks=bool(card.encounter.checks), effects=self.effects(card.encounter.fallback, flat=True)
        )

    def hand(self, card: Card) -> str:
        if card.hand is None:
            return self.final
        return self._render("hand", action=card.hand.action, effects=self.effects(card.hand.effects))


# -- faces and backs -----------------------------------------------------------------------------
def card_face(ctx: BuildContext, p: Punished, card: Card, i: int) -> Elements:
    """A card's face: the `card` template, with the card's own `layout` laid over."""
    tier = p.tier(card.tier)
    category = p.deck.categories.get(card.category) or Category(name=card.category, combat=False)
    words = p.wording
    usage = [p.deck.usage[u].icon for u in card.usage if u in p.deck.usage]
    values = {
        "name": card.name,
        "icon": card.icon,
        "color": tier.color,
        "category": category.name,
        "tier": tier.name,
        "encounter": "\n".join([words.check(c) for c in card.encounter.checks] + [words.fallback(card)]),
        "hand": words.hand(card),
        "hand_label": words.hand_label if card.hand else words.final_label,
        **{f"usage{k}": (usage[k - 1] if k <= len(usage) else "") for k in (1, 2, 3)},
    }
    return ctx.piece(
        "card", values, ctx.card_w, ctx.card_h, overrides=card.layout, where=(CARDS, ("cards", i, "layout"))
    )


def card_back(ctx: BuildContext, p: Punished, tier_key: int, category: str) -> Elements:
    """The category's back in the tier's colour; a category without a back prints a warning
    instead, and the lint reports it."""
    tier = p.tier(tier_key)
    back = p.deck.backs.get(category)
    w, h = ctx.card_w, ctx.card_h
    if back is None:
        return (T(text=f"NO BACK FOR {category!r}", x=5, y=h / 2 - 5, w=w - 10, h=10, size=10, bold=True, color=WHITE),)
    name = p.deck.categories[category].name if category in p.deck.categories else category
    return ctx.piece(
        "back",
        {
            "icon": back.icon,
            "color": WHITE,
            "title": name,
            "tagline": back.hint,
            "numeral": "I" * tier_key,
            "tier": tier.name,
        },
        w,
        h,
    )


def token_face(ctx: BuildContext, kind: TokenKind, d: float) -> Elements:
    """The icon above the centre, the name below it on up to two lines, clear of the circle."""
    return ctx.piece("resource-token", {"icon": kind.icon, "name": kind.name}, d, d)


def token_rule(p: Punished, kind: TokenKind) -> str:
    words = p.wording
    parts = []
    if kind.on_gain:
        parts.append(f"when gained {words.effects(kind.on_gain)}")
    action = words.effects(kind.discard)
    if kind.extra:
        action = f"{action}{words.joiner if action else ''}{kind.extra}"
    parts.append(f"discard: {action}")
    return f"{kind.name}: " + "; ".join(parts)


def board_elements(p: Punished, ctx: BuildContext, w: float, h: float) -> Elements:
    """The stat board from the `stat-board` template (board.toml): its parts stacked top to bottom;
    this code fills the regions whose contents are counted: the tracks, the limits, the zones."""
    b, lay = p.extras.board, p.extras.board.layout
    (pile_w, pile_h), piles, beside = _zones_placed(p, ctx, w, h)
    row = min(lay.row_max, max(lay.row_min, (h - lay.others - (pile_h if piles else 0)) / max(len(b.stats), 1)))
    beside_lines = -(-len(beside) // lay.beside_per_row)  # rows of zones beside the board
    heights = {
        "stats": row * len(b.stats),
        "limits": lay.limit_row * len(b.limits.lines),
        "zones": pile_h,
        "beside": beside_lines * lay.beside_row + (beside_lines - 1) * lay.zone_gap,
    }
    board = ctx.compose(
        "stat-board",
        {"title": b.title, "self_tag": b.self_tag, "beside": "yes" if beside else "", "piles": "yes" if piles else ""},
        w,
        h,
        overrides={name: SlotSpec(h=SideLength(mm=mm)) for name, mm in heights.items()},
    )
    out: list[Element] = list(board.elements)
    stats = region(board, "stat-board", "stats")
    for i, stat in enumerate(b.stats):
        y = stats.y + stats.h - (i + 1) * row - lay.about
        piece = ctx.compose(
            "stat",
            {
                "name": stat.name,
                "icon": stat.icon,
                "color": stat.color,
                "about": stat.about,
                "start": f"start {stat.start}" + ("  · SELF" if stat.self else ""),
            },
            w,
            row + lay.about,
            at=(0, y),
        )
        out += piece.elements
        track = region(piece, "stat", "track")
        pitch = track.w / (b.track_max + 1)
        for v in range(b.track_max + 1):
            out += ctx.piece(
                "stat-start" if v == stat.start else "stat-cell",
                {"number": str(v), "color": stat.color},
                pitch,
                track.h,
                at=(track.x + v * pitch, track.y),
            )
    limits = region(board, "stat-board", "limits")
    for k, text in enumerate(b.limits.lines):
        line = ctx.fill(text, f"{SLUG}/{BOARD}:board.limits.lines[{k}]")
        out += ctx.piece(
            "limit", {"text": line}, w, lay.limit_row, at=(0, limits.y + limits.h - (k + 1) * lay.limit_row)
        )
    on_board = region(board, "stat-board", "zones") if piles else None
    off_board = region(board, "stat-board", "beside") if beside else None
    out += _zones_drawn(p, ctx, w, (pile_w, pile_h), (piles, on_board), (beside, off_board))
    rules: list[Block] = [("item", token_rule(p, k)) for k in p.extras.tokens.kinds]
    left, right = region(board, "stat-board", "tokens.left"), region(board, "stat-board", "tokens.right")
    half = balanced_split(rules, left.w, lay.token_text)
    for column, blocks in ((left, rules[:half]), (right, rules[half:])):
        out += text_column(
            blocks, column.x, column.y + column.h, column.w, column.h, size=lay.token_text, min_size=lay.token_text_min
        )
    return tuple(out)


def _zones_placed(
    p: Punished, ctx: BuildContext, w: float, h: float
) -> tuple[tuple[float, float], list[Zone], list[Zone]]:
    """A card zone's size (a sleeved card of the build's size), the zones drawn on the board and
    those beside it: a zone that does not fit across the board, or at all, goes beside it."""
    b, lay = p.extras.board, p.extras.board.layout
    frame_w = max(ctx.card_w + SLEEVE_MM, lay.pile_min_w)  # a small card's zone keeps room for its words
    pile_w, pile_h = size_around(ctx, "pile", frame_w, ctx.card_h + SLEEVE_MM, slot="frame")
    piles = [zone for zone in b.zones if not zone.beside]
    room = (h - lay.others - pile_h) / max(len(b.stats), 1) >= lay.row_min
    across = int((w + lay.pile_gap + 1e-6) // (pile_w + lay.pile_gap)) if room else 0
    return (pile_w, pile_h), piles[:across], [zone for zone in b.zones if zone.beside or zone in piles[across:]]


def _zones_drawn(
    p: Punished,
    ctx: BuildContext,
    w: float,
    pile: tuple[float, float],
    piles: tuple[list[Zone], Area | None],
    beside: tuple[list[Zone], Area | None],
) -> list[Element]:
    """The card zones across the board, and the zones beside it in rows."""
    lay = p.extras.board.layout
    pile_w, pile_h = pile
    out: list[Element] = []
    (on, zones), (off, area) = piles, beside
    if zones is not None:
        gap = (w - len(on) * pile_w) / max(len(on) - 1, 1)
        for i, zone in enumerate(on):
            out += ctx.piece(
                "pile", {"name": zone.name, "about": zone.about}, pile_w, pile_h, at=(i * (pile_w + gap), zones.y)
            )
    if area is not None:
        abreast = min(len(off), lay.beside_per_row)
        area_w = (w - lay.zone_gap * (abreast - 1)) / abreast
        for i, zone in enumerate(off):
            line_no, place = divmod(i, abreast)
            out += ctx.piece(
                "beside-zone",
                {"name": zone.name, "about": zone.about},
                area_w,
                lay.beside_row,
                at=(
                    place * (area_w + lay.zone_gap),
                    area.y + area.h - (line_no + 1) * lay.beside_row - line_no * lay.zone_gap,
                ),
            )
    return out


def documents(p: Punished, ctx: BuildContext) -> list[DocumentSpec]:
    w, h = ctx.card_w, ctx.card_h
    notes = assembly_for(p.extras.cover, [CARDS_PDF, TOKENS_PDF])
    decks = []
    contents = []
    backs = {
        (tier, category): card_back(ctx, p, tier, category)  # one per tier and category
        for tier, category in sorted({(c.tier, c.category) for c in p.deck.cards})
    }
    for tier_key in (1, 2, 3):
        tier = p.tier(tier_key)
        cards = [(i, c) for i, c in enumerate(p.deck.cards) if c.tier == tier_key]
        decks.append(
            PieceGroup(
                title=f"Tier {tier_key} cards",
                pieces=[
                    Piece(
                        kind=f"tier-{tier_key}",
                        name=c.name,
                        face=card_face(ctx, p, c, i),
                        back=backs[tier_key, c.category],
                        back_name=f"tier-{tier_key}/{c.category}",
                        background=tier.tint,
                        back_background=tier.color,
                    )
                    for i, c in cards
                ],
                width=w,
                height=h,
            )
        )
        contents.append(f"{len(cards)} {tier.name} cards (tier {tier_key}).")
    docs = [
        DocumentSpec(
            filename=CARDS_PDF,
            title="Encounter cards, tiers 1 to 3",
            sections=decks,
            cover=Cover(
                contents=[*contents, "The three tiers share sheets: sort them by the tier numeral on the backs."],
                assembly=notes[CARDS_PDF],
                bring=p.extras.cover.bring,
                notes=[p.extras.cover.tiers, p.extras.cover.guardians],
            ),
            game_title="Punished",
        )
    ]
    tk = p.extras.tokens
    tokens = [
        piece
        for k in tk.kinds
        for piece in [Piece(kind="token", name=k.name, face=token_face(ctx, k, tk.diameter), background="#f3f0ea")]
        * tk.copies
    ]
    docs.append(
        DocumentSpec(
            filename=TOKENS_PDF,
            title="Resource tokens and stat board",
            sections=[
                PieceGroup(
                    title="Resource tokens", pieces=tokens, width=tk.diameter, height=tk.diameter, shape="round", gap=3
                ),
                page_component(
                    title="Stat board",
                    kind="stat-board",
                    name="Stat board",
                    ctx=ctx,
                    layout=lambda bw, bh: board_elements(p, ctx, bw, bh),
                ),
            ],
            cover=Cover(
                contents=[
                    f"{len(tokens)} resource tokens ({tk.copies} of each of the {len(tk.kinds)} kinds).",
                    "The stat board with the MAW, BONE, ICHOR and PAIN tracks, limits and zones.",
                ],
                assembly=notes[TOKENS_PDF],
            ),
            game_title="Punished",
        )
    )
    return docs


def invariants(p: Punished, rules: RulesModel, players: int) -> list[Problem]:
    """The design notes' rules, one named check each (`design_findings`)."""
    return design_findings(p.deck, p.extras, rules)


GAME = Game(
    slug=SLUG,
    load=load,
    documents=documents,
    invariants=invariants,
    files=(CARDS, TEXT, BOARD),
    models={CARDS: Deck, TEXT: TextTemplates, BOARD: BoardFile},
    promises=Promises(
        headings=("Components", "Setup", "A turn", "Decks and the end", "Example"),
        counts={"tier-1": "{} red cards", "tier-2": "{} purple", "tier-3": "{} black"},
    ),
    analysis="pnp.analysis.punished_balance:analyse",
)
