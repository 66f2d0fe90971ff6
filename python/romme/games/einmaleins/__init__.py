"""1x1-Rommé (game id ``einmaleins``): Rommé with the NumNum deck, sheet 002.

2–4 players, 13 cards each from the 103 number and wish cards; one face-up
card starts the discard pile. A turn: ``draw stock`` or ``draw discard``,
then any number of table moves (``place <new table>``, or the shortcuts
``lay`` and ``add``), then ``discard CARD`` (not the card just taken from the
discard pile). The first laying down (opening)
is new melds from the hand worth at least ``opening_points`` (the sheet: more
than 50; wilds count as the card they stand for). After it the player may lay
off on any meld, swap a wild for the card it stands for (the wild goes to the
hand), and rearrange the table; table cards that then fit nowhere go to the
hand. The first player without cards wins the game; the others score their
hand cards as minus points (wish card 100, value-1 card 50), doubled after a
Hand-Rommé. With ``target`` > 0, games are dealt until someone reaches the
target; the fewest minus points win the match.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Any, ClassVar, NamedTuple, TypeVar

from ... import _core
from ...cards import deck, format_cards
from ...engine import GameSpec, GameState, Move, Result, register
from ...errors import IllegalMoveError, InvalidNotationError, quote
from ...rng import Rng
from ...rules import Rules
from .. import tablemoves as tm
from ..rummy import flat_table
from ..tablemoves import MeldT, TableT
from .melds import (  # re-exported: the game's meld rules
    CODE_AT,
    GAME,
    MELDS,
    MEMO_SIZE,
    ONES,
    SYM,
    SYM_VALUES,
    TYPES,
    VALUE,
    WINDOWS,
    WISH,
    EinmaleinsMelds,
    accepts,
    hand_melds,
    hand_points,
    is_one,
    opening_sets,
)

HAND_SIZE = 13
MAX_PLAYERS = 4
#: How often the stock may be rebuilt from the discard pile; when it runs out once more, the game is blocked.
MAX_REBUILDS = 2
#: Turns after which a game is blocked all the same (two players passing cards back and forth through
#: the discard pile would otherwise never end it).
MAX_TURNS = 500

# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawMove(Move):
    """Take the top card of the stock or of the discard pile."""

    source: str = "stock"
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:  # a hostile source (a newline, 5,000 characters) is named, not printed, in messages
        return f"draw {self.source}" if self.source in ("stock", "discard") else f"draw {quote(self.source)}"


@dataclass(frozen=True)
class DiscardMove(Move):
    """End the turn by laying a hand card on the discard pile."""

    card: int = 0
    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {_token(self.card)}"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "card": _token(self.card)}


#: Each card's token by code.
_TOKENS: tuple[str, ...] = tuple(t.token for t in deck(GAME).types)


def _token(code: int) -> str:
    """A card's token; an impossible code shows as ``#code`` (a move built by hand may hold one)."""
    return deck(GAME).token(code) if isinstance(code, int) and 0 <= code < TYPES else f"#{code}"


@dataclass(frozen=True)
class EinmaleinsPlace(tm.PlaceMove):
    game: ClassVar[str] = GAME


_T = TypeVar("_T")


def _by_code(items: Sequence[_T], h: list[int]) -> list[_T]:
    """``items[c]`` for every card of the hand counts ``h``, lowest code first."""
    cards = list(compress(items, h))
    if h[WISH] > 1:  # the only card the deck holds more than once, and the last code
        cards.extend([items[WISH]] * (h[WISH] - 1))
    return cards


#: The draws and discards of every seat, made once (moves are frozen): a listing hands out these very
#: objects instead of building a dozen moves a turn.
_DRAWS: tuple[tuple[DrawMove, DrawMove], ...] = tuple((DrawMove(p, "stock"), DrawMove(p, "discard"))
                                                      for p in range(MAX_PLAYERS))
_DISCARDS: tuple[tuple[DiscardMove, ...], ...] = tuple(tuple(DiscardMove(p, c) for c in range(TYPES))
                                                       for p in range(MAX_PLAYERS))


class SeatView(NamedTuple):
    """What one seat's observation tells, in card codes instead of texts: the phase, the seat's hand
    as counts per code, the table as melds and in the core's flat form, who has opened, and the top of
    the discard pile (None when it is empty)."""

    phase: str
    hand: list[int]
    table: TableT
    flat: bytes
    opened: tuple[bool, ...]
    discard_top: int | None


