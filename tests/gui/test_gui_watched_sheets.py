"""Headless: a table of bots only goes on past each round's score sheet by itself; the winner sheet waits.

Watched under Xvfb: a game with every seat a bot stopped at each round's sheet until a key was pressed, as if
someone were playing; a watcher expects the sheet for a few seconds and the game to go on."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table

from romme.bots import make_bot
from romme_table import dialogs
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.i18n import t
from romme_table.scenes import SceneStack


def run_until_sheet(app: SceneStack, c: Controller, surface: pygame.Surface, limit: int = 5000) -> ScoreScene:
    """Frames of the window (the bots moving at full speed) until a score sheet lies on top; drawn once."""
    for _ in range(limit):
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            app.draw(surface)
            return app.top
        if c._future is not None:
            c._future.result()
    raise AssertionError("no score sheet came")


def bots(n: int) -> list[Seat]:
    return [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, n + 1)]


def test_a_rounds_sheet_closes_by_itself_when_only_bots_play(surface, monkeypatch):
    c = Controller("romme", bots(2), seed=1, bot_delay=0.0)
    app, table = open_table(c, surface)
    sheet = run_until_sheet(app, c, surface)
    assert sheet.round_over and not c.state.is_over
    now = [sheet.shown_at]
    monkeypatch.setattr(dialogs, "monotonic", lambda: now[0])
    now[0] += 1.0
    app.update(0.0)
    assert app.top is sheet and "4 s" in sheet._continue_text(), sheet._continue_text()  # counted down
    assert "score sheet" not in c.status(sheet_open=table.sheet_over_table())  # no one is asked to close it
    now[0] += dialogs.SHEET_WATCHED
    app.update(0.0)
    assert app.top is table  # the game goes on
    played = len(c.state.history)
    for _ in range(50):
        app.update(0.0)
        if c._future is not None:
            c._future.result()
    assert len(c.state.history) > played


def test_a_key_still_closes_a_watched_sheet_at_once(surface, monkeypatch):
    c = Controller("romme", bots(2), seed=1, bot_delay=0.0)
    app, table = open_table(c, surface)
    sheet = run_until_sheet(app, c, surface)
    sheet.shown_at -= dialogs.SHEET_GRACE
    key(app, pygame.K_RETURN, surface)
    assert app.top is table


def test_a_rounds_sheet_waits_when_someone_plays(surface, monkeypatch):
    c = Controller("romme", [Seat("You"), *bots(1)], seed=1, bot_delay=0.0)
    app, table = open_table(c, surface)
    helper = make_bot("romme", "greedy", seed=3)  # plays the human seat
    for _ in range(3000):  # the human seat plays the bots' way until the round's sheet comes
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            break
        if c._future is not None:
            c._future.result()
        if c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
    sheet = app.top
    assert isinstance(sheet, ScoreScene) and sheet.round_over
    app.draw(surface)
    assert sheet._continue_text() == t("continue", "en")
    monkeypatch.setattr(dialogs, "monotonic", lambda: (sheet.shown_at or 0.0) + 60.0)
    app.update(0.0)
    assert app.top is sheet


def test_the_winner_sheet_waits_when_only_bots_play(surface, monkeypatch):
    c = Controller("rummy", bots(2), seed=2, bot_delay=0.0)  # one deal is the game
    app, table = open_table(c, surface)
    sheet = run_until_sheet(app, c, surface)
    assert c.state.is_over and not sheet.round_over
    monkeypatch.setattr(dialogs, "monotonic", lambda: (sheet.shown_at or 0.0) + 60.0)
    app.update(0.0)
    assert app.top is sheet
