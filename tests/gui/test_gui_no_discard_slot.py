"""Headless: Räuber-Rommé without a discard pile draws no discard slot (play-test V11, session 57).

Played under Xvfb (1366x768, game no. 5150): an empty outlined 'Discard' slot lay beside the stock in the variant
that has no discard pile."""

from __future__ import annotations

import pytest

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.table_scene import TableScene


@pytest.mark.parametrize(("preset", "pile"), [("rauber-no-discard", False), ("rauber", True), ("standard", True)])
def test_a_discard_slot_only_where_the_game_has_a_discard_pile(preset: str, pile: bool) -> None:
    c = Controller(
        "romme",
        [Seat("You"), Seat("Bot 1", "bot", "greedy")],
        seed=5150,
        bot_delay=0.0,
        rules=Rules.make("romme", preset),
    )
    assert TableScene(c).has_discard_pile() is pile
