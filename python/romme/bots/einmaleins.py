"""1x1-Rommé bots: random, easy, greedy and expert.

Each decides from what ``state.observation(seat)`` tells, read in card codes
(``EinmaleinsState.seat_view``), and ``state.legal_moves()``.
Easy: always the stock, a listed table move at random while one lays cards,
then the highest card that neither melds nor lays off, never the wish card.
Greedy: take the discard top when it fits a meld, play the table move that
lays the most cards, else discard the card worth the most minus points.
Expert: the same, but the opening that lays the most cards (the Rust hand
solver), after opening the core's table search on the whole table (the
rearrangement that places the most hand cards, see :func:`search_turn`),
every table move in a row, a small rearrangement when nothing else fits (a
card borrowed from a long meld to make a new meld with two hand cards), a
discard that keeps cards that are close to a meld (pairs on a line or of a
value, wilds), and the wish card never thrown away.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import _core
from ..cards import deck
from ..games import einmaleins as game
from ..games import tablemoves as tm
from ..games.einmaleins.melds import MEMO_SIZE
from ..rng import Rng
from ..table_keep import MoveBudget, cards_kept, keeping
from . import register_bot

if TYPE_CHECKING:
    from ..engine import GameState, Move


_HAND_POINTS: tuple[int, ...] = tuple(game.hand_points(c) for c in range(game.TYPES))
#: More than the minus points of the whole deck, so that a card placed outweighs any points (:func:`_placed_value`).
_POINTS_SCALE = 1 + sum(game.hand_points(c) for c in deck(game.GAME).full())


def _view(state: GameState) -> game.SeatView:
    """What the seat to move sees: its observation in card codes (``EinmaleinsState.seat_view``)."""
    assert isinstance(state, game.EinmaleinsState)
    return state.seat_view(state.current_player)


def seen(state: GameState) -> tuple[dict[str, Any], list[int], tm.TableT]:
    """The observation of the seat to move, its hand as counts and the table as melds."""
    view = _view(state)
    return state.observation(state.current_player), view.hand, view.table


@lru_cache(maxsize=MEMO_SIZE)
def _meld_load(meld: tm.MeldT) -> tuple[int, int]:
    """A meld's cards and the minus points they would count in a hand."""
    return len(meld), sum(_HAND_POINTS[c] for c, _ in meld)


def _table_load(table: tm.TableT) -> tuple[int, int]:
    cards = points = 0
    for m in table:
        n, pts = _meld_load(m)
        cards += n
        points += pts
    return cards, points


def _net(load: tuple[int, int], move: Move) -> tuple[int, int]:
    """:func:`net_placed` from the old table's load."""
    if not isinstance(move, tm.PlaceMove):
        return (0, 0)
    after = _table_load(move.table)
    return after[0] - load[0], after[1] - load[1]


def _most_placed(load: tuple[int, int], moves: list[tm.PlaceMove]) -> tuple[tm.PlaceMove, int]:
    """The first of ``moves`` with the greatest :func:`net_placed` from a table of ``load``, and the
    cards it places; the points are weighed only between moves that place as many cards."""
    best = moves[0]
    best_cards = sum(map(len, best.table)) - load[0]
    best_points: int | None = None
    for m in moves[1:]:
        cards = sum(map(len, m.table)) - load[0]
        if cards > best_cards:
            best, best_cards, best_points = m, cards, None
        elif cards == best_cards:
            if best_points is None:
                best_points = _table_load(best.table)[1] - load[1]
            points = _table_load(m.table)[1] - load[1]
            if points > best_points:
                best, best_points = m, points
    return best, best_cards


def net_placed(old: tm.TableT, move: Move) -> tuple[int, int]:
    """(hand cards placed minus taken back, minus points shed) of a place move: what the new table
    holds more than the old one (every card it gains came from the hand, every card it lost went there)."""
    return _net(_table_load(old), move)


