"""Incremental and parallel builds."""

from __future__ import annotations

import json

import pytest
from conftest import EVERY_GAME, run_command, snapshot

from pnp.files.atomic import CACHE_FOLDER
from pnp.pipeline.workload import NAME, expected_work, record_path, record_work
from pnp.source.jobs import FORK_FROM


def mtimes(folder):
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def test_nothing_changed_rewrites_nothing(run, isolated):
    assert run("build").exit_code == 0
    before = mtimes(isolated / "output")
    result = run("build")
    assert result.exit_code == 0
    assert result.output.count("up to date") == len(EVERY_GAME)
    assert mtimes(isolated / "output") == before


def test_changing_one_game_rebuilds_only_that_game(run, isolated, layouts_copy, monkeypatch):
    """...and the other games' files are checked against their manifests once, not again for the gallery."""
    from collections import Counter

    from pnp.pipeline import incremental
    from pnp.site import gallery

    assert run("build", "--layouts", layouts_copy).exit_code == 0
    before = mtimes(isolated / "output")
    path = layouts_copy / "seven-steps" / "gamesheet.toml"
    path.write_text(path.read_text().replace("Climb Mount Purgatory", "Climb the mountain"))
    checked: Counter[str] = Counter()

    real = incremental.files_match

    def counted(folder, documents):
        checked[folder.name] += 1
        return real(folder, documents)

    monkeypatch.setattr(incremental, "files_match", counted)
    monkeypatch.setattr(gallery, "files_match", counted)
    result = run("build", "--layouts", layouts_copy)
    assert result.exit_code == 0
    after = mtimes(isolated / "output")
    changed = {name.split("/")[0] for name in after if after[name] != before.get(name) and "/" in name}
    assert changed == {"seven-steps", CACHE_FOLDER}  # and the gallery, index.html, which lists them all
    assert after[f"{CACHE_FOLDER}/{NAME}"] != before[f"{CACHE_FOLDER}/{NAME}"]  # what the build took
    assert result.output.count("up to date") == len(EVERY_GAME) - 1
    assert checked == {game: 1 for game in EVERY_GAME if game != "seven-steps"}


def test_changed_options_and_force_rebuild(run, isolated):
    assert run("build", "seven-steps").exit_code == 0
    assert "up to date" not in run("build", "seven-steps", "--ink-saver").output
    assert "up to date" in run("build", "seven-steps", "--ink-saver").output
    assert "up to date" not in run("build", "seven-steps", "--ink-saver", "--force").output


def test_force_cuts_thumbnails_again_only_from_changed_pdfs(run, isolated):
    """--force with nothing changed writes the same PDFs: their thumbnails stand. After a build by
    another pnp (its manifest's inputs differ) they are cut again, though the PDFs are the same: a
    new pnp may picture a page otherwise (a tiled board whole, not its first tile); so they are
    after a build whose PDFs were other bytes. A change of option that changes the PDFs cuts them
    again, and they show the change."""
    assert run("build", "exit-from-purgatory").exit_code == 0
    thumbs = isolated / "output" / "exit-from-purgatory" / "thumbs"
    before = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in thumbs.glob("*.png")}
    assert before
    assert run("build", "exit-from-purgatory", "--force").exit_code == 0
    assert {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in thumbs.glob("*.png")} == before
    manifest = isolated / "output" / "exit-from-purgatory" / "manifest.json"
    for older in (('"inputs": "', '"inputs": "an older pnp '), ('"sha256": "', '"sha256": "other bytes ')):
        manifest.write_text(manifest.read_text().replace(*older))
        (thumbs / "mat.png").write_bytes(b"a picture of other PDFs")
        assert run("build", "exit-from-purgatory", "--force").exit_code == 0
        assert {p.name: p.read_bytes() for p in thumbs.glob("*.png")} == {
            name: png for name, (_, png) in before.items()
        }
    assert run("build", "exit-from-purgatory", "--ink-saver").exit_code == 0
    after = {p.name: p.read_bytes() for p in thumbs.glob("*.png")}
    assert after.keys() == before.keys() and all(after[name] != before[name][1] for name in after)


def test_a_deleted_output_is_rebuilt(run, isolated):
    assert run("build", "seven-steps").exit_code == 0
    (isolated / "output/seven-steps/gamesheets.pdf").unlink()
    result = run("build", "seven-steps")
    assert "up to date" not in result.output
    assert (isolated / "output/seven-steps/gamesheets.pdf").exists()


def test_parallel_and_serial_builds_give_the_same_bytes(run, isolated):
    assert run("build", "--jobs", "1", "--output", "serial").exit_code == 0
    assert run("build", "--jobs", "3", "--output", "parallel").exit_code == 0
    serial, parallel = snapshot(isolated / "serial"), snapshot(isolated / "parallel")
    assert serial.keys() == parallel.keys()
    assert all(serial[k] == parallel[k] for k in serial if k.endswith(".pdf"))


