"""Headless: the move log says what a table move did to a meld it took cards from, and which cards went back into
the hand. A Räuber move that took a card off a table meld listed the shortened meld as newly laid ('auslegen:
9c Jo Jc Qc | Kc Kd Kh (+1 umgebaut)'): the player read two new melds and one rebuilt, none of which happened."""

from __future__ import annotations

import pytest

import romme
from romme_table.move_log import move_note, place_words


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "take Jo from Kc Kd Kh Jo · lay out: 9c Jo Jc Qc"),
        ("de", "Jo von Kc Kd Kh Jo nehmen · auslegen: 9c Jo Jc Qc"),
    ],
)
def test_a_card_taken_off_a_meld_names_that_meld_not_a_new_one(lang, words):
    before = [["Kc", "Kd", "Kh", "Jo"], ["5s", "6s", "7s"]]
    after = [["9c", "Jo", "Jc", "Qc"], ["Kc", "Kd", "Kh"], ["5s", "6s", "7s"]]
    assert place_words(before, after, lang) == words


def test_a_meld_split_in_two_and_a_card_back_into_the_hand():
    """A run split into two names the run the cards came from; a table card gone back into the hand (Räuber with
    table-to-hand, 1x1-Rommé) is said so, not left to a count of melds rebuilt."""
    state = romme.new_game("rummy", players=2, seed=1)
    split = state.parse_move("place B4 B5 B6 | B7 B8 B9 | R9 G9 Y9")
    before = [["B4", "B5", "B6", "B7", "B8", "B9"], ["R9", "G9", "Y9"]]
    assert move_note("rummy", split, before, "en") == "take B7 B8 B9 from B4 B5 … B9 · lay out: B7 B8 B9"
    back = state.parse_move("place B4 B5 B6 | R9 G9 Y9")
    before = [["B4", "B5", "B6", "B7"], ["R9", "G9", "Y9"]]
    assert move_note("rummy", back, before, "en") == "take B7 from B4 B5 B6 B7 · take B7 back into the hand"
    assert move_note("rummy", back, before, "de") == "B7 von B4 B5 B6 B7 nehmen · B7 zurück auf die Hand"