def fits(h: list[int], table: tm.TableT, code: int) -> bool:
    """Whether ``code`` would make a new meld with the hand or lay off on the table (the core's)."""
    return _core.einmaleins_fits(game.flat_form(table), bytes(h), code)


def _draws(state: GameState, view: game.SeatView) -> Move:
    moves = state.legal_moves()
    top = view.discard_top
    for m in moves:
        if getattr(m, "source", None) == "discard" and top is not None:
            if _core.einmaleins_fits(view.flat, bytes(view.hand), top):
                return m
    return next((m for m in moves if getattr(m, "source", None) == "stock"), moves[0])


@register_bot("einmaleins", "easy")
class EasyBot:
    """A beginner (the table's Easy): lays what it can, one listed table move at random (the core's listing: its
    openings, the hand's melds, lay-offs and wild swaps) while one lays cards; keeps its wish cards; then discards its
    highest dead card (one that makes no meld with the hand and lays off nowhere: the core's ``einmaleins_fits``),
    else a card at random. It never takes the discard pile, never rearranges the table, does not weigh which move
    lays most (greedy) and breaks its partial melds blindly."""

    level = "easy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        view = _view(state)
        moves = state.legal_moves()
        if view.phase == "draw":
            return next((m for m in moves if getattr(m, "source", None) == "stock"), moves[0])
        load = _table_load(view.table)
        places = [m for m in moves if isinstance(m, tm.PlaceMove) and _net(load, m)[0] > 0]
        if places:
            return places[self.rng.below(len(places))]
        discards = [m for m in moves if isinstance(m, game.DiscardMove)]
        naturals = [m for m in discards if m.card != game.WISH] or discards
        dead = [m for m in naturals if not _fits_without(view, m.card)]
        if dead:
            return max(dead, key=lambda m: (game.hand_points(m.card), m.card))
        return naturals[self.rng.below(len(naturals))]


def _fits_without(view: game.SeatView, card: int) -> bool:
    """Whether ``card`` of the hand makes a meld with the hand's other cards or lays off on the table (the core's)."""
    rest = list(view.hand)
    rest[card] -= 1
    return _core.einmaleins_fits(view.flat, bytes(rest), card)


@register_bot("einmaleins", "greedy")
class GreedyBot:
    """Largest table move first; else discard the most minus points."""

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        view = _view(state)
        if view.phase == "draw":
            return _draws(state, view)
        moves = state.legal_moves()
        table = view.table
        best = max(moves, key=lambda m: net_placed(table, m))
        if net_placed(table, best)[0] > 0:
            return best
        discards = [m for m in moves if isinstance(m, game.DiscardMove)]
        return max(discards, key=lambda m: game.hand_points(m.card))


def cheapest_discard(h: list[int], discards: list[game.DiscardMove]) -> game.DiscardMove:
    """The discard whose card is worth least to keep: the core's measure (what keeping a card is worth -- wilds
    most, then cards with partners toward a meld -- less its minus points; the lower code first on a tie)."""
    return discards[_core.einmaleins_discard_order(bytes(h), bytes([m.card for m in discards]))[0]]


