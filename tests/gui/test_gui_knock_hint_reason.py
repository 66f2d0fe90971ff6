"""Headless: the hint in Rommé's knock phase says why (play-test V6, session 57).

Rommé with knocking, 3 seats, 1024x600, game no. 250992: H answered 'hint: no knock for Ad' with no reason, where
every other hint says one. It now weighs what the card brings: the hand's cards that fit in melds with it and without
it, and the penalty card a knock takes too.
"""

from __future__ import annotations

import pytest

import romme
from romme.bots import make_bot
from romme_table.hints import hint


def knock_hints(lang: str) -> dict[str, str]:
    """The first hint for a pass and the first for a knock of a greedy game with knocking (game no. 250992)."""
    st = romme.new_game("romme", 3, seed=250992, knocking=True)
    bots = [make_bot("romme", "greedy", seed=i) for i in range(3)]
    found: dict[str, str] = {}
    for _ in range(400):
        if st.is_over or len(found) == 2:
            break
        if st.phase == "knock":
            move, text = hint("romme", st, lang)
            found.setdefault(move.to_json()["kind"], text)
        st.apply(bots[st.current_player].choose(st.clone()))
    return found


@pytest.mark.parametrize(
    ("lang", "passed", "knocked"),
    [
        ("en", "no knock for Ad — Ad fits no meld of the hand; a knock takes a penalty card too",
         "knock for 5d — with 5d, 3 cards fit in melds (0 without); a knock takes a penalty card too"),
        ("de", "nicht um Ad klopfen — Ad passt in keine Figur der Hand; Klopfen bringt eine Strafkarte dazu",
         "um 5d klopfen — mit 5d passen 3 Karten in Figuren (ohne 0); Klopfen bringt eine Strafkarte dazu"),
    ],
)
def test_a_knock_hint_weighs_the_card(lang: str, passed: str, knocked: str) -> None:
    assert knock_hints(lang) == {"pass": passed, "knock": knocked}
