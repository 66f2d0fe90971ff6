"""Headless: the German table speaks to the seat named 'Du' (its default name) in the second person."""

from __future__ import annotations

from romme_table.i18n import t
from romme_table.score_grid import RoundRow, ended_text


def test_a_sentence_about_du_takes_the_second_person():
    """Seen on the German table: 'Letzte Runde! Du ist ausgegangen', 'Punkte nach dieser Runde: Du ist raus'."""
    assert t("last_turn", "de", name="Du", turns="1 Zug").startswith("Jeder ist noch einmal dran! Du bist ausgegangen")
    assert t("last_turn", "de", name="Bot 1", turns="1 Zug").startswith(
        "Jeder ist noch einmal dran! Bot 1 ist ausgegangen")
    assert t("last_turn", "en", name="You", turns="1 turn").startswith("Last turn! You went out")
    out = RoundRow([0, 12], out=0, how="out")
    assert ended_text(out, ["Du", "Bot 1"], "de") == "Du bist raus"
    assert ended_text(RoundRow([5, 0], out=1, how="out"), ["Du", "Bot 1"], "de") == "Bot 1 ist raus"


def test_the_german_winner_line_speaks_to_du(monkeypatch):
    """'Du gewinnt das Spiel!' read as said of someone else: 'Du gewinnst das Spiel!'."""
    import pygame

    from romme_table import score_grid

    said: list[str] = []
    real = score_grid._text
    monkeypatch.setattr(score_grid, "_text", lambda surface, s, *a: (said.append(s), real(surface, s, *a))[1])
    pygame.font.init()
    surface = pygame.Surface((800, 600))
    score_grid.draw_winner_banner(surface, pygame.Rect(0, 0, 600, 400), ["Du"], "de", "")
    score_grid.draw_winner_banner(surface, pygame.Rect(0, 0, 600, 400), ["Bot 2"], "de", "")
    assert said == ["Du gewinnst das Spiel!", "Bot 2 gewinnt das Spiel!"]


def test_only_a_seat_named_du_is_spoken_to():
    """Every German text was searched for 'Du ist ': a seat 'Bot Du', 'Ka-Du' or 'McDu' read 'Bot Du bist
    ausgegangen', and 'Bea und Du gewinnt' became 'Bea und Du gewinnst'."""
    for name in ("Bot Du", "Ka-Du", "McDu"):
        assert t("last_turn", "de", name=name, turns="1 Zug").startswith(
            f"Jeder ist noch einmal dran! {name} ist ausgegangen")
        assert t("hint_wait", "de", name=name) == f"Kein Tipp jetzt: {name} ist dran"
    assert t("hint_wait", "de", name="Du") == "Kein Tipp jetzt: Du bist dran"
    assert t("bot_next", "de", name="Du") == "Du bist als Nächstes dran"
    from romme_table.i18n import spoken_to

    assert spoken_to("Bea und Du gewinnt das Spiel!", "de") == "Bea und Du gewinnt das Spiel!"
    assert spoken_to("Du gewinnt das Spiel!", "de") == "Du gewinnst das Spiel!"
