"""Type stubs for the Rust core ``romme._core`` (rust/romme-python)."""

from typing import TypeAlias

__all__ = ["__version__", "deck_types", "hand_points", "romme_options", "rummy_read_draft",
           "solve_hand", "solve_hands", "validate_meld",
           "krass_combination", "krass_classify", "solve_table"]

__version__: str

def deck_types(game: str) -> list[tuple[int, str, int, int, str, int]]:
    """Card types of a game: ``(code, token, suit, rank, kind, copies)`` by code.

    ``suit`` is 255 for cards without a suit; ``kind`` is one of natural,
    joker, x, draw, stop, ban. Raises ``ValueError`` for an unknown game.
    """

def hand_points(game: str) -> list[int]:
    """Points of each card type left in a hand at the end of a game, by code (romme, einmaleins,
    rummy). ``ValueError`` for another game."""

def romme_options() -> list[tuple[str, bool, int, int, int, str]]:
    """Rommé's options, the core's only list of them: ``(name, is_flag, default, lo, hi, help)``
    in the order the rules page lists them (a flag's default, lo and hi are 0 or 1)."""

def rummy_read_draft(draft: list[tuple[int, int | None]]) -> list[tuple[int, int]] | None:
    """A Rummy table draft (``(code, declared)``; a joker's ``declared`` may be ``None``) read as a
    meld: ``(code, stands_for)`` ordered by what each card stands for; ``None`` when it is no meld."""

_SolveResult: TypeAlias = dict[str, object]

def solve_hand(game: str, codes: list[int], objective: str, options: dict[str, bool | int] | None = None,
               round: int = 0) -> _SolveResult:
    """Exact hand solver; see docs/ARCHITECTURE.md for the result keys. ValueError on bad input."""

def solve_hands(game: str, hands: list[list[int]], objective: str,
                options: dict[str, bool | int] | None = None, round: int = 0) -> list[_SolveResult]:
    """Batch form of :func:`solve_hand` (releases the GIL)."""

def validate_meld(game: str, codes: list[int], options: dict[str, bool | int] | None = None,
                  round: int = 0) -> dict[str, object]:
    """``{"kind": "set"|"run", "cards": [(code, stands_for)], "points": int}``; ValueError if invalid."""

def solve_table(game: str, table: list[list[int]], hand: list[int], objective: str = "cards",
                options: dict[str, bool | int] | None = None, time_budget_ms: int = 0,
                tie_break: str = "exact") -> dict[str, object]:
    """Table search (releases the GIL): ``table`` (melds of ``(code, stands_for)``), ``kinds``,
    ``points``, ``placed``, ``placed_points``, ``taken``, ``moved``, ``optimal``, ``moved_optimal``,
    ``budget_cut`` (the time budget, not the work limit, cut the search).
    ``objective``: cards | points | net. ``game``: rummy | romme | einmaleins. ``tie_break``: exact
    (the keep-mode sweep proves the fewest moved table cards) | fast (a bounded greedy search) |
    none (any optimal table; moved not minimised).
    ValueError on bad input (e.g. an invalid table meld)."""

def krass_combination(cards: list[tuple[int, int]]) -> tuple[str, int] | None:
    """Krass Kariert: the combination 1–3 ``(code, value)`` cards make.

    ``value`` is the number an X stands for (1..12), a number card's own number,
    0 for N and S. Returns ``(kind, rank)`` with kind ``solo``, ``2-straight``,
    ``pair``, ``3-straight``, ``triple`` (rank: the number; straights their top
    card) or ``draw``/``stop`` (rank 0); ``None`` if the cards make no play.
    ValueError on malformed input (0 or more than 3 cards, an unknown code, a
    value the card cannot take).
    """

def krass_classify(cards: list[tuple[int, int]]) -> tuple[str, int]:
    """Like :func:`krass_combination`, but a group that makes no play raises ``ValueError`` with the
    engine's reason (N or S in a group, two X cards, an X without a number 1..12, numbers that form
    no combination)."""
