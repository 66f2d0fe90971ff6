"""Headless: while the master thinks, the status line says how far its search has come.

Played under Xvfb (a load of 12 on two cores): 'Bot 1 is thinking… 17.5 s of about 1 s'. The master's budget
is a count of simulated moves (a move is the same under any load), so seconds said nothing of how long is left."""

from __future__ import annotations

import re
import time

from gui_driver import open_table

from romme.bots import make_bot
from romme_table.bot_turns import THINKING_SHOWN_AFTER
from romme_table.controller import Controller, Seat


def test_the_master_reports_how_far_its_search_is():
    bot = make_bot("koenigs", "master", seed=1, think=0.1)
    c = Controller("koenigs", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=3)
    helper = make_bot("koenigs", "greedy", seed=7)
    searched = []
    for _ in range(6):  # the first few turns: some positions have one candidate and need no search
        c.run_bots_until_human()
        assert 0.0 <= bot.progress <= 1.0
        bot.choose(c.state.clone())
        searched.append(bot.progress)
        assert c.play(helper.choose(c.state.clone())), c.message
    assert any(0.5 < p <= 1.0 for p in searched), searched


def test_the_status_line_shows_the_masters_progress(surface):
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0)
    # ~1.2 s on a free core (think=6.0 took 0.6 s on a fast one: one glance past THINKING_SHOWN_AFTER, no progress seen)
    c.bots[1] = make_bot("koenigs", "master", seed=1, think=12.0)
    app, _ = open_table(c, surface)
    helper = make_bot("koenigs", "greedy", seed=7)
    while c.is_human_turn():
        assert c.play(helper.choose(c.state.clone())), c.message
    app.update(0.0)  # the master starts thinking in its thread
    seen = []
    deadline = time.monotonic() + 30
    while c._future is not None and not c._future.done() and time.monotonic() < deadline:
        time.sleep(THINKING_SHOWN_AFTER / 10)  # (glances often enough to see it move on however fast the host)
        status = c.status()
        found = re.fullmatch(r"Bot 1 is thinking… \d+\.\d s, (\d+) % of its search", status)
        if found:
            seen.append(int(found.group(1)))
        else:
            assert status == "Bot 1 is thinking…", status  # a glance, or done
    c._future.result()
    assert seen and seen == sorted(seen) and seen[-1] > seen[0], seen  # it moves on, never back
