"""Krass Kariert: the log says who won each trick, as played and in a game loaded again."""

from __future__ import annotations

import pytest

from romme.engine import new_game
from romme_table.controller import Controller, Seat
from romme_table.move_log import log_lines
from romme_table.replayed import replayed


def _played(lang: str) -> Controller:
    c = Controller("krass", [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")], seed=5)
    c.lang = lang
    while not c.state.is_over and len(c.state.history) < 60:
        if c.is_human_turn():
            assert c.play(c.state.legal_moves()[0])
        else:
            c.run_bots_until_human()
    return c


@pytest.mark.parametrize(("lang", "won"), [("en", ": trick won —"), ("de", ": Stich gewonnen —")])
def test_the_log_names_each_tricks_winner(lang, won):
    """Played under Xvfb: the log went from one trick's last play to the next lead with no word of who took the
    trick. A line after the closing move names the winner, the seat that leads next (within a deal)."""
    c = _played(lang)
    names = [s.name for s in c.seats]
    assert len(c.trick_wins) >= 5
    replay = new_game("krass", players=3, seed=5)
    for k, move in enumerate(c.state.history):  # each winner checked against the engine's own record of the trick
        before = replay.observation(0)
        replay.apply(move)
        after = replay.observation(0)
        closed = after["trick_no"] != before["trick_no"] and after["deal"] == before["deal"]
        assert (k in c.trick_wins) == closed, k
        if closed:
            assert c.trick_wins[k] == after["last_trick"]["winner"] == after["leader"]
    lines = log_lines("krass", c.state.history, names, lang, 10_000, c.played_notes, c.round_ends, c.unit, c.trick_wins)
    marked = [line for line in lines if line.endswith(won)]
    assert len(marked) == len(c.trick_wins)
    assert {line[2 : -len(won)] for line in marked} <= set(names)
    loaded = replayed(c.state, 0, lang, own=True)
    assert loaded.tricks == c.trick_wins  # a game loaded or resumed tells the same

