"""Krass Kariert (game id ``krass``): the game flow of RULES.md §5.

3–5 players hold their hands in the order dealt and never reorder them. A
*trick* is one lap: the leader plays any combination (1–3 adjacent cards,
:mod:`romme.games.krass_combos`); every following player beats the highest
combination so far or takes one of their face-up reserve cards into the hand
at a position of their choice. A *deal* runs tricks until one player is left
with cards (or a player can neither beat nor take a reserve); that player
gives up a chip, and a player who must give up a chip but has none loses the
game.

Moves (positions are 0-based; ``at P`` inserts before hand position ``P``):

- ``play 3`` / ``play 3-5 X=7`` / ``play 0-1 X=4,6``: play the window of hand
  positions 3..5, naming a number for each X in it (ascending; copies of X
  are alike);
- ``reserve 1 at 0``: take reserve card 1 and insert it at hand position 0;
- ``insert at 4``: insert the card just drawn (after a trick with draw cards)
  at hand position 4.

Rule decisions the rule book leaves open are in ``docs/RULES-NOTES.md``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Iterator, Mapping, overload

from ..cards import check_available, deck, parse_codes
from ..engine import GameSpec, GameState, Move, Result, register
from ..errors import IllegalMoveError, InvalidNotationError, RulesError
from ..rng import Rng
from ..rules import Rules
from .krass_combos import DRAW, FREE, STOP, can_play, describe, play_strength, window_options

GAME_ID = "krass"
DEALER = 0
DRAWS_PER_CARD = 3
RESERVES = 2

_TOKENS = tuple(t.token for t in deck(GAME_ID).types)


def hand_size(players: int) -> int:
    """Cards dealt to each player: 10, or 7 with five players."""
    return 7 if players == 5 else 10


def starting_chips(players: int, rules: Rules) -> int:
    """Chips per player: 3, or 2 with five players unless ``long_game``."""
    return 2 if players == 5 and not rules.long_game else 3


# --- moves -----------------------------------------------------------------


@dataclass(frozen=True)
class PlayMove(Move):
    """Play the hand window ``start .. start+length-1``; ``x``: the numbers its X cards stand for."""

    start: int = 0
    length: int = 1
    x: tuple[int, ...] = ()

    kind: ClassVar[str] = "play"

    def __str__(self) -> str:
        where = str(self.start) if self.length == 1 else f"{self.start}-{self.start + self.length - 1}"
        xs = f" X={','.join(map(str, self.x))}" if self.x else ""
        return f"play {where}{xs}"


@dataclass(frozen=True)
class ReserveMove(Move):
    """Take reserve card ``index`` into the hand before position ``position``."""

    index: int = 0
    position: int = 0

    kind: ClassVar[str] = "reserve"

    def __str__(self) -> str:
        return f"reserve {self.index} at {self.position}"


@dataclass(frozen=True)
class InsertMove(Move):
    """Insert the card just drawn into the hand before position ``position``."""

    position: int = 0

    kind: ClassVar[str] = "insert"

    def __str__(self) -> str:
        return f"insert at {self.position}"


_MOVE_CLASSES: dict[str, type[Move]] = {"play": PlayMove, "reserve": ReserveMove, "insert": InsertMove}


class KrassMoves(Sequence[Move]):
    """The legal moves of one position as a lazy sequence (python-chess style).

    The plays are listed first (each distinct combination once), then every
    (reserve, position) pair, or every insert position. A move object is only
    built when asked for, which keeps random play fast.
    """

    __slots__ = ("player", "plays", "reserves", "slots", "insert", "_keys")

    def __init__(self, player: int, plays: list[tuple[int, int, int, tuple[int, ...]]],
                 reserves: int, slots: int, insert: bool = False) -> None:
        self.player = player
        self.plays = plays
        self.reserves = reserves
        self.slots = slots
        self.insert = insert
        self._keys: set[tuple[int, int, tuple[int, ...]]] | None = None

    def __len__(self) -> int:
        if self.insert:
            return self.slots
        return len(self.plays) + self.reserves * self.slots

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> list[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | list[Move]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal move index out of range")
        if self.insert:
            return InsertMove(self.player, i)
        k = len(self.plays)
        if i < k:
            start, length, _, xs = self.plays[i]
            return PlayMove(self.player, start, length, xs)
        r, pos = divmod(i - k, self.slots)
        return ReserveMove(self.player, r, pos)

    def __iter__(self) -> Iterator[Move]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.player != self.player:
            return False
        if isinstance(move, InsertMove):
            return self.insert and _is_int(move.position) and 0 <= move.position < self.slots
        if self.insert:
            return False
        if isinstance(move, ReserveMove):
            return (_is_int(move.index) and _is_int(move.position)
                    and 0 <= move.index < self.reserves and 0 <= move.position < self.slots)
        if isinstance(move, PlayMove):
            if self._keys is None:
                self._keys = {(s, n, xs) for s, n, _, xs in self.plays}
            try:
                return (move.start, move.length, tuple(sorted(move.x))) in self._keys
            except TypeError:
                return False
        return False

    def __repr__(self) -> str:
        return f"<KrassMoves {[str(m) for m in self]}>"


def _is_int(v: object) -> bool:
    return type(v) is int


# --- the state ---------------------------------------------------------------


@dataclass(frozen=True)
class TrickEntry:
    """One action in the current trick (public: everyone saw it)."""

    player: int
    action: str  # "play" or "reserve"
    cards: tuple[int, ...]
    strength: int  # of a play; FREE for a reserve
    x: tuple[int, ...] = ()
    position: int = -1  # where a reserve card went

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "action": self.action,
                               "cards": [_TOKENS[c] for c in self.cards]}
        if self.action == "play":
            out["combination"] = describe(self.strength)
            if self.x:
                out["x"] = list(self.x)
        else:
            out["position"] = self.position
        return out


class KrassState(GameState):
    """A Krass Kariert game: deals of tricks until someone cannot give up a chip."""

    game_id: ClassVar[str] = GAME_ID

    def __init__(self, players: int, seed: int | str | None, rules: Rules,
                 _setup: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, seed, rules)
        n = players
        self._rng = Rng(seed)
        self._setup = _setup
        self.chips = [starting_chips(n, rules)] * n
        self.lost = [False] * n
        self.deal_no = 0
        #: One record per finished deal: who gave up a chip and why.
        self.deal_log: list[dict[str, Any]] = []
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
        self._checked: tuple[Move, int] | None = None  # (move, strength) from the last _check
        if _setup is None:
            self._new_deal(1 % n)
        else:
            self._load_setup(_setup)

    # --- set-up ------------------------------------------------------------
    def _new_deal(self, leader: int) -> None:
        n = self.num_players
        cards = deck(GAME_ID).full()
        self._rng.shuffle(cards)
        size = hand_size(n)
        self.hands = [[] for _ in range(n)]
        self.reserves = [[] for _ in range(n)]
        seats = [(DEALER + k) % n for k in range(1, n + 1)]  # dealer's left first, dealer last
        for _ in range(size):
            for s in seats:
                self.hands[s].append(cards.pop())
        for _ in range(RESERVES):
            for s in seats:
                self.reserves[s].append(cards.pop())
        self.stock = cards
        self.discard = []
        self.in_deal = [True] * n
        self.deal_no += 1
        self.trick_no = 0
        self.last_trick = None
        self._start_trick(leader)

    @classmethod
    def from_position(cls, hands: Sequence[str | Sequence[int]], reserves: Sequence[str | Sequence[int]],
                      stock: str | Sequence[int] = (), leader: int = 0, chips: Sequence[int] | None = None,
                      seed: int | str | None = 0, rules: Rules | str | Mapping[str, Any] | None = None
                      ) -> "KrassState":
        """A game starting from a given deal (for tests and puzzles).

        ``hands`` and ``reserves`` per seat (card text or codes, hands in
        order), ``stock`` top card first; every card of the deck not given
        lies on the discard pile. Later deals are shuffled from ``seed``.
        """
        n = len(hands)
        if not 3 <= n <= 5:
            raise RulesError(f"krass takes 3..5 players, got {n}")
        if len(reserves) != n:
            raise RulesError(f"{n} hands but {len(reserves)} reserve lists")
        setup = {
            "hands": [parse_codes(GAME_ID, h, check_counts=False) for h in hands],
            "reserves": [parse_codes(GAME_ID, r, check_counts=False) for r in reserves],
            "stock": parse_codes(GAME_ID, stock, check_counts=False),
            "leader": leader,
            "chips": list(chips) if chips is not None else None,
        }
        if not (_is_int(leader) and 0 <= leader < n and setup["hands"][leader]):
            raise RulesError(f"leader {leader!r} must be a seat 0..{n - 1} holding cards")
        if any(not h for h in setup["hands"]):
            raise RulesError("every seat starts a deal with cards")
        if any(len(r) > RESERVES for r in setup["reserves"]):
            raise RulesError(f"at most {RESERVES} reserve cards per seat")
        if setup["chips"] is not None and (len(setup["chips"]) != n
                                           or any(not _is_int(c) or c < 0 for c in setup["chips"])):
            raise RulesError(f"chips must be {n} counts >= 0, got {chips!r}")
        used = [c for key in ("hands", "reserves") for z in setup[key] for c in z] + setup["stock"]
        check_available(GAME_ID, used)
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

    def legal_moves(self) -> KrassMoves:  # type: ignore[override]
        if self.over:
            return KrassMoves(-1, [], 0, 0)
        if self.drawing >= 0:
            return KrassMoves(self.drawing, [], 0, len(self.hands[self.drawing]) + 1, insert=True)
        p = self.order[self.turn]
        hand = self.hands[p]
        nres = len(self.reserves[p]) if self.turn else 0
        return KrassMoves(p, window_options(hand, self.beat), nres, len(hand) + 1)

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
            self._checked = (move, self._play_strength(move))
        elif isinstance(move, ReserveMove):
            if self.turn == 0:
                raise IllegalMoveError(f"{move}: the leader of a trick must play a combination")
            res = self.reserves[p]
            if not res:
                raise IllegalMoveError(f"{move}: seat {p} has no reserve cards left")
            if not _is_int(move.index) or not 0 <= move.index < len(res):
                raise IllegalMoveError(f"{move}: reserve index must be 0..{len(res) - 1}, got {move.index!r}")
            self._check_position(move, move.position, p)
        else:
            raise IllegalMoveError(f"{move!r} is not a krass move (play, reserve or insert)")

    def _check_position(self, move: Move, pos: object, p: int) -> None:
        n = len(self.hands[p])
        if not _is_int(pos) or not 0 <= pos <= n:  # type: ignore[operator]
            raise IllegalMoveError(f"{move}: insert position must be 0..{n} (the hand has {n} cards), got {pos!r}")

    def _play_strength(self, move: PlayMove) -> int:
        hand = self.hands[move.player]
        start, length, xs = move.start, move.length, move.x
        if not (_is_int(start) and _is_int(length)) or not 1 <= length <= 3:
            raise IllegalMoveError(f"{move}: a combination is 1 to 3 adjacent cards")
        if start < 0 or start + length > len(hand):
            raise IllegalMoveError(f"{move}: the hand has positions 0..{len(hand) - 1}")
        if not isinstance(xs, tuple) or not all(_is_int(v) for v in xs):
            raise IllegalMoveError(f"{move}: X values must be whole numbers")
        cards = hand[start:start + length]
        s = play_strength(cards, xs)
        if isinstance(s, str):
            raise IllegalMoveError(f"{move}: cards {_fmt(cards)}: {s}")
        if s <= self.beat:
            raise IllegalMoveError(
                f"{move}: {describe(s)} does not beat {describe(self.beat)}; beat it, "
                + ("take a reserve card" if self.reserves[move.player] else "play a stop or draw card")
            )
        return s

    def _apply(self, move: Move) -> None:
        p = move.player
        if isinstance(move, PlayMove):
            checked = self._checked
            s = checked[1] if checked is not None and checked[0] is move else self._play_strength(move)
            self._checked = None
            hand = self.hands[p]
            cards = tuple(hand[move.start:move.start + move.length])
            del hand[move.start:move.start + move.length]
            self.trick.append(TrickEntry(p, "play", cards, s, move.x))
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
            self.trick.append(TrickEntry(p, "reserve", (card,), FREE, (), move.position))
            self._advance()
        else:
            assert isinstance(move, InsertMove)
            self.hands[p].insert(move.position, self.drawn)
            self.drawn = -1
            self._draw_next()

    # --- trick and deal flow -------------------------------------------------
    def _start_trick(self, leader: int) -> None:
        n = self.num_players
        self.order = [s for s in ((leader + k) % n for k in range(n)) if self.in_deal[s]]
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
        self.last_trick = {"trick": self.trick_no, "leader": self.leader, "winner": winner,
                           "entries": [e.to_json() for e in self.trick]}
        for p in players:
            self.in_deal[p] = bool(hands[p])
        remaining = [p for p in players if hands[p]]
        if len(remaining) >= 2:
            self._start_trick(self._next_leader(winner))
        elif len(remaining) == 1:
            self._end_deal(remaining, "was the last player with cards")
        else:
            self._end_deal([p for p in players if p != winner], "emptied the hand in the last trick "
                           "together with everyone, but did not win it")

    def _next_leader(self, winner: int) -> int:
        hands = self.hands
        if hands[winner]:
            return winner
        # Next highest combination whose player still has cards; draw and stop
        # cards are no combinations.
        ranked = sorted(((e.strength, e.player) for e in self.trick
                         if e.action == "play" and e.strength < DRAW and e.player != winner), reverse=True)
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
        gave: list[int] = []
        lost: list[int] = []
        for p in losers:
            if self.chips[p] > 0:
                self.chips[p] -= 1
                gave.append(p)
            else:
                self.lost[p] = True
                lost.append(p)
        self.deal_log.append({"deal": self.deal_no, "losers": list(losers), "gave_chip": gave,
                              "lost_game": lost, "reason": reason})
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
        scores = tuple(c - 1 if lost else c for c, lost in zip(self.chips, self.lost))
        winners = tuple(p for p in range(self.num_players) if not self.lost[p]) if self.over else ()
        losers = [p for p in range(self.num_players) if self.lost[p]]
        return Result(scores, winners, {"losers": losers, "deals": self.deal_no, "chips": list(self.chips)})

    def observation(self, player: int) -> dict[str, Any]:
        if not _is_int(player) or not 0 <= player < self.num_players:
            raise RulesError(f"no seat {player!r}; seats are 0..{self.num_players - 1}")
        drawing: dict[str, Any] | None = None
        if self.drawing >= 0:
            drawing = {"player": self.drawing, "left": self.draw_left + 1}
            if player == self.drawing:
                drawing["card"] = _TOKENS[self.drawn]
        return {
            "game": GAME_ID,
            "seat": player,
            "players": self.num_players,
            "phase": self.phase,
            "current_player": self.current_player,
            "dealer": DEALER,
            "deal": self.deal_no,
            "trick_no": self.trick_no,
            "hand": [_TOKENS[c] for c in self.hands[player]],
            "hand_counts": [len(h) for h in self.hands],
            "reserves": [[_TOKENS[c] for c in r] for r in self.reserves],
            "chips": list(self.chips),
            "lost": list(self.lost),
            "in_deal": list(self.in_deal),
            "leader": self.leader,
            "trick": [e.to_json() for e in self.trick],
            "to_act": self.order[self.turn:] if not self.over and self.drawing < 0 else [],
            "to_beat": None if self.beat == FREE else describe(self.beat),
            "to_beat_player": self.best if self.best >= 0 else None,
            "draw_cards": self.draws,
            "drawing": drawing,
            "stock": len(self.stock),
            "discard": [_TOKENS[c] for c in self.discard],
            "last_trick": self.last_trick,
            "deal_log": [dict(d) for d in self.deal_log],
        }

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {"stock": list(self.stock), "discard": list(self.discard),
                                   "trick": list(self.trick_cards),
                                   "drawn": [self.drawn] if self.drawn >= 0 else []}
        for p in range(self.num_players):
            z[f"hand{p}"] = list(self.hands[p])
            z[f"reserve{p}"] = list(self.reserves[p])
        return z

    def _fmt_drawn(self) -> str:
        return _TOKENS[self.drawn] if self.drawn >= 0 else "none"

    # --- move text and JSON --------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """``play 3``, ``play 3-5 X=7``, ``play 0-1 X=4,6``, ``reserve 1 at 0``, ``insert at 4``."""
        return parse_move(text, self.current_player)

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data)

    def render(self, player: int | None = None) -> str:
        """A plain-text board from ``player``'s seat (all hands hidden but theirs)."""
        if player is None:
            player = max(self.current_player, 0)
        return render_observation(self.observation(player))


