"""Rommé meld rules of the game engine: the sheet's figures, and agreement with the Rust core."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from romme import _core
from romme.cards import deck, parse_codes
from romme.games.romme import solver as romme_solver
from romme.games.romme.melds import (
    JOKER,
    MeldError,
    RuleView,
    build_meld,
    layoff,
    parse_spec,
    swap_joker,
)
from romme.rules import Rules


def rv(**options) -> RuleView:
    return RuleView.of(Rules.make("romme", options).options)


def meld(text: str, **options):
    return build_meld([parse_spec(t) for t in text.split()], rv(**options))


@pytest.mark.parametrize("text,kind,points", [
    ("Ks Kh Kd", "set", 30),          # sheet: Pik König, Herz König, Karo König
    ("3h 4h 5h 6h", "run", 18),       # sheet: Herz 3, 4, 5, 6
    ("3h 4h * 6h", "run", 18),        # sheet: the joker replaces Herz 5 and counts 5
    ("Qd Kd Ad", "run", 31),          # sheet: the ace as the highest card counts 11
    ("Ad 2d 3d", "run", 6),           # sheet: the ace as 1
    ("Jc Qc Kc", "run", 30),          # J, Q, K count 10
    ("As Ah Ad Ac", "set", 44),
])
def test_sheet_figures(text, kind, points):
    m = meld(text)
    assert (m.kind, m.points) == (kind, points)


@pytest.mark.parametrize("text", ["Ks Kh", "Ks Ks Kh", "3h 4h 6h", "3h 4s 5h", "Kh Ah 2h", "* * *",
                                  "Ks Kh Kd Kc *", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"])
def test_not_melds(text):
    with pytest.raises(MeldError):
        meld(text)


def test_wrap_around_run():
    assert meld("Kh Ah 2h", wrap_around=True).points == 10 + 11 + 2
    assert str(meld("Qh Kh Ah 2h 3h", wrap_around=True)) == "Qh Kh Ah 2h 3h"


def test_joker_placement_follows_the_written_order():
    assert str(meld("* 8h 9h")) == "*=7h 8h 9h"
    assert str(meld("8h 9h *")) == "8h 9h *=10h"
    assert str(meld("8h 9h *=7h")) == "*=7h 8h 9h"
    assert str(meld("Kh Kd *=Ks")) == "Kh Kd *=Ks"


def test_layoff_and_swap():
    r = rv()
    run = meld("3h 4h * 6h")
    assert str(layoff(run, parse_spec("2h"), r)) == "2h 3h 4h *=5h 6h"
    assert str(swap_joker(run, parse_spec("5h"), r)) == "3h 4h 5h 6h"
    with pytest.raises(MeldError):
        swap_joker(run, parse_spec("7h"), r)
    with pytest.raises(MeldError):
        layoff(meld("Qh Kh Ah"), parse_spec("2h"), r)


# --- agreement with the core's validate_meld (hand-a's Rust rules) --------------------

POOL = parse_codes("romme", "Ah 2h 3h 4h 5h 6h Qh Kh 5c 5d 5s Ac Ad As", check_counts=False) + [JOKER] * 3
SETS_WITH_JOKERS = [parse_codes("romme", t, check_counts=False)
                    for t in ("5c 5d * *", "5c * *", "5c 5d 5s *", "5c 5d * * *", "Ah * * 4h", "Ah * *")]
OPTION_SETS = [{}, {"no_double_joker": True}, {"wrap_around": True}]


@given(st.one_of(st.lists(st.sampled_from(POOL), min_size=3, max_size=5), st.sampled_from(SETS_WITH_JOKERS)),
       st.sampled_from(OPTION_SETS))
def test_validity_agrees_with_core(cards, options):
    rules = Rules.make("romme", options)
    try:
        _core.validate_meld("romme", cards, dict(rules.options))
        core_ok = True
    except ValueError:
        core_ok = False
    try:
        build_meld(cards, RuleView.of(rules.options))
        ok = True
    except MeldError:
        ok = False
    assert ok == core_ok, (cards, options)


# --- the engine's Python hand search agrees with the core's exact solver ------------------------


NATURALS = [c for c in deck("romme").full() if c != JOKER]


@given(st.lists(st.sampled_from(NATURALS), min_size=8, max_size=14), st.integers(0, 2),
       st.sampled_from(OPTION_SETS + [{"opening_without_jokers": True}]))
def test_hand_search_agrees_with_core(cards, jokers, options):
    hand = sorted(cards + [JOKER] * jokers)
    rules = Rules.make("romme", options)
    if max(hand.count(c) for c in hand) > 2:
        return  # more copies than the two decks hold
    use_jokers = not rules.opening_without_jokers
    ours, _ = romme_solver.best_melds(hand, RuleView.of(rules.options), romme_solver.by_points, keep=0,
                                      use_jokers=use_jokers)
    core = _core.solve_hand("romme", hand, "opening", dict(rules.options))
    assert ours == sum(core["points"]), hand
