"""A designer's own artwork (issue 64, item 1): SVG and PNG/JPEG files in a game's `art/` folder,
named `art/<file>` wherever an icon goes, credited in `art/credits.toml`; read as strictly as a
downloaded icon, a picture embedded once however many cards show it, a soft one warned of."""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pnp.source.svgshape import SvgRejected, own_shape

SVG = "http://www.w3.org/2000/svg"
HALO = f'<svg xmlns="{SVG}" viewBox="0 0 100 100"><title>halo</title><g transform="translate(50 50)"><circle r="30"/><rect x="-5" y="-45" width="10" height="90"/></g></svg>'
CREDITS = '["dove.png"]\nauthor = "Ada Painter"\nlicence = "CC BY 4.0"\n\n["halo.svg"]\nauthor = "Ben Inker"\nlicence = "CC0"\n'
DOVE_BLUE = (42, 111, 151)


def _dove(path: Path, pixels: int = 900) -> None:
    """A square picture: cream, a blue disc in the middle."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (pixels, pixels), "#f0e0c0")
    ImageDraw.Draw(image).ellipse((pixels // 6, pixels // 6, pixels * 5 // 6, pixels * 5 // 6), fill=DOVE_BLUE)
    image.save(path)


def _png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims `width` x `height` pixels, with no pixels behind it (a bomb)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0")) + chunk(b"IEND", b"")


def _use_art(layouts: Path) -> Path:
    """Straight-to's Innocent souls (17 cards) show art/dove.png and its Saints (16) art/halo.svg."""
    folder = layouts / "straight-to"
    art = folder / "art"
    art.mkdir()
    _dove(art / "dove.png")
    (art / "halo.svg").write_text(HALO)
    (art / "credits.toml").write_text(CREDITS)
    _swap(folder, {"lorc/dove": "art/dove.png", "lorc/angel-outfit": "art/halo.svg"})
    return art


def _swap(folder: Path, icons: dict[str, str]) -> None:
    """Each icon of `icons` replaced where the soul list keeps it: components.toml, or souls.csv in
    a project whose list is a spreadsheet."""
    for old, new in icons.items():
        (path,) = [p for p in (folder / "components.toml", folder / "souls.csv") if p.exists() and old in p.read_text()]
        path.write_text(path.read_text().replace(old, new))


@pytest.mark.parametrize(
    "svg, said",
    [
        (f'<svg xmlns="{SVG}"><script>alert(1)</script><rect width="5" height="5"/></svg>', "<script>"),
        (
            f'<svg xmlns="{SVG}" xmlns:x="http://www.w3.org/1999/xlink"><image x:href="http://x/a.png"/></svg>',
            "<image>",
        ),
        (f'<svg xmlns="{SVG}"><rect width="5" height="5" onclick="go()"/></svg>', "onclick"),
        (f'<svg xmlns="{SVG}"><rect width="5" height="5" fill="url(#paint)"/></svg>', "url("),
        (f'<svg xmlns="{SVG}"><foreignObject><p>hi</p></foreignObject></svg>', "<foreignObject>"),
        (f'<svg xmlns="{SVG}"><style>@import "x.css";</style></svg>', "<style>"),
        ('<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg"/>', "DOCTYPE"),
        (f'<svg xmlns="{SVG}"><path d="M0 0 L5 5" fill="none"/></svg>', "no filled or stroked shape"),
        ("<html/>", "not an SVG"),
    ],
)
def test_an_own_svg_holding_more_than_plain_shapes_is_refused(svg, said):
    with pytest.raises(SvgRejected, match=None) as refused:
        own_shape(svg.encode())
    assert said in str(refused.value), refused.value


def test_an_own_svg_is_its_filled_shapes_transformed_and_centred_in_the_icon_box():
    """The halo: a disc and a bar, moved by their group's transform; the bar is the tall part, so
    it spans the box's height and the drawing is centred across."""
    shape = own_shape(HALO.encode())
    assert shape.view_size == 512 and len(shape.paths) == 2
    xs = [v for _, points in shape.paths for v in points[0::2]]
    ys = [v for _, points in shape.paths for v in points[1::2]]
    assert min(ys) == pytest.approx(0, abs=0.01) and max(ys) == pytest.approx(512, abs=0.01)
    assert min(xs) == pytest.approx(512 - max(xs), abs=0.01)  # centred across
    assert max(xs) - min(xs) == pytest.approx(512 * 60 / 90, abs=0.5)  # the disc is 60 wide, the bar 90 tall


