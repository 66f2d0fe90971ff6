"""Bots: ``make_bot(game_id, level, seed)`` -> an object with ``choose(state) -> Move``.

A bot decides from ``state.observation(state.current_player)`` and
``state.legal_moves()`` only; it never reads another seat's hand or the stock
order. Game modules register their bots with :func:`register_bot`.

Writing a bot
-------------
The protocol (:class:`Bot`) is one method: ``choose(state)`` returns one of
``state.legal_moves()`` for ``state.current_player``, and a ``level`` name.
The rules of fair play are in :mod:`romme.bots.common`, which also has
helpers (``ScoredBot`` for a greedy bot from a score function, ``play_out``
to let bots play a game to its end):

    >>> from romme import new_game
    >>> from romme.bots import make_bot
    >>> from romme.bots.common import play_out
    >>> class FirstListed:
    ...     '''Plays the first legal move the game lists.'''
    ...     level = "first-listed"
    ...
    ...     def __init__(self, game_id: str = "", seed: int | str = 0) -> None:
    ...         self.game_id = game_id
    ...
    ...     def choose(self, state):
    ...         return state.legal_moves()[0]
    >>> game = new_game("krass", players=3, seed=1)
    >>> seats = [FirstListed(), make_bot("krass", "greedy", 1), make_bot("krass", "greedy", 2)]
    >>> moves = play_out(game, seats)
    >>> game.is_over, game.result().winners
    (True, (1, 2))

A bot class in an importable module plays in a ladder (:mod:`romme.ladder`) by
its ``module:Class`` name (built as ``Class(game_id, seed)``, or ``Class()``):
``romme ladder krass --bots mybots:FirstListed,greedy,expert``.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..errors import RulesError, quote
from ..rng import Rng, check_seed

if TYPE_CHECKING:
    from ..engine import GameState, Move

#: every level, weakest first (the pygame table cycles through those of its game, :func:`levels_of`); ``random``
#: plays uniformly random legal moves (tests, simulations, a floor for ladders); ``easy`` is a weak but sensible
#: opponent (every game with opponents: the Königs solitaire has none, and no easy level); ``master`` searches about
#: a second a move (romme.bots.master). docs/BOTS.md says what each level plays in each game.
LEVELS = ("random", "easy", "greedy", "expert", "master")
ALL_LEVELS = LEVELS


class Bot(Protocol):
    """What a seat needs: a ``level`` name and ``choose``."""

    level: str

    def choose(self, state: GameState) -> Move:
        """One of ``state.legal_moves()`` for ``state.current_player``, decided from what that seat may see."""
        ...


_BOTS: dict[tuple[str, str], Callable[[Rng], Bot]] = {}


def register_bot(game_id: str, level: str) -> Callable[[Callable[[Rng], Bot]], Callable[[Rng], Bot]]:
    """Decorator: ``@register_bot("koenigs", "greedy")`` on a class taking an Rng."""

    def deco(factory: Callable[[Rng], Bot]) -> Callable[[Rng], Bot]:
        _BOTS[(game_id, level)] = factory
        return factory

    return deco


def levels_of(game_id: str) -> tuple[str, ...]:
    """The levels ``game_id`` has, weakest first: the uniform random bot and the master in every game, the others
    where the game registers them (:class:`RulesError` for an unknown game)."""
    from ..engine import spec

    spec(game_id)  # loads the game modules, or raises for an unknown game
    _load_bots(game_id)
    return tuple(lv for lv in LEVELS if lv in ("random", "master") or (game_id, lv) in _BOTS)


def nearest_level(game_id: str, level: str) -> str:
    """``level`` if ``game_id`` has it, else the next stronger level it has (a seat set to Easy for Rommé and taken
    to the solitaire, which has no Easy, plays Medium there); a level no game has is returned as it is (for
    :func:`make_bot` to refuse)."""
    have = levels_of(game_id)
    if level in have or level not in LEVELS:
        return level
    return next((lv for lv in LEVELS[LEVELS.index(level):] if lv in have), have[-1])


def _load_bots(game_id: str) -> None:
    """Imports the game's bot module (``romme/bots/<game_id with _>.py``), which registers its bots."""
    mod = f"romme.bots.{game_id.replace('-', '_')}"
    if importlib.util.find_spec(mod) is not None:
        importlib.import_module(mod)


def make_bot(game_id: str, level: str, seed: int | str | None = 0, think: float | None = None) -> Bot:
    """A bot of ``level`` (random, easy, greedy, expert, master: those of :func:`levels_of`) for ``game_id``
    (wrapped so that it always makes progress). ``think`` is the master's thinking time a move in seconds
    (default 1 s; other levels ignore it).

    ``seed`` is read by the rule ``new_game`` reads its seed by (:func:`romme.rng.check_seed`): ``None``, an
    int of 64 bits or a text of at most 1,000 characters UTF-8 can encode; anything else (a float, bytes, a
    bool, an int past 64 bits, which a bot would have folded to another seed's 64 bits) is a
    :class:`RulesError` naming it. ``think``, where given, is checked for every level alike."""
    from .master import check_think

    if not isinstance(level, str):  # (a list was looked up in the levels' dict: a TypeError)
        raise RulesError(f"a bot level is a text, got {quote(level)}")
    seed = check_seed(seed)
    return bot_of(game_id, level, seed, None if think is None else check_think(think))


def bot_of(game_id: str, level: str, seed: int | str | None, think: float | None = None) -> Bot:
    """:func:`make_bot` without its seed check, for the bots' own helpers, whose seeds a checked seed makes
    (the master's ``"<seed>/master-expert"`` may pass the longest text seed)."""
    from ..engine import spec
    from .common import guard_progress

    spec(game_id)  # loads the game modules, or raises for an unknown game
    _load_bots(game_id)
    if level == "master":
        from .master import make_master

        master: Bot = guard_progress(make_master(game_id, seed, think), game_id)
        return master
    if (game_id, level) not in _BOTS and level == "random":
        from .common import RandomBot  # every game has the uniform random bot

        random_bot: Bot = guard_progress(RandomBot(Rng(seed)), game_id)
        return random_bot
    if (game_id, level) not in _BOTS:
        raise RulesError(f"unknown bot level {quote(level)} for {game_id}; levels: {', '.join(levels_of(game_id))}")
    bot: Bot = guard_progress(_BOTS[(game_id, level)](Rng(seed)), game_id)
    return bot
