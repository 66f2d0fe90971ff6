"""Headless: the start screen remembers the rules preset and house rules of each game, and its seat-count rows
read as two different rows.

Seen under Xvfb: house rules set for Rommé were gone after a game of Königs-Rommé (picking another game reset them
to the standard rules, so the file kept them for one game only); the rows 'Seats: 4 (+)' and 'Seats: 4 (-)' read
like the same row twice.
"""

from __future__ import annotations

import json

import pytest
from gui_driver import start_app

from romme_table import settings_store
from romme_table.app import start_model
from romme_table.start_screen import StartModel, StartScene


def romme_with_house_rules() -> StartModel:
    model = StartModel()
    model.set_game("romme")
    model.choose_preset("klopfen")
    model.toggle_option("joker_declared")
    assert model.changed_options() == 1
    return model


def test_another_game_keeps_each_games_house_rules() -> None:
    model = romme_with_house_rules()
    model.set_game("koenigs")
    assert (model.preset, model.options) == ("standard", {})  # Königs-Rommé's own: none chosen yet
    model.choose_preset("keep-top")
    model.set_game("romme")
    assert (model.preset, model.options) == ("klopfen", {"joker_declared": True})
    model.set_game("koenigs")
    assert model.preset == "keep-top"


def test_the_house_rules_of_every_game_are_remembered_between_sessions(tmp_path) -> None:
    model = romme_with_house_rules()
    model.set_game("koenigs")  # the last game played
    assert settings_store.store(model.remember("en"), tmp_path) is None
    saved, refused = settings_store.read(tmp_path)
    assert refused is None  # a file the window wrote is read back whole
    again = start_model(None, None, "en", saved)
    assert again.game == "koenigs" and again.preset == "standard"
    again.set_game("romme")
    assert (again.preset, again.options) == ("klopfen", {"joker_declared": True})
    # 'romme gui --game romme' starts on them too
    assert start_model("romme", None, "en", saved).preset == "klopfen"


def test_remembered_house_rules_that_no_longer_hold_are_refused_alone(tmp_path) -> None:
    hostile = {
        "romme": {"preset": "klopfen", "options": {"joker_declared": True, "opening_points": "lots"}},
        "bogus": {"preset": "standard", "options": {}},
        "rummy": {"preset": "no-such-preset", "options": {}},
        "krass": [1, 2],
        "koenigs": {"preset": ["keep-top"], "options": None},  # unhashable: no TypeError
    }
    (tmp_path / settings_store.SETTINGS_FILE).write_text(json.dumps({"game": "koenigs", "house_rules": hostile}))
    saved, refused = settings_store.read(tmp_path)
    assert saved.house_rules == {"romme": ("klopfen", {"joker_declared": True})}
    assert refused is not None and "house_rules refused" in refused and "\n" not in refused


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_seat_count_rows_say_what_each_does(tmp_path, surface, lang: str) -> None:
    app = start_app(tmp_path, surface)
    app.lang = lang
    scene = app.top
    assert isinstance(scene, StartScene)
    scene.model.set_game("romme")
    labels = [label for label, _ in scene._items()]
    seats = next(i for i, label in enumerate(labels) if label.startswith("Seats:" if lang == "en" else "Plätze:"))
    add, remove = labels[seats], labels[seats + 1]
    assert str(len(scene.model.seats)) in add and not any(ch.isdigit() for ch in remove)
    assert ("add" in add and "seat" in remove) if lang == "en" else ("dazu" in add and "Platz" in remove)
