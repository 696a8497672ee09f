"""Rich text in any printed text (issue 64, item 3): <b>bold</b>, <i>italic</i>, <color #rrggbb>a
colour</color> and inline icons, <icon author/name> or <icon art/file>, set at the text's size on
its baseline, wrapped and shrunk by the fit rules every text follows, printed as real text."""

from __future__ import annotations

import ctypes

import pytest

from pnp.errors import TextOverflow
from pnp.render.richtext import ICON_DROP, ICON_EM, ICON_ROOM, line_width
from pnp.render.textfit import fit_text, wrap
from pnp.source.markup import MarkupError, Stretch, has_markup, markup_problem, runs

LINE = "Sorry at <b>last</b>: <icon lorc/prayer> and <icon art/halo.svg> <i>forgive</i> <color #c0392b>me</color>."
HALO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>'


def test_markup_reads_as_runs_of_one_style_each():
    assert runs("a <b>b <i>c</i></b> <color #123456>d <icon lorc/sun></color>", False) == (
        Stretch("a ", False),
        Stretch("b ", True),
        Stretch("c", True, True),
        Stretch(" ", False),
        Stretch("d ", False, False, "#123456"),
        Stretch("", False, False, "#123456", "lorc/sun"),
    )
    assert not has_markup("MAW + BONE <= ICHOR, and <3 or 2 < 3 > 1")  # not a tag: printed as written
    assert "<br> is no tag pnp knows" in markup_problem("a line <br> broken")  # a tag it does not know
    assert runs("all bold", True) == (Stretch("all bold", True),)


@pytest.mark.parametrize(
    "text, said",
    [
        ("a <b>bold", "<b> is never closed"),
        ("a </i> b", "</i> closes no <i>"),
        ("<b>a <i>b</b></i>", "</b> closes no <b>"),
        ("<color red>x</color>", "write a colour as <color #rrggbb>"),
        ("<icon>", "write an inline icon as <icon author/name>"),
        ("<b x>y</b>", "<b> takes nothing more"),
    ],
)
def test_markup_that_cannot_be_read_is_refused_naming_the_text(text, said):
    with pytest.raises(MarkupError) as refused:
        runs(text, False)
    assert said in refused.value.message and isinstance(refused.value, TextOverflow)
    assert markup_problem(text) == refused.value.message


def test_a_placeholder_in_a_tag_reads_as_filled_later():
    assert markup_problem("<color {color}>{name}</color>") is None


def test_marked_up_text_wraps_and_shrinks_by_its_words_and_icons():
    """Each line is as wide as its runs say, within the box; joined, the lines' runs give back the
    words in their styles; the narrow box shrinks the text as a plain one would shrink."""
    width = 120.0
    lines = wrap(LINE, width, 9, False)
    assert len(lines) > 1 and all(line_width(line, False, 9) <= width for line in lines[:-1])
    assert _words(lines) == _words((LINE,))  # each word in its style, in order
    icons = [r for line in lines for r in runs(line, False) if r.icon]
    assert [r.icon for r in icons] == ["lorc/prayer", "art/halo.svg"]
    room = len(lines) * 9 * 1.18 - 1  # a point short of what the lines take at 9 pt
    size, fitted = fit_text(LINE, width, room, 9, 5)
    assert size < 9 and len(fitted) * size * 1.18 <= room + 0.01
    assert all(line_width(line, False, size) <= width + 0.01 for line in fitted)
    coloured = "A <color #123456>colour</color> changes no width, so the <color #654321>lines break where</color> plain ones do"
    plain = coloured.replace("<color #123456>", "").replace("<color #654321>", "").replace("</color>", "")
    for room in (40.0, 70.0, 110.0):
        broken = [" ".join(r.text for r in runs(line, False)) for line in wrap(coloured, room, 9, False)]
        assert [" ".join(line.split()) for line in broken] == list(wrap(plain, room, 9, False)), room
    one = line_width("<icon lorc/sun>", False, 10)
    assert one == pytest.approx((ICON_EM + 2 * ICON_ROOM) * 10)


def _words(lines: tuple[str, ...]) -> list[tuple[str, bool, bool, str | None]]:
    """Each word or icon of `lines` with its bold, italic and colour."""
    return [
        (word, r.bold, r.italic, r.color)
        for line in lines
        for r in runs(line, False)
        for word in (r.text.split() if not r.icon else [f"[{r.icon}]"])
    ]


