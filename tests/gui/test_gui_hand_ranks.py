"""Headless: a crowded hand keeps every rank readable in the part of the card left in sight.

Seen under Xvfb at 800x600: Rummy with 30 tiles in the hand showed 19 px of each card, and 10, 11, 12 and 13 all
read '1' (the second digit lay under the next card).
"""

from __future__ import annotations

import pygame
from gui_driver import open_table

from romme_table import cards_draw
from romme_table.controller import Controller, Seat
from romme_table.layout import table_layout


def ink_columns(image: pygame.Surface, top: int, bottom: int, colour: tuple[int, int, int]) -> set[int]:
    """The columns of ``image`` holding pixels near ``colour`` between rows ``top`` and ``bottom``."""
    return {
        x
        for x in range(image.get_width())
        for y in range(top, bottom)
        if sum(abs(a - b) for a, b in zip(image.get_at((x, y))[:3], colour)) < 120
    }


def test_two_digit_ranks_fit_the_part_of_a_crowded_hand_card_in_sight(surface):
    lay = table_layout(800, 600, 30, 1, [3, 3], 8)
    card, step = lay.hand[0], lay.hand[1].x - lay.hand[0].x
    assert step < 25  # crowded: a two-digit rank at full size is wider
    colour = cards_draw.SUITS[("rummy", "B")][1]
    for token, rank in (("B10", "10"), ("B13", "13")):
        full = cards_draw.card_image("rummy", token, card.w, card.h)
        crowded = cards_draw.card_image("rummy", token, card.w, card.h, shown=step)
        heights = [cards_draw.rank_image(rank, colour, card.h, room).get_height() for room in (0, step - 4)]
        ink = [ink_columns(img, 3, 3 + high, colour) for img, high in zip((full, crowded), heights)]
        assert max(ink[0]) >= step, "at full size the rank reaches under the next card"
        assert ink[1] and max(ink[1]) < step, (token, max(ink[1]), step)


def test_the_hand_draws_each_card_for_what_the_next_leaves_in_sight(surface, monkeypatch):
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (800, 600))
    shown: list[int] = []
    real = cards_draw.card_image
    monkeypatch.setattr(cards_draw, "card_image", lambda *a: shown.append(a[7]) or real(*a))  # (its part in sight)
    app.draw(surface)
    lay = scene.compute_layout()
    steps = [b.x - a.x for a, b in zip(lay.hand, lay.hand[1:])]
    assert steps and all(s in shown for s in steps if s < lay.card[0]), (steps, shown)
