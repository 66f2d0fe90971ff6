"""Headless: in hot seat every new round's score sheet lies over the hand-over curtain, whoever moved last.

Played under Xvfb (H6 T5, Königs-Rommé, Spieler 1 and 2 with two bots, 1024x600): round 1 ended with Spieler 2's
last-turn discard and round 2 began with Spieler 2, so no curtain came: the sheet lay over Spieler 2's new hand,
face up, and after it the hand stayed face up while everyone had gathered at the screen for the scores."""

from __future__ import annotations

import pygame
from gui_driver import click, hot_seat_koenigs, key

from romme_table import dialogs
from romme_table.dialogs import CurtainScene, ScoreScene


def test_each_round_sheet_of_a_hot_seat_lies_over_the_curtain(surface, monkeypatch):
    c, app, helpers, now = hot_seat_koenigs(surface, monkeypatch)
    # per round's sheet: over the curtain; the last mover moves first (the sheets kept: an id of a sheet put away
    # may come again for the next one)
    sheets: list[tuple[ScoreScene, bool, bool]] = []
    last = -1
    for _ in range(5000):
        app.update(0.0)
        now[0] += dialogs.SHEET_GRACE
        if isinstance(app.top, ScoreScene):
            if not any(sheet is app.top for sheet, _, _ in sheets):
                sheets.append((app.top, isinstance(app.stack[-2], CurtainScene), c.state.current_player == last))
            if len(sheets) >= 6:
                break
            key(app, pygame.K_RETURN, surface)
        elif isinstance(app.top, CurtainScene):
            click(app, (10, 10), surface)
        else:
            last = c.state.current_player
            assert c.play(helpers[last].choose(c.state.clone())), c.message
    assert len(sheets) >= 6
    assert any(again for _, _, again in sheets), "a round the last mover began: the case of the finding"
    assert all(over for _, over, _ in sheets), [(over, again) for _, over, again in sheets]
