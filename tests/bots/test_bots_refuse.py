"""Every bot of every level refuses, with a RommeError of one line, a finished game and another game's position
(the solitaire's bots raised an IndexError on a finished game; the solitaire's, Krass's and the Rommé expert's
a KeyError or an AssertionError on another game's position)."""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.engine import GameState, new_game
from romme.errors import RommeError

SEATS = {"koenigs": 2, "romme": 2, "einmaleins": 2, "rummy": 2, "krass": 3, "koenigs-solo": 1}
LEVELS = ("random", "greedy", "expert", "master")


def finished(game: str) -> GameState:
    state = new_game(game, players=SEATS[game], seed=1)
    bots = [make_bot(game, "expert", s) for s in range(state.players)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    return state


def refused(game: str, level: str, state: GameState) -> str:
    bot = make_bot(game, level, 1, think=0.01)
    with pytest.raises(RommeError) as error:
        bot.choose(state)
    return str(error.value)


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_finished_game_is_refused_in_one_line(game: str) -> None:
    state = finished(game)
    for level in LEVELS:
        assert "\n" not in refused(game, level, state), level


@pytest.mark.parametrize("game", sorted(SEATS))
def test_another_games_position_is_refused_in_one_line(game: str) -> None:
    for other in sorted(set(SEATS) - {game}):
        state = new_game(other, players=SEATS[other], seed=1)
        for level in LEVELS:
            assert refused(game, level, state) == f"a {game} bot cannot choose a move in a {other} game", level
