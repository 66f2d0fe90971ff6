"""Headless: the move log's words about old melds follow the core's pairing of old and new melds.

Rummy game no. 2, expert bots, the fifth move: the run 'G4 G5 * G7 G8 G9' goes on as 'G2 * G4 G5' (the core's
``goes_on_from``, by which the table marks the new cards and the hint counts the table cards moved), but the log's
own tests found no new meld inside it nor one holding it and said 'take apart G4 G5 … G9', as if none of the run
stayed. The log now says what the core pairs: 'take G7 G8 G9 from G4 G5 … G9', and G2 added to what stays of it."""

from __future__ import annotations

import pytest

from romme.games.tablemoves import goes_on_from
from romme_table.controller import Controller, Seat
from romme_table.move_log import place_words

#: Rummy game no. 2 as the expert bots played it (seeds 20 and 21), to the move the log told wrong
MOVES = [
    "place B1 R1 G1 | B7 R7 Y7 | *=B12 G12 Y12",
    "place B1 R1 G1 | B7 R7 Y7 | *=B12 G12 Y12 | G4 G5 *=G6 G7 | Y10 Y11 Y12 Y13",
    "place B1 R1 G1 | B7 R7 Y7 | G4 G5 *=G6 G7 G8 | *=B12 G12 Y12 | Y10 Y11 Y12 Y13",
    "place B1 R1 G1 | B7 R7 Y7 | G4 G5 *=G6 G7 G8 G9 | *=B12 G12 Y12 | Y10 Y11 Y12 Y13",
    "place B1 R1 G1 | G2 *=G3 G4 G5 | B7 R7 G7 Y7 | G8 G9 G10 | *=B12 G12 Y12 | Y10 Y11 Y12 Y13",
]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "take G7 G8 G9 from G4 G5 … G9 · lay out: G8 G9 G10 · add G2 to G4 G5 Jo · add G7 to B7 R7 Y7"),
        ("de", "G7 G8 G9 von G4 G5 … G9 nehmen · auslegen: G8 G9 G10 · G2 an G4 G5 Jo anlegen · G7 an B7 R7 Y7 "
               "anlegen"),
    ],
)
def test_a_run_the_core_goes_on_with_is_not_taken_apart(lang: str, words: str) -> None:
    c = Controller("rummy", [Seat("Anna"), Seat("Ben")], seed=2, bot_delay=0.0, lang=lang)
    for move in MOVES[:-1]:
        assert c.play(move), c.message
    before = c.melds()
    assert c.play(MOVES[-1]), c.message
    assert c.message == f"Anna: {words}"
    assert goes_on_from(before, c.melds())[1] == before.index(["G4", "G5", "*", "G7", "G8", "G9"])


def test_no_meld_the_core_pairs_is_taken_apart() -> None:
    """Of a table whose every old meld goes on as a new one (a run split, a set grown), none is named taken apart;
    the one old meld no new one keeps two cards of is."""
    before = [["R6", "R7", "R8", "R9"], ["B7", "G7", "Y7"], ["5h", "6h", "7h"]]
    after = [["R6", "R7", "*"], ["R8", "B8", "G8"], ["R9", "B9", "G9"], ["B7", "G7", "Y7", "R7"], ["5h", "5d", "5c"],
             ["6h", "6d", "6c"], ["7h", "7d", "7c"]]
    words = place_words(before, after, "en")
    assert words.startswith("take apart 5h 6h 7h · take R8 R9 from R6 R7 R8 R9 · lay out:"), words
    assert "add * to R6 R7" in words, words
    assert words.count("take apart") == 1
