"""Nothing written or served outside the output folder: every writer refuses a link planted under
the output, the watch server answers only its own name and only with regular files, and a disk that
cannot take the files is refused before the long work. Run as a user runs pnp: the command in a
subprocess, the server over real sockets."""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import watch_process

from pnp.files.paths import shipped_icons_dir, shipped_layouts_dir
from pnp.site.watch import IDLE_TIMEOUT

GAME = "punished"  # it has decks (every export applies), thumbnails and a report


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def built_output(tmp_path_factory) -> Path:
    """The game built once; each case works on a copy."""
    work = tmp_path_factory.mktemp("built")
    result = pnp("build", GAME, cwd=work)
    assert result.returncode == 0, result.stderr
    return work / "output"


# (the folder under output/punished that is a link, the command that writes there)
LINKED = [
    ("thumbs", ("build", GAME, "--force")),
    ("thumbs/designs", ("build", GAME, "--force")),
    ("exports", ("export", "images", GAME)),
    ("exports/images", ("export", "images", GAME, "--dpi", "72")),
    ("exports/drivethrucards", ("export", "printshop", GAME)),
    ("exports/tts", ("export", "tts", GAME)),
    ("report", ("report", GAME)),
]


@pytest.mark.parametrize(("link", "command"), LINKED, ids=[link for link, _ in LINKED])
def test_a_link_in_the_output_is_refused_by_every_writer(built_output, tmp_path, link, command):
    work = tmp_path / "work"
    shutil.copytree(built_output, work / "output", symlinks=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    planted = work / "output" / GAME / link
    if planted.exists():
        shutil.rmtree(planted)
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.symlink_to(elsewhere, target_is_directory=True)
    result = pnp(*command, cwd=work)
    said = result.stdout + result.stderr
    assert result.returncode == 1, said
    assert f"{GAME}/{link} is a symbolic link; refusing to write through it" in said
    assert "Traceback" not in said and "please report" not in said
    assert list(elsewhere.iterdir()) == []


def test_an_up_to_date_build_removes_nothing_through_a_linked_game_folder(built_output, tmp_path):
    """The game folder moved elsewhere and linked back: clearing an old failure record must not
    reach through the link (it once deleted the file outside the output and said "up to date")."""
    work = tmp_path / "work"
    shutil.copytree(built_output, work / "output", symlinks=True)
    elsewhere = tmp_path / "elsewhere"
    shutil.move(work / "output" / GAME, elsewhere)
    (work / "output" / GAME).symlink_to(elsewhere, target_is_directory=True)
    (elsewhere / "last-failure.json").write_text("{}")
    result = pnp("build", GAME, cwd=work)
    said = result.stdout + result.stderr
    assert result.returncode == 1, said
    assert "is a symbolic link; refusing to write through it" in said and "Traceback" not in said
    assert (elsewhere / "last-failure.json").exists()


# -- the watch server -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`pnp watch` in a project folder, with odd things planted in its output once it serves."""
    project = tmp_path_factory.mktemp("watch")
    shutil.copytree(shipped_layouts_dir() / GAME, project / "layouts" / GAME)
    shutil.copytree(shipped_icons_dir(), project / "icons")
    log_path = project / "watch.log"
    with watch_process(project, GAME, log_path=log_path) as (process, address):
        output = project / "output"
        (output / "root").symlink_to("/", target_is_directory=True)
        (output / GAME / "passwd.txt").symlink_to("/etc/passwd")
        (output / GAME / ".cards.pdf.abc.tmp").write_bytes(b"half a file")
        os.mkfifo(output / GAME / "pipe.pdf")
        with open(os.path.join(os.fsencode(output / GAME), b"notes-caf\xe9.txt"), "wb") as handle:
            handle.write(b"a file whose name is not UTF-8")
        yield int(address.rstrip("/").rsplit(":", 1)[1]), process, log_path


def _get(port: int, path: str, host: str | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def test_the_gallery_and_its_files_are_served(server):
    port = server[0]
    status, page = _get(port, "/")
    assert status == 200 and b"data-live-reload" in page and f"{GAME}/cards.pdf".encode() in page  # the built gallery
    status, pdf = _get(port, f"/{GAME}/cards.pdf", host=f"localhost:{port}")
    assert status == 200 and pdf.startswith(b"%PDF")


def test_links_in_the_output_are_not_followed(server):
    port = server[0]
    assert _get(port, "/root/etc/passwd")[0] == 404
    assert _get(port, "/root/")[0] == 404
    assert _get(port, f"/{GAME}/passwd.txt")[0] == 404


def test_a_foreign_host_is_refused(server):
    port = server[0]
    assert _get(port, "/", host=f"evil.example:{port}")[0] == 403
    assert _get(port, f"/{GAME}/cards.pdf", host="evil.example")[0] == 403


def test_listings_hide_hidden_files_and_links(server):
    port = server[0]
    status, listing = _get(port, f"/{GAME}/")
    assert status == 200 and b"cards.pdf" in listing
    assert b".tmp" not in listing and b"passwd" not in listing
    assert _get(port, f"/{GAME}/.cards.pdf.abc.tmp")[0] == 404


def test_a_file_name_that_is_not_utf8_is_listed_and_served(server):
    """Reliability item 10: a listing of a folder holding a name that is not UTF-8 answered with a
    closed, empty connection."""
    port = server[0]
    status, listing = _get(port, f"/{GAME}/")
    assert status == 200 and b"cards.pdf" in listing
    assert b'href="notes-caf%E9.txt"' in listing and "notes-caf\ufffd.txt".encode() in listing
    assert _get(port, f"/{GAME}/notes-caf%E9.txt") == (200, b"a file whose name is not UTF-8")


def test_odd_requests_answer_with_a_status_and_block_nothing(server):
    port, _, log = server
    assert _get(port, "/%00")[0] in (400, 404)
    assert _get(port, "/%ff%fe")[0] in (400, 404)
    assert _get(port, "/%2F")[0] == 200  # an encoded slash is the gallery, not a dropped request
    assert _get(port, f"/{GAME}/pipe.pdf")[0] == 404  # a FIFO answers at once
    for _ in range(20):  # clients that hang up mid-answer
        dropped = socket.create_connection(("127.0.0.1", port))
        dropped.sendall(f"GET /{GAME}/cards.pdf HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        dropped.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        dropped.close()
    garbage = socket.create_connection(("127.0.0.1", port))
    garbage.sendall(b"\x00\xff nonsense\r\n\r\n")
    garbage.recv(1024)
    garbage.close()
    assert _get(port, "/")[0] == 200
    time.sleep(0.5)
    said = log.read_text()
    assert "Traceback" not in said and "Error" not in said


def test_idle_connections_are_closed_after_the_timeout(server):
    port = server[0]
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(200)]
    try:
        assert _get(port, "/")[0] == 200  # the idle ones block nobody
        deadline = time.monotonic() + IDLE_TIMEOUT + 60  # a bound against a hang: closed at IDLE_TIMEOUT
        for connection in idle:
            connection.settimeout(max(0.1, deadline - time.monotonic()))
            assert connection.recv(1) == b""  # closed by the server
    finally:
        for connection in idle:
            connection.close()


def test_sigterm_ends_watch_with_143_and_its_own_message(server):
    _, process, log = server
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=120) == 143
    said = log.read_text()
    assert "interrupted" in said and "KeyboardInterrupt" not in said and "Traceback" not in said


# -- a disk that cannot take the files ------------------------------------------------------------
@pytest.fixture
def mounted(tmp_path):
    """A tmpfs mounted with the given options (root only: CI runs as root)."""
    if os.geteuid() != 0:
        if os.environ.get("CI"):
            pytest.fail("these tests mount a tmpfs, which needs root; CI runs as root")
        pytest.skip("mounting a tmpfs needs root")
    mounts = []

    def mount(options: str) -> Path:
        point = tmp_path / f"mount{len(mounts)}"
        point.mkdir()
        subprocess.run(["mount", "-t", "tmpfs", "-o", options, "pnp-test", str(point)], check=True)
        mounts.append(point)
        return point

    yield mount
    for point in mounts:
        subprocess.run(["umount", "-l", str(point)], check=False)


@pytest.mark.parametrize("options", ["ro,size=4m", "size=64k"], ids=["read-only", "full"])
@pytest.mark.parametrize("command", [("report", GAME), ("calibrate",), ("export", "tts", GAME)])
def test_an_output_that_cannot_take_files_is_refused_before_the_work(mounted, run, monkeypatch, options, command):
    import pnp.analysis.publish
    import pnp.export.catalogue
    import pnp.games.calibration

    def work(*args, **kwargs):
        raise AssertionError("the long work started before the output was checked")

    # each is imported by the command when it runs, so the patch reaches it and leaves with the test
    monkeypatch.setattr(pnp.analysis.publish, "publish", work)
    monkeypatch.setattr(pnp.games.calibration, "calibration_document", work)
    monkeypatch.setattr(pnp.export.catalogue, "catalogue", work)
    output = mounted(options)
    result = run(*command, "--output", str(output))
    assert result.exit_code == 1, result.output
    assert f"--output {output}: " in result.output
    assert ("Read-only file system" in result.output) if options.startswith("ro") else ("is full" in result.output)


def test_temporaries_are_swept_and_a_designers_tmp_folder_is_left_alone(run, isolated):
    """A folder named like a temporary file in a game's output failed every build ("cannot write
    under out: Is a directory"); the gallery's temporary file of a killed build was never swept."""
    assert run("build", "seven-steps", "-o", "out").exit_code == 0
    kept = isolated / "out" / "seven-steps" / ".x.tmp"
    kept.mkdir()
    (kept / "notes.txt").write_text("mine")
    stale = isolated / "out" / ".index.html.abcd1234.tmp"
    stale.write_text("<html>half")
    result = run("build", "seven-steps", "-o", "out", "--force")
    assert result.exit_code == 0, result.output
    assert (kept / "notes.txt").read_text() == "mine"
    assert not stale.exists()


def test_only_pnps_own_output_is_written_over(run, isolated):
    """A web site's folder (an index.html of its own) or a folder that only shares a game's name was
    taken for pnp output, and its index.html replaced by the gallery. A killed build's game folder,
    with its manifest but no gallery yet, was refused for good; it is pnp's, and is built into."""
    site = isolated / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>My blog</title></head></html>")
    named = isolated / "named"
    (named / "seven-steps").mkdir(parents=True)
    (named / "seven-steps" / "notes.txt").write_text("mine")
    for folder in (site, named):
        result = run("build", "seven-steps", "-o", folder)
        assert result.exit_code == 2 and "holds no pnp output" in result.output, result.output
    assert (site / "index.html").read_text().startswith("<html><head><title>My blog")
    from conftest import DATA_GAMES

    assert run("build", "lantern-walk", "--layouts", DATA_GAMES, "-o", "killed").exit_code == 0
    for left in ("index.html", ".pnp-cache"):  # as a build killed before the gallery leaves it
        path = isolated / "killed" / left
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    again = run("build", "lantern-walk", "--layouts", DATA_GAMES, "-o", "killed", "--force")
    assert again.exit_code == 0, again.output
    assert '<meta name="generator" content="pnp">' in (isolated / "killed" / "index.html").read_text()