def test_a_rebuild_with_nothing_changed_loads_no_drawing_or_schema_machinery(run, isolated):
    """What the up-to-date check needs is the manifests' heads and the inputs' bytes: neither the
    drawing vocabulary nor reportlab, pydantic, lxml, jinja2 or pillow is imported to learn that."""
    import sys

    assert run("build", "seven-steps").exit_code == 0
    code = (
        "import sys, runpy; sys.argv = ['pnp', 'build', 'seven-steps']\n"
        "try:\n    runpy.run_module('pnp', run_name='__main__')\nexcept SystemExit as end:\n    assert not end.code\n"
        "print('loaded:', sorted(m for m in sys.modules if m.split('.')[0] in "
        "('reportlab', 'pydantic', 'lxml', 'jinja2', 'PIL', 'svgelements') or m.startswith('pnp.render.')))"
    )
    out = run_command(sys.executable, "-c", code, cwd=isolated).stdout
    assert "seven-steps: up to date" in out
    assert out.splitlines()[-1] == "loaded: ['pnp.render.placed']", out  # a manifest's placed records


def test_workers_follow_the_games_the_cores_and_the_load():
    from pnp.pipeline.workers import worker_count

    def given(value):
        return lambda: value

    def count(games, jobs, cores, busy, work):
        return worker_count(games, jobs, cores=cores, busy=given(busy), work=given(work))

    assert count(5, None, 2, 0.3, None) == 2  # work not known yet
    assert count(5, None, 2, 0.3, 3.0) == 2 and count(5, None, 2, 0.0, FORK_FROM) == 2
    assert count(5, None, 2, 0.0, FORK_FROM * 0.99) == 1  # too little to be worth a worker
    assert count(3, None, 8, 0.0, None) == 3  # never more workers than games
    assert count(1, None, 8, 0.0, 9.0) == 1
    assert count(5, None, 2, 2.0, 9.0) == 1  # every core already busy: one at a time
    assert count(5, 4, 2, 9.0, 0.1) == 4 and count(2, 4, 2, 0.0, None) == 2


@pytest.fixture
def forks(monkeypatch):
    """A machine of `cores` cores with `busy` of them taken by other work; returns the list the
    build's worker pools are recorded in."""
    import multiprocessing

    from pnp.pipeline import workers as pipeline

    forked: list[str] = []
    real = multiprocessing.get_context

    def counted(method):
        forked.append(method)
        return real(method)

    def machine(cores: int, busy: float) -> list[str]:
        monkeypatch.setattr(pipeline, "_usable_cores", lambda: cores)
        monkeypatch.setattr(pipeline, "_busy_elsewhere", lambda: busy)
        monkeypatch.setattr(multiprocessing, "get_context", counted)
        return forked

    return machine


def test_workers_are_forked_only_for_games_that_took_long_enough_last_time(run, isolated, forks):
    """The games' CPU of each build is kept (over a record the build cannot use: NaN, a number too
    large for a float); a rebuild of games that took less than FORK_FROM seconds builds them one
    after another, and one of games that took that long forks its workers."""
    games = ("seven-steps", "particle-panic")
    forked = forks(cores=2, busy=0.0)
    record = record_path(isolated / "output")
    record.parent.mkdir(parents=True)
    record.write_text(ODD_RECORDS["values"])
    result = run("build", *games)
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    assert forked == ["fork"]  # not known: one worker a core
    recorded = json.loads(record.read_text())
    assert set(recorded) == set(games) and all(type(s) is float and 0 < s < 60 for s in recorded.values())
    record.write_text(json.dumps(dict.fromkeys(games, FORK_FROM / 4)))
    assert run("build", "--force", *games).exit_code == 0
    assert forked == ["fork"]
    record.write_text(json.dumps(dict.fromkeys(games, FORK_FROM / 2)))  # as much
    assert run("build", "--force", *games).exit_code == 0
    assert forked == ["fork", "fork"]


def test_a_failed_build_leaves_the_recorded_work_as_it_was(run, isolated, layouts_copy):
    record = record_path(isolated / "output")
    record.parent.mkdir(parents=True)
    record.write_text('{"seven-steps": 9.0}')
    rules = layouts_copy / "seven-steps" / "rules.toml"
    rules.write_text(rules.read_text() + "\n[components.nothing-printed]\nfixed = 1\n")
    assert run("build", "seven-steps", "--layouts", layouts_copy).exit_code == 1
    assert record.read_text() == '{"seven-steps": 9.0}'


ODD_RECORDS = {
    "huge": "{" + " " * 70_000 + "}",
    "not json": "{seven",
    "a list": "[1, 2]",
    "deep": "[" * 30_000 + "]" * 30_000,  # under the size limit: json.loads recurses out
    "values": '{"seven-steps": NaN, "particle-panic": ' + "9" * 400 + "}",
}


