"""Computer seats are counted among the computers (play-test P5): with seats human, human, computer the only bot
was 'Bot 2' (bots numbered by seat, people by count) on the start screen, in the seat boxes, the log and the score
sheet, and there was no Bot 1. 'Bot 1' is the first computer seat; a typed name stays; a save keeps its names."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import click, start_app

from romme import save
from romme.engine import new_game
from romme_table import autosave
from romme_table.controller import Seat
from romme_table.i18n import bot_names
from romme_table.start_screen import StartModel, StartScene
from romme_table.table_scene import TableScene

PEOPLE = {"en": ("You", "Player"), "de": ("Du", "Spieler")}


def labels(app) -> list[str]:
    scene = app.top
    assert isinstance(scene, StartScene)
    return [label.strip() for label, _ in scene._items()]


def click_row(app, starts: str, surface: pygame.Surface) -> None:
    """A click on the start screen row whose label starts with ``starts``."""
    hits = [i for i, label in enumerate(labels(app)) if label.startswith(starts)]
    assert hits, (starts, labels(app))
    click(app, app.top.hot[hits[0]][0].center, surface)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_two_people_and_a_computer_play_bot_1(surface, tmp_path, lang):
    app = start_app(tmp_path, surface, lang)
    model = app.top.model
    model.set_game("rummy")
    app.draw(surface)
    while model.seats[1].is_bot:  # the second seat a person: Medium, Hard, ... human
        click_row(app, "Bot 1", surface)
    click_row(app, "Seats: 2" if lang == "en" else "Plätze: 2", surface)  # a third seat: a computer
    player = PEOPLE[lang][1]
    assert [s.name for s in model.seats] == [f"{player} 1", f"{player} 2", "Bot 1"]
    shown = labels(app)
    assert any(label.startswith("Bot 1:") for label in shown) and not any("Bot 2" in label for label in shown), shown
    app.top.start()
    table = next(s for s in app.stack if isinstance(s, TableScene))
    assert [s.name for s in table.c.seats] == [f"{player} 1", f"{player} 2", "Bot 1"]  # seat boxes, log, sheet


def to_person(model: StartModel, i: int) -> None:
    while model.seats[i].is_bot:  # Medium, Hard, ... human
        model.cycle_seat(i, "en")


def test_bots_are_counted_whatever_seats_come_before_them():
    kinds = ["human", "bot", "human", "bot", "bot"]
    assert bot_names(kinds, ["You", "Bot 1", "Player 3", "Bot 3", "Ann"]) == [
        "You", "Bot 1", "Player 3", "Bot 2", "Ann"  # a typed name stays
    ]
    model = StartModel(game="koenigs")
    for _ in range(4):
        model.add_seat()
    assert [s.name for s in model.seats] == ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
    to_person(model, 2)  # Bot 2 a person: the bots after it move up
    assert [s.name for s in model.seats] == ["Player 1", "Bot 1", "Player 3", "Bot 2", "Bot 3", "Bot 4"]
    model.cycle_seat(0)  # the first seat a computer: the first bot
    assert [s.name for s in model.seats][:2] == ["Bot 1", "Bot 2"]
    model.remove_seat()
    to_person(model, 1)
    assert [s.name for s in model.seats] == ["Bot 1", "Player 2", "Player 3", "Bot 2", "Bot 3"]


def test_old_settings_are_renumbered_but_a_save_keeps_its_names(tmp_path):
    """Seats remembered from before (a lone bot called 'Bot 2') read as counted on the start screen; a saved game
    resumes with the names it was played with (the save format is unchanged)."""
    model = StartModel(game="rummy", seats=[Seat("Player 1"), Seat("Player 2"), Seat("Bot 2", "bot", "greedy")])
    model.set_game("rummy")
    assert [s.name for s in model.seats] == ["Player 1", "Player 2", "Bot 1"]
    state = new_game("rummy", players=3, seed=3)
    path = save.save(state, tmp_path / "old.json", seats=[
        {"name": "Player 1", "kind": "human", "level": "greedy"},
        {"name": "Player 2", "kind": "human", "level": "greedy"},
        {"name": "Bot 2", "kind": "bot", "level": "greedy"},
    ])
    resumed, why = autosave.resume(path, model, "en")
    assert resumed is not None, why
    assert [s.name for s in resumed.seats] == ["Player 1", "Player 2", "Bot 2"]
