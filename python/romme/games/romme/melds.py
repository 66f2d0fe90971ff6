"""Rommé melds on the table: building, laying off, joker swaps, points.

Card codes are the Rommé codes of the core (``suit*13 + rank-1``, joker 52).
A *card spec* is how a hand card is written into a meld: a natural code
0..51, ``JOKER`` (52) for a joker the engine places, or ``53 + c`` for a
joker declared as the natural card ``c`` (notation ``*=Kh``).

Runs are kept by *position*: position ``p`` of a run holds rank
``p`` (1 = ace low .. 13 = K, 14 = ace high); with ``wrap_around``
positions continue past 14 (15 = 2, ...), so K-A-2 is positions 13-14-15.
A run never holds 14 or more cards, so it never has the ace at both ends.

Every function here is pure: it returns a new :class:`TableMeld` or raises
:class:`MeldError` naming the rule broken. ``build_meld`` is the one meld
check of the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ... import _core
from ...cards import deck
from ...errors import IllegalMoveError, quote

JOKER = 52
DECLARED = 53  # spec 53 + c: a joker declared as natural card c
SUITS = "cdhs"
RANKS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
MAX_RUN = 13


class MeldError(IllegalMoveError):
    """A meld, lay-off or swap that breaks a meld rule."""


def suit_of(code: int) -> int:
    return code // 13


def rank_of(code: int) -> int:
    """1 (ace) .. 13 (king)."""
    return code % 13 + 1


def code_of(suit: int, rank: int) -> int:
    return suit * 13 + rank - 1


#: Points of a card left in hand by code, counted by the core (joker 20, ace 11, J/Q/K 10, else face).
_HAND_POINTS: tuple[int, ...] = tuple(_core.hand_points("romme"))


def hand_points(code: int) -> int:
    """Points of a card left in hand: joker 20, ace 11, J/Q/K 10, else face (the core's counting)."""
    return _HAND_POINTS[code]


def token(code: int) -> str:
    return "*" if code == JOKER else deck("romme").token(code)


def spec_token(spec: int) -> str:
    if spec >= DECLARED:
        return "*=" + token(spec - DECLARED)
    return token(spec)


def parse_spec(text: str) -> int:
    """A card spec from its token: ``Kh``, ``*`` or ``*=Kh``."""
    t = text.strip()
    if t.startswith("*="):
        inner = deck("romme").parse_token(t[2:])
        if inner == JOKER:
            raise MeldError(f"a joker cannot be declared as a joker: {quote(text)}")
        return DECLARED + inner
    return deck("romme").parse_token(t)


def spec_card(spec: int) -> int:
    """The physical card a spec uses (the joker for any joker spec)."""
    return min(JOKER, spec)


@dataclass(frozen=True, slots=True)
class RuleView:
    """The meld rule options, read once per game (options are immutable)."""

    joker_declared: bool = False
    joker_swap_completes: bool = False
    no_double_joker: bool = False
    wrap_around: bool = False

    @classmethod
    def of(cls, options: Mapping[str, object]) -> RuleView:
        return cls(
            bool(options["joker_declared"]),
            bool(options["joker_swap_completes"]),
            bool(options["no_double_joker"]),
            bool(options["wrap_around"]),
        )


def pos_rank(p: int) -> int:
    """The rank at run position ``p`` (positions past 14 only exist with wrap_around)."""
    return (p - 1) % 13 + 1


def pos_points(p: int) -> int:
    """Opening points of the card at run position ``p``: an ace is 1 only at position 1."""
    r = pos_rank(p)
    if r == 1:
        return 1 if p == 1 else 11
    return min(r, 10)


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table.

    ``cards`` are ``(code, stands_for)`` pairs (a natural card stands for
    itself); a run lists them by position from ``start``; a set has
    ``start`` 0 and ``rank`` its rank.
    """

    kind: str  # "set" | "run"
    suit: int  # run suit, -1 for a set
    rank: int  # set rank, 0 for a run
    start: int  # first run position, 0 for a set
    cards: tuple[tuple[int, int], ...]

    @property
    def points(self) -> int:
        """Opening points: every card (joker included) counts as the card it stands for."""
        if self.kind == "set":
            return len(self.cards) * (11 if self.rank == 1 else min(self.rank, 10))
        return sum(pos_points(self.start + i) for i in range(len(self.cards)))

    @property
    def naturals(self) -> list[int]:
        return [c for c, _ in self.cards if c != JOKER]

    @property
    def jokers(self) -> int:
        return sum(1 for c, _ in self.cards if c == JOKER)

    @property
    def end(self) -> int:
        """Last run position."""
        return self.start + len(self.cards) - 1

    def codes(self) -> list[int]:
        return [c for c, _ in self.cards]

    def specs(self) -> tuple[int, ...]:
        """The meld as card specs (jokers declared), which ``build_meld`` reads back to this meld."""
        return tuple(c if c != JOKER else DECLARED + s for c, s in self.cards)

    def __str__(self) -> str:
        return " ".join(token(c) if c != JOKER else "*=" + token(s) for c, s in self.cards)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "cards": [token(c) if c != JOKER else "*=" + token(s) for c, s in self.cards],
            "points": self.points,
        }


def _check_jokers(naturals: int, jokers: int, rules: RuleView) -> None:
    if naturals == 0:
        raise MeldError("a meld needs at least one natural card")
    if rules.no_double_joker and jokers >= 2 and naturals < 2:
        raise MeldError("no_double_joker: a meld may not hold one natural card and two jokers")


# --- sets ------------------------------------------------------------------


def _make_set(rank: int, naturals: Sequence[int], declared: Sequence[int], free: int, rules: RuleView) -> TableMeld:
    """A set from natural codes, declared joker cards and ``free`` jokers to place."""
    n = len(naturals) + len(declared) + free
    if not 3 <= n <= 4:
        raise MeldError(f"a set holds 3 or 4 cards, got {n}")
    used: set[int] = set()
    for c in list(naturals) + list(declared):
        if rank_of(c) != rank:
            raise MeldError(f"card {token(c)} does not fit a set of {RANKS[rank]}s")
        if suit_of(c) in used:
            raise MeldError(f"a set needs different suits; {SUITS[suit_of(c)]} twice")
        used.add(suit_of(c))
    _check_jokers(len(naturals), len(declared) + free, rules)
    missing = [s for s in range(4) if s not in used]
    cards = [(c, c) for c in naturals] + [(JOKER, c) for c in declared]
    cards += [(JOKER, code_of(s, rank)) for s in missing[:free]]
    return TableMeld("set", -1, rank, 0, tuple(cards))


# --- runs ------------------------------------------------------------------


def _positions(rank: int, rules: RuleView) -> tuple[int, ...]:
    """Run positions a rank may take (ace: 1 or 14; with wrap also 14+r)."""
    if rules.wrap_around:
        return (rank, rank + 13) if rank != 1 else (1, 14)
    return (1, 14) if rank == 1 else (rank,)


def _window_ok(start: int, length: int, rules: RuleView) -> bool:
    if length > MAX_RUN or length < 1:
        return False
    if rules.wrap_around:
        return 1 <= start <= 13
    return 1 <= start and start + length - 1 <= 14


def _run_in_window(start: int, specs: Sequence[int], rules: RuleView) -> list[tuple[int, int]] | None:
    """Cards placed in written order from ``start``, or None if they do not fit."""
    if not _window_ok(start, len(specs), rules):
        return None
    out = []
    for i, s in enumerate(specs):
        want = pos_rank(start + i)
        if s >= DECLARED:
            if rank_of(s - DECLARED) != want:
                return None
            out.append((JOKER, s - DECLARED))
        elif s == JOKER:
            out.append((JOKER, -want))  # suit filled in by the caller
        else:
            if rank_of(s) != want:
                return None
            out.append((s, s))
    return out


def _make_run(suit: int, specs: Sequence[int], rules: RuleView) -> TableMeld:
    naturals = [s for s in specs if s < JOKER]
    declared = [s - DECLARED for s in specs if s >= DECLARED]
    for c in naturals + declared:
        if suit_of(c) != suit:
            raise MeldError(f"card {token(c)} does not fit a run of {SUITS[suit]}")
    n = len(specs)
    if n < 3:
        raise MeldError(f"a run holds at least 3 cards, got {n}")
    if n > MAX_RUN:
        raise MeldError(f"a run holds at most {MAX_RUN} cards, got {n}")
    _check_jokers(len(naturals), n - len(naturals), rules)
    # 1. the cards as written (ascending), the usual way to lay a run
    first_nat = next((i for i, s in enumerate(specs) if s != JOKER), 0)
    fixed = specs[first_nat]
    fixed_rank = rank_of(fixed - DECLARED if fixed >= DECLARED else fixed)
    for p in _positions(fixed_rank, rules):
        placed = _run_in_window(p - first_nat, specs, rules)
        if placed is not None:
            return _finish_run(suit, p - first_nat, placed)
    # 2. any order: naturals and declared jokers sorted, free jokers fill gaps, then the top
    nat_ranks = [rank_of(c) for c in naturals + declared]
    if len(set(nat_ranks)) != len(nat_ranks):
        raise MeldError("a run holds every rank at most once")
    free = n - len(nat_ranks)
    best: tuple[int, int] | None = None
    hi_start = 14 if not rules.wrap_around else 13
    for start in range(1, hi_start + 1):
        if not _window_ok(start, n, rules):
            continue
        window = {pos_rank(start + i) for i in range(n)}
        if len(window) == n and all(r in window for r in nat_ranks):
            # prefer the window that starts lowest among those holding the lowest natural card
            key = (0 if pos_rank(start) in nat_ranks else 1, start)
            if best is None or key < best:
                best = (key[0], start)
    if best is None:
        raise MeldError("the cards do not form a run (ranks must be consecutive)")
    start = best[1]
    by_rank = {rank_of(c): c for c in naturals}
    decl = {rank_of(c): c for c in declared}
    placed = []
    for i in range(n):
        r = pos_rank(start + i)
        if r in by_rank:
            placed.append((by_rank[r], by_rank[r]))
        elif r in decl:
            placed.append((JOKER, decl[r]))
        else:
            placed.append((JOKER, -r))
    assert free == sum(1 for c, s in placed if s < 0)
    return _finish_run(suit, start, placed)


def _finish_run(suit: int, start: int, placed: list[tuple[int, int]]) -> TableMeld:
    cards = tuple((c, code_of(suit, -s) if s < 0 else s) for c, s in placed)
    return TableMeld("run", suit, 0, start, cards)


# --- the one meld check --------------------------------------------------------


def build_meld(specs: Sequence[int], rules: RuleView) -> TableMeld:
    """A new meld from card specs in the order written; :class:`MeldError` if invalid.

    One natural card with jokers reads as a set unless a declaration says run.
    """
    naturals = [s for s in specs if s < JOKER]
    declared = [s - DECLARED for s in specs if s >= DECLARED]
    free = sum(1 for s in specs if s == JOKER)
    if not naturals:
        raise MeldError("a meld needs at least one natural card")
    known = naturals + declared
    ranks = {rank_of(c) for c in known}
    suits = {suit_of(c) for c in known}
    if len(ranks) == 1 and (len(known) == 1 or len(suits) == len(known)):
        try:
            return _make_set(next(iter(ranks)), naturals, declared, free, rules)
        except MeldError:
            if len(known) > 1 or len(specs) <= 4:
                raise
    if len(suits) == 1:
        return _make_run(suits.pop(), specs, rules)
    raise MeldError("the cards form neither a set (one rank, different suits) nor a run (one suit)")


def layoff(meld: TableMeld, spec: int, rules: RuleView) -> TableMeld:
    """``meld`` with one more card (natural or joker) at its place."""
    card = spec_card(spec)
    if meld.kind == "set":
        nat = meld.naturals
        jokers = [s for c, s in meld.cards if c == JOKER]
        if len(meld.cards) >= 4:
            raise MeldError(f"set {meld} is full")
        if card == JOKER:
            if spec >= DECLARED:
                return _make_set(meld.rank, nat, jokers + [spec - DECLARED], 0, rules)
            if rules.joker_declared:
                return _make_set(meld.rank, nat, jokers, 1, rules)
            return _make_set(meld.rank, nat, [], len(jokers) + 1, rules)
        if rules.joker_declared:
            return _make_set(meld.rank, nat + [card], jokers, 0, rules)
        return _make_set(meld.rank, nat + [card], [], len(jokers), rules)
    # run: the new card goes below or above
    if len(meld.cards) >= MAX_RUN:
        raise MeldError(f"run {meld} is full")
    ends = ((meld.end + 1, False), (meld.start - 1, True))
    for p, low in ends:
        if not _window_ok(meld.start - 1 if low else meld.start, len(meld.cards) + 1, rules):
            continue
        want = code_of(meld.suit, pos_rank(p))
        if card == JOKER:
            if spec >= DECLARED and spec - DECLARED != want:
                continue
            new = (JOKER, want)
        elif card == want:
            new = (card, card)
        else:
            continue
        cards = (new,) + meld.cards if low else meld.cards + (new,)
        result = TableMeld("run", meld.suit, 0, meld.start - 1 if low else meld.start, cards)
        _check_jokers(len(result.naturals), result.jokers, rules)
        return result
    raise MeldError(f"{spec_token(spec)} does not extend run {meld}")


def swap_joker(meld: TableMeld, card: int, rules: RuleView) -> TableMeld:
    """``meld`` with the natural ``card`` in place of a joker (the joker goes to the hand)."""
    if card == JOKER:
        raise MeldError("swap a joker for a natural card, not for another joker")
    if meld.jokers == 0:
        raise MeldError(f"meld {meld} holds no joker")
    if meld.kind == "run" or rules.joker_declared:
        for i, (c, s) in enumerate(meld.cards):
            if c == JOKER and s == card:
                result = TableMeld(
                    meld.kind, meld.suit, meld.rank, meld.start, meld.cards[:i] + ((card, card),) + meld.cards[i + 1 :]
                )
                break
        else:
            raise MeldError(f"no joker in {meld} stands for {token(card)}")
    else:
        if rank_of(card) != meld.rank or suit_of(card) in {suit_of(c) for c in meld.naturals}:
            raise MeldError(f"{token(card)} cannot replace a joker in {meld}")
        result = _make_set(meld.rank, meld.naturals + [card], [], meld.jokers - 1, rules)
    if rules.joker_swap_completes and result.kind == "set" and len(result.cards) < 4:
        raise MeldError("joker_swap_completes: a joker leaves a set only when the set then holds all four suits")
    return result


def joker_fits(meld: TableMeld, rules: RuleView) -> bool:
    """Whether a joker can be laid off on ``meld``."""
    try:
        layoff(meld, JOKER, rules)
    except MeldError:
        return False
    return True


def wanted_cards(meld: TableMeld, rules: RuleView) -> list[int]:
    """Natural cards that can be laid off on ``meld`` (for move listing)."""
    out = []
    if meld.kind == "set":
        if len(meld.cards) < 4:
            taken = {suit_of(c) for c in meld.naturals}
            if rules.joker_declared:
                taken |= {suit_of(s) for c, s in meld.cards if c == JOKER}
            out = [code_of(s, meld.rank) for s in range(4) if s not in taken]
    elif len(meld.cards) < MAX_RUN:
        if _window_ok(meld.start, len(meld.cards) + 1, rules):
            out.append(code_of(meld.suit, pos_rank(meld.end + 1)))
        if _window_ok(meld.start - 1, len(meld.cards) + 1, rules):
            c = code_of(meld.suit, pos_rank(meld.start - 1))
            if c not in out:
                out.append(c)
    return out


def swappable_cards(meld: TableMeld, rules: RuleView) -> list[int]:
    """Natural cards that may replace a joker of ``meld`` (before joker_swap_completes)."""
    if meld.jokers == 0:
        return []
    if meld.kind == "run" or rules.joker_declared:
        return sorted({s for c, s in meld.cards if c == JOKER})
    taken = {suit_of(c) for c in meld.naturals}
    return [code_of(s, meld.rank) for s in range(4) if s not in taken]


def table_counts(table: Iterable[TableMeld]) -> dict[int, int]:
    out: dict[int, int] = {}
    for m in table:
        for c, _ in m.cards:
            out[c] = out.get(c, 0) + 1
    return out
