"""Live preview: rebuild the games whose layout files were saved, and serve the gallery on
localhost with a small script that reloads the page after each rebuild."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Callable, Iterable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


def _handler(root: Path, reloads: Reloads) -> type[SimpleHTTPRequestHandler]:
    class GalleryHandler(SimpleHTTPRequestHandler):
        """Files under the output folder, the gallery with the reload script, and the version."""

        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            if path == VERSION_PATH:
                self._send(json.dumps({"version": reloads.version}).encode(), "application/json")
            elif path in ("/", "/index.html"):
                try:
                    html = (root / "index.html").read_text(encoding="utf-8")
                except OSError:
                    html = "<!DOCTYPE html><html><body><p>No gallery yet: the first build is running.</p></body></html>"
                self._send(html.replace("</body>", RELOAD_SCRIPT + "\n</body>").encode(), "text/html; charset=utf-8")
            else:
                super().do_GET()

        def _send(self, body: bytes, kind: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    return GalleryHandler


def serve(root: Path, port: int, reloads: Reloads) -> ThreadingHTTPServer:
    """The gallery server on 127.0.0.1 (never another interface), running in a daemon thread."""
    handler = functools.partial(_handler(root, reloads), directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
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


def watch_and_rebuild(paths: list[Path], rebuild: Callable[[set[str]], None], stop: threading.Event,
                      ready: Callable[[], None]) -> None:
    """Call `ready` once the watcher is listening (a save before that could be missed), then
    `rebuild` with the changed paths each time files settle after a save."""
    from watchfiles import watch

    listening = False
    for batch in watch(*paths, debounce=400, step=30, stop_event=stop, raise_interrupt=False,
                       rust_timeout=300, yield_on_timeout=True):
        if not listening:
            listening = True
            ready()
        if batch:
            rebuild({path for _, path in batch})
