"""A build checked against its rules model: what the renderer placed, counted and compared."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from pnp.memory import BuildMemory
from pnp.pipeline.placedruns import tallies
from pnp.render.placed import Placed
from pnp.source.gamesource import Problem
from pnp.source.rules import RULES_FILE, CountOrigin, RulesModel


def check_counts(
    game: str,
    rules: RulesModel,
    placed: list[Placed],
    players: int,
    copies: int = 1,
    origins: Callable[[], Mapping[str, CountOrigin]] | None = None,
    memory: BuildMemory | None = None,
) -> list[Problem]:
    """Compare what the renderer placed with the rules model's counts (what `memory` holds of
    unchanged runs of records taken as tallied). `origins` says where the data sets a count; it is
    asked only of a count that is wrong (a deck of 10,000 designs names its first few)."""
    found: Mapping[str, CountOrigin] | None = None
    faces: Counter[str] = Counter()
    backs: Counter[str] = Counter()
    for run_faces, run_backs in tallies(placed, "kinds", kinds_in, memory):
        faces.update(run_faces)
        backs.update(run_backs)
    problems = []
    quantities = rules.quantities(players, copies)
    for key, spec in rules.components.items():
        expected = quantities[key]
        if spec.at_least and faces[key] >= expected:
            pass
        elif faces[key] != expected:
            who = f"{copies} copies" if spec.per_copy else f"{players} player{'s' if players != 1 else ''}"
            want = f"at least {expected}" if spec.at_least else expected
            if found is None:
                found = origins() if origins is not None else {}
            origin = found.get(key)
            if origin is not None:
                problems.append(
                    Problem(
                        game,
                        origin.file,
                        origin.keys,
                        f"these {spec.label}s add up to {faces[key]}; the rules model "
                        f"({RULES_FILE}:components.{key}) asks for {spec.describe()}",
                        want,
                        faces[key],
                    )
                )
            else:
                problems.append(
                    Problem(
                        game,
                        RULES_FILE,
                        f"components.{key}",
                        f"{spec.label} count for {who} is wrong (the rules: {spec.describe()})",
                        want,
                        faces[key],
                    )
                )
        if spec.sides == 2 and backs[key] != faces[key]:
            problems.append(
                Problem(
                    game,
                    RULES_FILE,
                    f"components.{key}.sides",
                    f"every {spec.label} needs its back printed behind it",
                    faces[key],
                    backs[key],
                )
            )
    problems += _check_hidden_backs(game, rules, placed, memory)
    for kind in sorted(set(faces) - set(rules.components)):
        problems.append(
            Problem(
                game,
                RULES_FILE,
                f"components.{kind}",
                "placed by the build but missing from the rules model",
                0,
                faces[kind],
            )
        )
    return problems


def kinds_in(items: tuple[Placed, ...]) -> tuple[Counter[str], Counter[str]]:
    """The fronts that count of each kind, and the backs, in the order first placed: a run's tally
    under "kinds" (`placedruns.tallies`)."""
    return Counter(item.kind for item in items if item.counted), Counter(
        item.kind for item in items if item.side == "back"
    )


def _backs(items: tuple[Placed, ...]) -> Counter[tuple[str, str | None]]:
    """The backs printed, by their piece's kind and the back's name."""
    return Counter((item.kind, item.back) for item in items if item.side == "back")


def _check_hidden_backs(
    game: str, rules: RulesModel, placed: list[Placed], memory: BuildMemory | None
) -> list[Problem]:
    """Cards drawn face down from one pile must not be told apart by their backs."""
    problems = []
    groups: dict[str, list[str]] = {}
    for key, spec in rules.components.items():
        if spec.hidden:
            groups.setdefault(spec.hidden, []).append(key)
    printed: Counter[tuple[str, str | None]] = Counter()  # in the order first printed
    for run_backs in tallies(placed, "backs", _backs, memory) if groups else ():
        printed.update(run_backs)
    for group, kinds in sorted(groups.items()):
        backs: Counter[str | None] = Counter()
        for (kind, back), count in printed.items():
            if kind in kinds:
                backs[back] += count
        if len(backs) <= 1:
            continue
        common = backs.most_common(1)[0][0]
        odd = sorted(
            {
                f"{item.name} ({item.back})"
                for item in placed
                if item.kind in kinds and item.side == "back" and item.back != common
            }
        )
        problems.append(
            Problem(
                game,
                RULES_FILE,
                f"components.{kinds[0]}.hidden",
                f"{group} cards are drawn face down, so all must share one back; different: {', '.join(odd)}",
                common,
                ", ".join(sorted(str(back) for back in backs)),
            )
        )
    return problems
