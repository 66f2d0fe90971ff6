"""The Königs solitaire has no opponent, so it has no Easy (an opponent's level; every other game has one of its own):
its seat, which a bot may play for the player to watch, cycles through Random, Medium, Hard and Master. Before, the
solitaire's seat offered Easy, which there was the uniform random bot under another name. A seat set to Easy in
another game and taken to the solitaire (or a save's) plays and reads the next stronger level, Medium."""

from __future__ import annotations

import pytest

from romme.bots import levels_of, make_bot, nearest_level
from romme.errors import RulesError
from romme_table.controller import Controller, Seat
from romme_table.start_help import help_text
from romme_table.start_screen import StartModel


def test_the_solitaire_has_no_easy_level() -> None:
    assert levels_of("koenigs-solo") == ("random", "greedy", "expert", "master")
    assert all("easy" in levels_of(g) for g in ("koenigs", "romme", "einmaleins", "rummy", "krass"))
    with pytest.raises(RulesError, match="levels: random, greedy, expert, master"):
        make_bot("koenigs-solo", "easy", 1)
    assert nearest_level("koenigs-solo", "easy") == "greedy"
    assert nearest_level("romme", "easy") == "easy" and nearest_level("romme", "nonsense") == "nonsense"


def test_the_solitaires_seat_cycles_through_its_own_levels() -> None:
    model = StartModel()
    model.set_game("koenigs-solo")
    seen = []
    for _ in range(6):
        model.cycle_seat(0)
        seen.append(model.seats[0].level if model.seats[0].is_bot else "human")
    assert seen == ["random", "greedy", "expert", "master", "human", "random"]
    assert "Easy" not in help_text("seat", "en", game_id="koenigs-solo")
    assert "Easy" in help_text("seat", "en", game_id="koenigs")


def test_an_easy_seat_taken_to_the_solitaire_plays_medium() -> None:
    model = StartModel()
    model.seats[0] = Seat("Bot 1", "bot", "easy")
    model.set_game("koenigs-solo")
    assert model.seats[0].level == "greedy"
    model.set_game("romme")
    assert model.seats[0].level == "greedy"  # (what the seat plays now; Rommé has it)
    c = Controller("koenigs-solo", [Seat("You", "bot", "easy")], seed=1, bot_delay=0.0)  # a resumed save's seat
    assert c.seats[0].level == "greedy" and c.bots[0].level == "greedy"
