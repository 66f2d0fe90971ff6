"""Headless: Krass Kariert's closed trick stays in sight long enough to see what each seat played.

Played under Xvfb (H6 F8): the bots' plays flew by; the trick closed by a seat's play stayed on the table until the
next trick's first play, which a bot leading made one step delay (0.6 s) later: too short to read four plays. A bot's
move after a trick closed now waits TRICK_HOLD step delays more; the other moves keep their one step delay, and at
full speed (a step delay of 0, the + key) nothing waits.
"""

from __future__ import annotations

import pytest

from romme_table.bot_turns import TRICK_HOLD
from romme_table.controller import Controller, Seat

STEP = 0.05  # the frames' clock


def bot_moves(delay: float, moves: int = 80) -> list[tuple[float, bool]]:
    """Each bot move of a table of four bots on a clock of frames: (seconds since the last move, whether a closed
    trick was in sight before it)."""
    c = Controller("krass", [Seat(f"Bot {i}", "bot", "greedy") for i in range(4)], seed=3, bot_delay=delay)
    out: list[tuple[float, bool]] = []
    now = last = 0.0
    closed = c._krass_shown_plays()[1]
    while len(out) < moves and not c.state.is_over:
        if c.poll_bots(now=now):
            out.append((now - last, closed))
            last, closed = now, c._krass_shown_plays()[1]
        elif c._future is not None:
            c._future.result()  # (the bot's thinking done at once: the clock measures the waits alone)
        now += STEP
    return out


def test_a_closed_trick_is_held_and_other_moves_are_not() -> None:
    moves = bot_moves(0.6)
    held = [gap for gap, closed in moves if closed]
    other = [gap for gap, closed in moves if not closed]
    assert held and other
    assert min(held) >= 0.6 * (1 + TRICK_HOLD) - STEP, held
    assert max(other) <= 0.6 + 3 * STEP, other  # the game is not slowed where nothing is to be seen


@pytest.mark.parametrize("delay", [0.0, 1.2])
def test_the_hold_goes_with_the_step_delay(delay: float) -> None:
    moves = bot_moves(delay)
    held = [gap for gap, closed in moves if closed]
    assert held and min(held) >= delay * (1 + TRICK_HOLD) - STEP and max(held) <= delay * (1 + TRICK_HOLD) + 3 * STEP
