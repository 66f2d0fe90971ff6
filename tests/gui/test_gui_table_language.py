"""Headless: G switches the table's language as it does the start screen's.

Played under Xvfb: G at the table did nothing; the language could only be changed by leaving the game."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table

from romme_table.controller import Controller, Seat


def test_g_at_the_table_switches_its_words_and_back(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=3, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    key(app, pygame.K_d, surface)  # draw: the discards are listed
    english = [label for label, _ in scene._buttons()]
    assert "Hint (H)" in english and any(". discard" in label for label in english), english
    key(app, pygame.K_g, surface)
    assert c.lang == app.lang == "de"
    german = [label for label, _ in scene._buttons()]
    assert "Tipp (H)" in german and not any("discard" in label for label in german), german
    assert "Sprache: Deutsch" in c.message
    key(app, pygame.K_g, surface)
    assert c.lang == app.lang == "en" and [label for label, _ in scene._buttons()] == english


def test_g_renames_the_default_seats_and_keeps_a_typed_name(surface):
    """Played under Xvfb: after G at a Räuber-Rommé table the message line read 'You, du bist dran' and the scores
    'Punkte: You 0', the seat named in the language the game began in."""
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Anna", "bot", "greedy")]
    c = Controller("romme", seats, seed=3, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    key(app, pygame.K_g, surface)
    assert [s.name for s in c.seats] == ["Du", "Bot 1", "Anna"]
    assert c.status().startswith("Du bist dran"), c.status()
    assert [s.kind for s in c.seats] == ["human", "bot", "bot"] and c.seats[1].level == "greedy"
    key(app, pygame.K_g, surface)
    assert [s.name for s in c.seats] == ["You", "Bot 1", "Anna"]
    assert c.status().startswith("Your turn"), c.status()


def test_g_renames_the_players_of_a_hot_seat_game(surface):
    c = Controller("romme", [Seat("Player 1"), Seat("Player 2"), Seat("Ben")], seed=3, bot_delay=0.0)
    app, scene = open_table(c, surface)
    scene.switch_language()  # G at the table, the curtain aside
    assert [s.name for s in c.seats] == ["Spieler 1", "Spieler 2", "Ben"]


def test_a_hot_seat_game_resumed_in_the_other_language_renames_its_players(surface, tmp_path):
    """A hot-seat game saved in English and resumed in a German session: 'You' became 'Du', but 'Player 2' stayed
    English beside it ('Player 2, du bist dran' on the curtain)."""
    from romme_table import autosave, table_saves
    from romme_table.start_screen import StartModel

    seats = [Seat("Player 1"), Seat("Player 2"), Seat("Ben")]
    c = Controller("romme", seats, seed=3, bot_delay=0.0)
    app, scene = open_table(c, surface)
    app.save_dir = tmp_path
    table_saves.save_game(scene)
    resumed, why = autosave.resume(table_saves.save_path(scene), StartModel(game="romme", seats=list(seats)), "de")
    assert resumed is not None, why
    assert [s.name for s in resumed.seats] == ["Spieler 1", "Spieler 2", "Ben"]
