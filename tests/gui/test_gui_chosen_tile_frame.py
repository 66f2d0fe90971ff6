"""Headless: the chosen game's tile keeps its words clear of its frame at 640x420 (play-test W8).

Played under Xvfb (640x420, both languages): the chosen tile's yellow frame, 4 px wide, was drawn over the tile's
inner margin, so its title, blurb, record and 'saved' mark started on the yellow line, where the other tiles keep
about 4 px of felt before their words. The frame now lies round the tile, in the gap between tiles.
"""

from __future__ import annotations

import pygame
import pytest

from romme_table.scenes import SceneStack
from romme_table.start_screen import CHOSEN, StartModel, StartScene


@pytest.fixture(autouse=True)
def pygame_up() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", ["krass", "romme"])
def test_the_chosen_tiles_frame_lies_round_it_not_over_its_words(tmp_path, lang, game):
    size = (640, 420)
    app = SceneStack(size, lang)
    app.settings_dir, app.save_dir = tmp_path, tmp_path / "saves"  # no records, no saves: no yellow 'saved' mark
    model = StartModel()
    model.set_game(game)
    app.push(StartScene(model))
    canvas = pygame.Surface(size)
    app.draw(canvas)
    tile = next(rect for rect, g in app.top.tile_hot if g == game)
    frame = pygame.mask.from_threshold(canvas, CHOSEN, (2, 2, 2, 255))
    inside = pygame.mask.Mask(size)  # the tile less the corners its rounding leaves to the felt (and the frame)
    for part in (tile.inflate(-14, 0), tile.inflate(0, -14)):
        inside.draw(pygame.mask.Mask(part.size, fill=True), part.topleft)
    assert frame.overlap_area(inside, (0, 0)) == 0  # nothing of the frame within the tile: its words keep the felt
    around = pygame.mask.Mask(size)
    around.draw(pygame.mask.Mask(tile.inflate(6, 6).size, fill=True), tile.inflate(6, 6).topleft)
    around.erase(pygame.mask.Mask(tile.size, fill=True), tile.topleft)
    ring = frame.overlap_area(around, (0, 0))
    assert ring > 2 * (tile.w + tile.h), ring  # the frame is drawn round it, all the way
    words = pygame.mask.from_threshold(canvas, (235, 240, 230), (40, 40, 40, 255))  # the tile's light print
    seen = words.overlap_mask(inside, (0, 0)).get_bounding_rects()
    assert seen and min(r.x for r in seen) >= tile.x + 4, (seen, tile)  # the title and blurb keep their margin
