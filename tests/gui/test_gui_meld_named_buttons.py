"""Headless: Rommé's lay-off and joker-swap buttons (and hints) name the meld by its cards, not by a number.

Played under Xvfb: the buttons read 'lay off * on meld 3' and 'swap the joker of meld 1 for 5d'; the table
numbers no meld, so the player had to count melds (in which order?) to know where a card would go."""

from __future__ import annotations

import re

from gui_driver import table_with

from romme.cards import jokers_named
from romme.table_hint import best_place
from romme_table.hints import hint
from romme_table.move_log import log_lines, move_note, short_meld


def test_lay_off_and_swap_buttons_name_their_meld_by_its_cards_in_both_languages():
    for kind, words in (("layoff", ("add {card} to {meld}", "{card} an {meld} anlegen")),
                        ("swap", ("swap {card} for the joker in {meld}", "{card} gegen den Joker in {meld} tauschen"))):
        c, move = table_with(kind)
        j = move.to_json()
        meld = short_meld(c.melds()[j["target"] - 1])
        for lang, expected in zip(("en", "de"), words):
            c.lang = lang
            label = c.label(move)
            assert label == jokers_named(expected.format(card=j["card"], meld=meld), "romme"), label
            assert not re.search(r"\b(meld|Figur) \d", label), label


def test_a_lay_off_hint_names_the_meld_by_its_cards():
    for seed in range(1, 40):  # a table whose best move is a lay-off (no whole-table rebuild lays more)
        c, _ = table_with("layoff", range(seed, 40))
        if best_place(c.state) is None:
            break
    chosen, text = hint("romme", c.state.clone(), "en")
    assert chosen.to_json().get("kind") == "layoff", chosen
    j = chosen.to_json()
    assert text.startswith(f"add {j['card']} to {short_meld(c.melds()[j['target'] - 1])}"), text


def test_the_log_names_a_swaps_meld():
    c, move = table_with("swap")
    before = c.melds()
    note = move_note("romme", move, before, "en")
    assert note.startswith(f"swap {move.to_json()['card']} for the joker in "), note
    assert c.play(move)
    lines = log_lines("romme", c.state.history, ["You", "Bot"], "en", 1, {len(c.state.history) - 1: note})
    assert lines[-1] == f"You: {jokers_named(note, 'romme')}", lines
