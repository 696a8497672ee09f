"""Pieces that work on the table, measured on the default build's PDFs: text on a cut piece keeps
clear of its cut line and stays readable."""

from __future__ import annotations

import io
import json
import math

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from conftest import placed_in

MM = 72 / 25.4
CLEAR = 1.5 * MM  # text keeps this far inside a cut line
CLEARANCE = 1.5 * MM  # a piece on a board keeps this from the others and from its space's edge
SMALLEST = 5.0  # pt


def characters(path, number):
    """(char, box in points, font size) of every visible character on page `number` (1-based)."""
    document = pdfium.PdfDocument(str(path))
    text = document[number - 1].get_textpage()
    out = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if not char.strip():
            continue
        out.append((char, text.get_charbox(i), raw.FPDFText_GetFontSize(text.raw, i)))
    return out


def test_text_on_cut_pieces_keeps_clear_of_the_cut_and_is_readable(default_build):
    """Every character printed on a card, token, tracker or standee: at least 1.5 mm inside the
    piece's cut line (its circle, for a round token) and at least 5 pt."""
    checked = 0
    problems = []
    for manifest_path in sorted(default_build.glob("*/manifest.json")):
        manifest = json.loads(manifest_path.read_text())
        pieces = [p for p in manifest["placed"] if p["shape"]]
        by_page: dict[tuple[str, int], list[dict]] = {}
        for piece in pieces:
            by_page.setdefault((piece["document"], piece["page"]), []).append(piece)
        for (document, page), placed in by_page.items():
            for char, (left, bottom, right, top), size in characters(manifest_path.parent / document, page):
                cx, cy = (left + right) / 2, (bottom + top) / 2
                for p in placed:
                    x, y, w, h = (p["box"][k] * MM for k in ("x", "y", "w", "h"))
                    if not (x <= cx <= x + w and y <= cy <= y + h):
                        continue
                    if p["shape"] == "round":
                        r = w / 2
                        far = max(math.hypot(px - x - r, py - y - r) for px in (left, right) for py in (bottom, top))
                        clear = r - far
                    else:
                        clear = min(left - x, bottom - y, x + w - right, y + h - top)
                    checked += 1
                    if clear < CLEAR - 0.05 or size < SMALLEST - 0.01:
                        problems.append(
                            f"{manifest['game']}/{document} p{page} {p['name']!r} {char!r}: "
                            f"{clear / MM:.2f} mm from the cut, {size:.2f} pt"
                        )
    print(sorted({p.split(" ")[0] + " " + p.split("'")[1] for p in problems}))
    assert checked > 5000
    assert not problems, f"{len(problems)} characters too near a cut or too small, e.g. " + "; ".join(
        sorted(set(problems))[:12]
    )


SAFE = 3.0  # mm: the safe zone, where a frame may start inside the trim


def test_frames_on_cut_pieces_sit_in_the_safe_zone(default_build):
    """Print round four: frames 0.8-1.2 mm inside the trim show a small cutting error. Every
    stroked outline that frames a cut piece (a path covering most of it: card, aid, tracker, a
    token's ring, front or back) runs at least 3 mm inside its trim."""
    from pdfscan import scan

    checked, problems = 0, []
    for manifest_path in sorted(default_build.glob("*/manifest.json")):
        manifest = json.loads(manifest_path.read_text())
        pieces = [p for p in manifest["placed"] if p["shape"]]
        for document in sorted({p["document"] for p in pieces}):
            pages = scan(manifest_path.parent / document, text=False)
            for piece in (p for p in pieces if p["document"] == document):
                x, y, w, h = (piece["box"][k] * MM for k in ("x", "y", "w", "h"))
                for x0, y0, x1, y1 in pages[piece["page"] - 1].strokes:
                    if not (x <= (x0 + x1) / 2 <= x + w and y <= (y0 + y1) / 2 <= y + h):
                        continue
                    if x1 - x0 < 0.6 * w or y1 - y0 < 0.6 * h or x0 < x - 0.01 or x1 > x + w + 0.01:
                        continue  # not a frame of this piece: a line, an inner box, a cut line on its edge
                    inset = min(x0 - x, y0 - y, x + w - x1, y + h - y1) / MM  # a ring: its distance from the circle
                    if inset < 0.05:
                        continue  # the cut line itself, a hairline on the trim
                    checked += 1
                    if inset < SAFE - 0.01:
                        problems.append(
                            f"{manifest['game']}/{document} p{piece['page']} {piece['name']!r}: {inset:.2f} mm"
                        )
    assert checked >= 200
    assert not problems, f"{len(problems)} frames inside the safe zone: " + "; ".join(sorted(set(problems))[:10])


