"""Positions where the master's work budget binds, shared by the tests of its budget (Rummy, Rommé under Räuber)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from romme.bots import make_bot
from romme.bots.master import MasterBot
from romme.engine import GameState, new_game

DATA = Path(__file__).resolve().parents[1] / "bots" / "data"


def large_rummy_table() -> GameState:
    """A two-seat Rummy position (game ``timing/3``, master on seat 1, move 49): 16 melds on the table, the seat to
    move holds 12 cards and places; a simulated move's table search there costs ~140,000 work, where the count
    budget of 1,100 simulated moves ran 7.5 s of CPU."""
    data = json.loads((DATA / "rummy-large-table.json").read_text())
    state = new_game(data["game"], players=data["players"], seed=data["seed"])
    for move in data["moves"]:
        state.apply(state.move_from_json(move))
    return state


def raeuber_position(moves: int = 40) -> GameState:
    """Two experts' Räuber-Rommé game (seed ``work/romme``) after ``moves`` moves: both seats have opened, the
    table holds melds to rearrange and the seat to move has more than one legal move."""
    state = new_game("romme", 2, seed="work/romme", rules="rauber")
    bots = [make_bot("romme", "expert", f"work/romme/{s}") for s in range(2)]
    while len(state.history) < moves or len(state.legal_moves()) < 2:
        state.apply(bots[state.current_player].choose(state))
    return state


def decision(game_id: str, seed: str, think: float, state: GameState) -> tuple[Any, int, int, int]:
    """What a new master of ``seed`` decides at ``state``: its move, simulated moves, work spent and rollouts."""
    bot = MasterBot(game_id, seed, think=think)
    return bot.choose(state.clone()), bot.used, bot.spent, bot.rollouts
