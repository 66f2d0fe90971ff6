"""G at the table writes the move log and the seat boxes in the new language: their notes on moves (Krass
Kariert's '3 5 4 spielen (3er-Straße 5)', a Rommé lay-off's meld) were kept in the words of the moment they were
played, so after G to English the log and Bot 2's box still read '3 5 4 spielen (3er-Straße 5)' (R2, 640x420)."""

from __future__ import annotations

import pytest
from gui_driver import drawn_log_rows, open_table

from romme_table.controller import Controller, Seat
from romme_table.intents import Intent
from romme_table.seat_moves import last_turn_words

GERMAN = ("spielen", "Straße", "Reservekarte", "nehmen", "abwerfen", "anlegen", "auslegen", "ziehen")
ENGLISH = ("play", "straight", "reserve card", "take", "discard", "lay", "draw")


@pytest.mark.parametrize("game", ["krass", "romme"])
def test_language_switch_rewrites_the_log_notes(surface, monkeypatch, game):
    seats = [Seat("Du"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller(game, seats, seed=5, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface, (640, 420))
    for _ in range(400):  # the bots' turns watched frame by frame, the human's played as a bot would
        app.update(0.0)
        if c._future is not None:
            c._future.result()
        if len(c.state.history) >= 12 or c.state.is_over:
            break
        if c.is_human_turn():
            assert c.play(c.state.legal_moves()[0]), c.message
    app.update(0.0)
    assert any(scene.log_notes.values()), "no move with a note: the test reads nothing"
    german = " ".join(scene.log_notes.values())
    assert any(w in german for w in GERMAN), german
    scene.handle(Intent("language"))
    app.update(0.0)
    rows = " ".join(drawn_log_rows(app, surface, monkeypatch))
    boxes = " ".join(last_turn_words(scene, seat) for seat in (1, 2))
    notes = " ".join(scene.log_notes.values())
    for words in (notes, rows, boxes):
        assert not [w for w in GERMAN if w in words], words
        assert any(w in words for w in ENGLISH), words
