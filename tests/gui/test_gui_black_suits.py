"""Headless: a club and a spade are told apart in a card's corner at every size (play-test V3, session 57).

Räuber-Rommé at 640x420: the meld 'Bc Dc Kc Ac' read as spades. Where melds overlap only each card's rank and small
suit sign show (the letter beside it lies under the next card), and at that size the sign's polygons (a club's
three lobes of 2 px, a spade's point) both drew a blob on a stem. The club's sign keeps a round head, the spade's
its point.
"""

from __future__ import annotations

import pygame
import pytest

from romme_table import cards_draw


def sign_rows(game: str, token: str, h: int) -> list[list[int]]:
    """The ink columns of each row of the corner's suit sign (the second group of inked rows in the card's left
    strip, under the rank), left of where the suit's letter begins."""
    w = int(h * 0.7)
    image = cards_draw.card_image(game, token, w, h)
    cols = int(3 + 2 * max(4, h * 0.07))
    def inked(x: int, y: int) -> bool:
        r, g, b, a = image.get_at((x, y))
        return a > 0 and r + g + b < 200

    rows = [[x for x in range(cols) if inked(x, y)] for y in range(h // 2)]
    groups: list[list[list[int]]] = []
    for row, before in zip(rows, [[], *rows]):
        if row and not before:
            groups.append([])
        if row:
            groups[-1].append(row)
    assert len(groups) >= 2, (token, h)
    return groups[1]


def runs(row: list[int]) -> int:
    """How many separate stretches of ink a row holds."""
    return sum(1 for x in row if x - 1 not in row)


@pytest.mark.parametrize("game", ["romme", "koenigs"])
@pytest.mark.parametrize("h", [40, 48, 56, 64, 72, 80, 96, 112, 128, 144])
def test_a_small_club_shows_its_lobes_and_a_spade_none(game: str, h: int, surface: pygame.Surface) -> None:
    """Cards up to 157 px high (a sign's radius under 11 px: the hand and melds of windows up to 1920x1080): the
    club's sign has a row in its upper two thirds of three stretches (its head and two lobes, the notches between),
    the spade's none (its point widens to its shoulders); the polygons drew both as one stretch a row."""
    club, spade = sign_rows(game, "Kc", h), sign_rows(game, "Ks", h)
    assert max(runs(row) for row in club[: 2 * len(club) // 3]) >= 3, (h, club)
    assert max(runs(row) for row in spade[: 2 * len(spade) // 3]) == 1, (h, spade)
