"""A game state survives copy.deepcopy and pickle in every game, also once its move list was asked for
(Rummy's listing and Rommé's rule view are core objects Python cannot pickle): the copy equals the
original and plays on as it does, and moves on the copy leave the original as it was."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import romme
from romme.rng import Rng

GAMES = [("koenigs", 3, None), ("koenigs-solo", 1, None), ("krass", 4, None), ("romme", 3, None),
         ("romme", 2, "rauber"), ("rummy", 2, None), ("einmaleins", 3, None)]
COPIES: dict[str, Callable[[Any], Any]] = {"deepcopy": copy.deepcopy, "pickle": lambda s: pickle.loads(pickle.dumps(s))}


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize(("game", "players", "preset"), GAMES)
def test_a_copied_state_plays_on_as_the_original(game: str, players: int, preset: str | None, how: str) -> None:
    rng = Rng(f"copies/{game}/{preset}")
    s = romme.new_game(game, players=players, seed=f"copies/{game}", rules=preset)
    for _ in range(12):
        if s.is_over:
            break
        moves = s.legal_moves()
        s.apply(moves[rng.below(len(moves))])
    assert s.legal_moves() is not None  # the listing is made: the copy must carry or drop it
    before = s.snapshot()
    c = COPIES[how](s)
    assert c.snapshot() == before
    for _ in range(20):
        if s.is_over:
            break
        i = rng.below(len(s.legal_moves()))
        c.apply(c.legal_moves()[i])
        assert s.snapshot() == before  # the copy's moves leave the original alone
        s.apply(s.legal_moves()[i])
        assert c.snapshot() == s.snapshot()
        before = s.snapshot()
