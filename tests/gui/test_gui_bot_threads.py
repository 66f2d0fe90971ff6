"""Headless: a table that closes or loads another game while the master thinks leaves no search running.

Played under Xvfb: 'New game' while the master bot thought left its search running in its thread beside the new
game's bots, and a load during a search queued the loaded game's first bot move behind the old search on the one
worker, whose progress the status line then read for the new bot."""

from __future__ import annotations

import time

from gui_driver import play_until

from romme.bots import make_bot
from romme_table.controller import Controller, Seat


def _master_thinking(think: float) -> tuple[Controller, object]:
    """A table whose bot seat (a master thinking ``think`` seconds a move) is searching now."""
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "master")], seed=3, bot_delay=0.0)
    c.bots[1] = make_bot("koenigs", "master", seed=1, think=think)
    helper = make_bot("koenigs", "greedy", seed=7)
    for _ in range(20):  # until the master's move is one that needs a search (more than one candidate)
        assert play_until(c, lambda c: c.is_human_turn())
        while c.is_human_turn():  # the human's whole turn (draw, then discard)
            assert c.play(helper.choose(c.state.clone())), c.message
        c.poll_bots(now=0.0)
        bot = c._thinker
        deadline = time.monotonic() + 20
        while not c._future.done() and bot.used == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        if not c._future.done():
            return c, bot
        c.poll_bots(now=float("inf"))
    raise AssertionError("the master never searched")


def test_closing_the_table_stops_the_masters_search():
    c, bot = _master_thinking(think=120.0)  # two minutes of search a move: only a stop ends it soon
    future, budget = c._future, bot.budget
    c.close()
    future.result(timeout=15)  # the search ended at its next check, not after its budget
    assert bot.used < budget // 10 and bot.progress == 1.0


def test_a_load_during_a_search_drops_it_and_the_new_bots_start_at_once():
    c, bot = _master_thinking(think=120.0)
    old = c._future
    loaded = c.state.clone()
    c.replace_state(loaded)
    assert c._future is None and c.bots[1] is not bot  # the old search writes nothing into the new game's bots
    old.result(timeout=15)
    c.bots[1] = make_bot("koenigs", "greedy", seed=2)
    c.poll_bots(now=0.0)  # the loaded game's bot moves on its own worker, not behind the old search
    c._future.result(timeout=15)
    assert c.poll_bots(now=float("inf"))
    assert c.state.history[: len(loaded.history)] == loaded.history