ZONE_CASES = [("poker", "a4"), ("poker", "letter"), ("bridge", "a4"), ("mini", "letter"), ("tarot", "a4")]


@pytest.mark.parametrize("card, paper", ZONE_CASES, ids=[f"{c}-{p}" for c, p in ZONE_CASES])
def test_the_punished_card_zones_hold_a_sleeved_card_of_the_builds_size(tmp_path, card, paper):
    """Deck, Active and Discard are drawn at least the --card size plus a sleeve (66 x 91 mm for a
    poker card), named above their frames; a zone that does not fit on the board (tarot cards) is
    a labelled area beside it, as Hand, Burnt and Tokens always are."""
    from pdfscan import scan

    from pnp.files.paths import shipped_icons_dir
    from pnp.geometry import CARDS, SLEEVE_MM
    from pnp.pipeline.build import build_game
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    result = build_game("punished", Settings(card=card, paper=paper), IconStore(shipped_icons_dir()))
    (doc,) = [d for d in result.documents if d.filename == "tokens-and-board.pdf"]
    (board,) = [p for p in scan(doc.pdf) if "stat board" in p.text()]
    w, h = ((v + SLEEVE_MM) * MM for v in CARDS[card])
    holders = [r for r in board.rects if r[2] >= w - 0.3 and r[3] >= h - 0.3 and r[2] < board.width / 2]
    on_board = [
        name
        for name in ("Deck", "Active", "Discard")
        if any(
            t == name and any(r[0] - 0.5 <= x <= r[0] + r[2] and 0 < y - (r[1] + r[3]) < 12 * MM for r in holders)
            for t, x, y in board.texts
        )
    ]
    text = board.text()
    beside = text[text.index("Beside the board") :]
    assert all(name in beside for name in ("Deck", "Active", "Discard") if name not in on_board)
    assert len(holders) == len(on_board)
    assert len(on_board) == (0 if card == "tarot" else 3), on_board
    assert all(name in beside for name in ("Hand", "Burnt", "Tokens"))


def base(width: float) -> tuple[float, float]:
    """A standee's footprint in mm on the table: its width, and its two base tabs folded out."""
    from pnp.games.kit import standee_tab

    return width, 2 * standee_tab(width)


@pytest.mark.parametrize("players", [4, 10, 20])
def test_limbo_and_every_track_space_hold_every_players_pawn(players):
    """Straight-to: LIMBO, where every pawn starts, has a spot for each pawn of the game (six at
    least, the rules' largest game) with 1.5 mm round the pawn, inside its box, not overlapping;
    every track space is deep enough for all of them two abreast with 1.5 mm round each (the
    rules let any number share a space); the track grows taller for a larger game."""
    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import plan_game
    from pnp.render.elements import Box, Circle, Text
    from pnp.render.specs import Board
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    plan = plan_game("straight-to", Settings(players=players), IconStore(shipped_icons_dir()))
    (board,) = [s for spec in plan.specs for s in spec.sections if isinstance(s, Board)]
    label = next(e for e in board.elements if isinstance(e, Text) and e.text == "LIMBO")
    limbo = next(
        e
        for e in board.elements
        if isinstance(e, Box)
        and e.x <= label.x
        and e.x + e.w >= label.x + label.w
        and e.y <= label.y
        and e.y + e.h >= label.y + label.h
        and e.w < board.width / 2
    )
    pawn = plan.data.pawns.diameter
    count = max(6, players)
    spots = [(e.cx - e.r, e.cy - e.r, 2 * e.r, 2 * e.r) for e in board.elements if isinstance(e, Circle)]
    spots = [s for s in spots if abs(s[2] - (pawn + 3)) < 0.01]
    assert len(spots) == count
    assert all(_inside(s, (limbo.x, limbo.y, limbo.w, limbo.h), 0) for s in spots)
    assert all(_apart(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :])
    space = plan.data.track.space
    spaces = [e for e in board.elements if isinstance(e, Box) and abs(e.w - space) < 0.01 and e.h >= space - 0.01]
    assert len(spaces) >= 30
    rows = -(-count // 2)
    assert 2 * pawn + 3 * 1.5 <= space and all(e.h >= rows * pawn + (rows + 1) * 1.5 - 0.01 for e in spaces)
    assert all(_apart((a.x, a.y, a.w, a.h), (limbo.x, limbo.y, limbo.w, limbo.h)) for a in spaces)
    assert all(0 <= e.y and e.y + e.h <= board.height for e in spaces)


def test_a_game_too_large_for_the_track_is_refused_by_name(run):
    result = run("build", "straight-to", "--players", "30")
    assert result.exit_code == 1
    assert placed_in("components.toml:track.height: no room for 30 pawns on every space and in LIMBO", result.output)
    assert "Traceback" not in result.output


def _inside(inner, outer, slack=0.2 * MM):
    return (
        outer[0] - slack <= inner[0]
        and inner[0] + inner[2] <= outer[0] + outer[2] + slack
        and outer[1] - slack <= inner[1]
        and inner[1] + inner[3] <= outer[1] + outer[3] + slack
    )


def _gap(a, b):
    """How far apart two boxes (x, y, w, h) are, along the axis they are apart on."""
    return max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]), b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]))


