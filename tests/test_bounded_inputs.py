"""Sizes a data file asks for are refused where they enter, before the work: a placeholder with a
format spec, a card-text template with a huge width, a FIFO or folder where a file belongs, an icon
linked to a huge file, nesting 1,000 deep, clashing CSV columns, an icon whose recorded hash hides a
script. Each runs pnp in a child process and reads its CPU time and peak memory from the operating
system, under a cap that stops a real bomb."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import placed_in

from pnp.files.paths import shipped_layouts_dir

LAYOUTS = shipped_layouts_dir()

CAP = 2 << 30  # address space a child may map: a bomb dies here instead of the machine
CPU_CAP = 20  # seconds of CPU before the child is stopped
MOST_CPU = 2.0  # what a refusal may cost, seconds
MOST_MB = 100

# the shipped loss template as written: each case below replaces it whole
LOSS = next(line for line in (LAYOUTS / "punished" / "text.toml").read_text().splitlines() if line.startswith("loss"))


# A small launcher caps itself, runs pnp and reports what pnp used: a child's peak memory counts
# the pages of the process it was forked from, and this test process may be past the limit itself.
LAUNCHER = f"""
import json, os, resource, subprocess, sys
resource.setrlimit(resource.RLIMIT_AS, ({CAP}, {CAP}))
resource.setrlimit(resource.RLIMIT_CPU, ({CPU_CAP}, {CPU_CAP}))
child = subprocess.Popen([sys.executable, "-m", "pnp", *sys.argv[2:]])
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as report:
    json.dump([os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024], report)
"""


def run_bounded(*args: object, cwd) -> tuple[int, str, float, float]:
    """`python -m pnp args` in a child: its exit code, output, CPU seconds and peak memory (MB)."""
    with tempfile.TemporaryDirectory() as scratch:
        used = Path(scratch) / "used.json"
        launcher = subprocess.run(
            [sys.executable, "-c", LAUNCHER, used, *map(str, args)],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=300,
        )
        assert launcher.returncode == 0, launcher.stdout
        code, cpu, mb = json.loads(used.read_text())
    return code, launcher.stdout.decode(), cpu, mb


BOMBS = [  # (game, file, text in it, its replacement, what the refusal says)
    (
        "seven-steps",
        "reference.toml",
        "One gamesheet per play, {total_dice} six-sided",
        "One gamesheet per play, {total_dice:>300000000} six-sided",
        "seven-steps/reference.toml:sections[0].lines[0]: {total_dice:>300000000}: a placeholder is a bare name",
    ),
    (
        "seven-steps",
        "reference.toml",
        "One gamesheet per play, {total_dice} six-sided",
        "One gamesheet per play, {} six-sided",
        "seven-steps/reference.toml:sections[0].lines[0]: {} is not a placeholder",
    ),
    (
        "seven-steps",
        "reference.toml",
        "One gamesheet per play, {total_dice} six-sided",
        "One gamesheet per play, {total_dice:s} six-sided",
        "seven-steps/reference.toml:sections[0].lines[0]: {total_dice:s}: a placeholder is a bare name",
    ),
    (
        "punished",
        "text.toml",
        LOSS,
        "loss = \"lose {{ '%300000000d'|format(1) }} {{ stat }}\"",
        "punished/text.toml:loss: template error: a width of 300000000: more than a card text holds",
    ),
    (
        "punished",
        "text.toml",
        LOSS,
        "loss = \"lose {{ 'a\\nb'|indent(300000000) }} {{ stat }}\"",
        "punished/text.toml:loss: template error: |indent with a size of 300000000",
    ),
    (  # a string built before any limit looked (reliability item 7)
        "punished",
        "text.toml",
        LOSS,
        "loss = \"{{ ('x' * 2000)|replace('x', 'x' * 2000) }}\"",
        "punished/text.toml:loss: template error: |replace making 4,000,000 characters or items",
    ),
    (  # a string built before any limit looked (reliability item 7)
        "punished",
        "text.toml",
        LOSS,
        "loss = \"{{ ('x' * 2000).replace('x', 'y' * 2000) }}\"",
        "punished/text.toml:loss: template error: .replace() making 4,000,000 characters or items",
    ),
    (  # a string built before any limit looked (reliability item 7)
        "punished",
        "text.toml",
        LOSS,
        "loss = \"{{ ('x' * 2000)|join('y' * 2000) }}\"",
        "punished/text.toml:loss: template error: |join making 4,000,000 characters or items",
    ),
    (  # a string built before any limit looked (reliability item 7)
        "punished",
        "text.toml",
        LOSS,
        "loss = \"{{ 'y'.join(['x' * 2000] * 2) }}\"",
        "punished/text.toml:loss: template error: .join() making 4,001 characters or items",
    ),
    (  # a string built before any limit looked (reliability item 7)
        "punished",
        "text.toml",
        LOSS,
        "loss = \"{{ ([['x'] * 2000] * 200)|sum(start=[]) }}\"",
        "punished/text.toml:loss: template error: |sum making 400,000 characters or items",
    ),
    (
        "exit-from-purgatory",
        "components.toml",
        'name = "Worm"',
        'name = "Worm {}"',  # printed in the print guide
        "exit-from-purgatory/components.toml:cards[1].name: {} is not a placeholder",
    ),
    (  # a word for one and for many is two words, nothing else
        "seven-steps",
        "reference.toml",
        "One gamesheet per play, {total_dice} six-sided",
        "One gamesheet per play, {total_dice:die|dice|{players}} six-sided",
        "seven-steps/reference.toml:sections[0].lines[0]: {total_dice:die|dice|{players}}: a placeholder is a bare name",
    ),
]


@pytest.mark.parametrize("game, file, old, new, said", BOMBS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BOMBS)])
def test_a_size_asked_for_in_data_is_refused_before_the_work(tmp_path, layouts_copy, game, file, old, new, said):
    """The refusal names the file and key, costs under 2 s of CPU and 100 MB, exits 1, and leaves
    the earlier build's files as they were."""
    earlier = tmp_path / "out" / game
    earlier.mkdir(parents=True)
    (earlier / "rules.pdf").write_bytes(b"%PDF-1.4 an earlier build\n")
    (earlier / "manifest.json").write_text(json.dumps({"game": earlier.name, "documents": []}))
    path = layouts_copy / game / file
    text = path.read_text()
    assert text.count(old) == 1
    path.write_text(text.replace(old, new))
    code, output, cpu, mb = run_bounded("build", game, "--layouts", layouts_copy, "-o", tmp_path / "out", cwd=tmp_path)
    assert code == 1 and placed_in(said, output), output[-600:]
    assert "unexpected" not in output and "Traceback" not in output and SECRET not in output
    assert cpu <= MOST_CPU and mb <= MOST_MB, (cpu, mb)
    assert (earlier / "rules.pdf").read_bytes() == b"%PDF-1.4 an earlier build\n"


