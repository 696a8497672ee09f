"""Whatever a designer edits between builds, a build that keeps what it can (the up-to-date check,
the icon shape cache, the thumbnails and change list it carries over, and what the process kept of
earlier builds, as `pnp watch` keeps it) writes exactly what a `--force` build of the same inputs
writes from the same earlier output in a fresh process (issue 70, acceptance 2). Hypothesis chooses
the edits: a design's text, its icon, two designs' counts (its designs kept in souls.csv, as a
deck is), a template slot, the colour under the Good Souls, the file of the family its names are set
in, an option (paper, bleed, the ink saver); after each, one copy of the output folder is built as a designer builds it (in this
process, which built every example before) and another with --force by a new `pnp`, and every file
of the game's folder must be the same bytes."""

from __future__ import annotations

import csv
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import long_deck, souls_to_csv, write_souls
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from pnp.cli import cli
from pnp.files.paths import fonts_dir, shipped_layouts_dir
from pnp.memory import BuildMemory

GAME = "straight-to"
ICONS = ("lorc/prayer", "lorc/dove", "lorc/angel-outfit", "lorc/ghost", "lorc/imp-laugh", "lorc/horned-skull")
WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ,.", min_size=1, max_size=40).map(str.strip).filter(bool)

EDITS = st.one_of(  # each changes something: a build with nothing changed writes nothing (test_incremental)
    st.tuples(st.just("line"), st.integers(0, 5), WORDS),
    st.tuples(st.just("icon"), st.integers(0, 5), st.sampled_from(ICONS)),
    st.tuples(st.just("counts"), st.sampled_from([(0, 2), (1, 2), (3, 5), (4, 5)]), st.just("")),  # 17 and 16
    st.tuples(st.just("name size"), st.integers(10, 15), st.just("")),
    st.tuples(st.just("tint"), st.just(0), st.just("")),  # the colour under the Good Souls: their faces stay
    st.tuples(st.just("paper"), st.just(0), st.just("")),  # A4 <-> Letter
    st.tuples(st.just("bleed"), st.just(0), st.just("")),  # none <-> 3 mm
    st.tuples(st.just("ink"), st.just(0), st.just("")),  # colour <-> the ink saver: the pages' keys stay
    st.tuples(st.just("font"), st.just(0), st.just("")),  # the names' family: its file's bytes swapped
)
WATCHED = BuildMemory()  # one for every example, as `pnp watch` keeps one for every save
FACES = (fonts_dir() / "DejaVuSans-Bold.ttf", fonts_dir() / "DejaVuSans.ttf")  # the family's file, in turn
OTHER = {
    "paper": {"a4": "letter", "letter": "a4"},
    "bleed": {"0": "3mm", "3mm": "0"},
    "ink": {"--colour": "--ink-saver", "--ink-saver": "--colour"},  # a flag: written as it is
}


def _names_in_own_font(game: Path) -> None:
    """The Soul cards' names set in the designer's family Title, from the game's fonts/."""
    fonts = game / "fonts"
    fonts.mkdir()
    (fonts / "title.ttf").write_bytes(FACES[0].read_bytes())
    (fonts / "fonts.toml").write_text('[Title]\nregular = "title.ttf"\nauthor = "DejaVu"\nlicence = "Bitstream Vera"\n')
    components = game / "components.toml"
    text = components.read_text().replace(
        "[templates.soul.slots.name]\n", '[templates.soul.slots.name]\nfont = "Title"\n'
    )
    components.write_text(text)


def _edit(components: Path, options: dict[str, str], edit: tuple) -> None:
    kind, which, value = edit
    if kind in OTHER:
        options[kind] = OTHER[kind][options[kind]]
        return
    if kind == "font":
        font = components.parent / "fonts" / "title.ttf"
        font.write_bytes(
            FACES[1 - FACES.index(next(f for f in FACES if f.read_bytes() == font.read_bytes()))].read_bytes()
        )
        return
    if kind == "tint":
        text = components.read_text()
        tints = {'tint = "#fff8e6"': 'tint = "#fff4dd"', 'tint = "#fff4dd"': 'tint = "#fff8e6"'}
        written = next(tint for tint in tints if tint in text)
        components.write_text(text.replace(written, tints[written], 1))
        return
    if kind == "name size":
        text = components.read_text()
        slot = re.compile(r"(\[templates\.soul\.slots\.name\]\n(?:[^\[\n][^\n]*\n)*?)size = (\d+)")
        size = which if int(slot.search(text).group(2)) != which else which + 1
        components.write_text(slot.sub(rf"\g<1>size = {size}", text, count=1))
        return
    listed = components.parent / "souls.csv"
    with listed.open(newline="") as rows:
        souls = list(csv.DictReader(rows))
    if kind == "line":
        souls[which]["line"] = value if value != souls[which]["line"] else value + " again"
    elif kind == "icon":
        written = souls[which]["icon"]
        souls[which]["icon"] = value if value != written else next(icon for icon in ICONS if icon != written)
    elif kind == "counts":  # two designs of one side trade counts: the side's total stays the rules'
        a, b = which
        souls[a]["count"], souls[b]["count"] = souls[b]["count"], souls[a]["count"]
    write_souls(listed, souls)


