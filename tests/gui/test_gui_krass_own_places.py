"""Krass Kariert: the log tells the player's own reserve and drawn cards by the hand's cards beside their place."""

from __future__ import annotations

import pytest

from romme_table.controller import Controller, Seat
from romme_table.i18n import hand_place
from romme_table.move_log import log_lines
from romme_table.replayed import replayed


def _own_place_moves(c: Controller, wanted: int) -> list[tuple[int, str]]:
    """Plays the game, the person taking a reserve card or putting a drawn card in whenever they may: (move number,
    the place in words by the hand then) of each such move of theirs."""
    made: list[tuple[int, str]] = []
    while not c.state.is_over and len(made) < wanted:
        if not c.is_human_turn():
            c.run_bots_until_human()
            continue
        moves = c.state.legal_moves()
        placed = [m for m in moves if m.to_json().get("kind") in ("reserve", "insert")]
        move = placed[len(made) % len(placed)] if placed else moves[0]
        if placed:
            hand = c.hand()
            made.append((len(c.state.history), hand_place(hand, move.to_json()["position"], c.lang)))
        assert c.play(move)
    return made


@pytest.mark.parametrize("lang", ["en", "de"])
def test_own_reserve_and_drawn_cards_are_placed_by_their_neighbours(lang):
    """The log said 'take reserve card 10 as the 5th card from the left': a number the player counted out in the
    hand. Their own moves now say 'between 4 and 9' ('zwischen 4 und 9'), as the button did; the bots' hands stay
    hidden (their moves keep the public place), and a game loaded again tells it alike."""
    c = Controller("krass", [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")], seed=5)
    c.lang = lang
    made = _own_place_moves(c, 4)
    assert len(made) >= 2
    names = [s.name for s in c.seats]
    lines = log_lines("krass", c.state.history, names, lang, 10_000, c.played_notes)
    replay = replayed(c.state, 0, lang, own=True).notes
    for k, place in made:
        assert place and place in c.played_notes[k], (c.played_notes[k], place)
        assert replay[k] == c.played_notes[k]
        assert any(line == f"You: {c.played_notes[k]}" for line in lines)
    between = {"en": "between", "de": "zwischen"}[lang]
    others = [line for line in lines if not line.startswith("You:")]
    assert not any(between in line for line in others)  # the bots' hands are not told


def test_a_hot_seat_log_keeps_each_hand_hidden():
    """Two people at one screen read one log: neither's hand cards are named there."""
    c = Controller("krass", [Seat("Ann"), Seat("Ben"), Seat("Bot", "bot", "greedy")], seed=5)
    made = _own_place_moves(c, 3)
    assert made
    for k, place in made:
        assert place not in c.played_notes[k]
        assert "between" not in c.played_notes[k]