def _card_list(layouts, icons) -> None:
    """Punished's deck read from deck.csv instead of its [[cards]] tables."""
    path = layouts / "punished" / "cards.toml"
    text = path.read_text()
    path.write_text('cards = { csv = "deck.csv" }\n' + text[: text.index("[[cards]]")])


def _fifo_deck(layouts, icons) -> None:
    _card_list(layouts, icons)
    os.mkfifo(layouts / "punished" / "deck.csv")


def _clashing_deck(layouts, icons) -> None:
    _card_list(layouts, icons)
    (layouts / "punished" / "deck.csv").write_text("name,name.x,tier\nA Soul,1,1\n")


def _rules_folder(layouts, icons) -> None:
    (layouts / "exit-from-purgatory" / "rules.toml").unlink()
    (layouts / "exit-from-purgatory" / "rules.toml").mkdir()


def _deep_tables(layouts, icons) -> None:
    with open(layouts / "exit-from-purgatory" / "reference.toml", "a") as handle:
        handle.write("\n[" + ".".join(["t"] * 1000) + "]\nx = 1\n")  # tomli refuses a key of more parts


def _icon_to_huge_file(layouts, icons) -> None:
    huge = icons.parent / "huge.svg"
    with open(huge, "wb") as handle:
        handle.truncate(1 << 30)  # 1 GB, sparse: costs no disk
    (icons / "lorc" / "lift.svg").unlink()
    (icons / "lorc" / "lift.svg").symlink_to(huge)


def _scripted_icon(layouts, icons) -> None:
    """An icon with a script and a reference to /etc/passwd, its hash written into the manifest."""
    path = icons / "lorc" / "lift.svg"
    data = path.read_bytes().replace(b"<path", b'<script>alert(1)</script><image href="file:///etc/passwd"/><path')
    path.write_bytes(data)
    manifest = json.loads((icons / "manifest.json").read_text())
    manifest["icons"]["lorc/lift"].update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    (icons / "manifest.json").write_text(json.dumps(manifest))


def _infinite_icon(layouts, icons) -> None:
    """A cached icon whose path data holds 1e400 (infinite once read), its hash in the manifest."""
    path = icons / "lorc" / "lift.svg"
    data = path.read_bytes().replace(b'd="M', b'd="M1e400 0 M', 1)
    path.write_bytes(data)
    manifest = json.loads((icons / "manifest.json").read_text())
    manifest["icons"]["lorc/lift"].update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    (icons / "manifest.json").write_text(json.dumps(manifest))


SECRET = "secret-token-that-must-not-print"


def _secret(layouts) -> Path:
    """A file outside the project that a link points at: its words must never be printed."""
    secret = layouts.parent / "elsewhere" / "secrets.csv"
    secret.parent.mkdir(exist_ok=True)
    secret.write_text(f"name,tier\n{SECRET},1\n")
    return secret


