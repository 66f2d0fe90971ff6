"""Rummy (game id ``rummy``): the Rummikub-like Räuber-Rommé of sheet 003.

Two players get 18 random cards each, one of them a joker (3–4 players: 14
random cards each). A turn is one move: ``place <new table>`` lays at least
one hand card (new melds, lay-offs, any rearrangement of the table), or
``pass`` gives the player one random stock card. The first laying down
(opening) is new melds from the hand worth at least ``opening_points``
(jokers count 0); from the next turn on the whole table may be rearranged.
Rule 1: no table card goes to the hand; rule 2: every meld is valid at the
end of the turn; rule 3: at most ``max_hand_cards_per_turn`` hand cards
are placed per turn. The game ends when a hand is empty, or at once when
a player draws the last stock card (hand sums, joker 25: the higher loses).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from ... import _core
from ...cards import deck, format_cards
from ...engine import GameSpec, GameState, Move, Result, register
from ...errors import IllegalMoveError, InvalidNotationError, SolverError, quote
from ...rng import Rng
from ...rules import Rules
from ...table import MAX_WORK_BUDGET, check_work_budget
from .. import tablemoves as tm
from ..tablemoves import Draft, MeldT, TableT
from .listing import Listed, RummyMoves

GAME = "rummy"
JOKER = 52
COLOURS = 4
NUMBERS = 13
TYPES = 53


def number(code: int) -> int:
    return code % NUMBERS + 1


def colour(code: int) -> int:
    return code // NUMBERS


def card(col: int, num: int) -> int:
    return col * NUMBERS + num - 1


# --- meld rules (one place; the Rust core's validate_meld checks the same) ---------------------


class RummyMelds:
    """Sets (3–4 of one number, colours all different) and runs (3+ of one colour, no wrap)."""

    game = GAME

    def is_wild(self, code: int) -> bool:
        return code == JOKER

    def resolve(self, cards: Draft) -> MeldT | None:
        return _resolve(tuple(sorted(cards, key=lambda p: (p[0], -1 if p[1] is None else p[1]))))

    @staticmethod
    def opening_points(meld: MeldT) -> int:
        """Points toward the opening: the numbers of the natural cards (jokers 0), the core's counting."""
        return _meld_points(meld)


MELDS = RummyMelds()


# The memo caches are bounded: a process that plays game after game (simulate, a bot ladder) meets new
# hands all the time, and unbounded caches grew its RSS without end (4,000 games: 28 -> 48 MB, climbing).
# The sizes hold the working set of a game with room to spare (tests/cli/test_cli_hardening.py checks the bound).
MEMO_SIZE = 1 << 13


@lru_cache(maxsize=MEMO_SIZE)
def _meld_points(meld: MeldT) -> int:
    return _core.table_meld_points(GAME, meld)


@lru_cache(maxsize=MEMO_SIZE)
def _resolve(cards: Draft) -> MeldT | None:
    """The meld the core reads from a draft (``rummy::read_draft``: set or run, whichever stands for more)."""
    meld = _core.rummy_read_draft(list(cards))
    return None if meld is None else meld.pairs


# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PassMove(Move):
    """Lay nothing; the player is given one random stock card."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class RummyPlace(tm.PlaceMove):
    game: ClassVar[str] = GAME


class SearchedTurn(NamedTuple):
    """The core's table search for the seat to move (:meth:`RummyState.searched_turn`): the place
    move it found (None: none), the hand cards it lays (a code a byte), and what the search proved."""

    move: RummyPlace | None
    placed: bytes
    #: No place move is legal.
    proven_none: bool
    #: No place move lays more hand cards.
    proven_most: bool


class SeatView(NamedTuple):
    """What one seat's observation tells, in card codes instead of texts: the seat's hand as counts
    per code, the table as melds and who has opened."""

    hand: list[int]
    table: TableT
    opened: tuple[bool, ...]


#: A card's points in a hand at the end by code, counted by the core (number; joker 25).
_HAND_POINTS: tuple[int, ...] = tuple(_core.hand_points("rummy"))


def hand_points(code: int) -> int:
    """A card's points in a hand at the end (number; joker 25)."""
    return _HAND_POINTS[code]


