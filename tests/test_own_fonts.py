"""A designer's own fonts (issue 64, item 2): TrueType files in a game's `fonts/` folder, named as
families in `fonts/fonts.toml`, set per slot (`font = "Title"`) or for the whole game (`default`);
their subsets embedded, every glyph a text needs checked in the font it is set in, and their
makers credited. DejaVu Sans stays the font of every other text."""

from __future__ import annotations

import ctypes
import os
import re
import shutil
from pathlib import Path

import pytest

SYSTEM_FONTS = Path("/usr/share/fonts/truetype/dejavu")  # Debian's fonts-dejavu-core: .ci/run installs it
SERIF, SERIF_BOLD = SYSTEM_FONTS / "DejaVuSerif.ttf", SYSTEM_FONTS / "DejaVuSerif-Bold.ttf"
INDEX = """[Title]
regular = "DejaVuSerif.ttf"
bold = "DejaVuSerif-Bold.ttf"
author = "Bitstream, the DejaVu fonts team"
licence = "Bitstream Vera licence"
"""

pytestmark = pytest.mark.skipif(
    not SERIF_BOLD.exists() and not os.environ.get("CI"),
    reason="Debian's fonts-dejavu-core (DejaVu Serif, the designer's font here) is not installed",
)


def _titles_in_serif(game: Path, index: str = INDEX) -> Path:
    """Straight-to's Soul card names set in the family Title (DejaVu Serif), from the game's fonts/."""
    fonts = game / "fonts"
    fonts.mkdir()
    for font in (SERIF, SERIF_BOLD):
        shutil.copy(font, fonts / font.name)
    (fonts / "fonts.toml").write_text(index)
    components = game / "components.toml"
    text = components.read_text()
    assert text.count("[templates.soul.slots.name]\n") == 1
    components.write_text(
        text.replace("[templates.soul.slots.name]\n", '[templates.soul.slots.name]\nfont = "Title"\n')
    )
    return fonts


def _font_of(textpage, index: int) -> str:
    """The font pdfium reads character `index` of a page in."""
    import pypdfium2.raw as pdfium_c

    flags = ctypes.c_int()
    size = pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, None, 0, ctypes.byref(flags))
    buffer = ctypes.create_string_buffer(size)
    pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, buffer, size, ctypes.byref(flags))
    return buffer.value.decode()


@pytest.mark.slow
def test_the_installed_pnp_sets_titles_in_the_designers_font_and_credits_it(installed, tmp_path):
    """From outside, in a `pnp new` project with the installed pnp: each Soul card's name is set
    in the family's bold font, embedded as a tagged subset; its rule line stays in DejaVu Sans; the
    rules sheet names the font's makers; a changed font file is drawn by the next build."""
    import pikepdf
    import pypdfium2 as pdfium
    from conftest import run_installed

    pnp = installed / "bin" / "pnp"
    run_installed(pnp, "new", "project", "--game", "straight-to", cwd=tmp_path)
    project = tmp_path / "project"
    fonts = _titles_in_serif(project / "layouts" / "straight-to")
    assert "problem" not in run_installed(pnp, "validate", cwd=project).stdout
    run_installed(pnp, "build", cwd=project)
    cards = project / "output" / "straight-to" / "cards.pdf"
    with pikepdf.open(cards) as pdf:
        names = {str(f.BaseFont) for page in pdf.pages for f in _fonts(page.Resources)}
    assert any(re.fullmatch(r"/[A-Z]{6}\+DejaVuSerif-Bold", name) for name in names), names
    assert not any("DejaVuSerif" in name and "Bold" not in name for name in names)  # the bold face alone is used
    page = pdfium.PdfDocument(cards)[0].get_textpage()
    text = page.get_text_range()
    assert _font_of(page, text.index("Penitent")) == "DejaVuSerif-Bold"
    assert _font_of(page, text.index("Sorry at last")) == "DejaVuSans"
    rules = " ".join(
        " ".join(p.get_textpage().get_text_range().split())
        for p in pdfium.PdfDocument(project / "output" / "straight-to" / "rules.pdf")
    )
    said = "Text in Title (DejaVuSerif.ttf, DejaVuSerif-Bold.ttf) by Bitstream, the DejaVu fonts team"
    assert said in rules, rules[-600:]
    assert "up to date" in run_installed(pnp, "build", cwd=project).stdout
    shutil.copy(SYSTEM_FONTS / "DejaVuSans-Bold.ttf", fonts / "DejaVuSerif-Bold.ttf")  # the file changed
    assert "up to date" not in run_installed(pnp, "build", cwd=project).stdout
    page = pdfium.PdfDocument(cards)[0].get_textpage()
    assert _font_of(page, page.get_text_range().index("Penitent")) == "DejaVuSans-Bold"


