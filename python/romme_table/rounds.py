"""Rounds and deals of a game at the table: the observation's counters that move on when one ends, and the
moves after which one ended (the move log marks them; the score grid starts a row)."""

from __future__ import annotations

from typing import Any

from romme.engine import GameState, new_game

#: the observation keys that count the rounds or deals played (Königs-Rommé, Rommé and Krass Kariert, 1x1-Rommé)
ROUND_KEYS = ("round", "deal", "games_played")


def round_marker(obs: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(obs.get(k) for k in ROUND_KEYS)


def replayed_round_ends(state: GameState, viewer: int) -> set[int]:
    """The move numbers after which a round or deal ended, found by replaying the game from its deal (a loaded
    or resumed game)."""
    replay = new_game(state.game_id, players=state.num_players, seed=state.seed, rules=state.rules)
    ends: set[int] = set()
    marker = round_marker(replay.observation(viewer))
    for k, move in enumerate(state.history):
        replay.apply(move)
        now = round_marker(replay.observation(viewer))
        if now != marker and any(v is not None for v in now):
            ends.add(k)
        marker = now
    return ends
