"""Random play in volume through the public API, every game and the solitaire: 10^5 moves each in CI
(a few seconds a game), 10^6 under ``-m slow``. The checks (tests/helpers/playout.py ``check_volume``):
card conservation, every listed move legal, illegal moves refused with the state unchanged (any move
a complete listing does not list among them), no hidden information in any observation."""

from __future__ import annotations

import pytest
from playout import COMPLETE_LISTINGS, check_volume

from romme import list_games

GAMES = sorted(list_games())


@pytest.mark.parametrize("game_id", GAMES)
def test_100k_random_moves(game_id: str) -> None:
    stats = check_volume(game_id, 100_000, seed=1, sample_every=500)
    assert stats["moves"] == 100_000
    assert stats["samples"] >= 100_000 // 500 and stats["illegal_tried"] >= stats["samples"]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_1m_random_moves(game_id: str) -> None:
    stats = check_volume(game_id, 1_000_000, seed=2, sample_every=2_000)
    assert stats["moves"] == 1_000_000


def test_complete_listings_are_the_games_that_say_so() -> None:
    # engine.py: each game's legal_moves says whether it lists every move apply accepts
    from romme import new_game

    for game_id in GAMES:
        doc = type(new_game(game_id)).legal_moves.__doc__ or ""
        assert ("Every move ``apply`` accepts" in doc) == (game_id in COMPLETE_LISTINGS), game_id
