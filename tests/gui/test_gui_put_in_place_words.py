"""Headless: a card laid where a natural of a table meld lay, that natural gone elsewhere, reads as laid in its place.

1x1-Rommé (three expert seats, game no. 3, move 58: the known leftover): the 1-card H1 took the place of H6 in 'H2 H4
H6', the H6 going into 'H6 K6 D6', and the move read 'H2 H4 H6 becomes H2 H4 H1', as if the whole run had changed.
A meld changed otherwise (a run shifted along, a set laid in another order) reads as the cards taken off it and the
cards added to what stays of it.
"""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.engine import new_game
from romme.table import table_melds
from romme_table.move_log import move_note, place_words, stands_of

BEFORE = [["H2", "H4", "H6"], ["K6", "K8", "K10", "K12"]]
AFTER = [["H2", "H4", "H1"], ["K8", "K10", "K12"], ["H6", "K6", "D6"]]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "take K6 from K6 K8 K10 K12 · put H1 in place of H6 in H2 H4 H6 · lay out: H6 K6 D6"),
        ("de", "K6 von K6 K8 K10 K12 nehmen · H1 statt H6 in H2 H4 H6 legen · auslegen: H6 K6 D6"),
    ],
)
def test_a_card_laid_where_a_natural_lay(lang: str, words: str) -> None:
    assert place_words(BEFORE, AFTER, lang) == words


def test_other_changes_read_as_cards_taken_off_and_added() -> None:
    shifted = place_words([["G1", "G2", "G3"]], [["G2", "G3", "G4"], ["G1", "B1", "R1"]], "en")
    assert shifted == "take G1 from G1 G2 G3 · lay out: G1 B1 R1 · add G4 to G2 G3", shifted
    reordered = place_words([["B3", "G3", "Y3"]], [["B3", "R3", "G3"], ["Y1", "Y2", "Y3"]], "en")
    assert reordered == "take Y3 from B3 G3 Y3 · lay out: Y1 Y2 Y3 · add R3 to B3 G3", reordered


def test_the_game_move_reads_so() -> None:
    """The finding's move, as the expert bots play game no. 3 (the log's and the hint's words are move_note's)."""
    st = new_game("einmaleins", players=3, seed=3)
    bots = [make_bot("einmaleins", "expert", i) for i in range(3)]
    for _ in range(58):
        st.apply(bots[st.current_player].choose(st.clone()))
    move = bots[st.current_player].choose(st.clone())
    obs = st.observation(st.current_player)
    note = move_note("einmaleins", move, table_melds(obs), "en", stands_of(obs))
    assert note is not None and "put H1 in place of H6 in H2 H4 H6" in note and "becomes" not in note, note
