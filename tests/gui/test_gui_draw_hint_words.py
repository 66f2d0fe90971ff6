"""Headless: a Königs-Rommé draw hint's reason says something true of the hand it reads.

Played at 1280x800: 'hint: draw stock — it leaves 21 points' read as the hand after the draw, whose card nobody
knows yet; and 'draw discard 7d — lay 8d 3c *' named what the hand laid without the card it takes."""

from __future__ import annotations

import pytest

from romme.engine import new_game
from romme_table.hints import hint


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "draw stock — your hand before the draw: "), ("de", "vom Stapel ziehen — deine Hand vor dem Ziehen: ")],
)
def test_a_stock_draw_hint_reads_the_hand_before_the_draw(lang, said):
    move, text = hint("koenigs", new_game("koenigs", players=2, seed=1), lang)
    assert move.to_json() == {"kind": "draw", "player": 0, "source": "stock"}
    assert text.startswith(said), text


@pytest.mark.parametrize(("lang", "said"), [("en", "draw discard 7d — with 7d: "), ("de", "mit 7d: ")])
def test_a_discard_draw_hint_reads_the_hand_with_the_card(lang, said):
    state = new_game("koenigs", players=2, seed=2)
    assert state.observation(0)["discard_top"] == "7d"
    move, text = hint("koenigs", state, lang)
    assert move.to_json()["source"] == "discard"
    assert said in text and "7d 8d 3c" in text, text  # the meld the taken card makes
