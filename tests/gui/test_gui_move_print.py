"""Headless: the buttons listing the moves share one print size.

Each button fitted its own label: at 800x600 the German solitaire's page read 'Hand 6: 8s abwerfen' at 17 and
'Hand 6: * abwerfen' at 19 under each other, the English one its moves at 20 and 'More… (PgDn) 1-5/89' at 19."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table

from romme_table import scenes, solo_keys, table_draw
from romme_table.controller import Controller, Seat
from romme_table.table_draw import move_buttons


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_page_of_the_solitaires_moves_is_printed_in_one_size(lang, surface, monkeypatch):
    c = Controller("koenigs-solo", [Seat("A")], seed=5, bot_delay=0.0, lang=lang)
    app, scene = open_table(c, surface, (800, 600))
    printed: dict[str, int] = {}  # per button label drawn: the size of its last line of print
    drawing: list[str] = []
    real_font, real_button = scenes.font, table_draw.button

    def font(size: int) -> pygame.font.Font:
        if drawing:
            printed[drawing[-1]] = size
        return real_font(size)

    def button(surf: pygame.Surface, rect: pygame.Rect, label: str, *args: object, **kw: object) -> None:
        drawing.append(label)
        real_button(surf, rect, label, *args, **kw)  # type: ignore[arg-type]
        drawing.pop()

    monkeypatch.setattr(scenes, "font", font)
    monkeypatch.setattr(table_draw, "button", button)
    monkeypatch.setattr(solo_keys, "listed", lambda scene, moves: None)  # its steps listed unfolded (the cursor's
    # fold lists one): the longest list of like labels
    pages = 0
    while True:
        printed.clear()
        app.draw(surface)
        lay, labels = scene.compute_layout(), [label for label, _ in scene._buttons()]
        moves = move_buttons(scene)
        one_row = [labels[k] for k in moves if scenes.button_rows(labels[k], lay.buttons[k])[0] == [labels[k]]]
        assert len(one_row) > 1 and len({printed[label] for label in one_row}) == 1, {x: printed[x] for x in one_row}
        pages += 1
        if scene.page * scene.room + len(scene.visible_actions()) >= len(scene.actions):
            break
        key(app, pygame.K_PAGEDOWN)
    assert pages > 10  # all 89 moves were seen
