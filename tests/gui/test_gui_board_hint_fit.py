"""Headless: the board's hint line keeps its counts in a small window.

Played under Xvfb (Räuber-Rommé, 640x420, German, game no. 5): H laid the hint out on the board and its line read
'Tipp auf dem Tisch: Zug beenden (E) spielt ihn, Abbrechen (Esc) geht zurück — Tipp: auslegen: Ac Ah As | Ac 2c 3c
4c 5c | 7h 8h 9h | 10d Bd Jo=Dd Kd — 3 Karten passe…': the whole new table named (three of its four melds as they
lay) and the counts cut. The line now names only what changes ('auslegen: 7h 8h 9h · 5c an Ac 2c 3c 4c anlegen', as
the whole-table hint and the log do), and the counts come first: the table shows the melds, the line what they do.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drawn_texts, key, open_table, open_window, play_until

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.hint_board import hint_text

SMALL = (640, 420)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def _opened_table(lang: str) -> Controller:
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5, bot_delay=0.0,
                   rules=Rules.make("romme", "rauber-to-hand"), lang=lang)

    def ready(c: Controller) -> bool:  # drawn, opened, a table of three melds to rebuild
        kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
        return len(c.melds()) >= 3 and "draw" not in kinds and c.viewer_has_opened() and c.can_rearrange()

    assert play_until(c, ready)
    return c


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_hint_keeps_its_counts_at_640x420(lang: str, surface, monkeypatch) -> None:
    c = _opened_table(lang)
    app, scene = open_table(c, surface, SMALL)
    key(app, pygame.K_h, surface)
    assert c.editor is not None and c.message == hint_text(scene._hint_words, lang), c.message
    counts = scene._hint_words.rpartition(" — ")[2]
    assert counts and any(ch.isdigit() for ch in counts), scene._hint_words
    lay = scene.compute_layout()
    drawn = drawn_texts(app, surface, monkeypatch)
    rows = [s for s, (_, y), _ in drawn if lay.message.top - 40 <= y < lay.message.bottom]
    shown = " ".join(rows)
    assert counts in shown, rows
    assert "Ac Ah As" not in scene._hint_words  # a meld that stays as it lay is not named


@pytest.mark.parametrize(
    ("lang", "line", "shown"),
    [
        ("en", "hint: add H36 to H24 W H30", "Cancel (Esc) goes back — add H36 to H24 W H30"),
        ("de", "Tipp: H36 an H24 W H30 anlegen", "Abbrechen (Esc) geht zurück — H36 an H24 W H30 anlegen"),
    ],
)
def test_a_board_hint_without_counts_names_the_hint_once(lang: str, line: str, shown: str) -> None:
    """Played under Xvfb (H7 V7, 1x1-Rommé, 640x420, game no. 31337): a lay-off hint laid out on the board read
    'Hint on the table: End turn (E) plays it, Cancel (Esc) goes back — hint: add H36 to H24 W H30'."""
    text = hint_text(line, lang)
    assert text.endswith(shown), text
    assert text.lower().count("hint") + text.lower().count("tipp") == 1, text