# --- the state -----------------------------------------------------------------------------------


class EinmaleinsState(GameState):
    """A 1x1-Rommé position (one game, or a match of several with ``target``)."""

    game_id: ClassVar[str] = GAME
    #: Every turn ends with a discard, and going out is by discarding the last card (RULES.md §3): a table move
    #: keeps a card (as Rommé's ``with_discard``, :func:`romme.table_keep.cards_kept`).
    with_discard: ClassVar[bool] = True

    def __init__(self, players: int, seed: int | str | None, rules: Rules) -> None:
        super().__init__(players, seed, rules)
        self.rng = Rng(seed)
        self.totals = [0] * players
        self.games: list[dict[str, Any]] = []
        self.match_over = False
        self._deal()

    def _deal(self) -> None:
        n = self.num_players
        full = deck(GAME).full()
        self.rng.shuffle(full)
        self.hands: list[list[int]] = [[0] * TYPES for _ in range(n)]
        for p in range(n):
            for c in full[p * HAND_SIZE : (p + 1) * HAND_SIZE]:
                self.hands[p][c] += 1
        self.stock: list[int] = full[n * HAND_SIZE :]
        self.discard: list[int] = [self.stock.pop()]
        self.table: TableT = ()
        self.opened = [False] * n
        self.opened_this_turn = False
        self.turn = len(self.games) % n  # the first player moves on by one seat each game
        self.drawn = False
        self.from_discard: int | None = None  # the card taken from the discard pile this turn
        self.rebuilds = 0
        self.turns = 0
        self._legal: list[Move] | None = None
        # The table in the core's flat form, with the table it was made from.
        self._flat: tuple[TableT, bytes] = ((), b"")
        # The table's view parts (the observation's table), with the table they were made from.
        self._view: tuple[TableT, tm.TableParts] = ((), ())
        # Each listed place move with the hand cards it lays, the table cards it takes and its new table's
        # flat form, by the move's id.
        #: the listed table moves built, by the move's id: (move, listing, index)
        self._placed: dict[int, tuple[Move, _core.EinmaleinsListing, int]] = {}
        # The place move checked last in this position, with the hand cards it lays and the table
        # cards it gives the hand.
        self._judged: tuple[Move, tuple[list[int], list[int]]] | None = None

    # --- API ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.match_over else self.turn

    @property
    def phase(self) -> str:
        if self.match_over:
            return "over"
        return "play" if self.drawn else "draw"

    @property
    def is_over(self) -> bool:
        return self.match_over

    def hand(self, player: int) -> list[int]:
        return _by_code(range(TYPES), self.hands[player])

    def legal_moves(self) -> list[Move]:
        """The draws there are; after the draw each discard the rules allow, then a bounded choice of
        the legal table moves (the core's listing: greedy openings; after the opening the hand's
        melds, then per table meld its lay-offs and wild swaps). Other table moves ``apply`` accepts
        too (any rearrangement)."""
        if self.match_over:
            return []
        if self._legal is None:
            p = self.turn
            moves: list[Move] = []
            if not self.drawn:
                stock, discard = _DRAWS[p]
                if self.stock:
                    moves.append(stock)
                if self.discard:
                    moves.append(discard)
            else:
                h = self.hands[p]
                moves.extend(compress(_DISCARDS[p], h))
                if self.from_discard is not None and self._takes_back(self.from_discard):
                    moves.remove(_DISCARDS[p][self.from_discard])
                table = self.table
                if self._flat[0] is not table:
                    self._flat = (table, flat_form(table))
                listed = _core.einmaleins_placements(  # the hand as bytes: the core reads them at once
                    self._flat[1], bytes(h), self.opened[p], self.rules.options["opening_points"]
                )
                placed_by: dict[int, tuple[Move, _core.EinmaleinsListing, int]] = {}
                for i, placement in enumerate(map(listed.placement, range(len(listed)))):
                    melds, replaces = placement.melds, placement.replaces
                    new = table + melds if replaces is None else table[:replaces] + melds + table[replaces + 1 :]
                    move = EinmaleinsPlace(p, new)
                    moves.append(move)
                    placed_by[id(move)] = (move, listed, i)
                self._placed = placed_by
            self._legal = moves
            self._remember_listing(moves)
        return list(self._legal)

    def seat_view(self, player: int) -> SeatView:
        """The part of ``observation(player)`` a bot decides from, in card codes (a bot reads it every
        move; the observation's texts cost more to make and to read back than the move itself).
        :class:`RulesError` for a seat the game does not have."""
        self._check_seat(player)
        table = self.table
        if self._flat[0] is not table:
            self._flat = (table, flat_form(table))
        return SeatView(self.phase, list(self.hands[player]), table, self._flat[1], tuple(self.opened),
                        self.discard[-1] if self.discard else None)

    def _check(self, move: Move) -> None:
        p = self.turn
        if isinstance(move, DrawMove):
            if self.drawn:
                raise IllegalMoveError("the player has drawn already this turn; play or discard")
            if move.source not in ("stock", "discard"):
                raise IllegalMoveError(f"draw from 'stock' or 'discard', not {quote(move.source)}")
            if move.source == "discard" and not self.discard:
                raise IllegalMoveError("the discard pile is empty")
            if move.source == "stock" and not self.stock:
                raise IllegalMoveError("the stock is empty")
            return
        if not self.drawn:
            raise IllegalMoveError(f"{move}: a turn starts with a draw from the stock or the discard pile")
        if isinstance(move, DiscardMove):
            if not 0 <= move.card < TYPES or not self.hands[p][move.card]:
                raise IllegalMoveError(f"{move}: the card is not in the hand")
            if self._takes_back(move.card):
                raise IllegalMoveError(
                    f"{move}: the card taken from the discard pile may not be discarded "
                    "in the same turn (unless it is the last card)"
                )
            return
        if not isinstance(move, EinmaleinsPlace):
            raise IllegalMoveError(f"{move} is not a 1x1-Rommé move (draw, place, discard)")
        self._judged = (move, check_place(self.table, move.table, self.hands[p], self.opened[p],
                                          int(self.rules.opening_points)))

    def _apply(self, move: Move) -> None:
        p = self.turn
        listed = self._placed.get(id(move))
        judged, self._judged = self._judged, None
        self._legal = None
        self._placed = {}
        h = self.hands[p]
        if isinstance(move, DrawMove):
            c = (self.stock if move.source == "stock" else self.discard).pop()
            h[c] += 1
            self.drawn = True
            self.from_discard = c if move.source == "discard" else None
            return
        if isinstance(move, DiscardMove):
            h[move.card] -= 1
            self.discard.append(move.card)
            if not any(h):
                self._end_game(p)
            else:
                self._next_turn()
            return
        assert isinstance(move, EinmaleinsPlace)
        if listed is not None and listed[0] is move:  # the listing knows the cards it moves
            _, listing, i = listed
            placement = listing.placement(i)
            for c in placement.placed:
                h[c] -= 1
            for c in placement.taken:
                h[c] += 1
            self._flat = (move.table, listing.table_after(i))
        else:  # judged just now, by apply or by is_legal of this very move
            placed, taken = judged[1] if judged is not None and judged[0] is move else check_place(
                self.table, move.table, h, self.opened[p], int(self.rules.opening_points))
            for c in placed:
                h[c] -= 1
            for c in taken:
                h[c] += 1
        self.table = move.table
        if not self.opened[p]:
            self.opened[p] = True
            self.opened_this_turn = True

    def _takes_back(self, card: int) -> bool:
        """Whether discarding ``card`` would throw back the only copy just taken from the discard pile."""
        h = self.hands[self.turn]
        return card == self.from_discard and h[card] == 1 and sum(h) > 1

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players
        self.drawn = False
        self.from_discard = None
        self.opened_this_turn = False
        self.turns += 1
        if self.turns >= MAX_TURNS:
            self._end_game(None)
        elif not self.stock:
            if self.rebuilds < MAX_REBUILDS and len(self.discard) > 1:
                self.stock = self.discard[:-1]
                self.discard = self.discard[-1:]
                self.rng.shuffle(self.stock)
                self.rebuilds += 1
            else:
                self._end_game(None)

    def _end_game(self, out: int | None) -> None:
        """Scores the game (``out``: the player without cards; None: blocked, nobody went out)."""
        hand_romme = out is not None and self.opened_this_turn
        minus = [sum(hand_points(c) * n for c, n in enumerate(h) if n) for h in self.hands]
        if hand_romme:
            minus = [2 * m for m in minus]
        self.totals = [t + m for t, m in zip(self.totals, minus)]
        self.games.append(
            {
                "out": out,
                "hand_romme": hand_romme,
                "minus": minus,
                "hands": [format_cards(GAME, self.hand(q)) for q in range(self.num_players)],
            }
        )
        target = int(self.rules.target)
        if target == 0 or max(self.totals) >= target:
            self.match_over = True
            self._legal = []
        else:
            self._deal()

    def result(self) -> Result:
        """Minus points per seat over the match (lower is better); the fewest win, and equal
        totals for everyone are a draw (no winner). Before the end: the standings so far."""
        detail = {"lower_is_better": True, "games": [dict(g) for g in self.games]}
        if not self.match_over:
            return Result(tuple(self.totals), (), detail)
        low = min(self.totals)
        if all(t == low for t in self.totals):
            winners: tuple[int, ...] = ()
        else:
            winners = tuple(p for p, t in enumerate(self.totals) if t == low)
        return Result(tuple(self.totals), winners, detail)

    def _observation(self, player: int) -> dict[str, Any]:
        if not 0 <= player < self.num_players:
            raise IllegalMoveError(f"no seat {player} in a {self.num_players}-player game")
        hand = _by_code(_TOKENS, self.hands[player])  # as hand() lists the codes
        obs: dict[str, Any] = {
            "game": GAME,
            "player": player,
            "current_player": self.current_player,
            "phase": self.phase,
            "hand": hand,
            "hand_sizes": [len(hand) if q == player else sum(counts) for q, counts in enumerate(self.hands)],
            "stock_size": len(self.stock),
            "discard_top": _TOKENS[self.discard[-1]] if self.discard else None,
            "discard_size": len(self.discard),
            "table": tm.view_of_parts(self._table_parts()),
            "opened": list(self.opened),
            "games_played": [dict(g) for g in self.games],
            "is_over": self.match_over,
            "scores": list(self.totals),
        }
        if self.match_over:
            obs["result"] = self.result().to_json()
        return obs

    def _table_parts(self) -> tm.TableParts:
        if self._view[0] is not self.table:
            self._view = (self.table, tm.table_parts(GAME, self.table, MELDS.points))
        return self._view[1]

    def _parse_move(self, text: str) -> Move:
        """``draw stock``, ``draw discard``, ``discard CARD``; ``place M | M ...`` (the whole new
        table), ``lay M | M`` (new melds), ``add CARD N`` (lay off on meld N, counted from 1)."""
        words = text.strip().split()
        p = self.turn
        if words and words[0].lower() == "draw":
            if len(words) != 2 or words[1].lower() not in ("stock", "discard"):
                raise InvalidNotationError(f"draw takes 'stock' or 'discard', got {quote(text)}")
            return DrawMove(p, words[1].lower())
        if words and words[0].lower() == "discard":
            if len(words) != 2:
                raise InvalidNotationError(f"discard takes one card, got {quote(text)}")
            return DiscardMove(p, deck(GAME).parse_token(words[1], 1))
        try:
            return tm.parse_table_move(
                text, p, self.table, self.hands[p], MELDS, EinmaleinsPlace, passes=(), pass_move=None
            )
        except InvalidNotationError as exc:
            if str(exc).startswith("unknown move"):
                raise InvalidNotationError(
                    f"unknown move {quote(text)}; moves: draw stock, draw discard, discard CARD, place, lay, add"
                ) from None
            raise

    def _move_from_json(self, data: Mapping[str, Any]) -> Move:
        kind = data.get("kind")
        player = data.get("player", self.turn)
        if not isinstance(player, int):
            raise InvalidNotationError(f"bad player in move {quote(data)}")
        if kind == "draw":
            return DrawMove(player, str(data.get("source")))
        if kind == "discard":
            return DiscardMove(player, deck(GAME).parse_token(str(data.get("card")), 1))
        if kind == "place":
            return tm.place_from_json(EinmaleinsPlace, MELDS, data, player)
        raise InvalidNotationError(f"unknown 1x1-Rommé move kind {quote(kind)}; kinds: draw, place, discard")

    def zones(self) -> dict[str, list[int]]:
        z = {"stock": list(self.stock), "discard": list(self.discard), "table": [c for m in self.table for c, _ in m]}
        for p in range(self.num_players):
            z[f"hand{p}"] = self.hand(p)
        return z

    def clone(self) -> EinmaleinsState:
        new = object.__new__(EinmaleinsState)
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new.rng = Rng(0)
        new.rng.state = self.rng.state
        new.totals = list(self.totals)
        new.games = [dict(g) for g in self.games]
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.opened = list(self.opened)
        return new