@pytest.mark.parametrize("odd", ["fifo", "link", "folder", *ODD_RECORDS])
def test_an_odd_work_record_counts_as_not_known(isolated, odd):
    """Whatever lies at .pnp-cache/work.json, the work counts as not known, and keeping the new
    work never writes through a link."""
    import os

    output = isolated / "output"
    record = record_path(output)
    record.parent.mkdir(parents=True)
    outside = isolated / "outside.json"
    outside.write_text('{"seven-steps": 1.0}')
    if odd == "fifo":
        os.mkfifo(record)
    elif odd == "link":
        record.symlink_to(outside)
    elif odd == "folder":
        record.mkdir()
    else:
        record.write_text(ODD_RECORDS[odd])
    assert expected_work(output, ["seven-steps"]) is None
    record_work(output, {"particle-panic": 0.1})
    assert outside.read_text() == '{"seven-steps": 1.0}'


def test_a_build_on_a_busy_machine_forks_no_workers(run, isolated, forks):
    """Eight cores, all taken by other work: the games build one after another in this process."""
    forked = forks(cores=8, busy=8.0)
    result = run("build", "seven-steps", "particle-panic")
    assert result.exit_code == 0, result.output
    assert forked == []
    assert all((isolated / "output" / game / "manifest.json").exists() for game in ("seven-steps", "particle-panic"))


# what each Settings field does to the output's bytes; a new field must be placed here
NOT_IN_THE_BYTES = {
    "output": "where the files go, not what they hold",
    "layouts": "read through the data digest: the files' bytes, not the folder's name",
    "icons": "read through the data digest: the icons' bytes, not the folder's name",
    "icons_base_url": "where icons are fetched from; a build reads only the cache",
    "printer": "a profile's name: what it sets (paper, duplex, back offset, margin) is in the digest",
    "printers": "the profiles pnp.toml defines: only the chosen one's values reach a build",
}


def test_the_build_digest_covers_every_option_that_changes_the_output():
    """Derived from the Settings type: every field either feeds the digest or is listed above with
    why it cannot change a byte of output; and changing any that feeds it changes the digest."""
    from dataclasses import fields

    from pnp.pipeline.incremental import OUTPUT_OPTIONS, inputs_digest
    from pnp.source.settings import Settings

    names = {f.name for f in fields(Settings)}
    assert names == set(OUTPUT_OPTIONS) | set(NOT_IN_THE_BYTES), names ^ (set(OUTPUT_OPTIONS) | set(NOT_IN_THE_BYTES))
    other = {
        "paper": "letter",
        "card": "bridge",
        "players": 3,
        "ink_saver": True,
        "bleed": "3mm",
        "margin": "4mm",
        "duplex": "short",
        "back_offset": "0.5,-0.5",
        "cutter": "silhouette",
        "copies": 2,
    }
    assert set(other) == set(OUTPUT_OPTIONS)
    base = inputs_digest("seven-steps", Settings())
    for name, value in other.items():
        assert inputs_digest("seven-steps", Settings(**{name: value})) != base, name


def test_a_new_back_offset_or_changed_icon_bytes_rebuild(run, isolated, icon_cache):
    """Two inputs a rebuild once skipped: the back offset, and the bytes of an icon the game uses."""
    import hashlib
    import json

    from pnp.source.svgshape import cached_path, clean_svg

    icons = ("--icons", icon_cache)
    assert run("build", "seven-steps", *icons).exit_code == 0
    assert "up to date" not in run("build", "seven-steps", "--back-offset", "0.4,0", *icons).output
    assert "up to date" in run("build", "seven-steps", "--back-offset", "0.4,0", *icons).output
    manifest_path = icon_cache / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    used = json.loads((isolated / "output" / "seven-steps" / "manifest.json").read_text())["documents"][0]["icons"][0]
    icon = icon_cache / f"{used}.svg"
    data = clean_svg([cached_path(icon.read_bytes()) + " M1 1h1z"])
    icon.write_bytes(data)
    manifest["icons"][used].update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    manifest_path.write_text(json.dumps(manifest))
    result = run("build", "seven-steps", "--back-offset", "0.4,0", *icons)
    assert result.exit_code == 0 and "up to date" not in result.output


def test_a_build_whose_manifest_could_not_be_read_back_writes_nothing(run, isolated, monkeypatch):
    """Reliability item 14: 500 cards a player at --players 99 made an 82 MB manifest, over the
    64 MB pnp reads back: every later build started from scratch and the gallery dropped the game.
    The build is refused before any file is written (the limit lowered here, for a small game)."""
    import pnp.pipeline.build as build

    assert run("build", "seven-steps", "-o", "out").exit_code == 0
    before = mtimes(isolated / "out")
    monkeypatch.setattr(build, "MANIFEST_MAX_BYTES", 2_000)
    result = run("build", "seven-steps", "-o", "out", "--force", "--jobs", "1")
    assert result.exit_code == 1
    assert "seven-steps: the build places " in result.output and "over the 0 MB pnp reads back" in result.output
    after = mtimes(isolated / "out")
    assert "seven-steps/last-failure.json" in after  # the gallery says why the game was not rebuilt
    game = {name for name in before if name.startswith("seven-steps/")}
    assert {name: after.get(name) for name in game} == {name: before[name] for name in game}  # untouched
