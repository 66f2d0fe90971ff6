"""Rounds and deals of a game at the table: the observation's counters that move on when one ends, what the
game calls its parts (rounds, games, or one game with none), and the moves after which one ended (the move log
marks them; the score grid starts a row)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

#: the observation keys that count the rounds or deals played (Königs-Rommé, Rommé and Krass Kariert, 1x1-Rommé)
ROUND_KEYS = ("round", "deal", "games_played")
#: The longest move log a loaded or resumed game is replayed from its deal for its sheet, round ends and log
#: notes: a game's observation grows with the games played (1x1-Rommé to 100,000), so a save of a million
#: legal moves froze the window for minutes; a longer game is shown from its loaded position on.
REPLAYED_MOVES_CAP = 20_000


class RoundUnit(Enum):
    """What a game's parts are called on the score sheet and in the move log."""

    ROUND = "round"  # Königs-Rommé's rounds
    DEAL = "deal"  # Rommé's deals (the rule book's word; the table says 'Deal 3', in German 'Runde 3')
    # Krass Kariert's deals, a chip paid at the end of each: 'Durchgang' in German, as its sheet calls a trick
    # 'Runde' (H6: the rules page's 'Runde' was the trick, the table's 'Runde 1…5' and log's the deal)
    KRASS_DEAL = "krass_deal"
    GAME = "game"  # 1x1-Rommé played to a target: one game after another
    SINGLE = "single"  # one deal is the whole game: Rummy, 1x1-Rommé without a target, the solitaire


def round_unit(game_id: str, options: Mapping[str, Any]) -> RoundUnit:
    """The parts of ``game_id`` played with rule ``options`` (RULES.md: 1x1-Rommé's target 0 plays one game)."""
    if game_id in ("rummy", "koenigs-solo"):
        return RoundUnit.SINGLE
    if game_id == "einmaleins":
        return RoundUnit.GAME if options.get("target", 0) else RoundUnit.SINGLE
    if game_id == "krass":
        return RoundUnit.KRASS_DEAL
    return RoundUnit.ROUND if game_id == "koenigs" else RoundUnit.DEAL


def round_marker(obs: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(obs.get(k) for k in ROUND_KEYS)


def round_ended(marker: tuple[Any, ...], obs: dict[str, Any], was_over: bool) -> bool:
    """Whether the move between ``marker`` (the round counters before it) and ``obs`` ended a round or deal: a
    counter moved on, or the game ended (its last round moves no counter on)."""
    now = round_marker(obs)
    return (now != marker and any(v is not None for v in now)) or (obs.get("is_over") is True and not was_over)
