"""What a seat's play reveals about its hand (Rummy, Königs-Rommé), and worlds dealt consistently with it.

A Rummy turn places cards or passes (and the passer is given a stock card). The master models the other seats
as experts, and an expert passes only when it finds nothing to place: before its opening, no opening of the
opening points from its own melds; after it, no placement on the whole table (its table search proves none).
So a pass says the hand *then* had no placement on the table *then*. Since the seat's last placement its hand
only grew, by one unseen stock card a pass: the hand at the ``i``-th pass of that streak is the hand at the
first pass plus the cards drawn at the passes before it, all of them among the cards it holds now.

The sampler deals a seat's hand backwards along its streak: the card drawn at each pass (never one that the
later passes' tables would take: it was in the hand at those passes), then the hand at the first pass from the
cards no table of the streak takes as a single lay-off (a card that fits by itself is a placement). That much
is dealt by construction. Then the whole hand at each pass is checked with the expert's own tests (the listed
placements, the core's table search under a small work limit; before the opening, the expert's opening search)
and the deal is drawn again if one would have placed; after :data:`TRIES` deals the one that breaks the fewest
passes is taken. So the sampler stays deterministic (its draws come from the world's generator) and bounded.

In two-seat Rummy each seat is dealt one joker and the stock holds none: every joker neither on the table nor in
the master's hand is in the other seat's hand (:func:`unseen_jokers`, used by ``master_worlds.known_cards``).
Only the streak since the last placement is read: before it, the cards since placed are known but not the
cards since drawn, so the hands then are not the hand now minus known cards.

In Königs-Rommé an expert goes out whenever it can, and takes the discard pile's top card when it brings its
hand closer to going out. A seat's hand changes on its own turns only: after its last draw it held its hand now
plus the card it discarded. So that hand could not go out, and if it drew from the stock, the hand before the
draw (that one minus some card) would not take the top it left (:func:`last_turns`, :func:`broke_turn`); and the
card it threw is the one the expert throws from that hand (``master_koenigs.broke_discard``; a model's choice, not
a proof: :class:`TurnFit` ranks a world that only misses it above one that breaks the rest). ``master_worlds``
deals the hands again while one breaks its seat's turn, at most :data:`TRIES` times.

In 1x1-Rommé an expert takes the discard pile's top card when it fits its hand or the table. A seat that drew from
the stock left the top (the card discarded just before: every turn ends with a discard) that did not fit the hand
it held before the draw: its hand now plus what it placed and discarded in that turn, less what it took from the
table, less the unseen card it drew (:func:`drawn_turns`, :func:`broke_draw`). The deal's turn count says which
moves of the history belong to the deal being played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from ..cards import deck

if TYPE_CHECKING:
    from ..engine import GameState
    from ..games.tablemoves import TableT
    from ..rng import Rng

#: deals of one seat's hand tried before the one that breaks the fewest passes is taken
TRIES = 8
#: work limit (states and steps) of the table search that checks a sampled hand at a pass; a search cut by it
#: found no placement and counts as consistent (the expert's own search has far more)
CHECK_WORK = 20_000
#: Rummy's joker code and card types, as its deck has them (the game module is imported late: see its uses)
JOKER = deck("rummy").parse_token("*")
TYPES = len(deck("rummy").types)


@dataclass(frozen=True)
class PassSeen:
    """A pass of a seat: the table it had before it and whether the seat had opened."""

    table: TableT
    opened: bool


@dataclass(frozen=True)
class Streak:
    """The passes of one seat since its last placement (oldest first); the seat's hand grew by one card each."""

    seat: int
    passes: tuple[PassSeen, ...]


def unseen_jokers(state: GameState, player: int) -> int:
    """Jokers of a two-seat Rummy deal that ``player`` cannot see: both are dealt, one a seat, so any not on the
    table and not in ``player``'s hand is in the other seat's hand (0 in other games and with more seats)."""
    if state.game_id != "rummy" or state.num_players != 2:
        return 0
    zones = state.zones()
    seen = zones["table"].count(JOKER) + zones[f"hand{player}"].count(JOKER)
    return max(0, 2 - seen)


