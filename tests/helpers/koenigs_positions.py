"""Rigged Königs-Rommé positions, shared by the rule and bot tests."""

from collections import Counter
from typing import Any

from playout import full_deck

import romme
from romme.cards import deck, parse_codes
from romme.games.koenigs import KoenigsState

D = deck("koenigs")


def codes(text: str) -> list[int]:
    return parse_codes("koenigs", text, check_counts=False)


def rig(state: KoenigsState, round_: int, hands: list[str], top: str | None = None,
        discard: str = "", current: int = 0) -> KoenigsState:
    """Puts a position on the table: the given hands, stock top and discard pile;
    the other cards form the stock (card conservation holds)."""
    state.dealer = (current - 1) % state.num_players
    state._deal_round(round_)
    state.hands = [codes(h) for h in hands]
    state.discard = codes(discard)
    rest = Counter(D.full())
    rest.subtract(Counter(c for h in state.hands for c in h))
    rest.subtract(Counter(state.discard))
    stock = sorted(rest.elements())
    if top is not None:
        t = codes(top)[0]
        stock.remove(t)
        stock.append(t)
    state.stock = stock
    assert state.card_count() == full_deck(state)
    return state


def new(players: int = 3, seed: int = 1, rules: str | dict[str, Any] | None = None) -> KoenigsState:
    s = romme.new_game("koenigs", players=players, seed=seed, rules=rules)
    assert isinstance(s, KoenigsState)
    return s