@pytest.mark.named_games
def test_validate_names_every_own_art_problem_at_once(run, isolated, layouts_copy):
    """A script in an SVG, a 20,000 x 20,000 PNG, a file that is not there and a file with no
    credit: each named with its data file, key and line, in one run, exit 1. A picture too small
    for its size is a warning alone, exit 0."""
    art = _use_art(layouts_copy)
    (art / "halo.svg").write_text(f'<svg xmlns="{SVG}"><script>alert(1)</script><circle r="5"/></svg>')
    (art / "dove.png").write_bytes(_png_claiming(20_000, 20_000))
    _swap(layouts_copy / "straight-to", {"lorc/prayer": "art/missing.png", "lorc/horned-skull": "art/uncredited.jpg"})
    from PIL import Image

    Image.new("RGB", (1200, 1200), "#333333").save(art / "uncredited.jpg")
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if "components.toml:" in line]
    said = "\n".join(lines)
    assert len(lines) == 4, said
    for needle in (
        "].icon: ../layouts/straight-to/art/halo.svg: refused: it holds a <script> element",
        "].icon: ../layouts/straight-to/art/dove.png: more than 50,000,000 pixels",
        "].icon: ../layouts/straight-to/art/missing.png: own art 'art/missing.png' not found",
        "].icon: ../layouts/straight-to/art/credits.toml: own art 'uncredited.jpg' has no credit",
    ):
        assert needle in said, said
    assert all(line.startswith("../layouts/straight-to/components.toml:") for line in lines)

    _dove(art / "dove.png", pixels=100)
    (art / "halo.svg").write_text(HALO)
    _swap(layouts_copy / "straight-to", {"art/missing.png": "lorc/prayer", "art/uncredited.jpg": "lorc/horned-skull"})
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 0, result.output
    (warning,) = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert "components.toml:" in warning and "icon: art/dove.png (100 x 100 pixels) prints" in warning
    assert "below the 300 dpi" in warning


@pytest.mark.slow
def test_the_installed_pnp_draws_own_art_embedded_once_and_credits_its_makers(installed, tmp_path):
    """From outside, in a `pnp new` project with the installed pnp: the 17 Innocent souls show
    art/dove.png, one image in cards.pdf placed 17 times at the icon's size, its blue where the
    picture's disc is; the 16 Saints show art/halo.svg, one form placed 16 times; the rules sheet,
    each page's footer and `pnp icons credits` name the art's makers; and changing a picture
    makes the next build draw it again."""
    import pikepdf
    import pypdfium2 as pdfium
    from conftest import run_installed
    from pdfscan import scan

    pnp = installed / "bin" / "pnp"
    run_installed(pnp, "new", "project", "--game", "straight-to", cwd=tmp_path)
    project = tmp_path / "project"
    art = _use_art(project / "layouts")
    assert "warning" not in run_installed(pnp, "validate", cwd=project).stdout
    run_installed(pnp, "build", cwd=project)
    cards = project / "output" / "straight-to" / "cards.pdf"
    with pikepdf.open(cards) as pdf:
        images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        assert [(int(i.Width), int(i.Height)) for i in images] == [(900, 900)]
        named = {name for page in pdf.pages for name in _image_names(page.Resources)}
    assert len(named) == 1, named
    pages = scan(cards.read_bytes())
    pictures = [(n, page, x, y, w) for n, page in enumerate(pages) for name, x, y, w in page.forms if name in named]
    assert len(pictures) == 17, len(pictures)
    assert all(20 * 72 / 25.4 < w < 45 * 72 / 25.4 for *_, w in pictures)  # a card's art, in points
    number, _, x, y, w = pictures[0]
    page = pdfium.PdfDocument(cards)[number].render(scale=2).to_pil().convert("RGB")
    centre = page.getpixel((round((x + w / 2) * 2), round(page.height - (y + w / 2) * 2)))
    assert all(abs(a - b) <= 8 for a, b in zip(centre, DOVE_BLUE, strict=True)), centre
    halo = {name for page in pages for name, *_ in page.forms if "icon_" in name and "__" not in name}
    assert len(halo) == 1
    assert sum(name in halo for page in pages for name, *_ in page.forms) == 16

    def text(path):
        return " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in pdfium.PdfDocument(path))

    rules = text(project / "output" / "straight-to" / "rules.pdf")
    assert "Ada Painter: dove.png (CC BY 4.0)" in rules and "Ben Inker: halo.svg (CC0)" in rules
    assert "art by Ada Painter, Ben Inker" in text(cards)
    credits = run_installed(pnp, "icons", "credits", cwd=project).stdout
    assert "straight-to: Ada Painter: dove.png (CC BY 4.0)" in credits
    assert "Ada Painter: dove.png (CC BY 4.0)" in (project / "output" / "index.html").read_text()  # the gallery
    before = cards.read_bytes()
    assert "up to date" in run_installed(pnp, "build", cwd=project).stdout
    _dove(art / "dove.png", pixels=901)
    assert "up to date" not in run_installed(pnp, "build", cwd=project).stdout
    assert cards.read_bytes() != before


