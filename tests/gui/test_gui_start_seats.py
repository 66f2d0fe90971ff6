"""Headless: the start screen's seats as found in play (session 45, H7 under Xvfb): hot-seat default names, each
game's seats kept when another game is picked (and between sessions), and the master level's row at full print."""

from __future__ import annotations

import json

import pygame
import pytest
from gui_driver import start_app

from romme_table import settings_store
from romme_table.controller import Seat
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene, start_layout


@pytest.fixture(autouse=True)
def pygame_up() -> None:
    """The display and the print up for each test: a window-loop test run before it on the same worker (pytest -n)
    ends with ``pygame.quit()``, and the master row's test failed with 'font not initialized'."""
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize(
    ("lang", "first", "second"), [("en", "Player 1", "Player 2"), ("de", "Spieler 1", "Spieler 2")]
)
def test_with_two_people_at_the_table_neither_is_called_you(lang, first, second):
    """The first seat kept 'You' when a second seat became a person: the curtain said 'You, your turn' and player 2
    saw the other called 'You'. With two people each is 'Player n'; with one again, the first is 'You'."""
    model = StartModel(game="rummy")
    model.localize(lang)
    while model.seats[1].is_bot:
        model.cycle_seat(1, lang)
    assert [s.name for s in model.seats] == [first, second]
    assert [s.name for s in model.controller(lang).seats] == [first, second]  # the table's names
    model.cycle_seat(1, lang)  # a computer again
    assert model.seats[0].name == ("You" if lang == "en" else "Du")


@pytest.mark.parametrize(("lang", "you"), [("en", "You"), ("de", "Du")])
def test_the_one_person_at_the_table_is_you_in_any_seat(lang, you):
    """Play-test S8: with 'Bot 1: computer' first and the only person second, the table said 'Player 2, your turn'
    and 'Scores: Bot 1 0 · Player 2 0'; in the first seat the same lone person is 'You'."""
    model = StartModel(game="romme")
    model.localize(lang)
    model.cycle_seat(0, lang)  # the first seat a computer ...
    while model.seats[1].is_bot:  # ... and the second the person
        model.cycle_seat(1, lang)
    assert [s.name for s in model.seats] == ["Bot 1", you]
    assert [s.name for s in model.controller(lang).seats] == ["Bot 1", you]
    model.add_seat()
    while model.seats[2].is_bot:  # a second person: both are 'Player n'
        model.cycle_seat(2, lang)
    player = "Player {n}" if lang == "en" else "Spieler {n}"
    assert [s.name for s in model.seats][1:] == [player.format(n=2), player.format(n=3)]


def test_a_typed_name_stays_at_a_hot_seat_table_and_the_names_follow_the_language():
    model = StartModel(game="koenigs")
    model.add_seat()
    model.rename(2, "Bea")
    while model.seats[2].is_bot:
        model.cycle_seat(2)
    assert [s.name for s in model.seats] == ["Player 1", "Bot 1", "Bea"]
    model.localize("de")
    assert [s.name for s in model.seats] == ["Spieler 1", "Bot 1", "Bea"]
    model.cycle_seat(2, "de")  # Bea a computer: one person at the table
    assert [s.name for s in model.seats] == ["Du", "Bot 1", "Bea"]
    model.rename(0, "Ann")
    model.cycle_seat(2, "en", -1)  # Bea a person again
    assert [s.name for s in model.seats] == ["Ann", "Bot 1", "Bea"]


