"""Headless: Königs-Rommé's last-turn banner lies over empty felt, never over cards (play-test S5).

Seen under Xvfb (4 seats, 1024x600, German, round 11): after Bot 2 went out the red banner 'Jeder ist noch einmal
dran! …' stayed at the foot of the meld area over the third row of melds, and hid the wild mark of 'Dd Ds Kt'.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import open_table, open_window, play_until

from romme_table import table_draw
from romme_table.controller import Controller, Seat

SIZE = (1024, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SIZE)


def banner_drawn(app, surface, monkeypatch) -> list[tuple[pygame.Rect, str]]:
    """The boxes and words of the banners the window draws when it draws once more."""
    seen: list[tuple[pygame.Rect, str]] = []
    real = table_draw.draw_banner
    monkeypatch.setattr(
        table_draw, "draw_banner", lambda surf, box, words: (seen.append((box, words)), real(surf, box, words))
    )
    app.draw(surface)
    return seen


def banner_rows(surface, box, words, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """The rows the banner prints in ``box`` and where."""
    rows: list[tuple[str, pygame.Rect]] = []
    real = table_draw.text
    monkeypatch.setattr(table_draw, "text", lambda surf, row, pos, *a: rows.append((row, real(surf, row, pos, *a))))
    table_draw.draw_banner(surface, box, words)
    monkeypatch.setattr(table_draw, "text", real)
    return rows


@pytest.mark.parametrize("melds", [3, 9, 14, 16, 19, 25])  # 16 and more: four and five rows fill the area
def test_the_last_turn_banner_covers_no_card(surface, monkeypatch, melds):
    seats = [Seat("Du")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2, 3)]
    c = Controller("koenigs", seats, seed=210323, bot_delay=0.0, lang="de")
    assert play_until(c, lambda c: bool(c.last_turn_banner()))
    rows = [["7d", "8d", "9d"], ["Qd", "Qs", "Kt"], ["4c", "4d", "4h", "4s"], ["10h", "Jh", "Qh", "Kh"]]
    monkeypatch.setattr(c, "melds", lambda: [rows[k % len(rows)] for k in range(melds)])  # a table of that many
    app, scene = open_table(c, surface, SIZE)
    lay = scene.compute_layout()
    cards = [r for meld in lay.melds for r in meld]
    box = table_draw.banner_box(lay)
    assert box.collidelist(cards) == -1, (box, cards)  # over empty felt
    area = lay.meld_area  # in the meld area's columns, above the hand
    assert area.x <= box.x and box.right <= area.right and area.y <= box.y and box.bottom <= lay.hand[0].y
    assert box.w >= area.w // 4 and box.h >= table_draw.BANNER_LEAST
    assert banner_drawn(app, surface, monkeypatch) == [(box, c.last_turn_banner())]  # where the window draws it
    rows = banner_rows(surface, box, c.last_turn_banner(), monkeypatch)
    assert " ".join(row for row, _ in rows) == c.last_turn_banner()  # whole, in one row or a few
    assert all(box.contains(r) for _, r in rows), (box, rows)