def _files(folder: Path) -> dict[str, str]:
    """Each file under `folder` by its digest: a mismatch is said by name, not by a diff of whole PDFs
    (which pytest would take minutes to work out)."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.slow
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,  # the same edits in every run: CI and the mutation check see what a developer saw
    database=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a failing sequence is said as found: each step builds twice
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(edits=st.lists(EDITS, min_size=2, max_size=3))
@example(edits=[("bleed", 0, ""), ("counts", (3, 5), "")])  # a form numbered apart from a page kept whole
@example(edits=[("font", 0, ""), ("line", 1, "Quiet souls"), ("font", 0, "")])  # a font file, edited and put back
@example(edits=[("tint", 0, ""), ("line", 3, "Still here")])  # a colour under kept faces, then a text
@example(edits=[("ink", 0, ""), ("ink", 0, "")])  # the same pages drawn in outline, and back in colour
@example(edits=[("icon", 0, "lorc/imp-laugh"), ("icon", 0, "lorc/prayer")])  # a later page's icon, drawn first
def test_a_build_after_any_edit_writes_what_a_forced_build_writes(tmp_path_factory, edits):
    work = tmp_path_factory.mktemp("edits")
    layouts = work / "layouts"
    shutil.copytree(shipped_layouts_dir() / GAME, layouts / GAME)
    souls_to_csv(layouts)
    _names_in_own_font(layouts / GAME)
    kept, forced = work / "kept", work / "forced"
    options: dict[str, str] = {"paper": "a4", "bleed": "0", "ink": "--colour"}

    def build(output: Path, *more: str) -> None:
        flags = [value if value.startswith("--") else f"--{name}={value}" for name, value in options.items()]
        args = ["build", GAME, "--layouts", str(layouts), "-o", str(output), "--jobs", "1", *flags, *more]
        if "--force" in more:  # nothing kept from an earlier build: a process of its own
            result = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, cwd=work)
            assert result.returncode == 0, result.stdout + result.stderr
            return
        result = CliRunner().invoke(cli, args, catch_exceptions=False, obj=WATCHED)
        assert result.exit_code == 0, result.output

    build(kept)  # the designer's earlier build
    for edit in edits:
        _edit(layouts / GAME / "components.toml", options, edit)
        shutil.rmtree(forced, ignore_errors=True)
        shutil.copytree(kept, forced)  # the same earlier output for both
        assert _files(kept / GAME)  # built
        build(kept)
        build(forced, "--force")
        made, expected = _files(kept / GAME), _files(forced / GAME)
        differ = sorted(name for name in made.keys() | expected.keys() if made.get(name) != expected.get(name))
        assert not differ, (edit, differ)


def test_a_manifest_read_back_as_written_is_what_parsing_it_gives(run_kept, isolated):
    """The manifest a build wrote is taken from the build's memory while the file holds its bytes
    (`pnp watch` reads it back at the next save): what the next build and the up-to-date check read
    of it is what parsing the file gives, and an edited file is parsed."""
    from pnp.pipeline import manifest

    for force in ((), ("--force",)):  # the second lists its changes since the first (none)
        assert run_kept("build", "punished", "--jobs", "1", *force).exit_code == 0
    path, memory = isolated / "output" / "punished" / "manifest.json", run_kept.memory
    assert manifest.as_written(path, memory) is not None
    kept = (manifest.read_last_build(path, memory), manifest.ManifestHead.read(path, memory))
    parsed = (manifest.read_last_build(path), manifest.ManifestHead.read(path))  # no memory: the file parsed
    assert kept == parsed and kept[0].designs and kept[0].changes == [] and kept[1].documents
    path.write_text(path.read_text().replace('"validated": true', '"validated": false', 1))
    assert manifest.as_written(path, memory) is None and manifest.ManifestHead.read(path, memory).validated is False


def test_a_manifest_with_records_kept_from_earlier_ones_is_written_as_pydantic_writes_it(run, isolated):
    """`Manifest.to_json` writes the placed records and designs kept from the manifests it wrote
    before as they were written then: whatever the records, the text is the serialiser's, byte for
    byte."""
    from dataclasses import replace

    from pnp.memory import BuildMemory
    from pnp.pipeline.manifest import Manifest, schema

    assert run("build", "punished", "--jobs", "1").exit_code == 0
    memory = BuildMemory()  # the records' texts kept from one manifest written to the next
    built = schema(Manifest).validate_json((isolated / "output" / "punished" / "manifest.json").read_bytes())
    placed, designs = built.placed, built.designs
    moved = [replace(item, page=item.page + 1) for item in placed[:3]]
    first, *others = designs
    recounted = {**designs, first: replace(designs[first], count=designs[first].count + 1)}
    renamed = {("Renamed " + key if key == others[0] else key): design for key, design in designs.items()}
    for items, table in (
        (placed, designs),
        (placed, designs),
        ([*moved, *placed[3:]], designs),
        ([*placed[:1], *moved[1:], *placed[3:]], recounted),
        (placed, renamed),
        (placed, {key: designs[key] for key in others}),
        (placed[:1], designs),
        ([], designs),
        (placed, {}),
        (placed, designs),
    ):
        manifest = replace(built, placed=items, designs=table)
        assert manifest.to_json(memory) == schema(Manifest).dump_json(manifest, indent=1) + b"\n"


def test_a_tint_edited_between_two_builds_in_one_process_is_a_change_of_art(run_kept, isolated, layouts_copy):
    """A design's fingerprint is kept for the very same face and back (`pnp watch`); the colours
    under them are part of it: the Good Souls' tint edited alone lists every Good Soul design."""
    assert run_kept("build", "straight-to", "--layouts", layouts_copy, "--jobs", "1").exit_code == 0
    components = layouts_copy / "straight-to" / "components.toml"
    components.write_text(components.read_text().replace('tint = "#fff8e6"', 'tint = "#fff4dd"'))
    assert run_kept("build", "straight-to", "--layouts", layouts_copy, "--jobs", "1").exit_code == 0
    manifest = json.loads((isolated / "output" / "straight-to" / "manifest.json").read_text())
    good = {key for key in manifest["designs"] if key.startswith("soul-good|")}
    assert len(good) >= 3 and {c["key"] for c in manifest["changes"] if c["kind"] == "art"} == good


