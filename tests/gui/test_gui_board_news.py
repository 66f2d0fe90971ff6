"""Headless: the news since the player's last turn stays marked on the board (T).

Played under Xvfb (H9 U1: Räuber-Rommé, hot seat, 1366x768, German): the cards the other seats laid since the
player's last turn were outlined on the table and the drawn card in the hand, and T opened the board on the same
melds with every mark gone; Esc brought them back. The board is where the player needs them most. The melds that
lie as they lay keep their marks, a meld changed on the board loses them, and the drawn card stays marked while it
is in the hand."""

from __future__ import annotations

from collections import Counter

import pygame
from gui_driver import bots_one_a_frame, drag, drawn_rects, key, open_table

from romme.bots import make_bot
from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.scenes import FRESH
from romme_table.table_news import board_marks
from romme_table.table_scene import TableScene


def marked_cards(melds: list[list[str]], marks: list[set[int]]) -> Counter[str]:
    return Counter(melds[k][i] for k, places in enumerate(marks) for i in places)


def a_turn_with_news(surface: pygame.Surface) -> tuple[Controller, TableScene, object]:
    """Räuber-Rommé against a greedy bot, the human played by a greedy helper through the table, until a turn of
    the human begins with cards the bot laid since the human's last turn (drawn already, the board allowed)."""
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=11, bot_delay=0.0,
                   rules=Rules.make("romme", "rauber"))
    app, scene = open_table(c, surface)
    helper = make_bot("romme", "greedy", seed=5)
    for _ in range(300):
        bots_one_a_frame(app, scene, c, surface)
        assert not c.state.is_over
        if any(scene.news_marks()) and c.viewer_has_opened():
            key(app, pygame.K_d, surface)  # drawn: the drawn card is marked, the board opens
            app.update(0.0)
            if c.can_rearrange():
                return c, scene, app
        while c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
            app.update(0.0)
    raise AssertionError("no turn began with news")


def test_the_board_keeps_the_news_of_the_melds_as_they_lay(surface, monkeypatch) -> None:
    c, scene, app = a_turn_with_news(surface)
    table_news = marked_cards(c.melds(), scene.news_marks())
    assert table_news
    key(app, pygame.K_t, surface)
    assert c.editor is not None
    marks = scene.news_marks()
    assert marked_cards(c.editor.melds, marks) == table_news  # the same cards marked on the board
    lay = scene.compute_layout()
    frames = drawn_rects(FRESH, app, surface, monkeypatch)
    hand = lay.hand[: len(c.editor.hand_left)]
    assert any(f.colliderect(r) for f in frames for r in hand)  # the drawn card, marked in the hand
    k = next(k for k, places in enumerate(marks) if places)
    drag(app, lay.melds[k][0].center, lay.new_meld.center, surface)  # a marked meld changed on the board
    changed = set(c.editor.new_melds())
    assert changed and all(not scene.news_marks()[j] for j in changed)  # loses its marks
    key(app, pygame.K_u, surface)  # taken back: the meld lies as it lay, its marks again
    assert marked_cards(c.editor.melds, scene.news_marks()) == table_news


def test_board_marks_follow_the_melds_by_their_cards() -> None:
    table = [["8c", "*", "10c"], ["Ad", "Ah", "As"], ["6h", "7h", "8h"]]
    marks = [{0, 1, 2}, set(), {2}]
    board = [["Ad", "Ah", "As"], ["6h", "7h", "8h"], ["8c", "*", "10c"]]  # the board's reading order
    assert board_marks(marks, table, board, set()) == [set(), {2}, {0, 1, 2}]
    assert board_marks(marks, table, board, {2}) == [set(), {2}, set()]  # changed: no marks
    grown = [["Ad", "Ah", "As"], ["6h", "7h", "8h", "9h"], ["8c", "*", "10c"]]
    assert board_marks(marks, table, grown, {1}) == [set(), set(), {0, 1, 2}]
