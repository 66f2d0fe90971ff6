"""``Move.hand_cards``: the hand cards a move lays or gives away (what the table's front end matches a
selection with), checked against where the cards went: the cards the public zones (table, discard pile,
melds) gain when the move is played, for every listed move of positions reached by greedy bots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import romme
from romme.bots import make_bot
from romme.cards import deck
from romme.engine import GameState, Move

#: (game, rules) of the games whose moves name hand cards a player selects. Königs-Rommé's ``out`` and a discard
#: in its last turns name only the discard: the game lays the best melds of the rest.
GAMES = [("romme", None), ("romme", "rauber"), ("einmaleins", None), ("rummy", None), ("koenigs", None)]


def deal(state: GameState) -> tuple[object, ...]:
    """Which deal the position is in (a move that ends one deals the zones again)."""
    obs = state.observation(0)
    return obs.get("deal"), obs.get("round"), len(obs.get("games_played", ()))


def public_gain(before: GameState, after: GameState) -> Counter[int]:
    """The cards the zones no hand and not the stock hold more of after the move."""
    gain: Counter[int] = Counter()
    old = before.zones()
    for name, cards in after.zones().items():
        if not name.startswith("hand") and name != "stock":
            gain += Counter(cards) - Counter(old.get(name, []))
    return gain


def table_codes(state: GameState) -> list[list[int]]:
    d = deck(romme.engine.spec(state.game_id).deck_id)
    return [[d.parse_token(t) for t in m] for m in romme.table.table_melds(state.observation(state.current_player))]


@pytest.mark.parametrize(("game", "rules"), GAMES, ids=lambda x: str(x))
def test_hand_cards_are_the_cards_the_move_lays(game: str, rules: str | None) -> None:
    rng = random.Random(game)
    checked: Counter[str] = Counter()
    for seed in range(3):
        state = romme.new_game(game, seed=seed, rules=rules)
        bots = [make_bot(game, "greedy", seed=f"{seed}/{p}") for p in range(state.num_players)]
        for _ in range(120):
            if state.is_over:
                break
            moves: list[Move] = list(state.legal_moves())
            table = table_codes(state) if game in romme.table.TABLE_GAMES else []
            for move in rng.sample(moves, min(len(moves), 12)):
                after = state.clone()
                after.apply(move)
                if after.is_over or deal(after) != deal(state):
                    continue  # the deal ended: the zones were dealt again
                named = Counter(move.hand_cards(table))
                gain = public_gain(state, after)
                if game == "koenigs":
                    assert named <= gain, str(move)
                else:
                    assert named == gain, (str(move), named, gain)
                checked[move.kind] += bool(named)
            state.apply(bots[state.current_player].choose(state))
    assert sum(checked.values()) > 20, checked
    assert checked["place"] or game not in ("einmaleins", "rummy") and rules != "rauber", checked
