"""Headless: a place-move that swaps a wild and lays off on the same meld names both, in the log and on the button.

Rummy game no. 3, expert bots (seeds 0 and 1), move 16: 'Y5 *=Y6 Y7' went on as 'Y5 Y6 Y7 Y8', and the log said
'Y5 Jo Y7 becomes Y5 Y6 Y7 Y8', one change, where the player swapped Y6 for the joker and laid Y8 off. 1x1-Rommé
game no. 21, move 29: the 1-card K1, standing for K35 in 'K28 K1 K42' (a run of its own symbol: a wild there), was
swapped for K35 and laid in 'K4 K1 K8', and the log said 'K28 K1 K42 becomes K28 K35 K42'. What each table card
stands for is in the game's observation (move_log.stands_of); the pairing of old and new melds stays the core's
(tablemoves.goes_on_from)."""

from __future__ import annotations

import pytest

from romme_table.controller import Controller, Seat
from romme_table.i18n import cards_named
from romme_table.move_log import place_words
from romme_table.replayed import replayed

#: Rummy game no. 3 as the expert bots played it (seeds 0 and 1), to the swap and lay-off
RUMMY_3 = [
    "place B6 B7 *=B8 B9 | R12 G12 Y12",
    "place B6 B7 *=B8 B9 | R12 G12 Y12 | B3 B4 *=B5 B6 | B10 R10 Y10",
    "pass",
    "place *=B1 R1 G1 | B3 B4 *=B5 B6 | B6 B7 B8 B9 | B10 R10 Y10 | R12 G12 Y12",
    "place B1 R1 G1 | G2 *=G3 G4 G5 | B3 B4 *=B5 B6 | B6 B7 B8 B9 | B10 R10 Y10 | R12 G12 Y12",
    "pass",
    "pass",
    "pass",
    "pass",
    "place B1 R1 G1 | G2 *=G3 G4 G5 | B3 B4 *=B5 B6 B7 | B6 B7 B8 B9 | B10 R10 Y10 | R12 G12 Y12",
    "pass",
    "pass",
    "pass",
    "pass",
    "place B1 R1 G1 | G2 *=G3 G4 G5 | B3 B4 B5 B6 B7 | Y5 *=Y6 Y7 | B6 B7 B8 B9 | B10 R10 Y10 | R12 G12 Y12",
    "place B1 R1 G1 | G2 *=G3 G4 G5 | Y3 *=Y4 Y5 | B3 B4 B5 B6 B7 | Y5 Y6 Y7 Y8 | B6 B7 B8 B9 | B10 R10 Y10"
    " | R12 G12 Y12",
]
#: 1x1-Rommé game no. 21 as the expert bots played it (seeds 0 and 1), to the 1-card's swap
EINMALEINS_21 = [
    "draw stock",
    "discard H72",
    "draw stock",
    "discard Q51",
    "draw stock",
    "discard D70",
    "draw stock",
    "discard K42",
    "draw discard",
    "place K28 K1=K35 K42",
    "discard D45",
    "draw stock",
    "place K28 K1=K35 K42 | K24 K26 W=K28",
    "discard H32",
    "draw stock",
    "discard D35",
    "draw stock",
    "discard D30",
    "draw stock",
    "discard Q1",
    "draw discard",
    "place K28 K1=K35 K42 | K24 K26 W=K28 | Q2 Q4 Q1=Q6",
    "discard H24",
    "draw stock",
    "discard H16",
    "draw stock",
    "discard Q54",
    "draw stock",
    "place Q2 Q4 Q1=Q6 | K4 K1=K6 K8 | K24 K26 W=K28 | K28 K35 K42",
]


def last_words(game: str, seed: int, moves: list[str], lang: str) -> tuple[str, str, str]:
    """(the button's words for the last of ``moves``, the message line after it is played, the log's note of it
    as a resumed game's log reads it), the moves before it played at a table of two seats."""
    c = Controller(game, [Seat("Anna"), Seat("Ben")], seed=seed, bot_delay=0.0, lang=lang)
    for move in moves[:-1]:
        assert c.play(move), (move, c.message)
    last = c.state.parse_move(moves[-1])
    button = c.label(last)
    assert c.play(last), c.message
    return button, c.message, cards_named(replayed(c.state, 0, lang, False).notes[len(moves) - 1], game, lang)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "swap Y6 for the joker in Y5 Jo Y7"),
        ("de", "Y6 gegen den Joker in Y5 Jo Y7 tauschen"),
    ],
)
def test_a_joker_swapped_and_a_card_laid_off_on_one_meld(lang: str, words: str) -> None:
    button, message, note = last_words("rummy", 3, RUMMY_3, lang)
    added = {"en": "add Y8 to Y5 Y6 Y7", "de": "Y8 an Y5 Y6 Y7 anlegen"}[lang]
    for said in (button, message, note):
        assert words in said and added in said, said
        assert "Y5 Jo Y7 becomes" not in said and "aus Y5 Jo Y7 wird" not in said, said


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "swap K35 for K1 in K28 K1 K42"),
        ("de", "K35 gegen K1 in K28 K1 K42 tauschen"),
    ],
)
def test_a_one_card_standing_as_a_wild_is_swapped(lang: str, words: str) -> None:
    button, message, note = last_words("einmaleins", 21, EINMALEINS_21, lang)
    for said in (button, message, note):
        assert words in said and "becomes" not in said and " wird " not in said, said


def test_without_what_the_cards_stand_for_the_words_stay_as_they_were() -> None:
    """The melds alone (no observation) cannot tell which card took the joker's place: the joker taken off, the
    naturals added."""
    before = [["Y5", "*", "Y7"]]
    after = [["Y5", "Y6", "Y7", "Y8"], ["Y3", "*", "Y5"]]
    assert place_words(before, after, "en") == "take * from Y5 * Y7 · lay out: Y3 * Y5 · add Y6 Y8 to Y5 Y7"
    assert place_words(before, after, "en", [["Y5", "Y6", "Y7"]]) == (
        "swap Y6 for the joker in Y5 * Y7 · lay out: Y3 * Y5 · add Y8 to Y5 Y6 Y7")
    # a natural that went too: the meld was changed, whatever its wilds stood for
    assert place_words([["Y5", "Y6", "*", "Y8"]], [["Y6", "Y7", "Y8", "Y9"], ["Y3", "Y4", "Y5"]], "en",
                       [["Y5", "Y6", "Y7", "Y8"]]).startswith("take Y5 * from Y5 Y6 * Y8 · lay out: Y3 Y4 Y5 · "
                                                               "add Y7 Y9 to Y6 Y8")
