"""Headless: the score sheet stays until a key or click meant for it.

Played under Xvfb: Enter, pressed to play on at the table, closed a deal's score sheet the moment it appeared."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import SIZE, key, open_table, play_until

from romme.bots import make_bot
from romme_table import dialogs
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.rounds import round_ended, round_marker


def test_a_key_in_the_sheets_first_moments_leaves_it_open(surface, monkeypatch):
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)
    helper = make_bot("romme", "expert", seed=5)

    def ends_the_deal(c: Controller) -> bool:
        marker, probe = round_marker(c.observation()), c.state.clone()
        probe.apply(helper.choose(c.state.clone()))
        return round_ended(marker, probe.observation(0), was_over=False)

    assert play_until(c, ends_the_deal, level="expert")
    app, scene = open_table(c, surface)
    c.hint()
    key(app, pygame.K_RETURN, surface)  # Enter plays the hint: the player goes out
    app.update(0.0)
    assert isinstance(app.top, ScoreScene)
    app.draw(surface)  # the sheet's first frame
    now = [dialogs.monotonic()]
    monkeypatch.setattr(dialogs, "monotonic", lambda: now[0])
    for k in (pygame.K_RETURN, pygame.K_ESCAPE):  # pressed again at once: meant for the table
        key(app, k, surface)
        assert isinstance(app.top, ScoreScene)
    shown = now[0]
    now[0] += 1.0  # the next Enter of a player playing by hint and Enter: still meant for the table
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, ScoreScene)
    now[0] = shown + dialogs.SHEET_GRACE
    key(app, pygame.K_RETURN, surface)  # read, then closed
    assert app.top is scene


@pytest.mark.parametrize(("answer", "dealt"), [(pygame.K_RETURN, 42), (pygame.K_r, 41)])
def test_play_again_with_a_numbered_deal_deals_the_next_number_or_the_same_on_r(surface, answer, dealt):
    """Game no. 41 played to its end: 'Play again' dealt 41 again, the same cards; Enter now deals 42 (the start
    screen keeps it), R deals 41 again, and the sheet says so."""
    from romme_table.scenes import SceneStack
    from romme_table.start_screen import StartModel, StartScene
    from romme_table.table_scene import TableScene

    model = StartModel(game="rummy", seats=[Seat("A", "bot", "greedy"), Seat("B", "bot", "greedy")], seed=41)
    app = SceneStack(SIZE, "en")
    start = StartScene(model)
    app.push(start)
    start.start()
    table = app.top
    assert isinstance(table, TableScene) and table.c.seed == 41
    table.c.bot_delay = 0.0
    table.c.run_bots_until_human()
    app.update(0.0)
    sheet = app.top
    assert isinstance(sheet, ScoreScene) and table.c.state.is_over
    assert sheet._continue_text().startswith("Next game no. 42 (Enter)") and "same cards (R)" in sheet._continue_text()
    app.draw(surface)
    sheet.shown_at -= dialogs.SHEET_GRACE
    key(app, answer, surface)
    again = app.top
    assert isinstance(again, TableScene) and again is not table and again.c.seed == dealt and model.seed == dealt
    assert again.c.hand() == Controller("rummy", list(model.seats), seed=dealt).hand()  # that deal's cards


@pytest.mark.parametrize(("answer", "same"), [(pygame.K_RETURN, False), (pygame.K_r, True)])
def test_play_again_with_fresh_shuffles_deals_anew_or_the_same_cards_on_r(surface, answer, same):
    """A fresh shuffle every game: Enter plays a new shuffle; R the game's cards once more (the start screen keeps
    dealing fresh shuffles after it)."""
    from romme_table.scenes import SceneStack
    from romme_table.start_screen import StartModel, StartScene
    from romme_table.table_scene import TableScene

    model = StartModel(game="rummy", seats=[Seat("A", "bot", "greedy"), Seat("B", "bot", "greedy")])
    app = SceneStack(SIZE, "en")
    app.push(StartScene(model))
    app.top.start()
    finished = app.top.c
    finished.run_bots_until_human()
    app.update(0.0)
    assert app.top._continue_text().startswith("Play again (Enter)   ·   same cards (R)")
    app.top.shown_at = None
    key(app, answer, surface)
    again = app.top
    assert isinstance(again, TableScene) and again.c is not finished and model.seed is None
    first_deal = Controller("rummy", list(model.seats), seed=finished.seed).hand()
    assert (again.c.seed == finished.seed) == same and (again.c.hand() == first_deal) == same


def test_the_hot_seat_curtain_stays_for_a_second_enter(surface, monkeypatch):
    """Hot seat: the player who ended the turn with Enter pressed it again at once: the curtain lifted and the next
    player's hand lay open to the one who had just played."""
    from romme_table.dialogs import CurtainScene

    c = Controller("romme", [Seat("Ann"), Seat("Bea")], seed=4, bot_delay=0.0)
    app, scene = open_table(c, surface)
    app.update(0.0)
    assert isinstance(app.top, CurtainScene)
    app.top.shown_at = None  # (opened long ago)
    key(app, pygame.K_RETURN, surface)
    assert app.top is scene and c.viewer == 0
    for _ in range(2):  # Ann's turn by hints and Enter: draw, then discard
        c.hint()
        key(app, pygame.K_RETURN, surface)
        app.update(0.0)
    assert c.state.current_player == 1 and isinstance(app.top, CurtainScene)
    app.draw(surface)  # the curtain's first frame
    now = [dialogs.monotonic()]
    monkeypatch.setattr(dialogs, "monotonic", lambda: now[0])
    key(app, pygame.K_RETURN, surface)  # Ann's Enter again, at once
    assert isinstance(app.top, CurtainScene) and c.viewer == 0
    now[0] += dialogs.SHEET_GRACE
    key(app, pygame.K_RETURN, surface)  # Bea, ready
    assert app.top is scene and c.viewer == 1


def test_play_again_keeps_the_finished_games_seats_rules_and_pause(surface):
    """A resumed game's 'Play again' dealt the start screen's seats and rules, and the bots' pause set with - was
    back at its default: the new table is the finished game's, with new cards."""
    from romme.rules import Rules
    from romme_table.scenes import SceneStack
    from romme_table.start_screen import StartModel, StartScene
    from romme_table.table_scene import TableScene

    model = StartModel(game="rummy", seats=[Seat("A", "bot", "greedy"), Seat("B", "bot", "greedy")])
    app = SceneStack(SIZE, "en")
    app.push(StartScene(model))
    seats = [Seat("A", "bot", "expert"), Seat("B", "bot", "random")]
    finished = Controller("rummy", seats, seed=5, rules=Rules.make("rummy", "no-cap"), preset="no-cap", bot_delay=0.0)
    app.push(TableScene(finished))  # as Resume opens a saved game
    finished.run_bots_until_human()
    app.update(0.0)
    app.top.shown_at = None
    key(app, pygame.K_RETURN, surface)
    again = app.top
    assert isinstance(again, TableScene) and again.c is not finished and not again.c.state.history
    assert again.c.seats == seats and again.c.bot_delay == 0.0 and again.c.preset == "no-cap"
    assert again.c.state.rules.options == finished.state.rules.options and again.c.seed != finished.seed
