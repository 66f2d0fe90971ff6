"""Headless: Start while a game of the chosen game waits to be resumed asks first.

Played under Xvfb (1920x1080, German): a Räuber-Rommé game to 500 left open by closing the window showed 'Rommé
fortsetzen (L)' on the start screen; Enter on Start dealt a new game at once, and that game's autosave (or its end)
replaced the saved one without a word."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, start_app

from romme.bots import make_bot
from romme_table import app as table_app
from romme_table import autosave, settings_store
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ConfirmScene, ScoreScene
from romme_table.start_screen import StartScene
from romme_table.table_scene import TableScene


def left_open(tmp_path, surface) -> list[object]:  # noqa: ANN001
    """A game played a move and left by closing the window; its moves."""
    app = start_app(tmp_path, surface)
    app.top.model.seats = [Seat("Anna"), Seat("Bot 1", "bot", "random")]
    key(app, pygame.K_RETURN, surface)
    c = app.top.c
    c.run_bots_until_human()
    key(app, pygame.K_d, surface)  # draw
    assert c.state.history
    table_app.close(app, app.stack[0].model)
    assert settings_store.autosave_path(tmp_path / "saves", "koenigs").is_file()
    return list(c.state.history)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_enter_on_start_asks_and_resumes_the_saved_game(surface, tmp_path, lang):
    history = left_open(tmp_path, surface)
    app = start_app(tmp_path, surface, lang)
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, ConfirmScene), type(app.top)
    assert "Königs-Rommé" in app.top.question  # the game the start screen had chosen (the last one played)
    key(app, pygame.K_RETURN, surface)  # the safe answer: the saved game
    assert isinstance(app.top, TableScene) and app.top.c.state.history == history


def test_n_starts_the_new_game_and_esc_stays_on_the_start_screen(surface, tmp_path):
    left_open(tmp_path, surface)
    app = start_app(tmp_path, surface)
    key(app, pygame.K_RETURN, surface)
    key(app, pygame.K_ESCAPE, surface)
    assert isinstance(app.top, StartScene)
    assert settings_store.autosave_path(tmp_path / "saves", "koenigs").is_file()
    key(app, pygame.K_RETURN, surface)
    key(app, pygame.K_n, surface)
    assert isinstance(app.top, TableScene) and not app.top.c.state.history


def test_no_saved_game_no_question(surface, tmp_path):
    app = start_app(tmp_path, surface)
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, TableScene)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_saved_game_that_cannot_be_resumed_is_set_aside_not_asked_about_again(surface, tmp_path, lang):
    """A broken autosave made Start ask 'Resume (Enter)' every time: Enter failed ('cannot resume'), OK went back
    to the start screen, and the next Start asked again; only N ever dealt. It is set aside (kept, named)."""
    saved = settings_store.autosave_path(tmp_path / "saves", "koenigs")
    saved.parent.mkdir(parents=True)
    saved.write_text('{"format": "romme-save", "moves": [', encoding="utf-8")  # cut off mid-write
    app = start_app(tmp_path, surface, lang)
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, ConfirmScene)
    key(app, pygame.K_RETURN, surface)  # resume: it fails and says so
    assert isinstance(app.top, ConfirmScene) and "autosave-koenigs.json.broken" in app.top.question
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, StartScene)
    assert not saved.exists() and saved.with_name("autosave-koenigs.json.broken").read_text(encoding="utf-8")
    key(app, pygame.K_RETURN, surface)  # no saved game any more: Start deals
    assert isinstance(app.top, TableScene) and not app.top.c.state.history


def test_a_game_finished_at_the_table_leaves_no_autosave_to_resume(surface, tmp_path):
    """A resumed game played to its end, then N on the winner sheet: the start screen still marked it 'game
    saved', and Start asked to resume it (Enter: the position before its end, played and counted once more);
    closing the window from the start screen kept the file too. A finished game leaves no autosave behind."""
    app = start_app(tmp_path, surface)
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5, bot_delay=0.0)
    app.push(TableScene(c))
    helper = make_bot("rummy", "greedy", seed=3)
    c.run_bots_until_human()
    assert c.play(helper.choose(c.state.clone())), c.message
    saved = autosave.write(app)  # the game as a window closed on it leaves it, then resumed
    assert saved is not None and saved.is_file()
    for _ in range(5000):
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            if c.state.is_over:
                break
            key(app, pygame.K_RETURN)
        elif c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        else:
            c.run_bots_until_human()
    assert c.state.is_over and isinstance(app.top, ScoreScene)
    key(app, pygame.K_n, surface)  # the winner sheet's N: to the start screen
    assert isinstance(app.top, StartScene)
    assert not saved.exists()
    key(app, pygame.K_RETURN, surface)  # no question: a new game
    assert isinstance(app.top, TableScene) and app.top.c is not c


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_set_up_changed_here_is_not_undone_by_the_same_enter(surface, tmp_path, lang):
    """H6 Q6 (Rommé, 1024x600): with a 2-seat game saved, another seat set on the start screen, Start asked and the
    next Enter (the key that had just meant Start) resumed the old game, the set-up just made gone. Now the question
    names the saved game's set-up and Enter answers nothing: L resumes it, N deals the game as set here."""
    history = left_open(tmp_path, surface)
    app = start_app(tmp_path, surface, lang)
    app.top.model.add_seat()
    key(app, pygame.K_RETURN, surface)
    question = app.top
    assert isinstance(question, ConfirmScene) and ("2 seats" if lang == "en" else "2 Plätze") in question.question
    key(app, pygame.K_RETURN, surface)  # the same Enter again: neither game
    assert app.top is question
    key(app, pygame.K_l, surface)
    assert isinstance(app.top, TableScene) and app.top.c.state.history == history
    app = start_app(tmp_path, surface, lang)
    app.top.model.add_seat()
    seats = len(app.top.model.seats)
    key(app, pygame.K_RETURN, surface)
    key(app, pygame.K_RETURN, surface)
    key(app, pygame.K_n, surface)
    assert isinstance(app.top, TableScene) and not app.top.c.state.history and len(app.top.c.seats) == seats > 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_no_chosen_here_is_not_undone_by_the_same_enter(surface, tmp_path, lang):
    """H5 W4 (Rummy, 1366x768): 'romme gui --game rummy --seed 58031' with game no. 58003 saved, the same seats: Start
    asked 'A saved Rummy game waits. A new game replaces it.' and the next Enter resumed game no. 58003, not the deal
    asked for. A game no. chosen here is a set-up like the seats: the question names the saved game's number, Enter
    answers nothing, N deals the chosen number."""
    history = left_open(tmp_path, surface)
    app = start_app(tmp_path, surface, lang)
    saved = autosave.resume(settings_store.autosave_path(tmp_path / "saves", "koenigs"), app.top.model, lang)[0]
    assert saved is not None
    app.top.model.seed = 58031
    assert str(saved.seed) != "58031"
    key(app, pygame.K_RETURN, surface)
    question = app.top
    number = ("game no. " if lang == "en" else "Spiel Nr. ") + str(saved.seed)
    assert isinstance(question, ConfirmScene) and number in question.question, question.question
    key(app, pygame.K_RETURN, surface)  # the same Enter again: neither game
    assert app.top is question
    key(app, pygame.K_n, surface)
    assert isinstance(app.top, TableScene) and str(app.top.c.seed) == "58031" and app.top.c.state.history != history


def test_the_saved_game_no_chosen_here_is_no_change(surface, tmp_path):
    """The saved game's own number chosen on the start screen: the plain question, and Enter resumes it."""
    history = left_open(tmp_path, surface)
    app = start_app(tmp_path, surface)
    saved = autosave.resume(settings_store.autosave_path(tmp_path / "saves", "koenigs"), app.top.model, "en")[0]
    assert saved is not None
    app.top.model.seed = saved.seed
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, ConfirmScene) and "game no." not in app.top.question
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, TableScene) and app.top.c.state.history == history
