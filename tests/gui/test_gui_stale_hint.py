"""A hint given after a move is dropped when that move is taken back: the same number of moves played later is
another position (H8's key fuzz: 1x1-Rommé's action list applied the old hint and raised IllegalMoveError)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from romme_table.controller import Controller, Seat


def _moves_that_keep_the_turn(c: Controller) -> list:
    kept = []
    for move in c.state.legal_moves():
        after = c.state.clone()
        after.apply(move)
        if after.current_player == c.viewer and not after.is_over and "draw" not in str(move):
            kept.append(move)
    return kept


def test_a_hint_after_a_move_taken_back_is_no_hint_of_the_next_position():
    c = Controller("einmaleins", [Seat("A"), Seat("B", "bot", "random")], seed=2, bot_delay=0.0)
    for _ in range(30):
        c.run_bots_until_human()
        kept = _moves_that_keep_the_turn(c)
        if len(kept) >= 2:
            break
        c.play(c.state.legal_moves()[0])
    first, second = kept[0], kept[1]
    assert c.play(first) and c.can_undo()
    c.hint()
    assert c.current_hint() is not None
    assert c.undo_turn()
    assert c.play(second)
    assert c.current_hint() is None  # the old hint laid cards 'second' has laid already
    c.hint()
    hint = c.current_hint()
    assert hint is not None and c.state.is_legal(hint)


def test_a_hint_given_before_a_move_taken_back_holds_again():
    c = Controller("einmaleins", [Seat("A"), Seat("B", "bot", "random")], seed=2, bot_delay=0.0)
    for _ in range(30):
        c.run_bots_until_human()
        kept = _moves_that_keep_the_turn(c)
        if kept:
            break
        c.play(c.state.legal_moves()[0])
    c.hint()
    hint = c.current_hint()
    assert c.play(kept[0]) and c.current_hint() is None
    assert c.undo_turn()
    assert c.current_hint() == hint  # the position it was given for is back