def _linked_rules(layouts, icons) -> None:
    rules = layouts / "exit-from-purgatory" / "rules.toml"
    moved = _secret(layouts).parent / "rules.toml"
    rules.rename(moved)
    rules.symlink_to(moved)


def _linked_deck(layouts, icons) -> None:
    _card_list(layouts, icons)
    (layouts / "punished" / "deck.csv").symlink_to(_secret(layouts))


ODD_INPUTS = [  # (what is done, command, game, what the refusal says)
    (
        _linked_rules,
        "validate",
        "exit-from-purgatory",
        "exit-from-purgatory/rules.toml: cannot be read: it is a symbolic link, which is refused here",
    ),
    (
        _linked_deck,
        "validate",
        "punished",
        "punished/cards.toml:cards.csv: punished/deck.csv cannot be read: it is a symbolic link, which is refused here",
    ),
    (
        _linked_deck,
        "build",
        "punished",
        "punished/cards.toml:cards.csv: punished/deck.csv cannot be read: it is a symbolic link, which is refused here",
    ),
    (
        _fifo_deck,
        "validate",
        "punished",
        "punished/cards.toml:cards.csv: punished/deck.csv cannot be read: it is a FIFO",
    ),
    (_fifo_deck, "build", "punished", "punished/cards.toml:cards.csv: punished/deck.csv cannot be read: it is a FIFO"),
    (_clashing_deck, "build", "punished", "punished/deck.csv:1: column name.x fills a key inside name"),
    (
        _rules_folder,
        "validate",
        "exit-from-purgatory",
        "exit-from-purgatory/rules.toml: cannot be read: it is a folder",
    ),
    (_rules_folder, "build", "exit-from-purgatory", "exit-from-purgatory/rules.toml: cannot be read: it is a folder"),
    (
        _deep_tables,
        "build",
        "exit-from-purgatory",
        "exit-from-purgatory/reference.toml:t.t.t.t.t.t...: tables or arrays nested more than 40 deep",
    ),
    (_icon_to_huge_file, "build", "exit-from-purgatory", "lorc/lift.svg: it points outside the icon cache"),
    (_scripted_icon, "build", "exit-from-purgatory", "lorc/lift.svg: refused: it holds a <script> element"),
    (_scripted_icon, "icons verify", None, "lorc/lift.svg: refused: it holds a <script> element"),
    (_infinite_icon, "icons verify", None, "lorc/lift.svg: refused: its path data holds a number that is not finite"),
]


@pytest.mark.parametrize(
    "change, command, game, said", ODD_INPUTS, ids=[f"{c[0].__name__[1:]}-{c[1].split()[-1]}" for c in ODD_INPUTS]
)
def test_an_odd_input_is_refused_naming_it(tmp_path, layouts_copy, icon_cache, change, command, game, said):
    """What the red team handed pnp: each refused with the file and key, within 2 s of CPU and
    100 MB, exit 1, the earlier build's files as they were."""
    earlier = tmp_path / "out" / (game or "any")
    earlier.mkdir(parents=True)
    (earlier / "rules.pdf").write_bytes(b"%PDF-1.4 an earlier build\n")
    (earlier / "manifest.json").write_text(json.dumps({"game": earlier.name, "documents": []}))
    change(layouts_copy, icon_cache)
    args = [*command.split(), *([game] if game else []), "--icons", icon_cache]
    if game:
        args += ["--layouts", layouts_copy]
    if command == "build":
        args += ["-o", tmp_path / "out"]
    code, output, cpu, mb = run_bounded(*args, cwd=tmp_path)
    named = said in output if said.startswith("lorc/") else placed_in(said, output)  # an icon is no layout data
    assert code == 1 and named, output[-600:]
    assert "unexpected" not in output and "Traceback" not in output and SECRET not in output
    assert cpu <= MOST_CPU and mb <= MOST_MB, (cpu, mb)
    assert (earlier / "rules.pdf").read_bytes() == b"%PDF-1.4 an earlier build\n"


def test_the_limits_the_docs_state_are_the_limits_the_code_enforces():
    """The Security page once said lists over 2,000 entries are refused; the code took 20,000."""
    import re

    from pnp.source.cardlists import LIST_MAX_BYTES
    from pnp.source.tomlfiles import MAX_ITEMS, MAX_LAYOUT_BYTES, MAX_TEXT

    readme = " ".join((Path(__file__).parent.parent / "docs" / "pages" / "security.md").read_text().split())
    stated = re.search(
        r"layout files over (\d+) MB, texts over ([\d,]+) characters and lists over ([\d,]+) entries", readme
    )
    assert stated, "the Security page's sentence on the limits moved: keep this test reading it"
    megabytes, characters, entries = (int(group.replace(",", "")) for group in stated.groups())
    assert (megabytes * 1024 * 1024, characters, entries) == (MAX_LAYOUT_BYTES, MAX_TEXT, MAX_ITEMS)
    assert LIST_MAX_BYTES <= MAX_LAYOUT_BYTES
