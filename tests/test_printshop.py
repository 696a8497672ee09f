"""Print-shop exports against the services' own numbers: DriveThruCards' PDF/X-1a:2003 through an
independent preflight, every service's size, resolution, safe margin and front/back pairing, each
measured from the files written."""

from __future__ import annotations

import contextlib
import csv
import io
import math
import os
import re
import shutil
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from pdfx_preflight import preflight
from PIL import Image

from pnp.export.cmyk import SWOP_PROFILE

# a developer's machine without Debian's libgs-common skips these; CI installs it, and fails without it
pytestmark = pytest.mark.skipif(
    not SWOP_PROFILE.exists() and not os.environ.get("CI"),
    reason="Debian's libgs-common (the SWOP profile) is not installed here",
)

CARD_GAMES = ("exit-from-purgatory", "punished", "straight-to")
# the numbers each service publishes (see pnp/export/services.py for the sources), written out here
# again so a slip in the code's table cannot pass: poker card with bleed in px at 300 dpi, bleed px
# (MakePlayingCards' own poker template: 63 x 88 mm, 816 x 1110 px with its bleed)
PUBLISHED = {
    "drivethrucards": ((825, 1125), 37.5),
    "makeplayingcards": ((816, 1110), 36),
    "printerstudio": ((822, 1122), 36),
    "thegamecrafter": ((825, 1125), 37.5),
}
# every card size each image service prints, with bleed, in px at 300 dpi (the same sources)
IMAGE_SIZES = {
    "makeplayingcards": {
        "poker": (816, 1110),
        "bridge": (747, 1122),
        "tarot": (897, 1497),
        "american-mini": (597, 822),
    },
    "printerstudio": {"poker": (822, 1122)},
    "thegamecrafter": {"poker": (825, 1125), "bridge": (750, 1125), "tarot": (900, 1500), "american-mini": (600, 825)},
}
INK_LIMIT = 240  # DriveThruCards' total ink, percent
SAFE_PX = 37.5  # 1/8 in inside the trim, at 300 dpi
# which game each image service is checked with: Punished has 36 fronts over 13 backs, the pairing case
IMAGE_RUNS = {"makeplayingcards": "punished", "printerstudio": "exit-from-purgatory", "thegamecrafter": "straight-to"}


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> Path:
    """DriveThruCards' PDFs for every card game and each image service's files for one game, made
    once by the CLI; Punished built first, so the gallery shows its exports."""
    from click.testing import CliRunner

    from pnp.cli import cli

    folder = tmp_path_factory.mktemp("printshop")
    runs = [(game, "drivethrucards") for game in CARD_GAMES] + [(g, s) for s, g in IMAGE_RUNS.items()]
    with contextlib.chdir(folder):
        built = CliRunner().invoke(cli, ["build", "punished", "-o", str(folder)], catch_exceptions=False)
        assert built.exit_code == 0, built.output
        for game, service in runs:
            proof = ["--proof"] if service == "drivethrucards" else []
            result = CliRunner().invoke(
                cli,
                ["export", "printshop", game, "--service", service, "-o", str(folder), *proof],
                catch_exceptions=False,
            )
            assert result.exit_code == 0, result.output
    return folder


