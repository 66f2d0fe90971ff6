"""Metamorphic properties of the solvers on real-size hands (no oracle needed):
suit permutations, hand reversal (Krass Kariert) and adding a card."""

from __future__ import annotations

import oracle
from hypothesis import given
from hypothesis import strategies as st
from strategies import koenigs_hands, krass_hands, romme_hands, rummy_hands

from romme import solve_hand
from romme.cards import deck


def permute_suits(game: str, codes: list[int], perm: list[int]) -> list[int]:
    d = deck(game)
    out = []
    for c in codes:
        t = d.types[c]
        if t.suit is None or t.kind != "natural":
            out.append(c)
        else:
            out.append(next(u.code for u in d.types if u.kind == "natural" and u.suit == perm[t.suit]
                            and u.rank == t.rank))
    return out


@given(st.integers(1, 11).flatmap(lambda r: st.tuples(st.just(r), koenigs_hands(r, min_size=10, max_size=15))),
       st.permutations(range(5)))
def test_koenigs_suit_permutation(rh: tuple[int, list[int]], perm: list[int]) -> None:
    rnd, hand = rh
    a = solve_hand("koenigs", hand, round=rnd)
    b = solve_hand("koenigs", permute_suits("koenigs", hand, perm), round=rnd)
    assert (a.left_points, a.can_go_out) == (b.left_points, b.can_go_out)


@given(st.integers(1, 11).flatmap(lambda r: st.tuples(st.just(r), koenigs_hands(r, min_size=10, max_size=14))),
       st.data())
def test_koenigs_adding_a_card(rh: tuple[int, list[int]], data: st.DataObject) -> None:
    rnd, hand = rh
    rest = deck("koenigs").full()
    for c in hand:
        rest.remove(c)
    extra = data.draw(st.sampled_from(rest))
    a = solve_hand("koenigs", hand, round=rnd)
    b = solve_hand("koenigs", hand + [extra], round=rnd)
    assert b.left_points <= a.left_points + oracle.hand_points("koenigs", extra, rnd)
    am = solve_hand("koenigs", hand, round=rnd, objective="max-cards").melded_cards
    assert solve_hand("koenigs", hand + [extra], round=rnd, objective="max-cards").melded_cards >= am


@given(romme_hands(min_size=11, max_size=15), st.permutations(range(4)), st.booleans())
def test_romme_suit_permutation(hand: list[int], perm: list[int], wrap: bool) -> None:
    other = permute_suits("romme", hand, perm)
    for objective in ("opening", "min-left"):
        a = solve_hand("romme", hand, objective=objective, wrap_around=wrap, opening_points=1)
        b = solve_hand("romme", other, objective=objective, wrap_around=wrap, opening_points=1)
        assert (a.opening_points, a.left_points) == (b.opening_points, b.left_points)


@given(rummy_hands(min_size=12, max_size=18), st.permutations(range(4)))
def test_rummy_colour_permutation(hand: list[int], perm: list[int]) -> None:
    a = solve_hand("rummy", hand, opening_points=1)
    b = solve_hand("rummy", permute_suits("rummy", hand, perm), opening_points=1)
    assert (a.opening_points, a.melded_cards) == (b.opening_points, b.melded_cards)


@given(krass_hands(min_size=10, max_size=16))
def test_krass_reversed_hand_needs_as_many_plays(hand: list[int]) -> None:
    a = solve_hand("krass", hand)
    b = solve_hand("krass", hand[::-1])
    assert len(a.plays or ()) == len(b.plays or ())
    assert oracle.solution_problems(a, hand, __import__("romme").rules.Rules("krass")) == []
