"""Build a game: layout data -> game module -> documents -> rendered PDFs -> manifest -> checks."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from pnp.errors import LayoutError, PnpError, UsageProblem
from pnp.files.atomic import file_as_recorded, files_in, remove_file, sweep_temporary, write_bytes_atomic
from pnp.findings import Finding
from pnp.games import BuildContext, Game, load_game, read_source
from pnp.games.reference import REFERENCE_FILE, reference_document
from pnp.geometry import MM
from pnp.memory import BuildMemory
from pnp.pipeline.checks import check_counts
from pnp.pipeline.cutfiles import cut_files, cut_records, write_cut_files
from pnp.pipeline.fontfaces import missing_bold
from pnp.pipeline.incremental import FAILURE_FILE
from pnp.pipeline.legibility import colour_alone, legibility
from pnp.pipeline.manifest import MAX_BYTES as MANIFEST_MAX_BYTES
from pnp.pipeline.manifest import DocumentRecord, Face, Manifest, PrintRecord, TileFace, read_last_build
from pnp.pipeline.manifest import written as manifest_written
from pnp.pipeline.obligations import (
    stray_assembly_notes,
    unfilled_placeholders,
    unkept_promises,
    unprintable_characters,
)
from pnp.pipeline.printguide import file_print, guide_blocks, print_line, rules_print
from pnp.pipeline.refusals import data_problems, drawing_error, placed_error, traced_problems
from pnp.pipeline.reprint import REPRINT_FILE, Change, changes, designs, reprint_spec
from pnp.pipeline.resolution import soft_pictures
from pnp.pipeline.thumbnails import change_pictures, cut_alone, thumbnails
from pnp.render.document import plan_document, render_document
from pnp.render.fonts import register_family
from pnp.render.furniture import content_area
from pnp.render.pages import PagePlan, RenderedDocument, RenderOptions
from pnp.render.pieces import quarter_page
from pnp.render.specs import Cover, DocumentSpec
from pnp.source.artcredits import credit_problems
from pnp.source.gamesource import GameSource, Problem
from pnp.source.icons import GAP_ICON, IconStore
from pnp.source.kittemplates import game_templates
from pnp.source.mending import said_elsewhere
from pnp.source.models import EveryProblem
from pnp.source.ownart import FOLDER as ART_FOLDER
from pnp.source.ownart import art_credits_lines
from pnp.source.ownfonts import FOLDER as FONTS_FOLDER
from pnp.source.ownfonts import FontShelf
from pnp.source.rules import RulesModel, load_rules, resolve_players
from pnp.source.ruletrace import trace_problems
from pnp.source.settings import Settings
from pnp.source.tomlfiles import KeyPath


@dataclass(kw_only=True)
class GameBuild:
    slug: str
    title: str
    players: int
    documents: list[RenderedDocument] = field(default_factory=list)
    manifest: Manifest
    problems: list[Finding] = field(default_factory=list)
    hard_to_read: list[Finding] = field(default_factory=list)  # `pnp validate` refuses; a build warns, and prints
    notices: list[Finding] = field(default_factory=list)  # validate and a build warn; neither refuses
    specs: list[DocumentSpec] = field(default_factory=list)
    memory: BuildMemory = field(default_factory=BuildMemory)  # what the build keeps for the next
    reprint: RenderedDocument | None = None  # the reprint document, when pieces changed
    reprint_how: str = ""  # how to print it, in a line (`printguide.print_line`)
    change_pictures: dict[str, bytes] = field(default_factory=dict)  # by design fingerprint
    cut_files: dict[str, bytes] = field(default_factory=dict)  # a cutting machine's, by file name
    kept_thumbnails: dict[str, str] | None = None  # the last build's, from these very inputs and PDF bytes
    kept_change_pictures: set[str] = field(default_factory=set)  # the last build's, of a change list that stands


def render_options(settings: Settings) -> RenderOptions:
    """What the renderer needs of the settings; a back offset cancels a duplex printer's drift, so
    backs glued or folded by hand keep none."""
    offset = settings.back_offset.points if settings.duplex.flips else (0.0, 0.0)
    return RenderOptions(
        paper=settings.paper,
        margin=settings.margin.points,
        bleed=settings.bleed.points,
        duplex=settings.duplex,
        back_offset=offset,
        ink_saver=settings.ink_saver,
        cutter=settings.cutter,
        imprint=settings.imprint(),
    )


@dataclass(frozen=True, kw_only=True)
class GamePlan:
    """A game's documents as data and as planned pages, before any drawing: what builds and exports
    start from. Each document is planned once; the print guide counts the same pages the renderer draws."""

    slug: str
    rules: RulesModel
    players: int
    game: Game[Any]
    data: Any  # what the game's `load` returned, for its `invariants`
    specs: list[DocumentSpec]
    pages: list[list[PagePlan]]  # each spec's pages, in the order of `specs`
    source: GameSource
    store: IconStore  # the icon cache and this game's own art: what its pages are drawn from
    own_credits: list[str]  # who made the designer's own art and fonts the game prints
    prints: list[str]  # by spec, how to print its file, in a line (the print guide's facts)
    memory: BuildMemory  # what the build keeps for the next: its checks and drawing take from it
    slips: list[Problem] = field(default_factory=list)  # layout mistakes the templates made
    notices: list[Finding] = field(default_factory=list)  # what prints, but not as written (a face a font lacks)
    typefaces: Mapping[str, str] = field(default_factory=dict)  # each own family's id -> its name in fonts.toml


def plan_game(
    slug: str, settings: Settings, store: IconStore, *, memory: BuildMemory | None = None, keep_gaps: bool = False
) -> GamePlan:
    """The game planned, taking from `memory` what an earlier build worked out (a fresh one when
    none is given); a problem that leaves a gap (`GameSource.gaps`) is refused at the end, or
    with `keep_gaps` left in `plan.source.gaps` for the caller to refuse with what it finds later."""
    memory = memory or BuildMemory()
    source = read_source(slug, settings.layouts, memory)
    source.gaps, source.mended = [], []
    store = store.for_game(source.folder)  # the icon cache, and the game's own art beside its data
    try:
        plan = _planned(slug, source, settings, store, memory)
    except LayoutError as exc:  # what needs no build is checked all the same: the trace against the document
        found = [*placed_error(exc, source).findings, *source.gaps]
        raise LayoutError(
            list(dict.fromkeys([*found, *traced_problems(source, {f.path.name for f in found})]))
        ) from None
    if source.gaps and not keep_gaps:
        raise LayoutError(source.gaps)
    return plan


def _planned(slug: str, source: GameSource, settings: Settings, store: IconStore, memory: BuildMemory) -> GamePlan:
    try:
        rules = load_rules(source)
    except LayoutError as exc:  # the game's own data is read too: its problems come in the same run
        raise LayoutError([*exc.placed(source.folder), *data_problems(slug, settings, source, store)]) from None
    players = resolve_players(rules, settings.players, slug)
    if settings.copies < 1:
        raise UsageProblem(f"--copies {settings.copies}: give 1 or more")
    _refuse_without_reference(source)
    game = load_game(slug, settings.layouts)
    fonts = FontShelf(source.folder / FONTS_FOLDER, register_family)
    every = EveryProblem(source)  # the game's fonts and its data, every problem of both at once
    source.keep_gaps([*(every.run(fonts.check) or []), *credit_problems(source.folder / ART_FOLDER)])
    data = every.run(lambda: game.load(source, store))
    every.check()
    card = settings.card
    quantities = rules.quantities(players, settings.copies)
    options = render_options(settings)
    page = options.half_page() or options  # where a page component goes
    room = content_area(page.printable())
    ctx = BuildContext(
        players=players,
        card_w=card.width / MM,
        card_h=card.height / MM,
        copies=settings.copies,
        quantities=quantities,
        facts=printed_numbers(rules),
        page_room=(room.width / MM, room.height / MM),
        quarter_room=quarter_page(page),
        game=slug,
        source=source,
        data=data,
        memory=memory,
        templates=game_templates(source, game.files, fonts),
    )
    try:
        specs = game.documents(data, ctx)
    except LayoutError as exc:
        raise placed_error(exc, source) from None
    specs = [
        replace(spec, cover=fill_cover(spec.cover, ctx, source, spec.filename)) if spec.cover is not None else spec
        for spec in specs
    ]

    def planned(spec: DocumentSpec) -> list[PagePlan]:
        try:
            return plan_document(spec, options, memory)
        except LayoutError as exc:
            raise drawing_error(exc, source, spec.filename) from None

    pages = [planned(spec) for spec in specs]
    files = [file_print(spec, body, options) for spec, body in zip(specs, pages, strict=True)]
    icons = sorted(set().union(*(f.icons for f in files)))
    own = [*art_credits_lines(icons, store.art), *fonts.credits()]  # who made the designer's art and fonts
    files.append(rules_print(options))
    guide = guide_blocks(specs, files, options, credits=rules.game.credits, own=own)
    reference = reference_document(source, store, ctx, rules.game.title, guide)
    pages.append(planned(reference))
    specs.append(reference)
    return GamePlan(
        slug=slug,
        rules=rules,
        players=players,
        game=game,
        data=data,
        specs=specs,
        pages=pages,
        source=source,
        store=store,
        own_credits=own,
        prints=[print_line(f, options) for f in files],
        memory=memory,
        slips=ctx.distinct_slips(),
        notices=missing_bold(specs, fonts, memory),
        typefaces=fonts.names(),
    )


def _refuse_without_reference(source: GameSource) -> None:
    if not source.has(REFERENCE_FILE):
        raise LayoutError(
            Finding(
                path=source.folder / REFERENCE_FILE,
                message="file not found: every game prints a rules reference on one sheet; write it "
                "with title, color and [[sections]] (heading, side = 1 or 2, lines), as pnp's own games do",
            )
        )


def obligations(plan: GamePlan, quantities: Mapping[str, int]) -> list[Problem]:
    """What every game owes, checked on its documents whatever its code does."""
    return (
        unprintable_characters(plan.source, plan.specs, plan.memory, plan.typefaces)
        + unfilled_placeholders(plan.source, plan.specs, plan.memory)
        + stray_assembly_notes(plan.source, plan.specs)
        + unkept_promises(plan.source, plan.game.promises, plan.specs[-1], quantities)
    )


def fill_cover(cover: Cover, ctx: BuildContext, source: GameSource, filename: str) -> Cover:
    """The print guide's lines name numbers the way every printed text does: `{name}` from the rules
    model; a name it lacks is reported at the data key the line came from."""

    def fill(lines: list[str]) -> list[str]:
        return [ctx.fill(line, partial(_guide_place, source, line, filename)) for line in lines]

    return Cover(
        contents=fill(cover.contents), assembly=fill(cover.assembly), bring=fill(cover.bring), notes=fill(cover.notes)
    )


def _guide_place(source: GameSource, line: str, filename: str) -> str:
    return f"{source.slug}/{source.text_source(line) or 'the print guide of ' + filename}"


def printed_numbers(rules: RulesModel) -> dict[str, int]:
    """What printed text may name: the rules model's facts, and `KIND_per_player` for each
    component counted per player (so "10 Power tokens each" comes from the same number),
    `KIND_extra_per_player` for those that grow beyond a player count, and the player range
    (`players_min`, `players_max`)."""
    numbers = {
        f"{kind}_per_player": spec.per_player for kind, spec in rules.components.items() if spec.per_player is not None
    }
    for kind, spec in rules.components.items():
        if spec.extra_per_player is not None and spec.extra_beyond is not None:
            numbers[f"{kind}_extra_per_player"] = spec.extra_per_player
            numbers[f"{kind}_extra_beyond"] = spec.extra_beyond
    numbers["players_min"] = rules.players.min
    if rules.players.max is not None:
        numbers["players_max"] = rules.players.max
    return {**numbers, **rules.facts}


def build_game(slug: str, settings: Settings, store: IconStore, *, memory: BuildMemory | None = None) -> GameBuild:
    """Build in memory and check it against the rules model, taking from `memory` what an earlier
    build worked out; nothing is written here."""
    memory = memory or BuildMemory()
    plan = plan_game(slug, settings, store, memory=memory, keep_gaps=True)
    rules, players, game, data, store = plan.rules, plan.players, plan.game, plan.data, plan.store
    card = settings.card
    options = render_options(settings)
    documents = []
    for spec, pages in zip(plan.specs, plan.pages, strict=True):
        try:
            documents.append(render_document(spec, options, store, pages, memory=memory))
        except LayoutError as exc:
            raise drawing_error(exc, plan.source, spec.filename) from None
    placed = [item for doc in documents for item in doc.placed]
    cuts = cut_files(
        documents, width=options.paper.width / MM, height=options.paper.height / MM, title=rules.game.title
    )
    later = plan.source.findings(
        check_counts(
            slug, rules, placed, players, settings.copies, partial(game.count_origins, data, plan.source), memory
        )
        + game.invariants(data, rules, players)
        + trace_problems(plan.source)
        + plan.slips
        + obligations(plan, rules.quantities(players, settings.copies))
    )
    gaps = plan.source.gaps or []
    problems = [*gaps, *(f for f in later if not _said_by_gap(f, gaps, plan.source.mended))]
    manifest = Manifest(
        game=slug,
        title=rules.game.title,
        players=players,
        options=PrintRecord(
            paper=options.paper.name,
            card=card.name,
            bleed_mm=round(options.bleed / MM, 3),
            duplex=options.duplex,
            ink_saver=options.ink_saver,
            cutter=options.cutter,
        ),
        documents=[
            DocumentRecord(
                file=doc.filename,
                pages=doc.pages,
                sheets=doc.sheets,
                bytes=len(doc.pdf),
                sha256=hashlib.sha256(doc.pdf).hexdigest(),
                icons=[ref for ref in doc.icons if ref != GAP_ICON],  # a gap is drawn, but it is no icon
                duplex=options.duplex if doc.double_sided else "single",
                how=how,
            )
            for doc, how in zip(documents, plan.prints, strict=True)
        ],
        placed=placed,
        designs=designs(memory, plan.specs, Face.first_of(placed, memory), TileFace.boards_in(placed)),
        validated=not problems,
        credits=list(rules.game.credits),
        own_credits=plan.own_credits,
        cut_files=cut_records(cuts),
    )
    return GameBuild(
        slug=slug,
        title=rules.game.title,
        players=players,
        documents=documents,
        manifest=manifest,
        problems=problems,
        hard_to_read=plan.source.findings(
            legibility(plan.specs, plan.source, slug, memory, store.art) + colour_alone(plan.specs, rules, slug)
        ),
        notices=[*plan.notices, *plan.source.findings(soft_pictures(plan.specs, plan.source, slug, store.art, memory))],
        specs=plan.specs,
        memory=memory,
        cut_files=cuts,
    )


def _said_by_gap(finding: Finding, gaps: Sequence[Finding], mended: Sequence[KeyPath]) -> bool:
    """Whether a later stage's `finding` is about a value a gap stands for (a text printed as
    written, a value mended to read on): its cause is said, once, by the gap."""
    key = finding.message.split(": ", 1)[0]
    return said_elsewhere(finding.message, mended) or any(
        (gap.path, gap.line, gap.message.split(": ", 1)[0]) == (finding.path, finding.line, key) for gap in gaps
    )


def compare_with_last(build: GameBuild, folder: Path, settings: Settings, store: IconStore) -> None:
    """The change list against the game's previous build in `folder`, the reprint document of the
    changed pieces, and pictures of the changed designs before and after (for the gallery): the
    previous build's PDFs are still there, and trusted while they hash as it recorded them. Its
    thumbnails are kept when its inputs (pnp's code among them: a new pnp may picture a page
    otherwise) and its PDFs are this build's."""
    previous = read_last_build(folder / "manifest.json", build.memory)
    before = previous.designs if previous is not None else None
    after = build.manifest.designs
    found = changes(before, after) if before is not None else []
    standing = previous.changes if previous is not None and not found else None
    if standing:  # the same designs built again (--force, an option): the last change list stands
        found = [Change.recorded(record) for record in standing]
        build.kept_change_pictures = {
            design.hash for change in found for design in (change.before, change.after) if design is not None
        }
    build.manifest.changes = [change.record() for change in found] if before is not None else None
    spec = reprint_spec(build.specs, found, build.title)
    if spec is not None:
        options = render_options(settings)
        pages = plan_document(spec, options, build.memory)
        build.reprint = render_document(spec, options, store, pages, memory=build.memory)
        build.reprint_how = print_line(file_print(spec, pages, options), options)
    if found and previous is not None and not standing:  # pictures of the designs before are in its files
        recorded = {doc.file: doc for doc in previous.documents}

        def as_left(file: str) -> bytes | None:
            doc = recorded.get(file)
            return file_as_recorded(folder, file, doc.bytes, doc.sha256) if doc is not None else None

        cut_alone(build.documents, build.memory)
        build.change_pictures = change_pictures(
            found, as_left, {doc.filename: doc.pdf for doc in build.documents}.get, build.memory
        )
    if (
        previous is not None
        and previous.inputs == build.manifest.inputs
        and previous.thumbnails
        and _same_files(previous.documents, build.manifest.documents)
        and all((folder / name).is_file() for name in previous.thumbnails.values())
    ):
        build.kept_thumbnails = previous.thumbnails


