"""Headless: the start screen's rows say what a click does when the mouse rests on them (hover help). Played at
1100x720 under Xvfb as a newcomer: 'Bot 1: computer, Medium' and 'Rules: standard' read as labels; nothing said that
a click changes them, which levels and rule sets there are, or what the cards row is for."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import send, start_app, start_helps_drawn

from romme_table import start_help, start_screen
from romme_table.start_help import REST


@pytest.fixture(autouse=True)
def pygame_up() -> None:
    pygame.display.init()
    pygame.font.init()


def rest_on(app, pos, seconds=REST + 0.1):
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.update(seconds)


def helps_drawn(app, surface, monkeypatch) -> list[str]:  # noqa: ANN001
    return [words for _, words in start_helps_drawn(app, surface, monkeypatch)]


@pytest.mark.parametrize(
    ("lang", "size", "seat_words", "rules_words"),
    [
        ("en", (1100, 720), "Easy → Medium → Hard", "Räuber-Rommé"),
        ("de", (640, 420), "Leicht → Mittel → Schwer", "Räuber-Rommé"),
    ],
)
def test_a_resting_mouse_on_a_row_says_what_a_click_does(lang, size, seat_words, rules_words, tmp_path, monkeypatch):
    surface = pygame.display.set_mode(size)
    app = start_app(tmp_path, surface, lang)
    scene = app.top
    scene.model.set_game("romme")
    app.draw(surface)
    keys = scene._help_keys()
    bot_row = scene.hot[keys.index("seat") + 1][0]  # the second seat: a computer
    rest_on(app, bot_row.center, 0.1)
    assert helps_drawn(app, surface, monkeypatch) == []  # passing over rows shows nothing
    app.update(REST)
    shown = helps_drawn(app, surface, monkeypatch)
    assert len(shown) == 1 and seat_words in shown[0] and "F2" in shown[0], shown
    rest_on(app, scene.hot[keys.index("preset")][0].center)
    shown = helps_drawn(app, surface, monkeypatch)
    assert len(shown) == 1 and rules_words in shown[0], shown
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=scene.hot[keys.index("preset")][0].center))
    assert helps_drawn(app, surface, monkeypatch) == []  # a click puts it away until the mouse rests again


def test_every_row_and_tile_has_help_in_both_languages(tmp_path, monkeypatch):
    surface = pygame.display.set_mode((1100, 720))
    for lang in ("en", "de"):
        app = start_app(tmp_path, surface, lang)
        scene = app.top
        for game in ("koenigs", "koenigs-solo", "krass", "romme", "rummy", "einmaleins"):
            scene.model.set_game(game)
            app.draw(surface)
            assert len(scene._help_keys()) == len(scene._items()), game
            for rect, _ in [*scene.hot, *scene.tile_hot]:
                rest_on(app, rect.center)
                shown = helps_drawn(app, surface, monkeypatch)
                assert len(shown) == 1 and shown[0] and "{" not in shown[0], (lang, game, shown)


@pytest.mark.parametrize("size", [(640, 420), (1920, 1080)])
def test_the_longest_help_is_written_whole(size, tmp_path, monkeypatch):
    """At 640x420 the German seat help was cut ('(Rechtsklick: zurüc…'), its F2 lost."""
    from romme_table import scenes

    surface = pygame.display.set_mode(size)
    app = start_app(tmp_path, surface, "de")
    scene = app.top
    rest_on(app, scene.hot[scene._help_keys().index("seat") + 1][0].center)
    rows: list[str] = []
    start_help._help_rows.cache_clear()  # measured by an earlier test
    real = scenes.fitted_rows
    monkeypatch.setattr(start_help, "fitted_rows", lambda *a: (lambda out: (rows.extend(out[0]), out)[1])(real(*a)))
    shown = helps_drawn(app, surface, monkeypatch)
    assert shown and " ".join(rows) == shown[0], rows


@pytest.mark.parametrize(("lang", "size"), [("de", (640, 420)), ("de", (1920, 1080)), ("en", (1100, 720))])
def test_a_rows_help_hides_no_row_of_its_column(lang, size, tmp_path, monkeypatch):
    """Krass Kariert at 1920x1080 (de): the help of 'Plätze: 4 + Platz dazu', in a panel under the row, lay over
    '- letzten Platz streichen', the row below half hidden while the mouse was on the one above. It is drawn in the
    other column, level with the row, and inside the window."""
    surface = pygame.display.set_mode(size)
    app = start_app(tmp_path, surface, lang)
    scene = app.top
    scene.model.set_game("krass")
    app.draw(surface)
    panels: list[pygame.Rect] = []
    real = start_screen.draw_help
    monkeypatch.setattr(start_screen, "draw_help", lambda *a: (lambda p: (panels.append(p), p)[1])(real(*a)))
    left = [r for r, _ in scene.hot if r.x == scene.hot[0][0].x]
    right = [r for r, _ in scene.hot if r.x != scene.hot[0][0].x]
    assert left and right
    for column, other in ((left, right), (right, left)):
        for row in column:
            panels.clear()
            rest_on(app, row.center)
            app.draw(surface)
            assert len(panels) == 1
            panel = panels[0]
            assert panel.collidelist(column) == -1 and surface.get_rect().contains(panel), (row, panel)
            assert panel.x == other[0].x and panel.w == other[0].w


def test_a_tiles_help_breaks_a_long_word_after_its_hyphen(tmp_path, monkeypatch):
    """At 640x420 (de) the Königs-Rommé tile's help, in a panel as narrow as the tile, read 'Klick: Königs-Rom' /
    'mé spielen.': a word longer than a row was broken anywhere but after a '/'. It breaks after its '-' now."""
    from romme_table import scenes

    surface = pygame.display.set_mode((640, 420))
    app = start_app(tmp_path, surface, "de")
    scene = app.top
    app.draw(surface)
    rows: list[str] = []
    start_help._help_rows.cache_clear()
    real = scenes.fitted_rows
    monkeypatch.setattr(start_help, "fitted_rows", lambda *a: (lambda out: (rows.extend(out[0]), out)[1])(real(*a)))
    rest_on(app, scene.tile_hot[0][0].center)  # the first tile, Königs-Rommé
    shown = helps_drawn(app, surface, monkeypatch)
    assert shown and "Königs-Rommé" in shown[0] and len(rows) > 1, (shown, rows)
    assert "".join(rows).replace(" ", "") == shown[0].replace(" ", "")  # every letter, in order
    words = set(shown[0].replace("-", "- ").split())
    assert all(set(row.split()) <= words for row in rows), rows  # no word cut but after its hyphen


def test_back_from_a_game_the_help_waits_for_the_mouse_to_move(tmp_path, monkeypatch):
    """Played under Xvfb: a seat added with a click, a game played and left with N and Enter, and the seat count's
    help ('one more seat at the table') stood beside the rows while the mouse rested on the 1x1-Rommé tile: the
    start screen still read the mouse where it was before the game."""
    surface = pygame.display.set_mode((1100, 720))
    app = start_app(tmp_path, surface)
    scene = app.top
    seats_row = scene.hot[scene._help_keys().index("seat_add")][0]
    rest_on(app, seats_row.center)
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=seats_row.center))
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=seats_row.center))
    send(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))  # Start
    assert app.top is not scene
    app.pop()  # the table left (its question answered)
    assert app.top is scene
    app.update(REST + 0.1)
    assert helps_drawn(app, surface, monkeypatch) == []
    rest_on(app, seats_row.center)  # the mouse moves: its help comes again
    assert len(helps_drawn(app, surface, monkeypatch)) == 1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tiles_help_stays_inside_its_tile(lang, tmp_path, monkeypatch):
    """At 800x600 (de, under Xvfb) a tile's help, in a panel under the tile, lay over the row below: 'Klick:
    Königs-Rommé Patience wählen.' hid 'Spiel: Königs-Rommé'. It is drawn inside the tile, every row of its words
    within the panel, and no row of the screen is covered."""
    from romme_table import scenes

    surface = pygame.display.set_mode((800, 600))
    app = start_app(tmp_path, surface, lang)
    scene = app.top
    app.draw(surface)
    panels: list[pygame.Rect] = []
    real = start_screen.draw_tile_help
    monkeypatch.setattr(start_screen, "draw_tile_help", lambda *a: (lambda p: (panels.append(p), p)[1])(real(*a)))
    rows: list[tuple[list[str], int]] = []
    start_help._help_rows.cache_clear()
    fit = scenes.fitted_rows
    monkeypatch.setattr(start_help, "fitted_rows", lambda *a: (lambda out: (rows.append(out), out)[1])(fit(*a)))
    assert len(scene.tile_hot) == 6
    for tile, game_id in scene.tile_hot:
        panels.clear()
        rows.clear()
        start_help._help_rows.cache_clear()
        rest_on(app, tile.center)
        app.draw(surface)
        assert len(panels) == 1 and len(rows) == 1, game_id
        panel, (lines, size) = panels[0], rows[0]
        assert tile.contains(panel), (game_id, tile, panel)
        assert panel.collidelist([r for r, _ in scene.hot]) == -1, game_id
        font = start_help.font(size)
        assert len(lines) * font.get_linesize() <= panel.h, (game_id, lines)
        assert all(font.size(line)[0] <= panel.w for line in lines), (game_id, lines)
