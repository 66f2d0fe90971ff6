"""The table of the table games (Rommé, 1x1-Rommé, Rummy): its one model for front ends, and the
Räuber table search that rebuilds it to place the most hand cards.

The model (docs/ARCHITECTURE.md, "The table games' table"): an observation's ``table`` is a list of
melds, each ``{cards, stands_for, kind, points, owner}`` (:func:`table_melds` reads the cards); a
turn's table move is the place-move of the whole new table, written in one notation in every table
game: ``place M | M ...``, with the shortcuts ``lay M | M`` (new melds from the hand, the table
kept) and ``add CARD N`` (lay CARD off on meld N, counted from 1) (:func:`place_notation`,
:func:`lay_notation`, :func:`add_notation`, :func:`place_table`). :class:`TableDraft` (with the game's
:func:`meld_rules`) builds the new table step by step; :func:`read_meld` is the core's live check of
one meld. Applying the move decides; a refusal names the rule.

>>> from romme import solve_table
>>> sol = solve_table("rummy", "R1 R2 R3 | B5 Y5 G5", "R4 R5 B9")
>>> sol.placed_count, sol.moved
(2, 0)

Works for Rummy, Rommé (with the ``rauber`` option; without it only lay-offs
and new melds are searched, every table meld stays whole) and 1x1-Rommé
(``einmaleins``). Tie-break order: the objective, then the fewest moved table
cards (a table card is unmoved when its new meld holds its whole old meld),
then fewer jokers (1x1: fewer hand wilds; exact there, a search preference
in the other games).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from . import _core
from .cards import (
    MAX_CARD_ITEMS,
    Card,
    CardLike,
    bounded_items,
    card_items,
    check_available,
    deck,
    parse_codes,
    split_tokens,
)
from .errors import IllegalMoveError, InvalidNotationError, RulesError, SolverError, quote
from .games.tablemoves import MeldRules, TableDraft, TablePlace, parse_draft, unchanged_melds, view_text
from .rules import Rules
from .solve import solve_json

__all__ = [
    "MAX_TIME_BUDGET", "MAX_WORK_BUDGET", "OBJECTIVES", "TABLE_GAMES", "TIE_BREAKS", "MeldRefusal", "SearchStop",
    "TableDraft", "TableMeld", "TableSolution", "add_notation", "check_time_budget", "check_work_budget",
    "lay_notation", "meld_fault", "meld_refusal", "meld_rules", "parse_table", "place_notation", "place_table",
    "read_meld", "searches_stopped_by", "solve_table", "table_meld_texts", "table_melds", "table_to_hand",
]

#: A stop flag any thread may raise (``stop()``; ``stopped`` says whether it is): the table searches run under it
#: (:func:`searches_stopped_by`) end at their next check, as at a passed deadline, answering as a cut search does
#: (valid, at least the hand's own melds). For an answer no longer wanted; a stop never raised changes nothing.
SearchStop = _core.SearchStop


@contextmanager
def searches_stopped_by(stop: SearchStop) -> Iterator[None]:
    """Within it, the table searches this thread runs (:func:`solve_table`, and those of the bots and the hint)
    end soon once ``stop`` is raised by any thread.

    >>> stop = SearchStop()
    >>> stop.stop()
    >>> with searches_stopped_by(stop):
    ...     sol = solve_table("rummy", [["R5", "R6", "R7"]], ["R8", "B1"])
    >>> [str(c) for c in sol.placed]
    ['R8']

    :class:`SolverError` where ``stop`` is no :class:`SearchStop`."""
    if not isinstance(stop, SearchStop):
        raise SolverError(f"searches are stopped by a SearchStop, got {quote(stop)}")
    _core.stop_searches_with(stop)
    try:
        yield
    finally:
        _core.stop_searches_with(None)

#: Objective names accepted by :func:`solve_table`.
OBJECTIVES = {
    "cards": "cards",
    "max-cards": "cards",
    "points": "points",
    "max-points": "points",
    "net": "net",
    "shed-net": "net",
}
#: Games with a table search.
TABLE_GAMES = ("romme", "einmaleins", "rummy")
#: How hard the search works for the fewest moved table cards (see :func:`solve_table`).
TIE_BREAKS = ("exact", "fast", "none")


@dataclass(frozen=True, slots=True)
class TableMeld:
    """One meld of the new table; ``stands_for[i]`` is what ``cards[i]`` represents."""

    kind: str  # "set" or "run"
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        parts = []
        for c, s in zip(self.cards, self.stands_for):
            parts.append(f"{c}={s}" if c != s else str(c))
        return " ".join(parts)

    @property
    def tokens(self) -> list[str]:
        return [str(c) for c in self.cards]


@dataclass(frozen=True, slots=True)
class TableSolution:
    """The answer of :func:`solve_table`."""

    game: str
    table: tuple[TableMeld, ...]
    placed: tuple[Card, ...]
    taken: tuple[Card, ...]
    moved: int
    optimal: bool
    moved_optimal: bool
    placed_points: int
    #: The hand the search was given, and the objective it optimised (``cards``, ``points``, ``net``).
    hand: tuple[Card, ...] = ()
    objective: str = "cards"
    #: Whether the caller's budget (time or work) cut the search: the budget ran out before the answer
    #: was proven both ways (``optimal`` or ``moved_optimal`` is then False). A search unproven without it
    #: was stopped by its own work limit; a budget at least the search's work changes nothing. A cut
    #: search still places at least what keeping the table whole and laying the hand's own melds and
    #: lay-offs places.
    budget_cut: bool = False
    #: Whether the answer is unproven only because the turn could swap a second table joker (Rommé
    #: without Räuber): a place-move holds one swap, the second is a move of its own once the first
    #: joker is laid, and such a turn is not searched. Nothing cut the search.
    second_swap: bool = False
    #: The work the search spent, in the units of ``work_budget`` (states and steps), and the work
    #: budget it was given (0: none). Under a work budget the same for the same position on any
    #: machine; without one a Rummy search races its mirror image and the work it reports may vary.
    work: int = 0
    work_budget: int = 0

    @property
    def cut_by(self) -> str | None:
        """What cut the search: ``"time budget"`` or ``"work budget"`` followed by what it left unproven
        (``": objective"``, ``": fewest moved"`` or ``": objective and fewest moved"``: :attr:`budget_cut`
        is True for either), ``"work limit"`` (the search's own, the objective unproven), ``"two joker
        swaps"`` (nothing cut it, but the turn could swap a second table joker, which one place-move does
        not hold: :attr:`second_swap`), or None when the objective is proven and no budget cut the
        fewest moved."""
        if not self.budget_cut:
            if self.optimal:
                return None
            return "two joker swaps" if self.second_swap else "work limit"
        cause = "work budget" if self.work_budget and self.work > self.work_budget else "time budget"
        if self.optimal:
            return f"{cause}: fewest moved"
        # (nothing moved is the fewest there is)
        moved_proven = self.moved_optimal or self.moved == 0
        return f"{cause}: objective" if moved_proven else f"{cause}: objective and fewest moved"

    @property
    def placed_count(self) -> int:
        """Hand cards placed (jokers included)."""
        return len(self.placed)

    @property
    def shed_net(self) -> int:
        """Hand cards placed minus table cards taken back into the hand."""
        return len(self.placed) - len(self.taken)

    @property
    def left(self) -> tuple[Card, ...]:
        """The hand cards not placed, with the table cards taken back into the hand."""
        placed = Counter(self.placed)
        left = []
        for card in self.hand:  # (in hand order)
            if placed[card]:
                placed[card] -= 1
            else:
                left.append(card)
        return tuple(left) + self.taken

    def to_json(self) -> dict[str, Any]:
        """The ``romme solve --table ... --json`` object (docs/JSON.md): the keys of every solve
        answer, ``melds`` being the whole new table."""
        return solve_json(
            game=self.game,
            mode="table",
            objective=self.objective,
            hand=[str(c) for c in self.hand],
            melds=[m.tokens for m in self.table],
            kinds=[m.kind for m in self.table],
            meld_points=[m.points for m in self.table],
            stands_for=[[str(s) for s in m.stands_for] for m in self.table],
            left=[str(c) for c in self.left],
            placed=[str(c) for c in self.placed],
            placed_count=self.placed_count,
            placed_points=self.placed_points,
            taken=[str(c) for c in self.taken],
            moved=self.moved,
            optimal=self.optimal,
            moved_optimal=self.moved_optimal,
            cut_by=self.cut_by,
            work=self.work,
        )


TableLike = str | Sequence[str | Sequence[CardLike]]

#: The longest time budget :func:`solve_table` takes, in seconds (a day): the core counts it in
#: milliseconds in 64 bits, and a longer budget is a typo rather than a wish.
MAX_TIME_BUDGET = 86_400.0
#: The largest work budget :func:`solve_table` takes (states and steps; about a week of search).
MAX_WORK_BUDGET = 10**12


def parse_table(game: str, table: TableLike, options: Mapping[str, Any] | None = None) -> list[list[int]]:
    """Reads a table: ``"R1 R2 R3 | B5 Y5 G5"`` (``""`` is no table) or a list of melds (each a
    text or a list of tokens, :class:`Card` objects or codes). A wild may be given the card it
    stands for, as the search's answers print it (``8h 9h 10h *=Jh``, ``*=R7``, ``W=H18``): that
    meld (a text, or a list of tokens only) is read by the game's meld reader under ``options`` (its
    rule options) and must be valid with each wild standing for its declared card; its cards go to
    the search in the reader's order
    (Rommé's ``joker_declared`` reads a run's jokers by their place). :class:`SolverError` for an
    empty meld (``"R1 R2 R3 | | B5 Y5 G5"``, ``"|"``) or a declaration the meld refuses (a natural
    declared, ``7h=8h``), :class:`InvalidNotationError` for a bad card, each naming the meld by its
    number."""
    out = []
    cards = 0
    for i, meld in enumerate(_table_items(table), 1):
        if isinstance(meld, str) and not split_tokens(meld):
            raise SolverError(f"table meld {i} is empty; separate melds with |")
        try:
            # (a meld given as a list is read once, with the cards' bound: the wilds' check below walked a
            # sequence that never ends)
            meld = meld if isinstance(meld, str) else card_items(meld)
            declared = _declared_text(meld)
        except InvalidNotationError as exc:
            raise InvalidNotationError(f"table meld {i}: {exc}") from None
        if declared is not None:
            out.append(_declared_meld(game, i, declared, options or {}))
            continue
        try:
            codes = parse_codes(game, meld, check_counts=False)
        except InvalidNotationError as exc:
            raise type(exc)(f"table meld {i}: {exc}") from None
        if not codes:
            raise SolverError(f"table meld {i} is empty")
        # (the bound is the table's, not each meld's: 10,000 melds of 10,000 cards each took minutes to read)
        cards += len(codes)
        if cards > MAX_CARD_ITEMS:
            raise InvalidNotationError(f"a table holds at most {MAX_CARD_ITEMS:,} cards, got more")
        out.append(codes)
    return out


def _table_items(table: TableLike) -> list[Any]:
    """The melds of a table as written (each a text or a list of tokens, cards or codes)."""
    if isinstance(table, str):
        return [] if not table.strip() else table.split("|")
    if isinstance(table, (bytes, bytearray, Mapping)) or not isinstance(table, Iterable):
        raise InvalidNotationError(f"a table is a text 'M | M' or a list of melds, got {quote(table)}")
    return bounded_items(table, MAX_CARD_ITEMS, "a table")


def _declared_text(meld: object) -> str | None:
    """The meld as one text when it declares a wild (a token ``CARD=CARD``), else None."""
    if isinstance(meld, str):
        return " ".join(split_tokens(meld)) if "=" in meld else None
    if isinstance(meld, Sequence) and any(isinstance(t, str) and "=" in t for t in meld):
        # (a code or Card beside a declared wild is named here: the codes reader would name the declared
        # token, a good one, as the bad card)
        for pos, t in enumerate(meld, 1):
            if not isinstance(t, str):
                raise InvalidNotationError(f"a meld that gives a wild its card is written in tokens, got "
                                           f"{quote(t)} at position {pos}")
        return " ".join(meld)
    return None


def _declared_meld(game: str, i: int, text: str, options: Mapping[str, Any]) -> list[int]:
    """The codes of table meld ``i`` written with declared wilds, in the game's reading of it; a
    :class:`SolverError` naming the meld and why when its rules refuse it with the wilds as declared."""
    try:
        draft = parse_draft(game, text)
    except InvalidNotationError as exc:
        raise type(exc)(f"table meld {i}: {exc}") from None
    rules = meld_rules(game, options)
    d = deck(game)
    for code, stands_for in draft:
        if stands_for is not None and not rules.is_wild(code):
            raise SolverError(f"table meld {i} {quote(text)}: {d.token(code)} is not a wild; only a wild "
                              f"is given the card it stands for")
    meld = rules.resolve(draft)
    declared = Counter((c, s) for c, s in draft if s is not None)
    if meld is None or declared - Counter(meld):
        fault = meld_fault(game, [c for c, _ in draft], **dict(options))
        why = fault or "the cards make a meld, but not with " + ", ".join(
            f"{d.token(c)} standing for {d.token(s)}" for c, s in declared)
        raise SolverError(f"table meld {i} {quote(text)} is not a valid meld with its wilds as declared: {why}")
    return [c for c, _ in meld]


def _declared_sets(game: str, written: list[Any], melds: list[list[int]],
                   options: Mapping[str, Any]) -> list[list[int]]:
    """The table melds for the core's search: a Rommé set's jokers as the cards they stand for (the spec
    ``53 + card``), as the meld reader places them, which the search holds under ``joker_declared`` without
    ``rauber`` (only that card replaces such a joker); every other meld as its codes."""
    if game != "romme":
        return melds
    joker, declared = deck("romme").parse_token("*"), _core.ROMME_DECLARED
    out = []
    for i, codes in enumerate(melds):
        laid = read_meld(game, _declared_text(written[i]) or codes, **dict(options)) if joker in codes else None
        if laid is None or laid.kind != "set":
            out.append(codes)
            continue
        out.append([c.code if c.code != joker else declared + s.code for c, s in zip(laid.cards, laid.stands_for)])
    return out


def _in_table_order(melds: list[list[int]], found: list[Any], joker: int | None = None,
                    declared: list[Counter[int]] | None = None) -> list[Any]:
    """The search's melds with each table meld's successor in that meld's place, new melds after, where
    every table meld lies whole in a meld of its own (no rearrangement), or, where a joker was swapped out
    of it (``joker``: Rommé's), its naturals do: the order a place-move without the rauber option keeps
    ("every meld on the table stays in its place"); else the search's order. ``declared[i]``: the cards
    table meld ``i``'s jokers are declared as (Rommé's sets), which tell equal melds apart."""
    left = list(range(len(found)))
    order = []
    for i, old in enumerate(melds):
        need = Counter(old)
        # (twin melds of equal cards, 'Qh Qc *=Qs | Qc Qh *=Qd': the one whose jokers still stand for this
        # meld's declared cards first, so that neither takes the other's declaration)
        wants = declared[i] if declared else Counter()
        stood = [k for k in left if not wants - Counter(
            s for c, s in zip(found[k].codes, found[k].stands_for) if c == joker)]
        k = None
        for pool in (stood, [k for k in left if k not in stood]):
            # (the meld it stayed as first, then one it was laid off on, then one that took its joker's place)
            k = next((k for k in pool if Counter(found[k].codes) == need), None)
            if k is None:
                k = next((k for k in pool if not need - Counter(found[k].codes)), None)
            if k is None and joker is not None and need[joker]:
                naturals = Counter(c for c in old if c != joker)
                k = next((k for k in pool if not naturals - Counter(found[k].codes)), None)
            if k is not None:
                break
        if k is None:
            return found
        left.remove(k)
        order.append(k)
    return [found[k] for k in order + left]


def check_time_budget(time_budget: object) -> int:
    """The budget in whole milliseconds for the core (0: none); :class:`SolverError` unless it is
    ``None`` or a finite number of seconds above 0 and at most :data:`MAX_TIME_BUDGET`."""
    if time_budget is None:
        return 0
    if isinstance(time_budget, bool) or not isinstance(time_budget, (int, float)):
        raise SolverError(f"time_budget is a number of seconds, got {quote(time_budget)}")
    if not 0 < time_budget <= MAX_TIME_BUDGET:  # (NaN fails both comparisons)
        raise SolverError(
            f"time_budget must be above 0 and at most {MAX_TIME_BUDGET:g} seconds, got {quote(time_budget)}"
        )
    return max(1, math.ceil(time_budget * 1000))


def check_work_budget(work_budget: object) -> int:
    """The work budget for the core (0: none); :class:`SolverError` unless it is ``None`` or a whole
    number from 1 to :data:`MAX_WORK_BUDGET`."""
    if work_budget is None:
        return 0
    if isinstance(work_budget, bool) or not isinstance(work_budget, int):
        raise SolverError(f"work_budget is a whole number of search steps, got {quote(work_budget)}")
    if not 1 <= work_budget <= MAX_WORK_BUDGET:
        raise SolverError(f"work_budget must be from 1 to {MAX_WORK_BUDGET:,}, got {quote(work_budget)}")
    return work_budget


def solve_table(
    game: str,
    table: TableLike,
    hand: str | Iterable[CardLike],
    objective: str = "cards",
    time_budget: float | None = None,
    tie_break: str = "exact",
    work_budget: int | None = None,
    **options: Any,
) -> TableSolution:
    """Rebuilds ``table`` to place the most of ``hand``.

    ``objective``: ``cards`` (most hand cards, at most Rummy's
    ``max_hand_cards_per_turn``), ``points`` (most hand points) or ``net``
    (Rommé with ``rauber_table_to_hand``, and 1x1-Rommé: placed minus table
    cards taken back).
    ``time_budget`` (seconds) returns the best found so far, with
    ``optimal=False`` if the search was cut; ``work_budget`` (search steps,
    see ``TableSolution.work``) does the same after that much work, and its
    answer is the same on every machine and under any load (what the bots
    use; without the race of a Rummy search against its mirror image on a
    second thread). Both may be given: the first reached cuts. ``tie_break``: among the best
    answers, ``exact`` proves the fewest moved table cards (``moved_optimal``;
    a few Rummy / Räuber-Rommé answers stay unproven: where the search's
    model cannot tell jokered table melds apart, as two jokered runs of one
    colour, or a set of one natural and two jokers with more than two jokers
    in play, or at the work limit of about 30 ms, which either budget
    replaces), ``fast`` searches them greedily (what the bots use), ``none``
    returns the first optimal table found, its moved cards not minimised (the
    objective alone, fastest: "how many can I place?"). A meld of the answer that holds the same cards as
    a table meld is given as that meld was written (its order, so what its wilds stand for; one to one,
    ``tablemoves.unchanged_melds``). ``options`` are the game's rule
    options. Raises :class:`~romme.errors.InvalidNotationError` for bad cards,
    :class:`~romme.errors.RulesError` for bad options and
    :class:`~romme.errors.SolverError` for an invalid table meld.

    Räuber-Rommé (``rauber=True``): the 5h leaves its run to make a set with
    the hand's 5c 5d; plain Rommé keeps every table meld whole and places
    nothing. ``moved`` counts the table cards whose meld did not stay whole:

        >>> from romme import solve_table
        >>> sol = solve_table("romme", "5h 6h 7h 8h 9h | Kc Kd Ks", "5c 5d", rauber=True)
        >>> [str(m) for m in sol.table]
        ['5c 5d 5h', '6h 7h 8h 9h', 'Kc Kd Ks']
        >>> sol.placed_count, sol.placed_points, sol.moved, sol.optimal
        (2, 10, 5, True)
        >>> solve_table("romme", "5h 6h 7h 8h 9h | Kc Kd Ks", "5c 5d").placed_count
        0
    """
    if not isinstance(game, str) or game not in TABLE_GAMES:
        raise RulesError(f"unknown game {quote(game)} for the table search; valid games: {', '.join(TABLE_GAMES)}")
    rules = Rules.make(game, options)
    g = deck(game).game
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise SolverError(f"unknown table objective {quote(objective)}; valid objectives: {', '.join(OBJECTIVES)}")
    written = _table_items(table)  # (read once: a table given as an iterator is read here and below)
    melds = parse_table(game, written, rules.options)
    hand_codes = parse_codes(game, hand, check_counts=False)
    check_available(game, [c for m in melds for c in m] + hand_codes, **dict(rules.options))
    if not isinstance(tie_break, str) or tie_break not in TIE_BREAKS:
        raise SolverError(f"unknown tie_break {quote(tie_break)}; valid: {', '.join(TIE_BREAKS)}")
    budget_ms = check_time_budget(time_budget)
    work = check_work_budget(work_budget)
    specs = _declared_sets(g, written, melds, rules.options)
    try:
        res = _core.solve_table(g, specs, hand_codes, OBJECTIVES[objective], dict(rules.options), budget_ms,
                                tie_break, work)
    except SolverError as exc:
        raise SolverError(str(exc)) from None  # (without the core's frame)
    base = _core.ROMME_DECLARED
    # (where a set's declaration does not bind, the search may read its jokers anew)
    binds = _core.set_declarations_bind(g, dict(rules.options))
    declarations = [Counter(c - base for c in m if c >= base) if binds else Counter() for m in specs]
    found = _in_table_order(melds, list(res.table), deck(g).parse_token("*") if g == "romme" else None,
                            declarations)
    answer = [_table_meld(g, m) for m in found]
    # a meld the search did not rebuild is given as it was written (its order, so what its wilds stand for)
    for k, i in enumerate(unchanged_melds(melds, [m.codes for m in found])):
        if i is None:
            continue
        if k < len(melds) and Counter(melds[k]) == Counter(found[k].codes):
            i = k  # (in its own place: of twin melds its own declaration, not the first twin's)
        # (read_meld reads Rommé's and Rummy's declared wilds; a 1x1 meld is read from its cards)
        declared = _declared_text(written[i]) if g != "einmaleins" else None
        laid = read_meld(g, declared or melds[i], **dict(rules.options))
        if laid is not None:
            answer[k] = laid
    return TableSolution(
        game=g,
        table=tuple(answer),
        placed=tuple(Card(g, c) for c in res.placed),
        taken=tuple(Card(g, c) for c in res.taken),
        moved=res.moved,
        optimal=res.optimal,
        moved_optimal=res.moved_optimal,
        placed_points=res.placed_points,
        hand=tuple(Card(g, c) for c in hand_codes),
        objective=OBJECTIVES[objective],
        budget_cut=res.budget_cut,
        second_swap=res.second_swap,
        work=res.work,
        work_budget=work,
    )


def table_to_hand(game: str, options: Mapping[str, Any] | None = None, opened: bool = True) -> str:
    """Which table cards a seat that has ``opened`` (or not) may take into its hand with its table move, as the
    core answers it (one home for the hint's objective, the table's board and the move checks): ``nothing``,
    ``any`` (Rommé with ``rauber`` and ``rauber_table_to_hand``, RULES §2) or ``leftovers`` (1x1-Rommé: the
    cards that fit nowhere on the new table, and freed wilds, RULES §3). Before opening always ``nothing``.
    :class:`~romme.errors.RulesError` for an unknown game or option."""
    rules = Rules.make(game, options)
    if not isinstance(opened, bool):
        raise RulesError(f"opened is True or False, got {quote(opened)}")
    return _core.table_to_hand(deck(game).game, opened, dict(rules.options))


def moves_table_cards(game: str, options: Mapping[str, Any] | None = None) -> bool:
    """Whether a seat that has opened may move cards already on the table into other melds, as the core answers
    it: Rummy and 1x1-Rommé (RULES §3, §4), Rommé with ``rauber`` (RULES §2); never Königs-Rommé or Krass
    Kariert. :class:`~romme.errors.RulesError` for an unknown game or option."""
    rules = Rules.make(game, options)
    return _core.moves_table_cards(deck(game).game, dict(rules.options))


def table_melds(observation: Mapping[str, Any]) -> list[list[str]]:
    """The cards (tokens) of every table meld of a table game's observation, in table order."""
    table = observation.get("table") if isinstance(observation, Mapping) else None
    if not isinstance(table, list) or not all(isinstance(m, Mapping) and isinstance(m.get("cards"), list)
                                              for m in table):
        raise InvalidNotationError(f"not a table game's observation (romme, einmaleins, rummy): {quote(observation)}")
    return [[str(c) for c in m["cards"]] for m in table]


