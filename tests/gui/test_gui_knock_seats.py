"""Headless: a Rommé rule set with knocking chosen for fewer seats than can knock says so, on the start screen's rules
row and in the table's status line.

Play-test H6 Q7 (Rommé, 'knocking', 2 seats, 1024x600, English): the start screen offered 'Rules: knocking' with two
seats and said nothing more, and in the game nothing ever knocked (RULES.md §2: with two players nobody can knock).
"""

from __future__ import annotations

import pytest
from gui_driver import start_app

from romme.games.romme import KNOCK_LEAST_PLAYERS
from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.i18n import t


def _seats(n: int) -> list[Seat]:
    return [Seat("You")] + [Seat(f"Bot {k}", "bot", "greedy") for k in range(1, n)]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("seats", [2, 3])
def test_the_rules_row_and_the_status_line_say_knocking_needs_more_seats(surface, tmp_path, lang, seats) -> None:
    note = t("knock_needs", lang, n=KNOCK_LEAST_PLAYERS)
    app = start_app(tmp_path, surface, lang)
    model = app.top.model
    model.set_game("romme")
    model.preset = "klopfen"
    model.seats = _seats(seats)
    labels = [label for label, _ in app.top._items()]
    shown = seats < KNOCK_LEAST_PLAYERS
    assert any(label.endswith(note) for label in labels) == shown, labels
    c = Controller("romme", _seats(seats), seed=4, bot_delay=0.0, rules=Rules.make("romme", "klopfen"), lang=lang,
                   preset="klopfen")
    assert (note in c.about()) == shown, c.about()


def test_no_note_without_knocking(surface, tmp_path) -> None:
    app = start_app(tmp_path, surface)
    app.top.model.set_game("romme")
    app.top.model.seats = _seats(2)
    note = t("knock_needs", "en", n=KNOCK_LEAST_PLAYERS)
    assert not any(note in label for label, _ in app.top._items())
    c = Controller("romme", _seats(2), seed=4, bot_delay=0.0)
    assert note not in c.about()
