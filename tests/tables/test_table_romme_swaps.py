"""Rommé's table search without Räuber takes joker swaps: RULES.md §2, "after opening a player ... may take a
joker from the table by putting the card it stands for in its place; that joker must then be laid again in
the same turn". The search answers one place-move, which holds at most one swap; where a turn could swap
twice (two table jokers, two hand cards to replace them) the answer is not claimed optimal. Checked against
an oracle written from the rules (tests/helpers/oracle_table_swap.py), and every answer plays in the game.
"""

from __future__ import annotations

import random

import oracle_table_swap as oracle
from romme_positions import place_move, position

import romme


def plays(table: list[str], hand: str, sol: romme.TableSolution, **options: bool) -> None:
    """Plays the answer in the game on its position (the hand with an Ac kept to discard after it)."""
    st = position([hand + " Ac", "4s"], table=tuple(table), discard="Ad", **options)
    st.apply(st.parse_move(place_move(sol)))


def test_a_swapped_joker_goes_into_a_new_meld():
    # 7h takes the joker's place; the joker makes 9s 9d a meld: three cards, where lay-offs place none
    table, hand = ["5h 6h *=7h"], "7h 9s 9d"
    for options in ({}, {"joker_declared": True}):
        sol = romme.solve_table("romme", " | ".join(table), hand, **options)
        assert sol.placed_count == 3 and sol.optimal, (options, place_move(sol))
        assert sorted(str(m) for m in sol.table)[0].startswith("5h 6h 7h")
        plays(table, hand, sol, **options)


def test_a_swapped_set_joker_is_laid_again():
    # Kc in the set's place of the joker, which then goes with 9s 9d (the lay-off of Kc alone: one card)
    table, hand = ["Kh Kd *=Kc"], "Kc 9s 9d"
    sol = romme.solve_table("romme", " | ".join(table), hand)
    assert sol.placed_count == 3 and sol.optimal, place_move(sol)
    plays(table, hand, sol)
    # joker_swap_completes: the joker leaves a set only when the set then holds all four suits
    sol = romme.solve_table("romme", " | ".join(table), hand, joker_swap_completes=True)
    assert sol.placed_count == 1 and sol.optimal, place_move(sol)


def test_two_possible_swaps_leave_the_answer_unproven():
    # one place-move swaps once (7h; the joker with 9s 9d; Qc laid off): 4 cards; a turn may swap the Qc as well
    # after laying the first joker, and lay the second on 9s 9d: 5 cards in two moves
    table, hand = ["5h 6h *=7h", "Qs Qd *=Qc"], "7h Qc 9s 9d"
    assert oracle.two_swaps(table, hand.split())
    sol = romme.solve_table("romme", " | ".join(table), hand)
    assert sol.placed_count == 4 and not sol.optimal, place_move(sol)
    plays(table, hand, sol)


def _position(rng: random.Random) -> tuple[list[str], str]:
    """A run with a joker and perhaps a set with one, and a hand of cards near them."""
    suits = "cdhs"
    run_suit = rng.choice(suits)
    start = rng.randint(3, 8)
    length = rng.randint(3, 4)
    hole = rng.randrange(length)
    name = ["", "A", *map(str, range(2, 11)), "J", "Q", "K"]
    run = [f"{name[start + i]}{run_suit}" for i in range(length)]
    cells = ["*=" + c if i == hole else c for i, c in enumerate(run)]
    table = [" ".join(cells)]
    pool = [run[hole], f"{name[start - 1]}{run_suit}", f"{name[start + length]}{run_suit}"]
    if rng.random() < 0.6:
        rank = rng.choice(["Q", "K", "2"])
        laid = rng.sample(suits, 3)
        table.append(f"{rank}{laid[0]} {rank}{laid[1]} *={rank}{laid[2]}")
        pool += [f"{rank}{s}" for s in suits if s != laid[0] and s != laid[1]]
    other = rng.choice(["9", "J"])
    pool += [f"{other}{s}" for s in rng.sample(suits, 3)] + ["*", "Ac"]
    hand = rng.sample(pool, rng.randint(2, min(6, len(pool))))
    return table, " ".join(hand)


def test_answers_match_the_oracle_and_play_in_the_game():
    rng = random.Random(55)
    unproven = swapped = 0
    for n in range(120):
        options = {"joker_declared": rng.random() < 0.4, "joker_swap_completes": rng.random() < 0.2}
        table, hand = _position(rng)
        objective = "points" if n % 3 == 2 else "cards"
        sol = romme.solve_table("romme", " | ".join(table), hand, objective=objective, **options)
        value = sol.placed_points if objective == "points" else sol.placed_count
        best = oracle.best(table, hand.split(), objective, **options)
        where = f"{table} / {hand} {options} {objective}: {place_move(sol)}"
        assert value <= best, where
        if oracle.two_swaps(table, hand.split(), **options):
            assert not sol.optimal, where
            unproven += 1
        else:
            assert sol.optimal and value == best, (where, best)
        swapped += value > max(o[1 if objective == "points" else 0]
                               for o in oracle.outcomes(table, hand.split(), **options) if not o[2])
        if sol.placed_count:
            plays(table, hand, sol, **options)
    assert swapped >= 15 and unproven >= 3, (swapped, unproven)
