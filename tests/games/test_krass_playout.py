"""Random playouts of Krass Kariert through the generic checker (tests/helpers/playout.py)."""

from __future__ import annotations

import pytest
from playout import check_random_playouts, play_random


@pytest.mark.parametrize("players, rules", [(3, None), (4, None), (5, None), (5, "long")])
def test_random_playouts(players: int, rules: str | None) -> None:
    stats = check_random_playouts("krass", players, rules, seeds=range(2), apply_all_every=3)
    assert stats["games"] == stats["finished"] == 2
    assert stats["reveals"] >= 2  # every deal's end shows the hands (checked in RevealCheck)


@pytest.mark.slow
@pytest.mark.parametrize("players, rules", [(3, None), (4, None), (5, None), (5, "long"), (4, "long")])
def test_many_random_playouts(players: int, rules: str | None) -> None:
    stats = check_random_playouts("krass", players, rules, seeds=range(100, 160))
    assert stats["games"] == stats["finished"] == 60


def test_random_games_finish_with_winners_and_losers() -> None:
    for seed in range(20):
        st = play_random("krass", 3 + seed % 3, seed=seed)
        assert st.is_over and st.result().winners
        assert len(st.result().winners) < st.num_players