def read_streaks(state: GameState, player: int) -> dict[int, Streak]:
    """Per other seat of a Rummy game, its passes since its last placement, read from the public history."""
    if state.game_id != "rummy":
        return {}
    from ..games.tablemoves import PlaceMove

    table: TableT = ()
    opened = [False] * state.num_players
    passes: dict[int, list[PassSeen]] = {p: [] for p in range(state.num_players) if p != player}
    for move in state.history:
        seat = getattr(move, "player", -1)
        if isinstance(move, PlaceMove):
            table = move.table
            opened[seat] = True
            if seat in passes:
                passes[seat].clear()
        elif getattr(move, "kind", "") == "pass" and seat in passes:
            passes[seat].append(PassSeen(table, opened[seat]))
    return {seat: Streak(seat, tuple(seen)) for seat, seen in passes.items() if seen}


@lru_cache(maxsize=256)
def fitting_cards(table: TableT, opening_points: int, cap: int) -> frozenset[int]:
    """The cards an opened seat holding only that card could place on ``table`` (the core's listed lay-offs)."""
    from ..games import rummy as game

    found = set()
    for code in range(TYPES):
        single = [0] * TYPES
        single[code] = 1
        if next(game.listed_placements(table, single, True, opening_points, cap), None) is not None:
            found.add(code)
    return frozenset(found)


def could_place(table: TableT, hand: list[int], opened: bool, options: dict[str, Any]) -> bool:
    """Whether an expert holding ``hand`` (counts) would find a placement on ``table``."""
    from ..games import rummy as game
    from . import rummy as expert

    points, cap = int(options["opening_points"]), int(options["max_hand_cards_per_turn"])
    if not opened:
        return expert.best_opening(table, hand, points, cap) is not None
    if next(game.listed_placements(table, hand, True, points, cap), None) is not None:
        return True
    return expert.search_table(table, hand, options, CHECK_WORK).table is not None


def deal_streak(
    pool: list[int], forced: list[int], take: int, streak: Streak, rng: Rng, options: dict[str, Any]
) -> list[int]:
    """``take`` cards of ``pool`` (removed from it) that, with ``forced`` (cards known to be in the hand, never
    drawn), make a hand consistent with ``streak``'s passes (see the module docstring)."""
    points, cap = int(options["opening_points"]), int(options["max_hand_cards_per_turn"])
    passes = streak.passes[len(streak.passes) - min(len(streak.passes), take):]  # at most one draw a card taken
    fits = [fitting_cards(p.table, points, cap) if p.opened else frozenset() for p in passes]
    if any(c in f for f in fits for c in forced):  # a known card would have been placed: the seat is no expert
        passes, fits = (), []
    best: tuple[int, list[int]] | None = None
    for _ in range(TRIES):
        drawn, first = _deal_once(pool, take, fits, rng)
        broken = 0
        hand = [0] * TYPES
        for c in [*forced, *first]:
            hand[c] += 1
        for seen, card in zip(passes, drawn):
            broken += could_place(seen.table, hand, seen.opened, options)
            hand[card] += 1
        if best is None or broken < best[0]:
            best = (broken, [*first, *drawn])
        if broken == 0:
            break
    assert best is not None
    for card in best[1]:
        pool.remove(card)
    return best[1]


def _deal_once(pool: list[int], take: int, fits: list[frozenset[int]], rng: Rng) -> tuple[list[int], list[int]]:
    """(the cards drawn at each pass, the hand before the first pass) from ``pool`` (not changed): the card drawn
    at a pass fits no later pass's table, the first hand fits none (where the pool has enough such cards)."""
    left = list(pool)
    drawn: list[int] = [0] * len(fits)
    later: frozenset[int] = frozenset()
    for i in range(len(fits) - 1, -1, -1):
        card = _pick(left, later, 1, rng)[0]
        drawn[i] = card
        later |= fits[i]
    first = _pick(left, later, take - len(fits), rng)
    return drawn, first


def _pick(left: list[int], avoid: frozenset[int], count: int, rng: Rng) -> list[int]:
    """``count`` cards taken from ``left`` at random, those not in ``avoid`` first."""
    if count <= 0:
        return []
    good = [c for c in left if c not in avoid]
    if count == 1 and good:
        card = good[rng.below(len(good))]
        left.remove(card)
        return [card]
    rng.shuffle(good)
    chosen = good[:count]
    if len(chosen) < count:
        rest = [c for c in left if c in avoid]
        rng.shuffle(rest)
        chosen += rest[: count - len(chosen)]
    for c in chosen:
        left.remove(c)
    return chosen



