"""Krass Kariert (game id ``krass``): the game flow of docs/RULES.md §5.

3–5 players hold their hands in the order dealt and never reorder them. A
*trick* is one lap: the leader plays any combination (1–3 adjacent cards,
:mod:`romme.games.krass.combos`); every following player beats the highest
combination so far or takes one of their face-up reserve cards into the hand
at a position of their choice. A *deal* runs tricks until one player is left
with cards (or a player can neither beat nor take a reserve); that player
gives up a chip, and a player who must give up a chip but has none loses the
game.

Moves and their notation are in :mod:`romme.games.krass.moves`, the terminal
board in :mod:`romme.games.krass.view`.

Rule decisions the rule book leaves open are in ``docs/RULES-NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from ...cards import check_available, deck, parse_codes
from ...engine import GameSpec, GameState, Move, Result, register
from ...errors import IllegalMoveError, RulesError, quote
from ...rng import Rng
from ...rules import Rules
from .combos import (
    DRAW,
    FREE,
    NO_PLAYS,
    STOP,
    N,
    S,
    can_play,
    listed_plays,
    play_strength,
)
from .combos import describe as combination_name
from .moves import (
    InsertMove,
    KrassMoves,
    PlayMove,
    ReserveMove,
    is_int,
    move_from_json,
    parse_move,
)

GAME_ID = "krass"
DEALER = 0
DRAWS_PER_CARD = 3
RESERVES = 2

_TOKENS = tuple(t.token for t in deck(GAME_ID).types)
_token = _TOKENS.__getitem__  # (map with it: the observation turns every zone into tokens)
#: Every card of the deck in code order (Krass has no deck options; every deal shuffles a copy).
_FULL_DECK = tuple(deck(GAME_ID).full())


def hand_size(players: int) -> int:
    """Cards dealt to each player: 10, or 7 with five players."""
    return 7 if players == 5 else 10


def starting_chips(players: int, rules: Rules) -> int:
    """Chips per player: 3, or 2 with five players unless ``long_game``."""
    return 2 if players == 5 and not rules.long_game else 3


# --- the state ---------------------------------------------------------------


class TrickEntry(NamedTuple):
    """One action in the current trick (public: everyone saw it)."""

    player: int
    action: str  # "play" or "reserve"
    cards: tuple[int, ...]
    strength: int  # of a play; FREE for a reserve
    x: tuple[int, ...] = ()
    position: int = -1  # where a reserve card went
    shown: str = ""  # the cards as text (worked out once: every observation shows them)
    name: str = ""  # the play's combination name

    # (built with tuple.__new__: the generated __new__ of a NamedTuple doubled the cost of a play)
    @classmethod
    def play(cls, player: int, cards: tuple[int, ...], strength: int, x: tuple[int, ...]) -> TrickEntry:
        return _new_tuple(cls, (player, "play", cards, strength, x, -1, _shown(cards), combination_name(strength)))

    @classmethod
    def reserve(cls, player: int, card: int, position: int) -> TrickEntry:
        return _new_tuple(cls, (player, "reserve", (card,), FREE, (), position, _TOKENS[card], ""))

    def to_json(self) -> dict[str, Any]:
        # Cards as one text, not a list: a list of tokens could look like a hand
        # to the leak checks (tests/helpers/playout.py), and the text is what players read.
        out: dict[str, Any] = {"player": self.player, "action": self.action, "cards": self.shown}
        if self.action == "play":
            out["combination"] = self.name
            if self.x:
                out["x"] = list(self.x)
        else:
            out["position"] = self.position
        return out


class SeatView(NamedTuple):
    """What one seat's observation tells a bot, in card codes instead of texts: the phase, the seat's hand
    in order, every hand size and reserve, the seats still to act in this trick (the current one first), the
    strength to beat (FREE: nothing to beat), the draw cards played in the trick, the stock size, the
    discard pile, the trick's entries, and the card the seat is inserting (None unless it draws)."""

    phase: str
    hand: list[int]
    hand_sizes: list[int]
    reserves: list[list[int]]
    to_act: list[int]
    beat: int
    draw_cards: int
    stock_size: int
    discard: list[int]
    trick: list[TrickEntry]
    drawn: int | None