# --- the state -----------------------------------------------------------------------------------


class RummyState(GameState):
    """A Rummy position. Hands are count vectors by card code."""

    game_id: ClassVar[str] = GAME

    def __init__(self, players: int, seed: int | str | None, rules: Rules) -> None:
        super().__init__(players, seed, rules)
        rng = Rng(seed)
        full = deck(GAME).full()
        self.hands: list[list[int]] = [[0] * TYPES for _ in range(players)]
        if players == 2:
            # The sheet's deal: 18 cards each, one of them a joker.
            rest = [c for c in full if c != JOKER]
            rng.shuffle(rest)
            for p in range(2):
                self.hands[p][JOKER] += 1
                for c in rest[p * 17 : (p + 1) * 17]:
                    self.hands[p][c] += 1
            self.stock = rest[34:]
        else:
            rng.shuffle(full)
            for p in range(players):
                for c in full[p * 14 : (p + 1) * 14]:
                    self.hands[p][c] += 1
            self.stock = full[players * 14 :]
        self.table: TableT = ()
        self.opened = [False] * players
        self.turn = 0
        self.over = False
        self.reason = ""
        self.winner: int | None = None
        self._legal: RummyMoves | None = None
        # The table as the core's listing reads it, with the table it was made from.
        self._listing_table: tuple[TableT, _core.RummyTable] | None = None
        # Each listed place move with the hand cards it lays, the core's listing and its index there, by the
        # move's id (the listing makes the table after the move).
        self._placed: dict[int, Listed] = {}
        # The last place move judged legal with the hand cards it lays (``apply`` after ``is_legal``), and
        # the flat form of the table it leaves where the core made it.
        self._judged: tuple[Move, bytes | list[int], bytes | None] | None = None
        # The table in the flat form the core reads, with the table it was made from.
        self._flat: tuple[TableT, bytes] | None = None
        # The rule options as the core reads them and rule 3's cap, with the rules they were made from.
        self._core_options: tuple[Rules, dict[str, Any], int] | None = None

    # --- API ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.over else self.turn

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        return "play" if self.opened[self.turn] else "open"

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def cap(self) -> int:
        """Rule 3: most hand cards placed per turn (0: no cap)."""
        known = self._core_options
        return (known if known is not None and known[0] is self.rules else self._read_options())[2]

    def options_for_core(self) -> dict[str, Any]:
        """The rule options as a plain dict (what the core reads), made once per rules object: the
        expert reads them every move. The caller must not change it."""
        known = self._core_options
        return (known if known is not None and known[0] is self.rules else self._read_options())[1]

    def _read_options(self) -> tuple[Rules, dict[str, Any], int]:
        options = dict(self.rules.options)
        known = self._core_options = (self.rules, options, int(options["max_hand_cards_per_turn"]))
        return known

    def hand(self, player: int) -> list[int]:
        """The player's cards as codes, sorted."""
        return [c for c in range(TYPES) for _ in range(self.hands[player][c])]

    def seat_view(self, player: int) -> SeatView:
        """The part of ``observation(player)`` a bot decides from, in card codes (a bot reads it every
        move; the observation's texts cost more to make and to read back than the search it feeds).
        :class:`RulesError` for a seat the game does not have."""
        self._check_seat(player)
        # (tuple.__new__: the named tuple's own __new__ is a Python function, a third of this call's time)
        return tuple.__new__(SeatView, (self.hands[player][:], self.table, tuple(self.opened)))

    def flat_table(self) -> bytes:
        """The table in the flat form the core reads (:func:`flat_table`), made once per table."""
        known = self._flat
        if known is None or known[0] is not self.table:
            known = self._flat = (self.table, flat_table(self.table))
        return known[1]

    def searched_turn(self, work_budget: int) -> SearchedTurn:
        """The core's table search for the seat to move, which has opened (the most hand cards within
        the cap, the fast tie-break; ``work_budget`` bounds its work): its place move is judged by the
        core in the same call, so ``apply`` of that very move object in this position does not judge it
        again (any other position judges it in full). SolverError for a budget that is no whole number from 1
        to ``MAX_WORK_BUDGET`` (0 would be no bound at all) or where the core refuses the search."""
        p = self.turn
        if self.over or not self.opened[p]:
            raise IllegalMoveError("the table search answers a seat that has opened, in a game not over")
        if work_budget is None:
            raise SolverError("work_budget is a whole number of search steps, got None")
        # (the bot's own budget, a plain int in range, skips the checker's calls)
        budget = work_budget if type(work_budget) is int and 0 < work_budget <= MAX_WORK_BUDGET else \
            check_work_budget(work_budget)
        found = _core.rummy_searched_turn(self.flat_table(), hand_bytes(self.hands[p]), self.options_for_core(), budget)
        table = found.table
        # (tuple.__new__: the named tuple's own __new__ is a Python function, a frame each searched turn)
        if table is None:
            return tuple.__new__(SearchedTurn, (None, b"", found.proven_none, False))
        move = RummyPlace(p, table)
        placed = found.placed
        self._checked = move
        self._judged = (move, placed, found.flat)
        return tuple.__new__(SearchedTurn, (move, placed, False, found.proven_most))

    def pass_move(self) -> PassMove:
        """The pass of the seat to move, always legal in a game not over: ``apply`` of this very move
        object takes it without the checks (the expert passes about every other turn, mostly after a
        search proved that nothing fits). IllegalMoveError once the game is over."""
        if self.over:
            raise IllegalMoveError("the game is over: there is no pass")
        move = PassMove(self.turn)
        self._checked = move
        return move

    def legal_moves(self) -> Sequence[Move]:
        """``pass``, then a bounded choice of the legal place moves (the core's listing: before the
        opening greedy openings from the hand's melds; after it each new meld of the hand within the
        cap, then each single lay-off). Other place moves ``apply`` accepts too (any rearrangement).
        A lazy sequence: each move object is built when asked for."""
        if self.over:
            return []
        if self._legal is None:
            p = self.turn
            table = self.table
            known = self._listing_table
            if known is None or known[0] is not table:
                known = self._listing_table = (table, _core.RummyTable(flat_table(table)))
            opts = self.rules.options
            listing = known[1].placements(
                hand_bytes(self.hands[p]), self.opened[p], opts["opening_points"], opts["max_hand_cards_per_turn"]
            )
            placed: dict[int, Listed] = {}
            self._placed = placed
            made = self._remember_listing()  # filled as the lazy sequence builds its moves
            self._legal = RummyMoves(p, table, listing, PassMove, RummyPlace, made, placed)
        return self._legal

    def _check(self, move: Move) -> None:
        if isinstance(move, PassMove):
            return
        if not isinstance(move, RummyPlace):
            raise IllegalMoveError(f"{move} is not a Rummy move (place or pass)")
        self._judged = (move, self._judge(move), None)

    def _judge(self, move: RummyPlace) -> list[int]:
        """The hand cards ``move`` lays (the core's judge; IllegalMoveError naming the rule it breaks)."""
        p = move.player
        return _core.rummy_judge_place(self.flat_table(), move.table, self.hands[p], self.opened[p],
                                       int(self.rules.opening_points), self.cap).placed

    def _apply(self, move: Move) -> None:
        p = self.turn
        hand = self.hands[p]
        listed = self._placed.get(id(move))
        judged, self._judged = self._judged, None
        self._legal = None
        self._placed = {}
        if isinstance(move, PassMove):
            c = self.stock.pop()
            hand[c] += 1
            if not self.stock:
                self._finish("stock")
                return
        else:
            assert isinstance(move, RummyPlace)
            if listed is not None and listed[0] is move:  # the listing knows the cards it lays
                for c in listed[1]:
                    hand[c] -= 1
                self._listing_table = (move.table, listed[2].table_after(listed[3]))
            elif judged is not None and judged[0] is move:  # judged just now: is_legal, or the core's search
                for c in judged[1]:
                    hand[c] -= 1
                if judged[2] is not None:
                    self._flat = (move.table, judged[2])
            else:
                for c in self._judge(move):
                    hand[c] -= 1
            self.table = move.table
            self.opened[p] = True
            if not any(hand):
                self.winner = p
                self._finish("out")
                return
        self.turn = (p + 1) % self.num_players

    def _finish(self, reason: str) -> None:
        self.over = True
        self.reason = reason

    def hand_sum(self, player: int) -> int:
        return sum(hand_points(c) * n for c, n in enumerate(self.hands[player]) if n)

    def result(self) -> Result:
        """Hand sums at the end (number; joker 25), lower is better. The empty hand wins; at the stock's end the
        lowest sums win, and equal sums for everyone are a draw (no winner). Before the end: zeros."""
        if not self.over:  # hand sums are secret until the end
            return Result((0,) * self.num_players, (), {"lower_is_better": True})
        sums = [self.hand_sum(p) for p in range(self.num_players)]
        detail = {"lower_is_better": True, "reason": self.reason, "hand_points": sums}
        if self.reason == "out":
            assert self.winner is not None
            winners: tuple[int, ...] = (self.winner,)
        else:
            low = min(sums)
            winners = () if all(s == low for s in sums) else tuple(p for p, s in enumerate(sums) if s == low)
        return Result(tuple(sums), winners, detail)

    def _observation(self, player: int) -> dict[str, Any]:
        if not 0 <= player < self.num_players:
            raise IllegalMoveError(f"no seat {player} in a {self.num_players}-player game")
        obs: dict[str, Any] = {
            "game": GAME,
            "player": player,
            "current_player": self.current_player,
            "phase": self.phase,
            "hand": format_cards(GAME, self.hand(player)).split(),
            "hand_sizes": [sum(h) for h in self.hands],
            "stock_size": len(self.stock),
            "table": tm.table_view(GAME, self.table, MELDS.opening_points),
            "opened": list(self.opened),
            "is_over": self.over,
            "scores": list(self.result().scores),
        }
        if self.over:
            obs["result"] = self.result().to_json()
        # At the end the hands are laid open to count the points; before it they are secret.
        obs["round_left"] = None
        if self.over:
            obs["round_left"] = [format_cards(GAME, self.hand(p)).split() for p in range(self.num_players)]
        return obs

    def _parse_move(self, text: str) -> Move:
        """``pass``; ``place M | M ...`` (the whole new table); ``lay M | M`` (new melds,
        table kept); ``add CARD N`` (lay a card off on meld N, counted from 1)."""
        return tm.parse_table_move(
            text, self.turn, self.table, self.hands[self.turn], MELDS, RummyPlace, passes=("pass",), pass_move=PassMove
        )

    def _move_from_json(self, data: Mapping[str, Any]) -> Move:
        kind = data.get("kind")
        player = data.get("player", self.turn)
        if not isinstance(player, int):
            raise InvalidNotationError(f"bad player in move {quote(data)}")
        if kind == "pass":
            return PassMove(player)
        if kind == "place":
            return tm.place_from_json(RummyPlace, MELDS, data, player)
        raise InvalidNotationError(f"unknown Rummy move kind {quote(kind)}; kinds: pass, place")

    def zones(self) -> dict[str, list[int]]:
        z = {"stock": list(self.stock), "table": [c for m in self.table for c, _ in m]}
        for p in range(self.num_players):
            z[f"hand{p}"] = self.hand(p)
        return z

    def __getstate__(self) -> dict[str, Any]:
        """The position for copy.deepcopy and pickle, without the core's listing of it (no Python
        object: made again when asked for)."""
        state = self.__dict__.copy()
        state.update(_legal=None, _listing_table=None, _placed={}, _flat=None, _core_options=None)
        return state

    def clone(self) -> RummyState:
        new = object.__new__(RummyState)
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.opened = list(self.opened)
        return new