@dataclass(frozen=True)
class SeenTurn:
    """A Königs-Rommé seat's last turn: the card it discarded, and the discard-pile card it left there when it
    drew from the stock (None: it took the discard, or the pile's top was not seen)."""

    discarded: int
    declined: int | None


def last_turns(state: GameState, player: int) -> dict[int, SeenTurn]:
    """Königs-Rommé: per other seat that has discarded in the deal being played (while nobody has gone out), its
    last turn, read from the public history (the pile's top tracked from the discards: a deal's first top card
    is not in the history, so a draw from the stock past it declines nothing known)."""
    if state.game_id != "koenigs" or getattr(state, "out_player", -1) >= 0:
        return {}
    last: dict[int, SeenTurn] = {}
    passed: dict[int, int | None] = {}  # per seat, the top it left at its last draw
    pile: list[int] = []
    last_turns_left = 0  # draws still to come in the deal that a GoOut ended
    for move in state.history:
        kind, seat = getattr(move, "kind", ""), getattr(move, "player", -1)
        if kind == "out":
            last_turns_left = state.num_players
            pile.append(move.card)  # type: ignore[attr-defined]
        elif kind == "draw" and last_turns_left > 1:  # a last turn of the deal a GoOut ended
            last_turns_left -= 1
        elif kind == "draw":
            if last_turns_left:  # the first draw of a new deal (its first top card is not in the history)
                last_turns_left = 0
                pile.clear()
                last.clear()
            took = getattr(move, "source", "") == "discard"
            passed[seat] = None if took or not pile else pile[-1]
            if took and pile:
                pile.pop()
        elif kind == "discard":
            pile.append(move.card)  # type: ignore[attr-defined]
            if not last_turns_left:
                last[seat] = SeenTurn(move.card, passed.get(seat))  # type: ignore[attr-defined]
    if last_turns_left:  # the record ends with a deal's end: the turns read are the last deal's, not this one's
        return {}
    last.pop(player, None)
    return last


def broke_turn(hand: list[int], turn: SeenTurn, round_: int) -> bool:
    """Whether an expert holding ``hand`` now would not have played ``turn``: after its draw it held ``hand``
    plus the discarded card, and could have gone out; or it left a card on the pile that it would have taken
    whatever card it then drew from the stock (the expert takes a wild, and a card that brings it closer)."""
    from ..errors import SolverError
    from ..games import koenigs as game

    after_draw = [*hand, turn.discarded]
    try:
        if game.go_out_discards(after_draw, round_):
            return True
        if turn.declined is None:
            return False
        return not any(_declines(_without(after_draw, drawn), turn.declined, round_) for drawn in set(after_draw))
    except SolverError:  # more copies of a card than the deck holds: the world holds a card the seat threw
        return True


class TurnFit:
    """How badly a sampled hand fits a Königs-Rommé seat's last turn, for one deal's tries (a new one per deal):
    2 if it breaks what the turn proves (:func:`broke_turn`), 1 if it only fits a hand from which the expert would
    have discarded another card (``master_koenigs.broke_discard``: the model's choice; most uniform hands do), 0 if
    it fits both. The sampler keeps the try that breaks least (the first of equals), so, with one other seat, a
    hand that fits the proven facts is never traded for one that fits the discard. The discard test (one core call)
    goes first; once a try scored 1 the proof is not checked again for a try that misses the discard (it could
    score no better than that one)."""

    def __init__(self, turn: SeenTurn, round_: int) -> None:
        self.turn = turn
        self.round = round_
        self.fallback = False  # a try that fits the proven facts but not the discard was seen

    def __call__(self, hand: list[int]) -> int:
        from ..errors import SolverError
        from .master_koenigs import broke_discard

        try:
            missed = broke_discard([*hand, self.turn.discarded], self.turn.discarded, self.round)
        except SolverError:  # more copies of a card than the deck holds
            return 2
        if not missed:
            return 2 if broke_turn(hand, self.turn, self.round) else 0
        if self.fallback or broke_turn(hand, self.turn, self.round):
            return 2
        self.fallback = True
        return 1


def _without(cards: list[int], card: int) -> list[int]:
    rest = list(cards)
    rest.remove(card)
    return rest


