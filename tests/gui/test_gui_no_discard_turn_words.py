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
    # what the hand may lay is named by the moves listed (here a lay-off only, then a meld only: R2 found 'lay out,
    # lay off, or end the turn' offering what the hand could not do), and that the draw ends the turn ('lay out, or
    # draw from the stock' read as two steps of one turn); a joker swap listed is named too ('lay off' left it out)
    assert seen["end"] == {
        "en": "lay off or swap a joker, then end the turn (E)",
        "de": "anlegen oder einen Joker tauschen, dann den Zug beenden (E)",
    }[lang]
    assert seen["draw"] == {
        "en": "lay out, or draw a card to end the turn",
        "de": "auslegen, oder eine Karte ziehen und den Zug beenden",
    }[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_turn_with_nothing_left_to_lay_names_only_its_end(lang: str) -> None:
    """Game no. 5150 again: once the hand has laid what it can, E is the turn's one move, and the line offered
    'lay out, lay off, or end the turn (E)'."""
    c = _game_5150(lang)

    def only_end(c: Controller) -> bool:
        return c.is_human_turn() and {m.to_json().get("kind") for m in c.state.legal_moves()} == {"end"}

    assert play_until(c, only_end)
    assert c._turn_choices() == {"en": "end the turn (E)", "de": "den Zug beenden (E)"}[lang]


@pytest.mark.parametrize(
    ("kinds", "said"),
    [
        ({"meld", "layoff", "draw"}, "lay out or lay off, or draw a card to end the turn"),
        ({"layoff", "draw"}, "lay off, or draw a card to end the turn"),
        ({"place", "end"}, "lay out, then end the turn (E)"),
        ({"meld", "layoff", "swap", "end"}, "lay out, lay off or swap a joker, then end the turn (E)"),
        ({"swap", "end"}, "swap a joker, then end the turn (E)"),
        ({"layoff", "swap", "draw"}, "lay off or swap a joker, or draw a card to end the turn"),
    ],
)
def test_the_lays_named_are_those_the_moves_hold(kinds: set[str], said: str) -> None:
    from romme_table.turn_words import turn_words

    assert turn_words("romme", "play", [{"kind": k} for k in sorted(kinds)], "en") == said


@pytest.mark.parametrize(
    ("lang", "before", "after"),
    [
        ("en", "swap a joker, then end the turn (E)",
         "lay out the joker you took (meld or lay-off), then end the turn (E)"),
        ("de", "einen Joker tauschen, dann den Zug beenden (E)",
         "erst den genommenen Joker auslegen (Figur oder anlegen), dann den Zug beenden (E)"),
    ],
)
def test_a_turn_that_can_only_swap_a_joker_says_so_and_how_it_ends(lang: str, before: str, after: str) -> None:
    """Game no. 1, the human's turn where the one laying move is 'swap 9d for the joker in 7d 8d Jo' (seen under
    Xvfb, 1366x768): the line read 'lay out, then end the turn (E)', and after the swap 'lay out the joker you took
    (meld or lay-off), then discard' at a table without a discard pile."""
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0,
                   rules=Rules.make("romme", "rauber-no-discard"), lang=lang)

    def swap_only(c: Controller) -> bool:
        return c.is_human_turn() and {m.to_json().get("kind") for m in c.state.legal_moves()} == {"swap", "end"}

    assert play_until(c, swap_only)
    assert c._turn_choices() == before
    swap = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "swap")
    assert c.play(swap), c.message
    assert c.observation().get("owed_jokers") and c._turn_choices() == after
