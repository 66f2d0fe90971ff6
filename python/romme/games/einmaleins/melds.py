"""1x1-Rommé's meld rules as the game flow uses them (docs/RULES.md §3): the deck's values and
symbols, and the core's answers (rust einmaleins/listing.rs, the only copy of the rules): reading a
meld (wilds free or declared), what a meld accepts, the melds a hand can lay, greedy openings.
"""

from __future__ import annotations

from functools import lru_cache

from ... import _core
from ...cards import deck
from ..tablemoves import Draft, MeldT

GAME = "einmaleins"
WISH = 100
TYPES = 101  # number cards 0..99 and the wish card; the ban cards 101, 102 are not in this game

_TYPES = deck(GAME).types
VALUE: tuple[int, ...] = tuple(t.rank for t in _TYPES[:100])
SYM: tuple[int, ...] = tuple(t.suit or 0 for t in _TYPES[:100])
CODE_AT: dict[tuple[int, int], int] = {(SYM[c], VALUE[c]): c for c in range(100)}
SYM_VALUES: tuple[frozenset[int], ...] = tuple(frozenset(VALUE[c] for c in range(100) if SYM[c] == s)
                                               for s in range(4))
ONES: tuple[int, ...] = tuple(CODE_AT[(s, 1)] for s in range(4))


def is_one(code: int) -> bool:
    return code < 100 and VALUE[code] == 1


#: Minus points of a card left in the hand by code, counted by the core (wish card 100, value-1 card 50,
#: else its value).
_HAND_POINTS: tuple[int, ...] = tuple(_core.hand_points("einmaleins"))


def hand_points(code: int) -> int:
    """Minus points of a card left in the hand: wish card 100, value-1 card 50, else its value."""
    return _HAND_POINTS[code]


# --- meld rules: the core's ------------------------------------------------------------------------

class EinmaleinsMelds:
    """Sets (3+ of one value) and runs (3+ consecutive multiples of a row k >= 2 in one symbol).

    The wish card is wild everywhere; a value-1 card is wild only in a run of
    its own symbol (as a natural it is a 1). A wild stands for a card of the
    deck that is not otherwise in the meld. Every meld holds a natural card.
    Without a declared card, a wild is placed where the meld is worth most.
    """

    game = GAME

    def is_wild(self, code: int) -> bool:
        return code == WISH or is_one(code)

    def resolve(self, cards: Draft) -> MeldT | None:
        return _resolve(tuple(sorted(cards, key=lambda p: (p[0], -1 if p[1] is None else p[1]))))

    @staticmethod
    def points(meld: MeldT) -> int:
        """Opening points: every card counts as the card it stands for (the core's counting)."""
        return _meld_points(meld)


MELDS = EinmaleinsMelds()


# Bounded memo caches: a process playing game after game meets new melds all the time, and a larger
# cache only grows RSS (1 << 17 resolved melds held 40 MB after 500 greedy games, for a 42 % hit rate).
MEMO_SIZE = 1 << 13


@lru_cache(maxsize=MEMO_SIZE)
def _meld_points(meld: MeldT) -> int:
    return _core.table_meld_points(GAME, meld)


@lru_cache(maxsize=MEMO_SIZE)
def _resolve(cards: Draft) -> MeldT | None:
    """The meld the core reads from a draft (``einmaleins::listing::read_draft``); None if it is no meld
    (a number that is no card code makes none)."""
    return _core.einmaleins_read_draft(list(cards))


@lru_cache(maxsize=MEMO_SIZE)
def accepts(meld: MeldT) -> tuple[tuple[int, MeldT], ...]:
    """Every card that can be added to ``meld`` alone, with the meld it then makes (the core's)."""
    return tuple(_core.einmaleins_accepts(list(meld)))


#: Every 3-card run of naturals, by each of its cards (codes ascending by value): the core's table.
WINDOWS: dict[int, list[tuple[int, int, int]]] = dict(enumerate(_core.einmaleins_windows()))


def hand_melds(h: list[int]) -> list[MeldT]:
    """The core's bounded set of melds a hand (counts) can lay: per value its set (topped up with wish
    cards to three), and every 3-card run window with at most one wild, every wild declared."""
    return _core.einmaleins_hand_melds(h)


def opening_sets(melds: list[MeldT], h: list[int], opening_points: int) -> list[tuple[MeldT, ...]]:
    """The core's greedy openings from candidate melds: from each of the 8 best melds as the first,
    disjoint melds by points (wilds counting as the card they stand for) until ``opening_points``."""
    return _core.einmaleins_opening_sets(melds, h, opening_points)
