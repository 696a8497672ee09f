"""A full build reads each game's data once: every data file parsed once (the up-to-date check,
the rules model, the game's own files, the rules sheet, the trace and the messages all ask the
same GameSource), and every document planned once (the print guide counts the pages the renderer
draws). Data read again with no byte changed is not parsed again."""

from __future__ import annotations

import json
from collections import Counter

import pytest
import tomli
from conftest import EVERY_GAME

import pnp.render.document as document
from pnp.files.paths import kit_file
from pnp.games import load_game
from pnp.source.kittemplates import kit_templates


@pytest.fixture
def parsed(monkeypatch) -> Counter[str]:
    """Each TOML text parsed from here on, with how often; nothing remembered from earlier tests
    (each `run` builds with a fresh memory; the kit is read once per process, so read again)."""
    kit_templates.cache_clear()
    counts: Counter[str] = Counter()
    real_loads = tomli.loads

    def counting_loads(text: str, **kwargs):
        counts[text] += 1
        return real_loads(text, **kwargs)

    monkeypatch.setattr(tomli, "loads", counting_loads)
    return counts


def test_a_full_build_parses_each_data_file_once_and_plans_each_document_once(run, isolated, monkeypatch, parsed):
    planned = []
    real_plan = document.plan_sections

    def counting_plan(sections, options, memory):
        planned.append(sections)
        return real_plan(sections, options, memory)

    monkeypatch.setattr(document, "plan_sections", counting_plan)
    result = run("build", "--force", "--jobs", "1")
    assert result.exit_code == 0, result.output

    files = {
        f"{slug}/{path.name}": path.read_text(encoding="utf-8")
        for slug in EVERY_GAME
        for path in sorted(load_game(slug).shipped_folder().glob("*.toml"))
    }
    files["kit"] = kit_file().read_text(encoding="utf-8")  # the templates every game starts from
    by_file = {name: parsed[text] for name, text in files.items()}
    assert by_file == dict.fromkeys(files, 1)
    assert sum(parsed.values()) == len(files)  # nothing else parsed: no file read twice
    documents = sum(
        len(json.loads((isolated / "output" / slug / "manifest.json").read_text())["documents"]) for slug in EVERY_GAME
    )
    assert len(planned) == documents  # each drawn document needs one plan: none is planned twice


def test_a_rebuild_of_unchanged_data_parses_nothing_again(run_kept, isolated, parsed):
    """`pnp watch` rebuilds in one process (forced when an icon changes), and a print-shop export
    plans a game twice when its deck comes inside the service's margin: data whose bytes are
    unchanged keeps its parsed tables."""
    assert run_kept("build", "seven-steps", "--force", "--jobs", "1").exit_code == 0
    first = sum(parsed.values())
    assert run_kept("build", "seven-steps", "--force", "--jobs", "1").exit_code == 0
    assert first and sum(parsed.values()) == first


def test_the_icons_a_digest_reads_include_every_icon_the_data_names(tmp_path):
    """The up-to-date check finds icon references in the files' bytes (TOML strings, bare CSV cells)
    without parsing them: never fewer than the icons the parsed data names."""
    from pnp.files.paths import shipped_layouts_dir
    from pnp.source.gamesource import read_game

    for folder in sorted(p for p in shipped_layouts_dir().iterdir() if p.is_dir()):
        source = read_game(folder.name, folder)
        assert source.icons() and set(source.icons()) <= set(source.mentioned_icons()), folder.name
    (tmp_path / "cards.toml").write_text('cards = { csv = "cards.csv" }\n[back]\nicon = "lorc/lift"\n')
    (tmp_path / "cards.csv").write_text("name,icon\nA,lorc/shiny-apple\nB,delapouite/worm\n")
    source = read_game("deck", tmp_path)
    assert source.icons() == source.mentioned_icons() == ["delapouite/worm", "lorc/lift", "lorc/shiny-apple"]


def test_a_long_card_list_searched_a_line_at_a_time_names_what_the_whole_file_names(tmp_path):
    """A deck's card list is searched for icon references a line at a time, each line once while
    it stays (`gamesource._mentioned`): what it finds, read after read with lines edited, is what one
    search of the whole file finds, at the edges of lines and across CR LF line ends too."""
    from pnp.memory import BuildMemory
    from pnp.source.gamesource import LINE_BY_LINE, read_game
    from pnp.source.icons import ICON_REF_IN_BYTES

    memory = BuildMemory()  # each read finds the lines the last one searched

    (tmp_path / "cards.toml").write_text('cards = { csv = "cards.csv" }\n')
    rows = [f"Card {i},lorc/icon-{i % 97}\r\nx/ab-{i % 13},mid lorc/{i % 7}a here" for i in range(LINE_BY_LINE // 30)]
    for edit in range(3):
        rows[edit * 50] = f"Edited {edit},skoll/new-{edit}-x,not/this/one"
        data = "name,icon\n" + "\n".join(rows) + "\n"
        (tmp_path / "cards.csv").write_text(data, newline="")
        assert len(data) >= LINE_BY_LINE
        whole = sorted({match.decode() for match in ICON_REF_IN_BYTES.findall(data.encode())})
        assert read_game("deck", tmp_path, memory).mentioned_icons() == whole and f"skoll/new-{edit}-x" in whole
