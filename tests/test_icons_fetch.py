"""`pnp icons fetch` against a real local HTTP server laid out like game-icons.net."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time

import pytest
from conftest import message_lines, snapshot
from werkzeug import Response

from pnp.source.svgshape import clean_svg, foreground_paths

SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'
    b'<path fill="#fff" d="M100 100h300v300H100z"/></svg>'
)
PATH = "/icons/ffffff/000000/1x1/lorc/test-icon.svg"
# s: a fetch that kept to its deadline of a second or two ends well before this, however loaded the
# machine; one that waited out the server (200 s and more below) does not
NOT_WAITED_OUT = 100


def cached(svg: bytes) -> bytes:
    """What the cache keeps of a served SVG: its foreground paths in a fresh document."""
    return clean_svg(foreground_paths(svg))


@pytest.fixture
def fetch(run, empty_cache, httpserver):
    def go(*extra):
        return run(
            "icons",
            "fetch",
            "lorc/test-icon",
            "--icons",
            empty_cache,
            "--base-url",
            httpserver.url_for("/").rstrip("/"),
            "--timeout",
            "1",
            *extra,
        )

    return go


def manifest(cache):
    return json.loads((cache / "manifest.json").read_text())["icons"]


def test_fresh_fetch_writes_file_and_manifest(fetch, httpserver, empty_cache):
    httpserver.expect_request(PATH).respond_with_data(SVG, content_type="image/svg+xml")
    result = fetch()
    assert result.exit_code == 0, result.output
    assert (empty_cache / "lorc/test-icon.svg").read_bytes() == cached(SVG)  # its paths, nothing else
    entry = manifest(empty_cache)["lorc/test-icon"]
    assert entry["author"] == "lorc" and entry["license"] == "CC BY 3.0"
    assert entry["source"].endswith(PATH) and len(entry["sha256"]) == 64
    user_agent = httpserver.log[0][0].headers["User-Agent"]
    assert user_agent.startswith("purgatory-pnp/")


# where a test counts the requests, a read timeout the busy test machine cannot reach: a timed-out
# request is made again and counted (the timeout tests keep their 1 s)
COUNTED = ("--timeout", "10")


def test_cached_icon_makes_no_request(fetch, httpserver):
    httpserver.expect_request(PATH).respond_with_data(SVG)
    assert fetch(*COUNTED).exit_code == 0
    assert len(httpserver.log) == 1
    result = fetch(*COUNTED)
    assert result.exit_code == 0
    assert "fetched 0" in result.output
    assert len(httpserver.log) == 1


def test_refresh_downloads_again(fetch, httpserver, empty_cache):
    httpserver.expect_request(PATH).respond_with_data(SVG)
    assert fetch(*COUNTED).exit_code == 0
    newer = SVG.replace(b"M100 100", b"M120 100")
    httpserver.clear()
    httpserver.expect_request(PATH).respond_with_data(newer)
    assert fetch("--refresh", *COUNTED).exit_code == 0
    assert (empty_cache / "lorc/test-icon.svg").read_bytes() == cached(newer)
    assert len(httpserver.log) == 1


def test_retry_after_500(fetch, httpserver, empty_cache):
    httpserver.expect_ordered_request(PATH).respond_with_data("oops", status=500)
    httpserver.expect_ordered_request(PATH).respond_with_data(SVG)
    result = fetch(*COUNTED)
    assert result.exit_code == 0, result.output
    assert len(httpserver.log) == 2
    assert (empty_cache / "lorc/test-icon.svg").exists()


def _slow(request):
    time.sleep(2.5)
    return Response(SVG)


def _truncated(request):
    return Response(SVG[:60], headers={"Content-Length": str(len(SVG)), "Connection": "close"})


def _redirect(request):
    return Response("", status=302, headers={"Location": "http://elsewhere.invalid/evil.svg"})


FAILURES = {
    "404": (lambda server: server.expect_request(PATH).respond_with_data("missing", status=404), "HTTP 404"),
    "500 for good": (lambda server: server.expect_request(PATH).respond_with_data("down", status=500), "HTTP 500"),
    "timeout": (lambda server: server.expect_request(PATH).respond_with_handler(_slow), "timed out"),
    "truncated": (lambda server: server.expect_request(PATH).respond_with_handler(_truncated), "test-icon.svg: "),
    "html as 200": (
        lambda server: server.expect_request(PATH).respond_with_data(
            "<html><body>Not found</body></html>", content_type="text/html"
        ),
        "not an icon SVG",
    ),
    "oversized": (
        lambda server: server.expect_request(PATH).respond_with_data(
            SVG[:-6] + b"<!--" + b"x" * 400_000 + b"--></svg>"
        ),
        "cap",
    ),
    "oversized, undeclared": (  # no Content-Length: the body is counted as it streams in
        lambda server: server.expect_request(PATH).respond_with_handler(
            lambda request: Response(iter([SVG[:-6], b"<!--", *[b"x" * 4096] * 100, b"--></svg>"]))
        ),
        "cap",
    ),
    "infinite number": (  # 1e400 read as a number is infinite: cached once, then every build refused
        lambda server: server.expect_request(PATH).respond_with_data(
            SVG.replace(b'd="M100 100h300v300H100z"', b'd="M100 100h1e400v300H100z"')
        ),
        "its path data holds a number that is not finite",
    ),
    "redirect off host": (
        lambda server: server.expect_request(PATH).respond_with_handler(_redirect),
        "redirected to another host",
    ),
}


@pytest.mark.parametrize("case", sorted(FAILURES))
def test_failures_leave_cache_untouched_with_one_line(case, fetch, httpserver, empty_cache):
    (empty_cache / "manifest.json").write_text('{"icons": {}}\n')
    before = snapshot(empty_cache)
    setup, expected = FAILURES[case]
    setup(httpserver)
    result = fetch()
    assert result.exit_code == 1
    lines = message_lines(result.output)
    assert len(lines) == 1, result.output
    assert lines[0].startswith("Error: ") and expected in lines[0]
    assert "Traceback" not in result.output
    assert snapshot(empty_cache) == before


def test_failure_in_a_batch_writes_nothing(run, httpserver, empty_cache):
    httpserver.expect_request("/icons/ffffff/000000/1x1/lorc/good.svg").respond_with_data(SVG)
    httpserver.expect_request("/icons/ffffff/000000/1x1/lorc/bad.svg").respond_with_data("no", status=404)
    result = run(
        "icons",
        "fetch",
        "lorc/good",
        "lorc/bad",
        "--icons",
        empty_cache,
        "--base-url",
        httpserver.url_for("/").rstrip("/"),
    )
    assert result.exit_code == 1
    assert snapshot(empty_cache) == {}


@pytest.mark.parametrize("ref", ["../etc/passwd", "lorc/../../x", "/abs/path", "Lorc/Apple", "lorc/a b", "lorc"])
def test_bad_references_are_refused_before_any_request(run, httpserver, empty_cache, ref):
    result = run("icons", "fetch", ref, "--icons", empty_cache, "--base-url", httpserver.url_for("/"))
    assert result.exit_code == 1
    assert "must be author/name" in result.output
    assert httpserver.log == []


ATTACKS = {
    "script": b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><script>alert(1)</script>'
    b'<path d="M100 100h300v300H100z"/></svg>',
    "image": b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink" viewBox="0 0 512 512">'
    b'<image x:href="file:///etc/passwd"/><path d="M100 100h300v300H100z"/></svg>',
    "foreign": b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><foreignObject><p>hi</p>'
    b'</foreignObject><path d="M100 100h300v300H100z"/></svg>',
    "use bomb": b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink" viewBox="0 0 512 512">'
    b'<g id="a"><path d="M100 100h300v300H100z"/></g><use x:href="#a"/><use x:href="#a"/></svg>',
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_only_path_data_survives_into_the_cache(fetch, httpserver, empty_cache, attack):
    """Whatever else a served SVG holds, the cache keeps its paths and nothing more."""
    httpserver.expect_request(PATH).respond_with_data(ATTACKS[attack])
    assert fetch().exit_code == 0
    kept = (empty_cache / "lorc/test-icon.svg").read_bytes()
    assert (
        kept == b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">'
        b'<path d="M100 100h300v300H100z"/></svg>'
    )


def test_a_utf16_svg_with_a_doctype_is_refused(fetch, httpserver, empty_cache):
    """The DOCTYPE check reads the parsed document, not raw bytes, so another encoding hides nothing."""
    svg = (
        '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M1 1h9v9H1z"/>'
        "<text>&x;</text></svg>"
    ).encode("utf-16")
    httpserver.expect_request(PATH).respond_with_data(svg)
    result = fetch()
    assert result.exit_code == 1 and "DOCTYPE" in result.output
    assert not (empty_cache / "lorc/test-icon.svg").exists()


def test_retry_after_cannot_outlast_the_deadline(fetch, httpserver, empty_cache):
    """A server that asks for a 200 s pause: the fetch gives up at its --deadline, not after it (the
    bound below is far past the deadline, so a loaded machine passes, and far short of the pause)."""
    httpserver.expect_request(PATH).respond_with_data("busy", status=503, headers={"Retry-After": "200"})
    started = time.monotonic()
    result = fetch("--deadline", "1.5")
    assert time.monotonic() - started < NOT_WAITED_OUT
    assert result.exit_code == 1 and "took longer than 1.5 s" in result.output
    assert snapshot(empty_cache) == {}


@contextlib.contextmanager
def dripping_server(answer: bytes, *, fast: int = 0):
    """A local server that sends `answer`'s first `fast` bytes at once and the rest a byte every
    0.3 s, each byte inside a 1 s read timeout; yields its base URL."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    stop = threading.Event()

    def drip():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                with contextlib.suppress(OSError):
                    conn.sendall(answer[:fast])
                    for byte in answer[fast:]:
                        if stop.is_set():
                            break
                        conn.sendall(bytes([byte]))
                        time.sleep(0.3)

    worker = threading.Thread(target=drip, daemon=True)
    worker.start()
    try:
        yield f"http://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        server.close()


