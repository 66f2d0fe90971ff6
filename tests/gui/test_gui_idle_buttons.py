"""Headless: buttons that can do nothing now are greyed out."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table

from romme_table.controller import Controller, Seat


def _controller(game: str) -> Controller:
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)
    c.run_bots_until_human()
    return c


def _buttons_drawn(app, surface, monkeypatch) -> dict[str, bool]:
    from romme_table import table_draw

    drawn: dict[str, bool] = {}
    real = table_draw.button

    def record(surf, rect, label, active=True, largest=None):
        drawn[label] = active
        real(surf, rect, label, active, largest)

    with monkeypatch.context() as m:
        m.setattr(table_draw, "button", record)
        app.draw(surface)
    return drawn


def test_undo_and_hint_are_greyed_out_when_they_can_do_nothing(surface, monkeypatch):
    """Undo (U) stood lit at the start of every turn and after a stock draw, where it only answered that there
    was nothing to undo (Königs-Rommé at 1280x800 under Xvfb); Hint (H) while a bot moves likewise."""
    c = _controller("koenigs")
    app, scene = open_table(c, surface)
    assert _buttons_drawn(app, surface, monkeypatch)["Undo (U)"] is False
    assert c.play(next(m for m in c.state.legal_moves() if "discard" in str(m)))  # the open card: may go back
    drawn = _buttons_drawn(app, surface, monkeypatch)
    assert drawn["Undo (U)"] is True and drawn["Hint (H)"] is True
    key(app, pygame.K_u, surface)
    assert c.play(next(m for m in c.state.legal_moves() if "stock" in str(m)))  # a stock card stays
    assert _buttons_drawn(app, surface, monkeypatch)["Undo (U)"] is False
    assert c.play(next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "discard"))
    assert not c.is_human_turn()
    assert _buttons_drawn(app, surface, monkeypatch)["Hint (H)"] is False
