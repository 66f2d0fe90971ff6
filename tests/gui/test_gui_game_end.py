"""Headless: the score sheets of a long game show every round (the end-of-game path seen under Xvfb)."""

from __future__ import annotations

import re
import time

import pygame
import pytest
from gui_driver import open_table, open_window

from romme_table import score_grid
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.score_grid import RoundRow, ScoreBook

SIZE = (1100, 720)


@pytest.fixture(scope="module")
def surface():
    yield from open_window(SIZE)


def drawn_sheet(c: Controller, book: ScoreBook, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    app, _ = open_table(c, surface, SIZE)
    sheet = ScoreScene(c, round_over=True, book=book)
    app.push(sheet)
    seen: list[str] = []
    real = score_grid._text
    monkeypatch.setattr(score_grid, "_text", lambda surf, s, *a: (seen.append(s), real(surf, s, *a))[1])
    sheet.draw(surface)
    return seen


def test_all_eleven_koenigs_rounds_are_on_the_sheet_with_their_cards_dropped(surface, monkeypatch):
    """At 1100x720 the sheet after Königs-Rommé's 11 rounds showed 'Round 6'..'Round 10' and the total:
    rows with the cards left in each hand took 70 px and the older rounds were gone without a word."""
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=4, bot_delay=0.0)
    book = ScoreBook(last_scores=[0, 0], start=[0, 0])
    for k in range(11):
        book.rows.append(RoundRow([k, 0], [["3c", "4d"], []], 1, "out"))
    book.last_scores = [sum(range(11)), 0]
    seen = drawn_sheet(c, book, surface, monkeypatch)
    assert [s for s in seen if s.startswith("Round ")] == [f"Round {k}" for k in range(1, 12)]
    assert str(sum(range(11))) in seen


def test_rounds_that_do_not_fit_are_summed_on_one_row_so_the_columns_add_up(surface, monkeypatch):
    """Rommé's deals can run to sixty: the deals beyond the sheet's room are one 'Deals 1–k' row of
    their points, the rest each on a row, and every column still adds up to its total."""
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=4, bot_delay=0.0)
    book = ScoreBook(last_scores=[0, 0], start=[0, 0])
    for k in range(60):
        book.rows.append(RoundRow([k % 7, 3 * (k % 2)], None, k % 2, "out"))
    book.last_scores = [sum(k % 7 for k in range(60)), sum(3 * (k % 2) for k in range(60))]
    seen = drawn_sheet(c, book, surface, monkeypatch)
    summed = [s for s in seen if s.startswith("Deals 1–")]
    assert len(summed) == 1, seen
    last_summed = int(summed[0].split("–")[1])
    at = seen.index(summed[0])
    rows = [s for s in seen if s.startswith("Deal ")]
    assert rows == [f"Deal {k}" for k in range(last_summed + 1, 61)]
    numbers = [int(s) for s in seen[at:] if re.fullmatch(r"[+-]?\d+", s)]
    totals, shown = numbers[-2:], numbers[:-2]
    assert totals == book.totals()
    assert [sum(shown[0::2]), sum(shown[1::2])] == totals


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_end_sheet_says_enter_plays_again_n_leads_to_the_start_screen_and_esc_stays(lang, surface, monkeypatch):
    """The winner sheet read 'Continue (Enter)' and Enter left the finished table for the start screen without
    a word (Rummy and 1x1-Rommé to their end under the dummy driver); then 'New game: start screen (Enter)', where
    a second Enter started the same game again (Königs-Rommé and the solitaire to their end at 1280x800 and
    800x600 under Xvfb). Enter plays again with the same seats, N goes to the start screen, Esc keeps the table."""
    from gui_driver import key

    from romme_table import dialogs
    from romme_table.scenes import SceneStack, fitted
    from romme_table.start_screen import StartScene
    from romme_table.table_scene import TableScene

    c = Controller("rummy", [Seat("You", "bot", "greedy"), Seat("Bot 1", "bot", "greedy")], seed=3, lang=lang)
    c.run_bots_until_human()
    assert c.state.is_over
    for answer, top in ((pygame.K_ESCAPE, TableScene), (pygame.K_n, StartScene), (pygame.K_RETURN, TableScene)):
        app = SceneStack(SIZE, lang)
        app.push(StartScene())
        app.push(TableScene(c))
        app.update(0.0)
        sheet = app.top
        assert isinstance(sheet, ScoreScene)
        seen: list[tuple[str, int]] = []
        real = dialogs.fit_text
        monkeypatch.setattr(
            dialogs, "fit_text", lambda surf, s, pos, w, *a: (seen.append((s, w)), real(surf, s, pos, w, *a))[1]
        )
        app.draw(surface)
        monkeypatch.undo()
        wanted = "start screen (N)" if lang == "en" else "Startseite (N)"
        line = [(s, w) for s, w in seen if wanted in s]
        assert len(line) == 1 and "(Esc)" in line[0][0], seen
        assert fitted(line[0][0], line[0][1], 24)[0] == line[0][0]  # whole at 1100x720
        sheet.shown_at -= dialogs.SHEET_GRACE  # read: a key answers it now
        key(app, answer, surface)
        assert isinstance(app.top, top)
        if answer == pygame.K_RETURN:  # play again: a new game of the same seats, not the finished one
            assert app.top.c is not c and not app.top.c.state.history and len(app.stack) == 2


