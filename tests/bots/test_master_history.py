"""The master decides from its seed and the observation alone, not from what it was asked before: a master that has
played a game so far chooses at every position what a new master of the same seed chooses there (the move, the
simulated moves and the work it counted), as after a loaded game, an undone move or in another process."""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.bots.master import MasterBot
from romme.engine import new_game
from romme.errors import RulesError


@pytest.mark.parametrize("rules", [None, "rauber"])
def test_a_master_chooses_as_a_new_one_of_its_seed(rules: str | None) -> None:
    """Rommé, an expert game (seed ``history/0``) to move 40, the master asked at every position of seat 0 with
    more than one legal move. Fails without a fresh expert a decision: under the default rules the master that
    was asked at move 0 discards 10h at move 6, a new one Kd (the expert's random tie-break went on from its last
    decision); under Räuber rules the work counted differs from move 21 (the expert remembered a settled table)."""
    state = new_game("romme", 2, seed="history/0", rules=rules)
    bots = [make_bot("romme", "expert", f"history/{s}") for s in range(2)]
    asked = MasterBot("romme", "history", think=0.02)
    decisions = 0
    while not state.is_over and len(state.history) < 40:
        if state.current_player == 0 and len(state.legal_moves()) > 1:
            move = asked.choose(state.clone())
            new = MasterBot("romme", "history", think=0.02)
            assert (move, asked.used, asked.spent, asked.rollouts) == (
                new.choose(state.clone()), new.used, new.spent, new.rollouts), len(state.history)
            decisions += 1
        state.apply(bots[state.current_player].choose(state))
    assert decisions >= 8


def test_the_rollouts_count_the_last_decision_only() -> None:
    """A decision that searches nothing (one legal move) played no rollouts (fails without: it kept the count of
    the search before)."""
    state = new_game("romme", 2, seed="history/0")
    bot = MasterBot("romme", "history", think=0.02)
    expert = make_bot("romme", "expert", "history/0")
    while len(state.legal_moves()) < 2:
        state.apply(expert.choose(state))
    bot.choose(state.clone())
    assert bot.rollouts > 0
    while len(state.legal_moves()) != 1 or getattr(bot.expert, "may_rearrange")(state):
        state.apply(expert.choose(state))
    bot.choose(state.clone())
    assert bot.rollouts == 0


@pytest.mark.parametrize("think", [10**400, 10**5000, -(10**400), float("nan"), float("inf"), -1, 0, 86_401],
                         ids=["1e400", "1e5000", "-1e400", "nan", "inf", "-1", "0", "86401"])
def test_a_thinking_time_out_of_range_is_a_rules_error(think: float) -> None:
    """``make_bot(..., think=)`` answers any number out of range with a one-line RulesError that quotes it short
    (fails without: an int past a float's range raised an OverflowError, and the message spelled the number out)."""
    with pytest.raises(RulesError, match="thinking time") as raised:
        make_bot("rummy", "master", "think", think=think)
    assert len(str(raised.value)) < 200 and "\n" not in str(raised.value)
