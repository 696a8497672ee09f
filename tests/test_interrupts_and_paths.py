"""Killed builds, network faults beyond the basics, and paths that try to leave their folders."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pikepdf
import pytest
from conftest import EVERY_GAME, message_lines, placed_in, run_command, snapshot

from pnp.source.icons import IconStore

HANG = 120  # s: a bound against a hang only; every wait below ends on an event well before it

SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'
    b'<path fill="#fff" d="M100 100h300v300H100z"/></svg>'
)


# -- interrupted builds ----------------------------------------------------------------------------
def pnp(*args, cwd):
    return subprocess.Popen(
        [sys.executable, "-m", "pnp", *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


@pytest.mark.parametrize("delay", [0.35, 0.7, 1.1, 1.6])
def test_a_killed_build_leaves_earlier_pdfs_intact(isolated, delay):
    first = pnp("build", cwd=isolated)
    assert first.wait(timeout=120) == 0, first.stderr.read()
    before = snapshot(isolated / "output")
    build = pnp("build", "straight-to", "exit-from-purgatory", "--ink-saver", "--players", "6", cwd=isolated)
    time.sleep(delay)
    build.send_signal(signal.SIGTERM)
    code = build.wait(timeout=60)
    stderr = build.stderr.read().decode()
    assert "Traceback" not in stderr
    after = snapshot(isolated / "output")
    assert not [name for name in after if name.endswith(".tmp")], after.keys()
    for name, data in after.items():
        if not name.endswith(".pdf"):
            continue
        if data != before.get(name):
            # replaced before the signal landed: then it is the complete new file
            assert name.split("/")[0] in ("straight-to", "exit-from-purgatory"), name
            with pikepdf.open(isolated / "output" / name) as pdf:
                assert pdf.check_pdf_syntax() == []
    for game in ("seven-steps", "particle-panic", "punished"):
        assert {k: v for k, v in after.items() if k.startswith(game)} == {
            k: v for k, v in before.items() if k.startswith(game)
        }
    # 143: our handler unwound the build; -15: the signal landed while the interpreter was already
    # shutting down after a finished build (Python restores the default handler then)
    assert code in (0, 128 + signal.SIGTERM, -signal.SIGTERM)


SIGNAL_AT_FORK = """
import os, signal, sys
from pnp.cli import main
sent = []
def at_fork():          # the moment a signal once landed in fork's own hooks, made to happen every time
    if not sent:
        sent.append(1)
        os.kill(os.getpid(), signal.SIG{name})
