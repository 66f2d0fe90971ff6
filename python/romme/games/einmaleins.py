"""1x1-Rommé (game id ``einmaleins``): Rommé with the NumNum deck, sheet 002.

2–4 players, 13 cards each from the 103 number and wish cards; one face-up
card starts the discard pile. A turn: ``draw stock`` or ``draw discard``,
then any number of table moves (``place <new table>``, or the shortcuts
``lay`` and ``add``), then ``discard CARD``. The first laying down (opening)
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

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import gcd
from typing import Any, ClassVar

from ..cards import deck, format_cards
from ..engine import GameSpec, GameState, Move, Result, register
from ..errors import IllegalMoveError, InvalidNotationError
from ..rng import Rng
from ..rules import Rules
from . import tablemoves as tm
from .tablemoves import Draft, MeldT, TableT

GAME = "einmaleins"
WISH = 100
TYPES = 101  # number cards 0..99 and the wish card; the ban cards 101, 102 are not in this game
HAND_SIZE = 13
#: How often the stock may be rebuilt from the discard pile; when it runs out once more, the game is blocked.
MAX_REBUILDS = 2

_TYPES = deck(GAME).types
VALUE: tuple[int, ...] = tuple(t.rank for t in _TYPES[:100])
SYM: tuple[int, ...] = tuple(t.suit or 0 for t in _TYPES[:100])
CODE_AT: dict[tuple[int, int], int] = {(SYM[c], VALUE[c]): c for c in range(100)}
SYM_VALUES: tuple[frozenset[int], ...] = tuple(frozenset(VALUE[c] for c in range(100) if SYM[c] == s)
                                               for s in range(4))
ONES: tuple[int, ...] = tuple(CODE_AT[(s, 1)] for s in range(4))


def is_one(code: int) -> bool:
    return code < 100 and VALUE[code] == 1


def hand_points(code: int) -> int:
    """Minus points of a card left in the hand: wish card 100, value-1 card 50, else its value."""
    if code == WISH:
        return 100
    return 50 if VALUE[code] == 1 else VALUE[code]


# --- meld rules (one place; the Rust core's validate_meld checks the same) ---------------------

class EinmaleinsMelds:
    """Sets (3+ of one value) and runs (3+ consecutive multiples of a row k >= 2 in one symbol).

    The wish card is wild everywhere; a value-1 card is wild only in a run of
    its own symbol (as a natural it is a 1). A wild stands for a card of the
    deck that is not otherwise in the meld. Every meld holds a natural card.
    Without a declared card, a wild is placed where the meld is worth most.
    """

    game = GAME

    def is_wild(self, code: int) -> bool:
        return code == WISH or is_one(code)

    def resolve(self, cards: Draft) -> MeldT | None:
        return _resolve(tuple(sorted(cards, key=lambda p: (p[0], -1 if p[1] is None else p[1]))))

    @staticmethod
    def points(meld: MeldT) -> int:
        """Opening points: every card counts as the card it stands for."""
        return sum(VALUE[s] for _, s in meld)


MELDS = EinmaleinsMelds()


@lru_cache(maxsize=1 << 17)
def _resolve(cards: Draft) -> MeldT | None:
    if len(cards) < 3 or any(not 0 <= c <= WISH or (s is not None and not 0 <= s < 100) for c, s in cards):
        return None
    best: MeldT | None = _as_set(cards)
    best_pts = MELDS.points(best) if best is not None else -1
    run = _as_run(cards)
    if run is not None and MELDS.points(run) > best_pts:
        best = run
    return best


def _as_set(cards: Draft) -> MeldT | None:
    naturals = [c for c, _ in cards if c != WISH]
    if not naturals or any(s is not None and s != c for c, s in cards if c != WISH):
        return None
    v = VALUE[naturals[0]]
    if any(VALUE[c] != v for c in naturals):
        return None
    used = {SYM[c] for c in naturals}
    if len(used) != len(naturals):
        return None
    out = [(c, c) for c in naturals]
    free = 0
    for c, s in cards:
        if c == WISH:
            if s is None:
                free += 1
            elif VALUE[s] != v or SYM[s] in used:
                return None
            else:
                used.add(SYM[s])
                out.append((c, s))
    for sym in range(4):
        if free and sym not in used and v in SYM_VALUES[sym]:
            out.append((WISH, CODE_AT[(sym, v)]))
            used.add(sym)
            free -= 1
    if free:
        return None  # more cards than the deck has cards of this value
    return tuple(sorted(out, key=lambda p: (p[1], p[0])))


def _divisors(g: int) -> Iterator[int]:
    return (k for k in range(2, g + 1) if g % k == 0)


def _as_run(cards: Draft) -> MeldT | None:
    syms = {SYM[c] for c, _ in cards if c != WISH}
    if len(syms) != 1:
        return None
    sym = syms.pop()
    fixed: list[tuple[int, int]] = []
    free: list[int] = []
    natural = False
    for c, s in cards:
        wild = c == WISH or is_one(c)
        if not wild:
            if s is not None and s != c:
                return None
            fixed.append((c, c))
            natural = True
        elif s is None:
            free.append(c)
        elif SYM[s] != sym or VALUE[s] == 1:
            return None  # a wild in this run stands for a card of its symbol (a 1 is no cell)
        else:
            fixed.append((c, s))
    if not natural:
        return None
    values = [VALUE[s] for _, s in fixed]
    if len(set(values)) != len(values):
        return None
    g = 0
    for v in values:
        g = gcd(g, v)
    n = len(cards)
    line = SYM_VALUES[sym]
    best: MeldT | None = None
    best_pts = -1
    for k in _divisors(g):
        idx = {v // k for v in values}
        lo, hi = min(idx), max(idx)
        if hi - lo + 1 > n:
            continue
        for a in range(lo, max(1, hi - n + 1) - 1, -1):  # highest window first: most points
            if all(k * i in line for i in range(a, a + n)):
                pts = k * (a + a + n - 1) * n // 2
                if pts > best_pts:
                    cells = [i for i in range(a, a + n) if i not in idx]
                    out = fixed + [(w, CODE_AT[(sym, k * i)]) for w, i in zip(sorted(free), cells)]
                    best = tuple(sorted(out, key=lambda p: (VALUE[p[1]], p[0])))
                    best_pts = pts
                break
    return best


@lru_cache(maxsize=1 << 15)
def accepts(meld: MeldT) -> tuple[tuple[int, MeldT], ...]:
    """Every card that can be added to ``meld`` alone, with the meld it then makes."""
    base: Draft = tuple((c, None) for c, _ in meld)
    present = {c for c, _ in meld}
    out = []
    for code in range(TYPES):
        if code in present and code != WISH:
            continue
        m = MELDS.resolve(base + ((code, None),))
        if m is not None:
            out.append((code, m))
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def layoffs(meld: MeldT) -> tuple[tuple[int, MeldT], ...]:
    """Like :func:`accepts`, but trying only the cards of the meld's value (set) or symbol (run) and the
    wish card: the lay-offs offered in the move list."""
    base: Draft = tuple((c, None) for c, _ in meld)
    present = {c for c, _ in meld}
    first = meld[0][1]
    if all(VALUE[s] == VALUE[first] for _, s in meld):
        cands = [c for c in range(100) if VALUE[c] == VALUE[first]]
    else:
        cands = [c for c in range(100) if SYM[c] == SYM[first]]
    out = []
    for code in cands + [WISH]:
        if code in present and code != WISH:
            continue
        m = MELDS.resolve(base + ((code, None),))
        if m is not None:
            out.append((code, m))
    return tuple(out)


def _windows() -> dict[int, list[tuple[int, int, int]]]:
    """Every 3-card run of naturals, by each of its cards (codes ascending by value)."""
    out: dict[int, list[tuple[int, int, int]]] = {c: [] for c in range(100)}
    for sym in range(4):
        line = SYM_VALUES[sym]
        for k in range(2, max(line) // 2 + 1):
            for i in range(1, max(line) // k - 1):
                vals = (k * i, k * (i + 1), k * (i + 2))
                if all(v in line for v in vals):
                    w = tuple(CODE_AT[(sym, v)] for v in vals)
                    for c in w:
                        out[c].append(w)  # type: ignore[arg-type]
    return out


WINDOWS = _windows()


def hand_melds(h: list[int]) -> list[MeldT]:
    """A bounded set of melds the hand (counts) can lay: per value its set (topped up with wish cards to
    three), and every 3-card run window with at most one wild. Built with every wild declared, so no
    search is needed; the tests check each against the meld rules."""
    wilds_any = h[WISH]
    out: list[MeldT] = []
    present = [c for c in range(100) if h[c]]
    by_value: dict[int, list[int]] = {}
    for c in present:
        by_value.setdefault(VALUE[c], []).append(c)
    for cs in by_value.values():
        if len(cs) + wilds_any >= 3:
            m = _as_set(tuple((c, None) for c in cs) + ((WISH, None),) * max(0, 3 - len(cs)))
            if m is not None:
                out.append(m)
    for c in present:
        if VALUE[c] == 1:
            continue
        one = ONES[SYM[c]]
        for w in WINDOWS[c]:
            a, b, d = w
            n = h[a] + h[b] + h[d]
            if n < 2 or (a if h[a] else b) != c:
                continue  # each window once: from its lowest card in hand
            if n == 3:
                out.append(((a, a), (b, b), (d, d)))
                continue
            for wild in (WISH, one):
                if h[wild]:
                    out.append(tuple((x, x) if h[x] else (wild, x) for x in w))
    return out


# --- moves ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DrawMove(Move):
    """Take the top card of the stock or of the discard pile."""

    source: str = "stock"
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return f"draw {self.source}"


@dataclass(frozen=True)
class DiscardMove(Move):
    """End the turn by laying a hand card on the discard pile."""

    card: int = 0
    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {_token(self.card)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "card": _token(self.card)}


def _token(code: int) -> str:
    """A card's token; an impossible code shows as ``#code`` (a move built by hand may hold one)."""
    return deck(GAME).token(code) if isinstance(code, int) and 0 <= code < TYPES else f"#{code}"


