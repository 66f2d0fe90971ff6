"""Headless: the hot-seat curtain under a round's score sheet takes its grace anew when the sheet closes.

The curtain, drawn under the sheet from the sheet's first frame, had long used up its 0.6 s when the sheet was
closed: Enter pressed twice to put the sheet away lifted the curtain at once onto the next player's hand."""

from __future__ import annotations

import pygame
from gui_driver import click, hot_seat_koenigs, key

from romme_table import dialogs
from romme_table.dialogs import CurtainScene, ScoreScene


def test_enter_twice_on_a_sheet_over_the_curtain_leaves_the_curtain_down(surface, monkeypatch):
    c, app, helpers, now = hot_seat_koenigs(surface, monkeypatch)
    for _ in range(3000):
        app.update(0.0)
        if isinstance(app.top, ScoreScene) and isinstance(app.stack[-2], CurtainScene):
            break
        now[0] += dialogs.SHEET_GRACE  # the players take their time
        if isinstance(app.top, CurtainScene):
            click(app, (10, 10), surface)
        elif isinstance(app.top, ScoreScene):
            key(app, pygame.K_RETURN, surface)
        else:
            assert c.play(helpers[c.state.current_player].choose(c.state.clone())), c.message
    assert isinstance(app.top, ScoreScene) and isinstance(app.stack[-2], CurtainScene), "no sheet over the curtain"
    app.draw(surface)  # the sheet's first frame, the curtain drawn under it
    now[0] += 5.0  # the sheet read
    key(app, pygame.K_RETURN, surface)  # put away...
    assert isinstance(app.top, CurtainScene)
    key(app, pygame.K_RETURN, surface)  # ...with a second Enter at once: meant for the sheet
    assert isinstance(app.top, CurtainScene) and c.needs_curtain()
    now[0] += dialogs.SHEET_GRACE
    key(app, pygame.K_RETURN, surface)  # the next player sat down
    assert not isinstance(app.top, CurtainScene) and not c.needs_curtain()
