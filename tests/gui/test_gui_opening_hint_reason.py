"""Headless: a hinted opening's reason names the melds the hinted move lays and their points.

Played in 1x1-Rommé at 1920x1080: 'hint: lay out: K24 K26 K28 | W=H5 K5 D5 | W=Q8 Q16 Q24 — open with K21 W W
(126 points)': the reason was the hand solver's best opening, read from the hand alone, and named other melds
(K21, cards the move did not lay) than the move before the dash."""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.engine import new_game
from romme_table.hints import hint


def _played(game: str, seed: int, moves: int):
    state = new_game(game, players=2, seed=seed)
    for _ in range(moves):
        state.apply(make_bot(game, "expert", seed="x").choose(state.clone()))
    return state


def _laid(move) -> set[str]:
    """Every card the move puts on the table (a wild by its own token)."""
    j = move.to_json()
    melds = j.get("melds") or [m.split() for m in j.get("table") or []]
    return {card.split("=")[0] for meld in melds for card in meld}


@pytest.mark.parametrize(
    ("game", "seed", "moves", "lang", "said"),
    [
        ("einmaleins", 9, 6, "en", "— open with K10 K1 K14, H24 H27 W (117 points)"),
        ("einmaleins", 9, 6, "de", "— Herauskommen mit K10 K1 K14, H24 H27 W (117 Punkte)"),
        ("einmaleins", 33, 1, "en", "— open with H8 W D8, H18 H24 H30 (96 points)"),
        ("romme", 0, 1, "en", "— open with Ad Ah *, 8d 8h 8s (57 points)"),
    ],
)
def test_an_opening_hint_names_the_melds_it_lays(game, seed, moves, lang, said):
    state = _played(game, seed, moves)
    move, text = hint(game, state, lang)
    assert move.to_json()["kind"] in ("meld", "place")
    assert text.endswith(said), text
    named = said.split(" mit " if lang == "de" else " with ")[1].split(" (")[0]
    assert {c for c in named.replace(",", " ").split()} <= _laid(move), (named, move.to_json())


def test_a_hint_that_does_not_open_keeps_the_hand_reason():
    """Before the draw nothing is laid: the reason still says what the hand could open with."""
    move, text = hint("einmaleins", _played("einmaleins", 9, 0), "en")
    assert move.to_json()["kind"] == "draw"
    assert "open with" in text or "no opening" in text, text
