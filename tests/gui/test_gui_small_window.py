"""Headless: the smallest window (640x420) keeps Krass Kariert's reserve readable and the 'new' tags of a
table being rebuilt off the opponents' boxes."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import key, open_table, open_window

from romme_table import table_draw
from romme_table.controller import Controller
from romme_table.demo import mid_game, play_human_turns, seats_for
from romme_table.i18n import t
from romme_table.layout import RESERVE_ROW, SELECTED_RAISE
from romme_table.table_draw import reserve_label_rows

TINY = (640, 420)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(TINY)


def krass_with_reserves(lang: str) -> Controller:
    c = Controller("krass", seats_for("krass", lang=lang), seed=1, bot_delay=0.0, lang=lang)
    for _ in range(60):
        if c.own_reserves() and not c.state.is_over:
            return c
        play_human_turns(c, 1, seed=1)
        c.run_bots_until_human()
    raise AssertionError("no reserve cards came up")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_krass_reserve_cards_are_hand_sized_and_their_label_whole_at_640x420(lang, surface):
    """The reserve cards were 24 px high under the info text and 'Deine Reserve (in die Han...' was cut:
    at a small window they stand at the hand row's right end, hand-sized, their label whole above them."""
    c = krass_with_reserves(lang)
    app, scene = open_table(c, surface, TINY)
    lay = scene.compute_layout()
    reserves = lay.reserves[: len(c.own_reserves())]
    assert reserves and all(r.h == lay.card[1] for r in reserves)
    label = lay.reserve_label
    # two rows over the cards alone, whole at 16 px (in one row it reached left over the hand, under a raised hand
    # card and on the cards' tops: play-test T6)
    rows, size = reserve_label_rows(t("reserves", lang), label.w, 16)
    assert " ".join(rows) == t("reserves", lang) and size >= 16 and label.h >= 2 * RESERVE_ROW
    assert label.x >= reserves[0].x and label.right <= lay.buttons[0].x
    raised = [r.move(0, -SELECTED_RAISE) for r in lay.hand]
    for r in reserves:
        assert r.collidelist(lay.hand) == -1 and not r.colliderect(lay.buttons[0].union(lay.buttons[-1]))
        assert r.right <= lay.message.right + 8
    assert not label.colliderect(lay.meld_area) and label.collidelist(lay.hand + raised + reserves) == -1


def test_new_meld_tags_stay_off_the_opponents_boxes_at_640x420(surface, monkeypatch):
    """Rummy, a hint laid out on the board: the 'new' tags of the melds in the top row ran into the
    opponent's box."""
    c = mid_game("rummy", 30, seed=3)  # the hint rebuilds a table of a dozen melds
    app, scene = open_table(c, surface, TINY)
    key(app, pygame.K_h, surface)
    tags: list[pygame.Rect] = []
    real = table_draw.mark_new_meld

    def record(surface: pygame.Surface, box: pygame.Rect, lang: str) -> pygame.Rect:
        tags.append(real(surface, box, lang))
        return tags[-1]

    monkeypatch.setattr(table_draw, "mark_new_meld", record)
    app.draw(surface)
    assert c.editor is not None and tags, c.message
    lay = scene.compute_layout()
    top = min(tags, key=lambda r: r.y)
    assert all(top.y >= o.bottom + 2 for o in lay.opponents), (top, lay.opponents)