def table_meld_texts(observation: Mapping[str, Any]) -> list[str]:
    """Every table meld of a table game's observation in the table notation, each wild with what it stands
    for (``7h *=8h 9h``), in table order: the melds as a place-move writes them when they stay as they are."""
    table = observation.get("table") if isinstance(observation, Mapping) else None
    if not isinstance(table, list) or not all(
        isinstance(m, Mapping) and isinstance(m.get("cards"), list) and isinstance(m.get("stands_for"), list)
        and len(m["cards"]) == len(m["stands_for"]) for m in table
    ):
        raise InvalidNotationError(f"not a table game's observation (romme, einmaleins, rummy): {quote(observation)}")
    return [view_text(m) for m in table]


def _melds_text(melds: Iterable[Iterable[str]]) -> str:
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Iterable):
        raise InvalidNotationError(f"melds are a list of lists of card tokens, got {quote(melds)}")
    texts = []
    for meld in melds:
        if isinstance(meld, (str, bytes)) or not isinstance(meld, Iterable):
            raise InvalidNotationError(f"a meld is a list of card tokens, got {quote(meld)}")
        tokens = list(meld)
        if not tokens or not all(isinstance(t, str) and t.strip() and "|" not in t for t in tokens):
            raise InvalidNotationError(f"a meld is a non-empty list of card tokens, got {quote(tokens)}")
        texts.append(" ".join(tokens))
    return " | ".join(texts)


