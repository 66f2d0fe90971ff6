"""Rommé (game id ``romme``): docs/RULES.md §2 with every option of its table.

A state is a whole match: deals are played until one player's credited
points reach ``target``. A turn is ``draw`` → any number of table moves
(``place``, the new table, or its shortcuts meld, layoff, swap) → ``discard``. With ``knocking`` a *knock*
window follows each discard. Räuber-Rommé without discard pile replaces the
draw and discard by "lay and ``end``, or ``draw stock``" (docs/RULES-NOTES.md).

The meld rules live in :mod:`.melds`, the move values in
:mod:`.moves`, the hand search in :mod:`.solver`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, NamedTuple

from ... import _core
from ...cards import deck
from ...engine import GameSpec, GameState, Move, Result, register
from ...errors import IllegalMoveError, quote
from ...rng import Rng
from ...rules import Rules
from ..tablemoves import meld_view
from . import solver
from .listing import MoveLister, RommeMoves
from .melds import (
    DECLARED,
    JOKER,
    RuleView,
    TableMeld,
    hand_points,
    joker_fits,
    token,
    wanted_cards,
)
from .moves import (
    Discard,
    Draw,
    End,
    Knock,
    LayOff,
    MeldMove,
    Pass,
    Place,
    Swap,
    move_from_json,
    parse_move,
)
from .view import describe, render_board  # noqa: F401  (hooks of `romme play`)

HAND_SIZE = 13
#: A deal ends without a winner when the stock runs out again after this many refills in a row
#: during which nobody laid a card (the table can be full so that nobody can ever go out).
IDLE_REFILLS = 2


class SeatView(NamedTuple):
    """What one seat's observation tells a bot, in card codes instead of texts: the phase, the seat, its
    hand (as the observation lists it), every seat's hand size, the stock size, the discard top (None when
    the pile is empty), the table's melds, who has opened, and for the seat to move the jokers it owes and
    the card its opening must use."""

    phase: str
    player: int
    hand: list[int]
    hand_sizes: list[int]
    stock_size: int
    discard_top: int | None
    table: list[TableMeld]
    opened: list[bool]
    owed_jokers: int
    must_open_with: int | None


class RommeState(MoveLister, GameState):
    """A Rommé match (several deals) for 2–6 players."""

    game_id = "romme"

    def __init__(self, players: int, seed: int | str | None, rules: Rules) -> None:
        super().__init__(players, seed, rules)
        self.opts = RuleView.of(rules.options)
        self.opening_points: int = rules.opening_points
        self.rng = Rng(seed)
        self.scores = [0] * players
        self.deal_no = -1
        self.deal_results: list[dict[str, Any]] = []
        self.with_discard = not (rules.rauber and not rules.rauber_discard_pile)
        self.match_over = False
        self._last_plan: tuple[Move, dict[str, Any]] | None = None
        self._wires_for: list[TableMeld] | None = None  # the table _wires was made of
        self._knocking: bool = rules.knocking  # options read once (Rules looks names up on each access)
        self._pickup_needs_opening: bool = rules.discard_pickup_after_opening
        self._wires: list[bytes] = []
        #: Every hand as it was when the last deal ended: the hands are laid open to count the points.
        self.round_left: list[list[str]] | None = None
        self._start_deal()

    # --- deals and turns --------------------------------------------------
    def _start_deal(self) -> None:
        self.deal_no += 1
        cards = deck("romme").full(jokers_per_deck=self.rules.jokers_per_deck)
        self.rng.shuffle(cards)
        n = self.num_players
        self.hands: list[list[int]] = [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n)]
        self.stock: list[int] = cards[n * HAND_SIZE :]
        self.discard: list[int] = [self.stock.pop()] if self.with_discard else []
        self.table: list[TableMeld] = []
        self.opened = [False] * n
        self.passes = 0
        self.idle_refills = 0
        self.knocker: int | None = None
        self.knock_queue: list[int] = []
        self._begin_turn(self.deal_no % n)

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase_name = "draw" if self.with_discard else "play"
        self.opened_before = self.opened[seat]
        self.owed_jokers = 0  # jokers won by swaps this turn, still to be laid
        self.must_open_with: int | None = None
        self.laid = False
        self._moves_cache: RommeMoves | None = None
        self._pickup_ok: bool | None = None
        if self.with_discard and not self.stock and (len(self.discard) <= 1 or self.idle_refills >= IDLE_REFILLS):
            self._end_deal(None)  # the stock cannot be refilled (again): the deal is locked
        elif self._nobody_can_lay_again():
            self._end_deal(None)

    def _nobody_can_lay_again(self) -> bool:
        """Whether the deal is locked for good: every hand holds at most one card and no card or joker fits
        any table meld. A turn then holds at most two cards (too few for a new meld), a lay-off has no target
        and a joker won by a swap could not be laid again, so the stock would only turn over and over
        (play-test: hundreds of draws and discards before the refill limit ended such a deal). Räuber
        rearrangements and knocking with three or more players (a knocker takes two cards) can still open
        such a deal: not there."""
        if self.rules.rauber or (self._knocking and self.num_players > 2) or any(len(h) > 1 for h in self.hands):
            return False
        return not any(wanted_cards(m, self.opts) or joker_fits(m, self.opts) for m in self.table)

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def _pop_stock(self) -> int | None:
        """The top stock card; an empty stock is first refilled from the discard pile but its top."""
        if not self.stock and len(self.discard) > 1 and self.idle_refills < IDLE_REFILLS:
            self.idle_refills += 1
            self.stock = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(self.stock)
        return self.stock.pop() if self.stock else None

    def _end_deal(self, winner: int | None) -> None:
        record: dict[str, Any] = {"deal": self.deal_no + 1, "winner": winner, "points": 0, "hand_romme": False}
        self.round_left = [[token(c) for c in h] for h in self.hands]
        if winner is not None:
            pts = sum(hand_points(c) for p, h in enumerate(self.hands) if p != winner for c in h)
            if self.rules.hand_romme and not self.opened_before:
                pts *= 2
                record["hand_romme"] = True
            record["points"] = pts
            self.scores[winner] += pts
        self.deal_results.append(record)
        if winner is not None and self.scores[winner] >= self.rules.target:
            self.match_over = True
            self.phase_name = "over"
            self._moves_cache = None
            return
        self._start_deal()

    def clone(self) -> RommeState:
        """An independent copy (rules, melds and moves are immutable and shared)."""
        c = copy.copy(self)
        c.__dict__ = dict(self.__dict__)
        c.history = list(self.history)
        c.rng = Rng(0)
        c.rng.state = self.rng.state
        c.scores = list(self.scores)
        c.deal_results = [dict(r) for r in self.deal_results]
        c.hands = [list(h) for h in self.hands]
        c.stock = list(self.stock)
        c.discard = list(self.discard)
        c.table = list(self.table)
        c.opened = list(self.opened)
        c.knock_queue = list(self.knock_queue)
        c._moves_cache = None
        c._last_plan = None
        return c

    # --- public state -------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.match_over:
            return -1
        if self.phase_name == "knock":
            return self.knock_queue[0]
        return self.turn

    @property
    def phase(self) -> str:
        return self.phase_name

    @property
    def is_over(self) -> bool:
        return self.match_over

    def result(self) -> Result:
        best = max(self.scores)
        winners = tuple(p for p, s in enumerate(self.scores) if s == best and self.match_over)
        return Result(tuple(self.scores), winners, {"deals": list(self.deal_results)})

    def zones(self) -> dict[str, list[int]]:
        z = {
            "stock": list(self.stock),
            "discard": list(self.discard),
            "table": [c for m in self.table for c, _ in m.cards],
        }
        for p, h in enumerate(self.hands):
            z[f"hand{p}"] = list(h)
        return z

    def _observation(self, player: int) -> dict[str, Any]:
        if not 0 <= player < self.num_players:
            raise IllegalMoveError(f"no seat {player} in a {self.num_players}-player game")
        return {
            "game": "romme",
            "player": player,
            "current_player": self.current_player,
            "phase": self.phase,
            "is_over": self.is_over,
            "deal": self.deal_no + 1,
            "scores": list(self.scores),
            "target": self.rules.target,
            "hand": [token(c) for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "discard_size": len(self.discard),
            "discard_top": token(self.discard[-1]) if self.discard else None,
            "table": [meld_view("romme", m.cards, m.kind, m.points) for m in self.table],
            "opened": list(self.opened),
            "knocker": self.knocker,
            "owed_jokers": self.owed_jokers if player == self.turn else 0,
            "must_open_with": token(self.must_open_with)
            if self.must_open_with is not None and player == self.turn
            else None,
            "last_deal": self.deal_results[-1] if self.deal_results else None,
            "round_left": self.round_left,
        }

    def seat_view(self, player: int) -> SeatView:
        """The part of ``observation(player)`` a bot decides from, in card codes (the observation's texts
        cost a bot more to make and read back than its move). :class:`RulesError` for a seat the game does
        not have."""
        self._check_seat(player)
        to_move = player == self.turn
        return SeatView(self.phase, player, list(self.hands[player]), [len(h) for h in self.hands],
                        len(self.stock), self.discard[-1] if self.discard else None, list(self.table),
                        list(self.opened), self.owed_jokers if to_move else 0,
                        self.must_open_with if to_move else None)

    def _parse_move(self, text: str) -> Move:
        return parse_move(text, self.current_player)

    def _move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data, self.current_player)

    # --- helpers ------------------------------------------------------------
    def _can_draw_stock(self) -> bool:
        return bool(self.stock) or (self.with_discard and len(self.discard) > 1 and self.idle_refills < IDLE_REFILLS)

    def _can_draw_discard(self) -> bool:
        if not self.discard:
            return False
        if not self._pickup_needs_opening or self.opened[self.turn]:
            return True
        if self._pickup_ok is None:
            top = self.discard[-1]
            self._pickup_ok = solver.can_open_with(self.hands[self.turn] + [top], top, self.opts)
        return self._pickup_ok

    def _table_wires(self) -> list[bytes]:
        """The table melds in the core's form (kept until the table changes: every table move makes a
        new list)."""
        if self._wires_for is not self.table:
            self._wires_for = self.table
            self._wires = [m.wire for m in self.table]
        return self._wires

    def _turn(self, hand: list[int]) -> tuple[list[int], list[bytes], bool, bool, bool, int, int | None]:
        """The turn of the seat to move as the core's turn checks take it."""
        p = self.turn
        return (hand, self._table_wires(), self.with_discard, self.opened[p], self.opened_before, self.owed_jokers,
                self.must_open_with)

    # --- legality -------------------------------------------------------------
    def _check(self, move: Move) -> None:
        self._last_plan = (move, self._plan(move))

    def _plan(self, move: Move) -> dict[str, Any]:
        """Checks ``move`` and returns what it changes (so apply does not repeat the work)."""
        _check_fields(move)
        return self._changes(move)

    def _changes(self, move: Move) -> dict[str, Any]:
        """What ``move`` (its fields known to be cards and meld numbers) changes, after its rule checks."""
        ph = self.phase_name
        p = self.turn
        hand = self.hands[p]
        if ph == "knock":
            if isinstance(move, (Knock, Pass)):
                return {}
            raise IllegalMoveError(f"{move}: in the knock window only knock or pass")
        if ph == "draw":
            if not isinstance(move, Draw):
                raise IllegalMoveError(f"{move}: the turn starts with draw stock or draw discard")
            if move.source == "stock":
                if not self._can_draw_stock():
                    raise IllegalMoveError("draw stock: the stock is empty and cannot be refilled")
            elif move.source == "discard":
                if not self.discard:
                    raise IllegalMoveError("draw discard: the discard pile is empty")
                if not self._can_draw_discard():
                    raise IllegalMoveError(
                        "discard_pickup_after_opening: take the discard only after opening or to open with it this turn"
                    )
            else:
                raise IllegalMoveError(f"draw from {quote(move.source)}: stock or discard")
            return {}
        # play phase
        if isinstance(move, Draw):
            if self.with_discard:
                raise IllegalMoveError("already drawn this turn")
            if move.source != "stock":
                raise IllegalMoveError("Räuber-Rommé without discard pile: only draw stock")
            if self.laid:
                raise IllegalMoveError("drawing ends a turn without laying; cards were laid: end the turn")
            if not self.stock:
                raise IllegalMoveError("the stock is empty: pass")
            return {}
        if isinstance(move, Pass):
            if self.with_discard or self.stock or self.laid:
                raise IllegalMoveError("pass: only without discard pile, with an empty stock, before laying")
            return {}
        if isinstance(move, End):
            if self.with_discard:
                raise IllegalMoveError("end: the turn ends with a discard")
            if not self.laid:
                raise IllegalMoveError("end: lay cards first, or draw stock")
            if self.owed_jokers:
                raise IllegalMoveError("the joker won by a swap must be laid first")
            return {}
        if isinstance(move, Discard):
            if not self.with_discard:
                raise IllegalMoveError("Räuber-Rommé without discard pile: no discards")
            if move.card not in hand:
                raise IllegalMoveError(f"discard {token(move.card)}: not in the hand")
            if self.owed_jokers:
                raise IllegalMoveError("the joker won by a swap must be laid in this turn before discarding")
            if self.must_open_with is not None and not self.opened[p]:
                raise IllegalMoveError("discard_pickup_after_opening: the taken discard must be used to open this turn")
            return {}
        if isinstance(move, MeldMove):
            return self._plan_meld(move, hand)
        if isinstance(move, (LayOff, Swap)):
            turn = self._turn(hand)
            try:
                if isinstance(move, LayOff):
                    done = _core.romme_lay_off_turn(self.opts.core, turn, move.card, move.target)
                else:
                    done = _core.romme_swap_turn(self.opts.core, turn, move.target, move.card)
            except ValueError as exc:
                raise IllegalMoveError(str(exc)) from None
            i = done.changed
            assert i is not None
            table = self.table[:i] + [TableMeld(*done.melds[0])] + self.table[i + 1 :]
            return {"hand": done.hand, "table": table, "owed": done.jokers_owed}
        if isinstance(move, Place):
            return self._plan_place(move, hand)
        raise IllegalMoveError(f"{move}: not a Rommé move in the {ph} phase")

    def _plan_meld(self, move: MeldMove, hand: list[int]) -> dict[str, Any]:
        try:
            melds = [list(m) for m in move.melds]
            done = _core.romme_meld_turn(self.opts.core, self._turn(hand), melds)
        except ValueError as exc:
            raise IllegalMoveError(str(exc)) from None
        table = self.table + [TableMeld(*row) for row in done.melds]
        return {"hand": done.hand, "table": table, "owed": done.jokers_owed, "opens": done.opens}

    # --- the place-move and its shortcuts ---------------------------------------
    def place_of(self, move: MeldMove | LayOff | Swap) -> Place:
        """The place-move a shortcut stands for: the whole table after it (IllegalMoveError as the
        shortcut's own)."""
        _check_fields(move)
        if self.phase_name != "play":
            raise IllegalMoveError(f"{move}: table moves come after the draw")
        plan = self._plan(move)
        return Place(move.player, tuple(m.cards for m in plan["table"]))

    def _plan_place(self, move: Place, hand: list[int]) -> dict[str, Any]:
        """The core judges a new table by the shortcuts it breaks into (new melds, lay-offs, joker swaps),
        each checked by its own rule; with ``rauber`` any other table is a rearrangement."""
        try:
            judged = _core.romme_place_turn(self.opts.core, self._turn(hand), list(move.melds))
        except ValueError as exc:
            raise IllegalMoveError(str(exc)) from None
        # a meld the move leaves as it was stays the same object (its wire is the whole meld): building
        # every meld of a large table anew cost more than the judge
        kept = {m.wire: m for m in self.table}
        table = [kept.get(r[6]) or TableMeld(*r) for r in judged.melds]
        return {"hand": judged.hand, "table": table, "owed": judged.jokers_owed,
                "opens": judged.opens}

    # --- applying ---------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        cached = self._last_plan
        self._last_plan = None
        self._moves_cache = None
        p = self.turn
        if isinstance(move, Discard):
            self.hands[p].remove(move.card)
            self.discard.append(move.card)
            if not self.hands[p]:
                self._end_deal(p)
                return
            self._open_knock_window(p)
            return
        if isinstance(move, (Knock, Pass)) and self.phase_name == "knock":
            seat = self.knock_queue.pop(0)
            if isinstance(move, Knock):
                self.knocker = seat
                self.knock_queue = []
            if not self.knock_queue:
                self.phase_name = "draw"
            return
        if isinstance(move, Draw):
            if not self.with_discard:
                card = self._pop_stock()
                assert card is not None
                self.hands[p].append(card)
                self.hands[p].sort()
                self.passes = 0
                self._begin_turn(self._next_seat(p))
                return
            if move.source == "discard":
                card = self.discard.pop()
                if not self.opened[p] and self.rules.discard_pickup_after_opening:
                    self.must_open_with = card
                self.knocker = None
            else:
                card = self._pop_stock()
                assert card is not None
            self.hands[p].append(card)
            if self.knocker is not None:
                self._serve_knocker()
            self.hands[p].sort()
            self.phase_name = "play"
            return
        if isinstance(move, Pass):
            self.passes += 1
            if self.passes >= self.num_players:
                self._end_deal(None)
            else:
                self._begin_turn(self._next_seat(p))
            return
        if isinstance(move, End):
            self.passes = 0
            self._begin_turn(self._next_seat(p))
            return
        # table moves: what the check found, or (a listed move, applied without the check: its fields are
        # the core's listing rows) what it changes
        plan = cached[1] if cached is not None and cached[0] is move else self._changes(move)
        self.hands[p] = plan["hand"]
        self.table = plan["table"]
        self.owed_jokers = plan["owed"]
        self.laid = True
        self.idle_refills = 0
        if plan.get("opens"):
            self.opened[p] = True
        if not self.hands[p]:  # only without discard pile
            self._end_deal(p)

    def _serve_knocker(self) -> None:
        """The next player drew from the stock: the knocker takes the discard and a penalty card."""
        k = self.knocker
        assert k is not None
        self.knocker = None
        if not self.discard:
            return
        self.hands[k].append(self.discard.pop())
        penalty = self._pop_stock()
        if penalty is not None:
            self.hands[k].append(penalty)
        self.hands[k].sort()

    def _open_knock_window(self, discarder: int) -> None:
        nxt = (discarder + 1) % self.num_players  # (_next_seat without the call: once a turn)
        self.knocker = None
        self.knock_queue = []
        if self._knocking:
            seat = self._next_seat(nxt)
            while seat != discarder:
                if self.opened[seat]:
                    self.knock_queue.append(seat)
                seat = self._next_seat(seat)
        self._begin_turn(nxt)
        if self.knock_queue and not self.match_over and self.phase_name == "draw":
            self.phase_name = "knock"


