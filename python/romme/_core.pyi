"""Type stubs for the Rust core ``romme._core`` (rust/romme-python), checked by
``python3 -m mypy.stubtest romme._core`` (scripts/check.sh).

Refusals raise the classes of :mod:`romme.errors` (each a ``ValueError``; rust/romme-python/src/errors.rs):
``RulesError`` for an unknown game or a bad option, ``IllegalMoveError`` for cards the rules refuse as
a meld or a play, ``SolverError`` for a hand or position a solver does not take. Answers are frozen
objects (rust/romme-python/src/types.rs).
"""

from collections.abc import Sequence
from typing import TypeAlias, final

__all__ = ["__version__", "MELD_FAULTS", "ROMME_DECLARED", "TABLE_DEFAULT_WORK", "TABLE_FINISH_WORK", "deck_types",
           "hand_points", "game_options", "rummy_read_draft",
           "solve_hand", "rummy_partition", "solve_hands", "validate_meld",
           "krass_combination", "krass_classify", "KRASS_FREE", "KRASS_DRAW", "KRASS_STOP",
           "krass_strength_name", "krass_hand_power", "krass_fit_position", "krass_p_stuck", "KrassExpert",
           "HandMeasure", "PlayChoice",
           "solve_table", "PlacedCard", "Meld", "HandSolution",
           "TableSolution",
           "RommeRules", "romme_read_meld", "romme_lay_off", "romme_swap_joker", "romme_meld_targets",
           "romme_candidates", "romme_best_melds", "romme_best_opening", "romme_meld_all_but_one",
           "romme_quick_melds", "romme_can_open_with", "romme_joker_usable", "romme_listed_moves",
           "RommeListing", "ListedRommeMove",
           "romme_meld_turn", "romme_lay_off_turn", "romme_swap_turn", "romme_place_turn",
           "romme_discard_outlooks", "romme_partners"]

__version__: str
MELD_FAULTS: list[str]
"""The kinds of fault a meld check gives its refusal (``IllegalMoveError.fault``): too_few, too_many, card_twice,
rank_twice, gap, wilds_only, double_joker, no_set_no_run."""
ROMME_DECLARED: int
"""A Rommé card spec ``ROMME_DECLARED + c`` is a joker declared as the natural card ``c`` (the meld reader's and
the table input's form; plain codes are below it)."""
TABLE_DEFAULT_WORK: int
"""The work account of a ``solve_table`` call given no work budget: every search of the call draws on it (the
answer is then unproven, ``cut_by`` ``"work limit"``, where it runs out); a work budget replaces it."""
TABLE_FINISH_WORK: int
"""The work a ``solve_table`` call's finish (the answer it gives at least: the table kept whole with the hand's own
melds; the repair of a cut answer) may spend where its searches left less of the account: a call spends at most its
work budget plus this (and each search's way to its next check, about a thousand units), and after a time budget's
deadline about this much more work."""

@final
class PlacedCard:
    """One card laid in a meld: its code and the natural card it stands for (itself unless wild)."""

    @property
    def code(self) -> int: ...
    @property
    def stands_for(self) -> int: ...
    @property
    def is_wild(self) -> bool:
        """Whether the card stands for another card (a joker, a wish card, a 1x1 value-1 card in a run)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Meld:
    """A valid meld: ``kind`` (set | run), its cards in meld order (runs ascending), its points under
    the game's meld counting."""

    @property
    def kind(self) -> str: ...
    @property
    def cards(self) -> tuple[PlacedCard, ...]: ...
    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """The cards as ``(code, stands_for)`` pairs."""
    @property
    def codes(self) -> list[int]: ...
    @property
    def stands_for(self) -> list[int]: ...
    @property
    def points(self) -> int: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]

@final
class HandSolution:
    """The answer of a hand solver; see docs/ARCHITECTURE.md."""

    @property
    def melds(self) -> tuple[Meld, ...]: ...
    @property
    def left(self) -> list[int]: ...
    @property
    def left_points(self) -> int: ...
    @property
    def can_go_out(self) -> bool | None:
        """Königs-Rommé: whether all but one card can be melded."""
    @property
    def discard(self) -> int | None:
        """Königs-Rommé: the card to discard."""
    @property
    def opening_points(self) -> int | None:
        """Rommé, 1x1-Rommé, Rummy: the highest opening total reachable, None below the minimum."""
    @property
    def plays(self) -> list[list[tuple[int, int]]] | None:
        """Krass Kariert: the plays in order, each ``(code, value)``."""
    @property
    def proven(self) -> bool:
        """Whether the answer is proven optimal (False: the exact solve reached its work limit)."""

@final
class TableSolution:
    """The answer of the table search; see docs/ARCHITECTURE.md."""

    @property
    def table(self) -> tuple[Meld, ...]: ...
    @property
    def placed(self) -> list[int]: ...
    @property
    def placed_points(self) -> int: ...
    @property
    def taken(self) -> list[int]: ...
    @property
    def moved(self) -> int: ...
    @property
    def optimal(self) -> bool: ...
    @property
    def moved_optimal(self) -> bool: ...
    @property
    def budget_cut(self) -> bool:
        """The caller's budget (time or work), not the search's own work limit, cut the search: it ran out
        before the objective (``optimal``) or the fewest moved (``moved_optimal``) was proven."""
    @property
    def second_swap(self) -> bool:
        """Unproven only because the turn could swap a second table joker (nothing cut the search)."""
    @property
    def work(self) -> int:
        """The work the search spent, in the units of ``work_budget``."""

