"""The raced table search in a forked process: helper threads stay in the
parent, so a child must start its own (a child that handed its mirrored search
to an inherited helper waited for it forever)."""

from __future__ import annotations

import multiprocessing

import pytest

from romme import _core

# A 60-card bench position whose forward search alone cannot prove the fewest
# moved table cards: the race waits for the mirrored search there.
TABLE = [[14, 15, 16], [41, 42, 43, 52], [1, 52, 3, 4, 5], [41, 15, 28, 2], [1, 14, 40, 27], [12, 51, 38],
         [19, 45, 32], [9, 10, 11, 12], [43, 30, 4], [48, 35, 22, 9], [28, 29, 30, 31], [47, 8, 21, 34],
         [18, 19, 20, 21, 22], [18, 31, 5, 44], [32, 33, 34, 35], [26, 13, 39, 0]]
HAND = [23, 6, 46, 0, 39, 25, 2, 36, 17, 27, 24, 26, 7, 45, 49, 37, 17, 24]


def solve(_: int = 0) -> tuple[int, int, bool]:
    r = _core.solve_table("rummy", TABLE, HAND, "cards", {"max_hand_cards_per_turn": 0}, 0, "exact")
    return len(r.placed), r.moved, r.moved_optimal


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork on this platform")
def test_race_in_a_forked_child(monkeypatch):
    monkeypatch.delenv("ROMME_THREADS", raising=False)
    here = solve()  # (leaves a helper thread waiting in this process)
    with multiprocessing.get_context("fork").Pool(1) as pool:
        there = pool.apply_async(solve).get(timeout=60)
    assert there == here
    assert here[2], "the race proves the fewest moved here"
