"""The playout checker itself catches broken games (so its passes mean something)."""

import pytest
from playout import check_illegal, check_observation, check_random_playouts

import romme
from romme.games.koenigs import KoenigsState


def test_leaky_observation_is_caught(monkeypatch):
    s = romme.new_game("koenigs", players=3, seed=2)
    real = KoenigsState.observation

    def leaky(self, player):
        obs = real(self, player)
        obs["spy"] = {"next": [romme.deck("koenigs").token(c) for c in self.hands[(player + 1) % 3]]}
        return obs

    monkeypatch.setattr(KoenigsState, "observation", leaky)
    with pytest.raises(AssertionError, match="leaks hand1"):
        check_observation(s, 0)


def test_stock_codes_leak_is_caught(monkeypatch):
    s = romme.new_game("koenigs", players=2, seed=2)
    real = KoenigsState.observation
    monkeypatch.setattr(KoenigsState, "observation", lambda self, p: {**real(self, p), "x": list(self.stock)})
    with pytest.raises(AssertionError, match="leaks stock"):
        check_observation(s, 0)


def test_accepting_an_illegal_move_is_caught(monkeypatch):
    s = romme.new_game("koenigs", players=3, seed=2)
    monkeypatch.setattr(KoenigsState, "_check", lambda self, move: None)
    with pytest.raises(AssertionError, match="was accepted"):
        check_illegal(s, s.legal_moves(), [], romme.Rng(1))


def test_broken_conservation_is_caught(monkeypatch):
    real = KoenigsState.zones
    monkeypatch.setattr(KoenigsState, "zones", lambda self: {**real(self), "extra": [0]})
    with pytest.raises(AssertionError, match="not conserved"):
        check_random_playouts("koenigs", 2, None, seeds=[0], max_moves=3)


def test_nondeterministic_replay_is_caught(monkeypatch):
    import itertools

    counter = itertools.count()
    real = KoenigsState.observation
    monkeypatch.setattr(KoenigsState, "observation", lambda self, p: {**real(self, p), "n": next(counter)})
    with pytest.raises(AssertionError):
        check_random_playouts("koenigs", 2, None, seeds=[0], max_moves=5)
