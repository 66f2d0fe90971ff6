"""Headless: a place-move that swaps a joker says so, in the log, the hint and the buttons (place_words).

A Räuber move that put 7h in the place of the joker in '5h 6h *' and laid the joker with 8c 9c read 'lay out: 5h 6h
7h | * 8c 9c (+1 rebuilt)': two new melds and one rebuilt, where a player had swapped a joker and laid it. The
meld whose jokers other cards replaced is now named as the swap it was, before the rest of the move."""

from __future__ import annotations

import pytest

import romme
from romme_table.move_log import move_note, place_words


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "swap 7h for the joker in 5h 6h * · lay out: * 8c 9c"),
        ("de", "7h gegen den Joker in 5h 6h * tauschen · auslegen: * 8c 9c"),
    ],
)
def test_a_swapped_joker_laid_in_a_new_meld(lang: str, words: str) -> None:
    before = [["5h", "6h", "*"], ["Kc", "Kd", "Kh"]]
    after = [["5h", "6h", "7h"], ["*", "8c", "9c"], ["Kc", "Kd", "Kh"]]
    assert place_words(before, after, lang) == words


def test_a_swapped_joker_laid_off_and_two_jokers_swapped() -> None:
    before = [["7c", "7d", "*"], ["8c", "9c", "10c"]]
    assert place_words(before, [["7c", "7d", "7h"], ["*", "8c", "9c", "10c"]], "en") == (
        "swap 7h for the joker in 7c 7d * · add * to 8c 9c 10c")
    # the core pairs an old meld with a new one by the naturals they share (tablemoves.goes_on_from): '5h * *' goes
    # on as '5h 6h 7h', which keeps its one natural, not as '* * 8c', which keeps its two jokers (any joker looks
    # like another: until session 58 the core paired them so and the log said 'aus 5h * * wird * * 8c')
    assert place_words([["5h", "*", "*"]], [["5h", "6h", "7h"], ["*", "*", "8c"]], "de") == (
        "6h 7h gegen die Joker in 5h * * tauschen · auslegen: * * 8c")
    assert place_words([["5h", "6h", "*", "*"]], [["5h", "6h", "7h", "8h"], ["*", "*", "8c"]], "de") == (
        "7h 8h gegen die Joker in 5h 6h * * tauschen · auslegen: * * 8c")


def test_a_meld_that_lost_more_than_its_joker_is_no_swap() -> None:
    """Only the joker gone, as many cards come: a meld that lost a natural card too was rebuilt."""
    before = [["5h", "6h", "7h", "*"]]
    assert "swap" not in place_words(before, [["6h", "7h", "8h"], ["5h", "*", "5c", "5d"]], "en")


def test_the_log_names_a_rummy_swap() -> None:
    state = romme.new_game("rummy", players=2, seed=1)
    move = state.parse_move("place R5 R6 R7 | * B8 B9")
    assert move_note("rummy", move, [["R5", "R6", "*"]], "en") == "swap R7 for the joker in R5 R6 * · lay out: B8 B9 *"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "take Y10 from B10 G10 Y10 · take R9 R10 from R9 R10 … R13 · lay out: R7 * R9 | Y8 Y9 Y10 · add R10 to "
               "B10 G10"),
        ("de", "Y10 von B10 G10 Y10 nehmen · R9 R10 von R9 R10 … R13 nehmen · auslegen: R7 * R9 | Y8 Y9 Y10 · R10 an "
               "B10 G10 anlegen"),
    ],
)
def test_a_meld_that_keeps_most_of_its_cards_is_named_as_changed(lang: str, words: str) -> None:
    """H9 U3 (Rummy, the hint on the board): 'lay out: … | B10 R10 G10 | Y8 Y9 Y10 (+1 rebuilt)' named a meld of which
    B10 and G10 lay there already, so the player looked for them in the hand, and '(+1 rebuilt)' named no meld. The
    old meld that gave Y10 away and took R10 is named by the card taken off it and the card added to what stays."""
    before = [["B10", "G10", "Y10"], ["R9", "R10", "R11", "R12", "R13"]]
    after = [["R7", "*", "R9"], ["B10", "R10", "G10"], ["Y8", "Y9", "Y10"], ["R11", "R12", "R13"]]
    assert place_words(before, after, lang) == words


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "swap H20 for the wish card in H12 H16 W H24 · take W back into the hand",
         "swap H16 H20 for the wish cards in H12 W W H24 · lay out: W W K5"),
        ("de", "H20 gegen die Wunschkarte in H12 H16 W H24 tauschen · W zurück auf die Hand",
         "H16 H20 gegen die Wunschkarten in H12 W W H24 tauschen · auslegen: W W K5"),
    ],
)
def test_a_swapped_wish_card_is_named_as_the_swap(lang: str, one: str, two: str) -> None:
    """H6, session 57: 1x1-Rommé's wish card W taken from a run by the card it stood for read 'H12 H16 W H24 becomes
    H12 H16 H20 H24 · take W back into the hand', as if the run had changed; it is the swap, as a joker's is."""
    assert place_words([["H12", "H16", "W", "H24"]], [["H12", "H16", "H20", "H24"]], lang) == one
    assert place_words([["H12", "W", "W", "H24"]], [["H12", "H16", "H20", "H24"], ["W", "W", "K5"]], lang) == two


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "take apart 5h 6h 7h · lay out: 5h 5d 5c | 6h 6d 6c | 7h 7d 7c"),
        ("de", "5h 6h 7h auflösen · auslegen: 5h 5d 5c | 6h 6d 6c | 7h 7d 7c"),
    ],
)
def test_a_meld_taken_apart_whole_is_named(lang: str, words: str) -> None:
    """H6, session 57: a run whose cards all went into new sets read 'lay out: 5h 5d 5c | 6h 6d 6c | 7h 7d 7c (+1
    rebuilt)', which named no meld: the player looked for 5h 6h 7h in the hand. The meld taken apart is named first."""
    before = [["5h", "6h", "7h"], ["Kc", "Kd", "Kh"]]
    after = [["Kc", "Kd", "Kh"], ["5h", "5d", "5c"], ["6h", "6d", "6c"], ["7h", "7d", "7c"]]
    assert place_words(before, after, lang) == words
