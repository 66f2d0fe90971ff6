"""Headless: the action buttons' labels are made once per list of actions, not for every layout and frame."""

from __future__ import annotations

from gui_driver import open_table, play_until

from romme_table.controller import Controller, Seat


def test_action_labels_are_made_once_per_list_of_actions(surface, monkeypatch):
    """A place-move's label reads the whole table (the melds it adds); the layout counted the buttons, labels and
    all, up to three times a frame, and the frame drew them once more. The labels are made once for a list of
    actions, and anew when the selection (or a move) changes the list."""
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("rummy", seats, seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: len(c.melds()) >= 14 and len(c.candidate_moves(grow=True)) >= 6)
    app, scene = open_table(c, surface, (1280, 800))
    calls: list[object] = []
    real = Controller.label
    monkeypatch.setattr(Controller, "label", lambda self, move: calls.append(move) or real(self, move))
    for _ in range(3):
        app.draw(surface)
    assert calls == []
    c.toggle(c.hand().index(next(card for card in c.hand() if card != "*")))
    app.draw(surface)
    app.draw(surface)
    shown = scene.visible_actions()
    assert shown and calls == shown
    offset = scene._action_offset
    labels = [label for label, _ in scene._buttons()[offset : offset + len(shown)]]
    assert [label.split(". ", 1)[1] for label in labels] == [real(c, m) for m in shown]