def _fonts(resources) -> list:
    found = list((resources.get("/Font") or {}).values())
    for xobject in (resources.get("/XObject") or {}).values():
        if "/Resources" in xobject:
            found += _fonts(xobject.Resources)
    return found


@pytest.mark.named_games
def test_validate_names_every_font_problem_with_its_file_key_and_line(run, isolated, layouts_copy):
    """A family whose file is missing and one whose file is no font are named in fonts.toml, with
    own art's problems in the same run; then a slot naming an unknown family; then a character the
    family has no glyph for, named with its text (never printed as an empty box)."""
    game = layouts_copy / "straight-to"
    fonts = _titles_in_serif(game, INDEX + '\n[Body]\nregular = "junk.ttf"\nauthor = "A"\nlicence = "B"\n')
    (fonts / "junk.ttf").write_bytes(b"not a font at all" * 10)
    (fonts / "DejaVuSerif-Bold.ttf").unlink()
    art = game / "art"
    art.mkdir()
    (art / "halo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><script/><circle r="4"/></svg>')
    (art / "credits.toml").write_text('["halo.svg"]\nauthor = "A"\nlicence = "B"\n')
    components = game / "components.toml"
    components.write_text(components.read_text().replace('icon = "lorc/dove"', 'icon = "art/halo.svg"'))
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if ".toml:" in line]
    assert len(lines) == 3, result.output
    assert any(
        line.startswith("../layouts/straight-to/fonts/fonts.toml:3:1: Title.bold: no file 'DejaVuSerif-Bold.ttf'")
        for line in lines
    ), lines
    assert any(
        line.startswith("../layouts/straight-to/fonts/fonts.toml:8:1: Body.regular: junk.ttf: not a TrueType font")
        for line in lines
    ), lines
    assert any("components.toml:" in line and "halo.svg: refused" in line for line in lines), lines

    shutil.copy(SERIF_BOLD, fonts / SERIF_BOLD.name)
    (fonts / "fonts.toml").write_text(INDEX)
    components.write_text(components.read_text().replace('icon = "art/halo.svg"', 'icon = "lorc/dove"'))
    components.write_text(components.read_text().replace('font = "Title"', 'font = "Titel"'))
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1
    (line,) = [line for line in result.output.splitlines() if "Titel" in line]
    assert re.match(r"\.\./layouts/straight-to/components\.toml:\d+:1: templates\.soul\.slots\.name\.font: ", line)
    assert "no family 'Titel' in fonts.toml (it has Title)" in line

    components.write_text(components.read_text().replace('font = "Titel"', 'font = "Title"'))
    components.write_text(components.read_text().replace('name = "Penitent"', 'name = "Penitent ★"'))
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1
    (line,) = [line for line in result.output.splitlines() if "U+2605" in line]
    assert "souls[0].name: '★' (U+2605 BLACK STAR): no glyph in the typeface (Title)" in line, line
    components.write_text(
        components.read_text().replace('[templates.soul.slots.name]\nfont = "Title"\n', "[templates.soul.slots.name]\n")
    )
    assert run("validate", "straight-to", "--layouts", layouts_copy).exit_code == 0  # DejaVu Sans has it