__all__ += ["CardType", "OptionSpec"]

@final
class CardType:
    """One card type of a game's deck (frozen)."""

    @property
    def code(self) -> int: ...
    @property
    def token(self) -> str: ...
    @property
    def suit(self) -> int:
        """The suit, colour or symbol; 255 for a card without one."""
    @property
    def rank(self) -> int: ...
    @property
    def kind(self) -> str:
        """One of natural, joker, x, draw, stop, ban."""
    @property
    def copies(self) -> int: ...

def deck_types(game: str) -> list[CardType]:
    """Card types of a game by code. Raises ``RulesError`` for an unknown game."""

def hand_points(game: str) -> list[int]:
    """Points of each card type left in a hand at the end of a game, by code (romme, einmaleins,
    rummy). ``RulesError`` for another game."""

__all__ += ["RoundCards", "koenigs_round_cards"]

@final
class RoundCards:
    """The cards of a Königs-Rommé round as its rules read them (frozen)."""

    @property
    def wild_rank(self) -> int: ...
    @property
    def wild(self) -> list[bool]:
        """By card code (0..55): whether the card is wild this round."""
    @property
    def points(self) -> list[int]:
        """By card code: the points the card costs left in hand this round."""

def koenigs_round_cards(round: int) -> RoundCards:
    """Königs-Rommé round ``round`` (1..11): its wild rank and, by card code, whether each card is wild and the
    points it costs left in hand. ``RulesError`` for a round that is none."""

@final
class OptionSpec:
    """One rule option of a game (frozen): a flag's default, lo and hi are 0 or 1."""

    @property
    def name(self) -> str: ...
    @property
    def is_flag(self) -> bool: ...
    @property
    def default(self) -> int: ...
    @property
    def lo(self) -> int: ...
    @property
    def hi(self) -> int: ...
    @property
    def help(self) -> str: ...

def game_options(game: str) -> list[OptionSpec]:
    """A game's rule options, the core's only list of them, in the order the rules page lists them;
    ``RulesError`` for an unknown game."""

def rummy_read_draft(draft: list[tuple[int, int | None]]) -> Meld | None:
    """A Rummy table draft (``(code, declared)``; a joker's ``declared`` may be ``None``) read as a
    meld, its cards ordered by what each stands for; ``None`` when it is no meld, as where a number in it
    is no card code (negative, past the deck or a byte). A value that is no int is a ``TypeError``."""

def solve_hand(game: str, codes: list[int], objective: str, options: dict[str, bool | int] | None = None,
               round: int = 0) -> HandSolution:
    """Exact hand solver; see docs/ARCHITECTURE.md. SolverError on a hand it does not take."""

def rummy_partition(codes: list[int], objective: str,
                    options: dict[str, bool | int] | None = None) -> tuple[list[Meld], bool]:
    """A Rummy hand's melds for ``objective`` within the rules' cap and whether they are proven optimal:
    :func:`solve_hand`'s melds without its second solve for the best opening total. SolverError on a
    hand it does not take."""

def solve_hands(game: str, hands: list[list[int]], objective: str,
                options: dict[str, bool | int] | None = None, round: int = 0) -> list[HandSolution]:
    """Batch form of :func:`solve_hand` (releases the GIL)."""

def validate_meld(game: str, codes: list[int], options: dict[str, bool | int] | None = None,
                  round: int = 0) -> Meld:
    """The cards read as one meld (what each wild stands for, kind, points); IllegalMoveError if the
    rules refuse them."""

def solve_table(game: str, table: list[list[int]], hand: list[int], objective: str = "cards",
                options: dict[str, bool | int] | None = None, time_budget_ms: int = 0,
                tie_break: str = "exact", work_budget: int = 0) -> TableSolution:
    """Table search (releases the GIL): the new table, the hand cards placed and their points, the
    table cards taken back, how many table cards moved, whether the objective and the fewest moved
    are proven, whether a budget cut the search, the work it spent. ``time_budget_ms`` (wall clock)
    and ``work_budget`` (search steps: the same answer on every machine and under any load; no
    mirror race on a second thread) bound the search, 0 none; the first reached cuts it.
    ``objective``: cards | points | net. ``game``: rummy | romme | einmaleins. ``tie_break``: exact
    (the keep-mode sweep proves the fewest moved table cards) | fast (a bounded greedy search) |
    none (any optimal table; moved not minimised).
    SolverError on bad input (e.g. an invalid table meld)."""

__all__ += ["table_to_hand"]

def table_to_hand(game: str, opened: bool, options: dict[str, bool | int] | None = None) -> str:
    """Which table cards a seat that has ``opened`` (or not) may take into its hand with its table move:
    ``nothing``, ``any`` (Rommé with ``rauber`` and ``rauber_table_to_hand``) or ``leftovers`` (1x1-Rommé:
    the cards that fit nowhere, and freed wilds). RulesError for an unknown game or option."""

__all__ += ["moves_table_cards"]

def moves_table_cards(game: str, options: dict[str, bool | int] | None = None) -> bool:
    """Whether a seat that has opened may move cards already on the table into other melds: Rummy, 1x1-Rommé,
    Rommé with ``rauber``. RulesError for an unknown game or option."""

__all__ += ["set_declarations_bind"]