def test_each_games_seats_come_back_after_another_game_was_picked(surface, tmp_path):
    """Master set for Königs-Rommé came back as Medium after a visit to the solitaire (one seat): each game keeps
    its seats, in the model and in the settings file of the next session."""
    app = start_app(tmp_path, surface, "en")
    model = app.top.model
    model.set_game("koenigs")
    model.add_seat()
    while model.seats[1].level != "master":
        model.cycle_seat(1)
    model.cycle_seat(2)  # Bot 2: Easy
    chosen = [(s.name, s.kind, s.level) for s in model.seats]
    model.set_game("koenigs-solo")
    assert len(model.seats) == 1
    model.set_game("rummy")
    while model.seats[1].level != "expert":
        model.cycle_seat(1)
    model.set_game("koenigs")
    assert [(s.name, s.kind, s.level) for s in model.seats] == chosen
    app.top.start()  # remembers the settings
    again = start_app(tmp_path, surface, "en").top.model
    assert [(s.name, s.kind, s.level) for s in again.seats] == chosen
    again.set_game("rummy")
    assert again.seats[1].level == "expert"


@pytest.mark.parametrize(
    "game_seats",
    [
        "junk",
        ["koenigs"],
        {"koenigs": "x"},
        {"koenigs": [{"name": "A", "kind": "human", "level": "greedy"}]},  # one seat: too few for the game
        {"koenigs": [{"name": 3, "kind": "bot", "level": "master"}] * 2},
        {"koenigs": [{"name": "A", "kind": "robot", "level": "master"}] * 2},
        {"koenigs": [{"name": "A", "kind": "bot", "level": "godlike"}] * 2},
        {"koenigs": [{"name": "A", "kind": "bot", "level": "master"}] * 40},
        {"no-such-game": [{"name": "A", "kind": "bot", "level": "master"}] * 2},
        {"koenigs": [None, [], 7]},
    ],
)
def test_a_corrupt_seats_per_game_entry_never_breaks_the_start(game_seats, surface, tmp_path):
    data = settings_store.Settings(game="rummy").to_json()
    data["game_seats"] = game_seats
    (tmp_path / settings_store.SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")
    settings, problem = settings_store.read(tmp_path)
    assert settings.game_seats == {} and problem is not None and "game_seats" in problem
    app = start_app(tmp_path, surface, "en")
    app.top.model.set_game("koenigs")
    assert [s.kind for s in app.top.model.seats] == ["human", "bot"]


def test_a_valid_seats_per_game_entry_is_read_back():
    seats = [{"name": "Ann", "kind": "human", "level": "greedy"}, {"name": "Bot 1", "kind": "bot", "level": "master"}]
    settings = settings_store.from_json({"game": "rummy", "game_seats": {"koenigs": seats, "rummy": "x"}})
    assert settings.game_seats == {"koenigs": [settings_store.SeatChoice(**s) for s in seats]}


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_master_seat_row_is_drawn_at_the_print_of_the_other_rows(size, lang, monkeypatch):
    """'Bot 1: computer, Master (thinks seconds a move)' was shrunk to fit its row at 1280x800 (H7 under Xvfb); the
    master's row is drawn at the print of the other seat rows, its label whole."""
    pygame.display.set_mode(size)
    surface = pygame.display.get_surface()
    app = SceneStack(size, lang)
    app.lang = lang
    model = StartModel(game="koenigs", seats=[Seat("You"), Seat("Bot 1", "bot", "master")])
    app.push(StartScene(model))
    drawn: list[tuple[str, int]] = []
    real = StartScene._draw_row

    def record(self: StartScene, surf: pygame.Surface, r: pygame.Rect, label: str, focused: bool, size: int) -> None:
        from romme_table.cards_draw import font

        sz = size
        while sz > 11 and font(sz).size(label)[0] > r.w - 16:
            sz -= 1
        drawn.append((label, sz))
        real(self, surf, r, label, focused, size)

    monkeypatch.setattr(StartScene, "_draw_row", record)
    app.draw(surface)
    lay = start_layout(*size, len(app.top._left_items()), len(app.top._right_items()))
    master = [(label, sz) for label, sz in drawn if "Bot 1:" in label]
    assert master and master[0][1] == lay.size, (master, lay.size)
    assert any(level in master[0][0] for level in ("Master", "Meister"))