def place_notation(melds: Iterable[Iterable[str]]) -> str:
    """The place-move of the whole new table ``melds`` (tokens; a wild may be written ``*=Kh``)."""
    return "place " + _melds_text(melds)


def lay_notation(melds: Iterable[Iterable[str]]) -> str:
    """The shortcut laying ``melds`` from the hand as new melds (the table kept as it is)."""
    return "lay " + _melds_text(melds)


def add_notation(card: str, meld: int) -> str:
    """The shortcut laying ``card`` off on table meld ``meld`` (counted from 0, written from 1)."""
    if not isinstance(card, str) or not card.strip() or isinstance(meld, bool) or not isinstance(meld, int) \
            or meld < 0:
        raise InvalidNotationError(f"add takes a card token and a meld index from 0, got {quote((card, meld))}")
    return f"add {card.strip()} {meld + 1}"


def place_table(move: object) -> list[list[str]] | None:
    """The melds of a table game's place-move (the one :class:`~romme.games.tablemoves.TablePlace`) as card
    tokens, wilds without what they stand for; None for any other move."""
    if not isinstance(move, TablePlace):
        return None
    return [[tok.split("=")[0] for tok in split_tokens(meld)] for meld in move.meld_texts()]


def meld_rules(game: str, options: Mapping[str, Any] | None = None) -> MeldRules:
    """The meld rules of table game ``game`` under ``options``, as the one table-draft helper
    (:class:`~romme.games.tablemoves.TableDraft`) reads melds with them."""
    # (every game's options are checked, though only Rommé's melds depend on them)
    rules = _table_rules(game, options)
    if game == "romme":
        from .games.romme.melds import RuleView
        from .games.romme.table import RommeMelds

        return RommeMelds(RuleView.of(rules.options))
    if game == "rummy":
        from .games.rummy import MELDS as RUMMY

        return RUMMY
    from .games.einmaleins import MELDS as EINMALEINS  # (the last of TABLE_GAMES)

    return EINMALEINS


