"""Headless: the mouse resting on a fixed table button says in the message line what it does. Rommé at 1280x800
(Xvfb): 'Rearrange table (T)' stood beside the listed moves with nothing saying what it opens."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_texts, open_table, play_until, send

from romme_table.board_kind import BUTTON
from romme_table.button_help import BUTTON_HELP, button_help
from romme_table.controller import Controller, Seat
from romme_table.i18n import t


@pytest.mark.parametrize("lang", ["en", "de"])
def test_resting_on_a_fixed_button_says_what_it_does(lang, surface, monkeypatch):
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5, bot_delay=0.0, lang=lang)
    app, scene = open_table(c, surface, (1280, 800))
    assert play_until(c, lambda c: c.can_rearrange())
    app.draw(surface)
    lay = scene.compute_layout()
    labels = [label for label, _ in scene._buttons()]
    said = {}
    for rect, label in zip(lay.buttons, labels, strict=False):
        send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        said[label] = scene.tooltip
    for key in (BUTTON[c.board()], "hint", "undo", "save", "load", "new"):
        assert said[t(key, lang)] == BUTTON_HELP[key][lang], (key, said)
    listed = [label for label in labels if label[:2] in ("1.", "2.")]
    assert all(said[label] == "" for label in listed)  # a listed move says itself
    new = lay.buttons[labels.index(t("new", lang))]
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=new.center, rel=(0, 0), buttons=(0, 0, 0)))
    rows = [s for s, pos, _ in drawn_texts(app, surface, monkeypatch) if lay.message.collidepoint(pos)]
    assert " ".join(rows) == BUTTON_HELP["new"][lang], rows  # in the message line


def test_every_help_has_both_languages_and_a_label():
    for key, words in BUTTON_HELP.items():
        assert set(words) == {"en", "de"} and all(words.values()), key
        assert button_help(t(key, "de"), "de") == words["de"] and button_help(t(key, "en"), "en") == words["en"]
    assert button_help("1. draw stock", "en") == ""
