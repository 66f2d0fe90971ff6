"""Building the turn's new table by hand (Rommé, 1x1-Rommé, Rummy): the scene's side of the one
table-draft helper (``romme.table.TableDraft``).

The scene moves cards between the hand, the melds and a new meld by position; the draft
holds the working table (a wild keeps what it stood for until its meld changes); each
meld is checked live by the core (``romme.table.read_meld``); ending the turn plays the
draft's place-move, which the game checks against every rule (and explains a refusal):
Rommé without ``rauber`` takes only new melds, lay-offs and joker swaps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from romme.cards import deck
from romme.errors import IllegalMoveError, InvalidNotationError
from romme.games.tablemoves import parse_draft
from romme.table import MeldRefusal, TableDraft, meld_refusal, meld_rules, table_to_hand

if TYPE_CHECKING:
    from pygame import Rect

Source = tuple[str, int, int]  # ("hand", i, 0) or ("meld", meld, i)
#: the board at one moment: the draft's melds, hand and cards taken off the table, and the hand cards left
Board = tuple[list[list[tuple[int, int | None]]], Counter[int], Counter[int], list[str]]


def reading_order(rects: Sequence[Sequence[Rect]]) -> list[int]:
    """The melds (by their cards' rectangles on the table) in the order the eye reads them: row by row, left to
    right; the editor opens on them in this order (it took the engine's, and T moved melds to other places)."""
    return sorted(range(len(rects)), key=lambda m: (rects[m][0].y, rects[m][0].x) if rects[m] else (1 << 30, m))


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
    #: whether the seat rebuilding the table has opened (before, no table card goes into its hand)
    opened: bool = True
    draft: TableDraft = field(init=False)
    hand_left: list[str] = field(init=False)
    _checked: tuple[Any, dict[int, MeldRefusal]] = field(init=False, default=(None, {}), repr=False)
    #: the board before each step that changed it, the last step last: U takes the steps back one by one
    _steps: list[Board] = field(init=False, default_factory=list, repr=False)
    _inside: bool = field(init=False, default=False, repr=False)

    def __post_init__(self) -> None:
        self._start()

    def reset(self) -> None:
        """Back to the table and hand at the start of the turn (a step U takes back: a misplaced R lost the
        whole board)."""
        with self.one_step():
            self._start()

    def can_undo(self) -> bool:
        """Whether a step on the board can be taken back."""
        return bool(self._steps)

    def undo(self) -> bool:
        """Takes back the last step that changed the board (a card moved, one taken back to the hand, a hint
        laid out, a reset); False when the board is as it was opened."""
        if not self._steps:
            return False
        melds, hand, taken, self.hand_left = self._steps.pop()
        self.draft.melds, self.draft.hand, self.draft.taken = melds, hand, taken
        return True

    def _board(self) -> Board:
        d = self.draft
        return [list(m) for m in d.melds], Counter(d.hand), Counter(d.taken), list(self.hand_left)

    @contextmanager
    def one_step(self) -> Iterator[None]:
        """Keeps the board as it was before the step inside, the changes made in it one step for U (the
        selection laid as a new meld with the keyboard is one step, not a card at a time); a step that changed
        nothing (refused, or a reset of an untouched board) keeps nothing."""
        if self._inside:
            yield
            return
        before, self._inside = self._board(), True
        try:
            yield
        finally:
            self._inside = False
            if self._board() != before:
                self._steps.append(before)

    def _start(self) -> None:
        d = deck(self.game)
        if len(self.texts) == len(self.table):
            table = [list(parse_draft(self.game, text)) for text in self.texts]
        else:
            table = [[(d.parse_token(tok), None) for tok in m] for m in self.table]
        self.draft = TableDraft(meld_rules(self.game, self.options), table, [d.parse_token(tok) for tok in self.hand])
        self.hand_left = list(self.hand)

    @property
    def melds(self) -> list[list[str]]:
        """The working table's melds as tokens."""
        token = deck(self.game).token
        return [[token(c) for c, _ in m] for m in self.draft.melds]

    def stands_for(self) -> list[list[str | None]]:
        """Per working-table meld and card: what a wild stands for where the draft knows it (None else)."""
        token = deck(self.game).token
        return [[token(stands) if stands is not None else None for _, stands in m] for m in self.draft.melds]

    def new_melds(self) -> list[int]:
        """The working table's melds that were not on the table when the turn began (new or changed): a
        hint laid out on the board, or the player's rebuilding, marks them."""
        before = Counter(tuple(sorted(m)) for m in self.table)
        out = []
        for k, meld in enumerate(self.melds):
            key = tuple(sorted(meld))
            if before[key] > 0:
                before[key] -= 1
            else:
                out.append(k)
        return out

    @property
    def placed(self) -> list[str]:
        """The hand cards on the working table, in hand order."""
        left = Counter(self.hand_left)
        out = []
        for tok in self.hand:
            if left[tok] > 0:
                left[tok] -= 1
            else:
                out.append(tok)
        return out

    def move(self, source: Source, target: int | None) -> bool:
        """Moves one card to meld ``target`` (None: a new meld). False if nothing moved."""
        with self.one_step():
            return self._move(source, target)

    def _move(self, source: Source, target: int | None) -> bool:
        kind, a, b = source
        melds = self.draft.melds
        new = target is None or not 0 <= target < len(melds)
        try:
            if kind == "hand":
                if not 0 <= a < len(self.hand_left):
                    return False
                code = deck(self.game).parse_token(self.hand_left[a])
                if self.draft.hand[code] <= 0 and self.draft.taken[code] > 0:  # a table card taken this turn
                    self.draft.add_taken(code, None if new else target)
                elif new:
                    self.draft.lay([code])
                else:
                    assert target is not None
                    self.draft.add(code, target)
                self.hand_left.pop(a)
            else:
                if not (0 <= a < len(melds) and 0 <= b < len(melds[a])):
                    return False
                self.draft.move(melds[a][b][0], a, None if new else target)
        except IllegalMoveError:
            return False
        self.draft.prune()
        return True

    def stays(self, meld: int, index: int, table_moves: bool) -> bool:
        """Whether card ``index`` of meld ``meld`` must stay where it lies: a card that lay on the table before this
        turn where the rules move no table cards (``table_moves`` False: Rommé but Räuber-Rommé), a joker aside (a
        swap takes it). Standard Rommé's board let a table card be dragged out of its set, and only the check of
        the finished table refused it, as a set of two (H6 P4)."""
        melds = self.draft.melds
        if table_moves or not (0 <= meld < len(melds) and 0 <= index < len(melds[meld])):
            return False
        code = melds[meld][index][0]
        return self.draft.placed()[code] <= 0 and deck(self.game).types[code].kind != "joker"

    def takes_table_cards(self) -> str:
        """Which table cards may go into the hand, as the core answers it for the game, its rules and the seat's
        opening (``romme.table.table_to_hand``): ``any`` (Räuber-Rommé with ``rauber_table_to_hand``),
        ``leftovers`` (1x1-Rommé: the game refuses at End turn a card that still fits the new table, naming
        it) or ``nothing``. The board asked its own copy of Rommé's rule and never offered 1x1-Rommé's
        leftovers (play-test S1); the game judges the finished table."""
        return table_to_hand(self.game, self.options, self.opened)

    def table_stays_words(self) -> str:
        """The words (an i18n key) for a table card that may not go into the hand: Rommé names the preset that
        lets it."""
        return "table_stays_romme" if self.game == "romme" else "table_stays"

    def back_to_hand(self, meld: int, index: int) -> bool:
        """Returns a card placed this turn to the hand, or a table card where :meth:`takes_table_cards`."""
        with self.one_step():
            return self._back_to_hand(meld, index)

    def _back_to_hand(self, meld: int, index: int) -> bool:
        melds = self.draft.melds
        if not (0 <= meld < len(melds) and 0 <= index < len(melds[meld])):
            return False
        code = melds[meld][index][0]
        try:
            if self.draft.placed()[code] <= 0 and self.takes_table_cards() != "nothing":
                self.draft.take(meld, code)  # it waits in the draft's taken cards, shown in the hand row
            else:
                self.draft.back(meld, code)
        except IllegalMoveError:
            return False
        self.hand_left.append(deck(self.game).token(code))
        self.draft.prune()
        return True

    def show(self, melds: list[list[str]], texts: list[str] | None = None) -> bool:
        """Lays ``melds`` out as the working table (a hint's table), the hand keeping the cards they do
        not use; False (nothing changed) if they need cards the table and the hand do not hold. ``texts``:
        the same melds in the notation (``7h *=8h 9h``): each wild keeps what it stands for, shown on it."""
        with self.one_step():
            return self._show(melds, texts)

    def _show(self, melds: list[list[str]], texts: list[str] | None) -> bool:
        d = deck(self.game)
        try:
            self.draft.set_table([[d.parse_token(tok) for tok in m] for m in melds])
            if texts is not None and len(texts) == len(melds):
                declared = [list(parse_draft(self.game, text)) for text in texts]
                if [[c for c, _ in m] for m in declared] == [[c for c, _ in m] for m in self.draft.melds]:
                    self.draft.melds = declared
        except (IllegalMoveError, InvalidNotationError):
            return False
        left = Counter(d.token(c) for c in self.draft.hand.elements())
        self.hand_left = []
        for tok in self.hand:
            if left[tok] > 0:
                left[tok] -= 1
                self.hand_left.append(tok)
        # the table cards the melds leave go to the hand where the rules let them (a hint of 1x1-Rommé or of
        # 'Räuber: table cards to hand' taking one): in the hand row, as a card dragged there (it was not shown)
        self.hand_left += [d.token(c) for c in self.draft.taken.elements()]
        return True

    def invalid(self) -> list[int]:
        """Indices of melds that are not valid now (marked live on the table; asked once per change)."""
        return sorted(self.faults())

    def faults(self) -> dict[int, MeldRefusal]:
        """Each meld that is not valid now, with the core's reason (named on the meld; asked once per change)."""
        melds = self.melds
        key = tuple(tuple(m) for m in melds)
        if key != self._checked[0]:
            bad = {i: meld_refusal(self.game, m, **self.options) for i, m in enumerate(melds)}
            self._checked = (key, {i: why for i, why in bad.items() if why is not None})
        return dict(self._checked[1])

    def move_text(self) -> str:
        """The place-move of the working table."""
        return self.draft.text()