@pytest.mark.named_games
def test_validate_names_each_unreadable_text_and_unknown_inline_icon(run, isolated, layouts_copy):
    components = layouts_copy / "straight-to" / "components.toml"
    text = components.read_text()
    for old, new in (
        ('line = "Sorry at last, and meaning it."', 'line = "Sorry at <b>last, and meaning it."'),
        ('line = "Never hurt a fly. Literally."', 'line = "Never hurt a <icon lorc/no-such-fly>."'),
        ('line = "Halo slightly crooked."', 'line = "Halo <color gold>slightly</color> crooked."'),
    ):
        assert old in text
        text = text.replace(old, new)
    components.write_text(text)
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if "components.toml:" in line]
    assert len(lines) == 3, result.output
    assert any(
        ":50:1: souls[0].line: text 'Sorry at <b>last, and meaning it.': <b> is never closed" in x for x in lines
    )
    assert any(":58:1: souls[1].line: unknown icon 'lorc/no-such-fly'" in x for x in lines), lines
    assert any(":66:1: souls[2].line: text 'Halo <color gold>" in x and "<color #rrggbb>" in x for x in lines)


def _char(textpage, index: int) -> tuple[str, float, str]:
    """Character `index` of a page: its font, its baseline's height (points) and the letter."""
    import pypdfium2.raw as pdfium_c

    flags = ctypes.c_int()
    size = pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, None, 0, ctypes.byref(flags))
    buffer = ctypes.create_string_buffer(size)
    pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, buffer, size, ctypes.byref(flags))
    x, y = ctypes.c_double(), ctypes.c_double()
    pdfium_c.FPDFText_GetCharOrigin(textpage.raw, index, ctypes.byref(x), ctypes.byref(y))
    return buffer.value.decode(), y.value, chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, index))


@pytest.mark.slow
def test_the_installed_pnp_sets_a_rule_line_with_bold_italic_colour_and_two_inline_icons(installed, tmp_path):
    """From outside, in a `pnp new` project with the installed pnp: the Penitent souls' rule line
    with a bold word, an italic one, a red one and two inline icons (a game-icons one and the
    designer's own SVG). Read back from the PDF: the text is real text, the bold word in DejaVu
    Sans Bold, each icon placed at the text's size on the line's baseline between the words around
    it, the icons credited."""
    import pypdfium2 as pdfium
    from conftest import run_installed
    from pdfscan import scan

    pnp = installed / "bin" / "pnp"
    run_installed(pnp, "new", "project", "--game", "straight-to", cwd=tmp_path)
    project = tmp_path / "project"
    game = project / "layouts" / "straight-to"
    (game / "art").mkdir()
    (game / "art" / "halo.svg").write_text(HALO)
    (game / "art" / "credits.toml").write_text('["halo.svg"]\nauthor = "Ben Inker"\nlicence = "CC0"\n')
    souls = game / "souls.csv"
    souls.write_text(souls.read_text().replace("Sorry at last, and meaning it.", LINE))
    assert "problem" not in run_installed(pnp, "validate", cwd=project).stdout
    run_installed(pnp, "build", cwd=project)
    cards = project / "output" / "straight-to" / "cards.pdf"
    page = pdfium.PdfDocument(cards)[0].get_textpage()
    text = page.get_text_range()
    at = text.index("Sorry at last:")
    font, baseline, _ = _char(page, at)
    assert font == "DejaVuSans" and _char(page, at + len("Sorry at "))[0] == "DejaVuSans-Bold"
    after = text.index("and", at)
    assert "forgive me." in " ".join(text[at:].split())
    assert _shear(page, text.index("forgive", at)) == pytest.approx(0.2) and _shear(page, at) == 0  # italic
    (scanned,) = scan(cards.read_bytes(), pages={1}, text=False)[:1]
    x_colon = _origin_x(page, at + len("Sorry at last"))
    x_and = _origin_x(page, after)
    inline = [
        (name, x, y, 512 * scale)
        for name, x, y, scale in scanned.forms
        if "icon_" in name and 512 * scale < 15 and x_colon < x < x_and and abs(y - baseline) < 5
    ]
    assert len(inline) == 1, inline  # the prayer icon between "last:" and "and" on the first card
    _, x, y, side = inline[0]
    size = side / ICON_EM
    assert y == pytest.approx(baseline - ICON_DROP * size, abs=0.05)  # its foot on the baseline's descent
    assert 5 <= size <= 9  # the line's own size
    halo = [f for f in scanned.forms if "icon_" in f[0] and "__" not in f[0] and 512 * f[3] < 15]
    assert len(halo) == 9  # the own SVG inline, on each of the page's nine cards
    rules = " ".join(
        " ".join(p.get_textpage().get_text_range().split())
        for p in pdfium.PdfDocument(project / "output" / "straight-to" / "rules.pdf")
    )
    assert "Ben Inker: halo.svg (CC0)" in rules and "prayer" in rules


