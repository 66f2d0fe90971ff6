"""Save and Load never take back a seen stock card (play-test P13): S, draw from the stock, L put the game back
before the draw with the same stock, so the player saw the next stock card and could take the discard instead,
which Undo refuses. A save of the running game from before a human's stock draw is spent; any other loads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gui_driver import click, key, open_table, open_window, start_app

from romme_table import settings_store, table_saves
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ConfirmScene
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene

SIZE = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SIZE)


def table(game: str, saves: Path, surface: pygame.Surface, seed: int = 4) -> tuple[SceneStack, TableScene, Controller]:
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, SIZE)
    app.save_dir = saves
    return app, scene, c


def draw_stock(app: SceneStack, scene: TableScene, c: Controller, surface: pygame.Surface) -> None:
    """A click on the stock, as a player draws (Rummy's draw is its pass, a button of its own)."""
    stock = c.observation()["stock_size"]
    if c.game_id == "rummy":
        assert c.play("pass"), c.message
    else:
        click(app, scene.compute_layout().stock.center, surface)
    assert c.observation()["stock_size"] == stock - 1, c.message


@pytest.mark.parametrize("game", ["romme", "einmaleins", "rummy"])
def test_a_save_from_before_a_seen_stock_card_does_not_load(surface, tmp_path, game):
    app, scene, c = table(game, tmp_path, surface)
    assert c.state.phase == ("open" if game == "rummy" else "draw")
    key(app, pygame.K_s, surface)
    draw_stock(app, scene, c, surface)
    hand, moves = c.hand(), len(c.state.history)
    key(app, pygame.K_l, surface)
    assert app.top is scene, "no question: the load is refused at once"
    assert c.message.startswith("cannot load: the save is from before a stock card"), c.message
    assert c.hand() == hand and len(c.state.history) == moves  # the drawn card stays drawn
    # a new game at the table, or a restart, does not make the save loadable (the mark lies beside it)
    app2, scene2, c2 = table(game, tmp_path, surface, seed=5)
    key(app2, pygame.K_l, surface)
    assert app2.top is scene2 and c2.message.startswith("cannot load"), c2.message
    table_saves.load_game(scene2)  # nor a Yes to a question asked before the draw
    assert c2.state.seed == 5 and c2.message.startswith("cannot load"), c2.message


def test_a_new_save_loads_again(surface, tmp_path):
    app, scene, c = table("rummy", tmp_path, surface)
    key(app, pygame.K_s, surface)
    draw_stock(app, scene, c, surface)
    key(app, pygame.K_s, surface)  # saved after the draw: nothing is taken back by loading it
    assert not table_saves.spent_path(scene).exists()
    key(app, pygame.K_l, surface)
    assert isinstance(app.top, ConfirmScene), c.message
    key(app, pygame.K_RETURN, surface)
    assert c.message.startswith("loaded"), c.message


def test_a_save_passed_only_by_the_bots_draws_loads(surface, tmp_path):
    """The bots' stock cards are never shown: a save after the player's own draw loads on the next turn."""
    app, scene, c = table("romme", tmp_path, surface)
    draw_stock(app, scene, c, surface)
    key(app, pygame.K_s, surface)
    saved_moves = len(c.state.history)
    discard = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "discard")
    assert c.play(discard), c.message
    c.run_bots_until_human()
    assert len(c.state.history) > saved_moves + 1 and c.state.phase == "draw"
    key(app, pygame.K_l, surface)
    assert isinstance(app.top, ConfirmScene), c.message
    key(app, pygame.K_RETURN, surface)
    assert len(c.state.history) == saved_moves and c.message.startswith("loaded"), c.message


def test_a_save_of_another_game_loads_after_a_stock_draw(surface, tmp_path):
    """Loading a save of another deal after drawing takes nothing back: it works as before."""
    _, other_scene, _ = table("rummy", tmp_path, surface, seed=9)
    table_saves.save_game(other_scene)
    app, scene, c = table("rummy", tmp_path, surface)
    draw_stock(app, scene, c, surface)
    key(app, pygame.K_l, surface)
    assert isinstance(app.top, ConfirmScene), c.message
    key(app, pygame.K_RETURN, surface)
    assert c.state.seed == 9 and c.message.startswith("loaded"), c.message


def test_the_refusal_in_german(surface, tmp_path):
    app, scene, c = table("rummy", tmp_path, surface)
    c.lang = "de"
    key(app, pygame.K_s, surface)
    draw_stock(app, scene, c, surface)
    key(app, pygame.K_l, surface)
    assert c.message.startswith("Laden geht nicht"), c.message


def test_a_stock_draw_does_not_replay_a_save_of_another_deal(surface, tmp_path, monkeypatch):
    """Each human stock draw replayed the whole save slot to learn whether it was an earlier position of the running
    game: a long save of another deal (here 300 bots' moves; a 50,000-move one is 5 MiB) was replayed at every draw.
    Its header (game, seats, seed, number of moves) says no without a replay."""
    from playout import play_random

    from romme import save

    app, scene, c = table("romme", tmp_path, surface)
    save.save(play_random("romme", 2, seed=99, max_moves=300), table_saves.save_path(scene))
    loads: list[object] = []
    real = save.load
    monkeypatch.setattr(save, "load", lambda path: (loads.append(path), real(path))[1])
    draw_stock(app, scene, c, surface)
    assert loads == [] and not table_saves.is_spent(scene)


def test_a_stock_draw_writes_the_autosave_at_once(surface, tmp_path):
    """Resume after a crash or a killed window (no clean close) brought back the autosave of the last close: the
    position before the stock draw, the seen card dealt again. The autosave is written at the draw."""
    app = start_app(tmp_path, surface)
    app.top.model.set_game("rummy")
    key(app, pygame.K_RETURN, surface)  # Start
    scene = app.top
    assert isinstance(scene, TableScene)
    c = scene.c
    c.run_bots_until_human()
    path = settings_store.autosave_path(app.save_dir, "rummy")
    assert not path.exists()
    draw_stock(app, scene, c, surface)
    saved = json.loads(path.read_text())
    assert len(saved["moves"]) == len(c.state.history) and saved["moves"][-1] == c.state.history[-1].to_json()


@pytest.mark.parametrize("hostile", ["pipe", "zeros"])
def test_a_pipe_or_endless_file_beside_the_save_answers_at_once(surface, tmp_path, hostile):
    """The spent mark and the save's hash were read with a plain open and read: a pipe named as the mark (or the
    slot) blocked the window at L and at every stock draw, and a link to /dev/zero read until memory ran out.
    They are read as save.load reads a save (no blocking open, a bounded read)."""
    import os
    import threading

    app, scene, c = table("rummy", tmp_path, surface)
    key(app, pygame.K_s, surface)
    mark, slot = table_saves.spent_path(scene), table_saves.save_path(scene)
    for path in (mark, slot):
        path.unlink(missing_ok=True)
        if hostile == "pipe":
            os.mkfifo(path)
        else:
            path.symlink_to("/dev/zero")
    answers: list[bool] = []
    asked = threading.Thread(target=lambda: answers.append(table_saves.is_spent(scene)), daemon=True)
    asked.start()
    asked.join(10)
    if asked.is_alive() and hostile == "pipe":  # let the blocked open go on (the writer's end, opened and closed)
        os.close(os.open(mark, os.O_WRONLY | os.O_NONBLOCK))
    assert answers == [False], "is_spent did not answer within 10 s"
    key(app, pygame.K_l, surface)  # the load refused in one line, the game as it was
    assert app.top is scene and "\n" not in c.message and c.message, c.message
