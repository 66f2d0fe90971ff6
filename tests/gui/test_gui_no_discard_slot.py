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


def test_the_pile_option_alone_keeps_the_pile_of_a_game_without_rauber() -> None:
    """'rauber_discard_pile' off (a house rule the screen offers on its own) takes the pile away only with Räuber on:
    a standard game with it off deals a discard pile and may draw from it, and the table drew no slot for it."""
    rules = Rules.make("romme", "standard", rauber_discard_pile=False)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5150, bot_delay=0.0, rules=rules)
    assert any(m.to_json().get("source") == "discard" for m in c.state.legal_moves())
    assert TableScene(c).has_discard_pile()