_PLAY_RE = re.compile(r"^play\s+(\d+)(?:\s*-\s*(\d+))?((?:\s+x\s*=\s*\d+(?:\s*,\s*\d+)*)*)$")
_RESERVE_RE = re.compile(r"^(?:reserve|take)\s+(\d+)\s+at\s+(\d+)$")
_INSERT_RE = re.compile(r"^insert\s+at\s+(\d+)$")


def parse_move(text: str, player: int) -> Move:
    """A move from its notation; :class:`InvalidNotationError` naming the text if malformed."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"move text must be a string, got {text!r}")
    t = " ".join(text.strip().lower().split())
    if m := _PLAY_RE.match(t):
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) is not None else a
        if b < a:
            raise InvalidNotationError(f"bad move {text!r}: window {a}-{b} runs backwards")
        xs = tuple(sorted(int(v) for v in re.findall(r"\d+", m.group(3) or "")))
        return PlayMove(player, a, b - a + 1, xs)
    if m := _RESERVE_RE.match(t):
        return ReserveMove(player, int(m.group(1)), int(m.group(2)))
    if m := _INSERT_RE.match(t):
        return InsertMove(player, int(m.group(1)))
    raise InvalidNotationError(
        f"bad move {text!r}: expected 'play 3', 'play 3-5 X=7', 'reserve 1 at 0' or 'insert at 4'"
    )


def move_from_json(data: Mapping[str, Any]) -> Move:
    """A move from its JSON form (``{"kind": "play", "player": 0, "start": 3, ...}``)."""
    if not isinstance(data, Mapping):
        raise InvalidNotationError(f"a move in JSON is an object, got {data!r}")
    kind = data.get("kind")
    cls = _MOVE_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidNotationError(f"bad move kind {kind!r}; kinds: {', '.join(_MOVE_CLASSES)}")
    fields = [f.name for f in dataclasses.fields(cls)]
    extra = set(data) - set(fields) - {"kind"}
    if extra:
        raise InvalidNotationError(f"{kind} move has unknown fields {sorted(extra)}")
    args: dict[str, Any] = {}
    for f in fields:
        if f not in data:
            if f == "x":
                continue
            raise InvalidNotationError(f"{kind} move lacks the field {f!r}")
        v = data[f]
        if f == "x":
            if not isinstance(v, (list, tuple)) or not all(_is_int(e) for e in v):
                raise InvalidNotationError(f"play move field 'x' must be a list of numbers, got {v!r}")
            v = tuple(v)
        elif not _is_int(v):
            raise InvalidNotationError(f"{kind} move field {f!r} must be an integer, got {v!r}")
        args[f] = v
    return cls(**args)


def _fmt(codes: Iterable[int]) -> str:
    return " ".join(_TOKENS[c] for c in codes)


def render_observation(obs: Mapping[str, Any]) -> str:
    """The board text of one seat's observation (what the terminal shows)."""
    me = obs["seat"]
    lines = [f"Krass Kariert: deal {obs['deal']}, trick {obs['trick_no']}, stock {obs['stock']} cards"]
    for p in range(obs["players"]):
        mark = ">" if p == obs["current_player"] else " "
        state = "lost" if obs["lost"][p] else ("in" if obs["in_deal"][p] else "out")
        res = " ".join(obs["reserves"][p]) or "-"
        lines.append(f"{mark} seat {p}{' (you)' if p == me else ''}: {obs['hand_counts'][p]:2d} cards, "
                     f"reserves [{res}], chips {obs['chips'][p]}, {state}")
    if obs["trick"]:
        lines.append("trick:")
        for e in obs["trick"]:
            if e["action"] == "play":
                xs = f" (X={','.join(map(str, e['x']))})" if e.get("x") else ""
                lines.append(f"  seat {e['player']}: {' '.join(e['cards'])} = {e['combination']}{xs}")
            else:
                lines.append(f"  seat {e['player']}: takes reserve {e['cards'][0]} at {e['position']}")
    lines.append(f"to beat: {obs['to_beat'] or 'nothing (play any combination)'}")
    hand = obs["hand"]
    lines.append("your hand: " + "  ".join(f"{i}:{c}" for i, c in enumerate(hand)))
    if obs["drawing"] and "card" in obs["drawing"]:
        lines.append(f"you drew {obs['drawing']['card']} ({obs['drawing']['left']} to insert)")
    return "\n".join(lines)


def _factory(players: int, seed: int | str | None, rules: Rules) -> GameState:
    return KrassState(players, seed, rules)


register(GameSpec(id=GAME_ID, name="Krass Kariert", min_players=3, max_players=5, default_players=4,
                  factory=_factory))

__all__ = ["InsertMove", "KrassMoves", "KrassState", "PlayMove", "ReserveMove", "hand_size",
           "move_from_json", "parse_move", "starting_chips"]
