"""Where each meld sits on the table between turns: a player follows the table by its places.

The engine lists the table's melds in its own order, and a meld that grows or a new meld laid before
others made the flowed rows move every meld after it. Here each meld keeps a place (a slot) while it
stays on the table: the same cards, or the cards it had and more (a lay-off), or most of them (a joker
swapped out). Places are laid out with even gaps, each as wide as its meld: a lay-off grows its meld's
place and the melds after it on its row move along by a card, none changes its row. A place keeps its
row also when the cards change size (more melds, a resized window): the rows flowed again at every size
and the player lost track. A meld that leaves the table gives its place to a new meld of the same move that
fits in it, else the place closes up (the melds after it on its row move along); a new meld takes a place
after the others. A rearranged meld that keeps too few of its cards is a new one. In play a meld stays in its
row: a meld laid takes the last row or a new one, a lay-off grows its meld in place, and where the rows then
do not fit at this card size the cards get smaller. The rows are laid anew (evenly: six melds 3 and 3,
layout.py) only when kept they would overflow the table (they do not fit even at the smallest cards), when
the window was resized and a fresh layout has clearly larger cards, or when melds taken off the table left
the rows uneven (a row of one meld under a full one). Re-flowing whenever a fresh layout had cards 15 %
larger moved melds between rows after a meld was laid or a lay-off lengthened one (F18): the player lost
the melds they had found, for cards a few pixels larger.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from pygame import Rect

from .layout import SMALLEST_MELD_CARD, TableLayout
from .scenes import ui_scale

#: after the window was resized the kept rows give way to a fresh layout whose cards are this much larger
REFLOW_GAIN = 1.15


def overflows(lay: TableLayout) -> bool:
    """Whether the melds of ``lay`` overflow the table: they are at the smallest cards, where a layout that
    cannot keep its rows flows without them, its melds perhaps running past the bottom of the table's area."""
    return lay.new_meld.h <= round(SMALLEST_MELD_CARD * ui_scale(lay.size))


def rows_give_way(lay: TableLayout, resized: bool, fresh: Callable[[], TableLayout]) -> bool:
    """Whether the rows kept in ``lay`` give way to a fresh layout: kept they overflow the table, or the window
    was ``resized`` and the fresh layout (``fresh()``, asked only then) has :data:`REFLOW_GAIN` larger cards."""
    if overflows(lay):
        return True
    return resized and fresh().new_meld.h >= lay.new_meld.h * REFLOW_GAIN


@dataclass
class Place:
    """One place on the table: the cards of the meld in it (None: empty), the cards it has room for, and
    its row on the table (None: not laid out yet)."""

    cards: Counter[str] | None
    room: int
    row: int | None = None


def _overlap(a: Counter[str], b: Counter[str]) -> int:
    return sum((a & b).values())


