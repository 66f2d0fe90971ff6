"""Random playouts of Rommé over every preset: conservation, legality, no leaks, replay."""

from __future__ import annotations

from collections import Counter

import pytest

from romme.cards import deck
from romme.engine import new_game, replay
from romme.errors import IllegalMoveError, InvalidNotationError
from romme.rng import Rng
from romme.rules import PRESETS, Rules

PRESET_NAMES = sorted(PRESETS["romme"])
EXTRA = {  # option mixes the presets do not cover
    "jokers0-knock-pickup": {"jokers_per_deck": 0, "knocking": True, "discard_pickup_after_opening": True},
    "jokers1-declared-nodouble": {"jokers_per_deck": 1, "joker_declared": True, "no_double_joker": True},
    "noopenlay-wrap-hand": {"lay_off_in_opening_turn": False, "wrap_around": True, "hand_romme": True},
    "rauber-all": {"rauber": True, "rauber_discard_pile": False, "rauber_table_to_hand": True,
                   "joker_swap_completes": True, "opening_points": 20},
}


def full_deck(rules: Rules) -> Counter[int]:
    return Counter(deck("romme").full(jokers_per_deck=rules.jokers_per_deck))


def check_state(state, full: Counter[int]) -> None:
    assert state.card_count() == full, "cards not conserved"
    n = state.num_players
    for p in range(n):
        obs = state.observation(p)
        assert sorted(obs["hand"]) == sorted(deck("romme").token(c) for c in state.hands[p])
        text = repr(obs)
        assert "stock\'" not in text.replace("stock_count", "")  # the stock order is never shown
        assert "hands" not in obs
        assert obs["hand_counts"] == [len(h) for h in state.hands]


def playout(rules, seed: int, players: int, max_moves: int = 3000, probe: int = 5):
    state = new_game("romme", players=players, seed=seed, rules=rules, target=1)
    full = full_deck(state.rules)
    rng = Rng(seed * 7 + 1)
    n = 0
    while not state.is_over and n < max_moves:
        moves = state.legal_moves()
        assert moves, f"no legal move in phase {state.phase}"
        if n % probe == 0:
            # every listed move applies; its notation and JSON read back to the same move
            for m in moves:
                assert state.parse_move(str(m)) == m, str(m)
                assert state.move_from_json(m.to_json()) == m
                c = state.clone()
                c.apply(m)
                assert c.card_count() == full
            # a random other move of another seat or a nonsense move is refused, state unchanged
            before = state.zones()
            other = (state.current_player + 1) % players
            for bad in (f"discard Ah", "draw stock", "layoff 7h to 99", "swap 1 5c", "knock", "end"):
                try:
                    m = state.parse_move(bad)
                except InvalidNotationError:
                    continue
                if not state.is_legal(m):
                    with pytest.raises(IllegalMoveError):
                        state.apply(m)
                    assert state.zones() == before
                m2 = type(m)(**{**m.__dict__, "player": other})
                with pytest.raises(IllegalMoveError):
                    state.apply(m2)
                assert state.zones() == before
        state.apply(rng.choice(moves))
        n += 1
        check_state(state, full)
    again = replay("romme", players, seed, state.rules, [m.to_json() for m in state.history])
    assert again.zones() == state.zones() and again.scores == state.scores
    return state, n


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_playout_presets(preset):
    finished = 0
    for seed in range(3):
        state, n = playout(preset, seed, players=2 + seed * 2)
        finished += state.is_over
    assert finished >= 2


@pytest.mark.parametrize("name", sorted(EXTRA))
def test_playout_option_mixes(name):
    finished = 0
    for seed in range(3):
        state, n = playout(EXTRA[name], seed + 10, players=3 + seed)
        finished += state.is_over
    assert finished >= 2


def test_undo_restores():
    state = new_game("romme", players=3, seed=5)
    rng = Rng(1)
    for _ in range(40):
        state.apply(rng.choice(state.legal_moves()))
    z = state.zones()
    m = rng.choice(state.legal_moves())
    state.apply(m)
    assert state.undo() == m
    assert state.zones() == z


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_NAMES + sorted(EXTRA))
def test_playout_many(preset):
    rules = EXTRA.get(preset, preset)
    for seed in range(40):
        playout(rules, 100 + seed, players=2 + seed % 5, probe=3)
