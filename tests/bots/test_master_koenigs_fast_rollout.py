"""Königs-Rommé's rollout loop without the game's checks and bookkeeping (:mod:`romme.bots.master_koenigs_rollout`,
issue 33: more worlds for the same CPU) plays what the game's own flow plays: the same moves, the same number of
them, the same value, at every position of seeded games (two to four seats, rollouts that end deals and the game),
and the master's searches make the same moves, rollouts, simulated moves and work with it as without it."""

from __future__ import annotations

from typing import Any

import pytest

from romme.bots import master, master_koenigs_rollout
from romme.bots.master import MasterBot, make_master
from romme.bots.master_budget import WorkMeter, work_rates
from romme.bots.master_rollout import seat_draws
from romme.bots.master_value import rollout_value
from romme.engine import GameState
from romme.games import koenigs as game


def positions(seed: str, players: int) -> list[GameState]:
    """Every position of a seeded Königs-Rommé game of experts."""
    from romme.bots import make_bot
    from romme.engine import new_game

    state = new_game("koenigs", players=players, seed=seed)
    bots = [make_bot("koenigs", "expert", f"{seed}/{s}") for s in range(players)]
    found = []
    while not state.is_over:
        found.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    return found


def both_ways(state: GameState, player: int, horizon: int = master.HORIZON,
              ) -> list[tuple[int, list[Any], float, list[int], int]]:
    """The rollout of ``state`` played by the game's flow and by the fast loop: (moves, moves played, value, scores,
    work counted) each."""
    start = list(state.result().scores)
    out = []
    for fast in (False, True):
        world = state.clone()
        draws = seat_draws(world, player)
        meter = WorkMeter(None, work_rates(state))
        before = len(world.history)
        if fast:
            n = master_koenigs_rollout.play(world, start, horizon, draws, meter)
        else:
            bot = MasterBot("koenigs", 0)
            saved = master.FAST_KOENIGS, master.HORIZON
            master.FAST_KOENIGS, master.HORIZON = False, horizon  # (Königs-Rommé's horizon is the default one)
            try:
                n = bot._play(world, player, start, 0, draws, meter)
            finally:
                master.FAST_KOENIGS, master.HORIZON = saved
        out.append((n, [str(m) for m in world.history[before:]], rollout_value(world, player, start, -1.0),
                    list(world.result().scores), meter.count()))
    return out


@pytest.mark.parametrize(("seed", "players"), [("fast/0", 2), ("fast/1", 2), ("fast/2", 3), ("fast/3", 4)])
def test_the_fast_loop_plays_as_the_games_flow(seed: str, players: int) -> None:
    ended = over = 0
    for k, state in enumerate(positions(seed, players)):
        if k % 3:
            continue
        player = state.current_player
        slow, fast = both_ways(state, player)
        assert fast == slow, (seed, len(state.history))
        ended += state.round != 11 and slow[3] != list(state.result().scores)  # type: ignore[attr-defined]
        over += state.round == 11 and slow[3] != list(state.result().scores)  # type: ignore[attr-defined]
    assert ended > 10 and over > 0  # rollouts ended deals, and the game


def test_a_short_horizon_stops_both_at_once() -> None:
    for state in positions("fast/4", 2)[::7]:
        slow, fast = both_ways(state, state.current_player, horizon=3)
        assert fast == slow and fast[0] <= 3


def test_the_fast_loop_deals_no_next_deal_and_lays_no_melds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a rollout's deal ends with points scored, the loop neither deals the next deal nor asks the solver for
    the melds of a seat that goes out or lays down (the game's flow does both; the world is only valued): over
    the rollouts of a seeded game's positions it deals and lays a small fraction of what the game's flow does (a
    deal that ends without a point scored changes no score: the rollout plays on, through the game's flow)."""
    found = positions("fast/5", 2)[::4]
    calls = {"deal": 0, "solve": 0}
    deal, solve = game.KoenigsState._deal_round, game.solve

    def counted_deal(self: game.KoenigsState, round_: int) -> None:
        calls["deal"] += 1
        deal(self, round_)

    def counted_solve(codes: list[int], round_: int) -> Any:
        calls["solve"] += 1
        return solve(codes, round_)

    monkeypatch.setattr(game.KoenigsState, "_deal_round", counted_deal)
    monkeypatch.setattr(game, "solve", counted_solve)
    counts = []
    for fast in (False, True):
        monkeypatch.setattr(master, "FAST_KOENIGS", fast)
        calls.update(deal=0, solve=0)
        for state in found:
            world = state.clone()
            start = list(world.result().scores)
            MasterBot("koenigs", 0)._play(world, state.current_player, start, 0, seat_draws(world, 0), None)
        counts.append(dict(calls))
    slow, fast_ = counts
    assert slow["deal"] > 20 and slow["solve"] > 40
    assert fast_["deal"] * 5 < slow["deal"] and fast_["solve"] * 5 < slow["solve"], counts


def test_the_masters_searches_the_same_with_the_fast_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Late positions (hands of 10 cards or more) and early ones: the same move, rollouts, simulated moves and work
    at a small budget."""
    found = [s for s in positions("fast/6", 2) if len(s.legal_moves()) > 1]
    chosen = found[::23]
    assert any(len(s.hands[s.current_player]) >= 10 for s in chosen)  # type: ignore[attr-defined]
    for k, state in enumerate(chosen):
        runs = []
        for fast in (False, True):
            monkeypatch.setattr(master, "FAST_KOENIGS", fast)
            bot = make_master("koenigs", f"fast/{k}", think=0.15)
            move = bot.choose(state.clone())
            runs.append((str(move), bot.rollouts, bot.used, bot.spent))
        assert runs[0] == runs[1], (k, len(state.history))


def test_the_fast_loop_scores_a_deal_as_the_game_scores_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop scores a deal's end through the game's own rule (``deal_points``, ``_score_deal``), not a copy:
    with the rule changed (the seat that went out scores -5) both still play and score alike, and the changed rule
    is seen (a rollout's scores hold a -5)."""
    rule = game.deal_points

    def bonus_for_going_out(hands: list[list[int]], out_player: int, round_: int) -> list[int]:
        points = rule(hands, out_player, round_)
        points[out_player] = -5
        return points

    monkeypatch.setattr(game, "deal_points", bonus_for_going_out)
    seen = 0
    for state in positions("fast/7", 2)[::5]:
        slow, fast = both_ways(state, state.current_player)
        assert fast == slow, len(state.history)
        before = list(state.result().scores)
        seen += any(s - b == -5 for s, b in zip(slow[3], before))
    assert seen > 3
