"""Headless: with six seats at 1024x600 the move log keeps six rows of moves beside a list of actions shown whole.

Played at 1024x600 (Rommé, German, five bots; H6 F19): after laying out, six discards and seven buttons were listed
whole over a log of four rows, 'Du: vom Stapel ziehen' and the own lay-out wrapped in three: no bot's move was in
sight. A list that would leave the log fewer rows is paged ('Mehr… (Bild ab)').
"""

from __future__ import annotations

import pygame
import pytest

from romme.bots import make_bot
from romme_table.controller import Controller, Seat
from romme_table.move_log import log_room
from romme_table.scenes import SceneStack
from romme_table.table_draw import log_rect
from romme_table.table_scene import TableScene


@pytest.mark.parametrize("size", [(1024, 600), (800, 600)])
def test_the_log_keeps_six_rows_at_every_turn(size: tuple[int, int], surface: pygame.Surface) -> None:
    seats = [Seat("Du")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, 6)]
    c = Controller("romme", seats, seed=3, bot_delay=0.0, lang="de")
    helper = make_bot("romme", "greedy", seed=1)
    app = SceneStack(size, "de")
    scene = TableScene(c)
    app.push(scene)
    canvas = pygame.Surface(size)
    rows, whole = [], 0
    for _ in range(150):
        c.run_bots_until_human()
        if c.state.is_over:
            break
        scene.layout = None
        app.update(0.0)
        app.draw(canvas)
        rect = log_rect(scene, scene.compute_layout())
        rows.append(log_room(rect, "de")[1] if rect is not None else 0)
        whole += len(scene.actions) > 1 and scene.room >= len(scene.actions)
        assert c.play(helper.choose(c.state.clone())), c.message
    assert len(rows) > 100 and min(rows) >= 6, sorted(set(rows))
    assert whole > 0  # (lists shown whole were seen)


def test_a_panel_following_the_game_shows_a_move_in_the_row_of_no_mark(surface: pygame.Surface, monkeypatch) -> None:
    """Played under Xvfb at 1024x600 (six seats): under a paged list the log read its title, '▲ 48 older' and four
    moves over an empty row kept for a 'newer' mark, which a panel showing the newest moves never has. Following the
    game it shows a move there; scrolled back, both marks keep their rows."""
    from romme_table import move_log

    rect = pygame.Rect(0, 0, 200, 8 + 16 * 8)
    rows = [f"Bot {k % 5}: draw stock" for k in range(40)]
    title, room = move_log.log_room(rect, "en")
    drawn: list[str] = []
    real = move_log._line_image
    monkeypatch.setattr(move_log, "_line_image", lambda line, *a: (drawn.append(line), real(line, *a))[1])
    move_log.draw_move_log(surface, rect, rows, "en")
    assert [r for r in drawn if r in rows] == rows[-(room - 1) :], (room, drawn)
    drawn.clear()
    move_log.draw_move_log(surface, rect, rows, "en", first=10)
    assert [r for r in drawn if r in rows] == rows[10 : 10 + room - 2], (room, drawn)
