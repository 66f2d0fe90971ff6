"""Headless: at 640x420 seven melds take the table's room, in three rows of larger cards where two rows of small ones
left a band of felt, and a joker's meaning stays readable on a small overlapped card (play-test S9).

Played under Xvfb (H7, Rommé 'Räuber: Tischkarten auf die Hand', 3 seats, 640x420, German): seven melds lay in two
rows of small cards over an empty band about 70 px high, and the jokers' '=Bs' and '=Ds' were narrowed into the part
of their card in sight, unreadable. The melds' row gap is smaller under small cards, and the card size is searched
to the pixel below the size that did not fit.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import open_table, open_window, play_until

from romme.rules import Rules
from romme_table import cards_draw, table_draw
from romme_table.controller import Controller, Seat
from romme_table.layout import TableLayout, row_gap, table_layout

SMALL = (640, 420)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def unused_band(lay: TableLayout) -> int:
    """The felt left under the lowest row of melds (and the new-meld place) in the table's meld area."""
    lowest = max(r.bottom for m in [*lay.melds, [lay.new_meld]] for r in m)
    return lay.meld_area.bottom - lowest


def assert_room_used(lay: TableLayout) -> None:
    ch = lay.new_meld.h
    assert ch >= 50, ch  # (two rows held 47-px cards)
    assert unused_band(lay) < ch + row_gap(lay.new_meld.w), (unused_band(lay), ch)  # (no room for a row left)
    assert all(r.bottom <= lay.meld_area.bottom for m in lay.melds for r in m)


def test_seven_melds_fill_three_rows_of_larger_cards():
    lay = table_layout(*SMALL, 13, 2, [4, 5, 3, 3, 3, 3, 3], 8)
    assert len({m[0].y for m in lay.melds}) == 3
    assert_room_used(lay)


def seven_melds_with_an_inner_joker() -> Controller:
    """H7's game: Rommé 'rauber-to-hand', three seats, played to seven melds with a joker inside a meld."""
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")],
                   seed=217267, bot_delay=0.0, rules=Rules.make("romme", "rauber-to-hand"))
    assert play_until(c, lambda c: len(c.melds()) >= 7 and any("*" in m[:-1] for m in c.melds()), level="expert")
    return c


def test_the_table_of_a_played_game_at_640x420(surface):
    app, scene = open_table(seven_melds_with_an_inner_joker(), surface, SMALL)
    assert_room_used(scene.compute_layout())


def test_a_jokers_label_reads_the_same_when_its_card_is_outlined_new(surface, monkeypatch):
    """R2 under Xvfb (Räuber-Rommé, 640x420, German, game no. 626365): once 'Jo Kd Ad' was laid, the 'new' outline
    round the joker's part in sight ran through its label, '=Dd' read '=D('. The label lies over the outlines."""
    app, scene = open_table(seven_melds_with_an_inner_joker(), surface, SMALL)
    drawn: list[pygame.Rect] = []

    def kept(into: pygame.Surface, card: pygame.Rect, game: str, tag: str, shown: int) -> pygame.Rect | None:
        back = cards_draw.stands_for_over(into, card, game, tag, shown)
        if back is not None:
            drawn.append(back)
        return back

    monkeypatch.setattr(table_draw, "stands_for_over", kept)
    looks = []
    for marked in (False, True):  # no card new, then every card new
        monkeypatch.setattr(scene, "news_marks", lambda marked=marked: [
            set(range(len(m))) if marked else set() for m in scene.c.melds()])
        drawn.clear()
        app.draw(surface)
        assert drawn, "no joker's label at 640x420"
        # (inside its frame: the outline shows at the label's rounded corners)
        looks.append([pygame.image.tobytes(surface.subsurface(r.inflate(-2, -2)), "RGB") for r in drawn])
    assert looks[0] == looks[1]


def test_a_jokers_meaning_is_printed_whole_over_a_small_overlapped_card(surface):
    """On a 35x51 card with 19 px of it in sight, '=Kc' is printed whole at 12 px on a label over the next card; a
    card whose part in sight holds it (or a card in full sight) needs no label."""
    surface.fill((0, 0, 0))
    card = pygame.Rect(10, 10, 35, 51)
    assert cards_draw.stands_for_over(surface, card, "romme", "=Kc", 19) is not None
    words = cards_draw.pixel_font(12).size("=Kc")[0]
    inked = [x for x in range(10, 120) if surface.get_at((x, 10 + 30))[:3] != (0, 0, 0)]
    assert inked and max(inked) - min(inked) + 1 >= words, (inked, words)
    assert cards_draw.stands_for_over(surface, card, "romme", "=Kc", 0) is None  # in full sight: the card prints it
    big = pygame.Rect(10, 10, 105, 150)
    assert cards_draw.stands_for_over(surface, big, "romme", "=Kc", 58) is None
    assert cards_draw.stands_for_size(51) == 12 and cards_draw.stands_for_size(150) == 30