def test_a_server_dripping_its_headers_cannot_outlast_the_deadline(run, empty_cache):
    """Status line and headers a byte every 0.3 s, each byte inside the read timeout: dripped whole,
    they would take over 200 s."""
    started = time.monotonic()
    with dripping_server(b"HTTP/1.1 200 OK\r\nContent-Type: image/svg+xml\r\nX-Slow: " + b"a" * 700) as url:
        result = run(
            "icons",
            "fetch",
            "lorc/test-icon",
            "--icons",
            empty_cache,
            "--timeout",
            "1",
            "--deadline",
            "1.5",
            "--base-url",
            url,
        )
    assert time.monotonic() - started < NOT_WAITED_OUT
    assert result.exit_code == 1 and "took longer than 1.5 s" in result.output
    assert snapshot(empty_cache) == {}


def test_a_dripped_body_stops_at_the_deadline_where_no_alarm_can_ring(empty_cache):
    """Off the main thread the alarm cannot ring: the body's own deadline check stops the download."""
    from pnp.errors import IconError
    from pnp.source.icons import IconRef, IconStore

    body = SVG + b" " * 700  # dripped whole: over 200 s
    answer = b"HTTP/1.1 200 OK\r\nContent-Type: image/svg+xml\r\nContent-Length: %d\r\n\r\n" % len(body) + body
    outcome: list[object] = []
    started = time.monotonic()
    with dripping_server(answer, fast=answer.index(b"\r\n\r\n") + 4) as url:

        def fetch_in_a_thread():
            try:
                outcome.append(
                    IconStore(empty_cache, url).fetch([IconRef.parse("lorc/test-icon")], timeout=1, deadline=1.0)
                )
            except IconError as exc:
                outcome.append(exc)

        worker = threading.Thread(target=fetch_in_a_thread)
        worker.start()
        worker.join(NOT_WAITED_OUT)
    assert time.monotonic() - started < NOT_WAITED_OUT
    assert len(outcome) == 1 and "took longer than 1 s" in str(outcome[0]), outcome
    assert snapshot(empty_cache) == {}


@pytest.mark.parametrize(
    "answer, said",
    [
        (b"SSH-2.0-OpenSSH_9.2\r\n\r\n", "the server's answer is not HTTP"),
        (b"", "closed the connection without answering"),
    ],
)
def test_a_server_that_answers_badly_is_not_called_unreachable(run, empty_cache, answer, said):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.recv(4096)
                if answer:
                    conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    try:
        result = run(
            "icons",
            "fetch",
            "lorc/test-icon",
            "--icons",
            empty_cache,
            "--timeout",
            "1",
            "--base-url",
            f"http://127.0.0.1:{server.getsockname()[1]}",
        )
    finally:
        server.close()
    assert result.exit_code == 1 and said in result.output and "could not connect" not in result.output, result.output
