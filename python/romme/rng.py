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

from ._core import rng_below, rng_permutation
from .errors import RulesError, quote

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


#: The integer seeds a game takes: 64 bits, signed or not (a save file writes the seed as a JSON
#: number, and a longer one would not be a different deal anyway: :func:`seed_from` keeps 64 bits).
SEED_MIN, SEED_MAX = -(1 << 63), (1 << 64) - 1
#: The longest text seed a game takes (a seed is a label, not a payload).
MAX_SEED_CHARS = 1000


def check_seed(value: object) -> int | str | None:
    """``value`` if it is a seed a game can start from, save and load again: ``None``, an ``int``
    (not a bool) in :data:`SEED_MIN`..:data:`SEED_MAX` or a text of at most
    :data:`MAX_SEED_CHARS` characters that UTF-8 can encode (no lone surrogates, as a command line
    makes of undecodable bytes). Anything else raises :class:`RulesError` naming the problem."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise RulesError(f"a seed is an integer or a text, got {quote(value)}")
    if isinstance(value, int):
        if not SEED_MIN <= value <= SEED_MAX:
            raise RulesError("an integer seed must fit 64 bits (-2**63 .. 2**64-1)")
        return value
    if len(value) > MAX_SEED_CHARS:
        raise RulesError(f"a text seed has at most {MAX_SEED_CHARS} characters, got {len(value)}")
    _utf8(value)
    return value


def seed_value(text: str) -> int | str:
    """A seed typed on the command line: a number of ASCII digits that fits 64 bits is that
    integer (``--seed 7`` and ``new_game(seed=7)`` deal alike), any other text stays text."""
    checked = check_seed(text)
    assert isinstance(checked, str)
    if checked.isascii() and checked.isdigit() and len(checked) <= 20 and int(checked) <= SEED_MAX:
        return int(checked)
    return checked


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise RulesError(f"a text seed must be valid Unicode text, got {quote(text)}") from None


def seed_from(value: int | str | None) -> int:
    """Turns a seed given as int, string or None (meaning 0) into 64 bits."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise RulesError(f"a seed is an integer or a text, got {quote(value)}")
    if isinstance(value, int):
        return value & _MASK
    h = 0xCBF29CE484222325  # FNV-1a over UTF-8: stable across runs, unlike hash()
    for b in _utf8(value):
        h = ((h ^ b) * 0x100000001B3) & _MASK
    return h


def _bad_state(state: object) -> RulesError:
    # (``state`` is a plain attribute: a draw checks it only when the core refuses it)
    return RulesError(f"Rng.state must be an integer in 0..2**64-1, got {quote(state)}")


def _length(items: Sequence[object], who: str) -> int:
    """``len(items)``, or :class:`RulesError` where a hostile ``__len__`` fails or answers a negative
    number or one past the machine's sizes (Python raises ValueError / OverflowError for those)."""
    try:
        return len(items)
    except (OverflowError, TypeError, ValueError):
        raise RulesError(f"{who} takes a sequence with a length, got {quote(items)}") from None


class Rng:
    """SplitMix64: small, fast, and identical everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str | None = 0) -> None:
        self.state = seed_from(seed)

    def next_u64(self) -> int:
        if type(self.state) is not int or not 0 <= self.state <= _MASK:
            raise _bad_state(self.state)
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if type(n) is int and 0 < n <= _MASK:
            # the core draws the same number (romme_engine::rng): random play draws once a move, and the
            # 64-bit arithmetic cost several times the call in Python
            try:
                self.state, x = rng_below(self.state, n)
            except (RulesError, TypeError):  # (n is checked: only the state can be refused)
                raise _bad_state(self.state) from None
            return x
        if (type(n) is not int and (isinstance(n, bool) or not isinstance(n, int))) or not 0 < n <= _MASK + 1:
            # (above 2**64 no 64-bit draw is ever below the rejection limit: it would loop forever)
            raise RulesError(f"Rng.below needs an integer n in 1..2**64, got {quote(n)}")
        if n <= _MASK:  # an int subclass (an IntEnum, say): the same draw as its int value
            try:
                self.state, x = rng_below(self.state, int(n))
            except (RulesError, TypeError):
                raise _bad_state(self.state) from None
            return x
        # n = 2**64 (no draw is rejected): the whole draw, which the core's 64-bit n cannot take
        return self.next_u64()

    def choice(self, items: Sequence[T]) -> T:
        if not isinstance(items, Sequence):
            raise RulesError(f"Rng.choice takes a sequence, got {quote(items)}")
        n = _length(items, "Rng.choice")
        if n == 0:
            raise RulesError("Rng.choice takes a non-empty sequence, got an empty one")
        state = self.state
        i = self.below(n)
        try:
            return items[i]
        except BaseException:
            # (the caller's sequence failed to give an item its len() promised: its error goes out as it came, and
            # the stream stays where it was, as after any call that answers nothing)
            self.state = state
            raise

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        if not isinstance(items, MutableSequence):
            raise RulesError(f"Rng.shuffle takes a mutable sequence, got {quote(items)}")
        n = _length(items, "Rng.shuffle")
        # the core draws the same numbers (romme_engine::rng): a deal's hundred draws cost more in Python
        # (the core refuses a state out of 64 bits and more items than it shuffles: the state is named here)
        try:
            self.state, perm = rng_permutation(self.state, n)
        except (RulesError, TypeError):
            if type(self.state) is not int or not 0 <= self.state <= _MASK:
                raise _bad_state(self.state) from None
            raise
        shuffled = [items[k] for k in perm]
        for i, item in enumerate(shuffled):
            items[i] = item

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one and a label."""
        return Rng(self.next_u64() ^ seed_from(label))