def _apart(a, b):
    return (
        a[0] + a[2] <= b[0] + 0.05
        or b[0] + b[2] <= a[0] + 0.05
        or a[1] + a[3] <= b[1] + 0.05
        or b[1] + b[3] <= a[1] + 0.05
    )


PANIC_CASES = [(paper, mode) for paper in ("a4", "letter") for mode in ("long", "short", "fold", "off")]


@pytest.mark.parametrize("paper, mode", PANIC_CASES, ids=[f"{p}-{m}" for p, m in PANIC_CASES])
def test_particle_panic_spaces_hold_four_pawns_and_six_particles_beside_the_stack(paper, mode):
    """Each of the six spaces, read from the printed tiles: beside its card stack (never on it)
    four boxes a standing pawn's base fits with 1.5 mm all round and six particle spots a token fits
    with 1 mm all round, none overlapping another; "pawns start here" printed on space 1 where no
    card covers it."""
    import tomllib

    from pdfscan import scan
    from printbuilds import built

    from pnp.files.paths import shipped_layouts_dir

    data = tomllib.loads((shipped_layouts_dir() / "particle-panic" / "components.toml").read_text())
    foot_w, foot_d = (v * MM for v in base(data["pawns"]["width"]))
    token = (data["particles"]["diameter"] + 2) * MM
    board = next(doc for doc in built(paper, "0", mode)["particle-panic"].documents if doc.filename == "board.pdf")
    spaces = 0
    for page in scan(board.pdf):
        trim = (MM * 5, MM * 5, page.width - MM * 10, page.height - MM * 10)
        for text, x, y in page.texts:
            if text != "card stack":
                continue
            stack = min(
                (
                    r
                    for r in page.rects
                    if r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3] and r[2] >= 63.5 * MM and r[3] >= 88.9 * MM
                ),
                key=lambda r: r[2] * r[3],
            )
            outlines = [(c[0], c[1], c[2] - c[0], c[3] - c[1]) for c in page.curves]  # rounded boxes
            space = min(
                (r for r in outlines if _inside(stack, r) and r[2] > stack[2] + 40 * MM), key=lambda r: r[2] * r[3]
            )
            if not _inside(space, trim):
                continue  # a neighbour's edge on a tile's glue strip
            spaces += 1
            boxes = {
                tuple(round(v, 1) for v in r[:4])
                for r in page.rects
                if abs(r[2] - foot_w - 2 * CLEARANCE) < 0.2 * MM
                and abs(r[3] - foot_d - 2 * CLEARANCE) < 0.2 * MM
                and _inside(r, space)
            }  # a path drawn twice is one
            spots = {
                (round(c[0], 1), round(c[1], 1), round(c[2] - c[0], 1), round(c[3] - c[1], 1))
                for c in page.curves
                if _inside((c[0], c[1], c[2] - c[0], c[3] - c[1]), space)
                and c[2] - c[0] >= token - 0.1 * MM
                and abs((c[2] - c[0]) - (c[3] - c[1])) < 0.1 * MM
                and c[2] - c[0] < 30 * MM
            }
            assert len(boxes) >= 4 and len(spots) == 6, (paper, mode, len(boxes), len(spots))
            things = [stack, *boxes, *spots]
            assert all(_apart(a, b) for i, a in enumerate(things) for b in things[i + 1 :]), (paper, mode)
            # the pieces themselves, as they lie: a poker card centred on the stack's frame, a
            # particle token centred on its spot, a pawn's base centred in its box; 1.5 mm apart and in
            card = (63.5 * MM, 88.9 * MM)
            pieces = [
                (stack[0] + (stack[2] - card[0]) / 2, stack[1] + (stack[3] - card[1]) / 2, *card),
                *((x + (w - foot_w) / 2, y + (h - foot_d) / 2, foot_w, foot_d) for x, y, w, h in boxes),
                *(
                    (x + (w - token + 2 * MM) / 2, y + (h - token + 2 * MM) / 2, token - 2 * MM, token - 2 * MM)
                    for x, y, w, h in spots
                ),
            ]
            assert all(_gap(a, b) >= CLEARANCE - 0.1 * MM for i, a in enumerate(pieces) for b in pieces[i + 1 :]), (
                paper,
                mode,
                min(_gap(a, b) for i, a in enumerate(pieces) for b in pieces[i + 1 :]) / MM,
            )
            assert all(_inside(piece, space, -CLEARANCE) for piece in pieces), (paper, mode)
        for text, x, y in page.texts:
            if text == "pawns start here":
                assert not any(
                    r[2] >= 63.5 * MM and r[3] >= 88.9 * MM and r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3]
                    for r in page.rects
                    if r[2] < 80 * MM
                ), (paper, mode)
    assert spaces == 6, (paper, mode, spaces)
    assert sum(p.text().count("pawns start here") for p in scan(board.pdf)) >= 1


