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

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, ClassVar

from ... import _core
from ...cards import deck, format_cards
from ...engine import GameSpec, GameState, Move, Result, register
from ...errors import IllegalMoveError, InvalidNotationError, quote
from ...rng import Rng
from ...rules import Rules
from .. import tablemoves as tm
from ..tablemoves import Draft, MeldT, TableT

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
        """Points toward the opening: the numbers of the natural cards (jokers 0)."""
        return sum(number(c) for c, _ in meld if c != JOKER)


MELDS = RummyMelds()


# The memo caches are bounded: a process that plays game after game (simulate, a bot ladder) meets new
# hands all the time, and unbounded caches grew its RSS without end (4,000 games: 28 -> 48 MB, climbing).
# The sizes hold the working set of a game with room to spare (tests/cli/test_cli_hardening.py checks the bound).
MEMO_SIZE = 1 << 13


@lru_cache(maxsize=MEMO_SIZE)
def _resolve(cards: Draft) -> MeldT | None:
    """The meld the core reads from a draft (``rummy::read_draft``: set or run, whichever stands for more)."""
    meld = _core.rummy_read_draft(list(cards))
    return None if meld is None else tuple(meld)


@lru_cache(maxsize=MEMO_SIZE)
def accepts(meld: MeldT) -> tuple[tuple[int, MeldT], ...]:
    """Cards that can be added to ``meld`` alone (the set's number; the run's neighbours or the card a
    joker stands for; a joker), with the meld each then makes. Used to generate lay-offs."""
    base: Draft = tuple((c, None) for c, _ in meld)
    first = meld[0][1]
    if all(number(s) == number(first) for _, s in meld):
        candidates = [k * NUMBERS + first % NUMBERS for k in range(COLOURS)]
    else:  # the cards just below and above the run, and those a joker stands for
        lo, hi = meld[0][1], meld[-1][1]
        candidates = [s for c, s in meld if c == JOKER]
        candidates += [x for x in (lo - 1, hi + 1) if colour(x) == colour(first) and 0 <= x < JOKER]
    out = []
    for code in candidates + [JOKER]:
        m = MELDS.resolve(base + ((code, None),))
        if m is not None:
            out.append((code, m))
    return tuple(out)


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
        # Bit masks of the cards each hand holds (by colour, by number): kept up to date so that the
        # move list does not scan the hands.
        self.masks: list[Masks] = [masks_of(h) for h in self.hands]
        self.table: TableT = ()
        self.opened = [False] * players
        self.turn = 0
        self.over = False
        self.reason = ""
        self.winner: int | None = None
        self._legal: list[Move] | None = None

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
        return int(self.rules.max_hand_cards_per_turn)

    def hand(self, player: int) -> list[int]:
        """The player's cards as codes, sorted."""
        return [c for c in range(TYPES) for _ in range(self.hands[player][c])]

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        if self._legal is None:
            p = self.turn
            moves: list[Move] = [PassMove(p)]
            opts = self.rules.options
            for table in generate_placements(
                self.table,
                self.hands[p],
                self.masks[p],
                self.opened[p],
                int(opts["opening_points"]),
                int(opts["max_hand_cards_per_turn"]),
            ):
                moves.append(RummyPlace(p, table))
            self._legal = moves
        return list(self._legal)

    def _check(self, move: Move) -> None:
        if isinstance(move, PassMove):
            return
        if not isinstance(move, RummyPlace):
            raise IllegalMoveError(f"{move} is not a Rummy move (place or pass)")
        if self._legal is not None and any(move is m for m in self._legal):
            return  # the very object legal_moves made, which only makes legal placements
        check_place(
            self.table,
            move.table,
            self.hands[move.player],
            self.opened[move.player],
            int(self.rules.opening_points),
            self.cap,
        )

    def _apply(self, move: Move) -> None:
        p = self.turn
        self._legal = None
        if isinstance(move, PassMove):
            c = self.stock.pop()
            self.hands[p][c] += 1
            self.masks[p] = _with_card(self.masks[p], c)
            if not self.stock:
                self._finish("stock")
                return
        else:
            assert isinstance(move, RummyPlace)
            _, _, placed, _ = tm.table_diff(self.table, move.table)
            for c, n in placed.items():
                self.hands[p][c] -= n
            self.masks[p] = masks_of(self.hands[p])
            self.table = move.table
            self.opened[p] = True
            if not any(self.hands[p]):
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

    def clone(self) -> RummyState:
        new = object.__new__(RummyState)
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new.hands = [list(h) for h in self.hands]
        new.masks = list(self.masks)
        new.stock = list(self.stock)
        new.opened = list(self.opened)
        return new


# --- legality and generation -----------------------------------------------------------------------

#: Options for the core's meld check (meld validity does not depend on Rummy's options).
_CORE_OPTIONS: dict[str, Any] = {}


def check_place(old: TableT, new: TableT, hand: list[int], opened: bool, opening_points: int, cap: int) -> None:
    """IllegalMoveError naming the rule a placement breaks (rules 1–3, opening, meld validity)."""
    added, removed, placed, taken = tm.table_diff(old, new)
    if taken:
        raise IllegalMoveError(
            f"rule 1: {format_cards(GAME, sorted(taken.elements()))} lay on the table and may not go to the hand"
        )
    if not placed:
        raise IllegalMoveError("a place move must lay at least one hand card (or pass)")
    tm.check_placed_in_hand(GAME, placed, hand)
    n = sum(placed.values())
    if cap and n > cap:
        raise IllegalMoveError(f"rule 3: at most {cap} hand cards may be placed per turn, this places {n}")
    tm.check_melds(MELDS, added, _CORE_OPTIONS, "rule 2: ")
    if not opened:
        if removed:
            raise IllegalMoveError("the opening lays new melds from the hand only; the table must stay as it is")
        pts = sum(MELDS.opening_points(m) for m in added)
        if pts < opening_points:
            raise IllegalMoveError(
                f"the opening needs {opening_points} points from the player's own new melds (jokers count 0), "
                f"these make {pts}"
            )


