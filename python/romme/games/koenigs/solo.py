"""Königs-Rommé solitaire (docs/RULES.md §1a, sheet 000 "Variante für 1 Spieler").

All 116 cards are shuffled into eleven face-up hands of 3, 4, ..., 13 cards
(hand k plays with the wild rank of round k, k+2) and a stock of 28. The top
stock card is turned; a step (``place 5 Kh``) adds it to unfinished hand 5
and removes Kh from that hand (Kh may be the turned card itself) out of the
game. A hand whose cards all meld is finished and turned over at once (also
right after the deal). Win: all eleven hands finished; lose: the stock runs
out first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ... import _core
from ...cards import read_number
from ...engine import GameSpec, GameState, Move, Result, register
from ...errors import IllegalMoveError, InvalidNotationError, quote
from ...rng import Rng
from ...rules import Rules
from ..lazy_moves import LazyMoves
from . import (
    _DECK,
    _FULL,
    NUM_CODES,
    _card_from_json,
    is_wild,
    rank_name,
    token,
    wild_rank,
)

GAME = "koenigs-solo"
HANDS = 11
PLAY, OVER = "place", "over"


@dataclass(frozen=True)
class Place(Move):
    """Add the turned card to hand ``hand`` (1..11) and remove ``card`` from it."""

    hand: int = 1
    card: int = 0
    kind: ClassVar[str] = "place"

    def __str__(self) -> str:
        return f"place {self.hand} {token(self.card)}"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        """The card it takes out of the hand."""
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": 0, "hand": self.hand, "card": token(self.card)}


_PLACE = [[Place(0, k, c) for c in range(NUM_CODES)] for k in range(HANDS + 1)]


def hand_finished(cards: list[int], k: int) -> bool:
    """Whether hand ``k``'s cards all meld with wild rank k+2 (the core: ``melds_fully``)."""
    return _core.koenigs_melds_fully(cards, k)


class SoloMoves(LazyMoves):
    """The legal moves of one position as a lazy sequence: per unfinished hand (ascending), removing
    each distinct card of it (ascending), then the turned card if the hand does not hold it. Random
    play takes one move of about seventy: only that one is looked up."""

    __slots__ = ("_held", "_made", "_open", "_rows", "_turned")

    def __init__(
        self, rows: list[list[Move]], open_hands: tuple[int, ...], turned: int, held: int, size: int,
        made: list[Move],
    ) -> None:
        self._rows = rows  # per hand, the moves removing each distinct card of it (a copy: the state's changes)
        self._open = open_hands
        self._turned = turned
        self._held = held  # bit k: unfinished hand k holds the turned card
        self._len = size
        #: the state's record of the moves handed out (``GameState._remember_listing``): apply trusts them
        self._made = made

    def _move_at(self, i: int) -> Move:
        rows, held = self._rows, self._held
        for k in self._open:
            row = rows[k]
            size = len(row)
            if i < size:
                move = row[i]
                break
            i -= size
            if not held >> k & 1:
                if not i:
                    move = _PLACE[k][self._turned]
                    break
                i -= 1
        self._made.append(move)
        return move

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Place) or any(type(v) is not int for v in (move.player, move.hand, move.card)):
            return False
        k = move.hand
        return move.player == 0 and k in self._open and (move.card == self._turned or move in self._rows[k])



