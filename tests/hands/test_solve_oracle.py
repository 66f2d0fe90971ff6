"""The oracles themselves on hands with known answers (no Rust involved)."""

from __future__ import annotations

import oracle
import pytest
from solver_support import EINMALEINS_CASES, KOENIGS_CASES, KRASS_CASES, ROMME_CASES, RUMMY_CASES

from romme.cards import parse_codes
from romme.rules import Rules


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


@pytest.mark.parametrize("text,opts,want", ROMME_CASES)
def test_romme_oracle(text: str, opts: dict[str, object], want: int | None) -> None:
    assert oracle.opening_points("romme", parse_codes("romme", text), Rules("romme", opts)) == want


@pytest.mark.parametrize("text,opts,want", RUMMY_CASES)
def test_rummy_oracle(text: str, opts: dict[str, object], want: int | None) -> None:
    rules = Rules("rummy", opts)
    cap = rules.max_hand_cards_per_turn or None
    assert oracle.opening_points("rummy", parse_codes("rummy", text), rules, cap=cap) == want


@pytest.mark.parametrize("text,want", EINMALEINS_CASES)
def test_einmaleins_oracle(text: str, want: int | None) -> None:
    assert oracle.opening_points("einmaleins", parse_codes("einmaleins", text), Rules("einmaleins")) == want


def test_einmaleins_oracle_sheet_examples() -> None:
    rules = Rules("einmaleins")
    for text in ("K4 D4 H4", "H7 K7 W", "H3 H6 H9 W H15", "H12 H16 H1 H24", "K7 K14 K21", "D40 D45 D50",
                 "H12 H24 H36"):
        assert oracle.meld_points("einmaleins", parse_codes("einmaleins", text), rules) is not None, text
    for text in ("H4 H8 H10", "H2 H4 K6", "H3 H4 H5"):
        assert oracle.meld_points("einmaleins", parse_codes("einmaleins", text), rules) is None, text
