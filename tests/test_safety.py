"""Inputs and outputs that must not surprise: odd files where data belongs, links in the icon
cache, output folders that are not pnp's, references with a trailing newline."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import placed_in

from pnp.source.icons import is_icon_ref


def test_an_icon_reference_cannot_end_in_a_newline():
    assert is_icon_ref("lorc/lift") and not is_icon_ref("lorc/lift\n") and not is_icon_ref("lorc/lift\nx")


@pytest.mark.parametrize("where", ["layout", "icon"])
def test_a_fifo_where_a_file_belongs_is_refused_not_waited_on(run, layouts_copy, icon_cache, where):
    path = layouts_copy / "seven-steps" / "gamesheet.toml" if where == "layout" else icon_cache / "lorc" / "lift.svg"
    path.unlink()
    os.mkfifo(path)
    if where == "layout":
        result = run("validate", "seven-steps", "--layouts", layouts_copy)
        said = "gamesheet.toml: cannot be read: it is a FIFO, not a regular file"
    else:
        result = run("build", "exit-from-purgatory", "--icons", icon_cache)
        said = "lift.svg: refused: it is a FIFO, not a regular file"
    assert result.exit_code == 1 and (placed_in(said, result.output) if where == "layout" else said in result.output)


def test_a_link_to_dev_zero_is_refused_before_it_is_read(run, layouts_copy):
    path = layouts_copy / "seven-steps" / "gamesheet.toml"
    path.unlink()
    path.symlink_to("/dev/zero")
    result = run("validate", "seven-steps", "--layouts", layouts_copy)
    assert result.exit_code == 1 and "it is a symbolic link, which is refused here" in result.output


def test_a_layout_file_with_a_byte_order_mark_reads(run, layouts_copy):
    path = layouts_copy / "seven-steps" / "rules.toml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert run("validate", "seven-steps", "--layouts", layouts_copy).exit_code == 0


def test_a_linked_icon_is_refused_before_it_is_read(run, icon_cache):
    target = icon_cache / "lorc" / "lift.svg"
    moved = icon_cache / "lorc" / "lift-copy.svg"  # inside the cache: refused for being a link
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
    assert run("build", "seven-steps", "--force").exit_code == 0  # our own output is fine


def test_a_linked_game_folder_is_not_written_through(run, isolated, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    output = isolated / "output"
    (output / ".pnp-cache").mkdir(parents=True)  # pnp's output, so the build goes on to the link
    (output / "seven-steps").symlink_to(elsewhere, target_is_directory=True)
    result = run("build", "seven-steps")
    assert result.exit_code == 1 and "is a symbolic link; refusing to write through it" in result.output
    assert list(Path(elsewhere).iterdir()) == []


def test_a_write_that_fails_leaves_the_earlier_file_whole(tmp_path, monkeypatch):
    """Files are written to a temporary name, synced, then renamed: a write that fails part way
    (a full disk, say) leaves the earlier file as it was and no temporary file behind."""
    from pnp.files.atomic import write_bytes_atomic

    folder = tmp_path / "game"
    folder.mkdir()
    target = folder / "cards.pdf"
    target.write_bytes(b"the earlier build")

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        write_bytes_atomic(target, b"the new build, cut short", root=folder)
    assert target.read_bytes() == b"the earlier build"
    assert [p.name for p in folder.iterdir()] == ["cards.pdf"]


def test_a_text_that_cannot_fit_is_named_with_its_pdf(run, layouts_copy):
    """A text too long for its slot names the slot and the data the text came from."""
    path = layouts_copy / "exit-from-purgatory" / "components.toml"
    path.write_text(path.read_text().replace('name = "Apple"', 'name = "' + "Apple " * 40 + '"', 1))
    result = run("build", "exit-from-purgatory", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert (
        placed_in(
            "exit-from-purgatory: components.toml:templates.card.slots.title.slots.name: text 'Apple Apple",
            result.output,
        )
        and "does not fit" in result.output
        and "(the text of components.toml:cards[0].name)" in result.output
    )


def test_a_drawn_text_that_cannot_fit_is_named_with_its_pdf_and_key(run, layouts_copy):
    """A text the code lays out (a suit's power on Particle Panic's aid) and that cannot fit names
    the PDF it was drawing and the data key the text came from."""
    path = layouts_copy / "particle-panic" / "components.toml"
    long = "Reroll a neutralisation die. " * 12
    path.write_text(path.read_text().replace('power = "Reroll a neutralisation die."', f'power = "{long.strip()}"', 1))
    result = run("build", "particle-panic", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in(
        "particle-panic/components.toml:suits[0].power: aids.pdf: text 'Reroll a neutralisation", result.output
    )


@pytest.mark.parametrize(
    "attack, said",
    [
        ("long text", "board.toml:tokens.diameter: a text of 1,000,000 characters; at most 4,000"),
        ("long wrong value", "board.toml:tokens.diameter: input should be a valid number (found 'xxxxxxxxxx"),
        ("long list", "board.toml:tokens.kinds: 20,007 entries; at most 20,000"),
        ("deep nesting", "board.toml: arrays or tables nested too deeply to be layout data"),
    ],
)
def test_layout_data_is_bounded_and_never_echoed_whole(run, layouts_copy, attack, said):
    """Oversized data is refused with its file and key, quickly, and a long value is quoted cut
    short, never echoed back whole."""
    import time

    path = layouts_copy / "punished" / "board.toml"
    text = path.read_text()
    if attack == "long text":
        text = text.replace("diameter = 24", 'diameter = "' + "x" * 1_000_000 + '"', 1)
    elif attack == "long wrong value":
        text = text.replace("diameter = 24", 'diameter = "' + "x" * 3000 + '"', 1)
    elif attack == "long list":
        text = text.replace(
            "[[tokens.kinds]]",
            "".join(f'[[tokens.kinds]]\nname = "K{i}"\nicon = "lorc/lift"\n\n' for i in range(20000))
            + "[[tokens.kinds]]",
            1,
        )
    else:
        text += "deep = " + "[" * 5000 + "]" * 5000 + "\n"
    path.write_text(text)
    started = time.monotonic()
    result = run("build", "punished", "--layouts", layouts_copy)
    assert time.monotonic() - started < 10
    assert result.exit_code == 1 and placed_in(said, result.output) and len(result.output) < 1000, result.output[:300]
    assert "unexpected" not in result.output


@pytest.mark.parametrize(
    "content, said",
    [
        (b'paper = "a4\xff"\n', "pnp.toml:1: not UTF-8 text"),
        ("fifo", "pnp.toml: cannot be read: it is a FIFO, not a regular file"),
        (b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n", "pnp.toml: arrays or tables nested too deeply"),
    ],
)
def test_a_broken_pnp_toml_is_named(run, isolated, content, said):
    if content == "fifo":
        os.mkfifo(isolated / "pnp.toml")
    else:
        (isolated / "pnp.toml").write_bytes(content)
    result = run("build", "seven-steps")
    assert result.exit_code == 2 and placed_in(said, result.output) and "unexpected" not in result.output


@pytest.mark.parametrize("width, height", [(-20.0, 30.0), (40.0, -5.0), (0.0, 0.0)])
def test_a_box_squeezed_to_nothing_is_said_without_a_negative_size(width, height):
    """Reliability item 5: a text whose box came out at or below zero is named as having no room,
    never as not fitting "a -7.1 x 10.6 mm box"."""
    from pnp.errors import TextOverflow
    from pnp.render.textfit import fit_text

    with pytest.raises(TextOverflow) as refused:
        fit_text("Reroll a neutralisation die", width, height, 9)
    assert "has no room" in refused.value.message and "-" not in refused.value.message
