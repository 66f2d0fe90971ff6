"""Headless: in Krass Kariert, Enter plays the one listed action that plays exactly the selected cards (play-test W7).

Played under Xvfb (H5, 640x420, German, game no. 538269, keyboard only): 5 6 4 selected with Right/Space, the column
listed only '1. 5 6 4 spielen (3er-Straße 6)', and Enter said 'Eingabe spielt die markierte Aktion: mit Pfeil
hoch/runter wählen (oder 1-9, oder klicken)': one key more for a play the player had just chosen card by card.
"""

from __future__ import annotations

import pygame
from gui_driver import key, open_table

from romme_table.controller import Controller, Seat
from romme_table.i18n import t
from romme_table.move_reading import move_positions


def test_enter_plays_the_selected_cards_one_listed_play(surface):
    seats = [Seat("Du"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("krass", seats, seed=1, bot_delay=0.0, lang="de")  # (538269's trick, against greedy bots: N alone)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (640, 420))
    key(app, pygame.K_RETURN, surface)  # nothing selected: Enter asks for an action, as before
    assert c.message == t("pick_action", "de") and c.is_human_turn()
    for move in [m for m in c.state.legal_moves() if m.to_json().get("kind") == "play"]:
        c.selected = list(move_positions(move) or [])
        scene.compute_layout()
        if len(scene.actions) == 1 and len(c.selected) > 1:  # seed 1: 4 6 5, a 3-straight
            break
    else:
        raise AssertionError("no selection lists one play")
    before = len(c.state.history)
    key(app, pygame.K_RETURN, surface)
    assert len(c.state.history) > before and c.state.history[before] == move, c.message


def test_enter_plays_nothing_where_the_one_listed_action_is_not_the_selection(surface):
    seats = [Seat("Du"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("krass", seats, seed=538269, bot_delay=0.0, lang="de")
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (640, 420))
    c.selected = [0]
    scene.compute_layout()
    listed = [move_positions(m) for m in scene.actions]
    before = len(c.state.history)
    key(app, pygame.K_RETURN, surface)
    if [0] not in listed or len(listed) != 1:  # the selection's own play alone is Enter's; anything else asks
        assert len(c.state.history) == before and c.message == t("pick_action", "de"), (listed, c.message)


def test_enter_on_a_selection_that_is_no_play_says_why(surface):
    """5 6 4 selected against 8 X 6 (game no. 538269, 640x420): the selection said 'nicht erlaubt: 5 6 4 schlägt
    3er-Straße 8 nicht', no action was listed, and Enter replaced that with 'Eingabe spielt die markierte Aktion: mit
    Pfeil hoch/runter wählen', an action to choose where there was none."""
    seats = [Seat("Du"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("krass", seats, seed=538269, bot_delay=0.0, lang="de")
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (640, 420))
    plays = [move_positions(m) for m in c.state.legal_moves()]
    windows = [list(range(s, s + n)) for n in (3, 2) for s in range(len(c.hand()) - n + 1)]
    for place in next(w for w in windows if w not in plays):
        c.toggle(place)
    scene.compute_layout()
    assert not scene.actions  # nothing to choose
    said = c.message
    assert said.startswith("nicht erlaubt"), said
    before = len(c.state.history)
    key(app, pygame.K_RETURN, surface)
    assert len(c.state.history) == before and c.message == said, c.message
