"""The validate command: every game built in memory and checked against its rules model, every
problem found before the verdict; nothing is written. The findings are said as lines an editor
jumps to, or as one JSON document for editors and CI."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.commands import BuildMemory, Say
from pnp.errors import LayoutError, PnpError
from pnp.findings import Finding
from pnp.pipeline.build import build_game
from pnp.source.icons import IconStore
from pnp.source.settings import Settings


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """One game's check: its problems, and its player count when it could be built at all."""

    game: str
    players: int | None
    findings: Sequence[Finding]
    warnings: Sequence[Finding] = ()  # said, not counted: the game still prints as it should

    def line(self) -> str:
        if self.players is None:
            return f"{self.game}: cannot be built"
        verdict = f"{len(self.findings)} problem(s)" if self.findings else "ok"
        return f"{self.game}: {self.players} player{'s' * (self.players != 1)}: {verdict}"


def verdicts(
    settings: Settings, store: IconStore, slugs: list[str], memory: BuildMemory | None = None
) -> list[Verdict]:
    """Each game's verdict (what `memory` holds of earlier builds taken as made); a usage error
    stops everything."""
    out = []
    for slug in slugs:
        try:
            result = build_game(slug, settings, store, memory=memory)
        except PnpError as exc:
            if exc.exit_code == 2:
                raise
            placed = exc.placed(settings.layouts_dir() / slug) if isinstance(exc, LayoutError) else ()
            found = placed or (Finding(path=settings.layouts_dir() / slug, message=exc.message),)
            out.append(Verdict(game=slug, players=None, findings=found))
            continue
        findings = [*result.problems, *result.hard_to_read]
        out.append(Verdict(game=slug, players=result.players, findings=findings, warnings=result.notices))
    return out


def validate(
    settings: Settings,
    store: IconStore,
    slugs: list[str],
    *,
    say: Say,
    earlier: Sequence[Finding] = (),
    form: str = "text",
    memory: BuildMemory | None = None,
) -> int:
    """The number of problems found in `slugs`, with `earlier` ones (pnp.toml's), said as `form`
    ("text": one line each, then each game's verdict; "json": one document)."""
    if form == "json":
        found = verdicts(settings, store, slugs, memory)
        total = len(earlier) + sum(len(verdict.findings) for verdict in found)
        document = {
            "ok": not total,
            "exit_code": 1 if total else 0,
            "problems": [
                *(finding.as_json() for finding in earlier),
                *({"game": verdict.game, **finding.as_json()} for verdict in found for finding in verdict.findings),
            ],
            "warnings": [{"game": v.game, **finding.as_json()} for v in found for finding in v.warnings],
            "games": [
                {"game": v.game, "players": v.players, "built": v.players is not None, "problems": len(v.findings)}
                for v in found
            ],
        }
        say(json.dumps(document, indent=2, ensure_ascii=False))
        return total
    for finding in earlier:
        say(str(finding))
    total = len(earlier)
    for slug in slugs:  # each game said as it is checked, not after them all
        (verdict,) = verdicts(settings, store, [slug], memory)
        for finding in verdict.findings:
            say(str(finding))
        for finding in verdict.warnings:
            say(f"warning: {finding}")
        say(verdict.line())
        total += len(verdict.findings)
    say("all rules hold" if not total else f"{total} problem(s)")
    return total


def refusal_document(message: str, exit_code: int, findings: Sequence[Finding] = ()) -> str:
    """What `--format json` prints when the command is refused before any game is checked (a bad
    option, a pnp.toml that cannot be read): the document a check prints, with the refusal as its
    one problem, so an editor or CI reads JSON whatever the exit code."""
    problems = [finding.as_json() for finding in findings] or [{"message": message}]
    document = {"ok": False, "exit_code": exit_code, "problems": problems, "warnings": [], "games": []}
    return json.dumps(document, indent=2, ensure_ascii=False)
