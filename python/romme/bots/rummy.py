"""Rummy bots: random, easy, greedy and expert.

Each decides from ``state.observation(seat)`` and ``state.legal_moves()``.
The easy bot lays the smallest listed placement, keeping its joker while
another placement goes, and passes only when none is listed.
The greedy bot plays the legal placement that lays the most hand cards.
The expert opens with the Rust hand solver (the most cards that reach the
minimum) and afterwards lets the core's table search rebuild the whole
table to place the most hand cards within the per-turn cap; if either is
missing it chains new melds and lay-offs step by step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from .. import _core
from ..games import rummy as game
from ..games import tablemoves as tm
from ..rng import Rng
from . import register_bot

if TYPE_CHECKING:
    from ..engine import GameState, Move


def seen(state: GameState) -> game.SeatView:
    """What the seat to move sees: its hand as counts, the table as melds, who has opened
    (``RummyState.seat_view``)."""
    assert isinstance(state, game.RummyState)
    return state.seat_view(state.current_player)


def placed_count(old: tm.TableT, move: Move) -> tuple[int, int]:
    """(hand cards placed, their points) of a place move."""
    if not isinstance(move, tm.PlaceMove):
        return (0, 0)
    _, _, placed, _ = tm.table_diff(old, move.table)
    return sum(placed.values()), sum(game.hand_points(c) * n for c, n in placed.items())


@register_bot("rummy", "greedy")
class GreedyBot:
    """The single legal placement that lays the most hand cards (then points); else pass."""

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        table = seen(state).table
        moves = state.legal_moves()
        return max(moves, key=lambda m: placed_count(table, m))


@register_bot("rummy", "easy")
class EasyBot:
    """A beginner (the table's Easy): places cards whenever it can, one thing a turn: the smallest of the listed
    placements (the core's listing: its openings, the hand's new melds within the cap, single lay-offs; the fewest
    cards, then points, the first listed of equals), and one without its joker where there is one (a joker on the
    table is anyone's to use: it stays in the hand for a meld that needs it); passes only when nothing is listed. It
    never rearranges the table; greedy lays the placement with the most cards (a random placement with the joker
    kept played as greedy, 50 : 48 over 100 games)."""

    level = "easy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        table = seen(state).table
        moves = state.legal_moves()
        places = [m for m in moves if isinstance(m, tm.PlaceMove)]
        if not places:
            return moves[0]  # the pass
        plain = [m for m in places if not tm.table_diff(table, m.table)[2][game.JOKER]] or places
        return min(plain, key=lambda m: placed_count(table, m))


def chain(table: tm.TableT, h: list[int], opened: bool, opening_points: int, cap: int) -> tm.TableT | None:
    """One turn built from steps: the opening or the best single placement, repeated while cards fit."""
    h = list(h)
    placed = 0
    current = table
    if not opened:
        opening = best_opening(table, h, opening_points, cap)
        if opening is None:
            return None
        current = opening
        return current  # after the opening the turn is over (rearranging starts next turn)
    while True:
        best: tm.TableT | None = None
        best_key = (0, 0)
        for t in game.generate_placements(current, h, True, opening_points, 0):
            _, _, gain, _ = tm.table_diff(current, t)
            n = sum(gain.values())
            if cap and placed + n > cap:
                continue
            key = (n, sum(game.hand_points(c) * k for c, k in gain.items()))
            if key > best_key:
                best, best_key = t, key
        if best is None:
            break
        _, _, gain, _ = tm.table_diff(current, best)
        for c, n in gain.items():
            h[c] -= n
        placed += sum(gain.values())
        current = best
    return current if placed else None


def best_opening(table: tm.TableT, h: list[int], opening_points: int, cap: int) -> tm.TableT | None:
    """The opening that lays the most cards: the core's solver if it answers (it refuses a hand too
    hard for its work limit), else the greedy candidates."""
    solved = _solver_opening(h, opening_points, cap)
    if solved == ():  # proven: no opening reaches the minimum within the cap, nor can a greedy one
        return None
    if solved is not None:
        return table + solved
    best: tm.TableT | None = None
    best_n = 0
    melds = game.hand_melds(h)
    for chosen in game.opening_sets(melds, h, opening_points, cap):
        left = list(h)
        extra = list(chosen)
        for c, _ in (p for m in chosen for p in m):
            left[c] -= 1
        n = sum(len(m) for m in chosen)
        for m in game.hand_melds(left):  # add more disjoint melds while the cap allows
            if (not cap or n + len(m) <= cap) and all(left[c] >= k for c, k in Counter(c for c, _ in m).items()):
                for c, _ in m:
                    left[c] -= 1
                extra.append(m)
                n += len(m)
        if n > best_n:
            best, best_n = table + tuple(extra), n
    return best


def _solver_opening(h: list[int], opening_points: int, cap: int) -> tuple[tm.MeldT, ...] | None:
    """The opening from the Rust hand solver: the most cards if they reach the minimum, else the
    most points; ``()`` where the solver proved that no opening within the cap reaches the minimum;
    None where it does not answer (or no solve's melds reach it)."""
    codes = tm.hand_codes(h)
    opts = {"opening_points": opening_points, "max_hand_cards_per_turn": cap}
    try:
        # (the most cards first, without the opening total solve_hand adds: four openings in five lay them)
        found, proven = _core.rummy_partition(codes, "max-cards", opts)
    except ValueError:  # the solver is not there (or refuses the hand)
        return None
    if not proven:  # (a cut solve's best found: as the refusal it replaced)
        return None
    melds = tm.core_melds(game.MELDS, found)
    if melds is None or _reaches(melds, opening_points):
        return melds
    try:
        res = _core.solve_hand("rummy", codes, "opening", opts)
    except ValueError:
        return None
    if not res.proven:
        return None
    melds = tm.core_melds(game.MELDS, res.melds)
    if melds is None or _reaches(melds, opening_points):
        return melds
    if res.opening_points is None:
        # (the best opening total within the cap is below the minimum: no opening exists)
        return ()
    return None


def _reaches(melds: tuple[tm.MeldT, ...], opening_points: int) -> bool:
    """Whether ``melds`` open: some, worth at least the minimum (the core's counting, jokers 0)."""
    return bool(melds) and sum(game.MELDS.opening_points(m) for m in melds) >= opening_points


@dataclass(frozen=True)
class SearchAnswer:
    """What the core's table search answered for a position: the new table (None: none to play),
    whether it proved that no hand card can be placed, and whether it proved its table places the most."""

    table: tm.TableT | None
    proven_none: bool = False
    proven_most: bool = False
    #: The hand cards ``table`` lays.
    placed: tuple[int, ...] = ()


def solver_turn(table: tm.TableT, h: list[int], cap: int, options: dict[str, Any],
                work_budget: int) -> tm.TableT | None:
    """The table search of the Rust core: the new table that places the most hand cards."""
    return search_table(table, h, options, work_budget).table


def search_table(table: tm.TableT, h: list[int], options: dict[str, Any], work_budget: int) -> SearchAnswer:
    """:func:`solver_turn`'s answer, with whether the search proved that nothing can be placed."""
    codes = tm.hand_codes(h)
    try:
        # (the fast tie-break: a bot needs the most cards placed, not a proof of the fewest moved)
        res = _core.solve_table("rummy", [[c for c, _ in m] for m in table], codes, "cards", options, 0,
                                "fast", work_budget)
    except ValueError:
        return SearchAnswer(None)
    # (the most placed proven; a budget may still have cut the fewest moved, which the bot does not ask)
    proven = res.optimal
    if not res.placed or res.taken:
        return SearchAnswer(None, proven_none=not res.placed and proven)
    melds = tuple(_table_meld(m.pairs) for m in res.table)
    if any(m is None for m in melds):
        return SearchAnswer(None)
    kept = tm.keep_unchanged(table, cast(tm.TableT, melds))
    return SearchAnswer(kept, proven_most=proven, placed=tuple(res.placed))


@lru_cache(maxsize=game.MEMO_SIZE)
def _table_meld(pairs: tm.MeldT) -> tm.MeldT | None:
    """A meld of the core's answer as the game reads it (None if the game refuses it); the answers of
    one game repeat most of their melds."""
    return game.MELDS.resolve(pairs)


#: Why the expert passes, as :attr:`ExpertBot.passed` names it: no opening reaches the minimum (not opened
#: yet), no hand card can be placed (the table search proved it), none was found (the search was cut short)
PASS_REASONS = ("no_opening", "nothing_fits", "none_found")


@register_bot("rummy", "expert")
class ExpertBot:
    """Chains the opening solver, new melds and lay-offs into the largest turn it finds."""

    level = "expert"

    #: Work budget of one table search (states and steps; about 2 s on the reference machine). Searches
    #: in expert games spend at most ~90,000, so the budget is a safety net that is practically never
    #: reached; being work, not time, a search cut by it still cuts at the same place on any machine.
    work_budget = 1_500_000

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        #: (table, hand counts, cap) of a position where nothing can be placed, known without a search:
        #: the position this bot's last move left if it placed the proven most cards of its whole hand.
        self.nothing_after: tuple[tm.TableT, tuple[int, ...], int] | None = None
        #: Why the last move chosen is the pass (one of :data:`PASS_REASONS`; None: it places): the hint says so.
        self.passed: str | None = None

    def choose(self, state: GameState) -> Move:
        move = self._choose(state)
        if isinstance(move, tm.PlaceMove):
            self.passed = None
        elif self.passed is None:  # (the listing held only the pass)
            assert isinstance(state, game.RummyState)
            self.passed = "none_found" if state.seat_view(state.current_player).opened[state.current_player] else (
                "no_opening")
        return move

    def _choose(self, state: GameState) -> Move:
        assert isinstance(state, game.RummyState)
        self.passed = None
        p = state.current_player
        view = state.seat_view(p)
        h, table = view.hand, view.table
        cap = state.cap
        opened = view.opened[p]
        after, self.nothing_after = self.nothing_after, None
        if opened:
            if after is not None and after == (table, tuple(h), cap):
                self.passed = "nothing_fits"
                return state.pass_move()
            try:
                # (the core's move, judged in the same call: the state applies it without judging it again)
                found = state.searched_turn(self.work_budget)
            except ValueError:
                found = game.SearchedTurn(None, b"", False, False)
            if found.proven_none:  # no place move is legal: the listing holds only the pass
                self.passed = "nothing_fits"
                return state.pass_move()
            if found.move is not None:
                if found.proven_most:
                    self.remember_nothing_after(h, found.placed, found.move, cap)
                return found.move
        target = chain(table, h, opened, int(state.rules.opening_points), cap)
        if target is not None:
            move = game.RummyPlace(p, target)
            if state.is_legal(move):
                return move
        moves = state.legal_moves()
        return max(moves, key=lambda m: placed_count(table, m))

    def remember_nothing_after(self, h: list[int], placed: Iterable[int], move: game.RummyPlace, cap: int) -> None:
        """After a move that places the proven most cards: if the whole hand was within the cap, the
        position it leaves (should the table come back unchanged) admits no placement, since placing
        more there would have placed more cards of the same hand now."""
        if cap and sum(h) > cap:
            return
        left = list(h)
        for c in placed:
            left[c] -= 1
        self.nothing_after = (move.table, tuple(left), cap)
