"""Headless: a Krass Kariert card covered by the next one shows its corner only, never a cut piece of its big number.

Seen under Xvfb (play-test U5, start screen, 1024x600): the Krass card's fan '8 10 9 X S' showed a lone '1' of the
covered 10's big number between 10 and 9, and half an 8 beside the 8, so it read '8 8 10 1 9 X S'."""

from __future__ import annotations

import pygame

from romme_table.cards_draw import draw_card

FELT = (20, 90, 50)


def ink_in(surface: pygame.Surface, area: pygame.Rect) -> int:
    """Dark pixels (print) in ``area``."""
    spots = ((x, y) for x in range(area.x, area.right) for y in range(area.y, area.bottom))
    return sum(1 for spot in spots if sum(surface.get_at(spot)[:3]) < 200)


def test_a_covered_krass_card_shows_no_cut_big_number(surface):
    for token in ("10", "8", "12"):
        surface.fill(FELT)
        card = pygame.Rect(10, 10, 60, 90)
        draw_card(surface, card, "krass", token, shown=30)  # as the start screen's fan leaves a card in sight
        sight = pygame.Rect(card.x + 6, card.y + int(card.h * 0.45), 30 - 8, int(card.h * 0.45))  # under the corner
        assert ink_in(surface, sight) == 0, token


def test_an_uncovered_krass_card_keeps_its_big_number(surface):
    surface.fill(FELT)
    card = pygame.Rect(10, 10, 60, 90)
    draw_card(surface, card, "krass", "10")
    assert ink_in(surface, pygame.Rect(card.x, card.y + int(card.h * 0.45), card.w, int(card.h * 0.45))) > 20