def set_declarations_bind(game: str, options: dict[str, bool | int] | None = None) -> bool:
    """Whether a Rommé set's jokers stay the cards they are declared as (``joker_declared`` without ``rauber``);
    False in every other game. RulesError for an unknown game or option."""

__all__ += ["search_work"]

def search_work() -> int:
    """The work (in the units of ``work_budget``) of the table searches this thread ran under a work budget
    (``solve_table``, ``rummy_searched_turn``), a running total: a caller budgets many searches by the difference,
    a count that is the same on every machine and under any load."""

__all__ += ["SearchStop", "stop_searches_with"]

@final
class SearchStop:
    """A stop flag, raised once by any thread: the table searches (``solve_table``, ``rummy_searched_turn``) of the
    threads searching under it (:func:`stop_searches_with`) end at their next check, answering as a cut search
    does. A stop never raised changes nothing."""

    def __new__(cls) -> SearchStop: ...
    def stop(self) -> None:
        """Raises the flag: the searches under it end soon (within a solve's finish reserve)."""
    @property
    def stopped(self) -> bool:
        """Whether the flag is raised."""

def stop_searches_with(stop: SearchStop | None) -> None:
    """The table searches this thread starts from now on end once ``stop`` is raised (None: no stop)."""

__all__ += ["RummySearchedTurn", "rummy_searched_turn"]

@final
class RummySearchedTurn:
    """Rummy's searched turn (``rummy::searched``): the table search's move for a seat that has opened, its melds
    read as the game reads them and judged by the game's judge in the same call."""

    @property
    def table(self) -> tuple[tuple[tuple[int, int], ...], ...] | None: ...
    @property
    def flat(self) -> bytes: ...
    @property
    def placed(self) -> bytes: ...
    @property
    def proven_none(self) -> bool: ...
    @property
    def proven_most(self) -> bool: ...

def rummy_searched_turn(table: bytes, hand: bytes, options: dict[str, bool | int] | None,
                        work_budget: int) -> RummySearchedTurn:
    """The table search for a Rummy seat that has opened (objective cards, the fast tie-break): ``table`` in the flat
    form, ``hand`` 53 counts by code, ``work_budget`` the search's work (0: none). The new table (None: no place
    move found), its flat form, the hand cards it lays, and whether the search proved that none is legal or that
    none lays more. SolverError for a position that is none, RulesError for bad options."""

__all__ += ["KrassPlay"]

@final
class KrassPlay:
    """A Krass Kariert play as the rules read it (frozen; equal when kind and rank are)."""

    @property
    def kind(self) -> str:
        """``solo``, ``2-straight``, ``pair``, ``3-straight``, ``triple``, ``draw`` or ``stop``."""
    @property
    def rank(self) -> int:
        """The combination's number (a straight's top card); 0 for ``draw`` and ``stop``."""

def krass_combination(cards: list[tuple[int, int]]) -> KrassPlay | None:
    """Krass Kariert: the combination 1–3 ``(code, value)`` cards make.

    ``value`` is the number an X stands for (1..12), a number card's own number,
    0 for N and S. Returns the play's kind ``solo``, ``2-straight``,
    ``pair``, ``3-straight``, ``triple`` (rank: the number; straights their top
    card) or ``draw``/``stop`` (rank 0); ``None`` if the cards make no play.
    IllegalMoveError on malformed input (0 or more than 3 cards, an unknown code, a
    value the card cannot take).
    """

def krass_classify(cards: list[tuple[int, int]]) -> KrassPlay:
    """Like :func:`krass_combination`, but a group that makes no play raises ``IllegalMoveError`` with the
    engine's reason (N or S in a group, two X cards, an X without a number 1..12, numbers that form
    no combination)."""

KRASS_FREE: int
"""Krass Kariert: the strength of "nothing to beat yet" (below every play)."""
KRASS_DRAW: int
"""Krass Kariert: the strength of a draw card (above every combination)."""
KRASS_STOP: int
"""Krass Kariert: the strength of a stop card (above a draw card)."""

def krass_strength_name(strength: int) -> str:
    """Krass Kariert: a play strength's name (``"pair 9"``, ``"2-straight 6"``, ``"draw"``, ``"stop"``,
    ``"nothing"`` for :data:`KRASS_FREE`); ``IllegalMoveError`` for a number that is no strength."""

def krass_hand_power(hand: list[int]) -> int:
    """Krass Kariert: the strongest combination any window of ``hand`` shows (0 if none; stop and draw
    cards do not count). ``SolverError`` for a code that is no Krass card."""

def krass_fit_position(hand: list[int], card: int) -> int:
    """Krass Kariert: where ``card`` joins the best group with its new neighbours (a triple or
    3-straight, then a pair or 2-straight); the hand's end if nowhere."""

def krass_p_stuck(size: int, beat: int, unseen: tuple[int, int] | None = None) -> float:
    """Krass Kariert: the chance that a random hand of ``size`` cards holds no stop or draw card and
    nothing that beats ``beat`` (from a seeded table of 2,000 deals); with ``unseen`` = (cards hidden
    from the player, stop and draw cards among them) the no-special share is corrected to those."""

@final
class HandMeasure:
    """What the Krass Kariert expert measures of a hand (frozen; :meth:`KrassExpert.measure`)."""

    @property
    def plays(self) -> int:
        """The fewest plays that empty the hand."""
    @property
    def power(self) -> int:
        """The hand's power (:func:`krass_hand_power`)."""

