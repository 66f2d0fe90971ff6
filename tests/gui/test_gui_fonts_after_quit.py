"""Headless: the table's fonts outlive a pygame.quit() (a window closed, or another test module's window).

Found as a flaky tests/gui/test_gui_du_words.py::test_the_german_winner_line_speaks_to_du under ``pytest -n 2``:
it passed alone, and failed when its xdist worker had run a module that drew text and then quit pygame without
emptying cards_draw.pixel_font's cache (test_gui_controller, test_gui_full_rounds, app.run's end): the cached
font raised 'Invalid font (font module quit since font created)'."""

from __future__ import annotations

import pygame

from romme_table import cards_draw, score_grid


def _print_then_quit(size: int) -> None:
    pygame.font.init()
    cards_draw.pixel_font(size).render("Kö", True, (0, 0, 0))
    pygame.quit()  # as a window's end does: no cache_clear by hand


def test_a_font_cached_before_pygame_quit_is_made_anew_after_it():
    for _ in range(2):  # pygame forgets its quit callbacks once called: the second quit must empty the cache too
        _print_then_quit(34)
        pygame.font.init()
        cards_draw.pixel_font(34).render("Kö", True, (0, 0, 0))


def test_the_winner_banner_draws_after_another_window_quit_pygame():
    _print_then_quit(round(34 * cards_draw.text_scale()))
    pygame.font.init()
    surface = pygame.Surface((800, 600))
    score_grid.draw_winner_banner(surface, pygame.Rect(0, 0, 600, 400), ["Du"], "de", "")
