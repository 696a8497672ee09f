"""A player is told what to print: after a build, the installed `pnp` names every PDF it wrote with
how to print it in one line, and each line says what the print guide on the back of the same
build's rules sheet says of that file (its pages and sheets, one side or two, the flip edge or the
fold, the tiles to join), in every duplex mode; `--quiet` leaves the lines out."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import run_installed

LINE = re.compile(
    r"^  (?P<file>[a-z-]+\.pdf): (?P<pages>\d+) pages? on (?P<sheets>\d+) sheets? of A4, print (?P<how>.+?)"
    r"(?P<more>(?:\. [^.]+)*)$"
)
GAME = re.compile(r"^(?P<game>[a-z-]+): \d+ PDFs, .* -> (?P<folder>\S+)$")


def _guide(rules: Path) -> str:
    """The print guide's text, as a reader extracts it, its line breaks as spaces."""
    text = pdfium.PdfDocument(rules)[1].get_textpage().get_text_range()
    return " ".join(text.replace("\u00ad", "").split())


def _said(stdout: str) -> dict[str, dict[str, re.Match[str]]]:
    """By game, by file: each line the build said of a file."""
    said: dict[str, dict[str, re.Match[str]]] = {}
    game = None
    for line in stdout.splitlines():
        if started := GAME.match(line):
            game = started["game"]
            said[game] = {}
        elif (found := LINE.match(line)) and game is not None:
            said[game][found["file"]] = found
    return said


@pytest.mark.parametrize("duplex", ["long", "short", "off", "fold"])
def test_a_build_says_how_to_print_each_file_as_its_print_guide_does(installed, tmp_path, duplex):
    built = run_installed(installed / "bin" / "pnp", "build", "--duplex", duplex, cwd=tmp_path)
    said = _said(built.stdout)
    output = tmp_path / "output"
    games = sorted(folder.name for folder in output.iterdir() if (folder / "rules.pdf").is_file())
    assert games and sorted(said) == games, built.stdout
    for game in games:
        written = sorted(p.name for p in (output / game).glob("*.pdf") if p.name != "reprint.pdf")
        assert sorted(said[game]) == written, (game, built.stdout)
        guide = _guide(output / game / "rules.pdf")
        for name, line in said[game].items():
            pages = len(pdfium.PdfDocument(output / game / name))
            assert int(line["pages"]) == pages, (game, name)
            heading = f"{name}: {pages} page{'s' * (pages != 1)}, {line['sheets']} sheet"
            assert heading in guide, (game, heading, guide)
            told = guide.split(heading, 1)[1]
            assert re.match(rf"s? Print {re.escape(line['how'])}[.;]", told), (game, name, line["how"], told[:160])
            for tiles in re.findall(r"\. (\w+): (\d+) tiles to cut and join", line["more"]):
                assert f"{tiles[0]}: {tiles[1]} tiles," in guide, (game, tiles)
    if duplex == "fold":
        assert "fold each sheet on its dashed centre line" in said["straight-to"]["cards.pdf"]["how"]
    quiet = run_installed(installed / "bin" / "pnp", "build", "--force", "--quiet", cwd=tmp_path)
    assert not any(LINE.match(line) for line in quiet.stdout.splitlines()), quiet.stdout


def test_the_gallery_shows_each_files_line_fold_included_and_every_warning(run, isolated, layouts_copy, browser):
    """A folded build written with --no-validate over a count the rules model refuses: the gallery,
    read in a real browser, lists each file with the line the build said of it and the warning."""
    components = layouts_copy / "straight-to" / "components.toml"
    text = components.read_text()
    components.write_text(text.replace("count = 17", "count = 18", 1))
    built = run("build", "straight-to", "--layouts", layouts_copy, "--duplex", "fold", "--no-validate")
    assert built.exit_code == 0, built.output
    lines = {found["file"]: found for line in built.output.splitlines() if (found := LINE.match(line))}
    warned = [line.removeprefix("warning: ") for line in built.output.splitlines() if line.startswith("warning: ")]
    assert len(lines) == 5 and any("add up to 51" in line for line in warned), built.output
    dom = browser((isolated / "output" / "index.html").as_uri())
    section = dom.split('id="straight-to"', 1)[1].split("</section>", 1)[0]
    rows = dict(
        re.findall(r'<tr class="print"><td><a href="straight-to/([a-z-]+\.pdf)">.*?</td><td>([^<]*)</td>', section)
    )
    assert rows == {name: line[0].split(": ", 1)[1] for name, line in lines.items()}, rows
    assert "fold each sheet on its dashed centre line" in rows["cards.pdf"]
    shown = [
        html.unescape(line)
        for line in re.findall(r"<li><pre>(.*?)</pre></li>", section.split('class="warnings"', 1)[1])
    ]
    # the gallery says each path from the project's folder (the layouts' parent), wherever the build ran
    project = [
        f"{Path(os.path.relpath(Path.cwd() / path, layouts_copy.parent)).as_posix()}:{rest}"
        for path, rest in (line.split(":", 1) for line in warned)
    ]
    assert shown[: len(warned)] == project, (shown, project)


def test_a_rebuild_after_an_edit_names_the_reprint_too(installed, tmp_path):
    """A card edited between two builds: the second also writes reprint.pdf (the changed pieces)
    and says how to print it, its pages as the file has them."""
    pnp = installed / "bin" / "pnp"
    run_installed(pnp, "new", "proj", "--game", "straight-to", cwd=tmp_path)
    project = tmp_path / "proj"
    run_installed(pnp, "build", cwd=project)
    game = project / "layouts" / "straight-to"
    (listed,) = [p for p in game.iterdir() if p.is_file() and "Halo slightly crooked." in p.read_text()]
    listed.write_text(listed.read_text().replace("Halo slightly crooked.", "Halo polished.", 1))  # a card's line
    rebuilt = run_installed(pnp, "build", cwd=project)
    said = _said(rebuilt.stdout).get("straight-to", {})
    assert said, rebuilt.stdout + rebuilt.stderr
    folder = project / "output" / "straight-to"
    assert sorted(said) == sorted(p.name for p in folder.glob("*.pdf")) and "reprint.pdf" in said, rebuilt.stdout
    line = said["reprint.pdf"]
    assert int(line["pages"]) == len(pdfium.PdfDocument(folder / "reprint.pdf")), line[0]
    assert line["how"].startswith("double-sided, flip on long edge"), line[0]
