"""Headless: Krass Kariert's log says who paid a chip at a deal's end and why; the table marks every play of the
last trick as the last trick's.

Played at 1280x800: the log read '— deal 1 over —' and no more, and 'last trick:' stood over the first play of
the closed trick only, the others read as plays of the trick in hand."""

from __future__ import annotations

import pytest
from gui_driver import open_table, play_until

from romme_table.controller import Controller, Seat
from romme_table.krass_deals import deal_over_lines

SEATS = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
OVER = {"en": "— deal 1 over: Bot 1 −1 chip (the last with cards) —",
        "de": "— Durchgang 1 vorbei: Bot 1 −1 Chip (zuletzt noch Karten auf der Hand) —"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_log_names_who_paid_a_chip_and_why(lang, surface):
    c = Controller("krass", SEATS, seed=5, bot_delay=0.0)
    c.lang = lang
    app, scene = open_table(c, surface)
    assert play_until(c, lambda c: bool(c.round_ends))
    app.update(0.0)
    rows = scene.log_rows(2000)  # one row a line
    assert OVER[lang] in rows, rows
    assert c.observation()["deal_log"][0]["losers"] == [{"seat": 1, "lost_game": False}]  # what the line says


def test_every_reason_and_a_lost_game_in_words():
    obs = {"deal_log": [
        {"deal": 1, "reason": "could neither beat nor take a reserve card",
         "losers": [{"seat": 0, "lost_game": False}]},
        {"deal": 2, "reason": "emptied the hand in the last trick together with everyone, but did not win it",
         "losers": [{"seat": 1, "lost_game": False}, {"seat": 2, "lost_game": True}]},
    ]}
    assert deal_over_lines(obs, ["Du", "Bot 1", "Bot 2"], "de") == [
        "— Durchgang 1 vorbei: Du −1 Chip (konnte weder schlagen noch eine Reservekarte nehmen) —",
        "— Durchgang 2 vorbei: Bot 1 −1 Chip, Bot 2: Spiel verloren (kein Chip mehr) "
        "(mit allen anderen blank, den letzten Stich nicht gewonnen) —",
    ]
    assert deal_over_lines(obs, ["You", "Bot 1", "Bot 2"], "en")[1] == (
        "— deal 2 over: Bot 1 −1 chip, Bot 2 loses the game (no chip left) "
        "(out of cards with the others, the last trick not won) —"
    )
    assert deal_over_lines({}, ["You"], "en") == []


@pytest.mark.parametrize(("lang", "mark"), [("en", "last trick:"), ("de", "letzter Stich:")])
def test_every_play_of_the_closed_trick_is_marked(lang, mark):
    c = Controller("krass", SEATS, seed=5, bot_delay=0.0)
    c.lang = lang

    def closed(c: Controller) -> bool:
        obs = c.observation()
        last = obs.get("last_trick") or {}
        plays = [e for e in last.get("entries") or [] if e.get("action") == "play"]
        return not [p for p in obs["trick"] if p["action"] == "play"] and len(plays) >= 2

    assert play_until(c, closed)
    labels = c.meld_labels()
    assert len(labels) >= 2 and all(label.startswith(mark + "\n") for label in labels), labels


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_deal_sheet_says_why_the_chip_was_paid(lang, surface):
    """At 640x420 (the smallest window, played under Xvfb) the table has no room for the log, and the deal's sheet
    said 'Scores after this deal: Bot 2 −1 chip' without the reason the log gives."""
    from romme_table.dialogs import ScoreScene

    c = Controller("krass", SEATS, seed=5, bot_delay=0.0)
    c.lang = lang
    app, scene = open_table(c, surface, (640, 420))
    assert play_until(c, lambda c: bool(c.round_ends))
    app.update(0.0)
    sheet = app.top
    assert isinstance(sheet, ScoreScene)
    why = OVER[lang].split(": ", 1)[1].removesuffix(" —")  # 'Bot 1 −1 chip (the last with cards)'
    assert sheet._title().endswith(f": {why}"), sheet._title()
