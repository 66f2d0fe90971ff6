"""Seeded, portable randomness.

romme does not use :mod:`random` for anything that must replay: its
Mersenne Twister seeding and ``shuffle`` are CPython details. Instead every
game draws from :class:`Rng`, a SplitMix64 generator (Steele, Lea & Flood,
2014): state ``s += 0x9E3779B97F4A7C15``, output mixed by two xor-shift-
multiply steps. Integers below ``n`` use rejection sampling (no modulo bias),
and :meth:`Rng.shuffle` is the Fisher-Yates shuffle from the last index down.
The same seed therefore gives the same deal on every machine and Python
version.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_from(value: int | str | None) -> int:
    """Turns a seed given as int, string or None (meaning 0) into 64 bits."""
    if value is None:
        return 0
    if isinstance(value, int):
        return value & _MASK
    h = 0xCBF29CE484222325  # FNV-1a over UTF-8: stable across runs, unlike hash()
    for b in str(value).encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & _MASK
    return h


class Rng:
    """SplitMix64: small, fast, and identical everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str | None = 0) -> None:
        self.state = seed_from(seed)

    def next_u64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError(f"Rng.below needs n > 0, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one and a label."""
        return Rng(self.next_u64() ^ seed_from(label))
