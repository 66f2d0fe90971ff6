"""Headless: the table follows the game put on it by a number of its own, not by the state's id() (H6, session 57).

The caches and the table's news keyed on id(c.state). A loaded state is made while the one on the table lives, so it
never has that one's id; but a state freed by a load may give its memory to the next (two loads in one frame), and
the news, which had last seen the freed one, took the third game for the first and kept its marks. Each state put on
the table now gets a new ``Controller.state_serial``; the same object put back stands for a state at an old address.
"""

from __future__ import annotations

import pygame
from gui_driver import open_table

from romme_table.controller import Controller, Seat


def test_a_game_put_on_the_table_is_followed_afresh_even_at_an_old_address(surface: pygame.Surface) -> None:
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0)
    app, scene = open_table(c, surface)
    app.update(0.0)
    first = c.state_serial
    assert scene.news.follows(first)
    c.replace_state(c.state)  # the same object: at the address of the state it replaces
    assert c.state_serial != first and not scene.news.follows(c.state_serial)
    app.update(0.0)
    assert scene.news.follows(c.state_serial) and not scene.news.follows(first)
    other = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0)
    assert other.state_serial not in (first, c.state_serial)  # one numbering for every table of the process
