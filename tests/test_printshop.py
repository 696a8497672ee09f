"""Print-shop exports against the services' own numbers: DriveThruCards' PDF/X-1a:2003 through an
independent preflight, every service's size, resolution, safe margin and front/back pairing, each
measured from the files written."""

from __future__ import annotations

import contextlib
import csv
import io
import os
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from pdfx_preflight import preflight
from PIL import Image

from pnp.export.cmyk import SWOP_PROFILE

# a developer's machine without Debian's libgs-common skips these; CI installs it, and fails without it
pytestmark = pytest.mark.skipif(not SWOP_PROFILE.exists() and not os.environ.get("CI"),
                                reason="Debian's libgs-common (the SWOP profile) is not installed here")

CARD_GAMES = ("exit-from-purgatory", "punished", "straight-to")
# the numbers each service publishes (see pnp/export/services.py for the sources), written out here
# again so a slip in the code's table cannot pass: poker card with bleed in px at 300 dpi, bleed px
PUBLISHED = {"drivethrucards": ((825, 1125), 37.5), "makeplayingcards": ((822, 1122), 36),
             "printerstudio": ((822, 1122), 36), "thegamecrafter": ((825, 1125), 37.5)}
SAFE_PX = 37.5            # 1/8 in inside the trim, at 300 dpi
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
            result = CliRunner().invoke(cli, ["export", "printshop", game, "--service", service, "-o", str(folder)],
                                        catch_exceptions=False)
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
    form = next(iter(pdf.pages[0].Resources.XObject.values()))
    form.write(b"0.2 0.4 0.6 RG " + form.read_bytes())


def _half_transparent(pdf: pikepdf.Pdf) -> None:
    page = pdf.pages[0]
    page.Resources.ExtGState = pikepdf.Dictionary(GS9=pikepdf.Dictionary(ca=0.5))
    page.contents_add(pdf.make_stream(b"/GS9 gs"), prepend=True)


@pytest.mark.parametrize("plant, finding", [
    (_rgb_fill, "sets an RGB colour"),
    (_rgb_in_a_form, "sets an RGB colour"),
    (_half_transparent, "transparency"),
    (lambda pdf: pdf.Root.__delattr__("OutputIntents"), "0 GTS_PDFX output intents"),
    (lambda pdf: pdf.docinfo.__setitem__("/Trapped", pikepdf.Name.Unknown), "Trapped"),
    (lambda pdf: pdf.pages[0].obj.__delitem__("/TrimBox"), "TrimBox"),
])
def test_the_preflight_finds_a_planted_breach(exports, plant, finding):
    """The preflight can fail: each breach planted in a good file is reported."""
    good = (exports / "exit-from-purgatory/exports/drivethrucards/cards.pdf").read_bytes()
    assert preflight(good) == []
    assert any(finding in problem for problem in preflight(_planted(good, plant)))


def test_drivethrucards_pages_are_the_cited_size_front_then_back(exports):
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
                    [inset, inset, w_px * 72 / 300 - inset, h_px * 72 / 300 - inset])
        text = pdfium.PdfDocument(pdf)
        for row in mine:
            first, last = (int(n) for n in row["pages"].split("-"))
            assert row["front"] == f"{pdf.name} page {first}" and row["back"] == f"{pdf.name} page {first + 1}"
            assert last - first + 1 == 2 * int(row["count"])
            front = text[first - 1].get_textpage().get_text_range()
            back = text[first].get_textpage().get_text_range()
            assert row["name"] in front and row["name"] not in back      # the named card, then its back


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
    rows = manifest(folder)                  # every image is in a pair, and every pair's images exist
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
    for row in rows:            # one picture per named back, whichever front it sits behind
        picture = Image.open(folder / row["back"]).tobytes()
        assert by_back_name.setdefault(row["back_name"], picture) == picture, row["back"]
    assert len(set(by_back_name.values())) == len(by_back_name) > 3       # each named back its own picture


def _ring_faults(image: np.ndarray, bleed: float, safe: float, tolerance: int = 40) -> list[str]:
    """Where anything but the background running through the bleed shows between the trim and the
    safe line: each pixel of that ring must match the bleed straight outside it (corners aside)."""
    h, w = image.shape[:2]
    left, top = round(bleed), round(bleed)
    right, bottom = w - round(bleed), h - round(bleed)
    depth = int(np.floor(safe))
    faults = []
    rows, cols = slice(top + depth, bottom - depth), slice(left + depth, right - depth)
    edges = {"left": (image[rows, left + 1:left + depth], image[rows, left // 2][:, None]),
             "right": (image[rows, right - depth + 1:right - 1], image[rows, (right + w) // 2][:, None]),
             "top": (image[top + 1:top + depth, cols], image[top // 2, cols][None]),
             "bottom": (image[bottom - depth + 1:bottom - 1, cols], image[(bottom + h) // 2, cols][None])}
    for edge, (ring, outside) in edges.items():
        worst = int(np.abs(ring.astype(int) - outside.astype(int)).max())
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
    image[frame:-frame, frame:frame + 4] = 30
    assert _ring_faults(image, 37.5, SAFE_PX) == ["left 210"]


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
    greys = [inks.color(f"#{v:02x}{v:02x}{v:02x}").cmyk() for v in (0x20, 0x80, 0xd0)]
    assert all(c == m == y == 0 for c, m, y, _ in greys)
    assert greys[0][3] > greys[1][3] > greys[2][3] > 0              # darker grey, more black ink


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
    from pnp.export.catalogue import Deck
    from pnp.export.services import SERVICES
    from pnp.export.upload import export_service
    from pnp.files.paths import shipped_icons_dir
    from pnp.render.components import Piece
    from pnp.render.elements import Box
    from pnp.source.icons import IconStore

    def deck(colour: str, back: str) -> Deck:
        card = Piece(kind="card", name=colour, face=(Box(x=0, y=0, w=63.5, h=88.9, fill=colour),),
                     back=(Box(x=0, y=0, w=63.5, h=88.9, fill=back),))
        return Deck(title="Cards", pieces=[card], w=63.5, h=88.9)

    service = SERVICES["makeplayingcards"]
    export_service([deck("#ff0000", "#000000"), deck("#0000ff", "#00ff00")], service, IconStore(shipped_icons_dir()),
                   ink_saver=False, game_title="Two decks", profile=None, folder=tmp_path, root=tmp_path)
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
    assert (f'<a href="punished/exports/makeplayingcards/" data-pictures="{len(pictures)}">'
            f"{len(pictures)} pictures</a>") in html
    assert 'href="punished/exports/makeplayingcards/cards.csv"' in html
    assert not any(f"makeplayingcards/{name}" in html for name in pictures)
    assert "<strong>DriveThruCards files:</strong>" in html
    for pdf in (exports / "punished" / "exports" / "drivethrucards").glob("*.pdf"):
        assert f'href="punished/exports/drivethrucards/{pdf.name}"' in html
