"""Every bot of every level refuses, with a RommeError of one line, a finished game and another game's position
(the solitaire's bots raised an IndexError on a finished game; the solitaire's, Krass's and the Rommé expert's
a KeyError or an AssertionError on another game's position)."""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.engine import GameState, new_game
from romme.errors import RommeError, RulesError

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


@pytest.mark.parametrize("seed", [5.0, b"7", [1], True, 2**64, -(2**63) - 1, "x" * 1001, "\udcff", object()])
def test_a_seed_no_game_takes_is_refused_by_every_level(seed: object) -> None:
    # make_bot read its seed by Rng's folding (seed_from): 2**64 was seed 0's bot and a text of any length was
    # taken, where new_game refuses both; now both read a seed by the one rule, romme.rng.check_seed
    for level in LEVELS:
        with pytest.raises(RulesError) as error:
            make_bot("rummy", level, seed)  # type: ignore[arg-type]
        assert "seed" in str(error.value) and "\n" not in str(error.value), level
        with pytest.raises(RulesError):
            new_game("rummy", players=2, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [None, 0, 2**64 - 1, -(2**63), "x" * 1000, " 7", "7/bot1"])
def test_every_seed_a_game_takes_makes_a_bot(seed: int | str | None) -> None:
    for level in LEVELS:
        assert make_bot("rummy", level, seed, think=0.01).level == level


@pytest.mark.parametrize("think", [0, -1.0, float("nan"), "1", True, 10**400])
def test_a_thinking_time_is_checked_for_every_level(think: object) -> None:
    for level in LEVELS:
        with pytest.raises(RulesError, match="thinking time"):
            make_bot("rummy", level, 1, think=think)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", [None, ["expert"], {"expert": 1}, b"expert", 3])
def test_a_level_that_is_no_text_is_refused_in_one_line(level: object) -> None:
    with pytest.raises(RulesError, match="level"):  # a list or a dict was a TypeError (unhashable)
        make_bot("rummy", level, 1)  # type: ignore[arg-type]
