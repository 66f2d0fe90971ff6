"""Headless: the game's progress and the scores under the piles are printed in one print.

Played at 1024x600 with six seats (Rommé, German; H6 F17): 'Runde 5 — Ziel 500' stood at 18 pt over two score rows
each shrunk to its own width, to 15 and 12.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_fit_texts, open_table

from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.scenes import SceneStack, fitted
from romme_table.table_scene import TableScene

SIX = ["Du", "Maximiliane", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]


def six_seats(lang: str, deals: int, size: tuple[int, int]) -> tuple[SceneStack, Controller]:
    """Six greedy seats of Rommé (the first named long) played through the window to the sheet after ``deals``."""
    seats = [Seat(name, "bot", "greedy") for name in SIX]
    c = Controller("romme", seats, seed=9, bot_delay=0.0, lang=lang)
    app = SceneStack(size, lang)
    app.push(TableScene(c))
    sheets = 0
    for _ in range(50000):
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            sheets += 1
            if sheets == deals:
                return app, c
            app.pop()
        elif c._future is not None:
            c._future.result()
    raise AssertionError("no sheet")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_progress_and_score_lines_share_one_print(lang: str, surface: pygame.Surface, monkeypatch) -> None:
    app, c = six_seats(lang, 4, (1024, 600))
    app.pop()
    table = app.top
    lay = table.compute_layout()  # type: ignore[attr-defined]
    lines = [d for d in drawn_fit_texts(app, surface, monkeypatch) if d[1][0] == lay.info.x and d[1][1] > lay.info.y]
    shown = [(s, fitted(s, width, size)) for s, _, width, size in lines]
    assert len(shown) >= 3 and any("500" in s for s, _ in shown), shown  # the deal's line and the scores
    assert len({size for _, (_, size) in shown}) == 1, shown
    assert all(whole == s for s, (whole, _) in shown), shown  # none cut
    assert all(str(p) in " ".join(s for s, _ in shown) for p in c.observation()["scores"])
    assert shown[0][1][1] >= 16, shown


def test_a_very_long_name_shrinks_its_own_row_only(surface: pygame.Surface, monkeypatch) -> None:
    seats = [Seat("Du"), Seat("Maximiliane Schwarzenberger-Hohenlohe", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("romme", seats, seed=9, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface, (1024, 600))
    lay = scene.compute_layout()
    lines = [d for d in drawn_fit_texts(app, surface, monkeypatch) if d[1][0] == lay.info.x and d[1][1] > lay.info.y]
    sizes = [fitted(s, width, size)[1] for s, _, width, size in lines]
    assert sizes[0] >= 14 and min(sizes) < sizes[0], lines


@pytest.mark.parametrize("seats", [6, 7])
def test_the_smallest_window_prints_the_scores_as_the_round_line(seats: int, surface: pygame.Surface, monkeypatch):
    """H6 P7 (Königs-Rommé at 640x420, six seats): the two score rows were about 6 px high under a round line twice
    their size. They take three rows (seven seats four) at the round line's print, above the hand."""
    players = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, seats)]
    c = Controller("koenigs", players, seed=3, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (640, 420))
    lay = scene.compute_layout()
    lines = [d for d in drawn_fit_texts(app, surface, monkeypatch) if d[1][0] == lay.info.x and d[1][1] > lay.info.y]
    shown = [(s, fitted(s, width, size)) for s, _, width, size in lines]
    assert len(shown) >= 4 and shown[0][0].startswith("Round 1"), shown
    assert len({size for _, (_, size) in shown}) == 1 and shown[0][1][1] >= 16, shown
    assert all(whole == s for s, (whole, _) in shown), shown
    assert lines[-1][1][1] + 16 < min(r.y for r in lay.hand)