@final
class PlayChoice:
    """The Krass Kariert expert's move in a lead or follow position (frozen; :meth:`KrassExpert.play_choice`)."""

    @property
    def index(self) -> int:
        """The chosen move's place in the position's listed moves."""
    @property
    def listed(self) -> int:
        """How many moves the expert weighed (the position's listed moves)."""

@final
class KrassExpert:
    """The Krass Kariert expert bot's weighing (rust krass::bot_measures), remembering the hands it
    measured."""

    def __init__(self) -> None: ...
    def measure(self, hand: list[int]) -> HandMeasure:
        """The hand's :class:`HandMeasure`."""
    def insert_position(self, hand: list[int], card: int) -> int:
        """Where to insert a drawn ``card`` into ``hand``."""
    def play_choice(self, hand: list[int], reserves: list[int], beat: int, leading: bool, draws: int,
                    later: list[tuple[int, bool]], unseen: tuple[int, int]) -> PlayChoice:
        """The move of a lead or follow position, as a :class:`PlayChoice`.
        ``later``: ``(hand size, reserves gone)`` of each seat still to act after this one;
        ``unseen``: (cards hidden from the player, stop and draw cards among them)."""


# --- Rommé's game rules (rust/romme-python/src/romme_game.rs) -----------------------------------------

@final
class RommeRules:
    """Rommé's options read and checked once; every ``romme_*`` rule function takes it.
    ``RulesError`` for an unknown option or a value out of its range."""

    def __new__(cls, options: dict[str, bool | int] | None = None) -> RommeRules: ...

#: A table meld: ``(kind, suit, rank, start, cards, points, wire)`` (a set has suit -1 and start 0, a run
#: rank 0; ``cards`` are ``(code, stands_for)``; ``wire`` is the meld in the core's form).
_MeldRow: TypeAlias = tuple[str, int, int, int, tuple[tuple[int, int], ...], int, bytes]

def romme_read_meld(rules: RommeRules, specs: list[int]) -> _MeldRow:
    """A new meld from card specs (0..51 natural, 52 joker, 53 + c a joker declared as c) in the order
    written; ``ValueError`` naming the rule broken."""

def romme_lay_off(rules: RommeRules, wire: bytes, spec: int) -> _MeldRow:
    """The table meld ``wire`` with one more card laid off; ``ValueError`` if it does not fit."""

def romme_swap_joker(rules: RommeRules, wire: bytes, card: int) -> _MeldRow:
    """The table meld ``wire`` with the natural ``card`` in place of a joker; ``ValueError`` if not allowed."""

__all__ += ["MeldTargets"]

@final
class MeldTargets:
    """What a table meld takes under the rules (frozen)."""

    @property
    def lay_offs(self) -> list[int]:
        """The natural cards it takes as lay-offs."""
    @property
    def joker_fits(self) -> bool:
        """Whether a joker can be laid off on it."""
    @property
    def swaps(self) -> list[int]:
        """The cards that may replace one of its jokers."""

def romme_meld_targets(rules: RommeRules, wire: bytes) -> MeldTargets:
    """What the table meld (its wire form) takes."""

__all__ += ["HandCandidate", "ChosenMelds", "DiscardOutlook"]

@final
class HandCandidate:
    """A meld a Rommé hand can lay, as the hand search found it (frozen)."""

    @property
    def specs(self) -> tuple[int, ...]:
        """The meld's card specs in written order."""
    @property
    def naturals(self) -> tuple[int, ...]:
        """Its natural cards."""
    @property
    def jokers(self) -> int:
        """How many jokers it holds."""
    @property
    def points(self) -> int:
        """Its opening points."""

@final
class ChosenMelds:
    """The melds a Rommé hand search chose and their total (frozen; :func:`romme_best_melds`,
    :func:`romme_best_opening`)."""

    @property
    def total(self) -> int:
        """The total the search maximised (0 when no meld fits)."""
    @property
    def melds(self) -> list[HandCandidate]: ...

@final
class DiscardOutlook:
    """What a Rommé hand keeps after one discard (frozen; :func:`romme_discard_outlooks`)."""

    @property
    def melded(self) -> int:
        """The cards the rest of the hand lays by its best melds by count (every card may go)."""
    @property
    def partial(self) -> int:
        """The partners its loose natural cards have among each other."""

def romme_candidates(rules: RommeRules, hand: list[int], use_jokers: bool = True) -> list[HandCandidate]:
    """Every meld the hand can form (sets by rank, then runs by suit and start, each in every length)."""

def romme_best_melds(rules: RommeRules, hand: list[int], value: str, use_jokers: bool = True,
                     keep: int = 1) -> ChosenMelds:
    """The disjoint melds of the highest total ``value`` (points | relief | cards) leaving ``keep`` cards."""

def romme_best_opening(rules: RommeRules, hand: list[int], use_jokers: bool = True,
                       must: int | None = None) -> ChosenMelds:
    """The highest opening leaving a card to discard; with ``must`` only openings using that card."""

def romme_meld_all_but_one(rules: RommeRules, hand: list[int],
                           use_jokers: bool = True) -> list[HandCandidate] | None:
    """Melds laying all cards of the hand but one (Hand-Rommé), or None."""

def romme_quick_melds(rules: RommeRules, hand: list[int], use_jokers: bool = True) -> list[HandCandidate]:
    """A few obvious melds of the hand, found in one pass (the cheap move listing's)."""

