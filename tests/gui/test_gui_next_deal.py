"""The next numbered deal after the last number a seed can be.

``romme gui --seed 18446744073709551615`` (2**64 - 1, a seed the command takes) played its game to the end;
Enter on the end sheet, which plays the next number, dealt 2**64, past what a seed can be: the new table's
game raised RulesError ('an integer seed must fit 64 bits') out of the window's loop, and the sheet had
offered 'game 18446744073709551616'. Past the last number the next deal is a fresh number, as after a word.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_window

from romme.rng import SEED_MAX, check_seed
from romme_table import dialogs
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene, next_deal

SIZE = (1100, 720)


@pytest.fixture(scope="module")
def surface():  # noqa: ANN201
    yield from open_window(SIZE)


@pytest.mark.parametrize("seed", [SEED_MAX, str(SEED_MAX), "9" * 30])
def test_the_deal_after_the_last_number_is_a_seed(seed: int | str) -> None:
    following = next_deal(seed)
    assert check_seed(following) == following and following != SEED_MAX


def test_the_deal_after_a_number_is_the_next_number() -> None:
    assert [next_deal(7), next_deal("7"), next_deal(SEED_MAX - 1)] == [8, 8, SEED_MAX]


def test_enter_after_the_last_numbered_deal_deals_a_table(surface: pygame.Surface) -> None:
    from romme_table.scenes import SceneStack
    from romme_table.start_screen import StartScene
    from romme_table.table_scene import TableScene

    seats = [Seat("You", "bot", "greedy"), Seat("Bot 1", "bot", "greedy")]
    c = Controller("rummy", seats, seed=SEED_MAX, bot_delay=0.0)
    c.run_bots_until_human()
    assert c.state.is_over
    app = SceneStack(SIZE, "en")
    start = StartScene()
    app.push(start)
    start.model.seed = SEED_MAX
    app.push(TableScene(c))
    app.update(0.0)
    sheet = app.top
    assert isinstance(sheet, ScoreScene)
    app.draw(surface)
    sheet.shown_at -= dialogs.SHEET_GRACE  # read: a key answers it now
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, TableScene) and app.top.c is not c and not app.top.c.state.history
    assert check_seed(app.top.c.seed) == app.top.c.seed