SEAM_CLEAR = 3.0  # mm from a seam to any outline or letter


def outlines(elements, dx=0.0, dy=0.0):
    """(x0, x1) in board mm of every stroked box and circle smaller than the board's halves, found
    through the groups they sit in."""
    from pnp.render.elements import Box, Circle, Group

    for e in elements:
        if isinstance(e, Group) and not e.rotate:
            yield from outlines(e.elements, dx + e.dx, dy + e.dy)
        elif isinstance(e, Box) and e.stroke:
            yield e, (dx + min(e.x, e.x + e.w), dx + max(e.x, e.x + e.w))
        elif isinstance(e, Circle) and e.stroke:
            yield e, (dx + e.cx - e.r, dx + e.cx + e.r)


def test_a_seam_falls_at_the_even_split_or_as_near_it_as_a_space_allows():
    """Two tiles of a 500 mm board split it in half; a space astride the half moves the seam to the
    nearest place 3 mm clear of it (the lower side on a tie), not to any clear place."""
    from pnp.render.boards import _cuts

    assert _cuts(500, 270, []) == [0.0, 250.0, 500]
    assert _cuts(500, 270, [(245, 255)]) == [0.0, 242.0, 500]  # 242 and 258 lie 8 mm off: the first
    assert _cuts(500, 270, [(246, 255)]) == [0.0, 243.0, 500]
    assert _cuts(500, 270, [(244, 253)]) == [0.0, 256.0, 500]


SEAM_CASES = [
    *(
        (game, paper, "none", bleed)
        for game in ("straight-to", "particle-panic")
        for paper in ("a4", "letter")
        for bleed in ("0", "3mm")
    ),
    ("particle-panic", "letter", "silhouette", "0"),  # a cutting machine's build tiles its boards as a hand-cut one
]
SHEETS = {"straight-to": 2, "particle-panic": 3}  # a board's tiles on A4 or Letter, with bleed or without


