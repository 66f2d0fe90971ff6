"""A deep copy of a bot plays on its own: its choices use the copy's random state and memory and leave the
original's alone, and the original then chooses as the copy did. ``make_bot`` wraps ``choose`` (the stall guard);
the wrapper held the original's bound method, so a copy's ``choose`` drove the original bot."""

from __future__ import annotations

import copy

import pytest

from romme.bots import make_bot
from romme.engine import new_game
from romme.rules import Rules

CASES = [("romme", "expert", "rauber"), ("romme", "greedy", "standard"), ("koenigs", "expert", None),
         ("rummy", "expert", None), ("einmaleins", "expert", None)]  # (Krass Kariert's expert holds a core object)


def _next_draws(bot: object) -> list[int]:
    rng = copy.deepcopy(bot.rng)  # type: ignore[attr-defined]
    return [rng.next_u64() for _ in range(3)]


@pytest.mark.parametrize(("game", "level", "preset"), CASES)
def test_a_copied_bot_chooses_with_its_own_state(game, level, preset):
    rules = Rules.make(game, preset) if preset else None
    state = new_game(game, players=3, seed=8, rules=rules)
    bots = [make_bot(game, level, f"copy-{seat}") for seat in range(3)]
    checked = 0
    while not state.is_over and checked < 60:
        bot = bots[state.current_player]
        if len(state.legal_moves()) > 1:
            copied = copy.deepcopy(bot)
            before = _next_draws(bot)
            by_copy = copied.choose(state.clone())
            assert _next_draws(bot) == before  # the original's random state untouched by the copy's choice
            assert bot.choose(state.clone()) == by_copy
            assert _next_draws(bot) == _next_draws(copied)
            checked += 1
        state.apply(bot.choose(state))
    assert checked >= 8
