"""Headless: an opened Rommé seat's discard hint is read whole at 640x420, in English and German.

Played under Xvfb (the known leftover 'long hints are cut at 640x420'; Rommé Klopfen, three seats, game no. 0,
greedy bots, the 30th move, German): the line read 'Tipp: 3d abwerfen — keine Karte der Hand passt an den Tisch oder in
eine neue / Figur; 6c und 6d zählen mehr, sind aber in mehr Paaren und angefangenen Reihen …', its last words cut. The
German reasons are shorter now; the worst case (three cards named, tens) keeps to the message's two rows.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import open_table, open_window

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.hints import NOTHING_FITS
from romme_table.i18n import move_text
from romme_table.scenes import fitted_rows

SMALL = (640, 420)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def widest_reasons(lang: str) -> list[str]:
    """Each reason the discard hint gives after 'none', as wide as it gets: tens named, three cards kept."""
    words = NOTHING_FITS[lang]
    three = "10c, 10h und Kd" if lang == "de" else "10c, 10h and Kd"
    kept = [
        words["most"].format(card="10d", n=10),
        words["most_but_joker"].format(card="10d", n=10),
        words["kept_one"].format(cards="10c", card="10d"),
        words["kept_more"].format(cards=three, card="10d"),
        words["fewest"].format(card="10d"),
    ]
    return [f"{words['none']}; {k}" for k in kept]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_discard_reason_fits_the_small_windows_message(lang: str, surface: pygame.Surface) -> None:
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=0, bot_delay=0.0,
                   rules=Rules.make("romme", "klopfen"), lang=lang)
    _, scene = open_table(c, surface, SMALL)
    width = scene.compute_layout().message.w
    head = "Tipp: " if lang == "de" else "hint: "
    for why in widest_reasons(lang):
        message = f"{head}{move_text('discard 10d', lang)} — {why}"
        rows, _ = fitted_rows(message, width)
        assert len(rows) <= 2 and not rows[-1].endswith("…"), rows