@pytest.mark.parametrize("game, paper, cutter, bleed", SEAM_CASES, ids=["-".join(case) for case in SEAM_CASES])
def test_board_seams_keep_clear_of_spaces_and_text(tmp_path, game, paper, cutter, bleed):
    """Each tile's cut edge (the one laid over the next tile) is at least 3 mm from every space's
    outline and every letter printed on the tile; the seam's own notes print outside the tile or
    in the covered glue strip. A seam closer than that leaves a space's edge on the other sheet.
    Bleed grows only the board's outer edges, so it costs no tile."""
    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import build_game, plan_game
    from pnp.render.specs import Board
    from pnp.source.icons import IconStore
    from pnp.source.settings import Length, Settings

    store = IconStore(shipped_icons_dir())
    result = build_game(game, Settings(paper=paper, cutter=cutter, bleed=Length.parse(bleed)), store)
    tiles = [p for p in result.manifest.placed if p.tile]
    assert len(tiles) == SHEETS[game]
    (doc,) = [d for d in result.documents if d.filename == tiles[0].document]
    (tmp_path / doc.filename).write_bytes(doc.pdf)
    (board,) = [
        s for spec in plan_game(game, Settings(paper=paper), store).specs for s in spec.sections if isinstance(s, Board)
    ]
    shapes = [(e, span) for e, span in outlines(board.elements) if span[1] - span[0] < board.width / 2]
    assert len(shapes) >= 6
    cuts = sorted({t.box.x + t.box.w for t in tiles})[:-1]  # board x of every cut
    for cut in cuts:
        near = [span for _, span in shapes if span[0] - SEAM_CLEAR < cut < span[1] + SEAM_CLEAR]
        assert not near, f"{game} {paper}: the cut at {cut:.1f} mm is within {SEAM_CLEAR} mm of outlines {near}"
    for tile in tiles:
        cut = tile.box.x + tile.box.w
        if cut >= board.width - 0.01:
            continue  # the last tile has no cut edge
        page_cut = (tile.tile.page_x + tile.box.w) * MM
        low, high = tile.tile.page_y * MM, (tile.tile.page_y + tile.box.h) * MM
        glue = tile.tile.page_x * MM + (12 * MM if tile.box.x > 0 else 0)
        for char, (left, bottom, right, top), _ in characters(tmp_path / doc.filename, tile.page):
            if not low <= (bottom + top) / 2 <= high or right > page_cut or left < glue:
                continue  # furniture, the cut's note beyond the cut, the glue strip's note
            assert right < page_cut - SEAM_CLEAR * MM, (
                f"{game} {paper} page {tile.page}: {char!r} at {left / MM:.1f}-{right / MM:.1f} mm, "
                f"{(page_cut - right) / MM:.1f} mm from the cut at {page_cut / MM:.1f}"
            )


MARK_CASES = [(paper, bleed) for paper in ("a3", "tabloid") for bleed in ("0", "3mm")]


@pytest.mark.parametrize("paper, bleed", MARK_CASES, ids=[f"{p}-{b}" for p, b in MARK_CASES])
def test_every_cut_line_is_marked_at_both_ends_on_large_paper(paper, bleed):
    """Exit's cards and tokens on A3 and Tabloid, with and without bleed: every cut line has a crop
    mark at both ends outside the bleed (A4 and Letter in every mode: test_whole_file_duplex); the
    furniture is upright."""
    from cutlines import unmarked_cut_ends
    from pdfscan import scan

    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import build_game
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    margin = 3 if bleed != "0" else 5
    settings = Settings(paper=paper, bleed=bleed, margin=f"{margin}mm")
    result = build_game("exit-from-purgatory", settings, IconStore(shipped_icons_dir()))
    doc = next(d for d in result.documents if d.filename == "cards.pdf")
    assert unmarked_cut_ends(doc.pdf, doc.placed, float(bleed.rstrip("m")), margin, f"{paper} {bleed}") == []
    for number, page in enumerate(scan(doc.pdf), start=1):
        cards = [p for p in doc.placed if p.page == number]
        if cards:
            head = max((t for t in page.texts if t[0] == "Exit from Purgatory"), key=lambda t: t[2])
            top = max(p.box.y + p.box.h for p in cards) * MM
            assert head[2] > top and head[1] < page.width / 2  # upright, across the top


EDGE_CASES = [
    (game, paper, bleed)
    for game in ("straight-to", "particle-panic")
    for paper in ("a3", "tabloid")
    for bleed in (0, 3)
]