def test_a_text_edited_between_builds_in_one_process_is_checked_again(run_kept, isolated, layouts_copy):
    """What the checks found in a run of a deck's sides is kept from build to build (`sideruns`),
    as `pnp watch` builds: a Soul's line edited to hold a letter the typeface lacks and a number
    the code does not fill is refused in the same process as a fresh one refuses it, naming the
    row; put back, the deck builds again."""
    souls_to_csv(layouts_copy)
    listed = layouts_copy / GAME / "souls.csv"
    original = listed.read_text()

    def build():
        return run_kept("build", GAME, "--layouts", layouts_copy, "-o", "out", "--jobs", "1")

    assert build().exit_code == 0
    with listed.open(newline="") as rows:
        souls = list(csv.DictReader(rows))
    souls[4]["line"] = "Peace, שלום, after {rounds_left} rounds"
    write_souls(listed, souls)
    refused = build()
    assert refused.exit_code == 1, refused.output
    assert "souls.csv:6" in refused.output and "U+05E9" in refused.output, refused.output
    assert "{rounds_left} is printed as written in cards.pdf" in refused.output, refused.output
    listed.write_text(original)
    assert build().exit_code == 0


def test_a_layout_mistake_in_one_design_is_said_at_every_build_in_one_process(run_kept, isolated, layouts_copy):
    """The pieces a run of a deck's designs makes are kept from build to build (`runkeep`), but not
    a run whose making found a layout mistake: a Soul whose own layout puts its name off the card is
    refused at each build of one process, as `pnp watch` builds, and not only at the first."""
    souls_to_csv(layouts_copy)
    listed = layouts_copy / GAME / "souls.csv"
    with listed.open(newline="") as rows:
        souls = list(csv.DictReader(rows))
    for i, soul in enumerate(souls):
        soul["layout.name.x"] = "95%" if i == 2 else ""
    write_souls(listed, souls)
    for _ in range(2):
        refused = run_kept("build", GAME, "--layouts", layouts_copy, "-o", "out", "--jobs", "1")
        assert refused.exit_code == 1, refused.output
        assert "souls.csv:4" in refused.output and "lies outside the piece" in refused.output, refused.output


