"""Random playouts of Krass Kariert through the generic checker (tests/playout.py),
plus the speed of random play."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import playout
import pytest
from playout import check_random_playouts, play_random

#: Per-seat numbers, not cards. With 3-5 players a hand of three cards can equal
#: them as a multiset of codes (hand sizes [3, 1, 4] vs a hand "2 4 5"), which
#: the generic leak check would report; every other list is still checked.
COUNT_KEYS = {"hand_sizes", "scores"}


def _lists_without_counts(obj: Any) -> Iterable[list[Any]]:
    if isinstance(obj, list):
        yield obj
        for x in obj:
            yield from _lists_without_counts(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k not in COUNT_KEYS:
                yield from _lists_without_counts(v)


@pytest.fixture(autouse=True)
def _count_lists_are_not_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playout, "_lists", _lists_without_counts)


@pytest.mark.parametrize("players, rules", [(3, None), (4, None), (5, None), (5, "long")])
def test_random_playouts(players: int, rules: str | None) -> None:
    stats = check_random_playouts("krass", players, rules, seeds=range(2), apply_all_every=3)
    assert stats["games"] == stats["finished"] == 2


@pytest.mark.slow
@pytest.mark.parametrize("players, rules", [(3, None), (4, None), (5, None), (5, "long"), (4, "long")])
def test_many_random_playouts(players: int, rules: str | None) -> None:
    stats = check_random_playouts("krass", players, rules, seeds=range(100, 160))
    assert stats["games"] == stats["finished"] == 60


def test_random_games_finish_and_conserve_cards() -> None:
    for seed in range(20):
        st = play_random("krass", 3 + seed % 3, seed=seed)
        assert st.is_over and st.result().winners
        assert len(st.result().winners) < st.num_players
