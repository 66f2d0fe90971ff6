"""Headless: Rommé's knocking and the turn after a joker swap say what the player may do.

Played under Xvfb at 1280x800, four seats with the knocking house rule: after another seat's discard the buttons
read '1. knock' and '2. pass' under a status line 'You: your turn' (knock for what? with what consequence?), and
the log read 'Bot 2: pass, Bot 3: pass' after every discard. After swapping a joker out of a meld the status
line read 'You: your turn' too, while the buttons offered no discard (the joker taken must be laid again).
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_log_rows, key, open_table, play_until

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.i18n import cards_named, t
from romme_table.table_draw import status_text
from romme_table.turn_words import ROMME_STEPS


def knocking_table(lang: str) -> Controller:
    seats = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2, 3)]
    return Controller("romme", seats, seed=5, bot_delay=0.0, lang=lang, rules=Rules.make("romme", "klopfen"))


@pytest.mark.parametrize(
    "lang,status,knock,no_knock",
    [
        ("en", "knock (K) for the {card} just discarded", "knock for {card}", "no knock for {card}"),
        ("de", "um die abgeworfene {card} klopfen (K)", "um {card} klopfen", "nicht um {card} klopfen"),
    ],
)
def test_the_knock_question_names_the_card_and_the_keys(lang, status, knock, no_knock, surface, monkeypatch):
    c = knocking_table(lang)
    assert play_until(c, lambda c: c.state.phase == "knock")
    card = c.observation()["discard_top"]
    app, scene = open_table(c, surface)
    assert status.format(card=card) in c.status(), c.status()
    labels = sorted(c.label(m) for m in c.state.legal_moves())
    card = cards_named(card, "romme", lang)  # as the buttons and the log name it (a German Dame: D)
    assert labels == sorted([knock.format(card=card), no_knock.format(card=card)]), labels
    key(app, pygame.K_p, surface)  # P: no knock
    assert c.state.phase != "knock" or c.state.current_player != 0
    app.update(0.0)  # the table follows the move: its log's words
    rows = drawn_log_rows(app, surface, monkeypatch)
    assert f"You: {no_knock.format(card=card)}" in rows, "\n".join(rows)


def test_a_bots_pass_at_the_knock_question_reads_as_no_knock(surface, monkeypatch):
    c = knocking_table("en")
    assert play_until(c, lambda c: any(m.to_json()["kind"] == "pass" and m.player != 0 for m in c.state.history))
    app, scene = open_table(c, surface)
    rows = drawn_log_rows(app, surface, monkeypatch)
    passes = [r for r in rows if r.startswith("Bot") and "knock for" in r]
    assert passes and all(" no knock for " in r for r in passes), rows
    assert not any(r.endswith(": pass") for r in rows), rows


@pytest.mark.parametrize("lang,words", [("en", "lay out the joker you took"), ("de", "genommenen Joker auslegen")])
def test_after_a_joker_swap_the_status_says_to_lay_the_joker(lang, words):
    seats = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2, 3)]
    c = Controller("romme", seats, seed=5, bot_delay=0.0, lang=lang)

    def swap_played(c: Controller) -> bool:
        swaps = [m for m in c.state.legal_moves() if m.to_json()["kind"] == "swap"]
        if swaps and not c.observation().get("owed_jokers"):
            assert c.play(swaps[0])
        return bool(c.observation().get("owed_jokers"))

    assert play_until(c, swap_played)
    assert words in c.status(), c.status()
    assert not any(m.to_json()["kind"] == "discard" for m in c.state.legal_moves())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rommes_step_words_keep_19_pt_at_800x600(lang, surface):
    """The knock question and the owed joker's words are longer than the other turns': whole, in 19 pt or more."""
    c = knocking_table(lang)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (800, 600))
    width = scene.compute_layout().status.w
    for step in ROMME_STEPS.values():
        what = step[lang].format(card="10h", name="Bot 3")
        words = t("your_turn_to", lang, name=c.seats[0].name, what=what)
        shown, size = status_text(words, c.about(), lang, width)
        assert size >= 19 and shown.startswith(words), (size, shown)


@pytest.mark.parametrize(
    "source,words",
    [
        ("stock", "draw stock; the knocker gets {card} and a penalty card"),
        ("discard", "draw discard {card} before the knocker"),
    ],
)
def test_the_draw_after_a_knock_says_who_gets_the_card(source, words, surface, monkeypatch):
    """Seen under Xvfb: after 'You: knock for 8d' the log went on 'Bot 3: draw stock', and two cards came into the
    hand unexplained (the knocked-for card and the penalty card)."""
    c = knocking_table("en")
    assert play_until(c, lambda c: c.state.phase == "knock")
    card = c.observation()["discard_top"]
    assert c.play(next(m for m in c.state.legal_moves() if m.to_json()["kind"] == "knock"))
    while c.state.phase == "knock":  # the other seats asked after the player pass
        c.state.apply(next(m for m in c.state.legal_moves() if m.to_json()["kind"] == "pass"))
    draw = next(m for m in c.state.legal_moves() if m.to_json().get("source") == source)
    mover = c.seats[c.state.current_player].name
    hand = len(c.hand())
    c.state.apply(draw)
    assert len(c.hand()) == hand + (2 if source == "stock" else 0)
    app, scene = open_table(c, surface)
    app.update(0.0)
    rows = drawn_log_rows(app, surface, monkeypatch)
    assert f"{mover}: {words.format(card=card)}" in " ".join(r.strip() for r in rows), "\n".join(rows)


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", "{name} knocked: take the {card} yourself, or draw stock and {name} gets it"),
        ("de", "{name} hat geklopft: {card} selbst nehmen, oder vom Stapel ziehen, dann bekommt {name} sie"),
    ],
)
def test_the_draw_after_a_bots_knock_names_the_knocker_and_the_card(lang, words):
    """The player to draw after a bot knocked read 'draw from the stock or the discard pile', unaware that the
    stock gives the pile's top card to the knocker."""
    c = knocking_table(lang)
    assert play_until(c, lambda c: isinstance(c.observation().get("knocker"), int), level="random")
    knocker = c.seats[c.observation()["knocker"]].name
    assert knocker.startswith("Bot")
    assert words.format(name=knocker, card=c.observation()["discard_top"]) in c.status(), c.status()


def test_the_seats_passing_at_one_knock_question_share_a_log_line(surface, monkeypatch):
    """Seen under Xvfb with four seats: every discard was followed by two or three 'no knock for Ks' lines, ten of
    the log's 26 lines; the seats passing at one question now share one ('Bot 3, You: no knock for Ks')."""
    c = knocking_table("en")
    assert play_until(c, lambda c: sum(m.to_json()["kind"] == "pass" for m in c.state.history) >= 6)
    app, scene = open_table(c, surface)
    lines = scene.log_rows(2000)  # wide enough for one row a line
    passes = [line for line in lines if "no knock for" in line]
    assert passes and any(", " in line.split(": ")[0] for line in passes), lines
    for earlier, later in zip(lines, lines[1:]):
        if "no knock for" in earlier and "no knock for" in later:
            assert earlier.split(": ")[1] != later.split(": ")[1], (earlier, later)  # one line a question
    asked = sum(1 for k, m in enumerate(c.state.history) if m.to_json()["kind"] == "pass")
    named = sum(len(line.split(": ")[0].split(", ")) for line in passes)
    assert named == asked  # every seat that passed is named once