def read_meld(game: str, cards: str | Iterable[CardLike], **options: Any) -> TableMeld | None:
    """``cards`` read as one table meld of ``game`` (``romme``, ``einmaleins``, ``rummy``) under its rule
    options, as the core reads it: set or run, what each wild stands for, its points; None when the rules
    refuse it. The table's live check of a meld being built (applying the move decides)::

        >>> from romme.table import read_meld
        >>> str(read_meld("romme", "7h * 9h")), read_meld("romme", "7h * 9h").points
        ('7h *=8h 9h', 24)
        >>> read_meld("romme", "7h 9h Kc") is None
        True
        >>> str(read_meld("romme", "9c * *")), str(read_meld("romme", "9c *=10c *=Jc"))
        ('9c *=9d *=9h', '9c *=10c *=Jc')
    """
    read = _meld_or_fault(game, cards, options)
    return read if isinstance(read, TableMeld) else None


def meld_fault(game: str, cards: str | Iterable[CardLike], **options: Any) -> str | None:
    """Why the rules of ``game`` refuse ``cards`` as one table meld, in the core's words; None when
    :func:`read_meld` reads them as one (the table's board names it on the meld being built)::

        >>> from romme.table import meld_fault
        >>> meld_fault("romme", ["7h", "9h", "Jh"])
        'the cards do not form a run (ranks must be consecutive)'
        >>> meld_fault("romme", ["7h", "8h", "9h"]) is None
        True
    """
    refusal = meld_refusal(game, cards, **options)
    return None if refusal is None else refusal.reason


