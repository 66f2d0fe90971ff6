"""The card a table move keeps to discard, for the table searches that answer a turn (the Rommé and 1x1 experts,
the hint), and the work budget those searches share.

Where a turn ends with a discard (Rommé with a discard pile, 1x1-Rommé: RULES.md §2 and §3) a player goes out by
discarding the last card, so a table move may not empty the hand (the core's judge refuses it: ``keep one card to
discard``); without a discard pile (Räuber-Rommé without one, Rummy) the last card is laid. The table search answers
about the hand it is given, so where its best answer would empty a hand that must keep a card, the hand's cards are
held back one at a time and the search asked again without each. Every search a move asks draws on
the move's one work budget (:class:`MoveBudget`), so the move is the same on every machine and under any load.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .errors import RommeError

if TYPE_CHECKING:
    from ._core import TableSolution
    from .engine import GameState


class Answer(Protocol):
    """A table search's answer as far as the hand goes: the hand cards it lays and the table cards it takes back."""

    @property
    def placed(self) -> Sequence[Any]: ...

    @property
    def taken(self) -> Sequence[Any]: ...


A = TypeVar("A", bound=Answer)


class Searched(Protocol):
    """A table search's answer as far as its budget goes: the work it spent and whether the objective is proven."""

    @property
    def work(self) -> int: ...

    @property
    def optimal(self) -> bool: ...


S = TypeVar("S", bound=Searched)


class MoveBudget:
    """A move's work budget (states and steps), drawn down by each table search the move asks: each search is
    given what is left, and none is asked once it is spent. ``None``: no budget, every search exact."""

    def __init__(self, work: int | None) -> None:
        self.left = work
        #: Every search asked ran, and no budget cut its objective.
        self.proven = True

    def ask(self, search: Callable[[int | None], S]) -> S | None:
        """``search``'s answer, given the work left (None: unbudgeted); None where the budget is spent or the
        search refuses the position."""
        if self.left is not None and self.left <= 0:
            self.proven = False
            return None
        try:
            found = search(self.left)
        except RommeError:
            self.proven = False
            return None
        if self.left is not None:
            self.left -= found.work
        # (the objective unproven: a budget that cut only the fewest moved leaves the most placed proven)
        if not found.optimal:
            self.proven = False
        return found


@dataclass(frozen=True)
class Kept(Generic[A]):
    """The best answer that keeps the cards a turn must keep (None: none places anything) and the hand cards it was
    searched with (the hand less the card held back). Where a search was not asked (the move's budget spent), an
    answer holding back another card might be better: :attr:`MoveBudget.proven` says so."""

    answer: A | None
    cards: tuple[int, ...]


def cards_kept(state: GameState) -> int:
    """How many hand cards a table move of the seat to move must leave: one where its turn ends with a discard
    (the game's ``with_discard``), else none."""
    return 1 if getattr(state, "with_discard", False) else 0


def worth(objective: str, sol: TableSolution) -> int:
    """What ``sol`` is worth under the search's ``objective`` (what the search maximises), to weigh the answers of
    the cards held back against each other: the points laid, the cards laid less those taken back, or the cards
    laid."""
    if objective == "points":
        return sol.placed_points
    if objective == "net":
        return len(sol.placed) - len(sol.taken)
    return len(sol.placed)


def hold_back_order(game_id: str, hand: Sequence[int]) -> list[int]:
    """The hand cards tried as the one held back: every distinct card, the naturals cheapest first by the points
    they count left in the hand (the core's counting), then the wilds. Every card is tried, not the cheapest few:
    the card whose loss costs the answer least need not be cheap (H2 K2 K6 K8 Q2 in 1x1-Rommé: holding back a 2
    breaks the set of 2s, holding back the K6 lays three). A wild comes last: it fits any meld and counts most in
    the hand, so it is held back only where no natural held back does as well."""
    from . import _core
    from .games.tablemoves import wild_codes

    points = _core.hand_points(game_id)
    wilds = set(wild_codes(game_id))
    return sorted(set(hand), key=lambda c: (c in wilds, points[c], c))


def keeping(
    game_id: str,
    hand: Sequence[int],
    keep: int,
    answer: Callable[[list[int]], A | None],
    value: Callable[[A], int],
) -> Kept[A]:
    """The best of ``answer`` (the search of a list of hand cards; None where it places nothing) that leaves at
    least ``keep`` of ``hand``'s cards. Where the answer for the whole hand leaves fewer, the cards of
    :func:`hold_back_order` are held back in turn: the first try that lays every other card is the answer (its
    discard goes out, worth more than any points a try laying fewer cards keeps), else the one of highest
    ``value``."""
    cards = list(hand)
    found = answer(cards)
    if found is None or _leaves(found, hand) >= keep:
        return Kept(found, tuple(cards))
    best: Kept[A] = Kept(None, tuple(cards))
    for c in hold_back_order(game_id, hand):
        cards = list(hand)
        cards.remove(c)
        tried = answer(cards)
        if tried is None or _leaves(tried, hand) < keep:
            continue
        if _leaves(tried, hand) == keep:
            return Kept(tried, tuple(cards))
        if best.answer is None or value(tried) > value(best.answer):
            best = Kept(tried, tuple(cards))
    return best


def _leaves(res: Answer, hand: Sequence[int]) -> int:
    return len(hand) - len(res.placed) + len(res.taken)
