"""Headless: a refused Rommé lay-off names the meld by its cards and says why in the table's language.

Played under Xvfb (Rommé, three seats, game no. 651846, 1100x720): 3s dragged onto '3h 4h 5h' read 'not allowed:
layoff 3s to 8: 3s does not extend run 3h 4h 5h', the notation's meld number, which the table shows nowhere, and in
German the engine's English after 'nicht erlaubt'. The refused move is named as the log names it, and the lay-off's
reasons are German in German.
"""

from __future__ import annotations

import pytest
from romme_positions import position

from romme_table.controller import Controller, Seat

TABLE = ("3h 4h 5h", "9h 9s 9c 9d", "Qs Qh Qd")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["not allowed: add 3s to 3h 4h 5h: 3s does not extend run 3h 4h 5h",
                "not allowed: add 9d to 9h 9s 9c 9d: set 9h 9s 9c 9d is full",
                "not allowed: add Kc to Qs Qh Qd: card Kc does not fit a set of Qs"]),
        ("de", ["nicht erlaubt: 3s an 3h 4h 5h anlegen: 3s verlängert die Reihe 3h 4h 5h nicht",
                "nicht erlaubt: 9d an 9h 9s 9c 9d anlegen: der Satz 9h 9s 9c 9d ist voll",
                "nicht erlaubt: Kc an Ds Dh Dd anlegen: Kc passt nicht in diesen Satz"]),
    ],
)
def test_a_refused_lay_off_reads_as_the_log_names_it(lang: str, said: list[str]) -> None:
    st = position(["3s 9d Kc", "Kd Kh 5c 6d"], TABLE, opened=(True, True))
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0,
                   lang=lang)
    c.replace_state(st)
    for move, words in zip(("layoff 3s to 1", "layoff 9d to 2", "layoff Kc to 3"), said):
        assert not c.play(c.state.parse_move(move))
        assert c.message == words, c.message


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["not allowed: swap Kc for the joker in 7c Jo 9c: no joker in 7c Jo=8c 9c stands for Kc",
                "not allowed: swap 5h for the joker in 2h 3h 4h: meld 2h 3h 4h holds no joker",
                "not allowed: swap Kc for the joker in 9h 9d Jo: Kc cannot replace a joker in 9h 9d Jo=9c",
                "not allowed: add As to As 2s … Ks: run As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks is full"]),
        ("de", ["nicht erlaubt: Kc gegen den Joker in 7c Jo 9c tauschen: kein Joker in 7c Jo=8c 9c steht für Kc",
                "nicht erlaubt: 5h gegen den Joker in 2h 3h 4h tauschen: in 2h 3h 4h liegt kein Joker",
                "nicht erlaubt: Kc gegen den Joker in 9h 9d Jo tauschen: Kc kann in 9h 9d Jo=9c keinen Joker ersetzen",
                "nicht erlaubt: As an As 2s … Ks anlegen: die Reihe As 2s 3s 4s 5s 6s 7s 8s 9s 10s Bs Ds Ks ist voll"]),
    ],
)
def test_a_refused_swap_and_a_full_run_say_why_in_the_tables_language(lang: str, said: list[str]) -> None:
    """A run's joker stands for one card, a meld may hold none, a set's joker takes only a missing suit of its rank,
    and a run of 13 cards takes no more."""
    table = ("7c * 9c", "2h 3h 4h", "9h * 9d", "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks")
    st = position(["Kc 5h As 2s", "Kd Kh 5c 6d"], table, opened=(True, True))
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0,
                   lang=lang)
    c.replace_state(st)
    for move, words in zip(("swap 1 Kc", "swap 2 5h", "swap 3 Kc", "layoff As to 4"), said):
        assert not c.play(c.state.parse_move(move))
        assert c.message == words, c.message
