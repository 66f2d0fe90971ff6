"""Headless: the words printed on a card stay whole inside the card, or inside the part of it in sight.

Seen under Xvfb: the small cards of Krass Kariert's score sheet read 'STOF' (the P past the card's edge), and the
'wild' tag of Königs-Rommé's overlapped hand cards read 'wil' (its last letter under the next card).
"""

from __future__ import annotations

import pygame
import pytest

from romme_table import cards_draw
from romme_table.layout import table_layout

STOP_RED = (200, 20, 30)
WILD_PURPLE = (150, 30, 160)


def ink_columns(
    image: pygame.Surface, top: int, bottom: int, colour: tuple[int, int, int], near: int = 120
) -> list[int]:
    """The columns of ``image`` holding pixels within ``near`` of ``colour`` between rows ``top`` and ``bottom``."""
    return sorted(
        {
            x
            for x in range(image.get_width())
            for y in range(top, bottom)
            if sum(abs(a - b) for a, b in zip(image.get_at((x, y))[:3], colour)) < near
        }
    )


@pytest.mark.parametrize("h", [30, 40, 54, 80])
def test_stop_is_printed_inside_a_small_krass_card(surface, h: int) -> None:
    """The score sheet draws the cards left in a hand about 40 px high (1280x800): the label stays in the card, in
    print no narrower than the card leaves room for."""
    w = int(h * 0.7)
    card = cards_draw.card_image("krass", "S", w, h)
    ink = ink_columns(card, h // 2, h - 2, STOP_RED, 200)  # the small print's antialiased letters too
    assert ink and min(ink) >= 2 and max(ink) <= w - 3, (h, w, ink[:1], ink[-1:])
    assert max(ink) - min(ink) >= (w - 6) * 0.6  # the word, not a letter or two


def test_stop_keeps_its_print_on_a_full_size_card(surface) -> None:
    h = 150
    card = cards_draw.card_image("krass", "S", int(h * 0.7), h)
    ink = ink_columns(card, h // 2, h - 2, STOP_RED)
    word = cards_draw.pixel_font(int(h * 0.28)).render("STOP", True, STOP_RED, (255, 255, 255))
    alone = ink_columns(word, 0, word.get_height(), STOP_RED)  # the ink, not the letters' side bearings
    assert abs((max(ink) - min(ink)) - (max(alone) - min(alone))) <= 2


@pytest.mark.parametrize("size", [(800, 600), (1200, 760), (1920, 1080)])
@pytest.mark.parametrize("count", [12, 20, 30])
def test_the_wild_tag_is_whole_in_the_part_of_a_hand_card_in_sight(surface, size: tuple[int, int], count: int) -> None:
    lay = table_layout(*size, count, 1, [3], 8)
    card, step = lay.hand[0], lay.hand[1].x - lay.hand[0].x
    assert step < card.w  # the next card covers a part of it
    for tag in ("wild", "Joker"):
        image = cards_draw.card_image("koenigs", "Qd", card.w, card.h, tag=tag, shown=step)
        ink = ink_columns(image, card.h * 3 // 4, card.h - 1, WILD_PURPLE)
        assert ink and max(ink) < step, (tag, step, ink[-1:])
        assert min(ink) >= 2  # narrowed, not pushed off the left edge
