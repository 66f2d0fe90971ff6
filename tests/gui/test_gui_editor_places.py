"""Headless: opening the table editor (T, or a hint laid out on the board) keeps each meld where the player saw it.

Seen under Xvfb at 1280x800 in Räuber-Rommé: with eight melds on the table, T moved 3c 3h 3s 3d from the second
row's right end to the first row's left, 8c 8d 8s to the middle and so on (the editor took the engine's order of
the melds, the table shows them in their kept places), so the player had to find every meld again.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table

from romme.bots import make_bot
from romme.rules import Rules
from romme_table.controller import Controller, Seat


def reading_order(melds: list[list[str]], rects: list[list[pygame.Rect]]) -> list[tuple[str, ...]]:
    """The melds as the eye reads the table: row by row, left to right."""
    shown = [(r[0].y, r[0].x, tuple(sorted(m))) for m, r in zip(melds, rects) if r and m]
    return [m for _, _, m in sorted(shown)]


def sorted_rects(melds: list[list[str]]) -> list[list[pygame.Rect]]:
    """Rectangles reading the melds in the engine's order (one meld a row)."""
    return [[pygame.Rect(0, 40 * k, 10, 10)] for k in range(len(melds))]


def _moved_places(game: str, rules, seed: int, surface):
    """A game watched frame by frame until the human may rebuild a table (at least three melds) that the player
    reads in another order than the engine lists its melds."""
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, rules=rules, bot_delay=0.0)
    app, scene = open_table(c, surface, surface.get_size())
    helper = make_bot(game, "greedy", seed=4)
    for _ in range(600):
        c.run_bots_until_human()
        app.update(0.0)
        app.draw(surface)
        if c.state.is_over or app.top is not scene:
            return None
        table = c.melds()
        if c.can_rearrange() and len(table) >= 3:  # places kept in another order than the engine lists the melds
            scene.places.places.reverse()  # (the places keep the order melds came in, mostly the engine's too)
            for place in scene.places.places:
                place.row = None
        read = reading_order(table, scene.compute_layout().melds[: len(table)])
        if c.can_rearrange() and len(table) >= 3 and read != reading_order(table, sorted_rects(table)):
            return c, app, scene
        assert c.play(helper.choose(c.state.clone())), c.message
        app.update(0.0)
        app.draw(surface)
    return None


@pytest.mark.parametrize("game,preset", [("rummy", "standard"), ("romme", "rauber")])
def test_pressing_t_keeps_every_meld_in_its_place(game, preset, surface):
    found = next(
        (f for seed in range(1, 9) if (f := _moved_places(game, Rules.make(game, preset), seed, surface))), None
    )
    assert found is not None, "no table read in another order than the engine's"
    c, app, scene = found
    lay = scene.compute_layout()
    before = reading_order(c.melds() + scene.draft_groups(), lay.melds)
    key(app, pygame.K_t, surface)
    assert c.editor is not None, c.message
    lay = scene.compute_layout()
    assert reading_order(c.editor.melds, lay.melds) == before
    key(app, pygame.K_e, surface)  # refused: nothing moved
    assert c.editor is not None and c.message
    key(app, pygame.K_ESCAPE, surface)  # the refusal was about the board just left (it stayed on the line)
    assert c.editor is None and c.message == ""


def test_a_hint_on_the_board_keeps_the_melds_it_leaves_in_place(surface):
    from romme_table.hint_board import lay_out

    found = next((f for seed in range(1, 9) if (f := _moved_places("rummy", None, seed, surface))), None)
    assert found is not None
    c, app, scene = found
    editor = scene.start_editing()
    assert editor is not None
    shown = [list(m) for m in editor.melds]
    engine_order = list(reversed(shown))  # an answer listing the same melds in another order
    assert lay_out(editor, engine_order)
    assert editor.melds == shown
