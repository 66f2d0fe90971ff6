"""Headless: a refused joker swap says why in the table's language, and names a joker standing for a card as a
player reads it. The German table gave 'joker_swap_completes: a joker leaves a set only when …' and 'swap a joker
for a natural card, not for another joker' in English, a joker given for a joker a Python repr ('Swap(player=0,
target=1, card=52): bad card or target'), and a joker that stands for a card as the notation's '*=Kc', a sign for the
notation, not for a player. A refusal names the joker as the move log and the buttons do, 'Jo=Kc' (one form in every
line of the window: the refusals said 'Joker (as Kc)' beside a log's 'Jo=Kc')."""

from __future__ import annotations

import pytest
from romme_positions import position

from romme_table.controller import Controller, Seat
from romme_table.engine_words import engine_reason
from romme_table.i18n import cards_named

SAID = {
    ("swap 1 Kc", "en"): "not allowed: swap Kc for the joker in Kh Kd Jo: joker_swap_completes: a joker leaves a set "
                         "only when the set then holds all four suits",
    ("swap 1 Kc", "de"): "nicht erlaubt: Kc gegen den Joker in Kh Kd Jo tauschen: ein Joker verlässt einen Satz nur, "
                         "wenn der Satz dann alle vier Farben hat (Hausregel)",
    ("swap 1 *", "en"): "not allowed: swap: give the natural card that replaces the joker",
    ("swap 1 *", "de"): "nicht erlaubt: Joker tauschen: die Karte nennen, die den Joker ersetzt",
    ("swap 1 3h", "en"): "not allowed: swap 3h for the joker in Kh Kd Jo: 3h cannot replace a joker in Kh Kd Jo=Kc",
    ("swap 1 3h", "de"): "nicht erlaubt: 3h gegen den Joker in Kh Kd Jo tauschen: 3h kann in Kh Kd Jo=Kc keinen "
                         "Joker ersetzen",
}


@pytest.mark.parametrize(("move", "lang"), list(SAID))
def test_a_refused_swap_says_why_in_the_tables_words(move: str, lang: str) -> None:
    st = position(["Kc 3h 5d *", "4c 4c 4h"], ("Kh Kd *", "7c * 9c 10c", "2s 3s 4s"), opened=(True, True),
                  joker_swap_completes=True)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0,
                   lang=lang)
    c.replace_state(st)
    assert not c.play(move)
    assert c.message == SAID[(move, lang)], c.message
    assert "*" not in c.message and cards_named(c.message, "romme", lang) == c.message


@pytest.mark.parametrize(
    ("reason", "lang", "said"),
    [
        ("swap a joker for a natural card, not for another joker", "de",
         "ein Joker wird nur gegen eine echte Karte getauscht, nicht gegen einen Joker"),
        ("a joker won by a swap must be laid in the same turn; this move leaves no way to lay it", "de",
         "ein eingetauschter Joker muss im selben Zug ausgelegt werden; nach diesem Zug geht das nicht mehr"),
        ("meld 7c *=8c 9c: Qc does not extend run 7c *=8c 9c", "en",
         "meld 7c Jo=8c 9c: Qc does not extend run 7c Jo=8c 9c"),
        ("meld 7c *=8c 9c: Qc does not extend run 7c *=8c 9c", "de",
         "Figur 7c Jo=8c 9c: Dc verlängert die Reihe 7c Jo=8c 9c nicht"),
    ],
)
def test_the_engines_joker_words(reason: str, lang: str, said: str) -> None:
    assert cards_named(engine_reason(reason, lang), "romme", lang) == said
