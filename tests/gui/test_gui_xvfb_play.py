"""Headless: what playing the table in a real window under Xvfb found (session 40), each driven
through the window's own event path (pygame mouse and key events -> intents -> scenes)."""

from __future__ import annotations

from gui_driver import open_table

from romme.bots import make_bot
from romme.games.krass import PlayMove
from romme_table.controller import Controller, Seat
from romme_table.move_log import log_lines


def test_krass_deal_ending_plays_are_logged_with_their_cards(surface):
    """A play that ends the deal leaves no trick to read its cards from: the log and the message
    named it by hand positions ("play 0-1"). Every play, the last of a deal too, names its cards."""
    seats = [Seat("You")] + [Seat(f"Bot{i}", "bot", "greedy") for i in (1, 2)]
    c = Controller("krass", seats, seed=5, bot_delay=0.0)
    app, scene = open_table(c, surface)
    helper = make_bot("krass", "greedy", seed=7)
    messages = []
    while c.observation()["deal"] < 3 and len(c.state.history) < 600:
        before = len(c.state.history)
        if c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        for _ in range(200):
            if len(c.state.history) > before:
                break
            app.update(0.0)
            if c._future is not None:
                c._future.result()
        while app.top is not scene:  # a deal's score sheet
            app.pop()
        app.update(0.0)
        messages.append(c.message)
    assert c.observation()["deal"] >= 3, "two deals must have ended"
    lines = log_lines("krass", c.state.history, [s.name for s in c.seats], "en", 1000, scene.log_notes)
    plays = [line for line, move in zip(lines, c.state.history) if isinstance(move, PlayMove)]
    assert plays and all(": plays " in line and "(" in line for line in plays), plays
    assert not [m for m in messages if "play " in m.split(": ")[-1]], messages
