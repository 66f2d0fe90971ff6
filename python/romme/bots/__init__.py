"""Bots: ``make_bot(game_id, level, seed)`` -> an object with ``choose(state) -> Move``.

A bot decides from ``state.observation(state.current_player)`` and
``state.legal_moves()`` only; it never reads another seat's hand or the stock
order. Game modules register their bots with :func:`register_bot`.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..errors import RulesError
from ..rng import Rng

if TYPE_CHECKING:
    from ..engine import GameState, Move

#: every level, weakest first (the pygame table cycles through these); ``master`` searches about a second a
#: move (romme.bots.master)
LEVELS = ("random", "greedy", "expert", "master")
ALL_LEVELS = LEVELS


class Bot(Protocol):
    level: str

    def choose(self, state: GameState) -> Move: ...


_BOTS: dict[tuple[str, str], Callable[[Rng], Bot]] = {}


def register_bot(game_id: str, level: str) -> Callable[[Callable[[Rng], Bot]], Callable[[Rng], Bot]]:
    """Decorator: ``@register_bot("koenigs", "greedy")`` on a class taking an Rng."""

    def deco(factory: Callable[[Rng], Bot]) -> Callable[[Rng], Bot]:
        _BOTS[(game_id, level)] = factory
        return factory

    return deco


def make_bot(game_id: str, level: str, seed: int | str | None = 0, think: float | None = None) -> Bot:
    """A bot of ``level`` (random, greedy, expert, master) for ``game_id`` (wrapped so that it always makes
    progress). ``think`` is the master's thinking time a move in seconds (default 1 s; other levels ignore it)."""
    from ..engine import spec
    from .common import guard_progress

    spec(game_id)  # loads the game modules, or raises for an unknown game
    mod = f"romme.bots.{game_id.replace('-', '_')}"
    if importlib.util.find_spec(mod) is not None:
        importlib.import_module(mod)
    if level == "master":
        from .master import make_master

        master: Bot = guard_progress(make_master(game_id, seed, think))
        return master
    if (game_id, level) not in _BOTS and level == "random":
        from .common import RandomBot  # every game has the uniform random bot

        return guard_progress(RandomBot(Rng(seed)))
    if (game_id, level) not in _BOTS:
        have = sorted({"random", *(lv for g, lv in _BOTS if g == game_id)})
        raise RulesError(f"unknown bot level {level!r} for {game_id}; levels: {', '.join(have) or 'none'}")
    return guard_progress(_BOTS[(game_id, level)](Rng(seed)))