@dataclass(frozen=True)
class EinmaleinsPlace(tm.PlaceMove):
    game: ClassVar[str] = GAME


# --- the state -----------------------------------------------------------------------------------

class EinmaleinsState(GameState):
    """A 1x1-Rommé position (one game, or a match of several with ``target``)."""

    game_id: ClassVar[str] = GAME

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
            for c in full[p * HAND_SIZE:(p + 1) * HAND_SIZE]:
                self.hands[p][c] += 1
        self.stock: list[int] = full[n * HAND_SIZE:]
        self.discard: list[int] = [self.stock.pop()]
        self.table: TableT = ()
        self.opened = [False] * n
        self.opened_this_turn = False
        self.turn = len(self.games) % n  # the first player moves on by one seat each game
        self.drawn = False
        self.rebuilds = 0
        self._legal: list[Move] | None = None

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
        return [c for c in range(TYPES) for _ in range(self.hands[player][c])]

    def legal_moves(self) -> list[Move]:
        if self.match_over:
            return []
        if self._legal is None:
            p = self.turn
            moves: list[Move] = []
            if not self.drawn:
                if self.stock:
                    moves.append(DrawMove(p, "stock"))
                if self.discard:
                    moves.append(DrawMove(p, "discard"))
            else:
                h = self.hands[p]
                moves.extend(DiscardMove(p, c) for c in range(TYPES) if h[c])
                moves.extend(EinmaleinsPlace(p, t) for t in generate_placements(
                    self.table, h, self.opened[p], int(self.rules.opening_points)))
            self._legal = moves
        return list(self._legal)

    def _check(self, move: Move) -> None:
        if self._legal is not None and any(move is m for m in self._legal):
            return  # the very object legal_moves made, which only makes legal moves
        p = self.turn
        if isinstance(move, DrawMove):
            if self.drawn:
                raise IllegalMoveError("the player has drawn already this turn; play or discard")
            if move.source not in ("stock", "discard"):
                raise IllegalMoveError(f"draw from 'stock' or 'discard', not {move.source!r}")
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
            return
        if not isinstance(move, EinmaleinsPlace):
            raise IllegalMoveError(f"{move} is not a 1x1-Rommé move (draw, place, discard)")
        check_place(self.table, move.table, self.hands[p], self.opened[p], int(self.rules.opening_points))

    def _apply(self, move: Move) -> None:
        p = self.turn
        self._legal = None
        h = self.hands[p]
        if isinstance(move, DrawMove):
            h[(self.stock if move.source == "stock" else self.discard).pop()] += 1
            self.drawn = True
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
        _, _, placed, taken = tm.table_diff(self.table, move.table)
        for c, n in placed.items():
            h[c] -= n
        for c, n in taken.items():
            h[c] += n
        self.table = move.table
        if not self.opened[p]:
            self.opened[p] = True
            self.opened_this_turn = True
        if not any(h):
            self._end_game(p)

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players
        self.drawn = False
        self.opened_this_turn = False
        if not self.stock:
            if self.rebuilds < MAX_REBUILDS and len(self.discard) > 1:
                self.stock = self.discard[:-1]
                self.discard = self.discard[-1:]
                self.rng.shuffle(self.stock)
                self.rebuilds += 1
            else:
                self._end_game(None)

    def _end_game(self, out: int | None) -> None:
        """Scores the game (``out``: the player without cards; None: the stock ran out)."""
        hand_romme = out is not None and self.opened_this_turn
        minus = [sum(hand_points(c) * n for c, n in enumerate(h) if n) for h in self.hands]
        if hand_romme:
            minus = [2 * m for m in minus]
        self.totals = [t + m for t, m in zip(self.totals, minus)]
        self.games.append({"out": out, "hand_romme": hand_romme, "minus": minus,
                           "hands": [format_cards(GAME, self.hand(q)) for q in range(self.num_players)]})
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

    def observation(self, player: int) -> dict[str, Any]:
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
            "discard_top": deck(GAME).token(self.discard[-1]) if self.discard else None,
            "discard_size": len(self.discard),
            "table": [tm.meld_text(GAME, m) for m in self.table],
            "opened": list(self.opened),
            "games_played": [dict(g) for g in self.games],
            "is_over": self.match_over,
            "scores": list(self.totals),
        }
        if self.match_over:
            obs["result"] = self.result().to_json()
        return obs

    def parse_move(self, text: str) -> Move:
        """``draw stock``, ``draw discard``, ``discard CARD``; ``place M | M ...`` (the whole new
        table), ``lay M | M`` (new melds), ``add CARD N`` (lay off on meld N, counted from 1)."""
        words = text.strip().split()
        p = self.turn
        if words and words[0].lower() == "draw":
            if len(words) != 2 or words[1].lower() not in ("stock", "discard"):
                raise InvalidNotationError(f"draw takes 'stock' or 'discard', got {text!r}")
            return DrawMove(p, words[1].lower())
        if words and words[0].lower() == "discard":
            if len(words) != 2:
                raise InvalidNotationError(f"discard takes one card, got {text!r}")
            return DiscardMove(p, deck(GAME).parse_token(words[1], 1))
        try:
            return tm.parse_table_move(text, p, self.table, self.hands[p], MELDS, EinmaleinsPlace,
                                       passes=(), pass_move=None)
        except InvalidNotationError as exc:
            if str(exc).startswith("unknown move"):
                raise InvalidNotationError(
                    f"unknown move {text!r}; moves: draw stock, draw discard, discard CARD, place, lay, add"
                ) from None
            raise

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        kind = data.get("kind")
        player = data.get("player", self.turn)
        if not isinstance(player, int):
            raise InvalidNotationError(f"bad player in move {data!r}")
        if kind == "draw":
            return DrawMove(player, str(data.get("source")))
        if kind == "discard":
            return DiscardMove(player, deck(GAME).parse_token(str(data.get("card")), 1))
        if kind == "place":
            return tm.place_from_json(EinmaleinsPlace, MELDS, data, player)
        raise InvalidNotationError(f"unknown 1x1-Rommé move kind {kind!r}; kinds: draw, place, discard")

    def zones(self) -> dict[str, list[int]]:
        z = {"stock": list(self.stock), "discard": list(self.discard),
             "table": [c for m in self.table for c, _ in m]}
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

