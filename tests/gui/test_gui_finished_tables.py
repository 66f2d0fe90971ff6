"""Headless: a game played to its end at the table, and what its finished table, its save and its sheets say
(leftovers of playing every game to its end under Xvfb)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drawn_fit_texts, key, open_table, open_window, played_to_the_end, sheet_texts

from romme.bots import make_bot
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.move_log import log_lines

SMALL = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def test_a_finished_games_save_opens_with_every_round_on_its_sheet(surface, tmp_path, monkeypatch):
    """Königs-Rommé played to its end, saved (S) and loaded (L) at a new table: the sheet showed one row; the
    loaded game's rounds are the rows the table watched, and the sheet (Enter) names all eleven."""
    c, app, scene = played_to_the_end("koenigs", 2, 8, surface, tmp_path)
    watched = scene.book.rows
    assert len(watched) == 11
    key(app, pygame.K_s, surface)
    fresh = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=99, bot_delay=0.0)
    app2, scene2 = open_table(fresh, surface, SMALL)
    app2.save_dir = tmp_path
    key(app2, pygame.K_l, surface)
    assert fresh.state.is_over and fresh.state.history == c.state.history
    assert scene2.book.rows == watched and scene2.book.totals() == scene.book.totals()
    key(app2, pygame.K_RETURN, surface)  # the finished table's 'Score sheet (Enter)'
    assert isinstance(app2.top, ScoreScene)
    rows = [s for s in sheet_texts(app2, surface, monkeypatch) if s.startswith("Round")]
    assert rows == [f"Round {k}" for k in range(1, 12)]


def test_a_resumed_game_keeps_the_rounds_played_before(surface, tmp_path):
    """A table opened on a game under way (Resume, a new window) starts its sheet at the rounds already
    played, not at the scores as if no round had been."""
    c, _, scene = played_to_the_end("koenigs", 2, 8, surface, tmp_path)
    resumed = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=8, bot_delay=0.0)
    resumed.replace_state(c.state.clone())
    _, scene2 = open_table(resumed, surface, SMALL)
    assert scene2.book.rows == scene.book.rows


def test_the_last_round_gets_its_round_over_line_in_the_log(surface, tmp_path):
    """The move that ended the game's last round had no '— round 11 over —' after it (no counter moves on when
    the game ends); now it has, as played and after a load."""
    c, _, scene = played_to_the_end("koenigs", 2, 8, surface, tmp_path)
    names = [s.name for s in c.seats]
    lines = log_lines(c.game_id, c.state.history, names, "en", 10000, scene.log_notes, c.round_ends, c.unit)
    assert lines[-1] == "— round 11 over —"
    assert sum(1 for line in lines if line.endswith(" over —")) == 11
    from romme_table.replayed import replayed

    assert replayed(c.state, c.viewer, "en").ends == c.round_ends


def test_h_on_a_finished_table_says_the_game_is_over(surface, tmp_path):
    """H on a finished table did nothing and said nothing."""
    c, app, _ = played_to_the_end("rummy", 2, 5, surface, tmp_path)
    c.message = ""
    key(app, pygame.K_h, surface)
    assert c.message.startswith("The game is over: no hint")
    assert c.hint_move is None


def test_h_while_a_bot_moves_names_the_seat_to_move(surface):
    c = Controller("rummy", [Seat("You"), Seat("Bea", "bot", "greedy")], seed=5, bot_delay=0.0)
    helper = make_bot("rummy", "greedy", seed=3)
    assert c.play(helper.choose(c.state.clone())), c.message  # now Bea is to move
    assert not c.is_human_turn()
    app, _ = open_table(c, surface, SMALL)
    key(app, pygame.K_h, surface)
    assert c.message == "No hint now: Bea is to move"


@pytest.mark.parametrize(
    ("game", "rules"), [("rummy", None), ("einmaleins", None)], ids=["rummy", "einmaleins-one-game"]
)
def test_a_single_game_is_no_round(game, rules, surface, tmp_path, monkeypatch):
    """Rummy and 1x1-Rommé without a target are one game, but the sheet said 'Round 1' and the log '— round 1
    over —': now 'Game' and '— game over —'."""
    c, app, scene = played_to_the_end(game, 2, 5, surface, tmp_path, rules)
    names = [s.name for s in c.seats]
    lines = log_lines(c.game_id, c.state.history, names, "en", 10000, scene.log_notes, c.round_ends, c.unit)
    assert lines[-1] == "— game over —"
    assert not [line for line in lines if "round" in line]
    key(app, pygame.K_RETURN, surface)
    texts = sheet_texts(app, surface, monkeypatch)
    assert "Game" in texts
    assert not [s for s in texts if s.startswith("Round")]


def test_1x1_romme_to_a_target_counts_its_games(surface, tmp_path, monkeypatch):
    """1x1-Rommé played to a target: each game a row 'Game 1', 'Game 2'…, each in the log as '— game 1 over —'."""
    c, app, scene = played_to_the_end("einmaleins", 2, 5, surface, tmp_path, {"target": 150})
    games = len(scene.book.rows)
    assert games >= 2
    names = [s.name for s in c.seats]
    lines = log_lines(c.game_id, c.state.history, names, "en", 10000, scene.log_notes, c.round_ends, c.unit)
    assert [line for line in lines if line.endswith(" over —")] == [f"— game {k} over —" for k in range(1, games + 1)]
    lay = scene.compute_layout()
    info = [d[0] for d in drawn_fit_texts(app, surface, monkeypatch) if d[1] == (lay.info.x, lay.info.y + 18)]
    assert info == [f"Game {games} — ends at 150"]  # the finished table said 'Game {games + 1}'
    key(app, pygame.K_RETURN, surface)
    texts = sheet_texts(app, surface, monkeypatch)
    assert [s for s in texts if s.startswith("Game")] == [f"Game {k}" for k in range(1, games + 1)]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_krass_kariert_draws_no_scores_line_beside_the_chips(seats, surface, monkeypatch):
    """Krass Kariert's scores are its chips, shown in every seat's box and on the own line: with 4-5 seats the
    scores line under the stock repeated them, small and cut ('You 2 · Bot 1 2 · Bot 2 2 · Bot 3 2 · Bot ...')."""
    c = Controller("krass", [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, seats)], seed=3)
    app, scene = open_table(c, surface, SMALL)
    texts = [d[0] for d in drawn_fit_texts(app, surface, monkeypatch)]
    assert not [s for s in texts if s.startswith("You ") and " · Bot 1 " in s], texts
    assert not [s for s in texts if s.startswith("Scores")], texts