#: Which cards a hand holds: a bit mask of numbers per colour and one of colours per number.
Masks = tuple[tuple[int, ...], tuple[int, ...]]


def masks_of(h: list[int]) -> Masks:
    """The :data:`Masks` of a hand given as counts."""
    col_masks = [0] * COLOURS
    num_masks = [0] * NUMBERS
    for c in [c for c in range(JOKER) if h[c]]:
        col, num = divmod(c, NUMBERS)
        col_masks[col] |= 1 << num
        num_masks[num] |= 1 << col
    return tuple(col_masks), tuple(num_masks)


def _with_card(masks: Masks, c: int) -> Masks:
    """The masks after card ``c`` joined the hand."""
    if c == JOKER:
        return masks
    col, num = divmod(c, NUMBERS)
    cols, nums = list(masks[0]), list(masks[1])
    cols[col] |= 1 << num
    nums[num] |= 1 << col
    return tuple(cols), tuple(nums)


def hand_melds(h: list[int], masks: Masks | None = None) -> list[MeldT]:
    """A bounded set of melds the hand (counts; ``masks`` if known) can lay: per number the set (and
    its 3-card parts), per colour the longest runs (and their 3-card windows). Built with every joker
    declared, so no search is needed; the tests check each against the meld rules."""
    jokers = min(h[JOKER], 2)
    col_masks, num_masks = masks if masks is not None else masks_of(h)
    out: list[MeldT] = []
    for num, mask in enumerate(num_masks):
        if mask:
            out.extend(_set_melds(num, mask, jokers))
    for col, mask in enumerate(col_masks):
        if mask:
            out.extend(_run_melds(col, mask, jokers))
    return out


@cache  # at most 13 numbers x 16 colour masks x the jokers of a hand
def _set_melds(num: int, mask: int, jokers: int) -> tuple[MeldT, ...]:
    """The sets of number ``num`` from the colours in ``mask`` and up to ``jokers`` jokers."""
    cs = [k * NUMBERS + num for k in range(COLOURS) if mask >> k & 1]
    need = 3 - len(cs)
    if need > jokers:
        return ()
    pairs = [(c, c) for c in cs]
    if need > 0:
        missing = [k * NUMBERS + num for k in range(COLOURS) if not mask >> k & 1]
        pairs += [(JOKER, x) for x in missing[:need]]
        pairs.sort(key=lambda p: p[1])
    out = [tuple(pairs)]
    if len(cs) == 4:  # the four 3-card subsets too (for the per-turn cap)
        out.extend(tuple(p for p in pairs if p[0] != skip) for skip in cs)
    return tuple(out)


@lru_cache(maxsize=MEMO_SIZE)  # 4 colours x 8,192 number masks x jokers: too many to keep them all
def _run_melds(col: int, mask: int, jokers: int) -> tuple[MeldT, ...]:
    """The longest runs of colour ``col`` (numbers in ``mask``, jokers filling one-card gaps and
    topping up to three cards) and their 3-card windows."""
    cs = [col * NUMBERS + k for k in range(NUMBERS) if mask >> k & 1]
    if len(cs) + jokers < 3:
        return ()
    top = col * NUMBERS + NUMBERS
    out: list[MeldT] = []
    i = 0
    while i < len(cs):
        run = [(cs[i], cs[i])]
        left = jokers
        j = i + 1
        while True:
            nxt = run[-1][1] + 1
            if j < len(cs) and cs[j] == nxt:
                run.append((nxt, nxt))
                j += 1
            elif left and j < len(cs) and cs[j] == nxt + 1:
                run.append((JOKER, nxt))  # a joker fills a one-card gap
                left -= 1
            else:
                break
        while len(run) < 3 and left:  # extend with jokers: upward, else downward
            nxt = run[-1][1] + 1
            if nxt < top:
                run.append((JOKER, nxt))
            else:
                run.insert(0, (JOKER, run[0][1] - 1))
            left -= 1
        if len(run) >= 3:
            out.append(tuple(run))
            if len(run) > 3:  # its 3-card windows too
                out.extend(tuple(run[k : k + 3]) for k in range(len(run) - 2))
        i = max(i + 1, j)
    return tuple(dict.fromkeys(out))


def opening_sets(melds: list[MeldT], h: list[int], opening_points: int, cap: int) -> Iterator[tuple[MeldT, ...]]:
    """Greedy openings from the hand's melds (see :func:`tablemoves.opening_sets`), jokers counting 0."""
    return tm.opening_sets(melds, h, opening_points, cap, MELDS.opening_points)


def generate_placements(
    table: TableT, h: list[int], masks: Masks | None, opened: bool, opening_points: int, cap: int
) -> Iterator[TableT]:
    """A bounded set of legal new tables: openings, or new melds and single lay-offs."""
    melds = hand_melds(h, masks)
    if not opened:
        for chosen in opening_sets(melds, h, opening_points, cap):
            yield table + chosen
        return
    for m in melds:
        if not cap or len(m) <= cap:
            yield table + (m,)
    for i, m in enumerate(table):
        for code, grown in accepts(m):
            if h[code]:
                yield table[:i] + (grown,) + table[i + 1 :]


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
