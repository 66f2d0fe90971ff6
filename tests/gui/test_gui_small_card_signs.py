"""Headless: a small card leaves out its big centre sign where it would run into the corner (play-test V9, session 57).

The start screen at 640x420: the tiles' cards are about 17x30 px, and each card's corner sign, its letter and its big
centre sign ran into one blob (Rummy's '5B 6B 7B' read as three blue zig-zags). The big sign is drawn only where it
clears the corner's sign and letter, which say everything a covered card shows anyway.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from romme_table import cards_draw


def big_signs(monkeypatch: pytest.MonkeyPatch, game: str, token: str, w: int, h: int) -> int:
    """How many big centre signs painting ``token`` at ``w`` x ``h`` draws (shapes of the centre sign's radius)."""
    radii: list[float] = []
    real = cards_draw.shape_points

    def record(shape: str, cx: float, cy: float, r: float) -> Any:
        radii.append(r)
        return real(shape, cx, cy, r)

    monkeypatch.setattr(cards_draw, "shape_points", record)
    cards_draw._paint_card(pygame.Surface((w, h), pygame.SRCALPHA), pygame.Rect(0, 0, w, h), game, token)
    return sum(1 for r in radii if abs(r - min(w, h) * 0.26) < 1e-9)


@pytest.mark.parametrize(
    ("game", "token"), [("rummy", "B5"), ("einmaleins", "H12"), ("romme", "10h"), ("koenigs", "9t")]
)
def test_the_big_sign_only_where_it_clears_the_corner(game: str, token: str, monkeypatch, surface) -> None:
    assert big_signs(monkeypatch, game, token, 17, 30) == 0  # the tiles' cards at 640x420
    assert big_signs(monkeypatch, game, token, 47, 68) == 1  # a meld's card at 640x420
    assert big_signs(monkeypatch, game, token, 70, 100) == 1
