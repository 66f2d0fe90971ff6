"""The master's progress, read from another thread while it searches (as the table's status line reads it):
every read is a float from 0 to 1 that never goes back during one search and never raises, and the reads change
nothing (a twin master searching unwatched chooses the same moves)."""

from __future__ import annotations

import threading

import pytest

from romme.bots import make_bot
from romme.bots.master import MOVES_PER_SECOND
from romme.engine import new_game


@pytest.mark.parametrize("game", sorted(MOVES_PER_SECOND))
def test_progress_read_while_the_master_searches(game):
    players = 1 if game == "koenigs-solo" else 3
    state = new_game(game, players=players, seed=5)
    helpers = [make_bot(game, "greedy", seat) for seat in range(players)]
    watched = make_bot(game, "master", seed=2, think=0.02)
    unwatched = make_bot(game, "master", seed=2, think=0.02)
    assert watched.progress == 0.0  # before any search
    searches = 0
    furthest = 0.0
    last = 0.0  # the previous search's end, read until the thread's choose starts the next
    for _ in range(8):
        if state.is_over:
            break
        if len(state.legal_moves()) > 1:
            reads: list[object] = []
            chosen: list[object] = []
            thread = threading.Thread(target=lambda: chosen.append(watched.choose(state.clone())))
            thread.start()
            while thread.is_alive():
                reads.append(watched.progress)
            thread.join()
            reads.append(watched.progress)
            assert all(isinstance(r, float) and 0.0 <= r <= 1.0 for r in reads)
            while reads and reads[0] == last:
                reads.pop(0)
            assert reads == sorted(reads)  # one search's progress never goes back
            last = watched.progress
            furthest = max(furthest, last)
            assert chosen == [unwatched.choose(state.clone())]
            searches += 1
        state.apply(helpers[state.current_player].choose(state))
    assert searches >= 3
    # a position with one candidate is not searched (0); the solitaire's first turns have one (expert = greedy)
    assert furthest > 0.5 or game == "koenigs-solo"
