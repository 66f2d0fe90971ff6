"""Headless: 1x1-Rommé names the times-table rows of the card under the resting mouse, in the message line.

A run is consecutive multiples of one row, and nothing at the table told a newcomer which rows a card stands in
(only the hint found them): H7 played it under Xvfb and counted divisors in their head."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drawn_texts, open_table, open_window

from romme_table.controller import Controller, Seat
from romme_table.intents import Intent
from romme_table.times_rows import card_rows, rows_of

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SIZE)


def test_a_cards_rows_are_the_divisors_from_two():
    assert rows_of(12) == [2, 3, 4, 6, 12] and rows_of(7) == [7] and rows_of(1) == []
    assert card_rows("H12", "en") == "H12: in the 2, 3, 4, 6 and 12 times tables"
    assert card_rows("H12", "de") == "H12: in der 2er-, 3er-, 4er-, 6er- und 12er-Reihe"
    assert card_rows("Q7", "de") == "Q7: in der 7er-Reihe"
    assert "wild" in card_rows("D1", "en") and "Joker" in card_rows("W", "de")


def _message(app, surface, monkeypatch) -> str:
    """The message line's words as the window draws them once more (its one or two rows, joined)."""
    lay = app.top.compute_layout()
    rows = [s for s, pos, _ in drawn_texts(app, surface, monkeypatch) if lay.message.top - 40 <= pos[1] < lay.status.y]
    return " ".join(rows)


def open_in(lang: str, surface):
    """A 1x1-Rommé table (seed 1) in ``lang``, drawn once."""
    c = Controller("einmaleins", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)
    c.lang = lang
    app, scene = open_table(c, surface, SIZE)
    app.lang = lang
    app.update(0.0)
    app.draw(surface)
    return c, app, scene


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hovered_card_names_its_rows_in_the_message_line(surface, lang, monkeypatch):
    c, app, scene = open_in(lang, surface)
    lay = scene.compute_layout()
    k = next(i for i, tok in enumerate(scene.hand()) if tok[1:] == "40")  # D40 of this deal
    app.handle(Intent("hover", pos=(lay.hand[k].x + 5, lay.hand[k].centery)))
    words = card_rows(scene.hand()[k], lang)
    assert "10" in words and words in _message(app, surface, monkeypatch)
    c.message = "not now"  # a message (a refused drop's reason) stays beside the rows
    assert "not now" in _message(app, surface, monkeypatch) and words in _message(app, surface, monkeypatch)
    c.melds = lambda: [["H3", "H6", "H9"]]  # type: ignore[method-assign]
    scene.layout = None
    app.draw(surface)
    meld = scene.compute_layout().melds[0][1]
    app.handle(Intent("hover", pos=meld.center))
    assert card_rows("H6", lang) in _message(app, surface, monkeypatch)  # a table card too


@pytest.mark.parametrize("lang", ["en", "de"])
def test_news_after_the_mouse_came_to_rest_comes_before_the_cards_rows(surface, lang, monkeypatch):
    """Play-test S3: with the mouse resting on a card, 'H60: in der 2er-, … 60er-Reihe — geladen: …' and 'W: the wish
    card, wild in any meld — Bot 1: discard H27' put the card's rows before what had just happened. News that came
    after the mouse moved is first now, the rows after it; a mouse moved again puts the rows first again."""
    c, app, scene = open_in(lang, surface)
    lay = scene.compute_layout()
    at = (lay.hand[0].x + 5, lay.hand[0].centery)
    app.handle(Intent("hover", pos=at))
    words = card_rows(scene.hand()[0], lang)
    c.message = "Bot 1: discard H27"  # a bot's move, the mouse still
    line = _message(app, surface, monkeypatch)
    assert line.startswith("Bot 1: discard H27") and words[:3] in line, line
    app.handle(Intent("hover", pos=at))  # the mouse moved (onto the card again): its rows first
    assert _message(app, surface, monkeypatch).startswith(words[:3])


def test_other_games_name_no_rows(surface, monkeypatch):
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)
    app, scene = open_table(c, surface, SIZE)
    app.update(0.0)
    app.draw(surface)
    r = scene.compute_layout().hand[2]
    app.handle(Intent("hover", pos=(r.x + 5, r.centery)))
    assert "times table" not in _message(app, surface, monkeypatch)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_card_under_the_keys_cursor_names_its_rows(surface, lang, monkeypatch):
    """A keyboard player never saw the rows (the mouse had to rest on a card): the card the cursor keys moved to names
    them, in the hand and on the board (T); the mouse moved again, its card's rows again."""
    from gui_driver import key, play_until

    c = Controller("einmaleins", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0, lang=lang)
    assert play_until(c, lambda c: c.can_rearrange() and len(c.melds()) >= 2)
    app, scene = open_table(c, surface, SIZE)
    key(app, pygame.K_RIGHT, surface)
    assert card_rows(scene.hand()[1], lang) in _message(app, surface, monkeypatch)
    key(app, pygame.K_t, surface)
    key(app, pygame.K_TAB, surface)  # the board's cursor on the first meld's first card
    card = c.editor.melds[0][0] if c.editor else ""
    assert card_rows(card, lang) and card_rows(card, lang) in _message(app, surface, monkeypatch)
    lay = scene.compute_layout()
    app.handle(Intent("hover", pos=(lay.hand[0].x + 5, lay.hand[0].centery)))
    assert card_rows(scene.hand()[0], lang) in _message(app, surface, monkeypatch)
