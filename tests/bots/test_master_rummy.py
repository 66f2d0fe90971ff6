"""The Rummy master's rollouts: each seat's draws fixed per sampled world, and rollouts valued by the game's outcome."""

from __future__ import annotations

from collections import Counter

from romme.bots import make_bot
from romme.bots.master_rollout import RummyRollout, SeatDraws, seat_draws
from romme.bots.master_value import WIN_VALUE, rollout_value
from romme.bots.master_worlds import determinize
from romme.engine import GameState, Move, new_game
from romme.games import rummy as game
from romme.rng import Rng


def position(seed: str, decisions: int) -> GameState:
    """An expert game after ``decisions`` moves (the seat to move has opened or not, as it came)."""
    state = new_game("rummy", players=2, seed=seed)
    bots = [make_bot("rummy", "expert", f"{seed}/{s}") for s in range(2)]
    for _ in range(decisions):
        state.apply(bots[state.current_player].choose(state))
    return state


def placing_position(seed: str) -> tuple[GameState, Move]:
    """The first position of an expert game past the openings where the expert places, with its placement."""
    state = new_game("rummy", players=2, seed=seed)
    bots = [make_bot("rummy", "expert", f"{seed}/{s}") for s in range(2)]
    while True:
        move = bots[state.current_player].choose(state)
        if all(state.opened) and not isinstance(move, game.PassMove):  # type: ignore[attr-defined]
            return state, move
        state.apply(move)


def drawn_cards(world: GameState, first: Move, draws: SeatDraws | None, moves: int) -> dict[int, list[int]]:
    """Plays ``first`` then the rollout policy for ``moves`` moves; the cards each seat drew, in order."""
    policy = RummyRollout()
    drawn: dict[int, list[int]] = {0: [], 1: []}
    move = first
    for _ in range(moves):
        if world.is_over:
            break
        seat = world.current_player
        if draws is not None:
            draws.arrange(world, move)
        top = world.stock[-1]  # type: ignore[attr-defined]
        world.apply(move)
        if isinstance(move, game.PassMove):
            drawn[seat].append(top)
        if not world.is_over:
            move = policy.choose(world)
    return drawn


def test_a_pass_and_a_placement_draw_the_same_cards_per_seat_in_one_world() -> None:
    """A pass instead of a placement shifts every later stock card to the other seat: in one sampled world the two
    lines would draw unrelated cards. With :class:`SeatDraws` each seat's draws are the same cards in the same
    order on both lines (fails without the arrangement: the lines' draws differ)."""
    compared = 0
    for seed in ("draws/0", "draws/1", "draws/2"):
        state, place = placing_position(seed)
        player = state.current_player
        world = determinize(state, player, Rng(7))
        lines = []
        for first in (game.PassMove(player), place):
            line = world.clone()
            draws = seat_draws(line, player)
            assert draws is not None
            lines.append(drawn_cards(line, first, draws, 30))
        for seat in (0, 1):
            a, b = lines[0][seat], lines[1][seat]
            common = min(len(a), len(b))
            assert a[:common] == b[:common], (seed, seat)
            compared += common
    assert compared >= 10


def test_fixed_draws_only_reorder_the_stock() -> None:
    """The stock keeps its cards: a pass moves one of them to the top, the seat's next card of its share."""
    state, place = placing_position("draws/3")
    player = state.current_player
    world = determinize(state, player, Rng(1))
    stock = list(world.stock)  # type: ignore[attr-defined]
    draws = SeatDraws(stock, player, 2)
    assert draws.queues[player][0] == stock[-1] and draws.queues[1 - player][0] == stock[-2]
    other = 1 - player
    draws.arrange(world, place)  # a placement draws nothing
    assert world.stock == stock  # type: ignore[attr-defined]
    world.turn = other  # type: ignore[attr-defined]
    draws.arrange(world, game.PassMove(other))
    assert world.stock[-1] == stock[-2]  # type: ignore[attr-defined]
    assert Counter(world.stock) == Counter(stock)  # type: ignore[attr-defined]


def test_no_fixed_draws_outside_rummy() -> None:
    state = new_game("einmaleins", players=2, seed=1)
    assert seat_draws(state, 0) is None


def test_a_rummy_rollout_is_valued_by_the_games_outcome() -> None:
    """Win, draw and loss, whatever the points in hand: the head to head counts games won."""
    state = position("value/0", 0)
    state.over, state.reason = True, "out"  # type: ignore[attr-defined]
    state.winner = 0  # type: ignore[attr-defined]
    assert rollout_value(state, 0, [0, 0], -1.0) == WIN_VALUE
    assert rollout_value(state, 1, [0, 0], -1.0) == 0.0
    state.reason, state.winner = "stock", None  # type: ignore[attr-defined]
    state.hands[1] = list(state.hands[0])  # type: ignore[attr-defined]
    assert rollout_value(state, 0, [0, 0], -1.0) == WIN_VALUE / 2
