"""Rommé bots: random (from bots.common), easy, greedy and expert.

Both decide from what ``state.observation(seat)`` tells (own hand, public table,
discard top, hand sizes), read in card codes (``RommeState.seat_view``), and the
legal moves; neither looks at another hand or the stock.

- easy: a weak but sensible player (the table's Easy): opens and lays the melds its hand holds as greedy does
  (the core's hand solver) and lays off, keeps its jokers, but never takes the discard or knocks and discards
  a card at random, so it keeps high cards and breaks its partial melds.
- greedy: opens as soon as it can, lays every meld and lay-off it finds,
  takes the discard when it makes a meld, discards its highest card; in
  Räuber-Rommé without a discard pile (where a card leaves the hand only by
  being laid) it also asks the core's table search, as expert does, and lays
  off its jokers.
- expert: the same exact hand search plus a discard that keeps partial melds
  and avoids feeding the table; takes the discard only when it melds more
  cards (or opens); swaps jokers when that lays more cards; holds back the
  opening for a Hand-Rommé when one is near and nobody is close to going
  out; knocks only for a card it can lay at once; with Räuber-Rommé asks the
  core's table search (``_core.solve_table``) for the rearrangement of the
  whole table that places the most hand points (under a work budget; where
  that cuts it, the best the search found), holding back a card to discard
  where the best one would empty the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import _core
from ..games.romme import RommeState, SeatView, solver
from ..games.romme.melds import (
    DECLARED,
    JOKER,
    RuleView,
    TableMeld,
    build_meld,
    discard_outlooks,
    hand_points,
    wanted_cards,
)
from ..games.romme.moves import (
    Discard,
    Draw,
    Knock,
    LayOff,
    MeldMove,
    Pass,
    Place,
    Swap,
)
from ..games.tablemoves import unchanged_melds
from ..rng import Rng
from ..table_keep import MoveBudget, cards_kept, keeping, worth
from . import register_bot

if TYPE_CHECKING:
    from ..engine import GameState, Move


def _table_melds(view: SeatView, rules: RuleView) -> list[TableMeld]:
    return [_table_meld(m.cards, rules) for m in view.table]


@lru_cache(maxsize=1 << 12)
def _table_meld(pairs: tuple[tuple[int, int], ...], rules: RuleView) -> TableMeld:
    """A table meld as its ``(code, stands_for)`` pairs show it, read by the core under the bot's rule view
    (each meld is read once, not on every turn)."""
    return build_meld([c if c != JOKER else DECLARED + s for c, s in pairs], rules)


def _top(view: SeatView) -> int:
    """The discard top a knock or a draw decision weighs (the phases that offer it have one)."""
    assert view.discard_top is not None
    return view.discard_top


def _partners(card: int, hand: Sequence[int]) -> int:
    """How many other hand cards could join ``card`` in a meld (same rank, or same suit nearby)."""
    return _core.romme_partners(card, list(hand))


#: Why a bot ends a turn without laying (:attr:`_Base.ended`): no opening reaches the minimum, the hand is held
#: back for a doubled Hand-Rommé, a joker lay-off is kept for a meld that needs the joker, nothing else to lay
END_REASONS = ("no_opening", "hold_back", "joker_kept", "nothing")


class _Base:
    level = "base"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        #: The rules and position (table and hand) that the last proven search of the whole table left: the
        #: same position again (after its own place move) has nothing more to place, and is not searched again.
        self.settled: tuple[Any, tuple[Any, ...]] | None = None
        #: Why the last move chosen ends the turn without laying (Räuber without a discard pile: a draw or the
        #: end), one of :data:`END_REASONS`; None otherwise. The hint says so in the player's words.
        self.ended: str | None = None
        #: Whether the last discard the bot took is one it lays off on the table (not a card its hand melds with):
        #: the hint says so.
        self.lays_off_top = False

    # --- shared pieces -----------------------------------------------------
    def choose(self, state: GameState) -> Move:
        self.ended, self.lays_off_top = None, False
        legal = state.legal_moves()
        if len(legal) == 1 and not self.may_rearrange(state):
            assert isinstance(state, RommeState)
            if state.phase == "play" and not isinstance(legal[0], (MeldMove, LayOff, Swap, Place, Discard)):
                self.ended = "nothing" if state.opened[state.current_player] else "no_opening"  # nothing listed
            return legal[0]
        p = state.current_player
        assert isinstance(state, RommeState)
        view = state.seat_view(p)
        if state.rules is not getattr(self, "opts", None):  # Rules are immutable: read their view once
            self.rules = RuleView.of(state.rules.options)
            self.opts = state.rules
        self.keep = cards_kept(state)  # (without a discard pile the last card is laid, not discarded)
        hand = sorted(view.hand)
        if state.phase == "knock":
            return Knock(p) if self.want_knock(view, hand) else Pass(p)
        if state.phase == "draw":
            draw_discard = Draw(p, "discard")
            if draw_discard in legal and self.want_discard(view, hand):
                return draw_discard
            return Draw(p, "stock") if Draw(p, "stock") in legal else legal[0]
        move = self.play(state, view, hand, legal)
        if move is not None and state.is_legal(move):
            return move
        return self.fallback(state, view, hand, legal)

    def may_rearrange(self, state: GameState) -> bool:
        """Whether the bot weighs a rearrangement of the table, which the listed moves do not hold: without a
        discard pile a turn may list the stock draw alone while a rearrangement places cards (with one, a single
        listed move is a last card's discard, which no rearrangement may lay)."""
        assert isinstance(state, RommeState)
        rules = state.rules
        return (bool(rules.rauber) and not rules.rauber_discard_pile and state.phase == "play"
                and state.opened[state.current_player])

    def fallback(self, state: GameState, view: SeatView, hand: list[int],
                 legal: Sequence[Move]) -> Move:
        discards = [m for m in legal if isinstance(m, Discard)]
        if discards:
            return self.pick_discard(view, hand, discards)
        ends = [m for m in legal if not isinstance(m, (MeldMove, LayOff, Swap, Place))]
        if ends:  # Räuber without discard pile: draw, pass or end
            if self.ended is None:
                kept = any(isinstance(m, LayOff) and m.card == JOKER for m in legal)
                self.ended = "no_opening" if not view.opened[view.player] else "joker_kept" if kept else "nothing"
            return ends[0]
        return legal[self.rng.below(len(legal))]

    def fits_table(self, view: SeatView, card: int) -> bool:
        return any(card in wanted_cards(m, self.rules) for m in _table_melds(view, self.rules))

    def melds_with(self, hand: list[int], card: int) -> bool:
        return any(card in c.naturals for c in solver.quick_melds(hand + [card], self.rules))

    def want_knock(self, view: SeatView, hand: list[int]) -> bool:
        top = _top(view)
        return self.melds_with(hand, top) or self.fits_table(view, top)

    def want_discard(self, view: SeatView, hand: list[int]) -> bool:
        return self.melds_with(hand, _top(view))

    def opening_move(self, p: int, view: SeatView, hand: list[int]) -> Move | None:
        use_jokers = not self.opts.opening_without_jokers
        must = view.must_open_with
        pts, melds = solver.best_opening(hand, self.rules, use_jokers=use_jokers, must=must)
        if pts >= self.opts.opening_points and melds:
            return MeldMove(p, tuple(m.specs for m in melds))
        if self.opts.hand_romme:
            found = solver.can_meld_all_but_one(hand, self.rules, use_jokers=use_jokers)
            if found:
                return MeldMove(p, tuple(m.specs for m in found))
        return None

    def rauber_move(self, state: GameState, view: SeatView, hand: list[int]) -> Move | None:
        """The rearrangement of the table that places the most hand points (``net``: sheds the most cards where
        table cards may go back to the hand), from the core's table search over the whole table; where its work
        budget cuts that search, the best answer it found (at least the hand's own melds and lay-offs on the
        table as it lies). When the best answer would empty a hand that must keep a card to discard, the hand's
        cards are held back one at a time (going out by the discard)."""
        table = _table_melds(view, self.rules)
        if not table:
            return None
        position = (self.opts, _position_key([m.codes() for m in table], hand))
        if self.settled is not None and self.settled[0] is self.opts and position[1] == self.settled[1]:
            return None  # a proven answer of the whole table left this: nothing more can be placed
        self.settled = None
        search = _TableSearch(table, hand, self.opts, self.keep)
        res = search.best()
        if res is None:
            if search.proven:
                self.settled = position
            return None
        melds, codes = [], []
        same = unchanged_melds([m.codes() for m in table], [m.codes for m in res.table])
        for meld, kept in zip(res.table, same):
            if kept is not None:  # a meld nobody rebuilt stays as it lies
                melds.append(table[kept].specs())
                codes.append(table[kept].codes())
                continue
            specs = tuple(c if c != JOKER else DECLARED + s for c, s in meld.pairs)
            # a run as the game reads it lists its cards by position (the search lists them by rank)
            melds.append(build_meld(specs, self.rules).specs() if meld.kind == "run" else specs)
            codes.append([c for c, _ in meld.pairs])
        if search.proven:
            left = list(hand)
            for c in res.placed:
                left.remove(c)
            self.settled = (self.opts, _position_key(codes, left + list(res.taken)))
        return Place.of_specs(state.current_player, melds)

    def play(self, state: GameState, view: SeatView, hand: list[int],
             legal: Sequence[Move]) -> Move | None:
        raise NotImplementedError

    def pick_discard(self, view: SeatView, hand: list[int], discards: Sequence[Discard]) -> Move:
        raise NotImplementedError


@register_bot("romme", "greedy")
class GreedyBot(_Base):
    """Lays whatever it can as soon as it can; discards its highest card."""

    level = "greedy"

    def play(self, state: GameState, view: SeatView, hand: list[int], legal: Sequence[Move]) -> Move | None:
        p = state.current_player
        if view.owed_jokers:
            uses = [m for m in legal if isinstance(m, (MeldMove, LayOff))]
            return uses[0] if uses else None
        if not view.opened[p]:
            return self.opening_move(p, view, hand)
        _, melds = solver.best_melds(hand, self.rules, solver.by_relief, keep=self.keep)
        if melds:
            return MeldMove(p, (melds[0].specs,))
        layoffs = [m for m in legal if isinstance(m, LayOff)]
        natural = [m for m in layoffs if m.card != JOKER]
        if natural or self.keep:
            return natural[0] if natural else None
        # Without a discard pile (keep 0: Räuber) a card leaves the hand only by being laid, so the cards that
        # fit no meld or lay-off stay to the deal's end unless the table is rearranged: greedy then asks the
        # core's table search as expert does (where it did not, it lost every match to the random bot, whose
        # listed rearrangements emptied its hand); where the search lays nothing, the listed rearrangement that lays
        # the most hand cards; a joker, which cannot be discarded here, is laid off when nothing else goes
        move = self.rauber_move(state, view, hand)
        if move is not None:
            return move
        table = [m.codes() for m in _table_melds(view, self.rules)]
        places = [m for m in legal if isinstance(m, Place)]
        if places:
            return max(places, key=lambda m: len(m.hand_cards(table)))
        return layoffs[0] if layoffs else None

    def pick_discard(self, view: SeatView, hand: list[int], discards: Sequence[Discard]) -> Move:
        return max(discards, key=lambda m: (hand_points(m.card) if m.card != JOKER else -1,
                                            -_partners(m.card, hand)))


@register_bot("romme", "easy")
class EasyBot(GreedyBot):
    """Greedy's melds with a beginner's other choices (play-test T8: the table's Easy was the uniform random bot,
    which discarded its jokers and never laid a meld): its melds and lay-offs as greedy's, but always the stock, no
    knock, and a random discard that is never a joker while another card can go."""

    level = "easy"

    def want_knock(self, view: SeatView, hand: list[int]) -> bool:
        return False

    def want_discard(self, view: SeatView, hand: list[int]) -> bool:
        return False

    def play(self, state: GameState, view: SeatView, hand: list[int], legal: Sequence[Move]) -> Move | None:
        move = super().play(state, view, hand, legal)
        if move is None and set(hand) == {JOKER}:  # only jokers left: lay one off towards going out, never give it
            return next((m for m in legal if isinstance(m, LayOff)), None)
        return move

    def pick_discard(self, view: SeatView, hand: list[int], discards: Sequence[Discard]) -> Move:
        naturals = [m for m in discards if m.card != JOKER] or list(discards)
        return naturals[self.rng.below(len(naturals))]


@register_bot("romme", "expert")
class ExpertBot(_Base):
    """Exact hand search, careful discards, joker swaps, Hand-Rommé and Räuber search."""

    level = "expert"

    def want_discard(self, view: SeatView, hand: list[int]) -> bool:
        top = _top(view)
        p = view.player
        if not view.opened[p]:
            use_jokers = not self.opts.opening_without_jokers
            before, _ = solver.best_opening(hand, self.rules, use_jokers=use_jokers)
            if before >= self.opts.opening_points:
                return False
            after, _ = solver.best_opening(hand + [top], self.rules, use_jokers=use_jokers, must=top)
            minimum: int = self.opts.opening_points
            return after >= minimum
        now, _ = solver.best_melds(hand, self.rules, solver.by_cards, keep=0)
        then, _ = solver.best_melds(hand + [top], self.rules, solver.by_cards, keep=0)
        if then > now:
            return True
        self.lays_off_top = self.fits_table(view, top)
        return self.lays_off_top

    def want_knock(self, view: SeatView, hand: list[int]) -> bool:
        top = _top(view)
        if len(hand) > 9:
            return False
        now, _ = solver.best_melds(hand, self.rules, solver.by_cards, keep=0)
        then, _ = solver.best_melds(hand + [top], self.rules, solver.by_cards, keep=0)
        return then >= now + 3  # the card and two more leave the hand, outweighing the penalty card

    def near_hand_romme(self, view: SeatView, hand: list[int]) -> bool:
        if not self.opts.hand_romme:
            return False
        others = [n for i, n in enumerate(view.hand_sizes) if i != view.player]
        if min(others) <= 7 or view.stock_size < 20:
            return False
        total, _ = solver.best_melds(hand, self.rules, solver.by_cards, keep=1)
        return len(hand) - total <= 3

    def play(self, state: GameState, view: SeatView, hand: list[int], legal: Sequence[Move]) -> Move | None:
        p = state.current_player
        if view.owed_jokers:
            uses = [m for m in legal if isinstance(m, MeldMove)] + [m for m in legal if isinstance(m, LayOff)]
            return uses[0] if uses else None
        if not view.opened[p]:
            if self.opts.hand_romme:
                use_jokers = not self.opts.opening_without_jokers
                found = solver.can_meld_all_but_one(hand, self.rules, use_jokers=use_jokers)
                if found:
                    return MeldMove(p, tuple(m.specs for m in found))
                if view.must_open_with is None and self.near_hand_romme(view, hand):
                    self.ended = "hold_back"
                    return None  # hold back: a doubled Hand-Rommé is close
            core = self.core_opening(p, view, hand)
            if core is not None and state.is_legal(core):
                return core
            return self.opening_move(p, view, hand)
        if self.opts.rauber and (view.player == p):
            move = self.rauber_move(state, view, hand)
            if move is not None:
                return move
        _, melds = solver.best_melds(hand, self.rules, solver.by_relief, keep=self.keep)
        if melds:
            return MeldMove(p, tuple(m.specs for m in melds))
        layoffs = [m for m in legal if isinstance(m, LayOff)]
        natural = [m for m in layoffs if m.card != JOKER]
        if natural:
            return max(natural, key=lambda m: hand_points(m.card))
        swap = self.swap_move(state, hand, legal)
        if swap is not None:
            return swap
        if layoffs and len(hand) <= 3:
            return layoffs[0]  # a joker laid off when going out is near
        return None

    def core_opening(self, p: int, view: SeatView, hand: list[int]) -> Move | None:
        """The best opening by the core's exact hand solver (``solve_hand(..., "opening")``), keeping a card to
        discard by the rule every table move keeps (:func:`romme.table_keep.keeping`, weighed by the opening's
        points); None if it does not reach the minimum, or a solve is refused or cut."""
        if view.must_open_with is not None:
            return None  # the opening must use the taken card: the Python search handles that
        options = dict(self.opts.options)

        def opening(cards: list[int]) -> _CoreOpening | None:
            try:
                res = _core.solve_hand("romme", cards, "opening", options)
            except ValueError:
                raise _NoCoreOpening from None
            if not res.proven:  # (a cut solve's best found: as the refusal it replaced)
                raise _NoCoreOpening
            if res.opening_points is None:
                return None
            melds = tuple(m.pairs for m in res.melds)
            return _CoreOpening(melds, tuple(c for m in melds for c, _ in m), res.opening_points)

        try:
            best = keeping("romme", hand, 1, opening, lambda found: found.points).answer
        except _NoCoreOpening:
            return None
        if best is None:
            return None
        melds = []
        for m in best.melds:
            specs = tuple(c if c != JOKER else DECLARED + s for c, s in m)
            if len(specs) >= 3:
                melds.append(specs)
        return MeldMove(p, tuple(melds)) if melds else None

    def swap_move(self, state: GameState, hand: list[int], legal: Sequence[Move]) -> Move | None:
        """The first listed joker swap after which fewer cards are left to meld than now. The joker taken never
        stays in the hand: it must be laid again in the same turn (RULES.md §2), in a meld of the hand or else as a
        lay-off (the game lists a swap only where it can be), so the swapped card leaves the hand as a natural
        lay-off does: with 8c 3h, swapping 8c for the joker in 7c * 9c 10c Jc Qc, laying the joker off and
        discarding the 3h goes out."""
        swaps = [m for m in legal if isinstance(m, Swap)]
        if not swaps:
            return None
        left_now = len(hand) - solver.best_melds(hand, self.rules, solver.by_cards, keep=1)[0]
        for m in swaps:
            after = list(hand)
            after.remove(m.card)
            after.append(JOKER)
            melded, melds = solver.best_melds(after, self.rules, solver.by_cards, keep=1)
            laid_off = 0 if any(meld.jokers for meld in melds) else 1
            if len(after) - melded - laid_off < left_now:
                return m
        return None

    def pick_discard(self, view: SeatView, hand: list[int], discards: Sequence[Discard]) -> Move:
        """The card whose loss hurts the rest of the hand least: the remaining hand should meld
        the most cards and keep the most partial melds; among equals drop the most points."""
        opened = view.opened[view.player]
        # before opening, cards the table takes are kept (for the first lay-offs)
        wanted = set() if opened else {c for m in _table_melds(view, self.rules) for c in wanted_cards(m, self.rules)}
        naturals = [m.card for m in discards if m.card != JOKER]
        outlook = dict(zip(naturals, discard_outlooks(self.rules, hand, naturals)))

        def value(m: Discard) -> tuple[float, int]:
            c = m.card
            if c == JOKER:
                return (-1e9, 0)
            rest = outlook[c]
            keep_bonus = 0 if opened or c not in wanted else 6
            return (10 * rest.melded + 3 * rest.partial + hand_points(c) / 4 - keep_bonus, self.rng.below(4))
        return max(discards, key=value)


@dataclass(frozen=True)
class _CoreOpening:
    """An opening of the core's hand solver as :func:`romme.table_keep.keeping` weighs answers: its melds (card and
    declared suit pairs), the hand cards they lay, none taken from the table, and its opening points."""

    melds: tuple[tuple[tuple[int, int], ...], ...]
    placed: tuple[int, ...]
    points: int
    taken: tuple[int, ...] = ()


class _NoCoreOpening(Exception):
    """A solve refused or cut: the core's opening is not asked further (the Python search opens instead)."""


#: Work budget of one move's table searches (states and steps, about a microsecond each): the same answer on
#: any machine, so a seed replays the game.
SEARCH_WORK_BUDGET = 1_000_000


def _position_key(table: Sequence[Sequence[int]], hand: Sequence[int]) -> tuple[Any, ...]:
    """A table and hand as multisets (a meld's cards in any order, the melds in any order)."""
    return (tuple(sorted(tuple(sorted(m)) for m in table)), tuple(sorted(hand)))


class _TableSearch:
    """The searches of the whole table of one move, sharing its work budget (``SEARCH_WORK_BUDGET``; 0: none,
    every search exact)."""

    def __init__(self, table: list[TableMeld], hand: list[int], opts: Any, keep: int) -> None:
        self.table = [m.codes() for m in table]
        self.hand, self.keep = hand, keep
        self.options = dict(opts.options)
        # (the core's one answer to which table cards go to the hand: RULES §2 rauber_table_to_hand)
        self.objective = "net" if _core.table_to_hand("romme", True, self.options) == "any" else "points"
        self.budget = MoveBudget(SEARCH_WORK_BUDGET or None)

    @property
    def proven(self) -> bool:
        """Every answer used came from a search that no budget cut."""
        return self.budget.proven

    def value(self, res: _core.TableSolution) -> int:
        return worth(self.objective, res)

    def solve(self, cards: list[int]) -> _core.TableSolution | None:
        """The search of the whole table and hand ``cards`` within what is left of the move's budget; None
        where that is spent."""
        return self.budget.ask(lambda work: _core.solve_table(
            "romme", self.table, cards, self.objective, self.options, 0, "fast", work or 0))  # (the core's 0: none)

    def useful(self, cards: list[int]) -> list[int]:
        """The hand cards that could join a meld with the table's cards or other hand cards."""
        pool = [c for m in self.table for c in m] + cards
        return [c for c in cards if c == JOKER or _partners(c, pool) >= 2]

    def answer(self, cards: list[int]) -> _core.TableSolution | None:
        """The best answer for the hand ``cards`` (where the budget cut the search, the best it found); None
        where it places nothing."""
        useful = self.useful(cards)
        if not useful:
            return None
        res = self.solve(useful)
        if res is None or self.value(res) <= 0:
            return None
        return res

    def best(self) -> _core.TableSolution | None:
        """The move's answer, leaving at least ``keep`` cards in the hand (:func:`romme.table_keep.keeping`: where
        the best answer empties it, the hand's cards are held back in turn)."""
        return keeping("romme", self.hand, self.keep, self.answer, self.value).answer
