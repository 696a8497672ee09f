"""Exact dice arithmetic: distributions of sums, and the multisets of a roll with their weights."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod


@cache
def sum_distribution(dice: int, sides: int = 6) -> tuple[Fraction, ...]:
    """P(sum = s) for s = 0 .. dice x sides: one more die convolved onto the (remembered) one fewer."""
    if dice == 0:
        return (Fraction(1),)
    dist = sum_distribution(dice - 1, sides)
    out = [Fraction(0)] * (len(dist) + sides)
    for total, p in enumerate(dist):
        if p:
            for face in range(1, sides + 1):
                out[total + face] += p / sides
    return tuple(out)


def p_greater(mine: int, theirs: int) -> Fraction:
    """P(the sum of `mine` dice is strictly higher than the sum of `theirs`)."""
    a, b = sum_distribution(mine), sum_distribution(theirs)
    below = [Fraction(0)] * (len(a) + 1)
    for s, p in enumerate(b):  # below[s] = P(theirs < s)
        for t in range(s + 1, len(below)):
            below[t] += p
    return sum((p * below[s] for s, p in enumerate(a)), Fraction(0))


@cache
def rolls(dice: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every roll of `dice` dice as a sorted tuple with the number of the sides ** dice ordered
    rolls that show it (its multinomial weight)."""
    return tuple(
        (faces, factorial(dice) // prod(factorial(n) for n in Counter(faces).values()))
        for faces in combinations_with_replacement(range(1, sides + 1), dice)
    )


@cache
def subset_sums(faces: tuple[int, ...]) -> frozenset[int]:
    """The totals of every non-empty selection of the dice (a result may use one die or several)."""
    sums: set[int] = set()
    for face in faces:
        sums |= {s + face for s in sums} | {face}
    return frozenset(sums)
