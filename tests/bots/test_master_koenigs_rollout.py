"""The Königs-Rommé master's rollouts play the expert's moves without its observation (issue 33: a late round's
search the same, for less CPU): :class:`KoenigsRollout` reads the sampled world's own fields and chooses what the
expert bot (behind its progress guard) chooses, at every position of seeded games, where the guard fires too."""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.bots.common import STALL_TURNS
from romme.bots.master_rollout import KoenigsRollout, rollout_policies
from romme.engine import GameState, new_game


def positions(seed: str, players: int, greedy_seat: int | None = None) -> list[GameState]:
    """Every position of a seeded Königs-Rommé game of experts (one seat greedy, where given) with a move to
    choose."""
    state = new_game("koenigs", players=players, seed=seed)
    levels = ["greedy" if s == greedy_seat else "expert" for s in range(players)]
    bots = [make_bot("koenigs", level, f"{seed}/{s}") for s, level in enumerate(levels)]
    found = []
    while not state.is_over:
        found.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    return found


@pytest.mark.parametrize(("seed", "players", "greedy_seat"),
                         [("roll/0", 2, None), ("roll/1", 2, 1), ("roll/2", 3, None), ("roll/3", 4, 0)])
def test_the_rollout_policy_moves_as_the_expert_bot(seed: str, players: int, greedy_seat: int | None) -> None:
    policy = KoenigsRollout()
    for state in positions(seed, players, greedy_seat):
        expert = make_bot("koenigs", "expert", "any")
        assert policy.choose(state.clone()) == expert.choose(state.clone()), (seed, len(state.history))


def stalled_position() -> GameState:
    """A two-seat position where seat 0 took the discard pile's top and threw a card back on its last
    :data:`STALL_TURNS` turns, and the top now is a wild: the expert takes a wild, its progress guard draws from the
    stock instead."""
    from romme.games.koenigs import Discard, Draw, is_wild

    state = new_game("koenigs", players=2, seed="roll/stall")
    world = state.clone()
    assert world.current_player == 0 and world.phase == "draw"
    for _ in range(STALL_TURNS):
        world.apply(Draw(0, "discard"))
        world.apply(Discard(0, world.hands[0][0]))  # type: ignore[attr-defined]
        world.apply(Draw(1, "stock"))
        world.apply(Discard(1, world.hands[1][0]))  # type: ignore[attr-defined]
    wild = next(c for c in world.stock if is_wild(c, world.round))  # type: ignore[attr-defined]
    world.stock.remove(wild)  # type: ignore[attr-defined]
    world.discard.append(wild)  # type: ignore[attr-defined]
    world.history[-1] = Discard(1, wild)  # the top as the history shows it
    return world


def test_the_progress_guard_as_the_expert_bots() -> None:
    state = stalled_position()
    from romme.bots.koenigs import ExpertBot
    from romme.rng import Rng

    unguarded = ExpertBot(Rng(0)).choose(state.clone())
    assert str(unguarded) == "draw discard"  # the expert takes a wild
    assert str(make_bot("koenigs", "expert", "any").choose(state.clone())) == "draw stock"
    assert str(KoenigsRollout().choose(state.clone())) == "draw stock"


def test_koenigs_rollouts_use_the_policy() -> None:
    assert all(isinstance(p, KoenigsRollout) for p in rollout_policies("koenigs", 2, 7))


def test_the_kept_best_discards_as_the_core_answers() -> None:
    """The expert's best discard, kept a hand (``koenigs._best_discard``), as it is read from a fresh core call
    (no cache) at every discard of seeded games, by both measures."""
    from romme import _core
    from romme.bots import koenigs as expert
    from romme.games.koenigs import card_points

    for state in positions("roll/4", 2) + positions("roll/5", 3):
        if state.phase not in ("discard", "last-discard"):
            continue
        hand = sorted(state.hands[state.current_player])  # type: ignore[attr-defined]
        round_ = state.round  # type: ignore[attr-defined]
        for value in (True, False):
            fresh = _core.koenigs_discard_measures(hand, round_, expert.FAR - 1 if value else None)
            keys = [((expert.FAR if m.distance is None else m.distance, m.points) if value else m.points,
                     -card_points(m.card, round_), m.card) for m in fresh]
            best = min(keys)
            assert expert._best_discard(tuple(hand), round_, value) == (best[0], best[2])


def test_the_samplers_declined_top_as_the_experts_draw() -> None:
    """``master_reveal._declines`` (the distances of one core call) says the expert draws from the stock exactly
    where the expert bot does, at every draw before anyone went out of seeded games."""
    from romme.bots.koenigs import ExpertBot
    from romme.bots.master_reveal import _declines
    from romme.rng import Rng

    checked = 0
    for state in positions("roll/6", 2) + positions("roll/7", 2, 0):
        if state.phase != "draw" or not state.discard or not state.stock:  # type: ignore[attr-defined]
            continue
        hand = list(state.hands[state.current_player])  # type: ignore[attr-defined]
        stock = str(ExpertBot(Rng(0)).choose(state.clone())) == "draw stock"
        assert _declines(hand, state.discard[-1], state.round) == stock, len(state.history)  # type: ignore[attr-defined]
        checked += 1
    assert checked > 50
