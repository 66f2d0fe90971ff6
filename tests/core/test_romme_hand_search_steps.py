"""The Rommé hand search behind the bots, the hints and the discard rule (``romme._core.romme_best_melds`` and the
entries beside it) ends on any hand: with ``rauber_table_to_hand`` a player may take the whole table back into the
hand (no limit on the cards taken), and a hand of 55 cards with six jokers left every bot above random searching for
minutes (``romme._core.romme_meld_all_but_one`` on 50 cards of the deck did not return in 60 s). Past its step limit
the search finishes greedily: valid melds laid from the hand, checked here by the test oracle."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from oracle import meld_points

import romme
from romme import _core
from romme.rules import Rules

JOKER = 52
DECK = [c for c in range(52) for _ in range(2)] + [JOKER] * 6


def laid_from_the_hand(hand: list[int], melds: list[_core.HandCandidate]) -> bool:
    """Every meld a meld by the oracle, and together no card more often than the hand holds it."""
    rules = Rules.make("romme", None)
    used = Counter(c for m in melds for c in (*m.naturals, *[JOKER] * m.jokers))
    return all(meld_points("romme", [*m.naturals, *[JOKER] * m.jokers], rules) is not None for m in melds) and not (
        used - Counter(hand)
    )


@pytest.mark.slow  # (the oracle reads every meld of hands of 55 and 110 cards)
@pytest.mark.parametrize("size", [55, 110])
def test_a_hand_of_a_table_taken_back_is_answered_with_melds_from_it(size: int) -> None:
    hand = random.Random(size).sample(DECK, size)
    rules = _core.RommeRules()
    for value in ("cards", "points", "relief"):
        chosen = _core.romme_best_melds(rules, hand, value, True, 1)
        assert chosen.melds and laid_from_the_hand(hand, chosen.melds)
    opening = _core.romme_best_opening(rules, hand, True, hand[0])
    assert opening.total >= 31 and laid_from_the_hand(hand, opening.melds)
    all_but_one = _core.romme_meld_all_but_one(rules, hand, True)
    assert all_but_one is None or laid_from_the_hand(hand, all_but_one)
    assert isinstance(_core.romme_can_open_with(rules, hand, hand[1]), bool)
    naturals = sorted({c for c in hand if c != JOKER})
    outlooks = _core.romme_discard_outlooks(rules, hand, naturals)
    assert len(outlooks) == len(naturals) and all(o.melded > 0 for o in outlooks)


def test_a_hand_a_game_deals_gets_the_exact_answer() -> None:
    """Below the step limit the search is exact: of this hand of 14 cards nine can lie (Ac 2c 3c, Ad Ah As,
    8c 8d 8h; nothing joins 5h, 6s 7s or Qc Qs), and with the aces as one set of four the clubs make no run."""
    hand = [0, 1, 2, 13, 26, 39, 7, 20, 33, 50, 44, 45, 11, 30]  # Ac 2c 3c Ad Ah As 8c 8d 8h Qs 6s 7s Qc 5h
    chosen = _core.romme_best_melds(_core.RommeRules(), hand, "cards", True, 0)
    assert chosen.total == 9 and laid_from_the_hand(hand, chosen.melds)


def most_cards_melded(hand: list[int]) -> int:
    """The LCF-DP hand solver's answer (``romme.solve_hand``, max-cards): another solver than the hand search."""
    deck = romme.deck("romme")
    tokens = " ".join(str(deck.token(c)) for c in hand)
    return len(hand) - len(romme.solve_hand("romme", tokens, objective="max-cards").left)


@pytest.mark.parametrize("hand", [
    [42, 3, 16, 2, 8, 10, 10, 6, 29, 40, 14, 32, 45, 15, 45, 28, JOKER, JOKER, JOKER, JOKER],
    [8, 42, 3, 16, 2, 8, 10, 10, 6, 29, 40, 14, 32, 45, JOKER, JOKER, JOKER, JOKER, JOKER, JOKER],
])
def test_every_discard_of_a_hand_of_twenty_is_searched_exactly(hand: list[int]) -> None:
    """The outlooks of all discards share one question's steps: of a hand of 20 cards (a Räuber player who took
    table cards back) every discard's outlook is still exact, as the other solver counts it."""
    naturals = sorted({c for c in hand if c != JOKER})
    outlooks = _core.romme_discard_outlooks(_core.RommeRules(), hand, naturals)
    for card, outlook in zip(naturals, outlooks, strict=True):
        rest = list(hand)
        rest.remove(card)
        assert outlook.melded == most_cards_melded(rest), card
