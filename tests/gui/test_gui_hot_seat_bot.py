"""Headless: at a hot-seat table the hand of the human who just moved goes face down while a computer moves.

Played under Xvfb (H6 Q5: Rommé, Räuber, 1024x600, German, Spieler 1 and 2 human, Bot 2): after Spieler 2 discarded,
Bot 2's whole turn (a second or more, far longer with a master bot) was played with Spieler 2's hand face up under the
table, and only then the hand-over screen came: Spieler 1, watching the bot's move, read Spieler 2's hand.
"""

from __future__ import annotations

import pytest
from gui_driver import drawn_cards, open_table

from romme.bots import make_bot
from romme_table.controller import Controller, Seat


def _to_the_bots_turn(c: Controller) -> None:
    """The humans play (the curtain lifted for each) until the computer is to move after a human's turn."""
    helper = make_bot(c.game_id, "greedy", seed=7)
    for _ in range(200):
        if c.needs_curtain():
            c.lift_curtain()
        if not c.is_human_turn():
            return
        assert c.play(helper.choose(c.state.clone())), c.message
    raise AssertionError("the computer never came to move")


@pytest.mark.parametrize("game", ["romme", "rummy", "krass"])
def test_the_last_humans_hand_is_face_down_while_a_computer_moves(surface, monkeypatch, game) -> None:
    seats = [Seat("Spieler 1"), Seat("Spieler 2"), Seat("Bot 2", "bot", "greedy")]
    c = Controller(game, seats, seed=4, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface)
    _to_the_bots_turn(c)
    lay = scene.compute_layout()
    spots = {tuple(r) for r in (*lay.hand, *lay.reserves)}
    drawn = [(r, tok) for r, tok, _ in drawn_cards(app, surface, monkeypatch) if tuple(r) in spots]
    assert drawn and all(tok is None for _, tok in drawn), [tok for _, tok in drawn]  # backs only
    c.run_bots_until_human()  # the next human takes the seat behind the curtain: their hand face up again
    c.lift_curtain()
    lay = scene.compute_layout()
    spots = {tuple(r) for r in lay.hand}
    faces = [tok for r, tok, _ in drawn_cards(app, surface, monkeypatch) if tuple(r) in spots]
    assert faces and all(tok is not None for tok in faces)


def test_a_single_humans_hand_stays_face_up_while_the_computers_move(surface, monkeypatch) -> None:
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=4, bot_delay=0.0)
    app, scene = open_table(c, surface)
    _to_the_bots_turn(c)
    spots = {tuple(r) for r in scene.compute_layout().hand}
    faces = [tok for r, tok, _ in drawn_cards(app, surface, monkeypatch) if tuple(r) in spots]
    assert faces and all(tok is not None for tok in faces)
