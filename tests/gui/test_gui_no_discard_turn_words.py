"""Headless: Räuber-Rommé without a discard pile says what the turn holds (play-test V10, session 57).

Played under Xvfb (1366x768, game no. 5150): after laying melds the status read only 'Your turn', the turn's
steps being told by a discard among the moves, and this variant has none: its turn ends with E (or a stock draw).
"""

from __future__ import annotations

import pytest
from gui_driver import play_until

from romme.rules import Rules
from romme_table.controller import Controller, Seat


def _game_5150(lang: str) -> Controller:
    """Game no. 5150 of Räuber-Rommé without a discard pile, a human against a greedy bot."""
    return Controller(
        "romme",
        [Seat("You"), Seat("Bot 1", "bot", "greedy")],
        seed=5150,
        bot_delay=0.0,
        rules=Rules.make("romme", "rauber-no-discard"),
        lang=lang,
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_turn_without_a_discard_pile_names_its_steps(lang: str) -> None:
    c = _game_5150(lang)
    seen: dict[str, str] = {}

    def steps(c: Controller) -> bool:  # a human turn whose moves hold an end or a draw among lays
        if c.is_human_turn():
            kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
            if len(kinds) > 1:
                seen["end" if "end" in kinds else "draw" if "draw" in kinds else "other"] = c._turn_choices()
        return "end" in seen and "draw" in seen

    assert play_until(c, steps), seen
    assert (
        seen["end"]
        == {"en": "lay out, lay off, or end the turn (E)", "de": "auslegen, anlegen oder den Zug beenden (E)"}[lang]
    ), seen
    assert seen["draw"] == {"en": "lay out, or draw from the stock", "de": "auslegen oder vom Stapel ziehen"}[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_turn_with_nothing_left_to_lay_names_only_its_end(lang: str) -> None:
    """Game no. 5150 again: once the hand has laid what it can, E is the turn's one move, and the line offered
    'lay out, lay off, or end the turn (E)'."""
    c = _game_5150(lang)

    def only_end(c: Controller) -> bool:
        return c.is_human_turn() and {m.to_json().get("kind") for m in c.state.legal_moves()} == {"end"}

    assert play_until(c, only_end)
    assert c._turn_choices() == {"en": "end the turn (E)", "de": "den Zug beenden (E)"}[lang]