@pytest.mark.parametrize("game, paper, bleed", EDGE_CASES, ids=[f"{g}-{p}-{b}mm" for g, p, b in EDGE_CASES])
def test_nothing_prints_beyond_a_boards_cut_but_its_bleed_and_marks(game, paper, bleed):
    """A board printed whole (A3, Tabloid): every inked pixel of its page's content area lies on
    the board, in its bleed, or on a crop mark's line; with --bleed the colour at each edge runs on
    into the bleed (the track's tints: 1.5 mm outside matches 0.3 mm inside)."""
    import pypdfium2 as pdfium

    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import build_game
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    settings = Settings(paper=paper, bleed=f"{bleed}mm", margin="3mm" if bleed else "5mm")
    result = build_game(game, settings, IconStore(shipped_icons_dir()))
    (board,) = [p for p in result.manifest.placed if p.kind in ("board", "track")]
    assert board.tile is None
    (doc,) = [d for d in result.documents if d.filename == board.document]
    page = pdfium.PdfDocument(doc.pdf)[board.page - 1]
    dpmm = 6.0
    image = page.render(scale=dpmm * 25.4 / 72).to_pil().convert("RGB")
    height_mm = page.get_size()[1] / MM
    b = board.box
    art = (b.x - bleed - 0.3, b.y - bleed - 0.3, b.x + b.w + bleed + 0.3, b.y + b.h + bleed + 0.3)
    lines_x, lines_y = (b.x, b.x + b.w), (b.y, b.y + b.h)
    pixels = image.load()
    stray = []
    top_band, foot_band = 9.0, 10.0  # the page's own header and footer, within the margin
    for py in range(0, image.height, 2):
        y = height_mm - (py + 0.5) / dpmm
        if y < foot_band or y > height_mm - top_band:
            continue
        for px in range(0, image.width, 2):
            x = (px + 0.5) / dpmm
            if art[0] <= x <= art[2] and art[1] <= y <= art[3]:
                continue
            if min(abs(x - v) for v in lines_x) < 0.5 or min(abs(y - v) for v in lines_y) < 0.5:
                continue  # a crop mark's line
            if min(pixels[px, py]) < 245:
                stray.append((round(x, 1), round(y, 1), pixels[px, py]))
    assert not stray, f"{len(stray)} inked pixels beyond the cut, e.g. {stray[:5]}"
    if bleed:

        def at(x, y):
            return pixels[int(x * dpmm), int((height_mm - y) * dpmm)]

        same = total = 0
        for k in range(1, 20):
            t = k / 20
            for inside, outside in (
                ((b.x + 0.3, b.y + t * b.h), (b.x - 1.5, b.y + t * b.h)),
                ((b.x + b.w - 0.3, b.y + t * b.h), (b.x + b.w + 1.5, b.y + t * b.h)),
                ((b.x + t * b.w, b.y + 0.3), (b.x + t * b.w, b.y - 1.5)),
                ((b.x + t * b.w, b.y + b.h - 0.3), (b.x + t * b.w, b.y + b.h + 1.5)),
            ):
                total += 1
                same += max(abs(p - q) for p, q in zip(at(*inside), at(*outside))) < 12
        assert same >= 0.9 * total, f"only {same} of {total} edge samples run on into the bleed"


INK_CASES = [(paper, mode) for paper in ("a4", "letter") for mode in ("long", "short", "fold", "off")]


@pytest.mark.parametrize("paper, mode", INK_CASES, ids=[f"{p}-{m}" for p, m in INK_CASES])
def test_the_ink_saver_keeps_pawns_and_tiers_apart_without_colour(paper, mode):
    """With --ink-saver every pawn still carries its own player number (a standee on both sides), in
    black on white, and Punished's print guide orders the decks by the numeral printed on their
    backs, which every back carries; the icons on the pawns' and cards' pages are light inside a
    dark outline."""
    from pdfscan import scan

    from pnp.files.paths import shipped_icons_dir
    from pnp.pipeline.build import build_game
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    settings = Settings(paper=paper, duplex=mode, ink_saver=True)
    store = IconStore(shipped_icons_dir())
    for game in ("straight-to", "particle-panic"):
        result = build_game(game, settings, store)
        pawns = [p for p in result.manifest.placed if p.kind == "pawn"]
        assert len(pawns) == 4, game
        doc = next(d for d in result.documents if d.filename == pawns[0].document)
        pages = scan(doc.pdf)
        numbers = []
        for pawn in pawns:
            x, y, w, h = (v * MM for v in (pawn.box.x, pawn.box.y, pawn.box.w, pawn.box.h))
            inside = [
                t
                for t, (left, bottom, right, top) in pages[pawn.page - 1].boxes
                if x <= left and right <= x + w and y <= bottom and top <= y + h and t.strip().isdigit()
            ]
            assert len(inside) == (1 if pawn.shape == "round" else 2), (
                game,
                pawn.name,
                inside,
            )  # a standee: both sides
            numbers.append(inside[0].strip())
        assert sorted(numbers) == ["1", "2", "3", "4"], (game, numbers)
        if any(pawn.shape == "rect" for pawn in pawns):  # standees carry an icon; flat pawns, only their number
            assert outlined_icons(doc.pdf, f"{game}/{doc.filename} {paper} {mode}") >= 4  # the pawns' at least
    result = build_game("punished", settings, store)
    guide = " ".join(p.text() for p in scan(next(d for d in result.documents if d.filename == "rules.pdf").pdf))
    assert "deck I (red backs), then deck II (purple), then deck III (black)" in guide
    cards = next(d for d in result.documents if d.filename == "cards.pdf")
    pages = scan(cards.pdf)
    for back in (p for p in result.manifest.placed if p.side == "back" and p.document == "cards.pdf"):
        x, y, w, h = (v * MM for v in (back.box.x, back.box.y, back.box.w, back.box.h))
        texts = {
            t.strip()
            for t, (left, bottom, right, top) in pages[back.page - 1].boxes
            if x <= left and right <= x + w and y <= bottom and top <= y + h
        }
        assert texts & {"I", "II", "III"}, (back.name, texts)
    assert outlined_icons(cards.pdf, f"punished/cards.pdf {paper} {mode}") >= 9


