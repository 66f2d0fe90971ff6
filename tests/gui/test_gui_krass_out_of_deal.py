"""Headless: in Krass Kariert, once the player's hand is played out and the others play the deal on, the status line
says the player is out of this deal.

Played under Xvfb (Krass Kariert, German, three seats, game no. 447629, 800x600): the hand played out mid-deal, the
bots played on for several tricks, and the status line read only 'Bot 1 überlegt…' beside an empty hand.
"""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme_table.controller import Controller, Seat


@pytest.mark.parametrize(("lang", "words"), [("en", "you are out of this deal (no cards left)"),
                                             ("de", "du bist in diesem Durchgang raus (keine Karten mehr)")])
def test_the_status_says_the_player_is_out_of_the_deal(lang: str, words: str) -> None:
    helper = make_bot("krass", "greedy", seed=3)
    for seed in range(1, 60):
        c = Controller("krass", [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")],
                       seed=seed, bot_delay=0.0, lang=lang)
        deal = c.observation()["deal"]
        for _ in range(400):
            seen = c.observation()
            if c.state.is_over or seen["deal"] != deal:
                break
            if not c.is_human_turn():
                assert words not in c.status() or not seen["in_deal"][0], c.status()
                if not seen["in_deal"][0]:  # the hand played out, a bot to move in this deal
                    assert c.status().endswith(f" · {words}"), c.status()
                    return
                c.poll_bots(now=float("inf"))
                if c._future is not None:
                    c._future.result()
                    c.poll_bots(now=float("inf"))
                continue
            assert words not in c.status(), c.status()
            assert c.play(helper.choose(c.state.clone())), c.message
    pytest.fail("no deal found where the player's hand is played out before the deal ends")
