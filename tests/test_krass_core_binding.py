"""The engine's Krass Kariert classifier as the binding exposes it (``_core.krass_combination`` and
``_core.krass_classify``). The Python game asks it for every combination (``krass_combos.play_strength``);
``tests/oracle.py`` is the independent reference the solver tests use."""

from __future__ import annotations

import pytest

from romme import _core
from romme.games import krass_combos as kc


@pytest.mark.parametrize("cards", [
    [],
    [(0, 1)] * 4,
    [(kc.X, 0)],
    [(kc.X, 13)],
    [(3, 5)],
    [(kc.N, 1)],
    [(15, 0)],
    [(1, 2), (99, 1)],
])
def test_malformed_plays_raise(cards: list[tuple[int, int]]) -> None:
    with pytest.raises(ValueError):
        _core.krass_combination(cards)
    with pytest.raises(ValueError):
        _core.krass_classify(cards)


def test_examples() -> None:
    assert _core.krass_combination([(7, 8), (9, 10), (8, 9)]) == ("3-straight", 10)
    assert _core.krass_combination([(kc.X, 6), (6, 7)]) == ("2-straight", 7)
    assert _core.krass_combination([(10, 11), (10, 11)]) == ("pair", 11)
    assert _core.krass_combination([(kc.N, 0)]) == ("draw", 0)
    assert _core.krass_combination([(kc.N, 0), (2, 3)]) is None
    assert _core.krass_combination([(3, 4), (5, 6)]) is None
    assert _core.krass_combination([(kc.X, 12), (kc.X, 12)]) is None


@pytest.mark.parametrize("cards, why", [
    ([(kc.N, 0), (2, 3)], "played alone"),
    ([(kc.X, 5), (4, 5), (kc.X, 5)], "only with neighbouring number cards"),
    ([(3, 4), (5, 6)], "no combination"),
])
def test_classify_names_the_reason(cards: list[tuple[int, int]], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        _core.krass_classify(cards)


def test_game_strengths_follow_the_engine() -> None:
    assert kc.play_strength((7, 9, 8), ()) == kc.strength(kc.STRAIGHT3, 10)
    assert kc.play_strength((kc.X, 5), (6,)) == kc.strength(kc.PAIR, 6)  # code 5 is the 6
    assert kc.play_strength((kc.X, kc.X), (5, 5)) == "an X card combines only with neighbouring number cards, " \
                                                      "not with another X"
    assert kc.T2[kc.X * 15 + kc.X] == ()