class MeldPlaces:
    """The places of the table's melds, kept from one call of :meth:`arrange` to the next."""

    def __init__(self) -> None:
        self.places: list[Place] = []
        self.closed_up = 0  # times the places were laid anew (every meld may move then)
        self.deal: object = None  # the deal the places are of
        self.emptied = 0  # places the last arrange found no meld for (a rearrangement took melds off the table)
        self.size: tuple[int, int] | None = None  # the window the places were last laid out in

    def arrange(self, melds: list[list[str]], deal: object = None) -> list[int | None]:
        """The melds in their places: for each place, the index of its meld in ``melds`` or None (empty).
        A new ``deal`` (its round counters; None: the same) starts from the first place: the table between two
        deals may never be seen empty (the bots play on), and a new deal's meld sharing two of three cards
        with one of the last deal took its place, leaving the others' places empty."""
        if deal is not None and deal != self.deal:
            self.places, self.deal = [], deal
        if not melds:
            self.places = []  # a new deal, an emptied table: the next melds start from the first place
            return []
        cards = [Counter(m) for m in melds]
        held: dict[int, int] = {}  # place -> meld
        free = set(range(len(melds)))
        # the same cards first (a place takes the first such meld still free), then the most cards kept (a
        # lay-off keeps all, a joker swap all but one); only places and melds left unmatched are compared
        # pairwise: the table is laid out every frame and mostly is as it was
        alike: dict[tuple[str, ...], list[int]] = {}
        for m, meld in enumerate(melds):
            alike.setdefault(tuple(sorted(meld)), []).append(m)
        for p, place in enumerate(self.places):
            same = alike.get(tuple(sorted(place.cards.elements())), []) if place.cards is not None else []
            first = next((m for m in same if m in free), None)
            if first is not None:
                held[p] = first
                free.discard(first)
        pairs = [
            (_overlap(place.cards, cards[m]), p, m)
            for p, place in enumerate(self.places)
            if place.cards is not None and p not in held
            for m in free
        ]
        for kept, p, m in sorted(pairs, key=lambda x: (-x[0], x[1], x[2])):
            old = self.places[p].cards
            if p in held or m not in free or old is None or 2 * kept <= sum(old.values()):
                continue
            held[p] = m
            free.discard(m)
        for p, place in enumerate(self.places):
            place.cards = cards[held[p]] if p in held else None
            if p in held:
                place.room = len(melds[held[p]])  # as wide as its meld: even gaps, a lay-off grows the place
        for m in sorted(free):
            size = len(melds[m])
            empty = next(
                (p for p, place in enumerate(self.places) if place.cards is None and place.room >= size), None
            )
            if empty is None:
                self.places.append(Place(cards[m], size))
                held[len(self.places) - 1] = m
            else:
                self.places[empty].cards = cards[m]
                held[empty] = m
        # a place no meld took closes up: the melds after it on its row move along (a Räuber rearrangement that
        # took a meld off left a hole in its row, the next melds standing apart)
        order = [held.get(p) for p in range(len(self.places))]
        self.emptied = order.count(None)
        self.places = [place for place, m in zip(self.places, order) if m is not None]
        return [m for m in order if m is not None]

    def rooms(self) -> list[int]:
        return [place.room for place in self.places]

    def rows(self) -> list[int | None]:
        return [place.row for place in self.places]

    def close_up(self) -> None:
        """Drops the empty places (the table no longer fits with them at its card size)."""
        self.places = [place for place in self.places if place.cards is not None]
        self.closed_up += 1

    def lay_anew(self) -> None:
        """Forgets the rows (and drops the empty places): the next layout flows the melds afresh."""
        self.close_up()
        for place in self.places:
            place.row = None

    def note_rows(self, rects: list[list[Rect]]) -> None:
        """Reads each place's row from where the layout put it (``rects``: one list per place)."""
        tops = sorted({r[0].y for r in rects if r})
        for place, placed in zip(self.places, rects):
            if placed:
                place.row = tops.index(placed[0].y)


#: rows of melds are laid anew when the shortest is less than this share of the longest (one meld under five)
UNEVEN = 0.5


def evenness(melds: list[list[Rect]]) -> float:
    """The shortest row of ``melds`` (each meld's card rectangles) over the longest, by the width they take."""
    rows: dict[int, tuple[int, int]] = {}
    for m in melds:
        if m:
            left, right = rows.get(m[0].y, (m[0].x, m[-1].right))
            rows[m[0].y] = (min(left, m[0].x), max(right, m[-1].right))
    widths = [right - left for left, right in rows.values()]
    return min(widths) / max(widths) if len(widths) > 1 and max(widths) > 0 else 1.0


#: a table layout for meld sizes, the cards each place holds at least, and the row each place keeps (None: any)
LayoutFor = Callable[[list[int], list[int] | None, list[int | None] | None], TableLayout]


