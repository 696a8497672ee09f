"""The icon cache: safe SVG parsing, Iconify import, verification and credits."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from conftest import run_command, snapshot

from pnp.files.paths import shipped_icons_dir
from pnp.source.icons import IconRef, IconStore
from pnp.source.svgshape import SvgRejected, clean_svg, foreground_paths, load_shape

GOOD = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'
    '<path fill="#fff" d="M100 100h300v300H100z"/></svg>'
)


def xxe(secret_path) -> bytes:
    return (
        f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY secret SYSTEM "file://{secret_path}">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><text>&secret;</text>'
        '<path d="M1 1h10v10z"/></svg>'
    ).encode()


BILLION_LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'.encode() for i in range(1, 10)
    )
    + b']><svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1h1z"/><text>&lol9;</text></svg>'
)


def test_good_svg_yields_the_foreground_only():
    assert foreground_paths(GOOD.encode()) == ["M100 100h300v300H100z"]
    shape = load_shape(clean_svg(foreground_paths(GOOD.encode())))
    assert len(shape.paths) == 1


@pytest.mark.parametrize(
    "data, reason",
    [
        (b"<html><body>404</body></html>", "not an SVG"),
        (GOOD.encode()[:80], "not well-formed"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"></svg>', "no foreground"),
        (b'<svg xmlns="http://www.w3.org/2000/svg">' + b"<g/>" * 500 + b'<path d="M1 1h1z"/></svg>', "more than"),
        (b"<svg>" + b" " * 600_000 + b"</svg>", "limit"),
    ],
)
def test_bad_svgs_are_refused(data, reason):
    with pytest.raises(SvgRejected, match=reason):
        foreground_paths(data)


def test_external_entity_is_refused_and_never_read(tmp_path, httpserver, run, empty_cache):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    with pytest.raises(SvgRejected, match="DOCTYPE"):
        load_shape(xxe(secret))
    httpserver.expect_request("/icons/ffffff/000000/1x1/lorc/evil.svg").respond_with_data(xxe(secret))
    result = run(
        "icons", "fetch", "lorc/evil", "--icons", empty_cache, "--base-url", httpserver.url_for("/").rstrip("/")
    )
    assert result.exit_code == 1
    assert "DOCTYPE" in result.output
    assert "TOP-SECRET" not in result.output
    assert not any(b"TOP-SECRET" in data for data in snapshot(empty_cache).values())


def test_billion_laughs_is_refused():
    with pytest.raises(SvgRejected, match="DOCTYPE"):
        load_shape(BILLION_LAUGHS)


def iconify(tmp_path, icons: dict) -> str:
    path = tmp_path / "icons.json"
    path.write_text(
        json.dumps(
            {
                "prefix": "game-icons",
                "width": 512,
                "height": 512,
                "icons": {name: {"body": f'<path fill="currentColor" d="{d}"/>'} for name, d in icons.items()},
            }
        )
    )
    return str(path)


def authors(tmp_path, mapping: dict) -> str:
    path = tmp_path / "authors.json"
    path.write_text(json.dumps(mapping))
    return str(path)


def test_import_from_iconify(tmp_path, run, empty_cache):
    src = iconify(tmp_path, {"shiny-apple": "M10 10h100v100z", "lift": "M5 5h50v50z"})
    who = authors(tmp_path, {"shiny-apple": "lorc", "lift": "lorc"})
    result = run("icons", "import", src, "lorc/shiny-apple", "lorc/lift", "--authors", who, "--icons", empty_cache)
    assert result.exit_code == 0, result.output
    store = IconStore(empty_cache)
    assert store.verify() == []
    assert store.shape(IconRef.parse("lorc/lift")).paths
    assert store.manifest()["lorc/lift"]["source"] == "iconify:icons.json#lift"


@pytest.mark.parametrize(
    "ref, mapping, reason",
    [
        ("delapouite/shiny-apple", {"shiny-apple": "lorc"}, "is by lorc"),
        ("lorc/shiny-apple", {}, "no known author"),
        ("lorc/not-there", {"not-there": "lorc"}, "not in this set"),
    ],
)
def test_import_refuses_what_it_cannot_attribute(tmp_path, run, empty_cache, ref, mapping, reason):
    src = iconify(tmp_path, {"shiny-apple": "M10 10h100v100z"})
    result = run("icons", "import", src, ref, "--authors", authors(tmp_path, mapping), "--icons", empty_cache)
    assert result.exit_code == 1
    assert reason in result.output
    assert snapshot(empty_cache) == {}


def test_verify_detects_tampering(run, icon_cache):
    assert run("icons", "verify", "--icons", icon_cache).exit_code == 0
    target = icon_cache / "lorc" / "lift.svg"
    target.write_bytes(target.read_bytes().replace(b"M", b"L", 1))
    result = run("icons", "verify", "--icons", icon_cache)
    assert result.exit_code == 1
    assert "lift.svg: sha256" in result.output


@pytest.mark.parametrize("change", ["longer", "same size"])
def test_tampered_icon_is_refused_at_build_time(run, icon_cache, change):
    """Checked on every read: a longer file, and one of the same size with other bytes (the hash)."""
    target = icon_cache / "lorc" / "lift.svg"
    data = target.read_bytes()
    target.write_bytes(data + b" " if change == "longer" else data.replace(b"<path", b"<Path", 1))
    result = run("build", "exit-from-purgatory", "--icons", icon_cache)
    assert result.exit_code == 1
    assert "lift.svg: it does not match" in result.output


def test_symlink_out_of_the_cache_is_refused(tmp_path, icon_cache):
    outside = tmp_path / "outside.svg"
    outside.write_text(GOOD)
    link = icon_cache / "lorc" / "sneaky.svg"
    link.symlink_to(outside)
    store = IconStore(icon_cache)
    from pnp.errors import IconError

    with pytest.raises(IconError, match="outside the icon cache"):
        store.path(IconRef.parse("lorc/sneaky"))


def test_credits_name_authors_site_and_licence(run):
    result = run("icons", "credits")
    assert result.exit_code == 0
    assert "lorc: " in result.output and "shiny-apple" in result.output
    assert "game-icons.net" in result.output and "CC BY 3.0" in result.output


def test_markup_smuggled_through_path_data_never_reaches_the_cache(tmp_path, run, empty_cache):
    """An Iconify body whose path data closes the attribute and opens a <script> and an <image>:
    refused, and nothing is written."""
    smuggled = "M10 10Z&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;image href=&quot;file:///etc/passwd"
    src = iconify(tmp_path, {"lift": smuggled})
    result = run(
        "icons", "import", src, "lorc/lift", "--authors", authors(tmp_path, {"lift": "lorc"}), "--icons", empty_cache
    )
    assert result.exit_code == 1 and "characters that path data never has" in result.output
    assert snapshot(empty_cache) == {}


def _replace_cached(cache, ref: str, data: bytes | None = None, entry=None) -> None:
    """Put `data` in the cache for `ref` with a manifest entry that matches it (or `entry`)."""
    import hashlib

    manifest = json.loads((cache / "manifest.json").read_text())
    if data is not None:
        (cache / f"{ref}.svg").write_bytes(data)
        manifest["icons"][ref].update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    if entry is not None:
        manifest["icons"][ref] = entry
    (cache / "manifest.json").write_text(json.dumps(manifest))


@pytest.mark.parametrize(
    "attack, said",
    [
        ("malformed path", "lorc/lift.svg: icon refused: its path data cannot be read"),
        ("manifest entry", "manifest.json: icons.lorc/lift: expected an icon reference with a table"),
    ],
)
def test_a_damaged_cache_is_named_not_an_internal_error(run, icon_cache, attack, said):
    if attack == "malformed path":
        _replace_cached(icon_cache, "lorc/lift", clean_svg(["M 10 10 Q 5"]))
    else:
        _replace_cached(icon_cache, "lorc/lift", entry=5)
    result = run("build", "exit-from-purgatory", "--icons", icon_cache)
    assert result.exit_code == 1 and said in result.output and "unexpected" not in result.output, result.output


def test_an_over_long_icon_name_is_refused_without_echo(run, empty_cache):
    result = run("icons", "fetch", "lorc/" + "a" * 5000, "--icons", empty_cache)
    assert result.exit_code != 0 and "must be author/name" in result.output and len(result.output) < 600
    assert "unexpected" not in result.output


def _build(*args: str):
    """`pnp build` as its own process, as a player runs it: nothing remembered from a build before
    but what the output folder keeps (its game folder goes, so the game is built again)."""
    shutil.rmtree(Path("output") / "exit-from-purgatory", ignore_errors=True)
    return run_command(sys.executable, "-m", "pnp", "build", "exit-from-purgatory", *args)


def _pdfs(output: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted((output / "exit-from-purgatory").glob("*.pdf"))}


def test_icon_shapes_are_kept_between_builds_by_the_icons_bytes(isolated, icon_cache):
    """The second build draws each icon from the shape the first kept (a kept shape changed by hand
    shows in the PDF), an icon fetched again with new bytes gets a shape of its own, and a kept
    file that is not a shape of this pnp (torn, miscounted, not finite, too deep, another tool's,
    a FIFO, a link) is parsed afresh and written over, never trusted and never an error."""
    _build("--icons", icon_cache)
    output = isolated / "output"
    first = _pdfs(output)
    kept = output / ".pnp-cache" / "shapes"
    used = {
        document["file"]: set(document["icons"])
        for document in json.loads((output / "exit-from-purgatory" / "manifest.json").read_text())["documents"]
    }
    icons = set().union(*used.values())

    def digest(ref: str) -> str:
        return hashlib.sha256((icon_cache / f"{ref}.svg").read_bytes()).hexdigest()

    files = sorted(kept.glob("*.json"))
    assert [path.stem for path in files] == sorted(digest(ref) for ref in icons)
    written = {path: path.read_bytes() for path in files}
    _build("--icons", icon_cache)
    assert _pdfs(output) == first and {path: path.read_bytes() for path in files} == written

    tool = json.loads(files[0].read_text())["tool"]
    triangle = {"tool": tool, "paths": [[[0, 1, 1, 3], [0.0, 0.0, 512.0, 0.0, 256.0, 512.0]]]}
    card_art = min(used["cards.pdf"] - set().union(*(refs for file, refs in used.items() if file != "cards.pdf")))
    (kept / f"{digest(card_art)}.json").write_text(json.dumps(triangle))
    _build("--icons", icon_cache)
    assert _pdfs(output)["cards.pdf"] != first["cards.pdf"]  # drawn from what was kept
    _build("--icons", icon_cache, "--force")  # --force trusts nothing kept (reliability item 11)
    assert _pdfs(output) == first and kept.is_dir()
    assert json.loads((kept / f"{digest(card_art)}.json").read_text())["paths"] != triangle["paths"]
    (kept / f"{digest(card_art)}.json").unlink()

    outside = isolated / "elsewhere.json"
    outside.write_text(json.dumps(triangle))
    shaped = json.dumps(triangle)
    damage = [
        shaped.replace("[0.0, 0.0, 512.0", "[0.0, 512.0"),
        shaped.replace("256.0", "NaN"),
        shaped.replace("[0, 1, 1, 3]", "[0, 1, 1, 7]"),
        shaped.replace(tool, "another pnp"),
        shaped.replace("512.0, 0.0", "512, 0.0"),
        shaped[:40],
        "[" * 100_000,
        os.mkfifo,
        outside,
    ]
    for start in range(0, len(damage), len(files)):  # a build for each round of damage
        for path, kind in zip(files, damage[start:], strict=False):
            path.unlink(missing_ok=True)
            if isinstance(kind, str):
                path.write_text(kind)
            elif isinstance(kind, Path):
                path.symlink_to(kind)
            else:
                kind(path)
        _build("--icons", icon_cache)
        assert _pdfs(output) == first
        assert {path: path.read_bytes() for path in files} == written and not any(p.is_symlink() for p in files)
    assert outside.read_text() == json.dumps(triangle)

    ref = IconRef.parse(card_art)
    svg = clean_svg(["M64 64h384v384H64z"])
    (icon_cache / f"{ref}.svg").write_bytes(svg)
    manifest = json.loads((icon_cache / "manifest.json").read_text())
    manifest["icons"][str(ref)].update(sha256=hashlib.sha256(svg).hexdigest(), size=len(svg))
    (icon_cache / "manifest.json").write_text(json.dumps(manifest))
    _build("--icons", icon_cache)
    assert (kept / f"{hashlib.sha256(svg).hexdigest()}.json").is_file()
    assert _pdfs(output) != first


def test_icons_verify_finds_a_kept_shape_altered_to_look_well_formed(isolated, icon_cache):
    """Reliability item 11: a shape file in the output's cache, edited to another well-formed
    shape, is named by `pnp icons verify` (exit 1) and removed, so the next build draws the icon
    from the cache again; an untouched cache verifies clean."""
    _build("--icons", icon_cache)
    first = _pdfs(isolated / "output")
    clean = run_command(sys.executable, "-m", "pnp", "icons", "verify", "--icons", icon_cache)
    assert clean.returncode == 0 and "icons match the manifest" in clean.stdout
    files = sorted((isolated / "output" / ".pnp-cache" / "shapes").glob("*.json"))
    tool = json.loads(files[0].read_text())["tool"]
    triangle = {"tool": tool, "paths": [[[0, 1, 1, 3], [0.0, 0.0, 512.0, 0.0, 256.0, 512.0]]]}
    files[0].write_text(json.dumps(triangle))
    found = run_command(sys.executable, "-m", "pnp", "icons", "verify", "--icons", icon_cache, check=False)
    assert found.returncode == 1, found.stdout + found.stderr
    (said,) = [line for line in found.stdout.splitlines() if files[0].name in line]
    assert said.endswith("is not its path data: removed (the next build draws the icon from the cache)")
    assert not files[0].exists()
    shutil.rmtree(isolated / "output" / "exit-from-purgatory")
    run_command(sys.executable, "-m", "pnp", "build", "exit-from-purgatory", "--icons", icon_cache)
    assert _pdfs(isolated / "output") == first


def test_a_shape_parsed_for_a_refused_game_is_still_kept_by_the_next(tmp_path):
    """`pnp watch` and `--jobs 1` build game after game in one process: a shape parsed for a game
    that was then refused (nothing saved) is kept on disk by the next game that draws it."""
    from pnp.pipeline.incremental import code_digest
    from pnp.source.shapecache import FOLDER, ShapeCache

    ref = IconRef.parse("lorc/shiny-apple")
    refused = ShapeCache(tmp_path, tool=code_digest())
    IconStore(shipped_icons_dir(), shapes=refused).shape(ref)  # never saved: the build was refused
    kept = ShapeCache(tmp_path, tool=code_digest())
    shape = IconStore(shipped_icons_dir(), shapes=kept).shape(ref)
    kept.save()
    files = list((tmp_path / FOLDER).glob("*.json"))
    assert [f.stem for f in files] == [IconStore(shipped_icons_dir()).manifest()[str(ref)]["sha256"]]
    assert ShapeCache(tmp_path, tool=code_digest()).get(files[0].stem) == shape


def test_a_linked_shape_cache_is_refused_by_name(isolated, tmp_path):
    """The cache folder is part of the output folder: a link planted there is refused where it is
    met, and nothing is read or written through it."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (isolated / "output").mkdir()
    (isolated / "output" / ".pnp-cache").symlink_to(elsewhere)
    result = run_command(sys.executable, "-m", "pnp", "build", "seven-steps", check=False)
    assert result.returncode == 1 and ".pnp-cache is a symbolic link" in result.stdout + result.stderr
    assert "Traceback" not in result.stderr and not any(elsewhere.iterdir())