# --- legality and generation -----------------------------------------------------------------------

def check_place(
    old: TableT, new: TableT, hand: list[int], opened: bool, opening_points: int, cap: int
) -> list[int]:
    """The hand cards a place move lays, judged by the core (``rummy::place``: rules 1–3, the opening,
    meld validity); IllegalMoveError naming the rule it breaks."""
    return _core.rummy_judge_place(flat_table(old), new, hand, opened, opening_points, cap).placed


def hand_bytes(counts: list[int]) -> bytes:
    """A hand's counts by code as the core reads them, a count a byte. (bytes() of a list of ints takes the
    generic iterator path, bytearray() a fast one for lists: the two steps cost half of the one, and the flow
    makes this every move.) ValueError for a count out of 0..255."""
    return bytes(bytearray(counts))


def flat_table(table: TableT) -> bytes:
    """The table as the core's listing reads it: per meld its length, then code and stands-for per card."""
    return bytes([x for m in table for x in (len(m), *[v for pair in m for v in pair])])


def listed_placements(
    table: TableT, h: list[int], opened: bool, opening_points: int, cap: int
) -> Iterator[tuple[TableT, bytes]]:
    """The core's bounded list of legal new tables for a hand (counts), each with the hand cards it
    lays: openings; or new melds of the hand within ``cap`` (0: none) and single lay-offs."""
    listing = _core.rummy_placements(flat_table(table), h, opened, opening_points, cap)
    for listed in map(listing.placement, range(len(listing))):
        melds, replaces = listed.melds, listed.replaces
        if replaces is None:
            yield table + melds, listed.placed
        else:
            yield table[:replaces] + melds + table[replaces + 1 :], listed.placed