@register_bot("einmaleins", "expert")
class ExpertBot:
    """Opens with the most cards, plays every fitting card, keeps cards close to melds."""

    level = "expert"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        view = _view(state)
        if view.phase == "draw":
            return _draws(state, view)
        moves = state.legal_moves()
        p = state.current_player
        h, table, opened = view.hand, view.table, view.opened[p]
        places = [m for m in moves if isinstance(m, tm.PlaceMove)]
        if places:
            if not opened:
                opening = self._opening(state, table, h)
                if opening is not None:
                    return opening
            load = _table_load(table)
            best, placed = _most_placed(load, places)
            if opened:
                found = _searched_better(state, view, load, best, placed)
                if found is not None:
                    best, placed = found
            if placed > 0:
                return best
            if opened:
                borrow = borrowing_move(state, table, h)
                if borrow is not None:
                    return borrow
        return cheapest_discard(h, [m for m in moves if isinstance(m, game.DiscardMove)])

    def _opening(self, state: GameState, table: tm.TableT, h: list[int]) -> Move | None:
        """The opening that lays the most cards: the Rust hand solver's, else the greedy candidates'."""
        pts = int(state.rules.opening_points)
        best = solver_opening(h, pts, dict(state.rules.options), cards_kept(state))
        if best is None:
            best_n = 0
            for chosen in game.opening_sets(game.hand_melds(h), h, pts):
                left = list(h)
                extra = list(chosen)
                for m in chosen:
                    for c, _ in m:
                        left[c] -= 1
                for m in game.hand_melds(left):
                    if all(left[c] > 0 for c, _ in m) and sum(1 for c, _ in m if c == game.WISH) <= left[game.WISH]:
                        for c, _ in m:
                            left[c] -= 1
                        extra.append(m)
                n = sum(len(m) for m in extra)
                if n > best_n:
                    best, best_n = tuple(extra), n
        if best is None:
            return None
        move = game.EinmaleinsPlace(state.current_player, table + tuple(best))
        return move if state.is_legal(move) else None


@dataclass(frozen=True)
class _Opening:
    """An opening of the hand solver as :func:`romme.table_keep.keeping` weighs answers: its melds, the hand cards
    they lay, and none taken from the table."""

    melds: tuple[tm.MeldT, ...]
    placed: tuple[int, ...]
    taken: tuple[int, ...] = ()


def solver_opening(
    h: list[int], opening_points: int, options: dict[str, Any], keep: int = 1
) -> tuple[tm.MeldT, ...] | None:
    """The Rust hand solver's opening: the most cards if they reach the minimum, else the most points; leaving
    ``keep`` cards (a turn ends with a discard, RULES.md §3: where the opening lays the whole hand, a card is held
    back in turn by the rule every table move keeps, :func:`romme.table_keep.keeping`)."""

    def opening(codes: list[int]) -> _Opening | None:
        for objective in ("max-cards", "opening"):
            melds = proven_hand_melds(codes, objective, options)
            if melds is None:
                return None
            if melds and sum(game.MELDS.points(m) for m in melds) >= opening_points:
                return _Opening(tuple(melds), tuple(c for m in melds for c, _ in m))
        return None

    found = keeping(game.GAME, tm.hand_codes(h), keep, opening, _opening_value).answer
    return None if found is None else found.melds


def proven_hand_melds(codes: list[int], objective: str, options: dict[str, Any]) -> tuple[tm.MeldT, ...] | None:
    """The Rust hand solver's melds of ``codes`` by ``objective`` (``max-cards``, ``opening``), read as the game's
    melds; None where the solver refuses the hand, its solve is cut (its best found is no proven answer), or a meld
    does not read."""
    try:
        res = _core.solve_hand("einmaleins", codes, objective, options)
    except ValueError:
        return None
    if not res.proven:
        return None
    return tm.core_melds(game.MELDS, res.melds)


def _opening_value(found: _Opening) -> int:
    """An opening's worth: the cards it lays, then its points."""
    return len(found.placed) * _POINTS_SCALE + sum(game.MELDS.points(m) for m in found.melds)


#: Work budget of the table search (states and steps), so that a seed replays the same game on any machine:
#: enough for the search of every table expert games reach to finish, and a search of a far larger table
#: stops within a fraction of a second with the best it found (docs/PERFORMANCE.md §4).
SEARCH_WORK_BUDGET = 200_000


def search_turn(state: GameState, table: tm.TableT, h: list[int]) -> game.EinmaleinsPlace | None:
    """The core's table search over the whole table: the new table that places the most hand cards (no
    table card taken back) and keeps a card to discard (:func:`_search`), or where the work budget cut the
    search, the best it found (at least the table kept whole with the hand's own melds); None where that places
    nothing or is not legal."""
    res = _search(state, table, h)
    return None if res is None else _searched_move(state, table, res)


