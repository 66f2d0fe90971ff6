"""Headless: on the board (T) of standard Rommé a card that lay on the table stays where it lies.

Played under Xvfb (H6 P4, Rommé, 1024x600, German): the board let 8c be dragged out of the set 8c 8d 8s onto the
free table, and only E's check of the finished table refused it ('ein Satz hat 3 oder 4 Karten, hier 2'), never
saying that standard Rommé moves no table cards. A press on such a card now says so and drags nothing; Räuber-Rommé's
board still moves them.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table, play_until, send

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.i18n import t


@pytest.mark.parametrize("preset,stays", [("standard", True), ("rauber", False)])
def test_a_table_card_stays_on_the_board_of_standard_romme(preset: str, stays: bool, surface) -> None:
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("romme", seats, seed=3, bot_delay=0.0, rules=Rules.make("romme", preset))

    def ready(c: Controller) -> bool:  # drawn, a table of melds
        kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
        return bool(c.melds()) and "draw" not in kinds

    assert play_until(c, ready)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None
    lay = scene.compute_layout()
    k, j = next((k, j) for k, meld in enumerate(c.editor.melds) for j, tok in enumerate(meld) if tok != "*")
    pos = lay.melds[k][j].move(2, 2).topleft
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), surface)
    if stays:
        assert scene.edit_drag is None and c.message == t("table_fixed", "en")
    else:
        assert scene.edit_drag == ("meld", k, j)