@dataclass(frozen=True)
class MeldRefusal:
    """Why the rules of a table game refuse cards as one meld: the core's reason, and the kind of fault the core's
    meld check decided (``kind``: one of ``romme._core.MELD_FAULTS``, None for a refusal of no kind) with the
    card it names (``card``, a token: ``card_twice`` names it)."""

    reason: str
    kind: str | None = None
    card: str | None = None


def meld_refusal(game: str, cards: str | Iterable[CardLike], **options: Any) -> MeldRefusal | None:
    """:func:`meld_fault` with the kind of fault (the table names a broken meld by it in the player's words)::

        >>> from romme.table import meld_refusal
        >>> meld_refusal("romme", ["7h", "9h", "Jh"]).kind
        'gap'
        >>> meld_refusal("einmaleins", ["H1", "H1", "H2"])
        MeldRefusal(reason='the meld holds H1 twice; the deck has one', kind='card_twice', card='H1')
    """
    read = _meld_or_fault(game, cards, options)
    return read if isinstance(read, MeldRefusal) else None


def _table_rules(game: object, options: Mapping[str, Any] | None) -> Rules:
    """The rules of table game ``game`` under ``options``; RulesError naming an unknown game (a game
    without table melds among them) or option."""
    if not isinstance(game, str) or game not in TABLE_GAMES:
        raise RulesError(f"unknown table game {quote(game)}; valid games: {', '.join(TABLE_GAMES)}")
    return Rules.make(game, options)


