"""romme: five German rummy-family card games.

Königs-Rommé (and its solitaire), Rommé with its house variants, 1x1-Rommé,
Rummy and Krass Kariert: exact solvers in a Rust core (``romme._core``),
game flows, bots and a command line in Python.
"""

from __future__ import annotations

# (the package takes its version from the core's Cargo.toml; importlib.metadata
# would cost a one-shot CLI call about 85 ms of imports)
from ._core import __version__
from .cards import Card, Deck, deck, format_cards, parse_cards, parse_codes
from .engine import GameState, Move, Result, list_games, new_game
from .errors import (
    DeckError,
    IllegalMoveError,
    InvalidNotationError,
    RommeError,
    RulesError,
    SaveFileError,
    SolverError,
)
from .rng import Rng
from .solve import HandSolution, Placed, Play, SolvedMeld, solve_hand, solve_hands
from .table import TableMeld, TableSolution, solve_table

__all__ = [
    "Card",
    "HandSolution",
    "Placed",
    "Play",
    "SolvedMeld",
    "Deck",
    "DeckError",
    "GameState",
    "Move",
    "Result",
    "IllegalMoveError",
    "InvalidNotationError",
    "Rng",
    "RommeError",
    "RulesError",
    "SaveFileError",
    "SolverError",
    "TableMeld",
    "TableSolution",
    "__version__",
    "deck",
    "format_cards",
    "list_games",
    "new_game",
    "parse_cards",
    "parse_codes",
    "solve_hand",
    "solve_hands",
    "solve_table",
]