os.register_at_fork(after_in_parent=at_fork)
sys.argv = ["pnp", "build", "-o", "out", "--jobs", "2", "straight-to", "exit-from-purgatory"]
main()
"""


@pytest.mark.parametrize("name", ["TERM", "INT"])
def test_a_signal_while_the_workers_fork_stops_the_build(isolated, name):
    """Taken inside fork's hooks, the handler's exception was only printed ("Exception ignored",
    a traceback) and the build went on; held until the workers are forked, it stops the build."""
    build = subprocess.run(
        [sys.executable, "-c", SIGNAL_AT_FORK.format(name=name)], cwd=isolated, capture_output=True, timeout=60
    )
    stderr = build.stderr.decode()
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert build.returncode == 128 + getattr(signal, f"SIG{name}"), stderr
    assert message_lines(stderr) == ["interrupted: files being written were discarded; earlier files are intact"]


def test_temp_files_left_by_sigkill_are_swept_by_the_next_build(run, isolated):
    folder = isolated / "output" / "seven-steps"
    folder.mkdir(parents=True)
    (folder / ".gamesheets.pdf.abc12345.tmp").write_bytes(b"half a pdf")  # the first write, killed
    assert run("build", "seven-steps").exit_code == 0
    assert not list(folder.glob("*.tmp")) and not list(folder.glob(".*.tmp"))


# -- network faults --------------------------------------------------------------------------------
class RawServer:
    """A loopback server that misbehaves on purpose; bounded in time, stops by itself."""

    def __init__(self, behaviour):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.sock.settimeout(10)
        self.behaviour = behaviour
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _serve(self):
        try:
            conn, _ = self.sock.accept()
        except OSError:
            return
        with conn:
            conn.settimeout(10)
            conn.recv(65536)
            try:
                self.behaviour(conn)
            except OSError:
                pass

    def close(self):
        self.sock.close()
        self.thread.join(timeout=HANG)


def drop_mid_body(conn):
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: image/svg+xml\r\nContent-Length: 5000\r\n\r\n" + SVG[:90])
    conn.shutdown(socket.SHUT_RDWR)


def drip(conn):
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: image/svg+xml\r\nContent-Length: %d\r\n\r\n" % len(SVG))
    for byte in SVG[:40]:  # one byte each 0.25 s: each read is quick, the whole is not
        conn.sendall(bytes([byte]))
        time.sleep(0.25)


def huge_without_length(conn):
    conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: image/svg+xml\r\n\r\n")
    chunk = b"<!--" + b"x" * 65536 + b"-->"
    for _ in range(80):  # 5 MB at most, then the server gives up
        conn.sendall(chunk)


@pytest.mark.parametrize(
    "behaviour, expected",
    [(drop_mid_body, "cut short|dropped"), (drip, "took longer than"), (huge_without_length, "over the")],
)
def test_network_faults_keep_the_cache_consistent(run, empty_cache, behaviour, expected):
    import re

    (empty_cache / "manifest.json").write_text('{"icons": {}}\n')
    before = snapshot(empty_cache)
    server = RawServer(behaviour)
    try:
        result = run(
            "icons",
            "fetch",
            "lorc/test-icon",
            "--icons",
            empty_cache,
            "--base-url",
            server.url,
            "--timeout",
            "1",
            "--deadline",
            "2",
        )
    finally:
        server.close()
    assert result.exit_code == 1
    assert re.search(expected, result.output), result.output
    assert len(message_lines(result.output)) == 1
    assert snapshot(empty_cache) == before


def test_refresh_with_a_changed_body_updates_file_and_manifest_together(run, httpserver, empty_cache):
    path = "/icons/ffffff/000000/1x1/lorc/test-icon.svg"
    httpserver.expect_request(path).respond_with_data(SVG)
    base = httpserver.url_for("/").rstrip("/")
    assert run("icons", "fetch", "lorc/test-icon", "--icons", empty_cache, "--base-url", base).exit_code == 0
    old = json.loads((empty_cache / "manifest.json").read_text())["icons"]["lorc/test-icon"]["sha256"]
    httpserver.clear()
    httpserver.expect_request(path).respond_with_data(SVG.replace(b"M100 100", b"M140 100"))
    assert (
        run("icons", "fetch", "lorc/test-icon", "--refresh", "--icons", empty_cache, "--base-url", base).exit_code == 0
    )
    new = json.loads((empty_cache / "manifest.json").read_text())["icons"]["lorc/test-icon"]["sha256"]
    assert new != old
    assert IconStore(empty_cache).verify() == []
    httpserver.clear()
    httpserver.expect_request(path).respond_with_data(b"<html>maintenance</html>")
    before = snapshot(empty_cache)
    assert (
        run("icons", "fetch", "lorc/test-icon", "--refresh", "--icons", empty_cache, "--base-url", base).exit_code == 1
    )
    assert snapshot(empty_cache) == before  # a bad refresh keeps the good copy


# -- paths -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["../seven-steps", "/etc", "seven-steps/../punished", "SEVEN-STEPS"])
def test_game_names_cannot_leave_the_layouts(run, game):
    result = run("build", game)
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_icon_references_in_layout_data_cannot_leave_the_cache(run, layouts_copy):
    path = layouts_copy / "seven-steps" / "gamesheet.toml"
    path.write_text(path.read_text().replace('sun_icon = "lorc/sun"', 'sun_icon = "../../etc/passwd"'))
    result = run("validate", "seven-steps", "--layouts", layouts_copy)
    assert result.exit_code == 1
    assert placed_in("gamesheet.toml:sun_icon: expected an icon reference", result.output)


def test_output_that_is_a_file_is_refused(run, isolated):
    (isolated / "taken").write_text("not a folder")
    result = run("build", "seven-steps", "--output", "taken")
    assert result.exit_code == 2 and "not a folder" in result.output


def test_output_stays_in_its_game_folders(run, isolated):
    assert run("build", "seven-steps", "--output", "out").exit_code == 0
    files = sorted(str(p.relative_to(isolated)) for p in isolated.rglob("*") if p.is_file())
    kept_shapes = [f for f in files if re.fullmatch(r"out/\.pnp-cache/shapes/[0-9a-f]{64}\.json", f)]
    assert kept_shapes  # the icon shapes every game's build shares, and what it took
    assert [f for f in files if f not in kept_shapes] == [
        "out/.pnp-cache/work.json",
        "out/index.html",
        "out/seven-steps/gamesheets.pdf",
        "out/seven-steps/manifest.json",
        "out/seven-steps/rules.pdf",
        "out/seven-steps/thumbs/gamesheet.png",
        "out/seven-steps/thumbs/reference.png",
    ]


# -- signals, workers and the output lock ----------------------------------------------------------
def _running(pid: int) -> bool:
    """The process exists and is not a zombie waiting for a parent to reap it."""
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) not in ("Z", "X")
    except (OSError, IndexError):
        return False


def _processes_with(marker: str) -> list[int]:
    """Live processes whose command line holds `marker` (a build's own output folder)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in command and "pytest" not in command and _running(int(entry.name)):
            found.append(int(entry.name))
    return found


GAME_NAMES = set(EVERY_GAME)


def _reported(stdout: str) -> set[str]:
    """The games a build's output says it wrote."""
    return {line.split(":")[0] for line in stdout.splitlines() if "PDFs" in line}


STOPPED_CPU = 0.15  # s of CPU a build may take after a signal to stop (seen: 0.02-0.03; the whole build 0.9)


def _cpu_seconds(pid: int) -> float:
    """The CPU a running process has used so far (its utime and stime, /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _waited(process: subprocess.Popen) -> tuple[int, float | None]:
    """Its exit code and the CPU it used in all, once it ends (killed past HANG, against a hang):
    CPU, not the clock, so a loaded machine does not fail it. None for the CPU of a process that
    had ended before the signal (`send_signal` reaps a finished process and sends nothing)."""
    if process.returncode is not None:
        return process.returncode, None
    guard = threading.Timer(HANG, process.kill)
    guard.start()
    try:
        _, status, usage = os.wait4(process.pid, 0)
    finally:
        guard.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_utime + usage.ru_stime


def _children(pid: int) -> list[int]:
    return [int(child) for tasks in Path(f"/proc/{pid}/task").glob("*/children") for child in tasks.read_text().split()]


def _workers_of(build: subprocess.Popen) -> list[int]:
    """The build's two workers, as soon as it has forked them."""
    assert build.stderr.readline().startswith(b"layouts:")
    deadline = time.monotonic() + HANG
    while len(workers := _children(build.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    assert len(workers) == 2, workers
    return workers


def _ended(build: subprocess.Popen, waiting_for: str) -> tuple[int, str, str]:
    try:
        code = build.wait(timeout=HANG)
    except subprocess.TimeoutExpired:
        build.kill()
        pytest.fail(f"the build waits for {waiting_for}")
    return code, build.stdout.read().decode(), build.stderr.read().decode()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_a_signal_mid_build_stops_it_and_its_workers(isolated, signum):
    """The signal goes to the build only once it is under way: after it has reported one game and
    before it has reported all five (read from its own output). It stops there, without going on
    to the games it had not reported (one that hangs fails the wait), its workers with it (even
    after SIGKILL); nothing temporary is left, and those games keep their earlier files."""
    out = isolated / f"out-{signum}"
    first = subprocess.run([sys.executable, "-m", "pnp", "build", "-o", str(out)], cwd=isolated, capture_output=True)
    assert first.returncode == 0, first.stderr
    before = snapshot(out)
    build = pnp("build", "-o", str(out), "--force", "--jobs", "2", cwd=isolated)
    assert build.stderr.readline().startswith(b"layouts:")
    done = [build.stdout.readline().decode()]
    assert "PDFs" in done[0], done
    build.send_signal(signum)
    code, rest, stderr = _ended(build, "its workers after the signal")
    reported = _reported(done[0] + rest)
    assert len(reported) < 5, "the build finished before the signal: the test proved nothing"
    assert code == (-signal.SIGKILL if signum == signal.SIGKILL else 128 + signum), stderr
    if signum != signal.SIGKILL:
        assert message_lines(stderr) == ["interrupted: files being written were discarded; earlier files are intact"]
        assert not list(out.rglob(".*.tmp"))
    time.sleep(0.1)  # a worker left running would still be drawing its game now
    assert _processes_with(str(out)) == []
    after = snapshot(out)
    for game in GAME_NAMES - reported:
        for name in [n for n in after if n.startswith(game) and n.endswith(".pdf")]:
            if after[name] != before.get(name):  # replaced whole before the signal landed
                with pikepdf.open(out / name) as pdf:
                    assert pdf.check_pdf_syntax() == []


def test_a_killed_worker_fails_its_games_instead_of_hanging(isolated):
    """A worker killed outright (SIGKILL, as the out-of-memory killer does) once left the build
    waiting forever for the game it held. Now each game not yet reported fails with one line, the
    build ends with exit 1 and no worker left, and the games another worker finished are written."""
    out = isolated / "out-worker-killed"
    build = pnp("build", "-o", str(out), "--jobs", "2", cwd=isolated)
    os.kill(_workers_of(build)[0], signal.SIGKILL)
    code, stdout, stderr = _ended(build, "the killed worker's game")
    written = _reported(stdout)
    failed = {line.split(":")[1].strip() for line in message_lines(stderr)}
    assert code == 1, stderr
    assert written | failed == GAME_NAMES
    assert failed and not written & failed, stderr
    assert all(
        line.endswith(
            ": not built: a worker process died abruptly (killed, out of memory, or crashed), which "
            "stops the others; earlier files are intact (--jobs 1 builds the games one at a time, "
            "in this process)"
        )
        for line in message_lines(stderr)
    ), stderr
    assert _processes_with(str(out)) == []


def test_an_interrupted_build_does_not_wait_for_its_workers(isolated):
    """SIGTERM to a build whose workers are stuck in their games (stopped here, as a game that
    takes minutes would be): the build kills them and ends at once, and they write nothing."""
    out = isolated / "out-workers-stopped"
    build = pnp("build", "-o", str(out), "--jobs", "2", cwd=isolated)
    for worker in _workers_of(build):
        os.kill(worker, signal.SIGSTOP)
    build.send_signal(signal.SIGTERM)
    code, stdout, stderr = _ended(build, "its stopped workers")
    assert code == 128 + signal.SIGTERM, stderr
    assert "PDFs" not in stdout
    assert _processes_with(str(out)) == []
    assert not list(out.rglob("*.pdf"))


def test_a_second_build_waits_for_the_first_then_refuses(run, isolated, monkeypatch):
    """Two builds never write one output folder at once: while another holds the folder's lock, a
    build says it is waiting, and after the wait it gives up with a message."""
    import fcntl

    import pnp.files.outputlock as outputlock

    out = isolated / "output"
    held = os.open(isolated, os.O_RDONLY)  # the lock is on the folder that holds the output
    fcntl.flock(held, fcntl.LOCK_EX)
    monkeypatch.setattr(outputlock, "WAIT", 0.4)
    try:
        result = run("build", "seven-steps")
    finally:
        os.close(held)
    assert result.exit_code == 1
    assert message_lines(result.output)[-2:] == [
        f"waiting: another pnp build is writing to {out.name}",
        f"Error: --output {out.name}: another pnp build has been writing there for 0 s; try again when it has finished",
    ]
    assert not (out / "seven-steps").exists()

    held = os.open(isolated, os.O_RDONLY)
    fcntl.flock(held, fcntl.LOCK_EX)
    release = threading.Timer(0.3, lambda: os.close(held))
    release.start()
    monkeypatch.setattr(outputlock, "WAIT", 10)
    result = run("build", "seven-steps")
    assert result.exit_code == 0 and "waiting: another pnp build" in result.output
    assert (out / "seven-steps" / "gamesheets.pdf").is_file()


def test_pdfs_that_do_not_match_their_manifest_are_not_trusted(run, isolated):
    """New PDFs beside an old manifest (a build killed between the two): the gallery says so
    instead of describing them, and the next build does not call the game up to date."""
    assert run("build", "seven-steps").exit_code == 0
    pdf = isolated / "output" / "seven-steps" / "gamesheets.pdf"
    import pikepdf

    with pikepdf.open(pdf, allow_overwriting_input=True) as document:  # another build's PDF, its title changed
        document.docinfo["/Title"] = str(document.docinfo["/Title"]).replace("Seven Steps", "Seven Stops")
        document.save(pdf)
    with pikepdf.open(pdf) as document:
        assert "Seven Stops" in str(document.docinfo["/Title"])
    gallery = (isolated / "output" / "index.html").read_text()
    assert "Seven Stops" not in gallery
    result = run("build", "seven-steps")
    assert "up to date" not in result.output
    pdf.write_bytes(pdf.read_bytes() + b"%")
    from pnp.site.gallery import write_gallery

    html = write_gallery(isolated / "output", {}).read_text()
    assert "its files do not match its manifest" in html
    assert "<h2>Seven Steps" in html  # still headed with the game's title


def test_a_record_of_files_is_trusted_only_for_its_own_regular_files(tmp_path):
    """One check for a manifest's PDFs and a report's files: each named file is in the folder,
    reached through no link, and hashes as recorded; a name that leaves the folder is refused
    though the file it names outside would hash as recorded."""
    import hashlib

    from pnp.files.atomic import files_as_recorded
    from pnp.pipeline.incremental import files_match
    from pnp.pipeline.manifest import DocumentRecord

    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "cards.pdf").write_bytes(b"%PDF cards")
    (tmp_path / "outside.pdf").write_bytes(b"%PDF outside")
    (folder / "linked.pdf").symlink_to(folder / "cards.pdf")

    def record(name: str, data: bytes) -> list[tuple[str, int, str]]:
        return [(name, len(data), hashlib.sha256(data).hexdigest())]

    assert files_as_recorded(folder, record("cards.pdf", b"%PDF cards"))
    assert not files_as_recorded(folder, record("cards.pdf", b"%PDF cardz"))
    assert not files_as_recorded(folder, record("linked.pdf", b"%PDF cards"))
    for name in ("../outside.pdf", str(tmp_path / "outside.pdf"), "/" + str(tmp_path / "outside.pdf"), ""):
        assert not files_as_recorded(folder, record(name, b"%PDF outside")), name
    (folder / "plots").mkdir()
    (folder / "plots" / "odds.svg").write_bytes(b"<svg/>")
    assert files_as_recorded(folder, record("plots/odds.svg", b"<svg/>"))
    (folder / "linked-plots").symlink_to(folder / "plots")
    assert not files_as_recorded(folder, record("linked-plots/odds.svg", b"<svg/>"))
    [(name, size, digest)] = record("plots/odds.svg", b"<svg/>")
    nested = DocumentRecord(
        file=name, pages=1, sheets=1, bytes=size, sha256=digest, icons=[], duplex="single", how="print single-sided"
    )
    assert not files_match(folder, [nested])  # a manifest's PDFs lie flat


def test_a_game_sent_to_a_broken_pool_fails_as_a_killed_worker_s_game_does():
    """The pool refuses new work once it knows a worker died; a game refused so fails as one
    whose worker died while building it, instead of ending the build with an unexpected error."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from pnp.pipeline.workers import _sent, _worker_start
    from pnp.source.settings import Settings

    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"), initializer=_worker_start)
    try:
        os.kill(pool.submit(os.getpid).result(), signal.SIGKILL)
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline:
            try:
                pool.submit(int).result()
            except BrokenProcessPool:
                break
        else:
            pytest.fail("the pool never noticed its worker was killed")
        refused = _sent(pool, "seven-steps", Settings(), "digest", False)
        assert isinstance(refused.exception(timeout=0), BrokenProcessPool)
    finally:
        pool.shutdown()


def test_a_worker_dies_with_its_parent_even_mid_task():
    """A build worker busy with a long task when its parent is killed outright (SIGKILL, which no
    handler sees) dies at once instead of finishing and writing its files."""
    script = (
        "import multiprocessing, os, sys, time\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "from pnp.pipeline.workers import _worker_start\n"
        "pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context('fork'), initializer=_worker_start)\n"
        "print(pool.submit(os.getpid).result(), flush=True)\n"
        "pool.submit(time.sleep, 3600)\n"
        "time.sleep(3600)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    worker = int(parent.stdout.readline())
    time.sleep(0.2)  # the worker is asleep in its hour-long task
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=HANG)
    deadline = time.monotonic() + HANG  # far short of its task: a worker that outlived its parent
    while _running(worker) and time.monotonic() < deadline:
        time.sleep(0.02)
    alive = _running(worker)
    if alive:
        os.kill(worker, signal.SIGKILL)
    assert not alive, "the worker outlived its parent"


@pytest.mark.parametrize(
    "stray",
    [
        '{"documents": 5, "placed": 7, "thumbnails": [], "options": "x"}',
        "[1, 2]",
        '{"documents": [{"file": "../../etc/passwd", "bytes": 1}]}',
        "not json",
    ],
)
def test_a_stray_folder_with_a_malformed_manifest_does_not_break_builds(run, isolated, stray):
    """Whatever a manifest.json in the output folder holds, builds and the gallery carry on."""
    assert run("build", "seven-steps").exit_code == 0
    folder = isolated / "output" / "stray"
    folder.mkdir()
    (folder / "manifest.json").write_text(stray)
    result = run("build", "seven-steps", "--force")
    assert result.exit_code == 0, result.output
    assert "unexpected" not in result.output
    assert (isolated / "output" / "index.html").is_file()


FINALIZER = """
import os, signal, sys, time
from pnp.cli import catch_signals
from pnp.errors import Interrupted
catch_signals()
class Holder:  # as pypdfium2's objects: a finalizer the collector runs mid-build
    def __del__(self):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)  # the handler runs here, inside the finalizer
try:
    Holder()
    time.sleep(0.5)
    print("carried on")
except Interrupted as stop:
    print("stopped")
    sys.exit(stop.code)
"""


def test_a_signal_taken_inside_a_finalizer_still_stops_the_command(tmp_path):
    """Reliability item 15: SIGTERM landing in a library's finalizer raised pnp's Interrupted there,
    where Python prints "Exception ignored in ..." and drops it; the build carried on to exit 0."""
    done = subprocess.run([sys.executable, "-c", FINALIZER], cwd=tmp_path, capture_output=True, text=True, timeout=HANG)
    assert done.stdout.strip() == "stopped" and done.returncode == 128 + signal.SIGTERM, (done.stdout, done.stderr)


WRAPPED = """
import os, signal, sys, time
import pnp.pipeline.build as build
from pnp.cli import main
real = build.build_game
def wrapping(*args, **kwargs):  # what pydantic does when a signal lands while it builds a validator
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
    except BaseException as exc:
        raise RuntimeError(f"Error building validator: {exc!r}") from None
    return real(*args, **kwargs)
build.build_game = wrapping
sys.argv = ["pnp", "validate", "seven-steps"]
main()
"""


def test_an_interruption_a_library_wrapped_in_its_own_error_still_stops_the_command(tmp_path):
    """A signal that lands inside library code which catches every exception and raises its own
    (pydantic's SchemaError, found by the random-moment trials) ends as the interruption it is:
    143 and the one-line notice, never "unexpected ... (please report this)"."""
    done = subprocess.run([sys.executable, "-c", WRAPPED], cwd=tmp_path, capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 128 + signal.SIGTERM, (done.stdout, done.stderr)
    assert "interrupted: files being written were discarded" in done.stderr and "unexpected" not in done.stderr


@pytest.fixture
def read_only(tmp_path):
    """Make a folder read-only as a mounted disk is (a read-only bind mount: root writes through
    any mode bits), and undo it; skipped where this process may not mount."""
    mounted: list[Path] = []

    def make(folder: Path) -> None:
        for command in (["mount", "--bind", folder, folder], ["mount", "-o", "remount,ro,bind", folder]):
            done = subprocess.run([str(part) for part in command], capture_output=True, text=True)
            if done.returncode:
                for path in mounted:
                    subprocess.run(["umount", str(path)], capture_output=True)
                pytest.skip(f"cannot make a read-only mount here: {done.stderr.strip()}")
            if command[1] == "--bind":
                mounted.append(folder)

    yield make
    for folder in mounted:
        subprocess.run(["umount", str(folder)], check=True)


def test_a_read_only_output_disk_is_said_plainly(isolated, read_only):
    """Reliability item 9: on a read-only disk an up-to-date build says so, exit 0, and a build
    that has something to write says it cannot, exit 1: never "unexpected" or a traceback."""
    run_command(sys.executable, "-m", "pnp", "build", "seven-steps")
    read_only(isolated / "output")
    again = run_command(sys.executable, "-m", "pnp", "build", "seven-steps")
    assert "seven-steps: up to date" in again.stdout
    changed = run_command(sys.executable, "-m", "pnp", "build", "seven-steps", "--paper", "letter", check=False)
    said = changed.stdout + changed.stderr
    assert changed.returncode == 1, said
    assert "cannot write under output: Read-only file system" in said
    assert "unexpected" not in said and "Traceback" not in said
    checked = run_command(sys.executable, "-m", "pnp", "validate", "seven-steps")
    assert "all rules hold" in checked.stdout


TRIAL_CHUNKS = 4  # the trials, in as many tests, so the workers share them


@pytest.mark.parametrize("chunk", range(TRIAL_CHUNKS))
def test_signals_at_random_moments_stop_a_build_cleanly(isolated, chunk, request):
    """Reliability acceptance 2: SIGTERM or SIGINT at a random moment of a build (seeded, from
    pnp's first line on: before it, Python is still starting and the signal is its own): each
    build ends within 2 s of its signal with 143 or 130 (or 0, done before the signal landed), no
    traceback; the earlier PDFs are byte-identical (a --force build makes the same bytes, so a
    finished one may replace them only with themselves), and no temporary file outlives the next
    build. `--signal-trials 200` runs the acceptance's count."""
    import random

    trials = -(-request.config.getoption("--signal-trials") // TRIAL_CHUNKS)
    rng = random.Random(chunk)
    run_command(sys.executable, "-m", "pnp", "build", "straight-to")
    output = isolated / "output"
    before = {name: data for name, data in snapshot(output).items() if name.endswith(".pdf")}
    codes = []
    for _ in range(trials):
        signum = rng.choice([signal.SIGTERM, signal.SIGINT])
        build = pnp("build", "straight-to", "--force", cwd=isolated)
        header = build.stderr.readline()  # pnp has started (a signal before it is the interpreter's)
        time.sleep(rng.uniform(0.0, 0.6))
        before_signal = _cpu_seconds(build.pid)
        build.send_signal(signum)
        code, cpu = _waited(build)
        if code != 0:  # stopped by the signal: it did not draw on (0: it finished, its files are checked below)
            assert cpu is None or cpu - before_signal < STOPPED_CPU, (cpu, before_signal, code)
        stderr = header.decode() + build.stderr.read().decode()
        build.stdout.close()
        build.stderr.close()
        assert "Traceback" not in stderr and "unexpected" not in stderr, stderr
        assert code in (0, 128 + signum, -signum), (code, stderr)
        after = {name: data for name, data in snapshot(output).items() if name.endswith(".pdf")}
        assert after == before
        codes.append(code)
    run_command(sys.executable, "-m", "pnp", "build", "straight-to")
    assert not [path for path in output.rglob("*") if ".tmp" in path.name]
    assert any(code != 0 for code in codes)  # the signals did land mid-build