FLAG = (
    f'<svg xmlns="{SVG}" viewBox="0 0 100 100"><rect width="100" height="100" fill="#d01010"/>'
    '<circle cx="50" cy="50" r="25" style="fill:#1040d0"/>'
    '<rect x="40" y="4" width="20" height="10" fill="#1040d0" fill-opacity="0.5"/></svg>'
)


@pytest.mark.named_games
def test_an_own_svg_of_several_colours_keeps_them_and_one_of_one_colour_takes_the_slots(run, isolated, layouts_copy):
    """The Saints show a flag of three fills: a red square, a blue disc over it (blue, not a hole,
    where they overlap) and a half-transparent blue bar laid on white; the Innocents' one-colour
    halo takes the slot's colour, its disc and bar overlapping as one solid shape."""
    seen = set()
    for colours_at in _own_icons(_built_with(run, isolated, layouts_copy, saints=FLAG, innocents=HALO)):
        centre, corner, bar = colours_at([(0.5, 0.5), (0.1, 0.9), (0.5, 0.09)])
        if _near(centre, "#1040d0"):
            assert _near(corner, "#d01010") and _near(bar, "#8aa1e8"), (corner, bar)
            seen.add("flag")
        else:
            assert centre == colours_at([(0.5, 0.05)])[0]  # the halo's disc and bar, one colour
            assert not _near(centre, "#ffffff") and not _near(centre, "#d01010"), centre
            seen.add("halo")
    assert seen == {"flag", "halo"}, seen


def _built_with(run, isolated: Path, layouts: Path, *, saints: str, innocents: str) -> Path:
    """Straight-to's cards.pdf with the Saints showing the SVG `saints` and the Innocents `innocents`."""
    art = _use_art(layouts)
    (art / "halo.svg").write_text(saints)
    (art / "disc.svg").write_text(innocents)
    (art / "credits.toml").write_text(CREDITS + '\n["disc.svg"]\nauthor = "Ben Inker"\nlicence = "CC0"\n')
    _swap(layouts / "straight-to", {"art/dove.png": "art/disc.svg"})
    result = run("build", "straight-to", "--layouts", layouts, "--output", "out")
    assert result.exit_code == 0, result.output
    return isolated / "out" / "straight-to" / "cards.pdf"


