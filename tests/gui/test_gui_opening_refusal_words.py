"""Headless: a board too light to open is refused in the table's language, head and reason.

Played under Xvfb (H7 V2, Rummy, 1024x600, German, game no. 777001): R6 R7 R8 laid on the board by keys read 'alle
Figuren gültig, aber: the opening needs 30 points from the player's own new melds (jokers count 0), these make 21'
(Rummy's words for what counts were unknown to engine_words); 1x1-Rommé's 'the opening needs …' came out as 'the
Herauskommen braucht …'."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table

from romme.rules import Rules
from romme_table.board_faults import board_note
from romme_table.controller import Controller, Seat
from romme_table.engine_words import engine_reason


def test_a_rummy_board_too_light_to_open_reads_in_german(surface):
    c = Controller(
        "rummy",
        [Seat("Du"), Seat("Bot 1", "bot", "greedy")],
        seed=777001,
        bot_delay=0.0,
        rules=Rules.make("rummy", "standard"),
        lang="de",
    )
    app, _ = open_table(c, surface)
    key(app, pygame.K_t, surface)
    editor = c.editor
    assert editor is not None
    for card in ("R6", "R7", "R8"):
        hand = editor.hand_left
        target = None if card == "R6" else len(editor.melds) - 1
        assert editor.move(("hand", hand.index(card), 0), target), card
    assert editor.melds[-1] == ["R6", "R7", "R8"]
    note = board_note(c)
    assert note.startswith("alle Figuren gültig, aber: Herauskommen braucht 30 Punkte"), note
    assert not any(word in note for word in ("opening", "points", "melds", "jokers", "these")), note


@pytest.mark.parametrize(
    "reason",
    [
        "the opening needs 51 points from new melds, these make 30",  # 1x1-Rommé (table_place.rs)
        "opening needs 31 points from new melds, these make 21",  # Rommé (romme/turn.rs)
        "the opening needs 30 points from the player's own new melds (jokers count 0), these make 19",  # Rummy
    ],
)
def test_every_opening_refusal_reads_in_german(reason):
    german = engine_reason(reason, "de")
    assert german.startswith("Herauskommen braucht "), german
    assert engine_reason(reason, "en") == reason