class KoenigsSoloState(GameState):
    """A solitaire game (see the module docstring)."""

    game_id: ClassVar[str] = GAME

    def __init__(self, players: int, seed: int | str | None, rules: Rules) -> None:
        super().__init__(players, seed, rules)
        rng = Rng(seed)
        cards = list(_FULL)
        rng.shuffle(cards)
        self.hands: list[list[int]] = [[]]  # index 0 unused: hands are numbered 1..11 like rounds
        pos = 0
        for k in range(1, HANDS + 1):
            self.hands.append(cards[pos : pos + k + 2])
            pos += k + 2
        self.stock = cards[pos:]  # top last; the top card is the turned one
        self.removed: list[int] = []
        self.finished = [False] + [hand_finished(self.hands[k], k) for k in range(1, HANDS + 1)]
        self.reindex()

    def reindex(self) -> None:
        """Builds the listing's index from ``hands`` and ``finished`` (done at the deal; again only after
        setting those by hand, as a test rigging a position does): the unfinished hands, per hand the
        moves removing each distinct card (a new list when the hand changes), by card the unfinished hands
        holding it (bit k), and the number of all those moves. Every step keeps it up to date."""
        #: the unfinished hands' numbers, ascending (a new tuple when one finishes: listings keep theirs)
        self._open = tuple(k for k in range(1, HANDS + 1) if not self.finished[k])
        self._rows: list[list[Move]] = [[] for _ in range(HANDS + 1)]
        self._holders = [0] * NUM_CODES
        self._row_moves = 0
        for k in self._open:
            self._index_hand(k)

    @property
    def turned(self) -> int | None:
        """The face-up top stock card, or None when the stock is empty."""
        return self.stock[-1] if self.stock else None

    @property
    def won(self) -> bool:
        return not self._open

    @property
    def current_player(self) -> int:
        return 0 if self.stock and self._open else -1

    @property
    def phase(self) -> str:
        return OVER if self.is_over else PLAY

    @property
    def is_over(self) -> bool:
        return not (self.stock and self._open)

    def legal_moves(self) -> SoloMoves:
        """Every move ``apply`` accepts: per unfinished hand, removing each distinct card of it or
        the turned card (a lazy sequence, :class:`SoloMoves`)."""
        made = self._remember_listing()  # filled as the lazy list hands out its moves
        if not self.stock:
            return SoloMoves([], (), 0, 0, 0, made)
        t = self.stock[-1]
        held = self._holders[t]
        size = self._row_moves + len(self._open) - held.bit_count()
        return SoloMoves(list(self._rows), self._open, t, held, size, made)

    def _index_hand(self, k: int) -> None:
        """Enters unfinished hand ``k`` (as it is now) in the listing's index."""
        bit = 1 << k
        holders = self._holders
        for c in self._index_row(k):
            holders[c] |= bit

    def _index_row(self, k: int) -> list[int]:
        """Makes hand ``k``'s row of moves anew (its distinct cards, returned ascending)."""
        cards = sorted(set(self.hands[k]))
        self._row_moves += len(cards) - len(self._rows[k])
        self._rows[k] = list(map(_PLACE[k].__getitem__, cards))
        return cards

    def _unindex_hand(self, k: int) -> None:
        """Takes finished hand ``k`` out of the listing's index."""
        keep = ~(1 << k)
        holders = self._holders
        for c in set(self.hands[k]):
            holders[c] &= keep
        self._row_moves -= len(self._rows[k])
        self._rows[k] = []

    def _check(self, move: Move) -> None:
        if not isinstance(move, Place):
            raise IllegalMoveError(f"{move}: not a solitaire move (place HAND CARD)")
        k = move.hand
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= HANDS:
            raise IllegalMoveError(f"{move}: hands are numbered 1..11")
        if self.finished[k]:
            raise IllegalMoveError(f"{move}: hand {k} is finished; cards go only to unfinished hands")
        if isinstance(move.card, bool) or (move.card != self.stock[-1] and move.card not in self.hands[k]):
            raise IllegalMoveError(f"{move}: {token(move.card)} is neither in hand {k} nor the turned card")

    def _apply(self, move: Move) -> None:
        assert isinstance(move, Place)
        k = move.hand
        t = self.stock.pop()
        self.removed.append(move.card)
        if move.card == t:
            return  # the turned card went straight out: the hand is unchanged
        hand = self.hands[k]
        hand.append(t)
        hand.remove(move.card)
        if hand_finished(hand, k):
            self.finished[k] = True
            self._open = tuple(j for j in self._open if j != k)
            self._unindex_hand(k)
            return
        # the index of the changed hand: its row, and who holds the turned and the removed card
        self._index_row(k)
        self._holders[t] |= 1 << k
        if move.card not in hand:
            self._holders[move.card] &= ~(1 << k)

    def result(self) -> Result:
        done = sum(self.finished[1:])
        return Result((done,), (0,) if self.won else (), {"won": self.won, "finished_hands": done})

    def _observation(self, player: int) -> dict[str, Any]:
        if player != 0:
            raise IllegalMoveError(f"no seat {player} in the solitaire")
        return {
            "game": GAME,
            "player": 0,
            "current_player": self.current_player,
            "phase": self.phase,
            "is_over": self.is_over,
            "won": self.won,
            "hands": {str(k): [token(c) for c in self.hands[k]] for k in range(1, HANDS + 1)},
            "wild_ranks": {str(k): rank_name(wild_rank(k)) for k in range(1, HANDS + 1)},
            "finished": [k for k in range(1, HANDS + 1) if self.finished[k]],
            "turned": token(self.stock[-1]) if self.stock else None,
            "stock_size": len(self.stock),
            "hand": [],
            "hand_sizes": [0],
            "removed": [token(c) for c in self.removed],
            "scores": [sum(self.finished[1:])],
        }

    def _parse_move(self, text: str) -> Move:
        words = text.strip().split()
        if len(words) == 3 and words[0].lower() in ("place", "put", "p"):
            words = words[1:]
        k = read_number(words[0]) if len(words) == 2 else None
        if k is not None:
            if not 1 <= k <= HANDS:
                raise InvalidNotationError(f"hand {k} does not exist: hands are numbered 1..11")
            return _PLACE[k][_DECK.parse_token(words[1])]
        raise InvalidNotationError(f"cannot read move {quote(text)}: expected 'place HAND CARD', e.g. 'place 5 Kh'")

    def _move_from_json(self, data: Mapping[str, Any]) -> Move:
        if data.get("kind") != "place" or data.get("player") != 0:
            raise InvalidNotationError(f"not a solitaire move: {quote(dict(data), 80)}")
        k = data.get("hand")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= HANDS:
            raise InvalidNotationError(f"bad hand {quote(k)}: hands are numbered 1..11")
        return _PLACE[k][_card_from_json(data.get("card"))]

    def zones(self) -> dict[str, list[int]]:
        z = {"stock": list(self.stock), "out": list(self.removed)}
        for k in range(1, HANDS + 1):
            z[f"solo{k}"] = list(self.hands[k])  # face-up hands: public
        return z

    def clone(self) -> KoenigsSoloState:
        new = object.__new__(KoenigsSoloState)
        d = self.__dict__.copy()
        d["history"] = list(self.history)
        d["hands"] = [list(h) for h in self.hands]
        d["stock"] = list(self.stock)
        d["removed"] = list(self.removed)
        d["finished"] = list(self.finished)
        d["_rows"] = list(self._rows)  # the row lists themselves are never changed in place
        d["_holders"] = list(self._holders)
        new.__dict__ = d
        return new


