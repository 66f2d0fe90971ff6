"""Headless: Rommé's deal sheet says where the points of a hand left with cards went. The one who went out scores
the cards left in the other hands, theirs stay 0, and a sheet showing '0' above three cards read as a bug."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table, sheet_texts

from romme.bots import make_bot
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.score_grid import RoundRow, credited


def first_deal_sheet(lang: str, surface: pygame.Surface, size: tuple[int, int]):
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("romme", seats, seed=5, bot_delay=0.0)
    c.lang = lang
    app, _ = open_table(c, surface, size)
    helper = make_bot("romme", "greedy", seed=3)
    for _ in range(3000):
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            return c, app
        if c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        else:
            c.run_bots_until_human()
    raise AssertionError("no deal ended")


@pytest.mark.parametrize(("lang", "size", "to"), [("en", (1280, 800), "to"), ("de", (640, 420), "an")])
def test_each_hand_left_with_cards_says_how_many_points_went_to_the_winner(lang, size, to, surface, monkeypatch):
    c, app = first_deal_sheet(lang, surface, size)
    row = app.top.book.rows[-1]
    assert row.out == 2 and row.points == [0, 0, 9] and row.left == [["3d", "2h", "2h"], ["2d"], []]
    texts = sheet_texts(app, surface, monkeypatch)
    assert f"7 {to} Bot 2" in texts and f"2 {to} Bot 2" in texts, texts
    key(app, pygame.K_RETURN, surface)


def test_a_hand_romme_doubles_the_share_and_other_scorings_name_none():
    row = RoundRow([0, 70, 0], [["Kc", "*"], [], ["5h"]], out=1, how="hand_romme")
    assert credited("romme", row) == [60, None, 10]
    assert credited("romme", RoundRow([0, 71, 0], row.left, 1, "hand_romme")) == [None] * 3  # does not add up
    # Rummy counts each hand against its own seat: nothing was given to anyone
    assert credited("rummy", RoundRow([30, 0, 50], [["B1"], [], ["B2"]], 1, "out")) == [None] * 3
    assert credited("koenigs", RoundRow([0, 5, 0], [["Kc"], [], []], 1, "out")) == [None] * 3
