"""Headless: the solitaire's final sheet names the hands left unfinished ('Game over — lost: 3 of 8 hands
finished' left the player to count which)."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, played_to_the_end

from romme_table import dialogs
from romme_table.dialogs import unfinished_hands


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lost_solitaires_sheet_names_its_unfinished_hands(lang, surface, tmp_path, monkeypatch):
    c, app, scene = played_to_the_end("koenigs-solo", 1, 3, surface, tmp_path)
    obs = c.observation()
    left = [k for k in sorted(obs["hands"], key=int) if k not in {str(f) for f in obs["finished"]}]
    assert left and not c.state.result().winners  # a lost game
    c.lang = lang
    said: list[str] = []
    real = dialogs.fit_text
    monkeypatch.setattr(dialogs, "fit_text", lambda sf, s, *a, **k: (said.append(s), real(sf, s, *a, **k))[1])
    key(app, pygame.K_RETURN, surface)  # the table's 'Score sheet (Enter)' again
    line = unfinished_hands(obs, lang)
    assert line in said, said
    assert line.startswith("unfinished: hand" if lang == "en" else "nicht fertig: H")
    assert all(k in line for k in left)


def test_the_words_for_one_none_and_many():
    hands = {"1": [], "2": [], "3": []}
    assert unfinished_hands({"hands": hands, "finished": [1, 3]}, "en") == "unfinished: hand 2"
    assert unfinished_hands({"hands": hands, "finished": [2]}, "de") == "nicht fertig: Hände 1 und 3"
    assert unfinished_hands({"hands": hands, "finished": []}, "en") == "unfinished: hands 1, 2 and 3"
    assert unfinished_hands({"hands": hands, "finished": [1, 2, 3]}, "en") == "every hand finished"
