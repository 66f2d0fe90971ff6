"""Königs-Rommé hand solver against the brute-force oracle."""

from __future__ import annotations

import oracle
import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_support import KOENIGS_CASES, MANY
from strategies import koenigs_hands

from romme import _core, solve_hand
from romme.cards import parse_codes
from romme.rules import Rules

RULES = Rules("koenigs")

def round_and_hand(max_size: int = 8, min_size: int = 3) -> st.SearchStrategy[tuple[int, list[int]]]:
    return st.integers(1, 11).flatmap(
        lambda r: st.tuples(st.just(r), koenigs_hands(r, min_size=min_size, max_size=max_size)))


@MANY
@given(round_and_hand(max_size=10))
def test_min_left_matches_oracle(rh: tuple[int, list[int]]) -> None:
    rnd, hand = rh
    sol = solve_hand("koenigs", hand, round=rnd)
    assert oracle.solution_problems(sol, hand, RULES, rnd) == []
    assert sol.left_points == oracle.min_left("koenigs", hand, RULES, rnd), (rnd, str(sol))


@given(round_and_hand(max_size=9, min_size=4))
def test_go_out_and_discard(rh: tuple[int, list[int]]) -> None:
    rnd, hand = rh
    sol = solve_hand("koenigs", hand, round=rnd)
    discards = oracle.go_out_discards(hand, rnd)
    assert sol.can_go_out == bool(discards), (rnd, [str(c) for c in sol.hand])
    if discards:
        assert sol.discard is not None and sol.discard.code in discards
    # the discard leaves the fewest points in the rest (going out: none)
    assert sol.discard is not None and sol.discard.code in hand

    def after(d: int) -> int:
        rest = list(hand)
        rest.remove(d)
        return oracle.min_left("koenigs", rest, RULES, rnd)

    assert after(sol.discard.code) == min(after(d) for d in set(hand))


@given(round_and_hand(max_size=9, min_size=1))
def test_going_out_discards_match_oracle(rh: tuple[int, list[int]]) -> None:
    # the game's listed go-out moves and its check of a finished solitaire hand come from these
    rnd, hand = rh
    assert set(_core.koenigs_go_out_discards(hand, rnd)) == oracle.go_out_discards(hand, rnd)
    assert _core.koenigs_melds_fully(hand, rnd) == (oracle.min_left("koenigs", hand, RULES, rnd) == 0)


@given(round_and_hand(max_size=8))
def test_max_cards_matches_oracle(rh: tuple[int, list[int]]) -> None:
    rnd, hand = rh
    sol = solve_hand("koenigs", hand, round=rnd, objective="max-cards")
    assert oracle.solution_problems(sol, hand, RULES, rnd) == []
    assert sol.melded_cards == oracle.max_cards("koenigs", hand, RULES, rnd)


@pytest.mark.parametrize("rnd,text,left,go_out", KOENIGS_CASES)
def test_known_hands(rnd: int, text: str, left: int, go_out: bool) -> None:
    hand = parse_codes("koenigs", text)
    sol = solve_hand("koenigs", hand, round=rnd)
    assert sol.left_points == left
    assert sol.can_go_out is go_out
    assert oracle.solution_problems(sol, hand, RULES, rnd) == []


def test_three_plus_three_cannot_go_out() -> None:
    # every card melds, yet no discard leaves a complete hand
    sol = solve_hand("koenigs", "5h 5h 5s 9c 9d 9h", round=1)
    assert sol.left_points == 0 and sol.can_go_out is False


def test_solve_hands_batch_equals_single() -> None:
    hands = ["5h 6h 7h 9c", "Kh Kd 3c 8s", "* 4c 4d 10t Jt"]
    batch = __import__("romme").solve_hands("koenigs", hands, round=2)
    assert [b.left_points for b in batch] == [solve_hand("koenigs", h, round=2).left_points for h in hands]
