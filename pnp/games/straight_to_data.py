"""I'm going Straight to ...'s data: the track, the Soul and Destiny cards, the tokens, the pawns
and the aid, as the designer writes them in components.toml."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.games.contract import (
    CardBack,
    Color,
    Count,
    CoverText,
    IconName,
    PawnTokens,
    SlotOverrides,
    Strict,
    Templates,
    Words,
)

SLUG = "straight-to"
FILE = "components.toml"


class Destination(Strict):
    """HEAVEN or HELL: the icon and colours of its path and space."""

    icon: IconName
    color: Color
    tint: Color


class Limbo(Strict):
    icon: IconName
    color: Color
    pawns: Annotated[int, Field(ge=1, le=12)]  # pawns every space holds at least: the six-player game


class Track(Strict):
    width: Annotated[float, Field(ge=250, le=1200)]
    height: Annotated[float, Field(ge=180, le=1200)]
    space: Annotated[float, Field(ge=20, le=60)]
    enter_rule: Words
    spaces_per_path: Annotated[int, Field(ge=1, le=30)]
    heaven: Destination
    hell: Destination
    limbo: Limbo
    limbo_band: Annotated[float, Field(ge=0, le=200)]  # mm: the middle row's band, in either tint
    path_color: Color
    path_width: Annotated[float, Field(gt=0, le=20)]  # pt: the path joining the spaces
    middle_gap: Annotated[float, Field(ge=0, le=100)]  # mm between the two middle columns

    @property
    def destination(self) -> int:
        """HEAVEN and HELL are the space after the last numbered one."""
        return self.spaces_per_path + 1


class Destiny(Strict):
    front: Words
    back: Words
    front_hint: Words
    back_hint: Words


class Soul(Strict):
    type: Literal["good", "evil"]
    name: Words
    icon: IconName
    count: Count
    line: Words
    back: Words
    layout: SlotOverrides


class SoulType(Strict):
    label: Words
    color: Color
    tint: Color
    hint: Words


class PowerTokens(Strict):
    power_icon: IconName
    power_color: Color
    power_diameter: Annotated[float, Field(ge=10, le=40)]
    combat_icon: IconName
    combat_color: Color
    combat_size: Annotated[float, Field(ge=10, le=40)]


class RoundAid(Strict):
    round: Annotated[list[Words], Field(min_length=1)]
    formula: Words
    formula_key: Words
    fight: Annotated[list[Words], Field(min_length=1)]


class StraightData(Strict):
    title: Words
    track: Track
    destiny: Destiny
    backs: dict[str, CardBack]
    souls: Annotated[list[Soul], Field(min_length=1)]
    soul_types: dict[Literal["good", "evil"], SoulType]
    tokens: PowerTokens
    pawns: PawnTokens
    aid: RoundAid
    cover: CoverText
    templates: Templates = {}