def manifest(folder: Path) -> list[dict[str, str]]:
    with open(folder / "cards.csv", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("game", CARD_GAMES)
def test_drivethrucards_pdfs_pass_a_pdfx_preflight(exports, game):
    pdfs = sorted((exports / game / "exports" / "drivethrucards").glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        assert preflight(pdf.read_bytes()) == [], pdf.name


def _planted(data: bytes, plant) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        plant(pdf)
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue()


def _rgb_fill(pdf: pikepdf.Pdf) -> None:
    page = pdf.pages[0]
    page.contents_add(pdf.make_stream(b"q 1 0 0 rg 10 10 20 20 re f Q"), prepend=False)


def _rgb_in_a_form(pdf: pikepdf.Pdf) -> None:
    _in_a_form(pdf, b"0.2 0.4 0.6 RG ")


def _half_transparent(pdf: pikepdf.Pdf) -> None:
    page = pdf.pages[0]
    page.Resources.ExtGState = pikepdf.Dictionary(GS9=pikepdf.Dictionary(ca=0.5))
    page.contents_add(pdf.make_stream(b"/GS9 gs"), prepend=True)


@pytest.mark.parametrize(
    "plant, finding",
    [
        (_rgb_fill, "sets an RGB colour"),
        (_rgb_in_a_form, "sets an RGB colour"),
        (_half_transparent, "transparency"),
        (lambda pdf: pdf.Root.__delattr__("OutputIntents"), "0 GTS_PDFX output intents"),
        (lambda pdf: pdf.docinfo.__setitem__("/Trapped", pikepdf.Name.Unknown), "Trapped"),
        (lambda pdf: pdf.pages[0].obj.__delitem__("/TrimBox"), "TrimBox"),
    ],
)
def test_the_preflight_finds_a_planted_breach(exports, plant, finding):
    """The preflight can fail: each breach planted in a good file is reported."""
    good = (exports / "exit-from-purgatory/exports/drivethrucards/cards.pdf").read_bytes()
    assert preflight(good) == []
    assert any(finding in problem for problem in preflight(_planted(good, plant)))


def test_drivethrucards_pages_are_the_cited_size_back_then_front(exports):
    """DriveThruCards asks for each card's back, then its front (pnp/export/services.py cites it)."""
    folder = exports / "punished" / "exports" / "drivethrucards"
    (w_px, h_px), bleed_px = PUBLISHED["drivethrucards"]
    rows = manifest(folder)
    for pdf in sorted(folder.glob("*.pdf")):
        with pikepdf.open(pdf) as document:
            mine = [row for row in rows if row["front"].startswith(pdf.name + " ")]
            assert len(document.pages) == 2 * sum(int(row["count"]) for row in mine)
            for page in document.pages:
                assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, w_px * 72 / 300, h_px * 72 / 300])
                inset = bleed_px * 72 / 300
                assert [float(v) for v in page.obj.TrimBox] == pytest.approx(
                    [inset, inset, w_px * 72 / 300 - inset, h_px * 72 / 300 - inset]
                )
                assert [float(v) for v in page.obj.BleedBox] == pytest.approx([float(v) for v in page.mediabox])
        text = pdfium.PdfDocument(pdf)
        for row in mine:
            first, last = (int(n) for n in row["pages"].split("-"))
            assert row["back"] == f"{pdf.name} page {first}" and row["front"] == f"{pdf.name} page {first + 1}"
            assert last - first + 1 == 2 * int(row["count"])
            back = text[first - 1].get_textpage().get_text_range()
            front = text[first].get_textpage().get_text_range()
            assert row["name"] in front and row["name"] not in back  # the card's back, then the named card


PAIR_DPI = 24


def _grey(image: Image.Image) -> np.ndarray:
    pixels = np.asarray(image.convert("L"), dtype=float)
    pixels -= pixels.mean()
    return pixels / (np.linalg.norm(pixels) or 1.0)


def _best(page: np.ndarray, sides: list[np.ndarray]) -> int:
    """The side whose picture is most like the page's (normalised correlation)."""
    return int(np.argmax([float((page * side).sum()) for side in sides]))


def _page_order_faults(pdf: Path, expected: list[int], sides: list[np.ndarray]) -> list[str]:
    """Pages of `pdf` that do not picture the side `expected` says they should, each page matched
    against every distinct side of the deck."""
    document = pdfium.PdfDocument(pdf)
    assert len(document) == len(expected)
    faults = []
    for number, (page, wanted) in enumerate(zip(document, expected, strict=True), start=1):
        found = _best(_grey(page.render(scale=PAIR_DPI / 72).to_pil()), sides)
        if found != wanted:
            faults.append(f"page {number}: side {found}, not {wanted}")
    return faults