TWO_UP_KINDS = ("mat", "gamesheet", "stat-board", "reference")  # page components, the rules sheet too


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_page_components_print_two_to_a_large_sheet(paper):
    """On A3 and Tabloid, mats, gamesheets, the stat board and the rules sheet are laid out for
    half the sheet (an A4 or Letter page) and printed two to a landscape sheet: each lies wholly
    in one half and its text is drawn there, nothing of it crosses the dashed centre cut, every
    such page but a file's last holds two halves, and the print guide lists each file's pages and
    says to cut them in two."""
    from pdfscan import scan
    from printbuilds import built

    from pnp.geometry import Size

    size = Size.paper(paper)
    long, short = max(size.width, size.height), min(size.width, size.height)
    centre = long / 2
    halved = 0
    for game, result in built(paper).items():
        rules = pdfium.PdfDocument(next(d.pdf for d in result.documents if d.filename == "rules.pdf"))
        guide = " ".join(" ".join(page.get_textpage().get_text_range() for page in rules).split())
        for doc in result.documents:
            parts = [p for p in doc.placed if p.kind in TWO_UP_KINDS]
            if not parts:
                continue
            halved += 1
            numbers = sorted({p.page for p in parts})
            scans = scan(doc.pdf, numbers)
            pages = len(pdfium.PdfDocument(doc.pdf))
            listed = f"{doc.filename}: {pages} page{'s' * (pages != 1)}, {pages} sheet{'s' * (pages != 1)} Print "
            assert listed + "single-sided, then cut each page of two halves apart" in guide, (game, doc.filename)
            for number in numbers:
                page, label = scans[number - 1], f"{game}/{doc.filename} {paper} page {number}"
                assert (page.width, page.height) == pytest.approx((long, short), abs=0.5), label
                boxes = [p.box for p in parts if p.page == number]
                halves = set()
                for box in boxes:
                    left, right = box.x * MM, (box.x + box.w) * MM
                    assert right <= centre + 0.01 or left >= centre - 0.01, (label, box)
                    inside = [
                        t
                        for t, b in page.boxes
                        if left <= (b[0] + b[2]) / 2 <= right
                        and box.y * MM <= (b[1] + b[3]) / 2 <= (box.y + box.h) * MM
                    ]
                    assert inside, (label, box)  # drawn where the record says
                    halves.add(left >= centre - 0.01)
                assert number == numbers[-1] or halves == {False, True}, label
                low, high = min(b.y for b in boxes) * MM, max(b.y + b.h for b in boxes) * MM
                across = [t for t, b in page.boxes if b[0] < centre < b[2] and low <= b[1] and b[3] <= high]
                assert across == [], (label, across)
    assert halved >= 8  # Exit's mats, Seven Steps' gamesheets, Punished's stat board, five rules sheets


def outlined_icons(pdf: bytes, label: str) -> int:
    """Check every icon larger than a small badge on a file's first two pages is mostly light
    inside a thin dark outline (little toner, still plainly visible); how many were checked."""
    from pdfscan import scan

    document = pdfium.PdfDocument(pdf)
    checked = 0
    for number, page in enumerate(scan(pdf, [1, 2][: len(document)]), start=1):
        if page is None:
            continue
        image = document[number - 1].render(scale=100 / 72).to_pil().convert("L")
        for name, (left, bottom, right, top) in page.placed_forms:
            size = right - left
            if (
                ".icon_" not in name
                or size < 12 * MM
                or left < 0
                or bottom < 0
                or right > page.width
                or top > page.height
            ):
                continue  # a badge, or on another tile of the board
            box = [round(v * 100 / 72) for v in (left, page.height - top, right, page.height - bottom)]
            pixels = image.crop(box).tobytes()
            dark = sum(p < 90 for p in pixels) / len(pixels)
            tinted = sum(p < 240 for p in pixels) / len(pixels)
            where = f"{label} page {number} {name} {size / MM:.0f} mm"
            assert 0.005 < dark < 0.2 and tinted > 0.1, (where, round(dark, 3), round(tinted, 3))
            checked += 1
    return checked