def romme_can_open_with(rules: RommeRules, hand: list[int], must: int) -> bool:
    """Whether the hand (holding ``must``, the discard just taken) can open with that card."""

def romme_joker_usable(rules: RommeRules, hand: list[int], table: list[bytes], keep: int) -> bool:
    """Whether a joker in the hand can still be laid (lay-off on a table meld given by its wire form, or a
    new meld) keeping ``keep`` cards."""

#: A judged place move's row: ``(kind, card, target, melds)``, the fields of a :class:`ListedRommeMove`.
_ListedRow: TypeAlias = tuple[str, int, int, tuple[tuple[int, ...], ...] | None]

def romme_listed_moves(rules: RommeRules, hand: list[int], table: list[bytes], with_discard: bool, opened: bool,
                       opened_before: bool, laid: bool, owed_jokers: int, must_open_with: int | None,
                       can_draw_stock: bool) -> RommeListing:
    """The listed moves of the seat to move in the play phase, every one legal, in the order ``legal_moves()``
    shows them."""

@final
class RommeListing:
    """The listed play-phase moves of one Rommé position, kept in the core (``len()`` of them)."""

    def __len__(self) -> int: ...
    def listed(self, i: int) -> ListedRommeMove:
        """Listed move ``i``; ``IndexError`` past the end."""

