"""Live preview: rebuild the games whose layout files were saved, and serve the gallery on
localhost with a small script that reloads the page after each rebuild."""

from __future__ import annotations

import html
import json
import mimetypes
import os
import shutil
import stat
import threading
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO, cast
from urllib.parse import quote, unquote, urlsplit

from pnp.files.atomic import LinkInOutput, open_file_inside, read_inside
from pnp.files.safefiles import UnsafeFile

VERSION_PATH = "/__pnp/version"
RELOAD_SCRIPT = f"""<script data-live-reload>
(function () {{
  var seen = null;
  function poll() {{
    fetch("{VERSION_PATH}", {{cache: "no-store"}}).then(function (r) {{ return r.json(); }}).then(function (v) {{
      if (seen !== null && v.version !== seen) {{ location.reload(); }}
      seen = v.version;
    }}).catch(function () {{}}).finally(function () {{ setTimeout(poll, 400); }});
  }}
  document.body.setAttribute("data-live-reload", "on");
  poll();
}})();
</script>"""


class Reloads:
    """The count of finished rebuilds the page polls; a change makes it reload."""

    def __init__(self) -> None:
        self.version = 0
        self._lock = threading.Lock()

    def bump(self) -> None:
        with self._lock:
            self.version += 1


IDLE_TIMEOUT = 5.0  # seconds a connection may sit without a request before it is closed
CHUNK = 256 * 1024
MAX_GALLERY = 64 * 1024 * 1024  # index.html lists every design: 0.5 MB at 10,000 of them