def test_the_ink_saver_draws_icons_light_inside_a_dark_outline():
    """With --ink-saver, on A4 with long-edge backs, the icons of every game's files are light
    inside a dark outline (the other modes and Letter: the pawns and tiers test above)."""
    from printbuilds import built

    checked = sum(
        outlined_icons(doc.pdf, f"{game}/{doc.filename}")
        for game, result in built("a4", ink_saver=True).items()
        for doc in result.documents
    )
    assert checked > 50


def test_a_turned_card_is_pictured_upright():
    """On letter paper Straight-to's Soul cards lie turned on the sheet; the gallery's picture of
    one stands upright, its band at the top, as a player holds it."""
    from PIL import Image, ImageStat
    from printbuilds import built

    from pnp.memory import BuildMemory
    from pnp.pipeline.thumbnails import thumbnails

    result = built("letter")["straight-to"]
    assert next(p for p in result.manifest.placed if p.kind == "soul-good" and p.counted).turned  # the one cut
    picture = Image.open(
        io.BytesIO(
            thumbnails(result.documents, result.manifest.placed, result.manifest.designs, BuildMemory())["soul-good"]
        )
    ).convert("L")
    assert picture.height > picture.width * 1.3
    strip = picture.height // 10
    top, bottom = (
        ImageStat.Stat(picture.crop((0, y, picture.width, y + strip))).mean[0] for y in (0, picture.height - strip)
    )
    assert top < bottom - 40  # the dark gold band with its white label, above the pale card


def _pictured_boards(output) -> int:
    """Every board printed on tiles in `output`: its gallery thumbnail shows the whole board, each
    tile's part that no neighbour lies over (`tiledboards`) the very pixels of its page. Returns how
    many boards were looked at."""
    from PIL import Image
    from tiledboards import board_size, tiles_apart

    from pnp.pipeline.thumbnails import THUMB_HEIGHT

    boards = 0
    for manifest_path in sorted(output.glob("*/manifest.json")):
        manifest = json.loads(manifest_path.read_text())
        for key, design in manifest["designs"].items():
            if not design["tiles"]:
                continue
            boards += 1
            kind = key.split("|")[0]
            picture = Image.open(manifest_path.parent / manifest["thumbnails"][kind]).convert("RGB")
            px = THUMB_HEIGHT / board_size(design["tiles"])[1]
            apart = tiles_apart(picture, design["tiles"], (manifest_path.parent / design["file"]).read_bytes(), px)
            assert max(apart.values()) < 0.05, (key, apart)  # the very pixels
    return boards


def test_a_board_printed_on_tiles_is_pictured_whole(default_build):
    """The gallery's picture of a board too large for the paper (Particle Panic's ring, the
    Heaven/Hell track) shows the whole board, its tiles laid together as a player glues them, out
    to its edges (the track's colours reach them, not a line of paper)."""
    from PIL import Image

    assert _pictured_boards(default_build) == 2
    track = Image.open(default_build / "straight-to" / "thumbs" / "track.png").convert("L")
    edges = [
        [track.getpixel((x, track.height - 1)) for x in range(track.width)],
        [track.getpixel((track.width - 1, y)) for y in range(track.height)],
    ]
    assert all(sum(edge) / len(edge) < 240 for edge in edges)


def test_a_board_on_two_rows_of_tiles_is_pictured_whole(run, isolated, monkeypatch):
    """A designer's ring board made taller than the paper prints on two rows of three tiles; the
    gallery pictures it whole, each row's tiles over the glue strips of the row above."""
    project = isolated / "proj"
    assert run("new", project, "--game", "particle-panic").exit_code == 0
    monkeypatch.chdir(project)
    data = project / "layouts" / "particle-panic" / "components.toml"
    data.write_text(
        data.read_text().replace("\nring_y = 66.5 ", "\nring_y = 150 ").replace("\nside_y = 60 ", "\nside_y = 135 ")
    )
    assert run("build").exit_code == 0
    tiles = json.loads((project / "output" / "particle-panic" / "manifest.json").read_text())["designs"][
        "board|Ring board"
    ]["tiles"]
    assert len({tile[6] for tile in tiles}) == 2 and len(tiles) == 6  # two rows of three
    assert _pictured_boards(project / "output") == 1
