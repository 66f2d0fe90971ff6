"""Headless: how the window looks at the sizes people use (800x600 to 2560x1440): the start screen fills the
height, a tile's name is never shrunk, its fan shows every rank, the print keeps the dots of umlauts apart."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import romme
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene

GAMES = list(romme.engine.list_games())
SIZES = [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)]


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def start_screen(size: tuple[int, int], game_id: str, lang: str = "en") -> tuple[SceneStack, StartScene]:
    app = SceneStack(size, lang)
    model = StartModel()
    model.set_game(game_id)
    scene = StartScene(model)
    app.push(scene)
    app.draw(pygame.Surface(size))
    return app, scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_start_screen_fills_the_height_of_the_window(size, game_id):
    """Seen at 1920x1080: the tiles took 30 % of the height and the rows 6 % each, the bottom quarter stayed
    empty. The rows end within the last tenth of the window now, with the default seats of every game."""
    _, scene = start_screen(size, game_id)
    lowest = max(r.bottom for r, _ in scene.hot)
    assert lowest >= 0.9 * size[1], (lowest, size)
    assert lowest <= size[1]


def test_a_row_stays_put_when_a_seat_is_added():
    """The rows' height does not follow the seat count while the columns have room: '+ add a seat' stays under
    the mouse for the next click."""
    for size in SIZES:
        _, scene = start_screen(size, "romme")
        before = scene.hot[1][0].copy()
        scene.model.add_seat()
        scene.draw(pygame.Surface(size))
        assert scene.hot[1][0] == before, size


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_name_too_long_for_its_tile_is_broken_not_shrunk(lang, monkeypatch):
    """At 800x600 'Königs-Rommé Patience' was smoothscaled into its tile: a tenth of its height, hard to read.
    It is broken at its space now; every name is drawn at the tiles' name size, within its tile."""
    from romme_table import start_screen as start

    drawn: list[tuple[str, int]] = []
    real_font = start.font

    class Spy:
        def __init__(self, size: int) -> None:
            self.nominal, self.f = size, real_font(size)

        def render(self, s: str, *args: Any) -> pygame.Surface:
            drawn.append((s, self.nominal))
            return self.f.render(s, *args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.f, name)

    monkeypatch.setattr(start, "font", Spy)
    monkeypatch.setattr(pygame.transform, "smoothscale_by", lambda *a: pytest.fail("text shrunk to fit"))
    for size in SIZES:
        _, scene = start_screen(size, "koenigs-solo", lang)
        tile = scene.tile_hot[0][0]
        name_size = start.tile_name_size(tile.w)
        for game_id in GAMES:
            lines = start.tile_name_lines(game_id, lang, tile.w)
            assert " ".join(lines) == start.game_name(game_id, lang)
            for line in lines:
                assert (line, name_size) in drawn, (line, size)
                assert real_font(name_size).size(line)[0] <= tile.w - 2 * max(4, tile.w // 20), (line, size)
        drawn.clear()


def test_every_tile_fan_shows_each_cards_rank():
    """The fan's cards overlap by at most what leaves each rank readable ('10' and '12' whole)."""
    from romme_table import start_screen as start
    from romme_table.cards_draw import pixel_font

    for size in SIZES:
        _, scene = start_screen(size, "koenigs")
        tile = scene.tile_hot[0][0]
        inner = tile.w - 2 * max(4, tile.w // 20)
        cw = start.fan_card_width(inner, 5)
        step = (inner - cw) // 4
        assert cw * 5 > inner  # a fan, not a row
        assert step >= pixel_font(max(12, int(cw / start.CARD_RATIO * 0.2))).size("10")[0], size


def accent_dots(base: str, accented: str, size: int) -> int:
    """How many separate marks the print of nominal ``size`` draws over ``base`` to make ``accented`` (the rows
    ``accented`` inks and ``base`` does not, their darkest pixel per column split where it fades)."""
    from romme_table.cards_draw import font

    plain = font(size).render(base, True, (255, 255, 255), (0, 0, 0))
    marked = font(size).render(accented, True, (255, 255, 255), (0, 0, 0))
    w = marked.get_width()

    def inked(img: pygame.Surface, y: int) -> bool:
        return y < img.get_height() and any(img.get_at((x, y))[0] > 40 for x in range(img.get_width()))

    rows = [y for y in range(marked.get_height()) if inked(marked, y) and not inked(plain, y)]
    lit = [max(marked.get_at((x, y))[0] for y in rows) > 120 for x in range(w)] if rows else []
    return sum(1 for x in range(len(lit)) if lit[x] and (x == 0 or not lit[x - 1]))


def test_umlauts_keep_their_two_dots_in_small_print():
    """pygame-ce's own font (freesansbold) drew the dots of 'ö', 'ü', 'Ä', 'Ö' as one bar at most sizes up to 24 pt:
    'Königs' read 'Kōnigs' on the tiles and in the log. The bundled DejaVu Sans Bold keeps two dots from 16 pt (the
    smallest print of labels and buttons is 17) up."""
    from romme_table import cards_draw

    assert cards_draw.FONT_FILE.is_file() and (cards_draw.FONT_FILE.parent / "LICENSE-DejaVu.txt").is_file()
    SceneStack((1280, 800))  # print at its nominal size
    for size in range(16, 25):
        for base, accented in (("o", "ö"), ("u", "ü"), ("A", "Ä")):
            assert accent_dots(base, accented, size) == 2, (accented, size)
    assert accent_dots("e", "é", 18) == 1  # an accent is one mark: the count reads marks, not pixels


@pytest.mark.parametrize("size", SIZES)
def test_the_notes_in_an_opponents_box_are_printed_at_label_size_within_the_box(size, monkeypatch):
    """Krass Kariert's 'chips 2' and 'R: 3' under a seat's name were 16 pt, specks at 1280x800: no smaller than a
    label now, and every line inside its box."""
    from gui_driver import drawn_fit_texts

    from romme_table.cards_draw import font
    from romme_table.controller import Controller, Seat
    from romme_table.scenes import LABEL_FONT
    from romme_table.table_scene import TableScene

    surface = pygame.Surface(size)
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("krass", seats, seed=5, bot_delay=0.0)
    app = SceneStack(size)
    scene = TableScene(c)
    app.push(scene)
    app.draw(surface)
    notes = [n for n in c.seat_notes()[1:] if n]
    assert notes
    drawn = drawn_fit_texts(app, surface, monkeypatch)
    boxes = scene.layout.opponents
    for note in notes:
        for part in note.split("  ")[:2]:
            hits = [(pos, sz) for s, pos, _, sz in drawn if part in s.split(" · ")]  # one row where they fit
            assert hits, part
            (x, y), sz = hits[0]
            assert sz >= LABEL_FONT, (part, sz)
            box = next(b for b in boxes if b.collidepoint(x, y))
            assert y + font(sz).get_height() <= box.bottom, (part, size)
