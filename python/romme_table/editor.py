"""Building the turn's new table by hand (Rommé, 1x1-Rommé, Rummy): a working copy of the melds.

Pure data: the scene moves cards between the hand, the melds and a new meld;
each meld is checked live by the core (``romme.table.read_meld``); ending the turn
writes the working table as the place-move (``romme.table.place_notation``), which
the game checks against every rule (and explains a refusal): Rommé without
``rauber`` takes only new melds, lay-offs and joker swaps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from romme.table import place_notation, read_meld

Source = tuple[str, int, int]  # ("hand", i, 0) or ("meld", meld, i)


@dataclass
class TableEditor:
    """The table as it is being rebuilt this turn."""

    game: str
    table: list[list[str]]
    hand: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    #: each table meld as the notation writes it (a wild with what it stands for, ``*=8h``): a meld left
    #: as it was keeps its wilds' places in the move
    texts: list[str] = field(default_factory=list)
    melds: list[list[str]] = field(init=False)
    hand_left: list[str] = field(init=False)
    _checked: tuple[Any, list[int]] = field(init=False, default=(None, []), repr=False)

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Back to the table and hand at the start of the turn."""
        self.melds = [list(m) for m in self.table]
        self.hand_left = list(self.hand)

    @property
    def placed(self) -> list[str]:
        left = list(self.hand_left)
        out = []
        for tok in self.hand:
            if tok in left:
                left.remove(tok)
            else:
                out.append(tok)
        return out

    def move(self, source: Source, target: int | None) -> bool:
        """Moves one card to meld ``target`` (None: a new meld). False if nothing moved."""
        kind, a, b = source
        if kind == "hand":
            if not 0 <= a < len(self.hand_left):
                return False
            card = self.hand_left.pop(a)
        else:
            if not (0 <= a < len(self.melds) and 0 <= b < len(self.melds[a])):
                return False
            card = self.melds[a].pop(b)
        if target is None or not 0 <= target < len(self.melds):
            self.melds.append([card])
        else:
            self.melds[target].append(card)
        self.melds = [m for m in self.melds if m]
        return True

    def back_to_hand(self, meld: int, index: int) -> bool:
        """Returns a card placed this turn to the hand (table cards must stay)."""
        if not (0 <= meld < len(self.melds) and 0 <= index < len(self.melds[meld])):
            return False
        card = self.melds[meld][index]
        if card not in self.placed:
            return False
        self.melds[meld].pop(index)
        self.hand_left.append(card)
        self.melds = [m for m in self.melds if m]
        return True

    def invalid(self) -> list[int]:
        """Indices of melds that are not valid now (marked live on the table; asked once per change)."""
        key = tuple(tuple(m) for m in self.melds)
        if key != self._checked[0]:
            bad = [i for i, m in enumerate(self.melds) if read_meld(self.game, m, **self.options) is None]
            self._checked = (key, bad)
        return list(self._checked[1])

    def move_text(self) -> str:
        """The place-move of the working table."""
        kept = len(self.texts) == len(self.table)
        return place_notation(
            self.texts[i].split() if kept and i < len(self.table) and m == self.table[i] else m
            for i, m in enumerate(self.melds)
        )
