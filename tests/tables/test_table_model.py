"""The one table model of Rommé, 1x1-Rommé and Rummy: the observation's table shape, the place-move
and its notation (docs/ARCHITECTURE.md, "The table games' table")."""

from __future__ import annotations

from collections import Counter

import pytest

import romme
from romme.bots import make_bot
from romme.cards import deck
from romme.engine import GameState

TABLE_GAMES = ("romme", "einmaleins", "rummy")
KEYS = {"cards", "stands_for", "kind", "points", "owner"}


def _played(game: str, seed: int, melds: int, rules: object = None) -> GameState:
    """A game played by greedy bots until ``melds`` melds lie on the table."""
    state = romme.new_game(game, players=3 if game != "rummy" else 2, seed=seed, rules=rules)
    bots = [make_bot(game, "greedy", seed=f"{seed}/{p}") for p in range(state.num_players)]
    for _ in range(2000):
        if state.is_over or len(state.observation(0)["table"]) >= melds:
            break
        state.apply(bots[state.current_player].choose(state))
    return state


@pytest.mark.parametrize("game", TABLE_GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_observed_table_has_the_one_shape(game: str, seed: int) -> None:
    """Every meld: the cards laid, what each stands for, set/run, points, owner; the cards are those on
    the table (zones), wilds stand for a natural card, naturals for themselves."""
    state = _played(game, seed, 2 + seed)
    d = deck(game)
    for seat in range(state.num_players):
        table = state.observation(seat)["table"]
        assert table, "the bots laid nothing: the test sees no meld"
        laid: Counter[int] = Counter()
        for meld in table:
            assert set(meld) == KEYS
            assert meld["kind"] in ("set", "run") and isinstance(meld["points"], int) and meld["owner"] is None
            assert len(meld["cards"]) == len(meld["stands_for"]) >= 3
            for card, stands in zip(meld["cards"], meld["stands_for"]):
                ct, st = d.types[d.parse_token(card)], d.types[d.parse_token(stands)]
                assert st.kind == "natural"
                if ct.kind == "natural" and card != stands:  # 1x1: a value-1 card is wild in a run
                    assert game == "einmaleins" and ct.rank == 1 and meld["kind"] == "run"
                laid[d.parse_token(card)] += 1
            ranks = [d.types[d.parse_token(s)].rank for s in meld["stands_for"]]
            assert (len(set(ranks)) == 1) == (meld["kind"] == "set")
        assert laid == Counter(state.zones()["table"])


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_observed_table_hides_nothing_and_reveals_nothing(game: str) -> None:
    """The table part of the observation is the same for every seat (it is public) and holds no card of a
    hand or of the stock beyond the table's own."""
    state = _played(game, 7, 4)
    views = [state.observation(p)["table"] for p in range(state.num_players)]
    assert all(v == views[0] for v in views)
    tokens = Counter(tok for m in views[0] for tok in m["cards"])
    d = deck(game)
    assert tokens == Counter(d.token(c) for c in state.zones()["table"])
