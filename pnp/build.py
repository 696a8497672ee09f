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


@dataclass
class GamePlan:
    """A game's documents as data, before any drawing: what builds and exports start from."""

    slug: str
    rules: object
    players: int
    module: object
    data: object
    specs: list


def plan_game(slug: str, settings: Settings, store: IconStore) -> GamePlan:
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
    return GamePlan(slug, rules, players, module, data, module.documents(data, ctx))


def build_game(slug: str, settings: Settings, store: IconStore, renderer=None) -> GameBuild:
    """Build in memory and check it against the rules model; nothing is written here."""
    from pnp.render.document import render_document

    draw = renderer or render_document
    plan = plan_game(slug, settings, store)
    rules, players, module, data = plan.rules, plan.players, plan.module, plan.data
    card = settings.card_size()
    options = render_options(settings)
    documents = []
    for spec in plan.specs:
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
        "documents": [{"file": doc.filename, "pages": doc.pages, "bytes": len(doc.pdf), "icons": doc.icons}
                      for doc in documents],
        "placed": placed,
    }
    problems = check_counts(slug, rules, placed, players, settings.copies) + module.invariants(data, rules, players)
    manifest["validated"] = not problems
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
    from pnp.gallery import thumbnails

    build.manifest["thumbnails"] = {}
    for kind, png in thumbnails(build.documents, build.manifest["placed"]).items():
        write_bytes_atomic(folder / "thumbs" / f"{kind}.png", png)
        build.manifest["thumbnails"][kind] = f"thumbs/{kind}.png"
    manifest = folder / "manifest.json"
    write_bytes_atomic(manifest, (json.dumps(build.manifest, indent=1) + "\n").encode())
    written.append(manifest)
    return written


@dataclass
class Outcome:
    """What one game's build came to, small enough to send back from a worker process."""

    slug: str
    lines: list[str]
    exit_code: int = 0


def build_and_write(slug: str, settings: Settings, digest: str, no_validate: bool) -> Outcome:
    """Build one game and write it unless it breaks its rules model; errors become lines."""
    from pnp.icons import IconStore

    try:
        result = build_game(slug, settings, IconStore(settings.icons_dir(), settings.icons_base_url))
        if result.problems and not no_validate:
            lines = [str(problem) for problem in result.problems]
            lines.append(f"{slug}: not written: the build breaks its rules model (--no-validate writes it anyway)")
            return Outcome(slug, lines, 1)
        result.manifest["inputs"] = digest
        written = write_build(result, settings.output_dir())
    except PnpError as exc:
        return Outcome(slug, [f"Error: {exc.message}"], exc.exit_code)
    pages = sum(doc.pages for doc in result.documents)
    return Outcome(slug, [f"{slug}: {len(result.documents)} PDFs, {pages} pages, {result.players} "
                          f"player{'s' if result.players != 1 else ''} -> {written[0].parent}"])


# imported once in the parent before workers fork, so no worker pays for them again
PRELOAD = ("reportlab.pdfgen.canvas", "pypdfium2", "PIL.Image", "pnp.render.document", "pnp.render.pieces",
           "pnp.render.boards", "pnp.render.sheets", "pnp.render.cover", "pnp.gallery")


def build_many(slugs: list[str], settings: Settings, digests: dict[str, str], no_validate: bool,
               jobs: int) -> list[Outcome]:
    """Games build in forked processes when there are several and more than one core to use; the
    parent imports the drawing modules and fonts first, so each worker starts warm. Where fork is
    not available (a spawned worker re-imports everything) the games build one after another."""
    import importlib
    import multiprocessing

    if jobs <= 1 or len(slugs) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [build_and_write(slug, settings, digests[slug], no_validate) for slug in slugs]
    from concurrent.futures import ProcessPoolExecutor

    from pnp.render.fonts import register_fonts

    for name in PRELOAD:
        importlib.import_module(name)
    for slug in slugs:
        load_game(slug)
    register_fonts()
    with ProcessPoolExecutor(max_workers=min(jobs, len(slugs)), mp_context=multiprocessing.get_context("fork")) as pool:
        futures = [pool.submit(build_and_write, slug, settings, digests[slug], no_validate) for slug in slugs]
        return [future.result() for future in futures]
