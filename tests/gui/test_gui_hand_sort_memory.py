"""Headless: the hand's order is the player's last choice, from table to table and between sessions.

Played under Xvfb: a Königs-Rommé hand came as dealt and every drawn card went to its right end, a new
game forgot the order chosen with O, and so did the next session."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
from gui_driver import click, key, open_table

from romme_table import app as table_app
from romme_table import settings_store
from romme_table.controller import Controller, Seat
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel
from romme_table.table_scene import TableScene


def koenigs(seed: int = 11) -> Controller:
    return Controller("koenigs", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=seed, bot_delay=0.0)


def by_suit(c: Controller, hand: list[str]) -> list[str]:
    was, c.sort_mode = c.sort_mode, "suit"
    try:
        return c.sorted_tokens(list(hand))
    finally:
        c.sort_mode = was


def test_the_remembered_order_is_read_back_and_a_wrong_one_is_the_default():
    assert settings_store.from_json({"sort_mode": "rank"}).sort_mode == "rank"
    for bad in ("none", "own", "Rank", 3, None):
        assert settings_store.from_json({"sort_mode": bad}).sort_mode == "suit"
    assert settings_store.Settings().to_json()["sort_mode"] == "suit"


def test_a_new_table_sorts_the_hand_and_a_drawn_card_takes_its_place(surface):
    c = koenigs()
    app = SceneStack(surface.get_size())
    app.sort_mode = "suit"  # what run() sets from the remembered settings (the default: by suit)
    scene = TableScene(c)
    app.push(scene)
    app.draw(surface)
    dealt = list(c.observation()["hand"])
    assert c.sort_mode == "suit"
    assert c.hand() == by_suit(c, dealt) != dealt  # this deal comes unsorted
    lay = scene.layout or scene.compute_layout()
    click(app, lay.stock.center, surface)  # draw from the stock
    assert len(c.hand()) == len(dealt) + 1
    assert c.hand() == by_suit(c, list(c.observation()["hand"]))


def test_o_changes_the_order_the_next_table_starts_with_and_the_window_remembers_it(surface, tmp_path: Path):
    c = koenigs()
    app, scene = open_table(c, surface)
    assert c.sort_mode == "none"  # a bare stack (tests): as dealt
    key(app, pygame.K_o, surface)
    key(app, pygame.K_o, surface)
    assert c.sort_mode == "rank" and app.sort_mode == "rank"
    app.pop()
    following = koenigs(seed=12)
    app.push(TableScene(following))
    assert following.sort_mode == "rank"
    app.settings_dir = tmp_path
    table_app.close(app, StartModel(), (900, 600))
    saved = json.loads((tmp_path / settings_store.SETTINGS_FILE).read_text())
    assert saved["sort_mode"] == "rank"
    assert settings_store.load(tmp_path).sort_mode == "rank"


def test_krass_kariert_keeps_its_dealt_order_whatever_was_chosen(surface):
    c = Controller("krass", [Seat("You"), Seat("Bot", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")], seed=3)
    app = SceneStack(surface.get_size())
    app.sort_mode = "rank"
    app.push(TableScene(c))
    assert c.sort_mode == "none" and c.hand() == list(c.observation()["hand"])
    key(app, pygame.K_o, surface)
    assert app.sort_mode == "rank" and c.sort_mode == "none"


def test_starting_a_game_keeps_the_remembered_order_and_window_size(surface, tmp_path: Path):
    """Enter on the start screen writes the settings at once (a session killed at the table keeps them): the
    order and the window size of the last session stay as they were (they were written as 'suit' and none)."""
    from romme_table.start_screen import StartScene

    settings_store.store(settings_store.Settings(sort_mode="rank", window=(1000, 700)), tmp_path)
    app = SceneStack(surface.get_size())
    app.settings_dir = tmp_path
    app.sort_mode = settings_store.load(tmp_path).sort_mode  # as run() sets it
    start = StartScene(StartModel())
    app.push(start)
    start.start()
    remembered = settings_store.load(tmp_path)
    assert remembered.sort_mode == "rank"
    assert remembered.window == (1000, 700)
