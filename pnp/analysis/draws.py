"""Seeded draws for the report's simulations, made from `random()` alone. `randint` and `shuffle`
reject and draw again in Python to be exactly uniform, and the simulations draw millions; scaling
a float of 53 random bits instead is biased by less than 1e-15, far below anything a figure shows."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import TypeVar

Item = TypeVar("Item")


TABLED = 5  # rolls of up to this many dice come from a table of every ordered roll


def roll(rng: random.Random, dice: int) -> tuple[int, ...]:
    """`dice` six-sided dice, sorted."""
    if dice <= TABLED:
        return ordered_rolls(dice)[int(rng.random() * 6**dice)]
    draw = rng.random
    return tuple(sorted(int(draw() * 6) + 1 for _ in range(dice)))


@cache
def ordered_rolls(dice: int) -> tuple[tuple[int, ...], ...]:
    """Each of the 6 ** dice ordered rolls, its faces sorted: one draw picks a whole roll."""
    return tuple(tuple(sorted(faces)) for faces in product(range(1, 7), repeat=dice))


def shuffled(rng: random.Random, items: Sequence[Item]) -> list[Item]:
    """The items in a random order: sorted by a random key each, every order with equal chance."""
    draw = rng.random
    return sorted(items, key=lambda _: draw())