# --- legality and generation -----------------------------------------------------------------------


def check_place(
    old: TableT, new: TableT, hand: list[int], opened: bool, opening_points: int
) -> tuple[list[int], list[int]]:
    """The hand cards a table move lays and the table cards it gives the hand, judged by the core
    (``einmaleins::place``); IllegalMoveError naming the rule it breaks."""
    judged = _core.einmaleins_judge_place(flat_form(old), new, hand, opened, opening_points)
    return judged.placed, judged.taken


@lru_cache(maxsize=MEMO_SIZE)
def _flat_meld(meld: MeldT) -> bytes:
    return flat_table((meld,))


def flat_form(table: TableT) -> bytes:
    """The table in the core's flat form (``games.rummy.flat_table``), from a memo per meld: a table
    changes by a meld or two a move."""
    return b"".join(map(_flat_meld, table))


def generate_placements(table: TableT, h: list[int], opened: bool, opening_points: int) -> Iterator[TableT]:
    """The core's bounded list of legal new tables: openings; or new melds, single lay-offs and wild
    swaps. None of them lays the whole hand: one card must stay for the turn's discard."""
    listing = _core.einmaleins_placements(flat_form(table), h, opened, opening_points)
    for listed in map(listing.placement, range(len(listing))):
        melds, replaces = listed.melds, listed.replaces
        yield table + melds if replaces is None else table[:replaces] + melds + table[replaces + 1 :]


