"""Build a game: layout data -> game module -> documents -> rendered PDFs -> manifest -> checks."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import LayoutError, PnpError, UsageProblem
from pnp.games import BuildContext, load_game
from pnp.geometry import MM
from pnp.icons import IconStore
from pnp.atomic import write_bytes_atomic
from pnp.rules import Problem, check_counts, load_rules, resolve_players
from pnp.settings import Settings


@dataclass
class GameBuild:
    slug: str
    title: str
    players: int
    documents: list = field(default_factory=list)
    manifest: dict = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def render_options(settings: Settings):
    from pnp.render.document import RenderOptions

    return RenderOptions(paper=settings.paper_size(), margin=settings.margin_pt(), bleed=settings.bleed_pt(),
                         duplex=settings.duplex_mode(), back_offset=settings.back_offset_pt(),
                         ink_saver=settings.ink_saver)


def build_game(slug: str, settings: Settings, store: IconStore, renderer=None) -> GameBuild:
    """Build in memory and check it against the rules model; nothing is written here."""
    from pnp.render.document import render_document

    draw = renderer or render_document
    folder = settings.layouts_dir() / slug
    if not folder.is_dir():
        raise UsageProblem(f"{slug}: no layout folder {folder}")
    rules = load_rules(folder)
    players = resolve_players(rules, settings.players, slug)
    if settings.copies < 1:
        raise UsageProblem(f"--copies {settings.copies}: give 1 or more")
    module = load_game(slug)
    data = module.load(folder, store)
    card = settings.card_size()
    ctx = BuildContext(players=players, card_w=card.width / MM, card_h=card.height / MM, copies=settings.copies)
    options = render_options(settings)
    documents = []
    for spec in module.documents(data, ctx):
        try:
            documents.append(draw(spec, options, store))
        except LayoutError as exc:
            raise type(exc)(f"{slug}: {spec.filename}: {exc.message}") from None
    placed = [item for doc in documents for item in doc.placed]
    manifest = {
        "game": slug,
        "title": rules.game.title,
        "players": players,
        "options": {"paper": options.paper.name, "card": card.name, "bleed_mm": round(options.bleed / MM, 3),
                    "duplex": options.duplex, "ink_saver": options.ink_saver},
        "documents": [{"file": doc.filename, "pages": doc.pages, "icons": doc.icons} for doc in documents],
        "placed": placed,
    }
    problems = check_counts(slug, rules, placed, players, settings.copies) + module.invariants(data, rules, players)
    return GameBuild(slug, rules.game.title, players, documents, manifest, problems)


def write_build(build: GameBuild, output: Path) -> list[Path]:
    """Each file is written atomically; the manifest goes last so it always describes real PDFs."""
    if output.exists() and not output.is_dir():
        raise UsageProblem(f"--output {output}: not a folder")
    try:
        return _write(build, output)
    except OSError as exc:
        raise PnpError(f"cannot write under {output}: {exc.strerror or exc}") from None


def _write(build: GameBuild, output: Path) -> list[Path]:
    folder = output / build.slug
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob(".*.tmp"):       # left by a build that was killed outright
        stale.unlink()
    written = []
    for doc in build.documents:
        path = folder / doc.filename
        write_bytes_atomic(path, doc.pdf)
        written.append(path)
    manifest = folder / "manifest.json"
    write_bytes_atomic(manifest, (json.dumps(build.manifest, indent=1) + "\n").encode())
    written.append(manifest)
    return written