def _refusal(game: str, exc: IllegalMoveError) -> MeldRefusal:
    """A meld check's refusal with the kind of fault the core gave it."""
    code = exc.fault_card
    return MeldRefusal(str(exc), exc.fault, None if code is None else deck(game).token(code))


def _meld_or_fault(game: str, cards: str | Iterable[CardLike], options: dict[str, Any]) -> TableMeld | MeldRefusal:
    """``cards`` read as one table meld of ``game``, or the reason its rules refuse them: the one reading behind
    :func:`read_meld` and :func:`meld_fault`. Junk (no game, no cards, bad options) raises a RommeError."""
    rules = _table_rules(game, options)
    if game == "romme":
        return _romme_meld(cards, rules)
    if game == "rummy":
        return _rummy_meld(cards, rules)
    codes = parse_codes(game, cards, check_counts=False)
    try:
        meld = _core.validate_meld(game, codes, dict(rules.options))
    except IllegalMoveError as exc:
        return _refusal(game, exc)
    return _table_meld(game, meld)


def _romme_meld(cards: str | Iterable[CardLike], rules: Rules) -> TableMeld | MeldRefusal:
    """A Rommé meld read as the game lays it: in the order written, a joker as declared (``*=Kh``), one natural
    card with free jokers as a set (RULES.md, Rommé decisions) -- the game's own reading, so that the live check
    shows the meld the move will lay; else the game's reason."""
    from .games.romme.melds import MeldError, RuleView, build_meld, parse_spec

    if isinstance(cards, str):
        specs = [parse_spec(token) for token in split_tokens(cards)]
    else:
        specs = parse_codes("romme", cards, check_counts=False)
    try:
        meld = build_meld(specs, RuleView.of(rules.options))
    except MeldError as exc:
        return _refusal("romme", exc)
    return TableMeld(meld.kind, tuple(Card("romme", c) for c, _ in meld.cards),
                     tuple(Card("romme", s) for _, s in meld.cards), meld.points)


def _rummy_meld(cards: str | Iterable[CardLike], rules: Rules) -> TableMeld | MeldRefusal:
    """A Rummy meld read as the game lays it (``rummy::read_draft``): a joker as declared (``*=R6``), free
    jokers where the meld stands for more (``R5 * *`` is the run R5 R6 R7); else the reason of the core's meld
    check of the same cards (the draft reader gives none)."""
    from .games.tablemoves import parse_draft

    if isinstance(cards, str):
        draft = list(parse_draft("rummy", cards))
    else:
        draft = [(code, None) for code in parse_codes("rummy", cards, check_counts=False)]
    meld = _core.rummy_read_draft(draft)
    if meld is not None:
        return _table_meld("rummy", meld)
    try:
        _core.validate_meld("rummy", [code for code, _ in draft], dict(rules.options))
    except IllegalMoveError as exc:
        return _refusal("rummy", exc)
    return MeldRefusal("not a meld")


def _table_meld(game: str, meld: _core.Meld) -> TableMeld:
    return TableMeld(meld.kind, tuple(Card(game, c) for c in meld.codes), tuple(Card(game, s) for s in meld.stands_for),
                     meld.points)