def test_rows_edited_deep_in_a_long_list_are_read_again_in_one_process(run_kept, isolated, layouts_copy):
    """A card list's rows are read in runs kept from build to build (`pnp.runs`: the icons
    and marked-up texts found in a run, the values the model made of it): in one process, as
    `pnp watch` builds, an unknown icon and broken markup typed into rows of the third run are
    refused at their lines, and the list put back builds again."""
    listed = long_deck(layouts_copy, 300)
    original = listed.read_text()

    def build():
        return run_kept("build", GAME, "--layouts", layouts_copy, "-o", "out", "--jobs", "1")

    assert build().exit_code == 0, build().output
    lines = original.splitlines(keepends=True)
    lines[271] = lines[271].replace("lorc/", "lorc/no-such-", 1)  # the 271st design: line 272
    lines[262] = lines[262].replace("Line 261", "Line <b>261", 1)
    listed.write_text("".join(lines))
    refused = build()
    assert refused.exit_code == 1, refused.output
    assert "souls.csv:272" in refused.output and "unknown icon 'lorc/no-such-" in refused.output, refused.output
    assert "souls.csv:263" in refused.output, refused.output
    lines[271], lines[262] = original.splitlines(keepends=True)[271], lines[262].replace("<b>", "")
    lines[140] = lines[140].replace("Line 139", "Line one-three-nine")  # and a row of the second run edited
    listed.write_text("".join(lines))
    assert build().exit_code == 0
    shutil.copytree(isolated / "out", isolated / "forced")
    args = ["build", GAME, "--layouts", str(layouts_copy), "-o", "forced", "--jobs", "1", "--force"]
    fresh = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, cwd=isolated)
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert _files(isolated / "out" / GAME) == _files(isolated / "forced" / GAME)


def test_a_long_deck_off_its_count_names_its_first_designs_and_how_many_more(run_kept, isolated, layouts_copy):
    """A count that does not add up names the first designs that make it, at their lines, and how
    many more there are of that kind (a deck of 300 designs is not named design by design)."""
    listed = long_deck(layouts_copy, 300)
    lines = listed.read_text().splitlines(keepends=True)
    listed.write_text("".join(lines[:-1]))  # the last design, an Evil one, taken out
    refused = run_kept("build", GAME, "--layouts", layouts_copy, "-o", "out", "--jobs", "1")
    assert refused.exit_code == 1, refused.output
    said = " ".join(refused.output.split())
    assert "souls[1].count (souls.csv line 3), souls[3].count (souls.csv line 5)" in said, said
    assert "souls[15].count (souls.csv line 17) and 141 more: these Evil Soul cards add up to 149" in said, said


def test_a_long_deck_edited_in_places_lists_and_reprints_each_change(run_kept, isolated, layouts_copy):
    """Between two builds of a 300-design deck, two designs far apart get new lines, the last
    design is taken out and the one two before it printed twice: the change list names each, and
    the reprint holds every changed card (the list is found from the records that changed, and
    the reprint stops looking once it has them all)."""
    import pypdfium2 as pdfium

    listed = long_deck(layouts_copy, 300)

    def build():
        return run_kept("build", GAME, "--layouts", layouts_copy, "-o", "out", "--jobs", "1")

    assert build().exit_code == 0
    lines = listed.read_text().splitlines(keepends=True)
    lines[11] = lines[11].replace("Line 10", "Line ten")
    lines[251] = lines[251].replace("Line 250", "Line two-fifty")
    lines[298] = lines[298].replace(",1,", ",2,")  # Soul 0297, an Evil one, printed twice
    listed.write_text("".join(lines[:-1]))  # Soul 0299 taken out
    assert build().exit_code == 0, build().output
    manifest = json.loads((isolated / "out" / GAME / "manifest.json").read_text())
    assert [(c["key"], c["kind"], c["reprint"]) for c in manifest["changes"]] == [
        ("soul-evil|Soul 0297", "count", 1),
        ("soul-evil|Soul 0299", "removed", 0),
        ("soul-good|Soul 0010", "text", 1),
        ("soul-good|Soul 0250", "text", 1),
    ]
    document = pdfium.PdfDocument(isolated / "out" / GAME / "reprint.pdf")
    printed = " ".join(page.get_textpage().get_text_range() for page in document)
    assert all(name in printed for name in ("Soul 0010", "Soul 0250", "Soul 0297")), printed
    assert "Soul 0299" not in printed.split("fronts")[-1]