def _search(state: GameState, table: tm.TableT, h: list[int]) -> _core.TableSolution | None:
    """The core's answer over the whole table that places hand cards, takes none and keeps a card to discard
    (None: none does). A turn ends with a discard, so where the best answer lays every hand card, the hand's
    cards are held back in turn (:func:`romme.table_keep.keeping`, the rule the Rommé expert and the hint
    keep too); the tries share :data:`SEARCH_WORK_BUDGET`."""
    codes = tm.hand_codes(h)
    if not codes:
        return None
    melds = [[c for c, _ in m] for m in table]
    options = dict(state.rules.options)
    budget = MoveBudget(SEARCH_WORK_BUDGET)

    def answer(cards: list[int]) -> _core.TableSolution | None:
        if not cards:
            return None
        res = budget.ask(lambda work: _core.solve_table("einmaleins", melds, cards, "cards", options,
                                                        work_budget=work or 0))
        return res if res is not None and res.placed and not res.taken else None

    return keeping(game.GAME, codes, cards_kept(state), answer, _placed_value).answer


def _placed_value(res: _core.TableSolution) -> int:
    """An answer's worth as :func:`_most_placed` weighs moves: the cards it places, then their minus points."""
    return len(res.placed) * _POINTS_SCALE + sum(_HAND_POINTS[c] for c in res.placed)


def _searched_move(state: GameState, table: tm.TableT, res: _core.TableSolution) -> game.EinmaleinsPlace | None:
    """The move of a search answer (:func:`_search`) if it is legal (the table's unchanged melds as they lie)."""
    melds = tm.core_melds(game.MELDS, res.table)
    if melds is None:
        return None
    move = game.EinmaleinsPlace(state.current_player, tm.keep_unchanged(table, melds))
    return move if state.is_legal(move) else None


def _searched_better(
    state: GameState, view: game.SeatView, load: tuple[int, int], best: tm.PlaceMove, placed: int
) -> tuple[tm.PlaceMove, int] | None:
    """The search's move with the cards it places when it beats ``best`` (the listed move placing the most
    cards, ``placed``) as :func:`_most_placed` weighs them: more cards, or as many and more points. Its
    move is made and judged only then (the answer places its cards and takes none, so they are its net)."""
    res = _search(state, view.table, view.hand)
    if res is None:
        return None
    cards = len(res.placed)
    if cards < placed:
        return None
    if cards == placed:
        best_points = _table_load(best.table)[1] - load[1]
        if sum(_HAND_POINTS[c] for c in res.placed) <= best_points:
            return None
    move = _searched_move(state, view.table, res)
    if move is None:
        return None
    won, won_cards = _most_placed(load, [best, move])
    return (won, won_cards) if won is move else None


def borrowing_move(state: GameState, table: tm.TableT, h: list[int]) -> Move | None:
    """A small rearrangement: borrow one card from a table meld that stays valid without it and lay
    it with hand cards as a new meld (the move list offers only new melds from the hand alone)."""
    hand_cards = [c for c in range(game.TYPES) if h[c]]
    best: tuple[int, tm.TableT] | None = None
    for i, m in enumerate(table):
        if len(m) < 4:
            continue
        for j, (x, _) in enumerate(m):
            rest = game.MELDS.resolve(tuple((c, None) for k, (c, _) in enumerate(m) if k != j))
            if rest is None:
                continue
            for a in range(len(hand_cards)):
                for b in range(a + 1, len(hand_cards)):
                    new = game.MELDS.resolve(((x, None), (hand_cards[a], None), (hand_cards[b], None)))
                    if new is None:
                        continue
                    pts = game.hand_points(hand_cards[a]) + game.hand_points(hand_cards[b])
                    if best is None or pts > best[0]:
                        best = (pts, table[:i] + (rest,) + table[i + 1:] + (new,))
    if best is None:
        return None
    move = game.EinmaleinsPlace(state.current_player, best[1])
    return move if state.is_legal(move) else None
