"""Inputs and outputs that must not surprise: odd files where data belongs, links in the icon
cache, output folders that are not pnp's, references with a trailing newline."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnp.icons import is_icon_ref


def test_an_icon_reference_cannot_end_in_a_newline():
    assert is_icon_ref("lorc/lift") and not is_icon_ref("lorc/lift\n") and not is_icon_ref("lorc/lift\nx")


def test_a_fifo_where_a_layout_file_belongs_is_refused_not_waited_on(run, layouts_copy):
    path = layouts_copy / "seven-steps" / "gamesheet.toml"
    path.unlink()
    os.mkfifo(path)
    result = run("validate", "seven-steps", "--layouts", layouts_copy)
    assert result.exit_code == 1 and "gamesheet.toml: cannot be read: it is a FIFO, not a regular file" in result.output


def test_a_link_to_dev_zero_is_refused_before_it_is_read(run, layouts_copy):
    path = layouts_copy / "seven-steps" / "gamesheet.toml"
    path.unlink()
    path.symlink_to("/dev/zero")
    result = run("validate", "seven-steps", "--layouts", layouts_copy)
    assert result.exit_code == 1 and "it is a device or socket, not a regular file" in result.output


def test_a_layout_file_with_a_byte_order_mark_reads(run, layouts_copy):
    path = layouts_copy / "seven-steps" / "rules.toml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert run("validate", "seven-steps", "--layouts", layouts_copy).exit_code == 0


def test_a_linked_icon_is_refused_before_it_is_read(run, icon_cache):
    target = icon_cache / "lorc" / "lift.svg"
    moved = icon_cache / "lorc" / "lift-copy.svg"        # inside the cache: refused for being a link
    moved.write_bytes(target.read_bytes())
    target.unlink()
    target.symlink_to(moved)
    result = run("icons", "verify", "--icons", icon_cache)
    assert result.exit_code == 1 and "lift.svg: refused: it is a symbolic link" in result.output


@pytest.mark.parametrize("where", ["/", "~"])
def test_dangerous_output_folders_are_refused(run, where):
    result = run("build", "seven-steps", "-o", os.path.expanduser(where))
    assert result.exit_code == 2 and "refusing to write into" in result.output


def test_a_foreign_non_empty_folder_is_refused_and_an_old_output_accepted(run, isolated):
    foreign = isolated / "papers"
    foreign.mkdir()
    (foreign / "thesis.txt").write_text("keep me")
    result = run("build", "seven-steps", "-o", foreign)
    assert result.exit_code == 2 and "holds no pnp output" in result.output
    assert sorted(p.name for p in foreign.iterdir()) == ["thesis.txt"]
    assert run("build", "seven-steps").exit_code == 0
    assert run("build", "seven-steps", "--force").exit_code == 0        # our own output is fine


def test_a_linked_game_folder_is_not_written_through(run, isolated, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    output = isolated / "output"
    output.mkdir()
    (output / "seven-steps").symlink_to(elsewhere, target_is_directory=True)
    result = run("build", "seven-steps")
    assert result.exit_code == 1 and "is a symbolic link; refusing to write through it" in result.output
    assert list(Path(elsewhere).iterdir()) == []