def hand_melds(h: list[int]) -> list[MeldT]:
    """The core's bounded set of melds a hand (counts) can lay: per number the set (and its 3-card
    parts), per colour the longest runs (and their 3-card windows), every joker declared."""
    return _core.rummy_hand_melds(h)


def opening_sets(melds: list[MeldT], h: list[int], opening_points: int, cap: int) -> list[tuple[MeldT, ...]]:
    """The core's greedy openings from candidate melds: from each of the 8 best melds as the first,
    disjoint melds by points (jokers 0; at most ``cap`` cards, 0: no cap) until ``opening_points``."""
    return _core.rummy_opening_sets(melds, h, opening_points, cap)


def generate_placements(
    table: TableT, h: list[int], opened: bool, opening_points: int, cap: int
) -> Iterator[TableT]:
    """The new tables of :func:`listed_placements`."""
    return (t for t, _ in listed_placements(table, h, opened, opening_points, cap))


def render_board(state: GameState, player: int) -> Any:
    """The board as seat ``player`` sees it (a rich renderable)."""
    obs = state.observation(player)
    opened = ["yes" if o else "no" for o in obs["opened"]]
    header = f"stock {obs['stock_size']} · phase {obs['phase']}  (moves: pass · lay M | M · add CARD N · place TABLE)"
    return tm.render_board(obs, player, "Rummy", header, {"opened": opened})


def describe(before: GameState, move: Move, after: GameState, viewer: int | None) -> list[str]:
    """Notes on a move for the terminal: what was laid; the card a pass gave (to its owner, or to
    everyone when ``viewer`` is None); how the game ended."""
    assert isinstance(before, RummyState) and isinstance(after, RummyState)
    notes = []
    if isinstance(move, tm.PlaceMove):
        notes.append(tm.describe_place(GAME, before.table, move))
    elif isinstance(move, PassMove) and viewer in (None, move.player):
        got = [c for c in range(TYPES) if after.hands[move.player][c] > before.hands[move.player][c]]
        notes.append("  is given " + " ".join(deck(GAME).token(c) for c in got))
    if after.is_over:
        res = after.result()
        how = "the stock is empty" if res.detail["reason"] == "stock" else f"seat {move.player} is out"
        notes.append(f"  game over ({how}); hand points {res.detail['hand_points']}")
    return notes


register(GameSpec("rummy", "Rummy", 2, 4, 2, RummyState, deck=GAME))