def _own_icons(cards: Path) -> Iterator[Callable[[list[tuple[float, float]]], list[tuple]]]:
    """For each own SVG placed in `cards` (its forms are named by digest, not author__name), the
    colours of its page at points of its square (u across, v down: 0 to 1), rendered at 144 dpi."""
    import pypdfium2 as pdfium
    from pdfscan import scan

    document = pdfium.PdfDocument(cards)
    for number, page in enumerate(scan(cards.read_bytes())):
        for name, box in page.placed_forms:
            if "icon_" in name and "__" not in name:
                x, y, w = box[0], box[1], box[2] - box[0]

                def colours_at(spots: list[tuple[float, float]], number: int = number, x=x, y=y, w=w) -> list[tuple]:
                    image = document[number].render(scale=2).to_pil().convert("RGB")
                    return [
                        image.getpixel((round((x + u * w) * 2), round(image.height - (y + (1 - v) * w) * 2)))
                        for u, v in spots
                    ]

                yield colours_at


def _near(pixel: tuple, hex_colour: str) -> bool:
    want = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= 10 for a, b in zip(pixel, want, strict=True))


LINES = (  # line art of one colour: a square's outline and a diagonal, strokes alone
    f'<svg xmlns="{SVG}" viewBox="0 0 100 100"><rect x="10" y="10" width="80" height="80" fill="none" '
    'stroke="#000" stroke-width="8"/><line x1="10" y1="90" x2="90" y2="10" stroke="#000" stroke-width="8"/></svg>'
)
STRUCK = (  # two colours: a blue disc struck through by a red line, drawn over it
    f'<svg xmlns="{SVG}" viewBox="0 0 100 100"><circle cx="50" cy="50" r="30" fill="#1040d0"/>'
    '<path d="M5 50 H95" stroke="#d01010" stroke-width="6"/></svg>'
)


@pytest.mark.named_games
def test_an_own_svg_of_strokes_draws_them_in_the_slots_colour_or_its_own(run, isolated, layouts_copy):
    """Line art: the Saints' square and diagonal, strokes alone, drawn in the slot's colour with
    the square's middle left bare; the Innocents' disc struck through by a red line keeps its two
    colours, the line over the disc."""
    seen = set()
    for colours_at in _own_icons(_built_with(run, isolated, layouts_copy, saints=LINES, innocents=STRUCK)):
        centre, upper, edge, bare = colours_at([(0.5, 0.5), (0.5, 0.29), (0.045, 0.5), (0.3, 0.3)])
        if _near(centre, "#d01010"):
            assert _near(upper, "#1040d0"), upper  # the disc, above the line
            seen.add("struck")
        else:
            assert centre == edge and _near(centre, "#8c6b00"), (centre, edge)  # the Good Souls' colour
            assert min(bare) > 200, bare  # inside the square, off the diagonal: the card shows through
            seen.add("lines")
    assert seen == {"struck", "lines"}, seen


CAPTION = """
[templates.soul.slots.caption]
type = "text"
text = "{name}"
x = "20%"
y = "38%"
w = "60%"
h = "8%"
size = 10
bold = true
color = "#fdfdfd"
"""


@pytest.mark.named_games
def test_a_text_over_an_own_picture_is_read_against_the_picture(run_kept, isolated, layouts_copy):
    """Every Soul shows one picture with its name in white across it: over a dark picture it reads
    (though white on the card's cream would not); over a pale one `pnp validate` refuses it, naming
    the picture's colour, not the card's, and in one process too (as `pnp watch` builds), where the
    sides read over a picture are read again."""
    from PIL import Image

    folder = layouts_copy / "straight-to"
    art = folder / "art"
    art.mkdir()
    (art / "credits.toml").write_text('["night.png"]\nauthor = "Ada Painter"\nlicence = "CC0"\n')
    components = folder / "components.toml"
    text = re.sub(r'(?m)^(icon = )"lorc/[a-z-]+"$', r'\1"art/night.png"', components.read_text())
    text = text.replace('icon = "delapouite/devil-mask"', 'icon = "art/night.png"')
    components.write_text(text.replace("[templates.soul.slots.hint]", CAPTION + "\n[templates.soul.slots.hint]", 1))

    def validate(colour: str):
        picture = Image.new("RGB", (1200, 1200), colour)
        picture.paste((255, 255, 255), (0, 0, 1200, 40))  # a thin pale rim: not what the name lies on
        picture.save(art / "night.png")
        return run_kept("validate", "straight-to", "--layouts", layouts_copy)

    result = validate("#1e1e28")
    assert result.exit_code == 0, result.output
    result = validate("#e8e0c8")
    assert result.exit_code == 1, result.output
    (line,) = [line for line in result.output.splitlines() if "contrast" in line]
    assert "in #fdfdfd on #e8e0c8" in line and "templates.soul.slots.caption.color" in line, line


