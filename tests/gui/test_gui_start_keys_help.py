"""Headless: on the start screen the row the keys focus says which keys act on it (play-test W1).

Played under Xvfb (640x420 and 1366x768, German and English, keyboard only): Up / Down moved the yellow focus over
the rows, and nothing said how to act on the focused row: the help showed only for a resting mouse and spoke of
clicks. Enter, pressed on 'Plätze: 2 + Platz dazu' to add a seat, dealt a game of two seats. The focused row's help
now shows as the keys move the focus, in the keys' words, and says that Enter deals; what it says the keys do, they
do.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, send, start_app, start_helps_drawn

from romme_table.start_help import REST
from romme_table.table_scene import TableScene


@pytest.fixture(autouse=True)
def pygame_up() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize(
    ("lang", "size", "more", "less", "enter"),
    [
        ("de", (640, 420), "Leertaste / →: ein Platz mehr", "←: ein Platz weniger", "Eingabe: geben und spielen"),
        ("en", (1366, 768), "Space / →: one more seat", "←: one seat less", "Enter: deal and play"),
    ],
)
def test_the_focused_seat_row_says_its_keys_and_they_do_it(lang, size, more, less, enter, tmp_path, monkeypatch):
    surface = pygame.display.set_mode(size)
    app = start_app(tmp_path, surface, lang)
    scene = app.top
    scene.model.set_game("romme")
    app.draw(surface)
    assert start_helps_drawn(app, surface, monkeypatch) == []  # nothing focused by a key yet: no help
    key(app, pygame.K_DOWN, surface)  # the focus on the seat count's '+ add a seat'
    assert scene._help_keys()[scene.focus] == "seat_add"
    shown = start_helps_drawn(app, surface, monkeypatch)
    assert len(shown) == 1 and shown[0][0] == scene.hot[scene.focus][0], shown
    words = shown[0][1]
    assert more in words and less in words and enter in words, words
    seats = len(scene.model.seats)
    key(app, pygame.K_SPACE, surface)  # as it says: one more seat
    assert len(scene.model.seats) == seats + 1
    key(app, pygame.K_RIGHT, surface)
    key(app, pygame.K_LEFT, surface)  # and back
    assert len(scene.model.seats) == seats + 1
    key(app, pygame.K_RETURN, surface)  # Enter deals, with the seats chosen
    assert isinstance(app.top, TableScene) and len(app.top.c.seats) == seats + 1


def test_every_focused_row_has_its_keys_help_and_the_mouse_takes_it_away(tmp_path, monkeypatch):
    surface = pygame.display.set_mode((1100, 720))
    app = start_app(tmp_path, surface, "en")
    scene = app.top
    scene.model.set_game("romme")
    app.draw(surface)
    rows = len(scene.hot)
    for _ in range(rows):
        key(app, pygame.K_DOWN, surface)
        shown = start_helps_drawn(app, surface, monkeypatch)
        assert len(shown) == 1 and shown[0][0] == scene.hot[scene.focus][0], (scene.focus, shown)
        kind = scene._help_keys()[scene.focus]
        said = shown[0][1]
        assert ("Enter" in said) and ("Space" in said or kind == "language"), (kind, said)
    pos = scene.hot[0][0].center
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert start_helps_drawn(app, surface, monkeypatch) == []  # the mouse moved: its help after a rest, not the keys'
    app.update(REST + 0.1)
    shown = start_helps_drawn(app, surface, monkeypatch)
    assert len(shown) == 1 and shown[0][1].startswith("Click:"), shown


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cards_row_keeps_a_deal_as_its_help_says(lang, tmp_path, monkeypatch):
    """'Cards: a new shuffle every game' said 'Space / →: keep this game's cards', and with no game number chosen
    before, Space (or a click) left the row as it was."""
    surface = pygame.display.set_mode((1100, 720))
    app = start_app(tmp_path, surface, lang)
    scene = app.top
    scene.model.set_game("romme")
    app.draw(surface)
    assert scene.model.seed is None
    while scene._help_keys()[scene.focus] != "seed_fresh":
        key(app, pygame.K_DOWN, surface)
    said = start_helps_drawn(app, surface, monkeypatch)[0][1]
    assert ("keep this game's cards" if lang == "en" else "die Karten dieses Spiels behalten") in said, said
    key(app, pygame.K_SPACE, surface)
    number = scene.model.seed
    assert number is not None and scene._help_keys()[scene.focus] == "seed_fixed"
    key(app, pygame.K_SPACE, surface)  # a new shuffle every game, then the same number back
    assert scene.model.seed is None
    key(app, pygame.K_RIGHT, surface)
    assert scene.model.seed == number
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, TableScene) and str(app.top.c.seed) == str(number)