def _origin_x(textpage, index: int) -> float:
    import pypdfium2.raw as pdfium_c

    x, y = ctypes.c_double(), ctypes.c_double()
    pdfium_c.FPDFText_GetCharOrigin(textpage.raw, index, ctypes.byref(x), ctypes.byref(y))
    return x.value


@pytest.mark.named_games
def test_a_faint_run_of_colour_is_read_against_what_lies_under_its_text(run, isolated, layouts_copy):
    """A word set in its own colour is checked as every text is: cream on a Good Soul's cream card
    is refused, naming the word and its colours."""
    components = layouts_copy / "straight-to" / "components.toml"
    text = components.read_text()
    old = 'line = "Sorry at last, and meaning it."'
    assert old in text
    components.write_text(text.replace(old, 'line = "Sorry at <color #f3e9cc>last</color>, and meaning it."'))
    result = run("validate", "straight-to", "--layouts", layouts_copy)
    assert result.exit_code == 1, result.output
    (line,) = [line for line in result.output.splitlines() if "#f3e9cc" in line]
    assert "'last' in #f3e9cc on" in line and "contrast" in line, line


def _shear(textpage, index: int) -> float:
    """How far character `index` leans: its text matrix's shear, 0 for upright text."""
    import pypdfium2.raw as pdfium_c

    matrix = pdfium_c.FS_MATRIX()
    assert pdfium_c.FPDFText_GetMatrix(textpage.raw, index, ctypes.byref(matrix))
    return matrix.c


WORD_AFTER = {  # each game's inline icons and the word each stands before, where the texts name it
    "punished": {"cards.pdf": {"worm-mouth": "MAW", "broken-bone": "BONE", "drop": "ICHOR", "bleeding-wound": "PAIN"}},
    "particle-panic": {"rules.pdf": {"hearts": "HEART", "clubs": "CLUB", "diamonds": "DIAMOND", "spades": "SPADE"}},
    "exit-from-purgatory": {"aids.pdf": {"shiny-apple": "apple", "apple-maggot": "worm"}},
}


@pytest.mark.named_games
@pytest.mark.parametrize("game", sorted(WORD_AFTER))
def test_the_games_set_an_icon_inline_where_their_texts_name_a_stat_suit_or_fruit(game):
    """Punished's stats on its cards, Particle Panic's suits in its rules and Exit's apple and worm
    outcomes on its aids: each named word follows its icon, set small on the word's baseline, read
    back from the default build's PDF (pdfium's characters, the icon forms' placements)."""
    import pypdfium2 as pdfium
    from pdfscan import scan
    from printbuilds import built

    ((file, words),) = WORD_AFTER[game].items()
    pdf = next(doc.pdf for doc in built("a4")[game].documents if doc.filename == file)
    found = {}
    for page, scanned in zip(pdfium.PdfDocument(pdf), scan(pdf, text=False), strict=True):
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        starts = [(i, _origin_x(textpage, i), _char(textpage, i)[1]) for i in range(len(text))]
        for name, x, y, scale in scanned.forms:
            icon = next((k for k in words if name.endswith(f"__{k.replace('-', '_')}")), None)
            side = 512 * scale
            if icon is None or side > 12:
                continue  # a board's or a card's own art, not an inline icon
            size = side / ICON_EM
            right = x + side + ICON_ROOM * size
            after = [i for i, cx, cy in starts if abs(cx - right) < 0.6 and abs(cy - (y + ICON_DROP * size)) < 0.2]
            assert after, (game, icon, x, y)
            assert text[after[0] : after[0] + len(words[icon])] == words[icon], (game, icon)
            found[icon] = found.get(icon, 0) + 1
    assert set(found) == set(words), (game, found)
