"""The progress guard's stall test (romme.bots.common.stuck_on_discard) against its definition: the seat's
last ``turns`` turns were each only "draw discard" then "discard", read from the public move log."""

from __future__ import annotations

import random

from romme.bots.common import stuck_on_discard
from romme.engine import Move
from romme.games.romme.moves import Discard, Draw


def stuck_by_definition(history: list[Move], player: int, turns: int) -> bool:
    own = [m for m in history if m.player == player]
    if len(own) < 2 * turns:
        return False
    last = own[len(own) - 2 * turns:]
    return all(
        isinstance(draw, Draw) and draw.source == "discard" and isinstance(discard, Discard)
        for draw, discard in zip(last[::2], last[1::2])
    )


def test_stuck_on_discard_is_its_definition_on_random_logs() -> None:
    rng = random.Random(30)
    stuck = 0
    for _ in range(3000):
        history: list[Move] = []
        for _ in range(rng.randrange(40)):
            seat, kind = rng.randrange(3), rng.random()
            history.append(Discard(seat, 3) if kind < 0.45 else Draw(seat, "discard" if kind < 0.85 else "stock"))
        for seat in range(3):
            for turns in (1, 2, 3):
                want = stuck_by_definition(history, seat, turns)
                stuck += want
                assert stuck_on_discard(history, seat, turns) == want, (history, seat, turns)
    assert stuck > 500
