"""What the gallery shows of a game's manifest, worked out where the build still holds the
manifest (a game just built is not read back from disk) or from one read back."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import asdict
from itertools import chain, compress
from operator import attrgetter, itemgetter
from pathlib import Path
from typing import Any

from pnp.memory import BuildMemory
from pnp.pipeline.checks import kinds_in
from pnp.pipeline.manifest import ChangeRecord, Manifest
from pnp.pipeline.placedruns import tallies
from pnp.pipeline.thumbnails import PICTURED_CHANGES
from pnp.render.placed import Placed, counted
from pnp.source.icons import IconRef, credits_lines, is_icon_ref

DIGEST = re.compile(r"[0-9a-f]{16}")  # a design's fingerprint: the only name a before/after picture has
SHOWN_DESIGNS = 24  # captioned designs of a component: a deck of 10,000 names its first and counts the rest


def gallery_view(manifest: Manifest | None, folder: Path, memory: BuildMemory | None = None) -> dict[str, Any]:
    """What the gallery shows of a game's manifest (`folder` holds its files; None: no manifest to
    show), its unchanged runs of records taken as `memory` holds them tallied."""
    game = folder.name
    if manifest is None:
        return {
            "title": game,
            "players": None,
            "options": {},
            "validated": False,
            "data": None,
            "documents": [],
            "components": [],
            "changes": None,
            "credits": [],
            "game_credits": [],
            "warnings": [],
        }
    kinds, named, designs = _components(manifest.placed, memory)
    icons = sorted({ref for doc in manifest.documents for ref in doc.icons if is_icon_ref(ref)})
    thumbs = manifest.thumbnails
    return {
        "title": manifest.title,
        "players": manifest.players,
        "options": asdict(manifest.options),
        "validated": manifest.validated,
        "data": manifest.data,
        "documents": [{**asdict(doc), "href": f"{game}/{doc.file}"} for doc in manifest.documents],
        "components": [
            _component(kind, count, designs[kind], named[kind], thumbs.get(kind) and f"{game}/{thumbs[kind]}")
            for kind, count in kinds.items()
        ],
        "changes": _changes(manifest.changes, game, folder),
        "credits": [*credits_lines(IconRef.parse(ref) for ref in icons), *manifest.own_credits],
        "game_credits": manifest.credits,
        "warnings": manifest.warnings,
    }


def _components(
    placed: list[Placed], memory: BuildMemory | None
) -> tuple[Counter[str], Counter[str], dict[str, dict[str, int]]]:
    """Of each kind in the order first placed: its pieces, its designs and its first SHOWN_DESIGNS
    designs, each counted. Tallied a run of records at a time (`placedruns`): a save that changed one
    card of a 10,000-card deck tallies its run, and only the shown designs are counted over them all."""
    runs = tallies(placed, "gallery fronts", _fronts, memory)
    # in the order first placed, as each sum adds; the runs' kinds the rules check tallied (`check_counts`)
    kinds = sum((faces for faces, _ in tallies(placed, "kinds", kinds_in, memory)), Counter[str]())
    distinct = dict.fromkeys(chain.from_iterable(runs))  # each design once, in order
    named = Counter(map(itemgetter(0), distinct))
    shown: dict[tuple[str, str], int] = {}
    room = {kind: min(count, SHOWN_DESIGNS) for kind, count in named.items()}  # designs still to show
    left = sum(room.values())
    for key in distinct:
        if room[key[0]]:
            room[key[0]] -= 1
            shown[key] = 0
            left -= 1
            if not left:
                break
    for fronts in runs:
        for key in fronts.keys() & shown.keys():
            shown[key] += fronts[key]
    designs: dict[str, dict[str, int]] = defaultdict(dict)
    for (kind, name), count in shown.items():
        designs[kind][name] = count
    return kinds, named, designs


def _fronts(run: tuple[Placed, ...]) -> Counter[tuple[str, str]]:
    """A run's counted fronts of each design."""
    return Counter(map(attrgetter("kind", "name"), compress(run, counted(run))))


def _component(kind: str, count: int, shown: dict[str, int], named: int, thumb: str | None) -> dict[str, Any]:
    """A component's caption: each of its first designs (`shown`) with its own count, then how many
    more designs (of `named`) and pieces (of `count`) there are."""
    more = {"designs": named - len(shown), "count": count - sum(shown.values())}
    return {
        "kind": kind,
        "count": count,
        "designs": [{"name": name, "count": n} for name, n in shown.items()],
        "more": more if more["designs"] else None,
        "thumb": thumb,
    }


def _changes(found: list[ChangeRecord] | None, game: str, folder: Path) -> list[dict[str, Any]] | None:
    """The change list of the latest build with before/after thumbnails where they exist (only the
    first PICTURED_CHANGES have them)."""
    if found is None:
        return None
    out = []
    for number, change in enumerate(found):
        thumbs = {}
        if number < PICTURED_CHANGES:
            for side, design in (("before", change.before), ("after", change.after)):
                picture = f"thumbs/designs/{design.hash}.png" if design and DIGEST.fullmatch(design.hash) else None
                if picture and (folder / picture).is_file():
                    thumbs[side] = f"{game}/{picture}"
        out.append({"what": change.what, "kind": change.kind, **thumbs})
    return out