#: the fewest players with whom anyone can knock: the discarder and the player after (whose turn it is) never knock
#: (``_open_knock_window``; RULES.md §2: with two players nobody can knock); the table says so beside a knocking
#: rule set chosen for fewer (tests/games/test_romme_knock_players.py holds the flow to it)
KNOCK_LEAST_PLAYERS = 3


def _valid_spec(spec: object, joker_ok: bool = True) -> bool:
    if not isinstance(spec, int) or isinstance(spec, bool):
        return False
    return 0 <= spec < JOKER or (joker_ok and JOKER <= spec < DECLARED + JOKER)


def _melds_ok(m: Any) -> bool:
    return isinstance(m.melds, tuple) and all(isinstance(g, tuple) and all(_valid_spec(x) for x in g) for g in m.melds)


def _table_ok(m: Any) -> bool:
    """Every pair of the place-move's table a Rommé card for itself, or the joker for a natural card or itself."""
    return isinstance(m.table, tuple) and all(
        isinstance(g, tuple) and all(isinstance(p, tuple) and len(p) == 2 and _pair_ok(*p) for p in g) for g in m.table)


def _pair_ok(code: int, stands_for: int) -> bool:
    return _valid_spec(code, joker_ok=False) and stands_for == code or code == JOKER and 0 <= stands_for <= JOKER