def _declines(before: list[int], top: int, round_: int) -> bool:
    """Whether the Königs-Rommé expert holding ``before`` draws from the stock rather than take ``top``."""
    from .. import _core
    from ..games import koenigs as game
    from . import koenigs as expert

    if game.round_wilds(round_)[top]:
        return False
    # the distance of the expert's best discard (its points only break ties: the distances alone, one core call)
    after = _core.koenigs_discard_distances(sorted([*before, top]), round_, expert.FAR - 1)
    with_top = min(expert.FAR if m.distance is None else m.distance for m in after)
    return not (with_top < expert._Evaluator(round_).distance(before) or with_top == 0)


@dataclass(frozen=True)
class DrawnTurn:
    """A 1x1-Rommé seat's last turn in the deal being played, when it drew from the stock: the table then, the top
    card it left on the pile, and what the turn changed in its hand besides the draw (cards placed less cards
    taken from the table, and its discard)."""

    table: TableT
    declined: int
    given: tuple[tuple[int, int], ...]  # (code, count) the turn took out of the hand (negative: into it)


def drawn_turns(state: GameState, player: int) -> dict[int, DrawnTurn]:
    """1x1-Rommé: per other seat whose last turn of this deal drew from the stock past a seen top card, that turn
    (the deal's moves are the history after the discard that ended the deal before: the deal's completed turns
    each end with one)."""
    if state.game_id != "einmaleins":
        return {}
    from ..games import tablemoves as tm

    done = int(getattr(state, "turns", 0))
    history = state.history
    start, discards = len(history), 0
    while start > 0 and discards <= done:  # back to the discard that ended the previous deal (or the start)
        start -= 1
        if getattr(history[start], "kind", "") == "discard":
            discards += 1
    if discards > done:
        start += 1
    table: TableT = ()
    last_discard: int | None = None
    drew: tuple[TableT, int | None] | None = None
    given: Counter[int] = Counter()
    found: dict[int, DrawnTurn] = {}
    for move in history[start:]:
        kind, seat = getattr(move, "kind", ""), getattr(move, "player", -1)
        if kind == "draw":
            took = getattr(move, "source", "") == "discard"
            drew, given = (table, None if took else last_discard), Counter()
        elif isinstance(move, tm.PlaceMove):
            _, _, placed, taken = tm.table_diff(table, move.table)
            given.update(placed)
            given.subtract(taken)
            table = move.table
        elif kind == "discard":
            card: int = move.card  # type: ignore[attr-defined]
            given[card] += 1
            if drew is not None and drew[1] is not None and seat != player:
                found[seat] = DrawnTurn(drew[0], drew[1], tuple(sorted((c, n) for c, n in given.items() if n)))
            elif seat in found:
                del found[seat]
            last_discard, drew = card, None
    return found


def broke_draw(hand: list[int], turn: DrawnTurn) -> bool:
    """Whether an expert holding ``hand`` (codes) now would have taken the top ``turn`` left, whatever card it
    drew from the stock (or the hand cannot have played ``turn`` at all)."""
    from ..games import einmaleins as game
    from . import einmaleins as expert

    after_draw = [0] * game.TYPES
    for c in hand:
        after_draw[c] += 1
    for c, n in turn.given:
        after_draw[c] += n
    if min(after_draw) < 0:
        return True
    for drawn in {c for c in range(game.TYPES) if after_draw[c]}:
        before = list(after_draw)
        before[drawn] -= 1
        if not expert.fits(before, turn.table, turn.declined):
            return False
    return True


def turn_checks(state: GameState, player: int, turns: dict[int, SeenTurn] | None = None,
                ) -> dict[int, Callable[[list[int]], int]]:
    """Per other seat, a test of a sampled hand (codes) for one deal's tries: how much it breaks what the seat's
    last turn revealed, 0 for nothing (Königs-Rommé :class:`TurnFit`, 1x1-Rommé :func:`broke_draw`; no test: not
    in the result). ``turns``: :func:`last_turns` of the position, where the caller read them already."""
    checks: dict[int, Callable[[list[int]], int]] = {}
    round_ = int(getattr(state, "round", 0))
    for seat, turn in (last_turns(state, player) if turns is None else turns).items():
        checks[seat] = TurnFit(turn, round_)
    for seat, drawn in drawn_turns(state, player).items():
        checks[seat] = partial(broke_draw, turn=drawn)
    return checks
