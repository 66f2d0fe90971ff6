"""Rommé's knocking needs KNOCK_LEAST_PLAYERS players (RULES.md §2: with two players nobody can knock): the number the
table shows beside a knocking rule set is the flow's own (H6 Q7: 'knocking' chosen for two seats said nothing, and
nothing ever knocked)."""

from __future__ import annotations

import pytest

from romme import new_game
from romme.bots import make_bot
from romme.games.romme import KNOCK_LEAST_PLAYERS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_knock_is_offered_exactly_from_the_least_players_on(players: int) -> None:
    offered = False
    for seed in (3, 4):
        state = new_game("romme", players=players, seed=seed, rules="klopfen")
        bots = [make_bot("romme", "greedy", seed=k) for k in range(players)]
        for _ in range(600):
            if state.is_over:
                break
            if any(m.to_json().get("kind") == "knock" for m in state.legal_moves()):
                offered = True
                break
            state.apply(bots[state.current_player].choose(state.clone()))
    assert offered == (players >= KNOCK_LEAST_PLAYERS)
