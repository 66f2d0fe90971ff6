"""Headless: the table's melds glide to new places (a meld left, the rows closed up) instead of jumping there."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from romme_table.scenes import SceneStack


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def three_melds_on_a_clocked_table(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[Any, Any, list[list[str]], Any, Any, list[float]]:
    """A Rommé table scene whose table shows three melds (the list, to change), drawn on a surface, with the
    animations' clock in the test's hand: (surface, controller, table, app, scene, clock)."""
    from romme_table import table_draw
    from romme_table.controller import Controller, Seat
    from romme_table.table_scene import TableScene

    size = (1280, 800)
    surface = pygame.Surface(size)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3)
    table = [["3c", "3d", "3h"], ["5s", "6s", "7s"], ["9h", "10h", "Jh"]]
    monkeypatch.setattr(c, "melds", lambda: [list(m) for m in table])
    app = SceneStack(size)
    scene = TableScene(c)
    app.push(scene)
    clock = [100.0]
    monkeypatch.setattr(table_draw.time, "monotonic", lambda: clock[0])
    return surface, c, table, app, scene, clock


def test_a_meld_glides_to_its_new_place_when_the_rows_close_up(monkeypatch):
    """A meld left the table and the melds after it jumped to their new places at once; they glide there now, at
    the card speed, and stand at their places when it is over (or at once with the speed 'off')."""
    from romme_table import table_draw

    surface, c, table, app, scene, clock = three_melds_on_a_clocked_table(monkeypatch)
    cards: list[tuple[str | None, pygame.Rect]] = []
    real = table_draw.draw_card

    def record(surf: pygame.Surface, r: pygame.Rect, game: str, tok: str | None, **kw: Any) -> None:
        cards.append((tok, r))
        real(surf, r, game, tok, **kw)

    monkeypatch.setattr(table_draw, "draw_card", record)

    def drawn_at(token: str) -> pygame.Rect:
        cards.clear()
        scene.layout = None
        app.draw(surface)
        return next(r for tok, r in cards if tok == token)

    before = drawn_at("9h")
    del table[0]  # the first meld leaves: the others close up
    clock[0] += 0.01
    start = drawn_at("9h")
    place = scene.layout.melds[1][0]
    assert place != before and start == before  # it stands where it was...
    clock[0] += scene.anim.duration / 2
    half = drawn_at("9h")
    assert half != before and half != place  # ...is on its way...
    assert min(before.x, place.x) <= half.x <= max(before.x, place.x)
    assert min(before.y, place.y) <= half.y <= max(before.y, place.y)
    clock[0] += scene.anim.duration
    assert drawn_at("9h") == place  # ...and lands
    scene.anim.speed = "off"
    table.insert(0, ["Qd", "Kd", "Ad"])
    clock[0] += 0.01
    assert drawn_at("9h") == scene.layout.melds[2][0]  # no card speed: at once


def test_a_click_during_the_glide_hits_the_meld_where_it_is_drawn(monkeypatch):
    """A meld left and the rows close up, animated: a click on a meld still on its way hit the meld whose NEW place
    lies under the mouse (or none), not the meld the player saw there. The click follows the drawing now."""
    from romme_table import table_pointer
    from romme_table.intents import Intent

    surface, c, table, app, scene, clock = three_melds_on_a_clocked_table(monkeypatch)
    laid_off: list[tuple[int, int]] = []
    monkeypatch.setattr(table_pointer, "lay_off", lambda scene, index, meld: laid_off.append((index, meld)))
    scene.layout = None
    app.draw(surface)
    old = scene.layout.melds[2][1].center  # the middle card of 9h 10h Jh, before the rows close up
    del table[0]
    clock[0] += 0.01
    scene.layout = None
    app.draw(surface)  # the glide starts: 9h 10h Jh still drawn where it stood
    assert scene.layout.melds[1][1].center != old
    c.selected = [0]
    scene.handle(Intent("press", old))
    assert laid_off == [(0, 1)]  # the meld seen under the mouse: 9h 10h Jh, now the second meld
    clock[0] += 2 * scene.anim.duration
    scene.layout = None
    app.draw(surface)  # landed: its new place is where it is hit
    laid_off.clear()
    c.selected = [0]
    scene.handle(Intent("press", scene.layout.melds[1][1].center))
    assert laid_off == [(0, 1)]
