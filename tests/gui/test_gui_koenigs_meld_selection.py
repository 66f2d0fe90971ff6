"""Headless: Königs-Rommé says why a selected meld has no button (melds go down only with going out).

Played at 1366x768: after the draw, Jt Qt and the wild 4c selected, every card button went (no move lays a meld
mid-round) and the status line still said 'discard a card'; nothing told the player why."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table

from romme.table import TABLE_GAMES
from romme_table.controller import Controller, Seat
from romme_table.i18n import t
from romme_table.move_reading import move_cards

WORDS = t("koenigs_melds_at_out", "en")


def _after_the_draw(lang: str = "en") -> Controller:
    c = Controller("koenigs", [Seat("A"), Seat("B", "bot", "random")], seed=3, bot_delay=0.0, lang=lang)
    assert c.is_human_turn()
    c.play(next(m for m in c.state.legal_moves() if m.to_json().get("source") == "stock"))
    assert c.is_human_turn() and all(m.to_json()["kind"] != "draw" for m in c.state.legal_moves())
    return c


def test_a_selection_no_move_plays_says_why():
    c = _after_the_draw()
    c.toggle(0)
    assert c.message != WORDS  # one card: its discard is offered
    c.toggle(1)
    assert not any(move_cards("koenigs", m) for m in c.candidate_moves(grow=True))  # no card button is left
    assert c.message == WORDS and "go out" in WORDS and "discard" in WORDS
    c.toggle(1)  # back to one card: the words go with the selection
    assert c.message == ""


def test_the_words_follow_the_language_and_go_with_escape(surface):
    c = _after_the_draw("de")
    app, _ = open_table(c, surface)
    c.toggle(0)
    c.toggle(1)
    assert c.message.startswith("ausgelegt wird erst beim Ausmachen"), c.message
    key(app, pygame.K_ESCAPE)
    assert c.selected == [] and c.message == ""


def test_before_the_draw_and_in_other_games_a_selection_says_nothing():
    c = Controller("koenigs", [Seat("A"), Seat("B", "bot", "random")], seed=3, bot_delay=0.0)
    c.toggle(0)
    c.toggle(1)
    assert c.message != WORDS  # the draw buttons stay; a meld is no question yet
    assert "koenigs" not in TABLE_GAMES  # the table games lay melds mid-turn: their buttons do
