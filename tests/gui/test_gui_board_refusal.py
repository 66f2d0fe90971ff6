"""Headless: a board with a meld that is none is refused naming the meld by its cards, in the table's language.

Seen in Räuber-Rommé in German: E on a board with 'Jd Jh Js Ac' read 'nicht erlaubt: Figur Jd Jh Js Ac: the cards
form neither a set (one rank, different suits) nor a run (one suit)', the reason left in English.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table, play_until

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.engine_words import engine_reason
from romme_table.i18n import cards_named


@pytest.mark.parametrize("game,preset", [("romme", "rauber"), ("rummy", "standard"), ("einmaleins", "standard")])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_invalid_board_meld_is_named_by_its_cards(surface, game, preset, lang):
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0,
                   rules=Rules.make(game, preset), lang=lang)
    assert play_until(c, lambda c: c.can_rearrange() and len(c.melds()) >= 2)
    app, _ = open_table(c, surface)
    key(app, pygame.K_t, surface)
    editor = c.editor
    assert editor is not None
    assert editor.move(("meld", 0, 0), None) and editor.move(("hand", 0, 0), 1)  # meld 2 gets a card it cannot take
    bad = editor.invalid()
    assert bad, editor.melds
    key(app, pygame.K_e, surface)
    assert c.editor is not None and c.message  # refused: editing goes on
    named = [cards_named(" ".join(editor.melds[k]), game, lang) for k in bad]  # (as the faces read: Bd in German)
    assert any(cards in c.message for cards in named), (c.message, named)
    if lang == "de":
        assert not any(word in c.message for word in (" the ", " cards ", " neither ", " valid ")), c.message


@pytest.mark.parametrize(
    "reason",
    [
        "meld 7h 8h 9c: the cards form neither a set (one rank, different suits) nor a run (one suit)",
        "meld 7h 9h Jh: the cards do not form a run (ranks must be consecutive)",
        "meld 7h 8h: a run holds at least 3 cards, got 2",
        "meld 7h 7h 7c: a set needs different suits; 7h twice",
        "meld * * 7h: no_double_joker: a meld may not hold one natural card and two jokers",
    ],
)
def test_the_engines_meld_reasons_read_in_german(reason):
    german = engine_reason(reason, "de")
    assert german.startswith("Figur " + reason.split(":")[0][5:] + ":") and "meld" not in german, german
    assert reason.split(": ", 1)[1] not in german  # the reason too
    assert engine_reason(reason, "en") == reason