@pytest.mark.parametrize("game", CARD_GAMES)
def test_each_drivethrucards_page_pair_shows_the_cards_back_then_its_front(exports, game):
    """Every page of every DriveThruCards file, rendered, against the deck's sides drawn apart from
    the PDF (in RGB, through pnp's own pictures): the back of each copy of each card, then its face."""
    from dataclasses import replace

    from pnp.export.pictures import draw_sides, slug
    from pnp.export.proof import deck_sides
    from pnp.export.safearea import safe_catalogue
    from pnp.export.services import SERVICES
    from pnp.files.paths import shipped_icons_dir
    from pnp.source.icons import IconStore
    from pnp.source.settings import Settings

    service = SERVICES["drivethrucards"]
    store = IconStore(shipped_icons_dir())
    settings = Settings.load()
    settings = replace(settings, card=service.card_size(settings.card.name))
    decks = safe_catalogue(game, settings, store, safe_mm=service.keep_in_mm).decks
    pdfs = sorted((exports / game / "exports" / "drivethrucards").glob("*.pdf"))
    assert len(pdfs) == len(decks)
    for deck in decks:
        sides = deck_sides(deck)
        pictures = [
            _grey(image)
            for image in draw_sides(sides, deck.w, deck.h, PAIR_DPI, store, bleed_mm=service.bleed_mm + deck.margin)
        ]
        expected = [sides.index(side) for pair in deck.pairs() for side in (pair.back, pair.face) * pair.count]
        pdf = exports / game / "exports" / "drivethrucards" / f"{slug(deck.title)}.pdf"
        assert _page_order_faults(pdf, expected, pictures) == [], pdf.name


def _ink_totals(pdf: pikepdf.Pdf) -> list[tuple[float, str]]:
    """Every colour the file paints with, as its total ink in percent and where it is set: each
    CMYK operator of every page and form (read through pikepdf, forms within forms included), and
    each pixel of a CMYK image."""
    found: list[tuple[float, str]] = []

    def scan(holder: pikepdf.Object, where: str) -> None:
        for operands, operator in pikepdf.parse_content_stream(holder):
            if str(operator) in ("k", "K", "sc", "scn", "SC", "SCN") and len(operands) == 4:
                found.append((100 * sum(float(v) for v in operands), f"{where}: {operator}"))
        resources = holder.get("/Resources", pikepdf.Dictionary())
        for name, xobject in resources.get("/XObject", pikepdf.Dictionary()).items():
            if xobject.get("/Subtype") == pikepdf.Name.Form:
                scan(xobject, f"{where} {name}")
            elif xobject.get("/Subtype") == pikepdf.Name.Image:
                image = pikepdf.PdfImage(xobject).as_pil_image()
                cmyk = np.asarray(image.convert("CMYK"), dtype=float).sum(axis=-1) / 255
                found.append((100 * float(cmyk.max()), f"{where} {name} (image)"))

    for number, page in enumerate(pdf.pages, start=1):
        scan(page.obj, f"page {number}")
    return found


def _over_the_limit(pdf: pikepdf.Pdf, limit: float) -> list[str]:
    return [f"{where} {total:.1f}%" for total, where in _ink_totals(pdf) if total > limit + 0.01]


@pytest.mark.parametrize("game", CARD_GAMES)
def test_no_point_of_a_drivethrucards_file_takes_more_ink_than_the_limit(exports, game):
    pdfs = sorted((exports / game / "exports" / "drivethrucards").glob("*.pdf"))
    for pdf in pdfs:
        with pikepdf.open(pdf) as document:
            totals = _ink_totals(document)
            assert totals and _over_the_limit(document, INK_LIMIT) == [], pdf.name


def test_the_ink_check_finds_a_planted_300_percent_colour(exports):
    """The measure can fail: a 300% fill planted in a form of a good file, and one on a page."""
    good = (exports / "exit-from-purgatory/exports/drivethrucards/cards.pdf").read_bytes()
    with pikepdf.open(io.BytesIO(good)) as pdf:
        assert _over_the_limit(pdf, INK_LIMIT) == []
    for plant in (
        lambda pdf: pdf.pages[0].contents_add(pdf.make_stream(b"q 0.8 0.8 0.7 0.7 k Q"), prepend=False),
        lambda pdf: _in_a_form(pdf, b"0.8 0.8 0.7 0.7 k "),
    ):
        with pikepdf.open(io.BytesIO(_planted(good, plant))) as pdf:
            assert {problem.split()[-1] for problem in _over_the_limit(pdf, INK_LIMIT)} == {"300.0%"}


def _in_a_form(pdf: pikepdf.Pdf, code: bytes) -> None:
    form = next(iter(pdf.pages[0].Resources.XObject.values()))
    form.write(code + form.read_bytes())


