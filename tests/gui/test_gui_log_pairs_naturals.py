"""Headless: the core pairs an old meld with a new one by the naturals they share, not the jokers.

Rummy game no. 4, expert bots (seeds 40 and 41), the third move: 'B12 * Y12' is taken apart (B12 into the run
'B8 B9 … B12', the joker into 'Y10 * Y12'), but the core paired it with 'Y10 * Y12', which shares its Y12 and a
joker, and the log said 'B12 * Y12 becomes Y10 * Y12'. A joker is like every other joker: it tells a player
nothing of where a meld went. The log, the table's 'new' marks and the hint's count read one pairing."""

from __future__ import annotations

import pytest

from romme import _core
from romme.games.tablemoves import goes_on_from, meld_from_view, wild_codes
from romme.table import place_table
from romme_table.controller import Controller, Seat

#: Rummy game no. 4 as the expert bots played it (seeds 40 and 41), to the move the log told wrong
MOVES = [
    "place B2 G2 Y2 | G9 G10 G11 | B12 *=R12 Y12",
    "place B2 G2 Y2 | G9 G10 G11 | B12 *=R12 Y12 | B1 R1 G1 | B3 B4 B5 | B9 B10 *=B11 | B13 R13 Y13",
    "place B1 R1 G1 | B2 G2 Y2 | B3 B4 B5 | Y4 Y5 *=Y6 | G9 G10 G11 | B8 B9 B10 B11 B12 | Y10 *=Y11 Y12"
    " | B13 R13 G13 Y13",
]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        # ('B9 B10 *=B11' going on as 'B8 B9 … B12' is the joker's swap and a lay-off: it read 'B9 B10 Jo becomes
        # B8 B9 … B12' until the log read what the joker stood for, H8 session 59)
        ("en", "take apart B12 Jo Y12 · swap B11 for the joker in B9 B10 Jo · lay out: Y4 Y5 Jo | Y10 Jo Y12"
               " · add B8 B12 to B9 B10 B11 · add G13 to B13 R13 Y13"),
        ("de", "B12 Jo Y12 auflösen · B11 gegen den Joker in B9 B10 Jo tauschen · auslegen: Y4 Y5 Jo | Y10 Jo Y12"
               " · B8 B12 an B9 B10 B11 anlegen · G13 an B13 R13 Y13 anlegen"),
    ],
)
def test_a_meld_sharing_one_natural_and_a_joker_is_taken_apart(lang: str, words: str) -> None:
    c = Controller("rummy", [Seat("Anna"), Seat("Ben")], seed=4, bot_delay=0.0, lang=lang)
    for move in MOVES[:-1]:
        assert c.play(move), c.message
    before, view = c.melds(), c.observation()["table"]
    move = c.state.parse_move(MOVES[-1])
    assert c.play(move), c.message
    assert c.message == f"Anna: {words}"
    after = place_table(move)
    assert after is not None
    source = goes_on_from(before, after)
    assert source[after.index(["Y10", "*", "Y12"])] is None
    assert before.index(["B12", "*", "Y12"]) not in source
    # the hint's count reads the same pairing from the game's own codes
    change = _core.table_change([meld_from_view("rummy", m) for m in view], move.table, wild_codes("rummy"))
    assert change.goes_on_from == source
    assert change.changed_meld == 4  # 'B12 * Y12' taken apart, and the joker of 'B9 B10 *' went on
