"""Headless: every button of the table's right column can be reached at 800x600 to 2560x1440, and a list of moves
just too long for the column is shown whole over a shorter move log."""

from __future__ import annotations

import pygame
import pytest

from romme_table.scenes import SceneStack

SIZES = [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)]


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def reachable_actions(app: SceneStack, surface: pygame.Surface) -> set[int]:
    """The listed moves the buttons show (their places in the list), clicking 'More…' through every page."""
    from romme_table.table_scene import TableScene

    scene = app.top
    assert isinstance(scene, TableScene)
    seen: set[str] = set()
    for _ in range(len(scene.actions) + 1):
        lay = scene.compute_layout()
        assert lay is not None
        labels = [label for label, _ in scene._buttons()]
        assert len(labels) == len(lay.buttons)
        screen = surface.get_rect()
        for k, r in enumerate(lay.buttons):
            assert screen.contains(r) and r.bottom <= lay.message.y, (k, r, surface.get_size())
            assert k == 0 or r.y >= lay.buttons[k - 1].bottom, (k, r)  # none over another
        shown = scene.visible_actions()
        seen |= {scene.page * scene.room + k for k in range(len(shown))}
        more = [r for r, label in zip(lay.buttons, labels, strict=True) if label.startswith(("More", "Mehr"))]
        if not more:
            break
        click_at(app, more[0].center, surface)
        if scene.page == 0:
            break
    return seen


def click_at(app: SceneStack, pos: tuple[int, int], surface: pygame.Surface) -> None:
    from romme_table import intents

    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        intent = intents.from_event(pygame.event.Event(kind, button=1, pos=pos))
        if intent is not None:
            app.handle(intent)


@pytest.mark.parametrize("size", SIZES)
def test_every_button_of_the_right_column_is_reachable_at_every_size(size, monkeypatch):
    """Every fixed button lies in the window above the message line, none over another, every listed move is
    reached through 'More…' (the solitaire's steps, 94 at its first turn, listed unfolded: the table folds them to
    the step under its cursor), and the column is used: no room for one more move's button is left above the move
    log's share."""
    from romme_table import solo_keys
    from romme_table.controller import Controller, Seat
    from romme_table.layout import LOG_SHARE, button_step, message_top
    from romme_table.scenes import text_scale
    from romme_table.table_scene import TableScene

    monkeypatch.setattr(solo_keys, "listed", lambda scene, moves: None)

    surface = pygame.Surface(size)
    c = Controller("koenigs-solo", [Seat("You")], seed=5, bot_delay=0.0)
    app = SceneStack(size)
    scene = TableScene(c)
    app.push(scene)
    app.draw(surface)
    assert len(scene.actions) > 20
    assert reachable_actions(app, surface) == set(range(len(scene.actions)))
    lay = scene.compute_layout()
    base_h = round(size[1] / text_scale())
    column = message_top(base_h) - 12
    step = button_step(base_h) * text_scale()
    free = (lay.message.y - 4) - lay.buttons[-1].bottom  # the move log's room under the buttons
    assert free < column * text_scale() * LOG_SHARE + step + 8, (free, size)


@pytest.mark.parametrize("size", [(1100, 720), (1280, 800), (1920, 1080)])
def test_a_list_just_too_long_for_the_column_is_shown_whole_over_a_shorter_log(size):
    """Nine moves beside seven buttons showed as six and 'More…' over a move log of a quarter of the column; the
    log gives way down to LOG_MIN_SHARE (and six rows) first. A list longer than that, or than keys 1..0, is paged
    as before."""
    from romme_table.layout import LOG_MIN_SHARE, action_room, button_step, log_least, message_top, table_layout
    from romme_table.scenes import text_scale

    SceneStack(size)  # the print's scale for this window
    base_h = round(size[1] / text_scale())
    column = message_top(base_h) - 12
    fits = (column - log_least(column)) // button_step(base_h)  # buttons over the shortest log
    others = fits - 9
    assert action_room(size[1], others, 9) == 9  # all nine, no 'More…'
    lay = table_layout(*size, 8, 1, [3, 3], others + 9)
    log = lay.message.y - 4 - lay.buttons[-1].bottom
    assert log >= column * text_scale() * LOG_MIN_SHARE - 8, (log, size)
    assert action_room(size[1], others, 20) < 9  # a long list is paged (its 'More…' takes a button)
