"""Where each meld sits on the table between turns: a player follows the table by its places.

The engine lists the table's melds in its own order, and a meld that grows or a new meld laid before
others made the flowed rows move every meld after it. Here each meld keeps a place (a slot) while it
stays on the table: the same cards, or the cards it had and more (a lay-off), or most of them (a joker
swapped out). A place keeps room for one card more than its meld had, so a lay-off moves nothing after
it; a meld that outgrows its place moves to a free one rather than push the melds after it. A meld that
leaves the table leaves its place empty, and a new meld takes the first empty place it fits in, else a
place after the others. A rearranged meld that keeps too few of its cards is a new one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass
class Place:
    """One place on the table: the cards of the meld in it (None: empty) and the cards it has room for."""

    cards: Counter[str] | None
    room: int


def _overlap(a: Counter[str], b: Counter[str]) -> int:
    return sum((a & b).values())


class MeldPlaces:
    """The places of the table's melds, kept from one call of :meth:`arrange` to the next."""

    def __init__(self) -> None:
        self.places: list[Place] = []
        self.closed_up = 0  # times the empty places closed up (every meld may move then)

    def arrange(self, melds: list[list[str]]) -> list[int | None]:
        """The melds in their places: for each place, the index of its meld in ``melds`` or None (empty)."""
        if not melds:
            self.places = []  # a new deal, an emptied table: the next melds start from the first place
            return []
        cards = [Counter(m) for m in melds]
        held: dict[int, int] = {}  # place -> meld
        free = set(range(len(melds)))
        # the same cards first, then the most cards kept (a lay-off keeps all, a joker swap all but one)
        pairs = [
            (_overlap(place.cards, cards[m]), p, m)
            for p, place in enumerate(self.places)
            if place.cards is not None
            for m in range(len(melds))
        ]
        exact = [(p, m) for _, p, m in pairs if self.places[p].cards == cards[m]]
        for p, m in exact:
            if p not in held and m in free:
                held[p] = m
                free.discard(m)
        for kept, p, m in sorted(pairs, key=lambda x: (-x[0], x[1], x[2])):
            old = self.places[p].cards
            if p in held or m not in free or old is None or 2 * kept <= sum(old.values()):
                continue
            held[p] = m
            free.discard(m)
        last = len(self.places) - 1
        for p, place in enumerate(self.places):
            if p in held and len(melds[held[p]]) > place.room:  # it outgrew its place
                if p == last:  # nothing after it: the place grows, one card more again
                    place.room = len(melds[held[p]]) + 1
                else:  # growing here would push every meld after it: the grown meld moves instead
                    free.add(held.pop(p))
            place.cards = cards[held[p]] if p in held else None
        for m in sorted(free):
            size = len(melds[m])
            empty = next(
                (p for p, place in enumerate(self.places) if place.cards is None and place.room >= size), None
            )
            if empty is None:
                self.places.append(Place(cards[m], size + 1))
                held[len(self.places) - 1] = m
            else:
                self.places[empty].cards = cards[m]
                held[empty] = m
        while self.places and self.places[-1].cards is None:  # nothing after an empty place: it goes
            self.places.pop()
        return [held.get(p) for p in range(len(self.places))]

    def rooms(self) -> list[int]:
        return [place.room for place in self.places]

    def close_up(self) -> None:
        """Drops the empty places (the table no longer fits with them at its card size)."""
        self.places = [place for place in self.places if place.cards is not None]
        self.closed_up += 1
