"""Rommé's table search under ``joker_declared`` without Räuber: its answer must be a move the game takes.

With ``joker_declared`` a laid joker is one named card, and only that card replaces it (sheet 001's joker
variant: "Dieser Joker kann dann nur durch genau diese Karte ersetzt werden"); without ``rauber`` a table meld
keeps its cards, so a table set ``7h 7d *=7c`` takes 7s as a lay-off but never a natural 7c (it would hold 7c
twice; docs/RULES-NOTES.md, Rommé melds). solve_table hands the core each Rommé set's jokers with their cards
(search/declared_sets.rs holds them), and gives a plain answer's melds in the table's order (a place-move
without rauber keeps every meld in its place).
"""

from __future__ import annotations

import random

import pytest
from romme_positions import place_move, position

import romme
from romme import _core
from romme.errors import IllegalMoveError, RulesError


def plays(table: tuple[str, ...], hand: str, sol: romme.TableSolution) -> list[int]:
    """Plays the answer in the game on the position it was searched for, the hand with a Jc to discard
    after it; returns the hand left."""
    st = position([hand + " Jc", "4s"], table=table, joker_declared=True)
    st.apply(st.parse_move(place_move(sol)))
    return sorted(st.hands[0])


def test_a_declared_set_joker_keeps_its_card_in_the_search():
    # the true best (by hand: 7c cannot go on the set, a swap of it frees a joker with nowhere to go): 7s laid off
    table = ("7h 7d *=7c",)
    sol = romme.solve_table("romme", " | ".join(table), "7c 7s", joker_declared=True)
    assert [str(c) for c in sol.placed] == ["7s"]
    plays(table, "7c 7s", sol)


def test_every_answer_under_joker_declared_plays_in_the_game():
    rng = random.Random(54)
    suits = "hdcs"
    refused = []
    played = 0
    for _ in range(60):
        rank = rng.choice(["7", "9", "Q"])
        laid = rng.sample(suits, 3)
        # a set of two naturals and a joker declared as the third suit, beside a run of another rank
        table = (f"{rank}{laid[0]} {rank}{laid[1]} *={rank}{laid[2]}", "2s 3s 4s")
        pool = [f"{rank}{s}" for s in suits] + ["5s", "Ac", "Kh", "8d"]
        hand = " ".join(rng.sample(pool, rng.randint(1, 4)))
        sol = romme.solve_table("romme", " | ".join(table), hand, joker_declared=True)
        if not sol.placed:
            continue  # (no move to play)
        played += 1
        try:
            plays(table, hand, sol)
        except IllegalMoveError as exc:
            refused.append(f"{table} / {hand}: {place_move(sol)}: {exc}")
    assert not refused, refused
    assert played >= 30


def test_twin_sets_keep_their_own_declarations() -> None:
    # 'Qh Qc *=Qs' and 'Qc Qh *=Qd' hold the same cards; the Qd lies off on the first (its fourth suit). The core
    # answered so, but solve_table put the second twin in the first's place and gave it the first's declaration:
    # 'Qh Qc *=Qs | Qh Qc *=Qs Qd', which under joker_swap_completes the game refused (read as a swap of the Qd
    # into the second set, leaving three cards)
    for options in ({"joker_declared": True}, {"joker_declared": True, "joker_swap_completes": True}):
        table = ("Qh Qc *=Qs", "Qc Qh *=Qd")
        sol = romme.solve_table("romme", " | ".join(table), "Qd", **options)
        assert [str(m) for m in sol.table] == ["Qh Qc *=Qs Qd", "Qc Qh *=Qd"], options
        st = position(["Qd Jc", "4s"], table=table, **options)
        st.apply(st.parse_move(place_move(sol)))
        assert sorted(st.hands[0]) == sorted(romme.parse_codes("romme", "Jc"))


def test_the_core_says_where_a_sets_declaration_binds() -> None:
    # one home of the rule (romme_engine::options::GameRules::set_declarations_bind): the search holds a set's
    # jokers as declared where it binds, and romme.table puts twin sets back in their places by it
    assert _core.set_declarations_bind("romme", {"joker_declared": True}) is True
    for game, options in [("romme", {"joker_declared": True, "rauber": True}), ("romme", {}), ("rummy", {}),
                          ("einmaleins", {})]:
        assert _core.set_declarations_bind(game, options) is False, (game, options)
    with pytest.raises(RulesError):
        _core.set_declarations_bind("romme", {"bogus": True})