def _image_names(resources) -> set[str]:
    """The names image XObjects go by in `resources` and in those of the forms it holds."""
    found = set()
    for name, xobject in (resources.get("/XObject") or {}).items():
        if xobject.get("/Subtype") == "/Image":
            found.add(str(name))
        elif "/Resources" in xobject:
            found |= _image_names(xobject.Resources)
    return found


@pytest.mark.named_games
def test_a_print_shop_gets_own_pictures_in_its_inks_within_its_limit(run, isolated, layouts_copy):
    """DriveThruCards' PDF/X-1a file for Straight-to with art/dove.png, a picture with transparent
    corners and a black disc: the image is CMYK with no soft mask (PDF/X-1a has no transparency),
    where it was transparent it is bare paper, no pixel takes more than the 240% of ink the shop
    allows, and the file passes the preflight."""
    import pikepdf
    from pdfx_preflight import preflight
    from PIL import Image, ImageDraw

    from pnp.export.cmyk import SWOP_PROFILE

    if not SWOP_PROFILE.exists():
        pytest.skip("Debian's libgs-common (the SWOP profile) is not installed here")
    art = _use_art(layouts_copy)
    dove = Image.new("RGBA", (600, 600), (0, 0, 0, 0))
    ImageDraw.Draw(dove).ellipse((100, 100, 500, 500), fill=(0, 0, 0, 255))
    dove.save(art / "dove.png")
    result = run("export", "printshop", "straight-to", "--service", "drivethrucards", "--layouts", layouts_copy)
    assert result.exit_code == 0, result.output
    cards = isolated / "output" / "straight-to" / "exports" / "drivethrucards" / "soul-cards.pdf"
    assert preflight(cards.read_bytes()) == []
    with pikepdf.open(cards) as pdf:
        (image,) = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        assert image.ColorSpace == "/DeviceCMYK" and "/SMask" not in image
        pixels = pikepdf.PdfImage(image).as_pil_image()
    assert pixels.mode == "CMYK" and pixels.size == (600, 600)
    assert pixels.getpixel((5, 5)) == (0, 0, 0, 0)  # a transparent corner: bare paper
    raw = pixels.tobytes()
    inks = [sum(raw[i : i + 4]) * 100 / 255 for i in range(0, len(raw), 4)]
    assert max(inks) <= 240 and max(inks) > 200  # the black disc: as dark as the limit lets it be


@pytest.mark.named_games
def test_the_ink_saver_prints_an_own_picture_light_and_grey(run, isolated, layouts_copy):
    """--ink-saver keeps colour to thin accents: the dove prints in light greys (its blue disc too),
    once in the file, its transparent corners still transparent."""
    import pikepdf
    from PIL import Image, ImageDraw

    art = _use_art(layouts_copy)
    dove = Image.new("RGBA", (300, 300), (0, 0, 0, 0))
    ImageDraw.Draw(dove).ellipse((50, 50, 250, 250), fill=(*DOVE_BLUE, 255))
    dove.save(art / "dove.png")
    result = run("build", "straight-to", "--ink-saver", "--layouts", layouts_copy)
    assert result.exit_code == 0, result.output
    with pikepdf.open(isolated / "output" / "straight-to" / "cards.pdf") as pdf:
        (image,) = [
            o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image" and "/SMask" in o
        ]
        pixels = pikepdf.PdfImage(image).as_pil_image().convert("RGB")
        mask = pikepdf.PdfImage(image.SMask).as_pil_image()
    disc = pixels.getpixel((150, 150))
    assert disc[0] == disc[1] == disc[2] and disc[0] >= 160, disc  # grey, and light
    assert mask.getpixel((5, 5)) == 0 and mask.getpixel((150, 150)) == 255
