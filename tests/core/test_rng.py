"""romme.rng.Rng draws the numbers every seeded deal and bot replays from: they must stay exactly
those of SplitMix64 with rejection sampling and the Fisher-Yates shuffle from the last index down,
whichever side (Python or the core) computes them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from romme.errors import RulesError
from romme.rng import Rng

MASK = (1 << 64) - 1


def reference_next(state: int) -> tuple[int, int]:
    """One SplitMix64 step (Steele, Lea & Flood; Vigna's splitmix64.c): the new state and the output."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def reference_below(state: int, n: int) -> tuple[int, int]:
    """A draw in ``range(n)`` by rejection: outputs at or above the largest multiple of n below 2**64 are
    drawn again."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        state, x = reference_next(state)
        if x < limit:
            return state, x % n


def test_the_first_outputs_of_seed_0_are_the_reference_implementations() -> None:
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


@given(st.integers(0, MASK), st.lists(st.one_of(st.integers(1, 200), st.integers(1, 1 << 64)), max_size=20))
def test_below_draws_the_reference_numbers(state: int, bounds: list[int]) -> None:
    rng = Rng(0)
    rng.state = state
    for n in bounds:
        state, want = reference_below(state, n)
        assert rng.below(n) == want
        assert rng.state == state


def test_below_rejects_as_the_reference_near_2_to_the_64() -> None:
    # n just above 2**63 rejects about half the draws: the state must advance by every rejected draw
    n = (1 << 63) + 12345
    rng = Rng("rejections")
    state = rng.state
    rejected = 0
    for _ in range(200):
        before = state
        state, want = reference_below(state, n)
        rejected += state != (before + 0x9E3779B97F4A7C15) & MASK
        assert (rng.below(n), rng.state) == (want, state)
    assert rejected > 50


def test_seeded_draws_and_shuffles_stay_the_same() -> None:
    # pinned numbers (drawn by the pure-Python generator of commit 42f3551): every seeded deal and random
    # bot depends on them
    rng = Rng("pinned")
    assert [rng.below(n) for n in (2, 3, 10, 52, 116, 1000)] == [0, 2, 0, 28, 112, 183]
    cards = list(range(20))
    Rng(7).shuffle(cards)
    state = Rng(7).state
    want = list(range(20))
    for i in range(19, 0, -1):
        state, j = reference_below(state, i + 1)
        want[i], want[j] = want[j], want[i]
    assert cards == want


@pytest.mark.parametrize("bad", [0, -1, True, 1.0, "3", None, (1 << 64) + 1])
def test_below_refuses_what_is_not_a_bound(bad: object) -> None:
    with pytest.raises(RulesError, match="Rng.below"):
        Rng(1).below(bad)  # type: ignore[arg-type]