def placed_layout(
    places: MeldPlaces, table: list[list[str]], drafts: list[list[str]], layout: LayoutFor, deal: object = None
) -> TableLayout:
    """The table's melds in their kept places and rows, the draft's melds after them; the layout's meld
    rectangles in the order of ``table + drafts``. The rows are laid anew when kept they overflow the table, or
    the window was resized and keeping them makes the cards :data:`REFLOW_GAIN` smaller than a fresh layout; the
    empty places close up when the cards are smaller with them than without."""
    drafted = [len(g) for g in drafts]

    def kept() -> tuple[list[int | None], TableLayout]:
        order = places.arrange(table, deal)
        sizes = [0 if m is None else len(table[m]) for m in order] + drafted
        return order, layout(sizes, places.rooms() + drafted, places.rows() + [None] * len(drafts))

    order, lay = kept()
    emptied = places.emptied  # (arranging again below finds the emptied places gone)
    filled = [len(table[m]) for m in order if m is not None] + drafted
    # no layout's meld cards are larger than its hand's (the table is laid out every frame, and mostly has
    # them at that size): the other layouts are made only when they could give larger cards
    largest = lay.card[1]
    resized, places.size = places.size not in (None, lay.size), lay.size
    if any(row is not None for row in places.rows()):
        # (a fresh layout is asked only where its cards could be REFLOW_GAIN larger)
        could_grow = resized and lay.new_meld.h * REFLOW_GAIN <= largest
        if rows_give_way(lay, could_grow, lambda: layout(filled, None, None)):
            places.lay_anew()
            order, lay = kept()
    if None in order and lay.new_meld.h < largest:
        rows = [row for m, row in zip(order, places.rows()) if m is not None] + [None] * len(drafts)
        if layout(filled, None, rows).new_meld.h > lay.new_meld.h:
            places.close_up()
            order, lay = kept()
    # a row emptied by a rearrangement is laid anew with the others; a meld laid (or a draft) never moves the melds
    # already on the table to other rows: the player follows them by their places (a new row of one meld under
    # full ones stays as it is)
    if emptied and evenness(lay.melds) < UNEVEN:
        fresh = layout(filled, None, None)  # (laid afresh the rows are even, layout.py)
        if fresh.new_meld.h >= lay.new_meld.h and evenness(fresh.melds) > evenness(lay.melds) + 0.1:
            places.lay_anew()
            order, lay = kept()
    places.note_rows(lay.melds[: len(order)])
    placed: list[list[Rect]] = [[] for _ in table]
    for slot, m in enumerate(order):
        if m is not None:
            placed[m] = lay.melds[slot]
    return replace(lay, melds=list(placed) + lay.melds[len(order) :])


def rows_read(lay: TableLayout, count: int) -> list[int | None]:
    """The row of each of the first ``count`` melds of ``lay`` in reading order (row by row, left to right): the
    rows the table editor opens on, its melds being in that order."""
    placed = [m for m in lay.melds[:count] if m]
    tops = sorted({m[0].y for m in placed})
    return [tops.index(m[0].y) for m in sorted(placed, key=lambda m: (m[0].y, m[0].x))]


@dataclass
class BoardPlaces:
    """The melds' places while the table is rebuilt (the editor): each meld keeps the row it had on the table and
    a place as wide as the most cards it has held this turn (a card taken off leaves no gap to close; a card laid
    off moves the melds after it on its row by a card, as in play: the places held room for a card more after
    every meld, uneven gaps that read as empty places). The rows give way as the table's do (:func:`placed_layout`):
    when kept they overflow the board, or the window was resized and a fresh layout has clearly larger cards."""

    editor: object = None
    room: list[int] = field(default_factory=list)
    rows: list[int | None] | None = None
    size: tuple[int, int] | None = None  # the window the board was last laid out in

    def layout(
        self, editor: object, sizes: list[int], table: Callable[[], TableLayout], layout: LayoutFor
    ) -> TableLayout:
        """The board of ``editor`` (its melds' ``sizes``); ``table``: the table's layout as the board opens on it
        (its rows are kept; asked once an editor)."""
        if editor is not self.editor:
            self.editor, self.room = editor, list(sizes)
            self.rows = rows_read(table(), len(sizes))
        self.room = [max(n, self.room[k]) if k < len(self.room) else n for k, n in enumerate(sizes)]
        lay = layout(sizes, self.room, self.rows)
        resized, self.size = self.size not in (None, lay.size), lay.size
        fresh = functools.cache(lambda: layout(sizes, self.room, None))
        if self.rows is not None and rows_give_way(lay, resized, fresh):
            self.rows, lay = None, fresh()
        return lay
