"""Headless: quick H presses after moves run one hint search at a time, and a hint the table no longer wants ends
soon. Each hint ran to its budget in a thread of its own: H, a lay-off, H, a lay-off, H ran three whole-table
searches side by side (2,000,000 work each) where only the last one's answer could be shown. Now a hint for a
position left is stopped (its core searches end at their next check; one still waiting for its turn never starts),
the next waits for it, and the hint shown is the latest position's."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame
import pytest
from gui_driver import key, open_table
from romme_positions import position
from wrap_position import HAND, TABLE, WRAP

from romme import _core
from romme_table import hint_board, hint_moves, hints
from romme_table.controller import Controller, Seat

#: core searches the stand-in hint runs before the real one: a hint of seconds under load, made of searches
SEARCHES = 4


@pytest.fixture
def slow_hints(monkeypatch: pytest.MonkeyPatch) -> tuple[list[dict[str, Any]], Any]:
    """The hint made slow by real table searches (position 34 of the wrap bench, each under a work budget) before
    the real hint: each call's record (its position, how many hints ran beside it at most, the work its searches
    spent, when it ended), and the real hint."""
    found, calls, running, lock = hints.hint, [], [0], threading.Lock()

    def slow(game_id: str, state: Any, lang: str) -> Any:
        call: dict[str, Any] = {"moves": len(state.history), "beside": 0}
        with lock:
            running[0] += 1
            call["beside"] = running[0] - 1
            calls.append(call)
        try:
            before = _core.search_work()
            for _ in range(SEARCHES):
                _core.solve_table("romme", TABLE, HAND, "cards", WRAP, 0, "exact", 2_000_000)
            call["work"] = _core.search_work() - before
            return found(game_id, state, lang)
        finally:
            call["ended"] = time.monotonic()
            with lock:
                running[0] -= 1

    monkeypatch.setattr(hints, "hint", slow)
    monkeypatch.setattr(hint_moves, "HINT_WAIT", 0.0)
    return calls, found


def test_quick_hints_after_moves_search_one_at_a_time(slow_hints, surface) -> None:
    calls, real_hint = slow_hints
    free = _core.solve_table("romme", TABLE, HAND, "cards", WRAP, 0, "exact", 2_000_000).work
    # an opened seat with three lay-offs to play in a row (each leaves the turn to this seat)
    st = position(["4h 9d 10c 2c 3s", "4c 4c 4h"], table=("5h 6h 7h", "6d 7d 8d", "Jc Qc Kc"))
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0)
    c.replace_state(st)
    app, scene = open_table(c, surface)
    dropped: list[float] = []
    for _ in range(3):
        key(app, pygame.K_h, surface)
        assert c.hint_pending()
        lay_off = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "layoff")
        assert c.play(lay_off) and c.is_human_turn()
        dropped.append(time.monotonic())
        scene.update(0.0)  # the hint for the position left is dropped, its search stopped
        assert c._hint_future is None
    key(app, pygame.K_h, surface)
    for _ in range(3000):
        scene.update(0.0)
        scene.draw(surface)
        if not c.hint_pending():
            break
        time.sleep(0.01)
    assert not c.hint_pending() and c.hint_move is not None
    # (a hint dropped while it waited for the one before it to end never started)
    started = [call["moves"] for call in calls]
    assert started == sorted(set(started)) and started[-1] == 3, started
    assert all(call["beside"] == 0 for call in calls), calls  # one hint search at a time
    for call in calls[:-1]:
        # each dropped hint stopped in its first searches: not the four searches' work, and soon after the drop
        assert call["work"] < free * 2 and call["ended"] - dropped[call["moves"]] < 10, (call, free)
    assert calls[-1]["work"] == SEARCHES * free  # the last, wanted, ran whole
    assert c.hint_move == real_hint("romme", c.state.clone(), "en")[0]  # the latest position's hint, shown
    assert c.message.startswith(tuple(hint_board.HEAD.values())), c.message
