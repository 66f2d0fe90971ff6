"""The oracles themselves on hands with known answers (no Rust involved)."""

from __future__ import annotations

import pytest

import oracle
from romme.cards import parse_codes
from romme.rules import Rules
from test_solve_koenigs import CASES as KOENIGS_CASES
from test_solve_krass import CASES as KRASS_CASES


@pytest.mark.parametrize("rnd,text,left,go_out", KOENIGS_CASES)
def test_koenigs_oracle(rnd: int, text: str, left: int, go_out: bool) -> None:
    hand = parse_codes("koenigs", text)
    assert oracle.min_left("koenigs", hand, Rules("koenigs"), rnd) == left
    assert bool(oracle.go_out_discards(hand, rnd)) is go_out


@pytest.mark.parametrize("text,plays", KRASS_CASES)
def test_krass_oracle(text: str, plays: int) -> None:
    assert oracle.krass_min_plays(parse_codes("krass", text)) == plays


def test_krass_certificate_checker() -> None:
    hand = parse_codes("krass", "1 5 2 X")
    five, one, two, x = hand[1], hand[0], hand[2], hand[3]
    assert oracle.krass_plays_ok(hand, [[(five, 5)], [(one, 1), (two, 2), (x, 3)]])
    assert not oracle.krass_plays_ok(hand, [[(five, 5)], [(one, 1), (two, 2), (x, 7)]])  # X=7 no straight
    assert not oracle.krass_plays_ok(hand, [[(one, 1), (two, 2)], [(five, 5), (x, 5)]])  # 1 and 2 not adjacent
    assert not oracle.krass_plays_ok(hand, [[(five, 5)]])  # hand not empty