def test_a_finished_table_offers_its_score_sheet_again_and_no_hint(surface):
    """After Esc on the winner sheet the finished table offered 'Hint (H)' and 'Sort by suit (O)' and no way
    back to the sheet (Rummy played to its end, seed 3)."""
    from gui_driver import click, key

    from romme_table.dialogs import SHEET_GRACE
    from romme_table.scenes import SceneStack
    from romme_table.start_screen import StartScene
    from romme_table.table_scene import TableScene

    c = Controller("rummy", [Seat("You", "bot", "greedy"), Seat("Bot 1", "bot", "greedy")], seed=3)
    c.run_bots_until_human()
    app = SceneStack(SIZE, "en")
    app.push(StartScene())
    scene = TableScene(c)
    app.push(scene)
    app.update(0.0)
    key(app, pygame.K_ESCAPE, surface)
    app.update(0.0)
    assert app.top is scene
    labels = [label for label, _ in scene._buttons()]
    assert "Hint (H)" not in labels and not any(label.startswith("Sort") for label in labels), labels
    lay = scene.compute_layout()
    click(app, lay.buttons[labels.index("Score sheet (Enter)")].center, surface)
    assert isinstance(app.top, ScoreScene)
    app.top.shown_at -= SHEET_GRACE  # read: a key answers it now
    key(app, pygame.K_n, surface)
    assert isinstance(app.top, StartScene)


def test_a_last_round_where_nobody_scored_is_the_sheets_last_row(surface):
    """Königs-Rommé's round 11 where both seats laid every card (0 and 0) changed no score and no round
    counter: the winner sheet ended at 'Round 10' (seen at 1100x720, 'Round 6'..'Round 10' over the total)."""
    from romme_table.scenes import SceneStack
    from romme_table.table_scene import TableScene

    c = Controller("koenigs", [Seat("A", "bot", "greedy"), Seat("B", "bot", "greedy")], seed=8, bot_delay=0.0)
    app = SceneStack(SIZE, "en")
    scene = TableScene(c)
    app.push(scene)
    deadline = time.monotonic() + 120
    while not c.state.is_over and time.monotonic() < deadline:
        app.update(0.0)  # the bots think in a worker thread: each move lands on a later frame
        if app.top is not scene:
            app.pop()  # a round's sheet read
        scene.anim.skip()
        time.sleep(0.001)
    app.update(0.0)
    assert c.state.is_over and not any(c.observation()["last_round"]["points"])
    assert len(scene.book.rows) == 11
    assert scene.book.rows[-1].points == [0, 0] and scene.book.rows[-1].out is not None
    assert [sum(col) for col in zip(*(r.points for r in scene.book.rows))] == list(c.state.result().scores)