class GalleryHandler(BaseHTTPRequestHandler):
    """Regular files under the output folder, reached through no link; folders listed without
    hidden names; the gallery with the reload script; the version. Only requests addressed to
    this server by name (127.0.0.1:PORT or localhost:PORT) are answered, so a page elsewhere
    cannot read the output through a rebound DNS name."""

    root: Path  # the output folder served
    reloads: Reloads
    timeout = IDLE_TIMEOUT
    server_version = "pnp-watch"

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _answer(self, *, body: bool) -> None:
        try:
            self._route(body)
        except (ConnectionError, TimeoutError):
            self.close_connection = True

    def _route(self, body: bool) -> None:
        port = cast(ThreadingHTTPServer, self.server).server_port
        if self.headers.get("Host", "") not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            self.send_error(403, "Host not served here")
            return
        # a file name that is not UTF-8 comes back as the bytes the listing quoted (surrogates stand
        # for them, as os.fsdecode does), so every listed file can be opened
        path = unquote(urlsplit(self.path).path, errors="surrogateescape")
        parts = [part for part in path.split("/") if part]
        if "\0" in path or any(part.startswith(".") or "\\" in part for part in parts):
            self.send_error(404)
            return
        if path == VERSION_PATH:
            self._send(json.dumps({"version": self.reloads.version}).encode(), "application/json", body)
        elif not parts or path == "/index.html":
            self._send(self._gallery(), "text/html; charset=utf-8", body)
        else:
            self._file(parts, path.endswith("/"), body)

    def _gallery(self) -> bytes:
        try:
            data = read_inside(self.root / "index.html", root=self.root, limit=MAX_GALLERY)
        except UnsafeFile:  # a link, a FIFO, a folder, too large: not a gallery
            data = None
        html = data.decode("utf-8", errors="replace") if data is not None else NO_GALLERY
        return html.replace("</body>", RELOAD_SCRIPT + "\n</body>").encode()

    def _file(self, parts: list[str], slash: bool, body: bool) -> None:
        fd = _open_no_link(self.root, parts)
        if fd is None:
            self.send_error(404)
            return
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode):
            with os.fdopen(fd, "rb") as handle:
                self._stream(handle, info.st_size, parts[-1], body)
            return
        try:
            if not stat.S_ISDIR(info.st_mode):
                self.send_error(404)
            elif not slash:
                self._redirect("/" + "/".join(parts) + "/")
            else:
                self._send(_listing(fd, parts).encode(), "text/html; charset=utf-8", body)
        finally:
            os.close(fd)

    def _stream(self, handle: BinaryIO, size: int, name: str, body: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", mimetypes.guess_type(name)[0] or "application/octet-stream")
        self.send_header("Content-Length", str(size))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if body:
            shutil.copyfileobj(handle, self.wfile, CHUNK)

    def _redirect(self, location: str) -> None:
        self.send_response(301)
        self.send_header("Location", quote(location))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send(self, data: bytes, kind: str, body: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


def _handler(root: Path, reloads: Reloads) -> type[BaseHTTPRequestHandler]:
    """The handler class for one server: the gallery handler bound to its folder and reloads."""
    return type("ServedGallery", (GalleryHandler,), {"root": root, "reloads": reloads})


NO_GALLERY = "<!DOCTYPE html><html><body><p>No gallery yet: the first build is running.</p></body></html>"


def _open_no_link(root: Path, parts: list[str]) -> int | None:
    """A descriptor of root/parts reached through no link (`open_file_inside`); None when there is
    no such thing or it cannot be reached that way."""
    try:
        return open_file_inside(root.joinpath(*parts), root=root)
    except (OSError, ValueError, LinkInOutput):
        return None


def _listing(fd: int, parts: list[str]) -> str:
    """A folder's visible regular files and folders; hidden names (temporary files) and links left out."""
    names = sorted(
        entry.name + ("/" if entry.is_dir(follow_symlinks=False) else "")
        for entry in os.scandir(fd)
        if not entry.name.startswith(".")
        and (entry.is_dir(follow_symlinks=False) or entry.is_file(follow_symlinks=False))
    )
    title = html.escape(_shown("/" + "/".join(parts) + "/"))
    items = "".join(f'<li><a href="{quote(os.fsencode(name))}">{html.escape(_shown(name))}</a></li>' for name in names)
    return (
        f"<!DOCTYPE html><html><head><title>{title}</title></head><body><h1>{title}</h1><ul>{items}</ul></body></html>"
    )


def _shown(name: str) -> str:
    """A file name as a page shows it: bytes that are not UTF-8 as the replacement character."""
    return os.fsencode(name).decode("utf-8", errors="replace")


class GalleryServer(ThreadingHTTPServer):
    """A client that drops its connection or sends garbage ends its own request, with no traceback."""

    daemon_threads = True
    request_queue_size = 256  # a burst of connections waits in the backlog, not in SYN retries

    def handle_error(self, request: object, client_address: object) -> None:
        pass


def serve(root: Path, port: int, reloads: Reloads) -> ThreadingHTTPServer:
    """The gallery server on 127.0.0.1 (never another interface), running in a daemon thread."""
    server = GalleryServer(("127.0.0.1", port), _handler(root, reloads))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def games_touched(changed: Iterable[str], layouts: Path, icons: Path, games: list[str]) -> list[str]:
    """The games to rebuild for a set of changed paths: a game's own layout folder, or every game
    when the icon cache changed."""
    touched: set[str] = set()
    layouts, icons = layouts.resolve(), icons.resolve()
    for name in changed:
        path = Path(name).resolve()
        if path.is_relative_to(icons):
            return list(games)
        if path.is_relative_to(layouts):
            parts = path.relative_to(layouts).parts
            if parts and parts[0] in games:
                touched.add(parts[0])
    return [game for game in games if game in touched]


def watch_and_rebuild(
    paths: list[Path], rebuild: Callable[[set[str]], None], stop: threading.Event, ready: Callable[[], None]
) -> None:
    """Call `ready` once the watcher is listening (a save before that could be missed), then
    `rebuild` with the changed paths each time files settle after a save."""
    from watchfiles import watch

    listening = False
    for batch in watch(
        *paths, debounce=400, step=30, stop_event=stop, raise_interrupt=True, rust_timeout=300, yield_on_timeout=True
    ):
        if not listening:
            listening = True
            ready()
        if batch:
            rebuild({path for _, path in batch})
