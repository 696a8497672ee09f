"""The commands the command line only parses for, called as functions without click: `new`,
`schema`, `watch` and every `icons` command, each on real files (and a real local HTTP server)."""

from __future__ import annotations

import json
import queue
import threading
import urllib.request
from contextlib import nullcontext
from pathlib import Path

import pytest
from test_icons_fetch import PATH, SVG
from test_icons_store import authors, iconify

from pnp.commands.artwork import fetch_icons, icon_credits, import_icons, verify_icons
from pnp.commands.projectfolders import new, schemas
from pnp.commands.watching import watch
from pnp.errors import UsageProblem
from pnp.source.settings import Settings

HANG = 300  # s: only against a hang; each wait below ends on an event


class Counted:
    """A progress bar that counts its steps."""

    def __init__(self) -> None:
        self.steps = 0

    def update(self, n: int) -> None:
        self.steps += n


def test_new_makes_a_project_and_schema_writes_its_editor_files(tmp_path):
    project = tmp_path / "mine"
    assert new(project, ["punished"]) == ["punished"]
    assert (project / "pnp.toml").is_file() and (project / "layouts" / "punished" / "rules.toml").is_file()
    settings = Settings(layouts=str(project / "layouts"))
    done = schemas(settings, ["punished"], project / "layouts")  # found from a folder inside the project
    assert done.games == ["punished"] and done.written[-1] == project / ".taplo.toml"
    assert all(path.is_file() for path in done.written)
    assert json.loads((project / "schemas" / "rules.toml.json").read_text())["type"] == "object"


def test_the_icons_commands_fill_check_and_credit_a_cache(tmp_path, httpserver):
    cache = tmp_path / "icons"
    settings = Settings(icons=str(cache), output=str(tmp_path / "out"))
    httpserver.expect_request(PATH).respond_with_data(SVG)
    bar = Counted()
    fetched = fetch_icons(
        settings,
        ["lorc/test-icon"],
        refresh=False,
        base_url=httpserver.url_for("/"),
        timeout=60,
        deadline=30,
        progress=lambda label, total: nullcontext(bar),
    )
    assert (fetched.done, fetched.wanted, bar.steps) == (1, 1, 1) and (cache / "lorc" / "test-icon.svg").is_file()
    icons_json = Path(iconify(tmp_path, {"lift": "M5 5h50v50z"}))
    mapping = Path(authors(tmp_path, {"lift": "lorc"}))
    imported = import_icons(settings, icons_json, ["lorc/lift"], mapping)
    assert (imported.done, imported.root) == (1, cache)
    assert verify_icons(settings).problems == [] and verify_icons(settings).icons == 2
    (cache / "lorc" / "lift.svg").write_bytes(SVG)  # a file changed behind the manifest's back
    assert any("lorc/lift" in line for line in verify_icons(settings).problems)
    credited = icon_credits(Settings(), ["seven-steps"])
    assert any("Lorc" in line or "lorc" in line for line in credited.icons) and credited.own_art == []


def test_watch_builds_serves_and_rebuilds_what_a_save_touches(tmp_path):
    project = tmp_path / "mine"
    new(project, ["seven-steps"])
    settings = Settings(layouts=str(project / "layouts"), output=str(project / "output"))
    built: queue.Queue[tuple[tuple[str, ...], bool]] = queue.Queue()
    said: queue.Queue[str] = queue.Queue()
    memories: set[int] = set()

    def build(slugs: list[str], force: bool, memory) -> int:
        (project / "output").mkdir(exist_ok=True)
        (project / "output" / "index.html").write_text("gallery")
        memories.add(id(memory))
        built.put((tuple(slugs), force))
        return 0

    stop = threading.Event()
    watching = threading.Thread(
        target=watch,
        args=(settings, ["seven-steps"]),
        kwargs={"port": 0, "build": build, "say": lambda line, err=False: said.put(line), "stop": stop},
    )
    watching.start()
    try:
        assert built.get(timeout=HANG) == (("seven-steps",), False)  # the first build
        assert built.get(timeout=HANG) == (("seven-steps",), False)  # the catch-up once listening
        serving = said.get(timeout=HANG)
        url = serving.split()[1]
        with urllib.request.urlopen(url + "index.html", timeout=HANG) as page:
            assert page.read() == b"gallery"
        sheet = project / "layouts" / "seven-steps" / "gamesheet.toml"
        sheet.write_text(sheet.read_text() + "\n")
        assert built.get(timeout=HANG) == (("seven-steps",), True)
        assert said.get(timeout=HANG).startswith("rebuilt seven-steps in ")
    finally:
        stop.set()
        watching.join(timeout=HANG)
    assert not watching.is_alive()
    assert len(memories) == 1  # every save's build takes what the builds before it kept


def test_watch_names_a_port_it_cannot_listen_on(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        settings = Settings(output=str(tmp_path / "out"))
        with pytest.raises(UsageProblem, match=rf"--port: cannot listen on 127.0.0.1:{port}"):
            watch(
                settings,
                ["seven-steps"],
                port=port,
                build=lambda slugs, force, memory: 0,
                say=lambda line, err=False: None,
            )