@final
class ListedRommeMove:
    """One listed Rommé move: ``kind`` draw-stock, pass, end, discard (``card``), meld (``melds``: card specs
    per new meld), layoff (``card`` a card spec, ``target`` the meld number), swap (``card``, ``target``) or
    rearrange (``melds``: the whole table); the fields a kind does not use are 0 and ``None``."""

    @property
    def kind(self) -> str: ...
    @property
    def card(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def melds(self) -> tuple[tuple[int, ...], ...] | None: ...

#: The turn of the seat to move: ``(hand, table wires, with_discard, opened, opened_before, owed_jokers,
#: must_open_with)``.
_Turn: TypeAlias = tuple[list[int], list[bytes], bool, bool, bool, int, int | None]

__all__ += ["TurnOutcome"]

@final
class TurnOutcome:
    """A Rommé table move of the hand judged legal (frozen): the hand after it, the melds it lays (a meld move)
    or the one meld it changes (a lay-off, a swap) as rows, where on the table that meld stands (from 0; None for
    new melds), the jokers won by swaps and not laid yet, and whether it opens."""

    @property
    def hand(self) -> list[int]: ...
    @property
    def melds(self) -> list[_MeldRow]: ...
    @property
    def changed(self) -> int | None: ...
    @property
    def jokers_owed(self) -> int: ...
    @property
    def opens(self) -> bool: ...

def romme_meld_turn(rules: RommeRules, turn: _Turn, melds: list[list[int]]) -> TurnOutcome:
    """New melds from the hand; ``ValueError`` naming the rule broken (a meld, the opening minimum,
    opening_without_jokers, the discard taken, the card kept to discard, a joker owed)."""

def romme_lay_off_turn(rules: RommeRules, turn: _Turn, spec: int, target: int) -> TurnOutcome:
    """One card laid off on table meld ``target`` (1-based), the outcome holding the meld it makes;
    ``ValueError`` naming the rule broken."""

def romme_swap_turn(rules: RommeRules, turn: _Turn, target: int, card: int) -> TurnOutcome:
    """A natural hand card in place of a joker of table meld ``target``, the outcome holding the meld it makes;
    ``ValueError`` naming the rule broken."""

def romme_place_turn(rules: RommeRules, turn: _Turn, melds: Sequence[Sequence[int]]) -> PlaceVerdict:
    """The place-move ``melds`` (the whole new table, card specs per meld; a meld written as an old table meld is
    that meld) judged: the :class:`PlaceVerdict` of every table game's judge, here with the jokers still owed,
    the new table's meld rows and how it was judged: as its shortcuts in the order checked (rows ``meld``,
    ``layoff``, ``swap`` as in :func:`romme_listed_moves`), or as one ``rearrange`` row (Räuber).
    ``IllegalMoveError`` naming the rule broken."""

def romme_discard_outlooks(rules: RommeRules, hand: list[int], discards: list[int]) -> list[DiscardOutlook]:
    """For each of ``discards`` (cards of ``hand``): the :class:`DiscardOutlook` of the rest of the hand (the
    expert's discard measure)."""

def romme_partners(card: int, cards: list[int]) -> int:
    """How many of ``cards`` could join ``card`` in a meld (same rank, or same suit at most two ranks apart; other
    codes only, jokers never); a joker has 99."""

# --- listed moves: the bounded move lists of the game flows, generated by the core ------------------------------

__all__ += ["RummyTable", "RummyListing", "ListedPlacement", "EinmaleinsListing", "rummy_placements",
            "rummy_hand_melds", "rummy_opening_sets",
            "krass_plays", "KrassPlays", "ListedKrassPlay", "krass_can_play", "krass_play_strength",
            "krass_readings_table", "KrassReading", "koenigs_melds_fully",
            "koenigs_go_out_discards",
            "rng_permutation", "rng_below", "BestLeft", "DiscardMeasure", "DiscardDistance",
            "koenigs_best_left", "koenigs_distance", "koenigs_discard_measures",
            "koenigs_discard_distances", "einmaleins_placements", "einmaleins_read_draft", "einmaleins_accepts",
            "einmaleins_hand_melds", "einmaleins_opening_sets", "einmaleins_windows", "einmaleins_fits",
            "einmaleins_discard_order"]

_Pair: TypeAlias = tuple[int, int]
_MeldTuple: TypeAlias = tuple[_Pair, ...]

def rummy_placements(table: bytes, hand: bytes | list[int], opened: bool, opening_points: int,
                     cap: int) -> RummyListing:
    """Rummy's listed place moves for the seat to move. ``table`` in the flat form: per meld its length, then
    code and stands-for per card. ``hand``: 53 counts by code. Before the opening: greedy openings; after it
    the hand's melds (within ``cap``, 0: none), then single lay-offs."""

@final
class ListedPlacement:
    """One listed table move (Rummy, 1x1-Rommé): the ``melds`` replace table meld ``replaces`` (a lay-off, a
    swap) or follow the table when it is ``None``; ``placed`` the hand cards laid, ``taken`` the table cards
    the hand gets (a swapped wild; always empty in Rummy), a code a byte."""

    @property
    def replaces(self) -> int | None: ...
    @property
    def melds(self) -> tuple[_MeldTuple, ...]: ...
    @property
    def placed(self) -> bytes: ...
    @property
    def taken(self) -> bytes: ...

@final
class RummyTable:
    """A Rummy table as the listing reads it: each meld's lay-offs worked out once and kept while the meld
    stays on the table. ``RummyTable(flat)`` reads the flat form (as :func:`rummy_placements`);
    ``SolverError`` for a meld that is no table meld. ``len()`` is its number of melds."""

    def __new__(cls, flat: bytes) -> RummyTable: ...
    def __len__(self) -> int: ...
    def placements(self, hand: bytes, opened: bool, opening_points: int, cap: int) -> RummyListing:
        """The listed place moves of the seat to move on this table (as :func:`rummy_placements`; ``hand``: the
        53 counts by code as bytes)."""

@final
class RummyListing:
    """The listed place moves of one Rummy position, kept in the core (``len()`` of them)."""

    def __len__(self) -> int: ...
    def placement(self, i: int) -> ListedPlacement:
        """Listed move ``i``; ``IndexError`` past the end."""
    def table_after(self, i: int) -> RummyTable:
        """The table after listed move ``i`` (the melds it keeps keep their lay-offs)."""

def rummy_hand_melds(hand: list[int]) -> list[_MeldTuple]:
    """The bounded set of melds a Rummy hand (53 counts by code) can lay, every joker declared."""

def rummy_opening_sets(melds: list[_MeldTuple], hand: list[int], opening_points: int,
                       cap: int) -> list[tuple[_MeldTuple, ...]]:
    """Greedy Rummy openings from candidate melds: from each of the 8 best melds (jokers count 0) as the
    first, disjoint melds by points (at most ``cap`` cards, 0: no cap) until ``opening_points``."""

def krass_plays(hand: list[int], beat: int) -> KrassPlays:
    """Krass Kariert: every play of ``hand`` (codes in hand order) whose strength is above ``beat``: by window
    start, then length, strongest first; each distinct strength of a window once, with the lowest X values that
    reach it. A strength is ``kind * 16 + number`` (kinds solo, 2-straight, pair, 3-straight, triple), a draw
    card 100, a stop card 101; -1 is "nothing to beat". ``SolverError`` for a code that is no Krass card or a
    hand over 255 cards."""

@final
class KrassPlays:
    """The listed plays of one Krass hand, kept in the core (``len()`` of them): a play object is made only
    for the one asked for."""

    def __len__(self) -> int: ...
    def play(self, i: int) -> ListedKrassPlay:
        """Listed play ``i``; ``IndexError`` past the end."""

@final
class ListedKrassPlay:
    """One listed Krass play: the hand window ``start .. start + length - 1`` played with X values ``xs``
    (ascending, 1..12, one per X of the window), making ``strength``."""

    @property
    def start(self) -> int: ...
    @property
    def length(self) -> int: ...
    @property
    def strength(self) -> int: ...
    @property
    def xs(self) -> tuple[int, ...]: ...

def krass_can_play(hand: list[int], beat: int) -> bool:
    """Krass Kariert: whether some window of ``hand`` beats ``beat`` (see :func:`krass_plays`)."""

def krass_play_strength(cards: list[int], xs: list[int]) -> int:
    """Krass Kariert: the strength of a window played with X values ``xs`` (one per X, in window order);
    ``IllegalMoveError`` naming why the cards make no play."""

@final
class KrassReading:
    """One way to read a Krass window of cards as a play (frozen; :func:`krass_readings_table`)."""

    @property
    def strength(self) -> int:
        """The play's strength."""
    @property
    def xs(self) -> tuple[int, ...]:
        """The values its X cards take (one per X of the window, in window order)."""

def krass_readings_table(length: int) -> list[tuple[KrassReading, ...]]:
    """Krass Kariert: the readings (:class:`KrassReading`) of every window of ``length`` (1..3) cards,
    strongest first, indexed by the codes as a base-15 number (first card most significant); empty for
    another length."""

def koenigs_melds_fully(codes: list[int], round: int) -> bool:
    """Königs-Rommé: whether every card of ``codes`` can be laid in melds in round ``round`` (1..11; the wild
    rank is round + 2). ``SolverError`` for codes the deck does not have or a hand too large."""

def koenigs_go_out_discards(codes: list[int], round: int) -> list[int]:
    """Königs-Rommé: every distinct card of ``codes`` whose discard leaves a hand that melds completely in
    round ``round``, ascending (the cards a player can go out with)."""

def rng_permutation(state: int, n: int) -> tuple[int, list[int]]:
    """The permutation ``romme.rng.Rng.shuffle`` makes of ``n`` items from SplitMix64 state ``state``
    (``shuffled[k] = items[perm[k]]``), and the generator's state after it."""

def rng_below(state: int, n: int) -> tuple[int, int]:
    """One ``romme.rng.Rng.below(n)`` draw from SplitMix64 state ``state``: the generator's state after it and
    the number (in ``0..n``). ``RulesError`` for ``n`` = 0."""

@final
class BestLeft:
    """What the best lay-down of a Königs-Rommé hand leaves (frozen; :func:`koenigs_best_left`)."""

    @property
    def left(self) -> list[int]:
        """The cards left in hand (codes)."""
    @property
    def points(self) -> int:
        """What they cost this round."""

def koenigs_best_left(codes: list[int], round: int, objective: str) -> BestLeft:
    """Königs-Rommé: the cards the best lay-down of ``codes`` leaves in round ``round`` under ``objective``
    (``min-left`` or ``max-cards``: the hand solver's melds without its discard analysis), and their points."""

def koenigs_distance(codes: list[int], round: int, most: int) -> int | None:
    """Königs-Rommé: how many more good draws ``codes`` needs before it can go out: the least ``j`` (at most
    ``most``) such that the hand plus ``j`` wild cards still in the deck (jokers first, then the wild rank by
    suit) leaves at most ``j`` cards unmelded; ``None`` when it needs more."""

@final
class DiscardMeasure:
    """A Königs-Rommé hand measured without one of its cards (frozen; :func:`koenigs_discard_measures`)."""

    @property
    def card(self) -> int:
        """The card discarded."""
    @property
    def distance(self) -> int | None:
        """The good draws the hand without it still needs (:func:`koenigs_distance`); ``None`` when further
        than asked or not asked."""
    @property
    def points(self) -> int:
        """The points the best lay-down of the hand without it leaves."""

@final
class DiscardDistance:
    """How far a Königs-Rommé hand without one of its cards is from going out (frozen;
    :func:`koenigs_discard_distances`)."""

    @property
    def card(self) -> int:
        """The card discarded."""
    @property
    def distance(self) -> int | None:
        """The good draws the hand without it still needs; ``None`` when further than asked."""

def koenigs_discard_measures(hand: list[int], round: int,
                             most_draws: int | None = None) -> list[DiscardMeasure]:
    """Königs-Rommé: for each distinct card of ``hand`` (ascending), the :class:`DiscardMeasure` of the hand
    without it (distances only when ``most_draws`` is given, else ``None``)."""

def koenigs_discard_distances(hand: list[int], round: int, most: int) -> list[DiscardDistance]:
    """Königs-Rommé: for each distinct card of ``hand`` (ascending), the :class:`DiscardDistance` of the hand
    without it, looking at most ``most`` draws ahead."""

def einmaleins_placements(table: bytes, hand: bytes | list[int], opened: bool,
                          opening_points: int) -> EinmaleinsListing:
    """1x1-Rommé's listed table moves for the seat to move, as :func:`rummy_placements` (``hand``: 101 counts
    by code). Before the opening greedy openings worth ``opening_points``; after it the hand's melds, then per
    table meld its lay-offs and wild swaps; none lays the whole hand."""

@final
class EinmaleinsListing:
    """The listed table moves of one 1x1-Rommé position, kept in the core (``len()`` of them)."""

    def __len__(self) -> int: ...
    def placement(self, i: int) -> ListedPlacement:
        """Listed move ``i``; ``IndexError`` past the end."""
    def table_after(self, i: int) -> bytes:
        """The table after listed move ``i`` in the flat form."""

def einmaleins_fits(table: bytes, hand: bytes | list[int], code: int) -> bool:
    """Whether 1x1-Rommé card ``code`` would make a new meld with ``hand`` (101 counts by code; one of the
    hand melds of the hand with it holds it) or lay off alone on a meld of ``table`` (flat form)."""

def einmaleins_discard_order(hand: bytes, cards: bytes) -> list[int]:
    """The 1x1-Rommé expert's order of giving up cards: indexes of ``cards`` (the codes the seat may discard),
    least worth keeping to ``hand`` (101 counts by code) first (what keeping a card is worth less its minus
    points; the lower code first on a tie)."""

def einmaleins_read_draft(draft: list[tuple[int, int | None]]) -> _MeldTuple | None:
    """A 1x1-Rommé draft (``(code, declared)``, ``None`` for a free wild) read as the meld the table makes
    of it (the set or the run worth more), ``(code, stands_for)`` ordered; ``None`` when it is no meld, as
    where a number in it is no card code (read as :func:`rummy_read_draft` reads one)."""

def einmaleins_accepts(meld: list[tuple[int, int]]) -> list[tuple[int, _MeldTuple]]:
    """Every card that can be added to a 1x1-Rommé meld alone, with the meld it then makes."""

def einmaleins_hand_melds(hand: list[int]) -> list[_MeldTuple]:
    """The bounded set of melds a 1x1-Rommé hand (101 counts by code) can lay, every wild declared."""

def einmaleins_opening_sets(melds: list[_MeldTuple], hand: list[int], opening_points: int
                            ) -> list[tuple[_MeldTuple, ...]]:
    """1x1-Rommé's greedy openings from candidate melds (every card counts as the card it stands for)."""

def einmaleins_windows() -> list[list[tuple[int, int, int]]]:
    """Every 3-card run of natural 1x1-Rommé cards, by each of its cards (codes ascending by value)."""

# --- place judges of the table games whose whole table may be rearranged (src/table_place.rs) ----------------

__all__ += ["PlaceVerdict", "einmaleins_judge_place", "rummy_judge_place"]

@final
class PlaceVerdict:
    """A legal place move as every table game's judge answers it (``romme_place_turn``, ``rummy_judge_place``,
    ``einmaleins_judge_place``): the hand cards laid and the table cards given to the hand (codes, each once per
    copy, ascending), the hand after it (codes ascending), whether it is the seat's opening; Rommé's judge also
    the jokers won by swaps still to lay (else 0), the new table's meld rows and the shortcuts it was judged as
    (else empty)."""

    @property
    def placed(self) -> list[int]: ...
    @property
    def taken(self) -> list[int]: ...
    @property
    def hand(self) -> list[int]: ...
    @property
    def opens(self) -> bool: ...
    @property
    def jokers_owed(self) -> int: ...
    @property
    def melds(self) -> list[_MeldRow]: ...
    @property
    def judged(self) -> list[_ListedRow]: ...

def einmaleins_judge_place(old: bytes, new: Sequence[Sequence[tuple[int, int]]], hand: list[int], opened: bool,
                           opening_points: int) -> PlaceVerdict:
    """1x1-Rommé's table move from ``old`` (flat form) to ``new`` (melds of ``(code, stands_for)``) judged for a hand
    of 101 counts by code (a seat that has ``opened`` or not); :class:`~romme.errors.IllegalMoveError` naming the
    rule it breaks or the card that is none."""

def rummy_judge_place(old: bytes, new: Sequence[Sequence[tuple[int, int]]], hand: list[int], opened: bool,
                      opening_points: int, cap: int) -> PlaceVerdict:
    """Rummy's place move from ``old`` (flat form) to ``new`` (melds of ``(code, stands_for)``) judged for a hand of
    53 counts by code, ``cap`` the most hand cards a turn (0: no cap); a legal move gives the hand no table card
    (rule 1); :class:`~romme.errors.IllegalMoveError` naming the rule it breaks (rules 1-3, the opening) or the
    card that is none."""

# --- the table diff of the three table games (src/table_place.rs) -----------------------------------------

__all__ += ["TableChange", "table_change", "unchanged_melds"]

@final
class TableChange:
    """What a place move changes (``table_place::TableChange``): the places (from 0) of the melds it adds on the
    new table and removes from the old one (melds kept in both matched one for one: the same cards declaring the
    same wilds), the hand cards it places and the table cards it takes back (codes, each once per copy,
    ascending), and ``changed_meld``: how many table cards change meld as a player counts them (each old meld
    goes on as the new meld holding most of its cards, sharing two naturals or more, or the old meld's one natural:
    the wilds given to :func:`table_change` are no naturals; the taken back ones included; not the table
    search's tie-break count ``TableSolution.moved``, every card of a meld that does not stay whole); and
    ``goes_on_from``: per meld of the new table the place on the old table of the meld it goes on from as a
    player follows the melds (kept as it lay, or paired as ``changed_meld`` pairs them), None for a new meld."""

    @property
    def added(self) -> list[int]: ...
    @property
    def removed(self) -> list[int]: ...
    @property
    def placed(self) -> list[int]: ...
    @property
    def taken(self) -> list[int]: ...
    @property
    def changed_meld(self) -> int: ...
    @property
    def goes_on_from(self) -> list[int | None]: ...

def unchanged_melds(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]]) -> list[int | None]:
    """Per meld of ``after`` (a table search's answer, each meld its card codes) the place of the meld of
    ``before`` (the table it rebuilt) holding the same cards, or None, matched one to one in table order."""
