"""Königs-Rommé: going out is named with the melds it lays, in the button, the message line and the log."""

from __future__ import annotations

import pytest

from romme_table.controller import Controller, Seat
from romme_table.move_log import log_lines


@pytest.mark.parametrize(("lang", "lay"), [("en", ", lay "), ("de", " auslegen")])
def test_going_out_names_the_melds_it_lays(lang, lay):
    """'You: go out, discarding 3c' left the log without the melds, and they leave the table with the round: the
    player could not look up what was laid. Now the melds follow, as a last-turn discard's do."""
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=0)
    c.lang = lang
    c.run_bots_until_human()
    assert c.play(next(m for m in c.state.legal_moves() if str(m).startswith("draw")))
    out = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "out")
    label = c.label(out)
    assert lay in label and "Kh" in label, label
    assert all(tok in label.split() for tok in ("10d", "10t", "Jo")), label  # the hand's meld: 10d 10t and a joker
    assert c.play(out)
    lines = log_lines("koenigs", c.state.history, ["You", "Bot 1"], lang, 100, c.played_notes)
    assert any(line.startswith("You: ") and lay in line and "Kh" in line for line in lines), lines