def _same_files(before: list[DocumentRecord], after: list[DocumentRecord]) -> bool:
    return [(doc.file, doc.sha256) for doc in before] == [(doc.file, doc.sha256) for doc in after]


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
    if build.kept_thumbnails is not None:  # cut again when the inputs or PDFs changed (not on a mere --force)
        pictures: dict[str, bytes] = {}
        build.manifest.thumbnails = build.kept_thumbnails
    else:
        pictures = thumbnails(build.documents, build.manifest.placed, build.manifest.designs, build.memory)
        build.manifest.thumbnails = {kind: f"thumbs/{kind}.png" for kind in pictures}
    text = build.manifest.to_json(build.memory)  # whole, so measured before any file is written
    if len(text) > MANIFEST_MAX_BYTES:  # refused before any file is written: the next build could not read it back
        raise LayoutError(
            f"{build.slug}: the build places {len(build.manifest.placed):,} pieces, and its manifest would be "
            f"{len(text) / 1e6:.0f} MB, over the {MANIFEST_MAX_BYTES / 1e6:.0f} MB pnp reads back (the next build "
            "could not tell it is up to date, nor the gallery show it): print fewer pieces (counts or --players)"
        )
    sweep_temporary(output, [build.slug])  # left by a build that was killed outright
    written = []
    for doc in build.documents:
        path = folder / doc.filename
        write_bytes_atomic(path, doc.pdf, root=output)
        written.append(path)
    written += write_cut_files(folder, build.cut_files, root=output)
    for kind, png in pictures.items():
        write_bytes_atomic(folder / "thumbs" / f"{kind}.png", png, root=output)
    if build.reprint is not None:
        write_bytes_atomic(folder / REPRINT_FILE, build.reprint.pdf, root=output)
        written.append(folder / REPRINT_FILE)
    else:
        remove_file(folder / REPRINT_FILE, root=output)
    designs_folder = folder / "thumbs" / "designs"
    for digest, png in build.change_pictures.items():
        write_bytes_atomic(designs_folder / f"{digest}.png", png, root=output)
    for name in files_in(designs_folder, root=output, suffix=".png"):
        if name.removesuffix(".png") not in {*build.change_pictures, *build.kept_change_pictures}:  # an older list's
            remove_file(designs_folder / name, root=output)
    manifest = folder / "manifest.json"
    write_bytes_atomic(manifest, text, root=output)
    manifest_written(manifest, text, build.manifest, build.memory)
    written.append(manifest)
    remove_file(folder / FAILURE_FILE, root=output)
    return written
