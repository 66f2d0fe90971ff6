"""Headless: the German Königs-Rommé tables name the round's wild rank with the faces' letters (B, D).

Played at 1024x600 after the German faces got B and D (F2): the round line read 'Runde 10 — Joker Q' and the
solitaire's labels 'Hand 9 / Joker: J', 'Hand 10 / Joker: Q' over cards that show no J or Q."""

from __future__ import annotations

import pytest

from romme_table.controller import Controller, Seat
from romme_table.table_draw import progress_line
from romme_table.table_scene import TableScene


@pytest.mark.parametrize(("lang", "said"), [("de", "Runde 10 — Joker D"), ("en", "Round 10 — wild Q")])
def test_the_round_line_names_the_wild_rank_as_the_faces_do(lang, said):
    c = Controller("koenigs", [Seat("A"), Seat("B", "bot", "random")], seed=1, bot_delay=0.0, lang=lang)
    assert progress_line(TableScene(c), {"round": 10, "wild_rank": "Q"}) == said
    assert progress_line(TableScene(c), {"round": 9, "wild_rank": "J"}).endswith("B" if lang == "de" else "J")


@pytest.mark.parametrize(("lang", "nine", "ten"), [("de", "Joker: B", "Joker: D"), ("en", "wild: J", "wild: Q")])
def test_the_solitaire_hands_name_their_wild_rank_as_the_faces_do(lang, nine, ten):
    c = Controller("koenigs-solo", [Seat("A")], seed=1, bot_delay=0.0, lang=lang)
    labels = c.meld_labels()
    assert labels[8].splitlines() == ["Hand 9", nine] and labels[9].splitlines() == ["Hand 10", ten], labels
    assert labels[10].splitlines()[1].endswith("K")  # König is K in both
