"""Rommé meld rules and hand search of the core, as the game asks for them: the sheet's figures, and
agreement with the independent oracle (tests/helpers/oracle.py)."""

from __future__ import annotations

import itertools

import oracle
import pytest
from hypothesis import given
from hypothesis import strategies as st

from romme.cards import deck, parse_codes
from romme.games.romme import solver as romme_solver
from romme.games.romme.melds import (
    JOKER,
    MeldError,
    RuleView,
    build_meld,
    joker_fits,
    layoff,
    parse_spec,
    swap_joker,
    swappable_cards,
    wanted_cards,
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
    # a run of all 13 ranks holds its ace at one end; "Ass = 11 bzw. 1 Punkt, je nach Funktion": where
    # it is written decides (docs/RULES-NOTES.md, Melds)
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", "run", 85),
    ("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", "run", 95),
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


@pytest.mark.parametrize("text", ["Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
                                  "3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2h 3h",
                                  "3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2h *"])
def test_wrap_around_run_never_goes_all_the_way_round(text):
    # Sheet (Variante: Kartenfolge): "eine Figur ... kann nach K-A mit einer 2 fortgesetzt werden,
    # z. B. K-A-2"; it is silent on length: a run holds each rank once (docs/RULES-NOTES.md).
    with pytest.raises(MeldError):
        meld(text, wrap_around=True)
    round_run = meld("3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2h", wrap_around=True)
    assert round_run.kind == "run"
    with pytest.raises(MeldError):
        layoff(round_run, parse_spec("3h"), rv(wrap_around=True))


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


# --- the core's rules against the independent oracle (tests/helpers/oracle.py) -----------------------

POOL = parse_codes("romme", "Ah 2h 3h 4h 5h 6h Qh Kh 5c 5d 5s Ac Ad As", check_counts=False) + [JOKER] * 3
SETS_WITH_JOKERS = [parse_codes("romme", t, check_counts=False)
                    for t in ("5c 5d * *", "5c * *", "5c 5d 5s *", "5c 5d * * *", "Ah * * 4h", "Ah * *")]
OPTION_SETS = [{}, {"no_double_joker": True}, {"wrap_around": True}, {"joker_declared": True}]


@given(st.one_of(st.lists(st.sampled_from(POOL), min_size=3, max_size=6), st.sampled_from(SETS_WITH_JOKERS)),
       st.sampled_from(OPTION_SETS))
def test_meld_reading_agrees_with_the_oracle(cards, options):
    """Cards with jokers the engine places form a meld exactly when the oracle finds one, in any
    order written; the meld laid is certified by what each card stands for, at the points it shows."""
    rules = Rules.make("romme", options)
    best = oracle.meld_points("romme", cards, rules)
    try:
        m = build_meld(cards, RuleView.of(rules.options))
    except MeldError:
        assert best is None, (cards, options)
        return
    assert best is not None, (cards, options)
    assert sorted(m.codes()) == sorted(cards)
    assert oracle.placed_meld_points("romme", m.kind, m.cards, rules) == m.points <= best


TABLE_POOL = [c for c in deck("romme").full() if c != JOKER]


@given(st.lists(st.sampled_from(POOL), min_size=3, max_size=6), st.sampled_from(TABLE_POOL + [JOKER]),
       st.sampled_from(OPTION_SETS))
def test_lay_off_targets_are_exactly_the_accepted_cards(cards, card, options):
    """A natural card is a lay-off target of a meld exactly when laying it off is accepted, and the
    meld it makes holds the old cards and the new one, certified by the oracle."""
    view = RuleView.of(Rules.make("romme", options).options)
    try:
        m = build_meld(cards, view)
    except MeldError:
        return
    try:
        grown = layoff(m, card, view)
    except MeldError:
        assert card not in wanted_cards(m, view) and (card != JOKER or not joker_fits(m, view))
        return
    assert card in wanted_cards(m, view) or (card == JOKER and joker_fits(m, view))
    assert sorted(grown.codes()) == sorted(m.codes() + [card])
    rules = Rules.make("romme", options)
    assert oracle.placed_meld_points("romme", grown.kind, grown.cards, rules) == grown.points


@given(st.lists(st.sampled_from(POOL), min_size=3, max_size=5), st.sampled_from(TABLE_POOL),
       st.sampled_from(OPTION_SETS + [{"joker_swap_completes": True}]))
def test_swap_targets_and_swaps(cards, card, options):
    """A swap puts the card where a joker was (the joker leaves, the meld stays certified) and is
    refused for a card that is no swap target of the meld."""
    rules = Rules.make("romme", options)
    view = RuleView.of(rules.options)
    try:
        m = build_meld(cards, view)
    except MeldError:
        return
    try:
        swapped = swap_joker(m, card, view)
    except MeldError:
        return
    assert card in swappable_cards(m, view)
    assert sorted(swapped.codes() + [JOKER]) == sorted(m.codes() + [card])
    assert oracle.placed_meld_points("romme", swapped.kind, swapped.cards, rules) == swapped.points


NATURALS = [c for c in deck("romme").full() if c != JOKER]
HAND_OPTIONS = [{}, {"no_double_joker": True}, {"wrap_around": True}, {"opening_without_jokers": True}]


def _hand(cards: list[int], jokers: int) -> list[int] | None:
    hand = sorted(cards + [JOKER] * jokers)
    return hand if max(hand.count(c) for c in hand) <= 2 else None  # at most the two decks' copies


@given(st.lists(st.sampled_from(NATURALS), min_size=5, max_size=9), st.integers(0, 2),
       st.sampled_from(HAND_OPTIONS), st.integers(0, 1))
def test_hand_search_totals_agree_with_the_oracle(cards, jokers, options, keep):
    """The best disjoint melds by opening points, by cards and by hand points removed reach the
    oracle's optimum over all partitions (melding at most all cards but ``keep``); the melds returned
    are disjoint hand cards and each is a meld."""
    hand = _hand(cards, jokers)
    if hand is None:
        return
    rules = Rules.make("romme", options)
    view = RuleView.of(rules.options)
    use_jokers = not rules.opening_without_jokers
    cap = len(hand) - keep
    pts, melds = romme_solver.best_melds(hand, view, romme_solver.by_points, keep=keep, use_jokers=use_jokers)
    assert pts == oracle.best_opening_total("romme", hand, rules, cap=cap), hand
    left = list(hand)
    for m in melds:
        for c in m.naturals + (JOKER,) * m.jokers:
            left.remove(c)
        assert build_meld(m.specs, view).points == m.points
    assert sum(m.points for m in melds) == pts and len(left) >= keep
    cards_rules = Rules.make("romme", {k: v for k, v in options.items() if k != "opening_without_jokers"})
    n, _ = romme_solver.best_melds(hand, view, romme_solver.by_cards, keep=keep)
    assert n == oracle.max_cards("romme", hand, cards_rules, cap=cap), hand
    relief, _ = romme_solver.best_melds(hand, view, romme_solver.by_relief, keep=keep)
    all_points = sum(oracle.hand_points("romme", c) for c in hand)
    assert all_points - relief == oracle.min_left("romme", hand, cards_rules, cap=cap), hand


def _oracle_opens_with(hand: list[int], must: int, rules: Rules) -> bool:
    """Some meld holding ``must`` plus the best opening of the rest (keeping a card) reach the minimum;
    or with hand_romme, melds of all cards but one, one of them holding ``must``."""
    rest_of = list(hand)
    rest_of.remove(must)
    for size in range(2, min(len(rest_of), 12) + 1):
        for others in set(itertools.combinations(rest_of, size)):
            meld = (must, *others)
            pts = oracle.meld_points("romme", meld, rules, opening=True)
            if pts is None:
                continue
            rest = list(rest_of)
            for c in others:
                rest.remove(c)
            if not rest:
                continue
            if pts + oracle.best_opening_total("romme", rest, rules, cap=len(rest) - 1) >= rules.opening_points:
                return True
            if rules.hand_romme and oracle.max_cards("romme", rest, _meld_rules(rules)) == len(rest) - 1:
                return True
    return False


def _meld_rules(rules: Rules) -> Rules:
    return Rules.make("romme", {k: v for k, v in rules.options.items() if k != "opening_without_jokers"})


@given(st.lists(st.sampled_from(NATURALS), min_size=6, max_size=8), st.integers(0, 1),
       st.sampled_from([{}, {"opening_without_jokers": True}, {"hand_romme": True}, {"opening_points": 20}]))
def test_pickup_to_open_agrees_with_the_oracle(cards, jokers, options):
    """The discard just taken may be kept only to open with it this turn: can_open_with is true exactly
    when the oracle finds an opening of the minimum that uses the card (or, with hand_romme, melds of
    all cards but one that use it)."""
    hand = _hand(cards, jokers)
    if hand is None:
        return
    rules = Rules.make("romme", options)
    must = cards[0]
    assert romme_solver.can_open_with(hand, must, RuleView.of(rules.options)) == _oracle_opens_with(hand, must, rules)
