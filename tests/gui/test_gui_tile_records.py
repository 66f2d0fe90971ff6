"""Headless: each game's tile on the start screen shows the player's record of it ('you won 1 of 2'), which the
winner sheet alone showed, once a game, and only until it was put away."""

from __future__ import annotations

import pygame
import pytest

from romme.engine import list_games
from romme_table import records, settings_store, start_screen
from romme_table.i18n import t
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize(("size", "lang"), [((800, 600), "de"), ((1024, 640), "en"), ((1920, 1080), "en")])
def test_every_tile_shows_its_record_and_a_new_count_at_once(tmp_path, monkeypatch, size, lang):
    said: list[tuple[str, dict[str, object]]] = []
    real = start_screen.t
    monkeypatch.setattr(start_screen, "t", lambda key, *a, **kw: (said.append((key, kw)), real(key, *a, **kw))[1])
    records.add(tmp_path, "krass", True)
    records.add(tmp_path, "krass", False)
    app = SceneStack(size, lang)
    app.settings_dir, app.save_dir = tmp_path, tmp_path / "saves"
    app.push(StartScene(StartModel()))
    canvas = pygame.Surface(size)
    app.draw(canvas)
    shown = [kw for key, kw in said if key == "tile_record"]
    assert shown == [{"won": 1, "played": 2}], shown  # Krass only: no line for games never played
    assert real("tile_record", lang, won=1, played=2) in ("you won 1 of 2", "1 von 2 gewonnen")
    said.clear()
    with records.locked(tmp_path):
        records.add(tmp_path, "rummy", True)  # journalled: the lock is held (another window counting)
    app.draw(canvas)
    assert sorted((kw["won"], kw["played"]) for key, kw in said if key == "tile_record") == [(1, 1), (1, 2)]


def test_no_settings_folder_no_record_and_no_error():
    app = SceneStack((1024, 640), "en")
    app.push(StartScene(StartModel()))
    assert app.top.records() == {}
    app.draw(pygame.Surface((1024, 640)))


@pytest.mark.parametrize(("size", "lang"), [((800, 600), "de"), ((800, 600), "en"), ((1024, 640), "de")])
def test_a_long_record_stays_in_its_tile(tmp_path, size, lang):
    """'123 von 456 gewonnen' ran out of Krass Kariert's tile at 800x600 into Rommé's, over its own record: the
    line is broken into rows, and a row still too wide is narrowed to the tile."""
    colour = (190, 225, 200)  # the record's print (start_screen._draw_tile)
    (tmp_path / "records.json").write_text(
        '{"krass": {"won": 123, "played": 456}, "rummy": {"won": 123456789, "played": 999999999}}', encoding="utf-8"
    )
    app = SceneStack(size, lang)
    app.settings_dir, app.save_dir = tmp_path, tmp_path / "saves"
    app.push(StartScene(StartModel()))
    canvas = pygame.Surface(size)
    app.draw(canvas)
    printed = pygame.mask.from_threshold(canvas, colour, (2, 2, 2, 255))
    tiles = dict((game, rect) for rect, game in app.top.tile_hot)
    for game in ("krass", "rummy"):
        inside = pygame.mask.Mask(size)
        inside.draw(pygame.mask.Mask(tiles[game].size, fill=True), tiles[game].topleft)
        assert printed.overlap_area(inside, (0, 0)) > 0  # the record is printed in its tile
    outside = printed.copy()
    for game in ("krass", "rummy"):
        outside.erase(pygame.mask.Mask(tiles[game].size, fill=True), tiles[game].topleft)
    assert outside.count() == 0, outside.get_bounding_rects()


@pytest.mark.parametrize(("size", "lang"), [((640, 420), "en"), ((640, 420), "de"), ((800, 600), "en")])
def test_the_last_mark_stays_clear_of_the_tiles_frame(tmp_path, size, lang):
    """At 640x420, the smallest window, 'game saved' and the record were drawn on the tile's bottom edge, their
    letters cut by the chosen tile's 4-px frame (played under Xvfb)."""
    colour = (190, 225, 200)  # the record's print (start_screen._draw_tile)
    records.add(tmp_path, "krass", True)
    records.add(tmp_path, "rummy", True)
    app = SceneStack(size, lang)
    app.settings_dir, app.save_dir = tmp_path, tmp_path / "saves"
    model = StartModel()
    model.set_game("krass")
    app.push(StartScene(model))
    canvas = pygame.Surface(size)
    app.draw(canvas)
    printed = pygame.mask.from_threshold(canvas, colour, (2, 2, 2, 255))
    tiles = dict((game, rect) for rect, game in app.top.tile_hot)
    for game in ("krass", "rummy"):  # the chosen tile and another
        inside = pygame.mask.Mask(size)
        inside.draw(pygame.mask.Mask(tiles[game].size, fill=True), tiles[game].topleft)
        seen = printed.overlap_mask(inside, (0, 0)).get_bounding_rects()
        assert seen, game
        assert max(r.bottom for r in seen) <= tiles[game].bottom - 5, (game, seen, tiles[game])


@pytest.mark.parametrize(("size", "lang"), [((640, 420), "de"), ((640, 420), "en"), ((800, 600), "de")])
def test_the_marks_leave_the_blurb_whole(tmp_path, monkeypatch, size, lang):
    """At 640x420 in German '0 von 2 gewonnen' and 'Spiel gespeichert' wrapped onto two rows each and cut the
    blurbs above them mid-sentence ('11 Runden, jede'; play-test P10): a mark too wide for one row is said short
    ('0/2 gewonnen', 'gespeichert'), and every tile prints its blurb's last words."""
    saves = tmp_path / "saves"
    saves.mkdir()
    for game in list_games():
        records.add(tmp_path, game, False)
        records.add(tmp_path, game, False)
        settings_store.autosave_path(saves, game).write_text("{}", encoding="utf-8")
    printed: list[str] = []
    real_font = start_screen.font

    class Printing:
        def __init__(self, size: int) -> None:
            self.real = real_font(size)

        def render(self, text: str, *a: object) -> pygame.Surface:
            printed.append(text)
            return self.real.render(text, *a)

        def __getattr__(self, name: str) -> object:
            return getattr(self.real, name)

    monkeypatch.setattr(start_screen, "font", Printing)
    app = SceneStack(size, lang)
    app.settings_dir, app.save_dir = tmp_path, saves
    app.push(StartScene(StartModel()))
    app.draw(pygame.Surface(size))
    for game in list_games():
        blurb = start_screen.SUMMARIES[game][1 if lang == "de" else 0]
        assert any(row.endswith(blurb.split()[-1]) for row in printed), (game, blurb, printed)
    assert t("tile_saved", lang) in printed or t("tile_saved_short", lang) in printed
