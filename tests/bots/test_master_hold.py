"""Rummy's master holds a small hand until it can go out in one turn (``master_hold``)."""

from __future__ import annotations

from collections.abc import Iterator

from romme.bots import make_bot, master_hold
from romme.bots.master import MasterBot
from romme.bots.master_hold import holds
from romme.engine import GameState, Move, new_game
from romme.games import rummy as game


def expert_positions(seed: str, **options: int) -> Iterator[tuple[GameState, Move]]:
    """Every position of an expert game (Rummy's ``options``) with the expert's move there."""
    state = new_game("rummy", players=2, seed=seed, **options)
    bots = [make_bot("rummy", "expert", f"{seed}/{s}") for s in range(2)]
    while not state.is_over:
        move = bots[state.current_player].choose(state)
        yield state, move
        state.apply(move)


def placed(state: GameState, move: Move) -> int:
    after = state.clone()
    after.apply(move)
    p = state.current_player
    return sum(state.hands[p]) - sum(after.hands[p])  # type: ignore[attr-defined]


def test_a_small_hand_is_held_only_where_the_expert_places_part_of_it() -> None:
    """Held: opened, at most HOLD_HAND cards, more than HOLD_STOCK in the stock, the expert placing some but not all.
    Every position of a few expert games is checked against that rule, read from the real state."""
    held = kept = 0
    for g in range(6):
        for state, move in expert_positions(f"hold/{g}"):
            p = state.current_player
            size = sum(state.hands[p])  # type: ignore[attr-defined]
            stock = len(state.stock)  # type: ignore[attr-defined]
            opened = bool(state.opened[p])  # type: ignore[attr-defined]
            rule = (isinstance(move, game.RummyPlace) and opened and size <= master_hold.HOLD_HAND
                    and stock > master_hold.HOLD_STOCK and 0 < placed(state, move) < size)
            assert holds(state, move) == rule
            held += rule
            kept += isinstance(move, game.RummyPlace) and not rule
    assert held >= 5 and kept >= 20


def test_the_master_passes_where_it_holds_without_a_search() -> None:
    for state, move in expert_positions("hold/0"):
        if holds(state, move):
            bot = MasterBot("rummy", "hold", think=0.05)
            assert isinstance(bot.choose(state), game.PassMove)
            assert bot.rollouts == 0
            return
    raise AssertionError("no held position in the game")


def test_going_out_and_other_games_are_never_held() -> None:
    for state, move in expert_positions("hold/1"):
        size = sum(state.hands[state.current_player])  # type: ignore[attr-defined]
        if isinstance(move, game.RummyPlace) and placed(state, move) == size:
            assert not holds(state, move)
    other = new_game("einmaleins", players=2, seed=1)
    assert not holds(other, other.legal_moves()[0])


def test_two_holding_seats_still_end_the_game() -> None:
    """Both seats holding: every held pass draws a stock card and the hold stops at HOLD_STOCK, so the game ends
    (by a seat going out or the stock running out) well within a move cap; the passes were legal moves."""
    from romme.bots.master_rollout import RummyRollout

    expert = RummyRollout()
    held = 0
    for g in range(4):
        state = new_game("rummy", players=2, seed=f"both-hold/{g}")
        for _ in range(300):
            if state.is_over:
                break
            move = expert.choose(state)
            if holds(state, move):
                move = state.legal_moves()[0]
                assert isinstance(move, game.PassMove)
                held += 1
            state.apply(move)
        assert state.is_over
    assert held > 0


def test_the_hold_script_answers_bad_counts_with_exit_2() -> None:
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "scripts" / "rummy_hold_games.py"
    for args in (["abc"], ["0"], ["1", "-1"], ["1", "0", "-5"]):
        run = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=60)
        assert run.returncode == 2, (args, run.stderr)
        assert "Traceback" not in run.stderr and run.stdout == ""


def test_the_hold_reads_only_the_seats_own_view() -> None:
    """The other seat's hand and the stock's order dealt again (the seat's observation unchanged): the rule answers
    the same at every position of two expert games, held or not."""
    from romme.bots.master_worlds import determinize
    from romme.rng import Rng

    held = 0
    for g in range(2):
        for k, (state, move) in enumerate(expert_positions(f"hold/{g}")):
            other = determinize(state, state.current_player, Rng(k))
            assert other.observation(state.current_player) == state.observation(state.current_player)
            assert holds(other, move) == holds(state, move)
            held += holds(state, move)
    assert held > 0


def test_a_lower_cap_on_the_cards_placed_a_turn_holds_only_a_hand_that_fits_it() -> None:
    """A held hand waits to be placed whole in one turn: with at most 5 hand cards placed a turn a hand of 6 to 11
    is never held (it never could be placed whole; held, the seat passed until its hand outgrew HOLD_HAND, over and
    over), a hand of at most 5 still is; without a cap (0) the hand limit is HOLD_HAND."""
    held = 0
    for g in range(3):
        for state, move in expert_positions(f"cap/{g}", max_hand_cards_per_turn=5):
            if holds(state, move):
                assert sum(state.hands[state.current_player]) <= 5  # type: ignore[attr-defined]
                held += 1
    assert held > 0
    assert master_hold.hand_limit(new_game("rummy", players=2, max_hand_cards_per_turn=0)) == master_hold.HOLD_HAND
    assert master_hold.hand_limit(new_game("rummy", players=2)) == master_hold.HOLD_HAND
