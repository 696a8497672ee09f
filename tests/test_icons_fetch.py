"""`pnp icons fetch` against a real local HTTP server laid out like game-icons.net."""

from __future__ import annotations

import json
import time

import pytest
from werkzeug import Response

from conftest import message_lines, snapshot

SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'
       b'<path fill="#fff" d="M100 100h300v300H100z"/></svg>')
PATH = "/icons/ffffff/000000/1x1/lorc/test-icon.svg"


@pytest.fixture
def fetch(run, empty_cache, httpserver):
    def go(*extra):
        return run("icons", "fetch", "lorc/test-icon", "--icons", empty_cache,
                   "--base-url", httpserver.url_for("/").rstrip("/"), "--timeout", "1", *extra)
    return go


def manifest(cache):
    return json.loads((cache / "manifest.json").read_text())["icons"]


def test_fresh_fetch_writes_file_and_manifest(fetch, httpserver, empty_cache):
    httpserver.expect_request(PATH).respond_with_data(SVG, content_type="image/svg+xml")
    result = fetch()
    assert result.exit_code == 0, result.output
    assert (empty_cache / "lorc/test-icon.svg").read_bytes() == SVG
    entry = manifest(empty_cache)["lorc/test-icon"]
    assert entry["author"] == "lorc" and entry["license"] == "CC BY 3.0"
    assert entry["source"].endswith(PATH) and len(entry["sha256"]) == 64
    user_agent = httpserver.log[0][0].headers["User-Agent"]
    assert user_agent.startswith("purgatory-pnp/")


def test_cached_icon_makes_no_request(fetch, httpserver):
    httpserver.expect_request(PATH).respond_with_data(SVG)
    assert fetch().exit_code == 0
    assert len(httpserver.log) == 1
    result = fetch()
    assert result.exit_code == 0
    assert "fetched 0" in result.output
    assert len(httpserver.log) == 1


def test_refresh_downloads_again(fetch, httpserver, empty_cache):
    httpserver.expect_request(PATH).respond_with_data(SVG)
    assert fetch().exit_code == 0
    newer = SVG.replace(b"M100 100", b"M120 100")
    httpserver.clear()
    httpserver.expect_request(PATH).respond_with_data(newer)
    assert fetch("--refresh").exit_code == 0
    assert (empty_cache / "lorc/test-icon.svg").read_bytes() == newer
    assert len(httpserver.log) == 1


def test_retry_after_500(fetch, httpserver, empty_cache):
    httpserver.expect_ordered_request(PATH).respond_with_data("oops", status=500)
    httpserver.expect_ordered_request(PATH).respond_with_data(SVG)
    result = fetch()
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
    "html as 200": (lambda server: server.expect_request(PATH).respond_with_data(
        "<html><body>Not found</body></html>", content_type="text/html"), "not an icon SVG"),
    "oversized": (lambda server: server.expect_request(PATH).respond_with_data(
        SVG[:-6] + b"<!--" + b"x" * 400_000 + b"--></svg>"), "cap"),
    "redirect off host": (lambda server: server.expect_request(PATH).respond_with_handler(_redirect),
                          "redirected to another host"),
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
    result = run("icons", "fetch", "lorc/good", "lorc/bad", "--icons", empty_cache,
                 "--base-url", httpserver.url_for("/").rstrip("/"))
    assert result.exit_code == 1
    assert snapshot(empty_cache) == {}


@pytest.mark.parametrize("ref", ["../etc/passwd", "lorc/../../x", "/abs/path", "Lorc/Apple", "lorc/a b", "lorc"])
def test_bad_references_are_refused_before_any_request(run, httpserver, empty_cache, ref):
    result = run("icons", "fetch", ref, "--icons", empty_cache, "--base-url", httpserver.url_for("/"))
    assert result.exit_code == 1
    assert "must be author/name" in result.output
    assert httpserver.log == []