class KrassState(GameState):
    """A Krass Kariert game: deals of tricks until someone cannot give up a chip."""

    game_id: ClassVar[str] = GAME_ID

    def __init__(
        self, players: int, seed: int | str | None, rules: Rules, _setup: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(players, seed, rules)
        n = players
        self._rng = Rng(seed)
        self._setup = _setup
        self.chips = [starting_chips(n, rules)] * n
        self.lost = [False] * n
        self.deal_no = 0
        #: One record per finished deal: who gave up a chip and why.
        self.deal_log: list[dict[str, Any]] = []
        #: Every hand as it was when the last deal ended (laid open when the chips are paid).
        self.round_left: list[list[str]] | None = None
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.reserves: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []  # top card last
        self.discard: list[int] = []
        self.in_deal = [True] * n
        self.trick: list[TrickEntry] = []
        self.trick_cards: list[int] = []
        self.last_trick: dict[str, Any] | None = None
        self.trick_no = 0
        self.order: list[int] = []
        self.turn = 0
        self.leader = 0
        self.beat = FREE
        self.best = -1
        self.draws = 0
        self.winner = -1
        self.drawing = -1  # seat inserting drawn cards, else -1
        self.drawn = -1  # the card being inserted, else -1
        self.draw_left = 0
        self.over = False
        self._checked_play: tuple[Move, int] | None = None  # (move, strength) from the last _check
        self._listed_plays: dict[int, tuple[Move, int]] = {}  # the listed plays built so far, with strengths
        if _setup is None:
            self._new_deal(1 % n)
        else:
            self._load_setup(_setup)

    # --- set-up ------------------------------------------------------------
    def _new_deal(self, leader: int) -> None:
        n = self.num_players
        cards = list(_FULL_DECK)
        self._rng.shuffle(cards)
        size = hand_size(n)
        self.hands = [[] for _ in range(n)]
        self.reserves = [[] for _ in range(n)]
        # One card at a time from the top (the list's end) round the table, dealer's left first and the
        # dealer last: the seat j-th in that order gets every n-th card from the top, starting at j.
        top_first = cards[::-1]
        dealt = size * n
        for j, s in enumerate((DEALER + k) % n for k in range(1, n + 1)):
            self.hands[s] = top_first[j:dealt:n]
            self.reserves[s] = top_first[dealt + j : dealt + RESERVES * n : n]
        self.stock = cards[: len(cards) - dealt - RESERVES * n]
        self.discard = []
        self.in_deal = [True] * n
        self.deal_no += 1
        self.trick_no = 0
        self.last_trick = None
        self._start_trick(leader)

    @classmethod
    def from_position(
        cls,
        hands: Sequence[str | Sequence[int]],
        reserves: Sequence[str | Sequence[int]],
        stock: str | Sequence[int] = (),
        leader: int = 0,
        chips: Sequence[int] | None = None,
        seed: int | str | None = 0,
        rules: Rules | str | Mapping[str, Any] | None = None,
    ) -> KrassState:
        """A game starting from a given deal (for tests and puzzles).

        ``hands`` and ``reserves`` per seat (card text or codes, hands in
        order), ``stock`` top card first; every card of the deck not given
        lies on the discard pile. Later deals are shuffled from ``seed``.
        ``undo`` works; a save file (seed and moves only) cannot hold such a game.
        """
        n = len(hands)
        if not 3 <= n <= 5:
            raise RulesError(f"krass takes 3..5 players, got {n}")
        if len(reserves) != n:
            raise RulesError(f"{n} hands but {len(reserves)} reserve lists")
        hand_codes = [parse_codes(GAME_ID, h, check_counts=False) for h in hands]
        reserve_codes = [parse_codes(GAME_ID, r, check_counts=False) for r in reserves]
        stock_codes = parse_codes(GAME_ID, stock, check_counts=False)
        chip_list = list(chips) if chips is not None else None
        if not (is_int(leader) and 0 <= leader < n and hand_codes[leader]):
            raise RulesError(f"leader {quote(leader)} must be a seat 0..{n - 1} holding cards")
        if any(not h for h in hand_codes):
            raise RulesError("every seat starts a deal with cards")
        if any(len(r) > RESERVES for r in reserve_codes):
            raise RulesError(f"at most {RESERVES} reserve cards per seat")
        if chip_list is not None and (len(chip_list) != n or any(not is_int(c) or c < 0 for c in chip_list)):
            raise RulesError(f"chips must be {n} counts >= 0, got {quote(chips)}")
        check_available(GAME_ID, [c for z in hand_codes + reserve_codes for c in z] + stock_codes)
        setup = {
            "hands": hand_codes,
            "reserves": reserve_codes,
            "stock": stock_codes,
            "leader": leader,
            "chips": chip_list,
        }
        return cls(n, seed, Rules.make(GAME_ID, rules), _setup=setup)

    def _load_setup(self, setup: Mapping[str, Any]) -> None:
        n = self.num_players
        self.hands = [list(h) for h in setup["hands"]]
        self.reserves = [list(r) for r in setup["reserves"]]
        self.stock = list(reversed(setup["stock"]))
        rest = deck(GAME_ID).full()
        for c in [c for z in self.hands + self.reserves for c in z] + self.stock:
            rest.remove(c)
        self.discard = rest
        if setup["chips"] is not None:
            self.chips = list(setup["chips"])
        self.in_deal = [True] * n
        self.deal_no = 1
        self._start_trick(setup["leader"])

    def undo(self) -> Move:
        """Takes back the last move by replaying the log without it."""
        if self._setup is None:
            return super().undo()
        if not self.history:
            raise IllegalMoveError("nothing to undo")
        last = self.history[-1]
        fresh = KrassState(self.num_players, self.seed, self.rules, _setup=self._setup)
        for m in self.history[:-1]:
            fresh.apply(m)
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)
        return last

    # --- the public API ----------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return -1
        if self.drawing >= 0:
            return self.drawing
        return self.order[self.turn]

    @property
    def phase(self) -> str:
        """``lead``, ``follow`` (beat or take a reserve), ``insert`` (a drawn card) or ``over``."""
        if self.over:
            return "over"
        if self.drawing >= 0:
            return "insert"
        return "lead" if self.turn == 0 else "follow"

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_moves(self) -> KrassMoves:
        """Every move ``apply`` accepts, each once (a play once per distinct combination of its window):
        the plays that beat the trick (the core's listing: by window, strongest first), then every
        (reserve, position) pair; or every position for the drawn card."""
        if self.over:
            return KrassMoves(-1, NO_PLAYS, 0, 0)
        made = self._remember_listing()  # filled as the lazy list builds its moves
        if self.drawing >= 0:
            return KrassMoves(self.drawing, NO_PLAYS, 0, len(self.hands[self.drawing]) + 1, True, made)
        p = self.order[self.turn]
        hand = self.hands[p]
        nres = len(self.reserves[p]) if self.turn else 0
        strengths = self._listed_plays = {}
        return KrassMoves(p, listed_plays(hand, self.beat), nres, len(hand) + 1, False, made, strengths)

    def _check(self, move: Move) -> None:
        p = move.player
        if isinstance(move, InsertMove):
            if self.drawing < 0:
                raise IllegalMoveError(f"{move}: there is no drawn card to insert (phase {self.phase})")
            self._check_position(move, move.position, p)
            return
        if self.drawing >= 0:
            raise IllegalMoveError(f"{move}: seat {p} must first insert the drawn card ({self._fmt_drawn()})")
        if isinstance(move, PlayMove):
            self._checked_play = (move, self._play_strength(move))
        elif isinstance(move, ReserveMove):
            if self.turn == 0:
                raise IllegalMoveError(f"{move}: the leader of a trick must play a combination")
            res = self.reserves[p]
            if not res:
                raise IllegalMoveError(f"{move}: seat {p} has no reserve cards left")
            if not is_int(move.index) or not 0 <= move.index < len(res):
                raise IllegalMoveError(f"{move}: reserve index must be 0..{len(res) - 1}, got {quote(move.index)}")
            self._check_position(move, move.position, p)
        else:
            raise IllegalMoveError(f"{quote(move)} is not a krass move (play, reserve or insert)")

    def _check_position(self, move: Move, pos: object, p: int) -> None:
        n = len(self.hands[p])
        if not is_int(pos) or not 0 <= pos <= n:  # type: ignore[operator]
            raise IllegalMoveError(f"{move}: insert position must be 0..{n} (the hand has {n} cards), got {quote(pos)}")

    def _play_strength(self, move: PlayMove) -> int:
        hand = self.hands[move.player]
        start, length, xs = move.start, move.length, move.x
        if not (is_int(start) and is_int(length)) or not 1 <= length <= 3:
            raise IllegalMoveError(f"{move}: a combination is 1 to 3 adjacent cards")
        if start < 0 or start + length > len(hand):
            raise IllegalMoveError(f"{move}: the hand has positions 0..{len(hand) - 1}")
        if not isinstance(xs, tuple) or not all(is_int(v) for v in xs):
            raise IllegalMoveError(f"{move}: X values must be whole numbers")
        cards = hand[start : start + length]
        s = play_strength(cards, xs)
        if isinstance(s, str):
            raise IllegalMoveError(f"{move}: cards {_fmt(cards)}: {s}")
        if s <= self.beat:
            ways = ["beat it"]
            if self.reserves[move.player]:
                ways.append("take a reserve card")
            if any(c in (N, S) for c in hand):
                ways.append("play a stop or draw card")
            raise IllegalMoveError(
                f"{move}: {combination_name(s)} does not beat {combination_name(self.beat)}; " + " or ".join(ways)
            )
        return s

    def _apply(self, move: Move) -> None:
        p = move.player
        if isinstance(move, PlayMove):
            checked = self._checked_play
            if checked is None or checked[0] is not move:
                checked = self._listed_plays.get(id(move))
            s = checked[1] if checked is not None and checked[0] is move else self._play_strength(move)
            self._checked_play = None
            self._listed_plays = {}
            hand = self.hands[p]
            start = move.start
            end = start + move.length
            cards = tuple(hand[start:end])
            del hand[start:end]
            self.trick.append(TrickEntry.play(p, cards, s, move.x))
            self.trick_cards.extend(cards)
            if s == STOP:
                self._end_trick(p)
                return
            if s == DRAW:
                self.draws += 1
            else:
                self.beat, self.best = s, p
            self._advance()
        elif isinstance(move, ReserveMove):
            card = self.reserves[p].pop(move.index)
            self.hands[p].insert(move.position, card)
            self.trick.append(TrickEntry.reserve(p, card, move.position))
            self._advance()
        else:
            assert isinstance(move, InsertMove)
            self.hands[p].insert(move.position, self.drawn)
            self.drawn = -1
            self._draw_next()

    # --- trick and deal flow -------------------------------------------------
    def _start_trick(self, leader: int) -> None:
        n = self.num_players
        in_deal = self.in_deal
        self.order = [s % n for s in range(leader, leader + n) if in_deal[s % n]]
        self.turn = 0
        self.leader = leader
        self.trick = []
        self.trick_cards = []
        self.beat = FREE
        self.best = -1
        self.draws = 0
        self.winner = -1
        self.trick_no += 1

    def _advance(self) -> None:
        self.turn += 1
        if self.turn == len(self.order):
            # Nobody played a combination (only draw cards after the lead): the leader wins.
            self._end_trick(self.best if self.best >= 0 else self.leader)
            return
        p = self.order[self.turn]
        if not self.reserves[p] and not can_play(self.hands[p], self.beat):
            self._end_deal([p], "could neither beat nor take a reserve card")

    def _end_trick(self, winner: int) -> None:
        self.winner = winner
        if self.draws:
            self.drawing = winner
            self.draw_left = DRAWS_PER_CARD * self.draws
            self._draw_next()
        else:
            self._finish_trick()

    def _draw_next(self) -> None:
        # The stock holds 54 - players*(hand+2) >= 6 cards and at most 6 are drawn per
        # deal (two draw cards), so it never runs dry in a dealt game; a crafted
        # position with a short stock draws what is there.
        if self.draw_left > 0 and self.stock:
            self.draw_left -= 1
            self.drawn = self.stock.pop()
            return
        self.drawing = -1
        self.draw_left = 0
        self._finish_trick()

    def _finish_trick(self) -> None:
        winner, players, hands = self.winner, self.order, self.hands
        self.discard.extend(self.trick_cards)
        self.trick_cards = []
        self.last_trick = {
            "trick": self.trick_no,
            "leader": self.leader,
            "winner": winner,
            "entries": tuple(self.trick),  # as JSON in the observation (most tricks are never looked at)
        }
        for p in players:
            self.in_deal[p] = bool(hands[p])
        remaining = [p for p in players if hands[p]]
        if len(remaining) >= 2:
            self._start_trick(self._next_leader(winner))
        elif len(remaining) == 1:
            self._end_deal(remaining, "was the last player with cards")
        else:
            self._end_deal(
                [p for p in players if p != winner],
                "emptied the hand in the last trick together with everyone, but did not win it",
            )

    def _next_leader(self, winner: int) -> int:
        hands = self.hands
        if hands[winner]:
            return winner
        # Next highest combination whose player still has cards; draw and stop
        # cards are no combinations.
        ranked = sorted(
            (
                (e.strength, e.player)
                for e in self.trick
                if e.action == "play" and e.strength < DRAW and e.player != winner
            ),
            reverse=True,
        )
        for _, p in ranked:
            if hands[p]:
                return p
        n = self.num_players
        for k in range(1, n):
            q = (winner - k) % n  # right-hand neighbour, then further right
            if hands[q]:
                return q
        raise AssertionError("a next trick needs two players with cards")

    def _end_deal(self, losers: list[int], reason: str) -> None:
        self.round_left = [[_TOKENS[c] for c in h] for h in self.hands]
        lost: list[int] = []
        for p in losers:
            if self.chips[p] > 0:
                self.chips[p] -= 1
            else:
                self.lost[p] = True
                lost.append(p)
        self.deal_log.append(
            {"deal": self.deal_no, "reason": reason, "losers": [{"seat": p, "lost_game": p in lost} for p in losers]}
        )
        self.discard.extend(self.trick_cards)
        self.trick_cards = []
        if lost:
            self.over = True
            self.order = []
            return
        self._new_deal(losers[0] if len(losers) == 1 else DEALER)

    # --- results and views ---------------------------------------------------
    def result(self) -> Result:
        """Scores are the chips left (-1 for a player who lost); the winners are all
        players who did not lose. Before the end, ``winners`` is empty."""
        scores = tuple(self._scores())
        winners = tuple(p for p in range(self.num_players) if not self.lost[p]) if self.over else ()
        losers = [p for p in range(self.num_players) if self.lost[p]]
        return Result(scores, winners, {"losers": losers, "deals": self.deal_no, "chips": list(self.chips)})

    def _scores(self) -> list[int]:
        """The chips left per seat, -1 for a player who lost."""
        return [c - 1 if lost else c for c, lost in zip(self.chips, self.lost)]

    def _observation(self, player: int) -> dict[str, Any]:
        """What seat ``player`` sees: their own hand in order, every reserve (face
        up), chips, hand sizes, the current trick and the played cards; never
        another hand, a card another seat draws, or the stock order."""
        if not is_int(player) or not 0 <= player < self.num_players:
            raise RulesError(f"no seat {quote(player)}; seats are 0..{self.num_players - 1}")
        drawing: dict[str, Any] | None = None
        if self.drawing >= 0:
            drawing = {"player": self.drawing, "left": self.draw_left + 1}
            if player == self.drawing:
                drawing["card"] = _TOKENS[self.drawn]
        to_act = self.order[self.turn :] if not self.over and self.drawing < 0 else []
        return {
            "game": GAME_ID,
            "player": player,
            "players": self.num_players,
            "current_player": self.current_player,
            "phase": self.phase,
            "is_over": self.over,
            "scores": self._scores(),
            "hand": [*map(_token, self.hands[player])],
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "dealer": DEALER,
            "deal": self.deal_no,
            "trick_no": self.trick_no,
            "reserves": [[*map(_token, r)] for r in self.reserves],
            "chips": [{"seat": p, "chips": c, "lost": lost} for p, (c, lost) in enumerate(zip(self.chips, self.lost))],
            "in_deal": list(self.in_deal),
            "leader": self.leader,
            "trick": [e.to_json() for e in self.trick],
            # seats still to act in this trick, the current one first (dicts, not a
            # bare list of numbers, for the same reason as the trick's cards)
            "to_act": [{"seat": q} for q in to_act],
            "to_beat": None if self.beat == FREE else combination_name(self.beat),
            "to_beat_player": self.best if self.best >= 0 else None,
            "draw_cards": self.draws,
            "drawing": drawing,
            "discard": [*map(_token, self.discard)],
            "last_trick": _last_trick_json(self.last_trick),
            "deal_log": [*map(dict, self.deal_log)],
            "round_left": self.round_left,
        }

    def seat_view(self, player: int) -> SeatView:
        """The part of ``observation(player)`` a bot decides from, in card codes (the observation's texts
        cost a bot more to make and read back than its move). :class:`RulesError` for a seat the game does
        not have."""
        self._check_seat(player)
        to_act = self.order[self.turn :] if not self.over and self.drawing < 0 else []
        return SeatView(self.phase, list(self.hands[player]), [len(h) for h in self.hands],
                        [list(r) for r in self.reserves], to_act, self.beat, self.draws, len(self.stock),
                        list(self.discard), list(self.trick), self.drawn if player == self.drawing else None)

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {
            "stock": list(self.stock),
            "discard": list(self.discard),
            "trick": list(self.trick_cards),
            "drawn": [self.drawn] if self.drawn >= 0 else [],
        }
        for p in range(self.num_players):
            z[f"hand{p}"] = list(self.hands[p])
            z[f"reserve{p}"] = list(self.reserves[p])
        return z

    def _fmt_drawn(self) -> str:
        return _TOKENS[self.drawn] if self.drawn >= 0 else "none"

    # --- move text and JSON --------------------------------------------------
    def _parse_move(self, text: str) -> Move:
        """``play 3``, ``play 3-5 X=7``, ``play 0-1 X=4,6``, ``reserve 1 at 0``, ``insert at 4``."""
        return parse_move(text, self.current_player)

    def _move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data)

    def clone(self) -> KrassState:
        """An independent copy (field by field: much faster than a deep copy)."""
        c = object.__new__(KrassState)
        c.__dict__.update(self.__dict__)
        c.history = list(self.history)
        c.hands = [list(h) for h in self.hands]
        c.reserves = [list(r) for r in self.reserves]
        for name in ("chips", "lost", "in_deal", "stock", "discard", "trick", "trick_cards", "order"):
            setattr(c, name, list(getattr(self, name)))
        c.deal_log = [dict(d) for d in self.deal_log]
        c._rng = Rng(0)
        c._rng.state = self._rng.state
        return c


def _last_trick_json(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last trick as the observation shows it: its entries as JSON."""
    return None if last is None else {**last, "entries": [e.to_json() for e in last["entries"]]}


def _fmt(codes: Iterable[int]) -> str:
    return " ".join(_TOKENS[c] for c in codes)


@lru_cache(maxsize=4096)  # a play is 1-3 of 15 card types: at most 3,615 windows
def _shown(cards: tuple[int, ...]) -> str:
    """A played window as text (every trick entry shows it)."""
    return _fmt(cards)


_new_tuple = tuple.__new__


def _factory(players: int, seed: int | str | None, rules: Rules) -> GameState:
    return KrassState(players, seed, rules)


from .view import describe, describe_start, render_board  # noqa: E402 (it imports this module)

register(GameSpec(id=GAME_ID, name="Krass Kariert", min_players=3, max_players=5, default_players=4, factory=_factory))

__all__ = [
    "InsertMove",
    "KrassMoves",
    "KrassState",
    "PlayMove",
    "ReserveMove",
    "describe",
    "describe_start",
    "hand_size",
    "move_from_json",
    "parse_move",
    "render_board",
    "starting_chips",
]