register(GameSpec(GAME, "Königs-Rommé solitaire", 1, 1, 1, KoenigsSoloState, deck="koenigs"))


def render_board(state: GameState, player: int) -> Any:
    """The eleven hands, the turned card and the stock (rich)."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from . import sort_hand, styled

    assert isinstance(state, KoenigsSoloState)
    obs = state.observation(0)
    t = Table(box=None, pad_edge=False)
    for col in ("hand", "wild", "cards"):
        t.add_column(col)
    for k in range(1, HANDS + 1):
        cards = obs["hands"][str(k)]
        t.add_row(
            str(k),
            obs["wild_ranks"][str(k)],
            Text("finished ✓", style="dim") if state.finished[k] else styled(sort_hand(cards), k),
        )
    turned = obs["turned"]
    head = Text(f"Stock {obs['stock_size']} · turned card: ") + (Text(turned, style="bold") if turned else Text("-"))
    from rich.console import Group

    return Panel(Group(head, t), title="Königs-Rommé solitaire", expand=False)


def describe(before: GameState, move: Move, after: GameState, viewer: int | None) -> list[str]:
    assert isinstance(after, KoenigsSoloState) and isinstance(move, Place)
    notes = []
    if after.finished[move.hand]:
        notes.append(f"  hand {move.hand} is finished!")
    if after.is_over:
        notes.append(
            "You won: all eleven hands finished."
            if after.won
            else f"The stock is empty: {sum(after.finished[1:])} of 11 hands finished."
        )
    if viewer is None and after.stock and not after.is_over:
        notes.append(f"  next card: {token(after.stock[-1])}")
    return notes


def describe_start(state: GameState, viewer: int | None) -> list[str]:
    assert isinstance(state, KoenigsSoloState)
    done = [k for k in range(1, HANDS + 1) if state.finished[k]]
    lines = [f"Eleven hands dealt; finished at the deal: {done or 'none'}"]
    if viewer is None:
        lines.extend(f"  hand {k}: {' '.join(token(c) for c in state.hands[k])}" for k in range(1, HANDS + 1))
        if state.stock:
            lines.append(f"  turned card: {token(state.stock[-1])}")
    return lines


__all__ = ["KoenigsSoloState", "Place", "SoloMoves", "hand_finished", "is_wild"]