def table_change(
    old: Sequence[Sequence[tuple[int, int]]],
    new: Sequence[Sequence[tuple[int, int]]],
    wilds: Sequence[int] | None = None,
) -> TableChange:
    """The change from table ``old`` to table ``new`` (melds of ``(code, stands_for)`` pairs of any table game),
    ``wilds`` the codes of the game's wilds (no naturals to the pairing of old and new melds);
    :class:`~romme.errors.IllegalMoveError` for a table (or wilds) of another shape or a table of more than 1,024
    cards."""

__all__ += ["table_meld_points", "table_meld_kind"]

def table_meld_points(game: str, meld: Sequence[tuple[int, int]]) -> int:
    """The points of a table meld (``(code, stands_for)`` pairs) toward the opening under the game's counting:
    ``rummy`` the numbers of its natural cards (jokers 0), ``einmaleins`` every card as the card it stands for.
    :class:`~romme.errors.RulesError` for another game, :class:`~romme.errors.DeckError` for a card the game
    has not (or one standing for the wild)."""

def table_meld_kind(game: str, meld: Sequence[tuple[int, int]]) -> str:
    """``set`` or ``run``: a table meld (``(code, stands_for)`` pairs) as the game's meld reading takes it with
    every card standing where it declares (``rummy``, ``einmaleins``). :class:`~romme.errors.RulesError` for
    another game, :class:`~romme.errors.DeckError` for a card the game has not,
    :class:`~romme.errors.IllegalMoveError` for cards that are no meld."""
