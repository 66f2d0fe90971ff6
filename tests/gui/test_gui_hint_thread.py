"""Headless: the hint is searched behind the drawing, as the bots' moves are.

Played in the window (Räuber-Rommé with wrap_around, seed 2, move 248: a whole-table search of about a second): H
froze the window, nothing drawn, no key read, until the hint was found. Now the window draws on and its status
line says a hint is being searched; H again while it is starts no second search; a move played meanwhile drops the
hint, which was for the position before it; the hint found is the one the search answers without a worker.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from gui_driver import key, open_table
from romme_positions import position

from romme_table import hint_board, hint_moves, hints
from romme_table.controller import Controller, Seat
from romme_table.table_scene import TableScene


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, list[int]]]:
    """The hint's search held until the test opens the gate (a search as slow as the test needs), each search
    counted; H does not wait for it."""
    opened, asked = threading.Event(), []
    found = hints.hint

    def held(*args: Any) -> Any:
        asked.append(1)
        assert opened.wait(30)
        return found(*args)

    monkeypatch.setattr(hints, "hint", held)
    monkeypatch.setattr(hint_moves, "HINT_WAIT", 0.0)
    yield opened, asked
    opened.set()


def table(lang: str, surface: pygame.Surface) -> tuple[Controller, TableScene, Any]:
    """Räuber-Rommé: 9d goes into a set with the runs' ends, the whole-table hint (5d is held back to discard)."""
    st = position(["5d 9d", "4c 4c 4h"], table=("5h 6h 7h 8h 9h", "5s 6s 7s 8s 9s"), rauber=True, target=1)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0,
                   lang=lang)
    c.replace_state(st)
    app, scene = open_table(c, surface)
    return c, scene, app


def found(c: Controller, scene: TableScene, surface: pygame.Surface) -> None:
    """Frames until the hint under way is found (each draws the table: the window is not held)."""
    for _ in range(3000):
        scene.update(0.0)
        scene.draw(surface)
        if not c.hint_pending():
            return
        threading.Event().wait(0.01)
    raise AssertionError("no hint found")


@pytest.mark.parametrize("lang,word", [("en", "finding a hint…"), ("de", "Tipp wird gesucht…")])
def test_the_window_draws_on_while_the_hint_is_searched(gate, lang: str, word: str, surface) -> None:
    opened, asked = gate
    c, scene, app = table(lang, surface)
    key(app, pygame.K_h, surface)
    assert c.hint_pending() and c.hint_move is None
    assert c.status().endswith(word), c.status()
    for _ in range(3):  # frames drawn, and H again: the one search goes on
        scene.update(0.0)
        scene.draw(surface)
        key(app, pygame.K_h, surface)
    assert c.hint_pending() and c.hint_move is None and len(asked) == 1
    opened.set()
    found(c, scene, surface)
    assert len(asked) == 1 and c.hint_move is not None and word not in c.status()
    direct, _ = hints.hint("romme", c.state.clone(), lang)
    assert c.hint_move == direct  # (the answer of a work budget: the same in a worker as without one)
    assert c.editor is not None and "9d 9h 9s" in " | ".join(" ".join(m) for m in c.editor.melds), c.message


def test_a_move_played_while_the_hint_is_searched_drops_it(gate, surface) -> None:
    opened, asked = gate
    c, scene, app = table("en", surface)
    key(app, pygame.K_h, surface)
    assert c.hint_pending()
    assert c.play(next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "discard"))
    said = c.message
    assert not c.hint_pending() and "finding" not in c.status()
    opened.set()
    for _ in range(300):
        scene.update(0.0)
        if c._hint_future is None:
            break
        threading.Event().wait(0.01)
    assert c._hint_future is None and c.hint_move is None and c.editor is None
    # (the bot's turn runs behind too and may have moved by now: the dropped hint's words never show)
    assert c.message == said or c.message.startswith("Bot 1: "), c.message
    assert not c.message.startswith(tuple(hint_board.HEAD.values()))
    assert len(asked) == 1