def test_colours_over_the_ink_limit_keep_close_to_their_look():
    """Exit's card back (262% through the SWOP profile) and Punished's tier-1 red come down to the
    limit by trading grey for black: within the limit, still near the colour the profile prints
    without a limit (CIE76 under 6), and a colour already within the limit is left alone."""
    from PIL import ImageCms

    from pnp.export.cmyk import CmykInks, OutputProfile

    profile = OutputProfile.load(None)
    free, limited = CmykInks(profile), CmykInks(profile, max_ink=INK_LIMIT)
    to_lab = ImageCms.buildTransform(
        ImageCms.ImageCmsProfile(io.BytesIO(profile.icc)), ImageCms.createProfile("LAB"), "CMYK", "LAB"
    )

    def lab(ink: tuple[int, int, int, int]) -> np.ndarray:
        l_, a, b = ImageCms.applyTransform(Image.new("CMYK", (1, 1), ink), to_lab).getpixel((0, 0))
        return np.array([l_ / 2.55, a - 128.0, b - 128.0])

    for colour in ("#2b2540", "#8b1a1a", "#3a0f0f", "#102030"):
        before, after = free.ink(colour), limited.ink(colour)
        assert sum(before) > INK_LIMIT * 2.55 >= sum(after), colour
        assert np.linalg.norm(lab(before) - lab(after)) < 6, colour
    assert limited.ink("#c8a046") == free.ink("#c8a046")


@pytest.mark.parametrize("service", sorted(IMAGE_RUNS))
def test_image_services_write_their_cited_size_and_resolution(exports, service):
    folder = exports / IMAGE_RUNS[service] / "exports" / service
    size, _ = PUBLISHED[service]
    pngs = sorted(folder.glob("*.png"))
    assert pngs
    for png in pngs:
        with Image.open(png) as image:
            assert image.size == size and image.mode == "RGB", png.name
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.05)
    rows = manifest(folder)  # every image is in a pair, and every pair's images exist
    assert {row[side] for row in rows for side in ("front", "back")} == {png.name for png in pngs}
    for row in rows:
        deck = row["front"].split("-front-")[0]
        assert row["back"] in (row["front"].replace("-front-", "-back-"), f"{deck}-back.png")


def test_every_front_is_paired_with_its_own_back(exports):
    """Punished through MakePlayingCards: 36 fronts over one back per tier and category; front-NNN goes
    with back-NNN, and that back image shows the back the card's data names."""
    from pnp.games import load_game
    from pnp.source.gamesource import read_game
    from pnp.source.rules import load_rules

    folder = exports / "punished" / "exports" / "makeplayingcards"
    rows = manifest(folder)
    rules = load_rules(read_game("punished", load_game("punished").shipped_folder()))
    for tier in ("tier-1", "tier-2", "tier-3"):
        assert sum(int(r["count"]) for r in rows if r["kind"] == tier) == rules.components[tier].expected(1)
    for row in rows:
        assert row["front"].replace("-front-", "-back-") == row["back"]
    by_back_name: dict[str, bytes] = {}
    for row in rows:  # one picture per named back, whichever front it sits behind
        picture = Image.open(folder / row["back"]).tobytes()
        assert by_back_name.setdefault(row["back_name"], picture) == picture, row["back"]
    assert len(set(by_back_name.values())) == len(by_back_name) > 3  # each named back its own picture


