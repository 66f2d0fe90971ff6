"""Headless: the solitaire's finished hands lie turned over, and its score line counts the hands finished.

Play-test H6 Q11 (Königs-Rommé solitaire, 1366x768, German): a finished hand was marked only by a small 'OK' after
its wild rank, its cards face up like the open hands', so with 6-9 hands done every label had to be read to find the
open ones (RULES.md §1a: a finished hand is turned over); and the line 'Punkte: Du 3' counted finished hands, not
points.
"""

from __future__ import annotations

import pytest
from gui_driver import drawn_cards, drawn_fit_texts, open_table, play_until

from romme_table.controller import Controller, Seat
from romme_table.i18n import t


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_hand_is_turned_over_and_the_line_counts_them(surface, monkeypatch, lang) -> None:
    c = Controller("koenigs-solo", [Seat("Du")], seed=3, bot_delay=0.0, lang=lang)
    assert play_until(c, lambda c: len(c.observation()["finished"]) >= 2, level="expert")
    obs = c.observation()
    keys = sorted(obs["hands"], key=int)
    done = {keys.index(str(k)) for k in obs["finished"]}
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    cards = drawn_cards(app, surface, monkeypatch)
    for row, rects in enumerate(lay.melds):
        drawn = [tok for r, tok, _ in cards if any(r == q for q in rects)]
        assert drawn and all((tok is None) == (row in done) for tok in drawn), (row, drawn)
    labels = c.meld_labels()
    assert all(labels[row].endswith("fertig" if lang == "de" else "done") == (row in done) for row in range(len(keys)))
    texts = [s for s, *_ in drawn_fit_texts(app, surface, monkeypatch)]
    assert t("solo_done", lang, n=len(done), of=len(keys)) in texts, texts
    assert not any(s.startswith(t("scores", lang)) for s in texts)
