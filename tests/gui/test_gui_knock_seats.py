"""Headless: a Rommé rule set with knocking chosen for fewer seats than can knock says so, on the start screen's rules
row and in the table's status line.

Play-test H6 Q7 (Rommé, 'knocking', 2 seats, 1024x600, English): the start screen offered 'Rules: knocking' with two
seats and said nothing more, and in the game nothing ever knocked (RULES.md §2: with two players nobody can knock).
"""

from __future__ import annotations

import pytest
from gui_driver import drawn_start_rows, start_app

from romme.games.romme import KNOCK_LEAST_PLAYERS
from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.i18n import t


def _seats(n: int) -> list[Seat]:
    return [Seat("You")] + [Seat(f"Bot {k}", "bot", "greedy") for k in range(1, n)]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("seats", [2, 3])
def test_the_rules_row_and_the_status_line_say_knocking_needs_more_seats(surface, tmp_path, lang, seats) -> None:
    note = t("knock_needs_named", lang, n=KNOCK_LEAST_PLAYERS)  # beside the preset named for knocking
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


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_note_keeps_the_rules_row_in_its_print_at_the_least_window(monkeypatch, lang) -> None:
    """640x420: 'Rules: knocking (knocking needs 3+ seats)' (German 'Regeln: Klopfen (Klopfen erst ab 3 Plätzen)')
    was too long for the row, which printed it smaller than the rows beside it; beside the preset named for
    knocking the note is ' (needs 3+ seats)'. Knocking set by hand on another preset still names it."""
    import pygame

    from romme_table.cards_draw import font
    from romme_table.scenes import SceneStack
    from romme_table.start_screen import StartModel, StartScene

    pygame.display.init()
    pygame.font.init()
    model = StartModel()
    model.set_game("romme")
    model.seats = _seats(2)
    model.choose_preset("klopfen")
    app = SceneStack((640, 420), lang)
    app.push(StartScene(model))
    drawn = drawn_start_rows(app, pygame.Surface((640, 420)), monkeypatch)
    note = t("knock_needs_named", lang, n=3)
    label, rect, size = next((label, rect, size) for label, rect, size in drawn if label.endswith(note))
    assert size == max(size for _, _, size in drawn), drawn  # the print of the largest row
    assert font(size).size(label)[0] <= rect.w - 16, (label, rect, size)  # drawn whole, not shrunk back
    model.choose_preset("standard")
    model.options["knocking"] = True
    assert any(t("knock_needs", lang, n=3) in label for label, _ in app.top._items())
