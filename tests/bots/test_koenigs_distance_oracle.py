"""The Königs-Rommé expert's distances (the core's ``koenigs_discard_distances`` / ``koenigs_discard_measures``,
one DP over every count of wilds since c2a553d, and ``koenigs_distance``) against the definition read off the
brute-force oracle: the least ``j`` such that the hand plus ``j`` of the deck's spare wilds (jokers first, then the
wild rank by suit) leaves at most ``j`` cards unmelded. Wild-heavy hands, one-card hands (the rest is empty) and
hands of wilds alone, where the core's own definition tests deal few."""

from __future__ import annotations

import oracle
from hypothesis import given
from hypothesis import strategies as st
from strategies import koenigs_hands

from romme import _core
from romme.cards import deck
from romme.rules import Rules

RULES = Rules("koenigs")
JOKERS = [t.code for t in deck("koenigs").types if t.kind == "joker"]


def wilds_of(round_: int) -> list[int]:
    """The deck's wild cards of the round with their copies, in the order a distance adds them."""
    counts = deck("koenigs").counts()
    ranked = [t.code for t in deck("koenigs").types if t.kind != "joker" and t.rank == round_ + 2]
    return [c for c in JOKERS for _ in range(counts[c])] + [c for c in ranked for _ in range(counts[c])]


def distance_by_definition(hand: list[int], round_: int, most: int) -> int | None:
    spare = wilds_of(round_)
    for c in hand:
        if c in spare:
            spare.remove(c)
    for j in range(min(most, len(spare)) + 1):
        with_wilds = hand + spare[:j]
        if len(with_wilds) - oracle.max_cards("koenigs", with_wilds, RULES, round_) <= j:
            return j
    return None


@st.composite
def wild_heavy(draw: st.DrawFn) -> tuple[int, list[int], int]:
    """(round, hand, look-ahead): a few naturals (or none) and up to five of the round's wilds."""
    round_ = draw(st.integers(1, 11))
    naturals = [c for c in draw(koenigs_hands(round_, min_size=0, max_size=5)) if c not in wilds_of(round_)]
    pool = wilds_of(round_)
    picked = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=5))
    hand = naturals + [pool[i] for i in picked]
    if not hand:
        hand = [pool[0]]
    return round_, hand, draw(st.integers(0, 4))


@given(wild_heavy())
def test_discard_distances_are_the_definitions(case: tuple[int, list[int], int]) -> None:
    round_, hand, most = case
    expected = []
    for d in sorted(set(hand)):
        rest = list(hand)
        rest.remove(d)
        expected.append((d, distance_by_definition(rest, round_, most)))
    assert [(m.card, m.distance) for m in _core.koenigs_discard_distances(hand, round_, most)] == expected
    assert [(m.card, m.distance) for m in _core.koenigs_discard_measures(hand, round_, most)] == expected
    assert _core.koenigs_distance(hand, round_, most) == distance_by_definition(hand, round_, most)


def test_the_empty_rest_and_wilds_alone() -> None:
    """One card: the rest is empty and out at once; one or two wilds alone meld nothing and wait for
    the third (none within a look-ahead too short)."""
    joker = JOKERS[0]
    assert [(m.card, m.distance) for m in _core.koenigs_discard_distances([joker], 1, 3)] == [(joker, 0)]
    for held, distance in ((2, 2), (3, 1), (4, 0)):  # the rest: 1, 2, 3 jokers
        answer = [(m.card, m.distance) for m in _core.koenigs_discard_distances([joker] * held, 1, 3)]
        assert answer == [(joker, distance)] == [(joker, distance_by_definition([joker] * (held - 1), 1, 3))]
    assert [(m.card, m.distance) for m in _core.koenigs_discard_distances([joker] * 2, 1, 1)] == [(joker, None)]
    assert _core.koenigs_discard_distances([], 1, 3) == []
