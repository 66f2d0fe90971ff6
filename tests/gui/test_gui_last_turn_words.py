"""Headless: the German Königs-Rommé table announces the last turns in the sheet's words, not as the last round.

Played at 1024x600 with six seats: under 'Runde 7 — Joker 9' the banner read 'Letzte Runde! Bot 5 ist ausgegangen
— noch 5 Züge', which a German player reads as the last of the game's eleven rounds (the sheet: 'in der elften
(= letzten) Runde'); the sheet calls these turns 'Jeder Spieler ist noch einmal dran'."""

from __future__ import annotations

from gui_driver import drawn_fit_texts, drawn_texts, open_table, play_until

from romme_table.controller import Controller, Seat


def test_the_german_last_turns_are_not_called_the_last_round(surface, monkeypatch):
    c = Controller(
        "koenigs", [Seat("Du"), Seat("Bot 1", "bot", "expert"), Seat("Bot 2", "bot", "expert")], seed=1,
        bot_delay=0.0, lang="de",
    )
    assert play_until(c, lambda c: c.observation().get("out_player") not in (None, 0), level="random")
    app, _ = open_table(c, surface)
    # (the banner is fitted to the table's width, the round line written as it is)
    seen = [t for t, _, _, _ in drawn_fit_texts(app, surface, monkeypatch)]
    seen += [t for t, _, _ in drawn_texts(app, surface, monkeypatch)]
    out = c.seats[c.observation()["out_player"]].name
    banners = [s for s in seen if f"{out} ist ausgegangen" in s]
    assert banners, seen
    assert all(s.startswith("Jeder ist noch einmal dran!") and "Letzte Runde" not in s for s in banners), banners
    assert any(s.startswith("Runde ") for s in seen)  # the word the banner must not take: the round line's