def check_place(old: TableT, new: TableT, hand: list[int], opened: bool, opening_points: int) -> None:
    """IllegalMoveError naming the rule a table move breaks."""
    added, removed, placed, taken = tm.table_diff(old, new)
    if not placed:
        raise IllegalMoveError("a table move must lay at least one hand card")
    tm.check_placed_in_hand(GAME, placed, hand)
    tm.check_melds(MELDS, added, {})
    if not opened:
        if removed:
            raise IllegalMoveError("the opening lays new melds from the hand only; the table must stay as it is")
        pts = sum(MELDS.points(m) for m in added)
        if pts < opening_points:
            raise IllegalMoveError(f"the opening needs {opening_points} points from new melds, these make {pts}")
        return
    if taken:
        _check_taken(new, removed, placed, taken)


def _check_taken(new: TableT, removed: list[MeldT], placed: Any, taken: Any) -> None:
    """Table cards may go to the hand only as swapped wilds or as leftovers that fit nowhere."""
    leftovers = taken.copy()
    naturals = placed.copy()
    for m in removed:
        for c, s in m:
            if c != s and leftovers[c] > 0 and naturals[s] > 0:
                leftovers[c] -= 1  # a wild swapped for the card it stood for goes to the hand
                naturals[s] -= 1
    left = sorted(leftovers.elements())
    tok = deck(GAME).token
    for c in left:
        for m in new:
            if any(code == c for code, _ in accepts(m)):
                raise IllegalMoveError(
                    f"{tok(c)} may not go to the hand: it still fits meld {tm.meld_text(GAME, m)!r}"
                )
    for size in range(3, min(len(left), 8) + 1):
        for combo in combinations(left, size):
            if MELDS.resolve(tuple((c, None) for c in combo)) is not None:
                raise IllegalMoveError(
                    f"{format_cards(GAME, combo)} may not go to the hand: they form a meld of their own"
                )


