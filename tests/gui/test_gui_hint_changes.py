"""Headless: a whole-table hint names what changes on the table, not every meld of the new table (play-test T3).

Played under Xvfb (H6, Räuber-Rommé, 1024x600, German): 'Tipp: auslegen: Ac Ad Ah | 2c 2d 2s | … | 10h Bh Dh Jo=Kh
Ah' named twelve melds over two rows, of which three changed, and the player compared the line with the table to
find the move. It now reads as the log will ('lay out: … · add 4h to …'), the counts after it.
"""

from __future__ import annotations

import pytest
from gui_driver import play_until

from romme.rules import Rules
from romme.table import place_table
from romme.table_hint import best_place
from romme_table.controller import Controller, Seat
from romme_table.hints import hint


def many_melds_and_a_hint(c: Controller) -> bool:
    """The seat has drawn, the table holds five melds or more, and the hint leaves at least three of them as they
    lie."""
    if len(c.melds()) < 5 or "draw" in {m.to_json().get("kind") for m in c.state.legal_moves()}:
        return False
    found = best_place(c.state)
    laid = place_table(found.move) if found is not None else None
    return laid is not None and sum(1 for m in c.melds() if m in laid) >= 3


@pytest.mark.parametrize("game,rules", [("romme", "rauber"), ("einmaleins", "standard"), ("rummy", "standard")])
def test_the_hint_names_what_changes(game, rules):
    for seed in range(1, 12):
        c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, bot_delay=0.0,
                       rules=Rules.make(game, rules))
        if play_until(c, many_melds_and_a_hint, level="expert", limit=400):
            break
    else:
        raise AssertionError(f"no {game} table of five melds with a hint in the seeds tried")
    move, text = hint(game, c.state)
    laid = place_table(move)
    assert laid is not None
    kept = [m for m in c.melds() if m in laid]
    changed = [m for m in laid if m not in c.melds()]
    assert kept and changed
    for meld in kept:  # (a meld left as it lies is not named)
        assert " ".join(meld) not in text, (meld, text)
    assert " — lays " in text
