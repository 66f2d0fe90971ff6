"""Headless: the move log names the card a draw from the discard pile takes (every seat saw it on the pile).

Played at 1280x800 (Xvfb): the log read 'Bot 1: draw discard', the card already gone from the pile."""

from __future__ import annotations

import pytest

from romme_table.controller import Controller, Seat
from romme_table.i18n import cards_named
from romme_table.move_log import log_lines
from romme_table.replayed import replayed

WORDS = {"en": "draw discard {card}", "de": "{card} von der Ablage ziehen"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["romme", "koenigs", "einmaleins"])
def test_a_discard_draw_names_its_card_in_the_log(game, lang):
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=4, bot_delay=0.0)
    c.lang = lang
    for _ in range(60):  # turns of the human seat: draw the discard, then whatever the greedy helper would do
        c.run_bots_until_human()
        if c.state.is_over:
            break
        legal = c.state.legal_moves()
        take = next((m for m in legal if str(m) == "draw discard"), None)
        if take is not None:
            card = c.observation()["discard_top"]
            assert c.play(take)
            break
        assert c.play(legal[0])
    else:
        pytest.fail("no discard draw in 60 turns")
    expected = WORDS[lang].format(card=cards_named(card, game, lang))  # (a German Bube: B)
    moves = len(c.state.history)
    assert log_lines(game, c.state.history, ["You", "Bot 1"], lang, moves, c.played_notes)[-1] == f"You: {expected}"
    notes = replayed(c.state, 0, lang).notes  # a saved game's log, made again when it is loaded
    assert log_lines(game, c.state.history, ["You", "Bot 1"], lang, moves, notes)[-1] == f"You: {expected}"
