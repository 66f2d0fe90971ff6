"""Headless: the listed moves of the right column share one print, also where one of them takes two rows; a draw
from the discard pile names its card in every game.

Played under Xvfb (H6 P14): Rummy at 800x600, '1. pass, draw a card' in large print over '2. lay out: B9 B10 Jo | G3
G4 G5 G6' small in two rows; Krass Kariert at 1366x768 German alike ('5. Reservekarte N vor 7 nehmen' over '6.
Reservekarte N zwischen 7 und 10 nehmen').
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from gui_driver import open_table

from romme.bots import make_bot
from romme_table import table_draw
from romme_table.controller import Controller, Seat
from romme_table.i18n import cards_named
from romme_table.scenes import button_rows


def test_a_list_with_a_move_in_two_rows_is_printed_alike(surface: pygame.Surface, monkeypatch) -> None:
    size = (800, 600)
    checked = 0
    for seed in range(1, 30):
        c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, bot_delay=0.0)
        helper = make_bot("rummy", "greedy", seed=1)
        for _ in range(40):
            c.run_bots_until_human()
            if c.state.is_over:
                break
            app, scene = open_table(c, pygame.Surface(size), size)
            lay = scene.compute_layout()
            moves = table_draw.move_buttons(scene)
            labels = [label for label, _ in scene._buttons()[moves.start : moves.stop]]
            rects = lay.buttons[moves.start : moves.stop]
            two = [label for label, r in zip(labels, rects) if len(button_rows(label, r)[0]) == 2]
            if two and len(two) < len(labels):
                drawn: dict[str, int] = {}
                real = table_draw.button

                def record(surf: pygame.Surface, rect: pygame.Rect, label: str, *a: Any, **kw: Any) -> None:
                    rows, shown = button_rows(label, rect)
                    largest = kw.get("largest")
                    drawn[label] = shown if largest is None else min(shown, largest)
                    real(surf, rect, label, *a, **kw)

                monkeypatch.setattr(table_draw, "button", record)
                app.draw(pygame.Surface(size))
                monkeypatch.undo()
                assert len({drawn[label] for label in labels}) == 1, [(label, drawn[label]) for label in labels]
                checked += 1
                if checked >= 3:
                    return
            assert c.play(helper.choose(c.state.clone())), c.message
    raise AssertionError(f"{checked} lists with a move in two rows in the seeds tried")


@pytest.mark.parametrize("game", ["romme", "einmaleins", "koenigs"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_draw_discard_button_names_its_card_in_every_game(game: str, lang: str, surface: pygame.Surface) -> None:
    """H6 P8: Rommé's and 1x1-Rommé's button read '2. draw discard' ('von der Ablage ziehen') beside Königs-Rommé's
    '2. draw discard 10t'; the log and the hint named the card. Every game's button names it, as the log does."""
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=2, bot_delay=0.0, lang=lang)
    c.run_bots_until_human()
    _, scene = open_table(c, surface)
    top = cards_named(str(c.observation()["discard_top"]), game, lang)
    take = next(m for m in c.state.legal_moves() if m.to_json().get("source") == "discard")
    words = "draw discard {card}" if lang == "en" else "{card} von der Ablage ziehen"
    assert c.label(take) == words.format(card=top)
    assert any(label.endswith(words.format(card=top)) for label, _ in scene._buttons())