def _ring_faults(image: np.ndarray, bleed: float, safe: float, tolerance: int = 40) -> list[str]:
    """Where anything but the background running through the bleed shows between the trim and the
    safe line: each pixel lying wholly or partly in that band (the pixels the trim and the safe line
    cross included) must match the bleed straight outside it (corners aside)."""
    h, w = image.shape[:2]
    near, far = math.floor(bleed), math.ceil(bleed + safe)  # the band's pixels, counted from the edge
    outside = int(bleed // 2)
    rows, cols = slice(far, h - far), slice(far, w - far)
    edges = {
        "left": (image[rows, near:far], image[rows, outside][:, None]),
        "right": (image[rows, w - far : w - near], image[rows, w - 1 - outside][:, None]),
        "top": (image[near:far, cols], image[outside, cols][None]),
        "bottom": (image[h - far : h - near, cols], image[h - 1 - outside, cols][None]),
    }
    faults = []
    for edge, (ring, beyond) in edges.items():
        worst = int(np.abs(ring.astype(int) - beyond.astype(int)).max())
        if worst > tolerance:
            faults.append(f"{edge} {worst}")
    return faults


def _pdf_sides(pdf: Path, dpi: int) -> list[np.ndarray]:
    document = pdfium.PdfDocument(pdf)
    seen, sides = set(), []
    for page in document:
        forms = page.get_objects()
        key = tuple(type(o).__name__ for o in forms), page.get_textpage().get_text_range()
        image = np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"))
        if (key, image.tobytes()[::4099]) not in seen:
            seen.add((key, image.tobytes()[::4099]))
            sides.append(image)
    return sides


@pytest.mark.parametrize("service", sorted(PUBLISHED))
def test_nothing_but_background_within_the_safe_margin(exports, service):
    """Frames included: measured on every distinct side written, in the files themselves."""
    _, bleed_px = PUBLISHED[service]
    games = CARD_GAMES if service == "drivethrucards" else (IMAGE_RUNS[service],)
    checked = 0
    for game in games:
        folder = exports / game / "exports" / service
        if service == "drivethrucards":
            dpi = 100
            sides = [side for pdf in sorted(folder.glob("*.pdf")) for side in _pdf_sides(pdf, dpi)]
        else:
            dpi = 300
            sides = [np.asarray(Image.open(png).convert("RGB")) for png in sorted(folder.glob("*.png"))]
        for number, side in enumerate(sides):
            scale = dpi / 300
            assert _ring_faults(side, bleed_px * scale, SAFE_PX * scale) == [], (game, number)
            checked += 1
    assert checked >= 4


def test_a_frame_at_the_trim_is_found_by_the_safe_margin_check():
    """The measure can fail: a frame 1 mm inside the trim of a plain card."""
    image = np.full((1125, 825, 3), 240, dtype=np.uint8)
    frame = 37 + 12
    image[frame:-frame, frame : frame + 4] = 30
    assert _ring_faults(image, 37.5, SAFE_PX) == ["left 210"]


def test_one_column_of_frame_in_the_band_is_found():
    """The measure can fail by a pixel: a frame's one-pixel column 74 px from the right edge of a
    The Game Crafter card (its band ends 75 px in), and a row 74 px from the bottom."""
    image = np.full((1125, 825, 3), 240, dtype=np.uint8)
    image[200:900, 825 - 75] = 30
    assert _ring_faults(image, 37.5, SAFE_PX) == ["right 210"]
    image = np.full((1125, 825, 3), 240, dtype=np.uint8)
    image[1125 - 75, 200:600] = 30
    assert _ring_faults(image, 37.5, SAFE_PX) == ["bottom 210"]


def test_a_service_refuses_a_card_size_it_does_not_print(run):
    result = run("export", "printshop", "punished", "--service", "drivethrucards", "--card", "tarot")
    assert result.exit_code == 2 and "--card tarot: DriveThruCards prints poker cards" in result.output


def test_an_rgb_profile_is_refused_naming_the_option(run, tmp_path):
    rgb = Path("/usr/share/color/icc/ghostscript/srgb.icc")
    result = run("export", "printshop", "punished", "--output-profile", str(rgb))
    assert result.exit_code == 2
    assert f"--output-profile {rgb}: a print-shop PDF needs a CMYK output profile" in result.output
    junk = tmp_path / "junk.icc"
    junk.write_bytes(b"not a profile")
    result = run("export", "printshop", "punished", "--output-profile", str(junk))
    assert result.exit_code == 2 and "not an ICC profile" in result.output and "Traceback" not in result.output


def test_colours_reach_the_press_as_the_inks_a_printer_expects():
    """Through the SWOP profile: a red is magenta and yellow, a blue mostly cyan, black and greys
    black ink alone (text from one plate), white no ink at all."""
    from pnp.export.cmyk import CmykInks, OutputProfile

    inks = CmykInks(OutputProfile.load(None))
    red, blue = inks.color("#c81e1e"), inks.color("#1e3cc8")
    assert red.magenta > 0.9 and red.yellow > 0.9 and red.cyan < 0.25
    assert blue.cyan > 0.8 and blue.yellow < 0.2
    assert (inks.color("#000000").cmyk(), inks.color("#ffffff").cmyk()) == ((0, 0, 0, 1), (0, 0, 0, 0))
    greys = [inks.color(f"#{v:02x}{v:02x}{v:02x}").cmyk() for v in (0x20, 0x80, 0xD0)]
    assert all(c == m == y == 0 for c, m, y, _ in greys)
    assert greys[0][3] > greys[1][3] > greys[2][3] > 0  # darker grey, more black ink


def test_a_card_prints_in_the_colour_its_layout_names(exports):
    """The inks sent to the press show the layout's colour again: tier I's red band (#9b1d20, [tiers.1]
    in layouts/punished/cards.toml), sampled from the DriveThruCards front as a viewer renders it."""
    pdf = pdfium.PdfDocument(exports / "punished" / "exports" / "drivethrucards" / "tier-1-cards.pdf")
    image = pdf[0].render(scale=1).to_pil().convert("RGB")
    band = image.getpixel((image.width // 2, 25))
    assert all(abs(got - want) <= 24 for got, want in zip(band, (0x9B, 0x1D, 0x20), strict=True)), band


def test_the_safe_margin_counts_an_ink_saver_band_at_the_trim():
    """A title band runs on into the bleed in colour, so only the text counts against the service's
    safe margin; in ink saver it stops at the trim with its outline there, and counts."""
    from pnp.export.safearea import inset
    from pnp.render.elements import Box, Text

    card = (Box(x=0, y=78.9, w=63.5, h=10, fill="#9b1d20"), Text(text="T", x=5, y=5, w=20, h=5))
    assert inset(card, 63.5, 88.9, ink_saver=False) == 5
    assert inset(card, 63.5, 88.9, ink_saver=True) == 0


def test_two_decks_of_one_title_keep_their_own_files(tmp_path):
    """Two decks titled "Cards" (a designer's game may have them) through an image service: each
    deck's fronts and back are files of their own, and cards.csv names each deck's own."""
    from pnp.export.catalogue import ExportDeck
    from pnp.export.services import SERVICES
    from pnp.export.upload import export_service
    from pnp.files.paths import shipped_icons_dir
    from pnp.render.elements import Box
    from pnp.render.specs import Piece
    from pnp.source.icons import IconStore

    def deck(colour: str, back: str) -> ExportDeck:
        card = Piece(
            kind="card",
            name=colour,
            face=(Box(x=0, y=0, w=63.5, h=88.9, fill=colour),),
            back=(Box(x=0, y=0, w=63.5, h=88.9, fill=back),),
        )
        return ExportDeck(title="Cards", pieces=[card], w=63.5, h=88.9)

    service = SERVICES["makeplayingcards"]
    export_service(
        [deck("#ff0000", "#000000"), deck("#0000ff", "#00ff00")],
        service,
        IconStore(shipped_icons_dir()),
        ink_saver=False,
        game_title="Two decks",
        profile=None,
        max_ink=None,
        proof=False,
        folder=tmp_path,
        root=tmp_path,
    )
    rows = manifest(tmp_path)
    assert len({row["front"] for row in rows}) == len({row["back"] for row in rows}) == 2
    for row, (front, back) in zip(rows, [((255, 0, 0), (0, 0, 0)), ((0, 0, 255), (0, 255, 0))], strict=True):
        for file, colour in ((row["front"], front), (row["back"], back)):
            with Image.open(tmp_path / file) as image:
                assert image.convert("RGB").getpixel((image.width // 2, image.height // 2)) == colour, file


def test_the_gallery_names_each_service_and_counts_its_pictures(exports):
    """A print shop's export is labelled with the service's name (its folder bears the service's
    --service value, which the gallery printed bare), and a deck of PNGs is one link to its folder
    with their count beside cards.csv, not a link per picture; DriveThruCards' PDFs stay links."""
    html = (exports / "index.html").read_text()
    mpc = exports / "punished" / "exports" / "makeplayingcards"
    pictures = sorted(p.name for p in mpc.glob("*.png"))
    assert len(pictures) > 12
    assert "<strong>MakePlayingCards files:</strong>" in html and "<strong>makeplayingcards:</strong>" not in html
    assert (
        f'<a href="punished/exports/makeplayingcards/" data-pictures="{len(pictures)}">{len(pictures)} pictures</a>'
    ) in html
    assert 'href="punished/exports/makeplayingcards/cards.csv"' in html
    assert not any(f"makeplayingcards/{name}" in html for name in pictures)
    assert "<strong>DriveThruCards files:</strong>" in html
    for pdf in (exports / "punished" / "exports" / "drivethrucards").glob("*.pdf"):
        assert f'href="punished/exports/drivethrucards/{pdf.name}"' in html


FORMULAS = {
    "Still Water": '=HYPERLINK("http://x","y")',
    "Moss Bed": "+SUM(1,2)",
    "Thorn Thicket": "@cmd|' /C calc'!A0",
    "Sucking Mire": "-2+3",
}


def test_card_names_that_look_like_formulas_open_as_text_in_every_csv(run, layouts_copy, tmp_path):
    """OWASP's CSV injection: Punished's cards renamed to the four formulas, exported as images, for
    an image service and for DriveThruCards; in every CSV written no cell begins with = + - @, tab
    or CR unescaped, and each name reads back whole after its escaping apostrophe."""
    cards = layouts_copy / "punished" / "cards.toml"
    text = cards.read_text(encoding="utf-8")
    for old, new in FORMULAS.items():
        text = text.replace(f'name = "{old}"', f"name = {new!r}" if '"' in new else f'name = "{new}"')
    cards.write_text(text, encoding="utf-8")
    for command in (["images"], ["printshop", "--service", "makeplayingcards"], ["printshop"]):
        result = run("export", *command, "punished", "--layouts", layouts_copy)
        assert result.exit_code == 0, result.output
    written = sorted(tmp_path.glob("work/output/punished/exports/*/*.csv"))
    assert len(written) == 3
    for path in written:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
        assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r", "\n")) for row in rows for cell in row), path
        names = [cell[1:] for row in rows for cell in row if cell.startswith("'")]
        assert sorted(set(names)) == sorted(FORMULAS.values()), path


HUG = 'x = "1mm"\ny = "1mm"\nw = "100% - 2mm"\nh = "100% - 2mm"\n'  # a card face's frame 1 mm inside its trim


def hugging_the_trim(folder: Path) -> Path:
    """The shipped layouts with every card game's face frame 1 mm inside the trim, well inside a
    shop's safe band: the export must keep it out of the band however the design draws it."""
    from pnp.files.paths import shipped_layouts_dir

    shutil.copytree(shipped_layouts_dir(), folder, ignore=shutil.ignore_patterns("__pycache__"))
    for game, file, template in (
        ("exit-from-purgatory", "components.toml", "card"),
        ("punished", "cards.toml", "card"),
        ("straight-to", "components.toml", "soul"),
    ):
        path = folder / game / file
        text = path.read_text()
        header = f"[templates.{template}.slots.frame]\n"
        path.write_text(text.replace(header, header + HUG) if header in text else text + "\n" + header + HUG)
    return folder


@pytest.fixture(scope="module")
def sized_exports(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """Each image service's files at every card size it prints, each size from another card game."""
    from click.testing import CliRunner

    from pnp.cli import cli

    folder = tmp_path_factory.mktemp("sizes")
    layouts = hugging_the_trim(folder / "layouts")
    made = {}
    with contextlib.chdir(folder):
        for number, (service, card) in enumerate((s, c) for s, sizes in IMAGE_SIZES.items() for c in sizes):
            game = CARD_GAMES[number % len(CARD_GAMES)]
            output = folder / f"{service}-{card}"
            result = CliRunner().invoke(
                cli,
                ["export", "printshop", game, "--service", service, "--card", card, "-o", str(output)]
                + ["--layouts", str(layouts)],
                catch_exceptions=False,
            )
            assert result.exit_code == 0, result.output
            made[service, card] = output / game / "exports" / service
    return made


@pytest.mark.parametrize("service, card", [(s, c) for s, sizes in IMAGE_SIZES.items() for c in sizes])
def test_every_card_size_keeps_the_safe_band_clear_and_both_sides_one_size(sized_exports, service, card):
    """Measured in the pixels of every image: the service's size for that card, nothing but the
    bleeding background from the trim to the safe line on any side, and each front's back the
    front's size."""
    folder = sized_exports[service, card]
    _, bleed_px = PUBLISHED[service]
    sizes = {}
    for png in sorted(folder.glob("*.png")):
        with Image.open(png) as image:
            sizes[png.name] = image.size
            assert image.size == IMAGE_SIZES[service][card], png.name
            assert _ring_faults(np.asarray(image.convert("RGB")), bleed_px, SAFE_PX) == [], png.name
    rows = manifest(folder)
    assert rows and all(sizes[row["front"]] == sizes[row["back"]] for row in rows)


@pytest.mark.parametrize("option", [["--max-ink", "260"], ["--proof"]])
def test_press_options_are_refused_for_an_image_service(run, option):
    result = run("export", "printshop", "punished", "--service", "thegamecrafter", *option)
    assert result.exit_code == 2
    assert f"{option[0]}: The Game Crafter takes RGB images; {option[0]} is for a PDF service" in result.output


def test_another_shops_ink_limit_is_kept(run, isolated):
    """--max-ink 200, from the CLI: no colour of the DriveThruCards file over 200%, where the
    service's own limit leaves some over it."""
    assert run("export", "printshop", "exit-from-purgatory", "--max-ink", "200").exit_code == 0
    with pikepdf.open(isolated / "output/exit-from-purgatory/exports/drivethrucards/cards.pdf") as pdf:
        assert _over_the_limit(pdf, 200) == []
    assert run("export", "printshop", "exit-from-purgatory", "-o", "own").exit_code == 0
    with pikepdf.open(isolated / "own/exit-from-purgatory/exports/drivethrucards/cards.pdf") as pdf:
        assert _over_the_limit(pdf, 200) and _over_the_limit(pdf, INK_LIMIT) == []


def test_the_soft_proof_shows_the_press_colours_beside_the_design(exports):
    """Exit's proof of its card back: the left half is the design's sRGB, the right half how the
    SWOP press prints it within 240% (through the profile: not the design's colour, but near it),
    and the gallery shows a proof's first pictures, not as links."""
    from pnp.export.cmyk import CmykInks, OutputProfile

    folder = exports / "exit-from-purgatory" / "exports" / "drivethrucards"
    proofs = sorted(folder.glob("proof-cards-*.png"))
    assert len(proofs) == 4  # apple, worm, lantern and their one back
    inks = CmykInks(OutputProfile.load(None), max_ink=INK_LIMIT)
    back = "#2b2540"
    press = tuple(int(inks.press_color(back)[i : i + 2], 16) for i in (1, 3, 5))
    found = []
    for proof in proofs:
        with Image.open(proof) as image:
            rgb = image.convert("RGB")
            half = (rgb.width - 12) // 2
            found.append((rgb.getpixel((3, 3)), rgb.getpixel((half + 12 + 3, 3))))
    designed = (0x2B, 0x25, 0x40)
    assert (designed, press) in found and press != designed
    html = (exports / "index.html").read_text()  # Punished, built: its proof's first 12 pictures
    punished = sorted(p.name for p in (exports / "punished" / "exports" / "drivethrucards").glob("proof-*.png"))
    assert len(punished) > 12
    shown = re.findall(r'<img src="punished/exports/drivethrucards/(proof-[^"]+)"', html)
    assert shown == punished[:12] and not any(f">{name}</a>" in html for name in punished)


def test_the_installed_pnp_writes_a_drivethrucards_deck_back_first_within_the_ink_limit(installed, tmp_path):
    """From outside, as a player ordering cards: the wheel-installed `pnp` in a scratch folder writes
    Exit's DriveThruCards file with its proof; page 1 is the deck's back (the text every back
    carries, no card's name), page 2 the named card, no colour over 240%, and the proof's pictures
    beside it."""
    from conftest import run_installed

    run_installed(installed / "bin" / "pnp", "export", "printshop", "exit-from-purgatory", "--proof", cwd=tmp_path)
    folder = tmp_path / "output" / "exit-from-purgatory" / "exports" / "drivethrucards"
    document = pdfium.PdfDocument(folder / "cards.pdf")
    first, second = (document[n].get_textpage().get_text_range() for n in (0, 1))
    rows = manifest(folder)
    assert "Exit from Purgatory" in first and not any(row["name"] in first for row in rows)
    assert rows[0]["name"] in second and rows[0]["back"] == "cards.pdf page 1"
    with pikepdf.open(folder / "cards.pdf") as pdf:
        assert _over_the_limit(pdf, INK_LIMIT) == []
    assert len(list(folder.glob("proof-cards-*.png"))) == 4
