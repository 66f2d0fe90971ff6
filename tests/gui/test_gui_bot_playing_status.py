"""Headless: while a bot's cards fly, the status line says it is playing (not that it 'moves next').

Played under Xvfb: Rommé, a bot drawing, laying two melds, adding two cards and discarding; between its moves,
while each move's cards flew, the status line read 'Bot 1 moves next', in the middle of Bot 1's own turn."""

from __future__ import annotations

from gui_driver import open_table

from romme.bots import make_bot
from romme_table.controller import Controller, Seat


def test_between_a_bots_moves_the_status_says_it_is_playing(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.6)
    app, scene = open_table(c, surface)
    helper = make_bot("romme", "greedy", seed=7)
    while c.is_human_turn():
        assert c.play(helper.choose(c.state.clone())), c.message
    played = len(c.state.history)
    for _ in range(400):  # frames until the bot's first move is played and its card flies
        app.update(0.0)
        if c._future is not None:
            c._future.result()
        c._ready_at = 0.0  # no pause before the move (the flight is what is watched)
        if len(c.state.history) > played and scene.anim.flights:
            break
    assert scene.anim.flights and not c.is_human_turn()
    app.update(0.0)
    assert c.status() == "Bot 1 is playing…", c.status()
    c.lang = "de"
    assert c.status() == "Bot 1 spielt…"
    scene.anim.skip()
    app.update(0.0)
    assert "moves next" not in c.status() and "playing" not in c.status()  # landed: thinking, or done