_FIELD_CHECKS: dict[type, tuple[str, Any]] = {
    Draw: ("source (stock or discard)", lambda m: m.source in ("stock", "discard")),
    Discard: ("card", lambda m: _valid_spec(m.card, joker_ok=False) or m.card == JOKER),
    LayOff: ("card or target", lambda m: _valid_spec(m.card) and isinstance(m.target, int)),
    # (a joker given for a joker: the core names the rule, 'swap: give the natural card that replaces the joker')
    Swap: ("card or target", lambda m: (_valid_spec(m.card, joker_ok=False) or m.card == JOKER)
           and isinstance(m.target, int)),
    MeldMove: ("melds", _melds_ok),
    Place: ("table", _table_ok),
    Knock: ("", lambda m: True),
    Pass: ("", lambda m: True),
    End: ("", lambda m: True),
}


def _check_fields(move: Move) -> None:
    """Refuses moves whose fields are not cards / meld numbers at all (e.g. built by hand)."""
    entry = _FIELD_CHECKS.get(type(move))
    if entry is None:
        raise IllegalMoveError(f"{quote(move)} is not a Rommé move")
    if not entry[1](move):
        raise IllegalMoveError(f"{quote(move)}: bad {entry[0]}")


def _factory(players: int, seed: int | str | None, rules: Rules) -> GameState:
    return RommeState(players, seed, rules)


SPEC = register(GameSpec("romme", "Rommé", 2, 6, 4, _factory, deck="romme"))