def opening_sets(melds: list[MeldT], h: list[int], opening_points: int) -> Iterator[tuple[MeldT, ...]]:
    """Greedy openings: from each meld as the first, add disjoint melds by points until the minimum."""
    ranked = sorted(melds, key=lambda m: -MELDS.points(m))
    seen: set[tuple[MeldT, ...]] = set()
    for first in ranked:
        left = list(h)
        chosen: list[MeldT] = []
        pts = 0
        for m in [first] + ranked:
            if pts >= opening_points:
                break
            need = Counter(c for c, _ in m)
            if all(left[c] >= n for c, n in need.items()):
                for c, n in need.items():
                    left[c] -= n
                chosen.append(m)
                pts += MELDS.points(m)
        key = tuple(sorted(chosen))
        if pts >= opening_points and key not in seen:
            seen.add(key)
            yield tuple(chosen)


def generate_placements(table: TableT, h: list[int], opened: bool, opening_points: int) -> Iterator[TableT]:
    """A bounded set of legal new tables: openings; or new melds, single lay-offs and wild swaps."""
    melds = hand_melds(h)
    if not opened:
        for chosen in opening_sets(melds, h, opening_points):
            yield table + chosen
        return
    for m in melds:
        yield table + (m,)
    for i, m in enumerate(table):
        for code, grown in layoffs(m):
            if h[code]:
                yield table[:i] + (grown,) + table[i + 1:]
        for j, (c, s) in enumerate(m):
            if c != s and h[s]:
                swapped = MELDS.resolve(m[:j] + ((s, s),) + m[j + 1:])
                if swapped is not None:
                    yield table[:i] + (swapped,) + table[i + 1:]




def render_board(state: GameState, player: int) -> Any:
    """The board as seat ``player`` sees it (a rich renderable)."""
    obs = state.observation(player)
    opened = ["yes" if o else "no" for o in obs["opened"]]
    header = (f"game {len(obs['games_played']) + 1} · stock {obs['stock_size']} · discard "
              f"{obs['discard_top'] or '(empty)'} · phase {obs['phase']}  "
              "(moves: draw stock|discard · lay M | M · add CARD N · place TABLE · discard CARD)")
    return tm.render_board(obs, player, "1x1-Rommé", header, {"opened": opened, "minus points": obs["scores"]})

register(GameSpec("einmaleins", "1x1-Rommé", 2, 4, 2, EinmaleinsState, deck=GAME))
