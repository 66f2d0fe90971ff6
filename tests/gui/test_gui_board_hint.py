"""Headless: H on the rebuild board lays the hint's table out there, as H on the table does.

Seen under Xvfb in Rummy: with the board open (T, or a card dropped on a meld, which opens it in Rummy) H said only
'No hint while the table is rebuilt: End turn (E) or Cancel (Esc) first'.
"""

from __future__ import annotations

from collections import Counter

import pygame
from gui_driver import key, open_table

from romme.table import place_table
from romme_table.controller import Controller, Seat


def _board_then_hint(surface):
    for seed in range(1, 40):
        c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, bot_delay=0.0)
        c.run_bots_until_human()
        app, scene = open_table(c, surface)
        key(app, pygame.K_t, surface)
        if c.editor is None:
            continue
        key(app, pygame.K_h, surface)
        if place_table(c.hint_move) is not None:
            return c, app, scene
    raise AssertionError("no seed gave a whole-table hint")


def test_h_on_the_open_board_lays_the_hint_out_there(surface):
    c, app, scene = _board_then_hint(surface)
    hinted = place_table(c.hint_move)
    assert c.editor is not None and scene.melds() == hinted, c.message
    assert c.message.startswith("Hint on the table"), c.message
    assert Counter(c.editor.hand_left) + Counter(c.editor.placed) == Counter(c.hand())
    before = len(c.state.history)
    key(app, pygame.K_e, surface)
    assert len(c.state.history) == before + 1 and c.editor is None, c.message
    assert sorted(map(sorted, c.melds())) == sorted(map(sorted, hinted))


def test_h_replaces_what_was_built_on_the_board(surface):
    c, app, scene = _board_then_hint(surface)
    key(app, pygame.K_ESCAPE, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None and c.editor.move(("hand", 0, 0), None)  # a lone card: a half-built table
    key(app, pygame.K_h, surface)
    assert scene.melds() == place_table(c.hint_move) and c.editor.invalid() == [], c.message