def render_board(state: GameState, player: int) -> Any:
    """The board as seat ``player`` sees it (a rich renderable)."""
    obs = state.observation(player)
    opened = ["yes" if o else "no" for o in obs["opened"]]
    header = (
        f"game {len(obs['games_played']) + 1} · stock {obs['stock_size']} · discard "
        f"{obs['discard_top'] or '(empty)'} · phase {obs['phase']}  "
        "(moves: draw stock|discard · lay M | M · add CARD N · place TABLE · discard CARD)"
    )
    return tm.render_board(obs, player, "1x1-Rommé", header, {"opened": opened, "minus points": obs["scores"]})


register(GameSpec("einmaleins", "1x1-Rommé", 2, MAX_PLAYERS, 2, EinmaleinsState, deck=GAME))


def describe(before: GameState, move: Move, after: GameState, viewer: int | None) -> list[str]:
    """Notes on a move for the terminal: what was laid; the card drawn from the stock (to its owner,
    or to everyone when ``viewer`` is None); the end of a game."""
    assert isinstance(before, EinmaleinsState) and isinstance(after, EinmaleinsState)
    notes = []
    if isinstance(move, tm.PlaceMove):
        notes.append(tm.describe_place(GAME, before.table, move))
    elif (
        isinstance(move, DrawMove)
        and move.source == "stock"
        and viewer in (None, move.player)
        and len(after.games) == len(before.games)
    ):
        got = [c for c in range(TYPES) if after.hands[move.player][c] > before.hands[move.player][c]]
        notes.append("  draws " + " ".join(deck(GAME).token(c) for c in got))
    if len(after.games) > len(before.games):
        g = after.games[-1]
        how = "blocked, nobody went out" if g["out"] is None else f"seat {g['out']} went out"
        if g["hand_romme"]:
            how += " with a Hand-Rommé (minus points double)"
        notes.append(f"  game {len(after.games)} over: {how}; minus points {g['minus']}, totals {after.totals}")
    return notes


__all__ = [
    "CODE_AT",
    "GAME",
    "HAND_SIZE",
    "MAX_REBUILDS",
    "MAX_TURNS",
    "MELDS",
    "ONES",
    "SYM",
    "SYM_VALUES",
    "TYPES",
    "VALUE",
    "WINDOWS",
    "WISH",
    "DiscardMove",
    "DrawMove",
    "EinmaleinsMelds",
    "EinmaleinsPlace",
    "EinmaleinsState",
    "SeatView",
    "accepts",
    "check_place",
    "describe",
    "flat_form",
    "generate_placements",
    "hand_melds",
    "hand_points",
    "is_one",
    "opening_sets",
    "render_board",
]
