"""Rearranging the table by hand (Räuber games): a working copy of the melds.

Pure data: the scene moves cards between the hand, the melds and a new meld;
each meld is checked live with the Rust core's meld rules; ending the turn
turns the working table into the game's whole-table move text, which the game
checks against every rule (and explains a refusal).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from romme.cards import deck
from romme.table import read_meld

#: game -> (verb, meld separator) of its whole-table move notation
TABLE_MOVES = {"rummy": ("place", " | "), "einmaleins": ("place", " | "), "romme": ("rearrange", " / ")}

Source = tuple[str, int, int]  # ("hand", i, 0) or ("meld", meld, i)


@dataclass
class TableEditor:
    """The table as it is being rebuilt this turn."""

    game: str
    table: list[list[str]]
    hand: list[str]
    options: dict[str, Any] = field(default_factory=dict)
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

    def invalid(self, check: Callable[[list[int]], Any] | None = None) -> list[int]:
        """Indices of melds that are not valid now (marked live on the table)."""
        key = (tuple(tuple(m) for m in self.melds), check)
        if check is None and key == self._checked[0]:
            return list(self._checked[1])
        d = deck(self.game)
        bad = []
        for i, m in enumerate(self.melds):
            try:
                codes = [d.parse_token(t) for t in m]
                if check is not None:
                    check(codes)
                elif read_meld(self.game, codes, **self.options) is None:
                    bad.append(i)
            except ValueError:
                bad.append(i)
        self._checked = (key, bad)
        return bad

    def move_text(self) -> str:
        """The game's whole-table move for the working table."""
        verb, sep = TABLE_MOVES[self.game]
        return f"{verb} " + sep.join(" ".join(m) for m in self.melds)
