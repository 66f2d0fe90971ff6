"""Headless: the winner sheet shows the player's record of the game at this computer, counted once per game.

Played under Xvfb, every game to its end: the winner sheet named the winner and nothing of how the player had done
over the games before, a card app's first comfort after a game."""

from __future__ import annotations

import json

import pygame
from gui_driver import key, open_table

from romme.bots import make_bot
from romme_table import dialogs, records
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene


def _finish(c: Controller) -> None:
    helper = make_bot(c.game_id, "greedy", seed=3)
    while not c.state.is_over:
        c.run_bots_until_human()
        if not c.state.is_over:
            assert c.play(helper.choose(c.state.clone())), c.message


def test_a_game_finished_at_the_table_counts_once(surface, tmp_path, monkeypatch):
    seen: list[str] = []
    real = dialogs.fit_text
    monkeypatch.setattr(dialogs, "fit_text", lambda surf, s, *a: (seen.append(s), real(surf, s, *a))[1])
    for n in (1, 2):
        c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0)
        app, scene = open_table(c, surface)
        app.settings_dir = tmp_path
        _finish(c)
        app.update(0.0)
        assert isinstance(app.top, ScoreScene)
        won = 0 in c.state.result().winners
        app.draw(surface)
        assert f"Your Rummy record: {n * won} won of {n}" in seen
        app.top.shown_at = None
        key(app, pygame.K_ESCAPE, surface)  # to the table, and its sheet again: counted once
        key(app, pygame.K_RETURN, surface)
        assert isinstance(app.top, ScoreScene)
        assert records.read(tmp_path)["rummy"] == (n * won, n)


def test_a_loaded_finished_game_a_hot_seat_game_and_a_bad_file_count_nothing(surface, tmp_path):
    (tmp_path / records.RECORDS_FILE).write_text('{"rummy": {"won": 5, "played": 2}, "krass": [1]}')
    assert records.read(tmp_path) == {}  # more won than played, a list: both dropped
    finished = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0)
    _finish(finished)
    loaded = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3)
    loaded.replace_state(finished.state.clone())
    hot = Controller("rummy", [Seat("Ann"), Seat("Bea")], seed=3)
    helper = make_bot("rummy", "greedy", seed=3)
    while not hot.state.is_over:
        assert hot.play(helper.choose(hot.state.clone()))
    for c in (loaded, hot):
        app, _ = open_table(c, surface)
        app.settings_dir = tmp_path
        app.update(0.0)
        assert isinstance(app.top, ScoreScene) and c.record is None and app.top.record_text() == ""
    assert json.loads((tmp_path / records.RECORDS_FILE).read_text())["rummy"] == {"won": 5, "played": 2}
