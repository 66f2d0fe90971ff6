"""Move listing of the Rommé state (a mixin of :class:`romme.games.romme.RommeState`).

``legal_moves()`` must be cheap (random bots play ≥ 50,000 moves a second), so it
lists draws, discards, knock/pass, lay-offs, swaps and a *bounded* set of meld
moves found by a one-pass search; any other legal move (a rearrangement, an
opening the quick search missed) is still accepted by ``apply``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from . import solver
from .melds import (
    JOKER,
    RuleView,
    TableMeld,
    code_of,
    joker_fits,
    rank_of,
    suit_of,
    swappable_cards,
    wanted_cards,
)
from .moves import (
    Discard,
    Draw,
    End,
    Knock,
    LayOff,
    MeldMove,
    Pass,
    Rearrange,
    Swap,
)

if TYPE_CHECKING:
    from ...engine import Move

# Moves are immutable: the listing reuses one object per (seat, card) instead of building new ones.
_DISCARDS = [[Discard(p, c) for c in range(JOKER + 1)] for p in range(6)]
_DRAWS = [(Draw(p, "stock"), Draw(p, "discard")) for p in range(6)]


class MoveLister:
    """``legal_moves`` and its helpers; the state provides the fields named below."""

    if TYPE_CHECKING:  # fields and methods of RommeState
        match_over: bool
        phase_name: str
        stock: list[int]
        opened_before: bool
        rules: Any
        opts: Any
        opening_points: int
        hands: list[list[int]]
        table: list[Any]
        opened: list[bool]
        turn: int
        owed_jokers: int
        must_open_with: int | None
        laid: bool
        with_discard: bool
        _moves_cache: list[Move] | None
        _info_for: Any
        _info: list[tuple[int, list[int], bool, list[int]]]

        @property
        def current_player(self) -> int: return -1
        def _can_draw_stock(self) -> bool: return False
        def _can_draw_discard(self) -> bool: return False
        def is_legal(self, move: Move) -> bool: return False

    def legal_moves(self) -> list[Move]:
        """Draws, discards, knock/pass, lay-offs, swaps and a bounded set of meld moves.

        Any legal move may be applied, also one not listed here (e.g. a
        rearrangement or an opening the listing's quick search missed).
        """
        if self.match_over:
            return []
        if self._moves_cache is None:
            self._moves_cache = self._list_moves()
        return list(self._moves_cache)

    def _list_moves(self) -> list[Move]:
        p = self.current_player
        ph = self.phase_name
        if ph == "knock":
            return [Knock(p), Pass(p)]
        if ph == "draw":
            out: list[Move] = []
            if self._can_draw_stock():
                out.append(_DRAWS[p][0])
            if self._can_draw_discard():
                out.append(_DRAWS[p][1])
            return out
        hand = self.hands[p]
        out = []
        if not self.with_discard:
            if not self.laid:
                out.append(Draw(p, "stock") if self.stock else Pass(p))
            elif not self.owed_jokers:
                out.append(End(p))
        elif not self.owed_jokers and (self.must_open_with is None or self.opened[p]):
            last = -1
            row = _DISCARDS[p]
            for c in hand:
                if c != last:
                    out.append(row[c])
                    last = c
        keep = 1 if self.with_discard else 0
        table_ok = self.opened[p] and (self.opened_before or self.rules.lay_off_in_opening_turn)
        for specs in self._quick_melds(hand, keep):
            out.append(MeldMove(p, specs))
        if self.owed_jokers:
            # the freed joker must be laid: list new melds with it (the quick search may miss them)
            seen = {m.melds for m in out if isinstance(m, MeldMove)}
            for cand in solver.candidates(hand, self.opts):
                if cand.jokers and len(hand) - len(cand.specs) >= keep and (cand.specs,) not in seen:
                    seen.add((cand.specs,))
                    out.append(MeldMove(p, (cand.specs,)))
        check_all = bool(self.owed_jokers) or self.must_open_with is not None
        if table_ok and len(hand) > keep:
            has_joker = JOKER in hand
            hs = set(hand)
            for target, wants, joker_ok, swaps in self._table_info():
                for c in wants:
                    if c in hs:
                        out.append(LayOff(p, c, target))
                if has_joker and joker_ok:
                    out.append(LayOff(p, JOKER, target))
                for c in swaps:
                    if c in hs:
                        swap = Swap(p, target, c)
                        if check_all or self.is_legal(swap):  # the freed joker must fit somewhere
                            out.append(swap)
        if self.rules.rauber and table_ok and len(hand) >= keep + 2:
            out += [m for m in self._steal_moves(p, hand) if check_all or self.is_legal(m)]
        if check_all:
            out = [m for m in out if self.is_legal(m)]
        return out

    def _steal_moves(self, p: int, hand: list[int]) -> list[Move]:
        """Räuber-Rommé: a few rearrangements where a card its meld can spare (the end of a run
        of 4+, a card of a full set) joins two hand cards in a new meld."""
        if getattr(self, "_spare_for", None) is not self.table:
            self._spare_for = self.table
            self._spare = _spare_cards(self.table)
        out: list[Move] = []
        have = set(hand)
        for i, k, x, partners in self._spare:
            for trio, (a, b) in partners:
                if a in have and b in have:
                    melds = tuple(m.specs() for m in self.table)
                    rest = melds[i][:k] + melds[i][k + 1:]
                    out.append(Rearrange(p, melds[:i] + (rest,) + melds[i + 1:] + (trio,)))
                    break
            if len(out) >= 4:
                break
        return out

    def _table_info(self) -> list[tuple[int, list[int], bool, list[int]]]:
        """Per table meld: its number, the cards it takes, whether a joker fits, swappable cards.

        Cached until the table changes (every table move makes a new list)."""
        if getattr(self, "_info_for", None) is not self.table:
            self._info_for = self.table
            self._info = [(i + 1, *_meld_info(m, self.opts)) for i, m in enumerate(self.table)]
        return self._info

    def _quick_melds(self, hand: list[int], keep: int) -> list[tuple[tuple[int, ...], ...]]:
        """A few meld moves found fast: whole natural sets/runs (an opening: as many as reach the minimum)."""
        p = self.turn
        opened = self.opened[p]
        found = solver.quick_melds(hand, self.opts, opened or not self.rules.opening_without_jokers)
        if self.must_open_with is not None and not opened:
            return [self._solver_opening(hand)]
        if not found:
            return []
        if opened:
            return [(m.specs,) for m in found if len(hand) - len(m.specs) >= keep]
        if sum(m.points for m in found) < self.opening_points:
            return []  # not even all of them together would open
        found.sort(key=lambda m: -m.points)
        used: dict[int, int] = {}
        chosen = []
        total = 0
        n_used = 0
        counts: dict[int, int] = {}
        for c in hand:
            counts[c] = counts.get(c, 0) + 1
        for m in found:
            need: dict[int, int] = {}
            for c in m.specs:
                need[c] = need.get(c, 0) + 1
            if all(used.get(c, 0) + k <= counts.get(c, 0) for c, k in need.items()) and \
                    len(hand) - n_used - len(m.specs) >= keep:
                for c, k in need.items():
                    used[c] = used.get(c, 0) + k
                chosen.append(m)
                total += m.points
                n_used += len(m.specs)
        if total < self.opening_points:
            return []
        return [tuple(m.specs for m in chosen)]

    def _solver_opening(self, hand: list[int]) -> tuple[tuple[int, ...], ...]:
        """The opening that uses the taken discard (it exists: the pickup was checked)."""
        must = self.must_open_with
        assert must is not None
        use_jokers = not self.rules.opening_without_jokers
        pts, melds = solver.best_opening(hand, self.opts, use_jokers=use_jokers, must=must)
        if pts < self.rules.opening_points:
            found = solver.can_meld_all_but_one(hand, self.opts, use_jokers=use_jokers)
            assert found is not None
            melds = found
        return tuple(m.specs for m in melds)


@lru_cache(maxsize=1 << 14)
def _meld_info(meld: TableMeld, opts: RuleView) -> tuple[list[int], bool, list[int]]:
    """What one table meld takes: cards to lay off, whether a joker fits, swappable cards (a pure
    function of the meld and the rules; a move changes few melds, so most are found here)."""
    return wanted_cards(meld, opts), joker_fits(meld, opts), swappable_cards(meld, opts)


def _spare_cards(table: list[Any]) -> list[tuple[int, int, int, list[tuple[tuple[int, ...], tuple[int, ...]]]]]:
    """Per table card its meld can spare (an end of a run of 4+, a card of a full set):
    ``(meld index, position, card, natural trios it could start)``."""
    out = []
    for i, m in enumerate(table):
        if m.kind == "set" and len(m.cards) == 4:
            spare: range = range(4)
        elif m.kind == "run" and len(m.cards) >= 4:
            spare = range(0, len(m.cards), len(m.cards) - 1)
        else:
            continue
        for k in spare:
            x = m.cards[k][0]
            if x != JOKER:
                out.append((i, k, x, _trios(x)))
    return out


@cache
def _trios(x: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The natural trios card ``x`` could start (sets of its rank, runs of its suit), each with the two
    hand cards it needs (a pure function of the card: cached)."""
    r, st = rank_of(x), suit_of(x)
    others = [code_of(t, r) for t in range(4) if t != st]
    trios: list[tuple[int, ...]] = [(x, a, b) for j, a in enumerate(others) for b in others[j + 1:]]
    trios += [tuple(code_of(st, q) for q in range(lo, lo + 3)) for lo in (r - 2, r - 1, r) if 1 <= lo and lo + 2 <= 13]
    return [(t, tuple(c for c in t if c != x)) for t in trios]
