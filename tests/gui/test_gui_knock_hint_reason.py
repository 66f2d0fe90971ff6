"""Headless: the hint in Rommé's knock phase says why (play-test V6, session 57).

Rommé with knocking, 3 seats, 1024x600, game no. 250992: H answered 'hint: no knock for Ad' with no reason, where
every other hint says one. It now weighs what the card brings: the hand's cards that fit in melds with it and without
it, and the penalty card a knock takes too.
"""

from __future__ import annotations

import pytest
from romme_positions import position

import romme
from romme.bots import make_bot
from romme.rules import Rules
from romme_table.hints import hint, knock_reason


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


def test_a_knock_reason_reads_the_games_house_rules() -> None:
    """The hand is weighed by the game's rules: with wrap-around runs Ad joins Kd 2d ('Ad fits no meld of the hand'
    was said by the standard rules), and with no meld of one card and two jokers a joker does not make '5d * *'."""
    wrap = Rules.make("romme", "standard", wrap_around=True, knocking=True)
    assert knock_reason("romme", {"hand": ["Kd", "2d", "9s"]}, "Ad", "en", wrap).startswith(
        "with Ad, 3 cards fit in melds (0 without)"
    )
    lone = Rules.make("romme", "standard", no_double_joker=True, knocking=True)
    assert knock_reason("romme", {"hand": ["5d", "*", "9s"]}, "*", "en", lone).startswith("* fits no meld of the hand")


def test_an_opening_hint_reads_the_games_opening_points() -> None:
    """A house rule's 40 opening points: 'draw stock — open with 9h 10h Jh Qh (39 points)' named an opening the
    game refuses (the hand was read by the standard 31)."""
    hands = ["9h 10h Jh Qh 3c 5s 7d 2s Ks", "4c 6c 8d 9d Ad 3h 5h 7h 9c"]
    for points, why in ((31, "open with 9h 10h Jh Qh (39 points)"), (40, "no opening in this hand yet")):
        st = position(hands, opened=(False, False), phase="draw", opening_points=points)
        assert hint("romme", st, "en")[1] == f"draw stock — {why}", points
