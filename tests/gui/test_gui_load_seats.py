"""L loads a save with the seats it was saved with (play-test T9): a save of a three-seat hot-seat game was refused at
a table of two ('start one with 3 seats first', the whole path in the line), though the save holds its seats and names
and the start screen's Resume restores them. Now L asks the usual question and the loaded game sits its own seats."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gui_driver import key, open_table, open_window

from romme_table import table_saves
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ConfirmScene
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene

SIZE = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SIZE)


def table(
    seats: list[Seat], saves: Path, surface: pygame.Surface, seed: int
) -> tuple[SceneStack, TableScene, Controller]:
    c = Controller("romme", seats, seed=seed, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, SIZE)
    app.save_dir = saves
    return app, scene, c


def play_a_turn(c: Controller) -> None:
    draw = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "draw")
    assert c.play(draw), c.message
    discard = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "discard")
    assert c.play(discard), c.message


@pytest.mark.parametrize("lang", ["en", "de"])
def test_l_loads_a_save_of_three_seats_at_a_table_of_two(surface, tmp_path, lang):
    hot_seat = [Seat("Ann"), Seat("Ben"), Seat("Bot 1", "bot", "greedy")]
    _, saved_scene, saved = table(hot_seat, tmp_path, surface, seed=506029)
    play_a_turn(saved)
    table_saves.save_game(saved_scene)
    saved_moves = len(saved.state.history)

    app, scene, c = table([Seat("You"), Seat("Bot 1", "bot", "random")], tmp_path, surface, seed=7)
    c.lang = lang
    play_a_turn(c)
    c.run_bots_until_human()
    key(app, pygame.K_l, surface)
    assert isinstance(app.top, ConfirmScene), c.message  # a game in progress: the usual question first
    key(app, pygame.K_RETURN, surface)
    assert app.top is scene
    assert c.state.num_players == 3 and len(c.state.history) == saved_moves and c.state.seed == 506029, c.message
    assert [(s.name, s.kind, s.level) for s in c.seats] == [(s.name, s.kind, s.level) for s in hot_seat]
    assert sorted(c.bots) == [2] and c.humans() == [0, 1]
    word = {"en": "loaded", "de": "geladen:"}[lang]
    assert c.message == f"{word} romme-table-romme.json", c.message  # the file's name, not its whole path
    scene.draw(surface)  # the table of three draws
    # the loaded game goes on with its own seats: the bot of seat 2 plays its turns
    for _ in range(2):
        play_a_turn(c)
        c.run_bots_until_human()
    assert c.state.current_player in (0, 1) and len(c.state.history) >= saved_moves + 6, c.message
