"""Headless: the smallest window (640x420) keeps the game number on the status line; a long rules name is cut.

Seen at 640x420, Räuber-Rommé 'Räuber: Tischkarten auf die Hand', German: the status line read 'Du bist dran: vom
Stapel oder der Ablage ziehen  —  Rommé · Räuber: Tischkarten auf die Hand', the game number (what replays the
deal) gone while the rules' name stood whole. It reads '… Rommé · Räuber: Tischkart… · Spiel Nr. 512603' now.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import open_table, open_window

from romme.rules import PRESETS
from romme_table import turn_words
from romme_table.controller import Controller, Seat
from romme_table.i18n import t
from romme_table.scenes import fitted
from romme_table.table_draw import STATUS_LEAST, about_shortened, status_line, status_text

TINY = (640, 420)
SEED = 512603


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(TINY)


def test_raeuber_to_hand_keeps_its_number_at_640x420(surface):
    """The finding itself: the number stays, the rules' name is cut with an ellipsis, the game's name kept."""
    seats = [Seat("Du"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("romme", seats, seed=SEED, bot_delay=0.0, lang="de", rules="rauber-to-hand", preset="rauber-to-hand")
    c.run_bots_until_human()
    app, scene = open_table(c, surface, TINY)
    shown, size = status_text(c.status(), c.about(), "de", scene.compute_layout().status.w)
    assert shown.startswith(c.status()) and size >= STATUS_LEAST, (size, shown)
    assert shown.endswith("Rommé · Räuber: Tischkart… · Spiel Nr. 512603"), shown


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", sorted(PRESETS))
def test_every_status_line_keeps_the_game_number_where_it_fits_at_640x420(surface, game, lang):
    """Every preset of every game, every turn's words: the line keeps 19 pt and the turn's words; the game number
    is on it wherever the words and the number fit beside each other, and the rules' name, whole or cut with an
    ellipsis, is its start."""
    seats = [Seat("Du" if lang == "de" else "You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2)]
    for preset in PRESETS[game]:
        players = seats[:1] if game == "koenigs-solo" else seats
        c = Controller(game, players, seed=SEED, bot_delay=0.0, lang=lang, rules=preset, preset=preset)
        c.run_bots_until_human()
        app, scene = open_table(c, surface, TINY)
        width = scene.compute_layout().status.w
        about = c.about()
        number = about.split(" · ")[-1]
        bare = " · ".join(about_shortened(about, lang)[1].split(" · ")[1:-1])  # the rules without 'rules:'
        turns = [c.status(), c.status(sheet_open=True)]
        turns += [t("your_turn_to", lang, name=seats[0].name, what=t(f"turn_{w}", lang)) for w in turn_words.CHOICES]
        for words in turns:
            shown, size = status_text(words, about, lang, width)
            assert size >= STATUS_LEAST and shown.startswith(words), (size, shown)
            assert fitted(shown, width, size, size)[0] == shown, (size, shown)  # not cut at its end
            if fitted(status_line(words, number), width, STATUS_LEAST, STATUS_LEAST)[0] != status_line(words, number):
                continue  # the turn's words leave no room for the number
            assert shown.endswith(f" · {number}") or shown.endswith(f"—  {number}"), shown
            tail = shown[len(words) :].removeprefix("  —  ").split(" · ")
            if len(tail) > 1 and tail[-2].endswith("…"):  # the rules' name cut: the start of its own words
                assert bare.startswith(tail[-2][:-1]), (bare, shown)


@pytest.mark.parametrize("about", ["Krass Kariert · game no. 3", "Rommé", ""])
def test_an_about_without_a_rules_part_is_shown_or_left_out_whole(surface, about):
    """An about of the game and its number only has no rules' name to cut (rules_cut read its number from an empty
    list: IndexError at the draw); the line keeps it whole where it fits, else the turn's words alone."""
    words = "Your turn: draw from the stock or the discard pile"
    assert status_text(words, about, "en", 2000)[0] == (status_line(words, about) if about else words)
    shown, _ = status_text(words, about, "en", 300)  # too narrow for both: the words, shrunk or cut, alone
    assert shown.startswith("Your turn") and (not about or about not in shown), shown
