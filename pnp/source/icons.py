"""Icon references, the on-disk cache, fetching from game-icons.net and importing Iconify sets."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pnp import __version__
from pnp.errors import IconError, IconRefused
from pnp.files.atomic import write_bytes_atomic
from pnp.files.paths import inside
from pnp.files.safefiles import UnsafeFile, read_json, read_regular
from pnp.files.timelimit import TimeLimitExceeded, time_limit
from pnp.memory import Kept
from pnp.source.ownart import is_art_ref

if TYPE_CHECKING:  # loaded when first needed: most commands never fetch
    import requests

    from pnp.source.ownart import ArtShelf
    from pnp.source.shapecache import ShapeCache
    from pnp.source.svgshape import IconShape

DEFAULT_BASE_URL = "https://game-icons.net"
LICENCE = "CC BY 3.0"
SITE = "game-icons.net"
# a word of a reference, taken whole (possessive): a word not followed by what must come next fails
# at once instead of giving back its letters one by one
_PART = r"[a-z0-9]++(?:-[a-z0-9]++)*+"
# \Z: no newline may trail a reference; 120 characters keep the cache's file names legal
_REF_RE = re.compile(rf"\A(?=.{{3,120}}\Z)({_PART})/({_PART})\Z")
# a reference inside a data file's bytes (quoted in TOML, bare in a CSV cell)
ICON_REF_IN_BYTES = re.compile(rf"(?<![\w/-])({_PART}/{_PART})(?![\w/-])".encode())
MAX_DOWNLOAD = 256 * 1024  # also the largest cached icon read back
MAX_MANIFEST = 8 * 1024 * 1024
MAX_ICON_SET = 64 * 1024 * 1024  # an Iconify set or an author table; the whole game-icons set is 5 MB


@dataclass(frozen=True, order=True)
class IconRef:
    """`author/name` exactly as game-icons.net spells it; the pattern keeps it inside the cache."""

    author: str
    name: str

    @classmethod
    def parse(cls, text: str) -> IconRef:
        match = _REF_RE.match(text) if isinstance(text, str) else None
        if not match:
            shown = repr(text) if len(repr(text)) <= 80 else repr(text)[:60] + f"... ({len(str(text)):,} characters)"
            raise IconError(
                f"icon reference {shown} must be author/name in lower-case letters, "
                "digits and hyphens (for example lorc/shiny-apple)"
            )
        return cls(match.group(1), match.group(2))

    def __str__(self) -> str:
        return f"{self.author}/{self.name}"


# drawn where an icon cannot be (one not cached, own art refused): an empty space, so that a build
# with that problem goes on to find the rest before it refuses
GAP_ICON = "pnp/gap"


def is_icon_ref(text: object) -> bool:
    return isinstance(text, str) and bool(_REF_RE.match(text))


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class IconsRead:
    """What reading cached icons found, by their bytes: why an icon is refused (None: it is not),
    and its shape."""

    __slots__ = ("refusals", "shapes")

    def __init__(self) -> None:
        self.refusals: dict[bytes, str | None] = {}
        self.shapes: dict[bytes, IconShape] = {}


ICONS_READ = Kept("icons read", IconsRead)


class IconStore:
    """The cache folder `icons/<author>/<name>.svg` and its `manifest.json`; `read`: what an earlier
    read of the same bytes found (a build's memory keeps it: `ICONS_READ`)."""

    def __init__(
        self,
        root: Path,
        base_url: str = DEFAULT_BASE_URL,
        shapes: ShapeCache | None = None,
        art: ArtShelf | None = None,
        read: IconsRead | None = None,
    ):
        self.root = Path(root)
        self.base_url = base_url.rstrip("/")
        self.shapes = shapes  # icon shapes kept between builds (in the output folder)
        self.art = art  # the game's own art, when the store is one game's (`for_game`)
        self.seen = read if read is not None else IconsRead()
        self._entries: tuple[tuple[int, ...], dict[str, dict[str, Any]]] | None = None

    def for_game(self, folder: Path) -> IconStore:
        """This cache, and the own art in the game's data folder `folder` (its `art/`)."""
        from pnp.source.ownart import FOLDER, ArtShelf

        game = IconStore(self.root, self.base_url, self.shapes, ArtShelf(folder / FOLDER), self.seen)
        game._entries = self._entries
        return game

    # -- the cache ---------------------------------------------------------------------------
    @property
    def manifest_path(self) -> Path:
        return self.root / "manifest.json"

    def manifest(self) -> Mapping[str, dict[str, Any]]:
        """The manifest's entries, not to be changed; read again only when the file changed (a build
        asks once per icon it draws, and a deck names the same few icons thousands of times)."""
        try:
            info = self.manifest_path.lstat()
        except OSError:
            return {}
        stamp = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        if self._entries is None or self._entries[0] != stamp:
            self._entries = (stamp, self._read_manifest())
        return self._entries[1]

    def _read_manifest(self) -> dict[str, dict[str, Any]]:
        try:
            entries = dict(read_json(self.manifest_path, MAX_MANIFEST, links=False)["icons"])
        except UnsafeFile as exc:
            raise IconError(f"{self.manifest_path}: refused: {exc}") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise IconError(f"{self.manifest_path}: not a valid icon manifest ({exc})") from None
        for key, entry in entries.items():
            if not is_icon_ref(key) or not isinstance(entry, dict):
                raise IconError(
                    f"{self.manifest_path}: icons.{str(key)[:80]}: expected an icon reference with a "
                    "table of author, source, sha256, size and licence"
                )
        return entries

    def _write_manifest(self, entries: dict[str, dict[str, Any]]) -> None:
        text = json.dumps({"icons": dict(sorted(entries.items()))}, indent=2) + "\n"
        write_bytes_atomic(self.manifest_path, text.encode(), root=self.root)

    def path(self, ref: IconRef) -> Path:
        path = self.root / ref.author / f"{ref.name}.svg"
        if path.exists() and not inside(path, self.root):
            raise IconError(f"{path}: it points outside the icon cache {self.root}; refusing to read it")
        return path

    def url(self, ref: IconRef) -> str:
        return f"{self.base_url}/icons/ffffff/000000/1x1/{ref.author}/{ref.name}.svg"

    def has(self, ref: IconRef) -> bool:
        return str(ref) in self.manifest() and self.path(ref).exists()

    def read(self, ref: IconRef) -> bytes:
        """The cached bytes, checked against the manifest's size and hash."""
        return self._checked(ref)[0]

    def _checked(self, ref: IconRef) -> tuple[bytes, str]:
        """The cached bytes and the sha256 of the manifest entry they were checked against."""
        entry = self.manifest().get(str(ref))
        path = self.path(ref)
        if entry is None or not path.exists():
            raise IconError(
                f"icon {ref} is not in the cache {self.root}; run `pnp icons fetch {ref}` "
                "or `pnp icons import ICONS_JSON`"
            )
        try:
            data = read_regular(path, MAX_DOWNLOAD, links=False)
        except UnsafeFile as exc:
            raise IconError(f"{path}: refused: {exc}") from None
        if len(data) != entry.get("size") or sha256(data) != entry.get("sha256"):
            raise IconError(
                f"{path}: it does not match icons/manifest.json (size or sha256 differ); "
                f"run `pnp icons fetch --refresh {ref}`"
            )
        refusals = self.seen.refusals
        refusal = refusals[data] if data in refusals else refusals.setdefault(data, content_refusal(data))
        if refusal:
            raise IconError(f"{path}: refused: {refusal}; run `pnp icons fetch --refresh {ref}`")
        return data, entry["sha256"]

    def own_art(self) -> ArtShelf:
        """The game's own art; a store that is no game's has none to draw."""
        if self.art is None:
            raise IconError("own art (art/<file>) is drawn only in a game's build, from its art/ folder")
        return self.art

    def shape_of(self, ref: str) -> IconShape:
        """The shape of a game-icons reference or of the game's own SVG (`art/<file>.svg`)."""
        if ref == GAP_ICON:
            from pnp.source.svgshape import IconShape

            return IconShape(paths=())
        if is_art_ref(ref):
            return self.own_art().shape(ref)
        return self.shape(IconRef.parse(ref))

    def shape(self, ref: IconRef) -> IconShape:
        """The icon's shape: kept in the output folder between builds (`shapes`), else parsed."""
        data, digest = self._checked(ref)
        try:
            if self.shapes is None:
                return self._parsed(data)
            return self.shapes.shape(digest, lambda: self._parsed(data))
        except IconRefused as exc:
            raise IconError(f"{self.path(ref)}: {exc.message}") from None

    def _parsed(self, data: bytes) -> IconShape:
        found = self.seen.shapes.get(data)
        if found is None:
            found = self.seen.shapes[data] = _parsed_shape(data)
        return found

    # -- fetching ----------------------------------------------------------------------------
    def fetch(
        self,
        refs: Iterable[IconRef],
        refresh: bool = False,
        timeout: float = 10.0,
        deadline: float = 30.0,
        progress: Callable[[IconRef], None] | None = None,
    ) -> list[IconRef]:
        """Download the missing icons (all with `refresh`); all or nothing is written."""
        wanted = sorted(set(refs))
        todo = [ref for ref in wanted if refresh or not self.has(ref)]
        if not todo:
            return []
        downloads: dict[IconRef, tuple[str, bytes]] = {}
        with _http_session() as session:
            for ref in todo:
                url = self.url(ref)
                downloads[ref] = (url, _download_svg(session, url, timeout, deadline))
                if progress:
                    progress(ref)
        self._store({ref: (url, data) for ref, (url, data) in downloads.items()})
        return todo

    def _store(self, items: dict[IconRef, tuple[str, bytes]]) -> None:
        entries = dict(self.manifest())
        for ref, (source, data) in items.items():
            write_bytes_atomic(self.path(ref), data, root=self.root)
            entries[str(ref)] = {
                "author": ref.author,
                "source": source,
                "sha256": sha256(data),
                "size": len(data),
                "license": LICENCE,
            }
        self._write_manifest(entries)

    # -- Iconify import ----------------------------------------------------------------------
    def import_iconify(self, icons_json: Path, refs: Iterable[IconRef], attribution: dict[str, str]) -> list[IconRef]:
        """Fill the cache from an Iconify set; `attribution` maps icon name -> author folder."""
        from pnp.source.svgshape import SvgRejected, clean_svg, foreground_paths

        try:
            icons = read_json(Path(icons_json), MAX_ICON_SET)["icons"]
        except (UnsafeFile, KeyError, TypeError) as exc:
            raise IconError(f"{icons_json}: not an Iconify icon set ({exc})") from None
        known = {key: entry.get("author") for key, entry in self.manifest().items()}
        items: dict[IconRef, tuple[str, bytes]] = {}
        for ref in sorted(set(refs)):
            author = attribution.get(ref.name) or _author_from_manifest(known, ref.name)
            if author != ref.author:
                said = f"is by {author}" if author else "has no known author"
                raise IconError(
                    f"{icons_json}: cannot attribute {ref.name!r} to {ref.author} "
                    f"(it {said}); give --authors NAME_TO_AUTHOR.json or fetch it instead"
                )
            entry = icons.get(ref.name) if isinstance(icons, dict) else None
            if not isinstance(entry, dict) or not isinstance(entry.get("body"), str):
                raise IconError(
                    f"{icons_json}: icon {ref.name!r} is not in this set "
                    "(names two authors share are left out of it); fetch it instead"
                )
            wrapped = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{entry["body"]}</svg>').encode()
            try:
                svg = clean_svg(foreground_paths(wrapped))
            except SvgRejected as exc:
                raise IconError(f"{icons_json}: icon {ref.name!r} is refused: {exc}") from None
            items[ref] = (f"iconify:{Path(icons_json).name}#{ref.name}", svg)
        self._store(items)
        return sorted(items)

    # -- verification and credits ------------------------------------------------------------
    def verify(self) -> list[str]:
        """One line per cache file that is missing, changed or unlisted, and per shape the output
        folder keeps (`shapes`) that is not its icon's."""
        problems = []
        entries = self.manifest()
        for key, entry in sorted(entries.items()):
            ref = IconRef.parse(key)
            path = self.path(ref)
            if not path.exists():
                problems.append(f"{path}: missing (listed in the manifest)")
                continue
            try:
                data = read_regular(path, MAX_DOWNLOAD, links=False)
            except UnsafeFile as exc:
                problems.append(f"{path}: refused: {exc}")
                continue
            if sha256(data) != entry.get("sha256") or len(data) != entry.get("size"):
                problems.append(
                    f"{path}: sha256 {sha256(data)[:12]}… differs from the manifest's {str(entry.get('sha256'))[:12]}…"
                )
            elif refusal := content_refusal(data):
                problems.append(f"{path}: refused: {refusal}")
            elif self.shapes is not None and not self.shapes.matches(sha256(data), partial(_parsed_shape, data)):
                problems.append(
                    f"{self.shapes.where(sha256(data))}: the shape kept for {key} is not its path data: "
                    "removed (the next build draws the icon from the cache)"
                )
        for path in sorted(self.root.glob("*/*.svg")):
            key = f"{path.parent.name}/{path.stem}"
            if key not in entries:
                problems.append(f"{path}: not listed in the manifest")
        return problems


def game_icons(refs: Iterable[str]) -> list[IconRef]:
    """The game-icons.net references among `refs`, leaving the designer's own art out."""
    return [IconRef.parse(ref) for ref in refs if not is_art_ref(ref) and ref != GAP_ICON]


def credits_lines(refs: Iterable[IconRef]) -> list[str]:
    """Attribution per author, as CC BY 3.0 asks."""
    by_author: dict[str, list[str]] = {}
    for ref in sorted(set(refs)):
        by_author.setdefault(ref.author, []).append(ref.name)
    return [f"{author}: {', '.join(names)} ({SITE}, {LICENCE})" for author, names in by_author.items()]


def credits_short(refs: Iterable[IconRef], own: Iterable[str] = ()) -> str:
    """The footer's credit line: game-icons' authors, then the authors of the designer's own art."""
    authors = sorted({ref.author for ref in refs})
    said = [f"Icons by {', '.join(authors)} from {SITE}, licensed {LICENCE}"] if authors else []
    own = sorted(set(own))
    return "; ".join([*said, *([f"art by {', '.join(own)}"] if own else [])])


def _author_from_manifest(known: dict[str, str | None], name: str) -> str | None:
    authors = {key.split("/")[0] for key in known if key.split("/")[1] == name}
    return authors.pop() if len(authors) == 1 else None


def content_refusal(data: bytes) -> str | None:
    """Why cached bytes are not an icon (see `cached_path`), checked on every read whatever the
    manifest's hash says (a store asks once for the same bytes: `IconsRead`); None for an icon."""
    from pnp.source.svgshape import SvgRejected, cached_path

    try:
        cached_path(data)
    except SvgRejected as exc:
        return str(exc)
    return None


def _parsed_shape(data: bytes) -> IconShape:
    """The shape of checked icon bytes."""
    from pnp.source.svgshape import SvgRejected, load_shape

    try:
        return load_shape(data)
    except SvgRejected as exc:
        raise IconRefused(f"icon refused: {exc}") from None


def _http_session() -> requests.Session:
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry

    session = requests.Session()
    session.headers["User-Agent"] = f"purgatory-pnp/{__version__} (print-and-play generator)"
    retry = Retry(
        total=3,
        connect=2,
        read=0,
        status=3,
        backoff_factor=0.2,
        allowed_methods=["GET"],
        status_forcelist=(429, 500, 502, 503, 504),
        raise_on_status=False,
        respect_retry_after_header=True,
        redirect=0,
    )
    adapter = HTTPAdapter(max_retries=retry)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def _download_svg(session: requests.Session, url: str, timeout: float, deadline: float) -> bytes:
    """GET one SVG: same-host redirects only, a byte cap, an overall deadline, a strict SVG check."""
    started = time.monotonic()
    origin = urlsplit(url).netloc
    try:
        # the alarm ends every wait, retries and their Retry-After pauses included, and headers
        # dripped a byte at a time inside the read timeout
        with time_limit(deadline):
            return _fetch_svg(session, url, timeout, deadline, started, origin)
    except TimeLimitExceeded:
        raise IconError(f"{url}: download took longer than {deadline:g} s") from None


def _fetch_svg(
    session: requests.Session, url: str, timeout: float, deadline: float, started: float, origin: str
) -> bytes:
    import requests
    from urllib3 import exceptions as urllib3_errors

    try:
        for _ in range(4):
            response = session.get(url, timeout=(timeout, timeout), stream=True, allow_redirects=False)
            if response.is_redirect:
                target = requests.compat.urljoin(url, response.headers.get("Location", ""))
                response.close()
                if urlsplit(target).netloc != origin:
                    raise IconError(f"{url}: redirected to another host ({urlsplit(target).netloc}); refusing")
                url = target
                continue
            break
        else:
            raise IconError(f"{url}: too many redirects")
        with response:
            if response.status_code != 200:
                raise IconError(f"{url}: HTTP {response.status_code} {response.reason or ''}".rstrip())
            declared = response.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > MAX_DOWNLOAD:
                raise IconError(f"{url}: body of {declared} bytes is over the {MAX_DOWNLOAD}-byte cap")
            chunks, total = [], 0
            raw = response.raw
            while True:
                # read1 returns what one socket read brings, so the deadline is checked between
                # every few bytes even when a server drips them slower than the read timeout
                chunk = raw.read1(16384, decode_content=True)
                if not chunk:
                    break
                total += len(chunk)
                if total > MAX_DOWNLOAD:
                    raise IconError(f"{url}: body is over the {MAX_DOWNLOAD}-byte cap")
                if time.monotonic() - started > deadline:
                    raise IconError(f"{url}: download took longer than {deadline:g} s")
                chunks.append(chunk)
    except (urllib3_errors.ReadTimeoutError, requests.exceptions.Timeout):
        raise IconError(f"{url}: timed out after {timeout:g} s") from None
    except (requests.exceptions.ChunkedEncodingError, urllib3_errors.ProtocolError, urllib3_errors.DecodeError):
        raise IconError(f"{url}: the body was cut short") from None
    except requests.exceptions.ConnectionError as exc:
        text = str(exc)
        if "timed out" in text:
            reason = f"timed out after {timeout:g} s"
        elif "IncompleteRead" in text or "Connection broken" in text:
            reason = "the connection dropped mid-body"
        elif "BadStatusLine" in text or "LineTooLong" in text or "BadHeader" in text:
            reason = "the server's answer is not HTTP"
        elif "RemoteDisconnected" in text or "closed connection without response" in text:
            reason = "the server closed the connection without answering"
        else:
            reason = "could not connect"
        raise IconError(f"{url}: {reason}") from None
    except requests.exceptions.RequestException as exc:
        raise IconError(f"{url}: {type(exc).__name__}") from None
    from pnp.source.svgshape import SvgRejected, clean_svg, foreground_paths

    try:
        return clean_svg(foreground_paths(b"".join(chunks)))  # only the path data is kept
    except SvgRejected as exc:
        raise IconError(f"{url}: not an icon SVG: {exc}") from None
