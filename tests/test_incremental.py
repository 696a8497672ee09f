"""Incremental and parallel builds."""

from __future__ import annotations

from conftest import snapshot


def mtimes(folder):
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def test_nothing_changed_rewrites_nothing(run, isolated):
    assert run("build").exit_code == 0
    before = mtimes(isolated / "output")
    result = run("build")
    assert result.exit_code == 0
    assert result.output.count("up to date") == 5
    assert mtimes(isolated / "output") == before


def test_changing_one_game_rebuilds_only_that_game(run, isolated, layouts_copy):
    assert run("build", "--layouts", layouts_copy).exit_code == 0
    before = mtimes(isolated / "output")
    path = layouts_copy / "seven-steps" / "gamesheet.toml"
    path.write_text(path.read_text().replace("Climb Mount Purgatory", "Climb the mountain"))
    result = run("build", "--layouts", layouts_copy)
    assert result.exit_code == 0
    after = mtimes(isolated / "output")
    changed = {name.split("/")[0] for name in after if after[name] != before.get(name) and "/" in name}
    assert changed == {"seven-steps"}                     # and the gallery, index.html, which lists them all
    assert result.output.count("up to date") == 4


def test_changed_options_and_force_rebuild(run, isolated):
    assert run("build", "seven-steps").exit_code == 0
    assert "up to date" not in run("build", "seven-steps", "--ink-saver").output
    assert "up to date" in run("build", "seven-steps", "--ink-saver").output
    assert "up to date" not in run("build", "seven-steps", "--ink-saver", "--force").output


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