@pytest.mark.named_games
def test_validate_names_the_seven_palette_mistakes_in_one_run(run, isolated, layouts_copy):
    """Issue 64's acceptance 2: a missing glyph, a missing font file, an SVG with a script, a
    20,000 x 20,000 PNG, a PNG printed below 300 dpi, an unknown inline icon and unbalanced markup,
    each named with its file, key and line in one run of `pnp validate`. Those that cannot be drawn
    leave a gap, so the build goes on to compose the texts and size the pictures; then it refuses."""
    from test_own_art import _dove, _png_claiming, _swap

    game = layouts_copy / "straight-to"
    _titles_in_serif(game, INDEX + '\n[Body]\nregular = "Body.ttf"\nauthor = "A"\nlicence = "B"\n')
    art = game / "art"
    art.mkdir()
    (art / "halo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><script/><circle r="4"/></svg>')
    (art / "dove.png").write_bytes(_png_claiming(20_000, 20_000))
    _dove(art / "small.png", pixels=100)
    (art / "credits.toml").write_text(
        "".join(f'["{name}"]\nauthor = "A"\nlicence = "B"\n' for name in ("halo.svg", "dove.png", "small.png"))
    )
    _swap(game, {"lorc/angel-outfit": "art/halo.svg", "lorc/dove": "art/dove.png", "lorc/prayer": "art/small.png"})
    components = game / "components.toml"
    text = components.read_text()
    for old, new in (
        ("[templates.soul.slots.line]\n", '[templates.soul.slots.line]\nfont = "Body"\n'),  # its file is missing
        ('name = "Penitent"', 'name = "Penitent ★"'),
        ('line = "Sorry at last, and meaning it."', 'line = "Sorry at <b>last, and meaning it."'),
        ('line = "Never hurt a fly. Literally."', 'line = "Never hurt a <icon lorc/no-such-fly>."'),
    ):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    components.write_text(text)

    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1, result.output
    said = result.output.splitlines()
    problems = [line for line in said if line.startswith("../layouts/straight-to/")]
    warnings = [line for line in said if line.startswith("warning: ../layouts/straight-to/")]
    expected = (
        r"components\.toml:\d+:1: souls\[0\]\.name: '★' \(U\+2605 BLACK STAR\): no glyph in the typeface \(Title\)",
        r"fonts/fonts\.toml:\d+:1: Body\.regular: no file 'Body\.ttf'",
        r"components\.toml:\d+:1: souls\[\d+\]\.icon: .*halo\.svg: refused: it holds a <script> element",
        r"components\.toml:\d+:1: souls\[\d+\]\.icon: .*dove\.png: more than 50,000,000 pixels",
        r"components\.toml:\d+:1: souls\[1\]\.line: unknown icon 'lorc/no-such-fly'",
        r"components\.toml:\d+:1: souls\[0\]\.line: text 'Sorry at <b>last, and meaning it\.': <b> is never closed",
    )
    for pattern in expected:
        assert sum(bool(re.search(pattern, line)) for line in problems) == 1, (pattern, problems)
    assert len(problems) == len(expected), problems
    (warning,) = warnings
    assert re.search(r"components\.toml:\d+:1: souls\[\d+\]\.icon: art/small\.png \(100 x 100 pixels\) prints", warning)
    assert "straight-to: 6 problem(s)" in result.output or "6 problem(s)" in said[-1], said[-3:]

    out = isolated / "out"  # a build refuses the same six and writes nothing
    result = run("build", "straight-to", "--layouts", layouts_copy, "--output", out)
    assert result.exit_code == 1, result.output
    assert not list(out.rglob("*.pdf"))


@pytest.mark.named_games
def test_italic_text_takes_the_familys_italic_face_upright_or_else_leans(run, isolated, layouts_copy):
    """A family with an italic face sets <i> text in it, upright; a family without one leans its
    regular face as DejaVu Sans Oblique leans, and the credits name only the files used."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    game = layouts_copy / "straight-to"
    index = INDEX.replace('bold = "DejaVuSerif-Bold.ttf"\n', 'bold = "DejaVuSerif-Bold.ttf"\nitalic = "Italic.ttf"\n')
    fonts = _titles_in_serif(game, index)
    shutil.copy(SYSTEM_FONTS / "DejaVuSerif-Italic.ttf", fonts / "Italic.ttf")
    components = game / "components.toml"
    text = components.read_text()
    old = 'line = "Sorry at last, and meaning it."'
    assert text.count(old) == 1
    components.write_text(
        text.replace(old, 'line = "Sorry at <i>last</i>, and meaning it."').replace(
            "[templates.soul.slots.line]\n", '[templates.soul.slots.line]\nfont = "Title"\n'
        )
    )

    def shear_and_font(word: str) -> tuple[float, str]:
        out = isolated / "out"
        result = run("build", "straight-to", "--layouts", layouts_copy, "--output", out)
        assert result.exit_code == 0, result.output
        page = pdfium.PdfDocument(out / "straight-to" / "cards.pdf")[0].get_textpage()
        at = page.get_text_range().index(word)
        matrix = pdfium_c.FS_MATRIX()
        assert pdfium_c.FPDFText_GetMatrix(page.raw, at, matrix)
        return matrix.c / matrix.d, _font_of(page, at)

    assert shear_and_font("last") == (0.0, "DejaVuSerif-Italic")
    assert shear_and_font("Sorry") == (0.0, "DejaVuSerif")
    (fonts / "fonts.toml").write_text(INDEX)  # no italic face: the regular, leaning
    shear, font = shear_and_font("last")
    assert font == "DejaVuSerif" and shear == pytest.approx(0.2, abs=0.01)


def _cff_font(path: Path) -> None:
    """An OpenType font with CFF outlines (what most `.otf` files are): DejaVu Serif's letters
    redrawn as cubic curves, named "Serif CFF"."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont

    source = TTFont(SERIF)
    cmap = {code: name for code, name in source.getBestCmap().items() if 32 <= code < 127}
    order = [".notdef", *sorted(set(cmap.values()))]
    glyphs, metrics = source.getGlyphSet(), source["hmtx"].metrics
    strings = {}
    for name in order:
        pen = T2CharStringPen(metrics[name][0], glyphs)
        glyphs[name].draw(pen)
        strings[name] = pen.getCharString()
    built = FontBuilder(source["head"].unitsPerEm, isTTF=False)
    built.setupGlyphOrder(order)
    built.setupCharacterMap(cmap)
    built.setupCFF("SerifCFF-Regular", {"FullName": "Serif CFF"}, strings, {})
    built.setupHorizontalMetrics({name: metrics[name] for name in order})
    built.setupHorizontalHeader(ascent=source["hhea"].ascent, descent=source["hhea"].descent)
    built.setupNameTable({"familyName": "Serif CFF", "styleName": "Regular", "psName": "SerifCFF-Regular"})
    built.setupOS2(sTypoAscender=source["OS/2"].sTypoAscender, usWinAscent=source["OS/2"].usWinAscent)
    built.setupPost()
    built.save(str(path))
    assert path.read_bytes()[:4] == b"OTTO"


@pytest.mark.named_games
def test_an_opentype_font_with_cff_outlines_is_embedded_with_truetype_ones(run, isolated, layouts_copy):
    """A `.otf` with PostScript outlines sets the Soul names like a `.ttf` does: embedded as a
    subset, its letters the same width, and the PDF the same bytes from one build to the next."""
    import pypdfium2 as pdfium

    game = layouts_copy / "straight-to"
    fonts = _titles_in_serif(
        game, INDEX.replace("DejaVuSerif.ttf", "SerifCFF.otf").replace('bold = "DejaVuSerif-Bold.ttf"\n', "")
    )
    _cff_font(fonts / "SerifCFF.otf")
    (fonts / "SerifCFF.otf").with_suffix(".ttf").unlink(missing_ok=True)
    cards = isolated / "out" / "straight-to" / "cards.pdf"

    def build() -> bytes:
        result = run("build", "straight-to", "--layouts", layouts_copy, "--output", "out", "--force")
        assert result.exit_code == 0, result.output
        return cards.read_bytes()

    first = build()
    assert build() == first
    page = pdfium.PdfDocument(cards)[0].get_textpage()
    at = page.get_text_range().index("Penitent")
    assert _font_of(page, at) == "SerifCFF-Regular"
    left, bottom, _, top = page.get_charbox(at)
    right = page.get_charbox(at + len("Penitent") - 1)[2]
    image = pdfium.PdfDocument(cards)[0].render(scale=4).to_pil().convert("L")
    word = image.crop(
        (round(left * 4), round(image.height - top * 4), round(right * 4), round(image.height - bottom * 4))
    )
    inked = sum(word.histogram()[:160]) / (word.width * word.height)
    assert 0.15 < inked < 0.6, inked  # drawn letters, neither blank nor boxes filled solid
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 0, result.output
