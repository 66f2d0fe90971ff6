"""The joker is named as its card reads ('Jo', 1x1-Rommé's 'W'), not by the notation's '*': the buttons said
'discard *' and the log 'lay Jd Js 5s *' beside cards that show 'Jo'."""

from __future__ import annotations

import pytest

from romme.cards import jokers_named
from romme_table.controller import Controller, Seat
from romme_table.move_log import log_lines


def test_the_notations_joker_sign_becomes_the_card_faces_word():
    assert jokers_named("discard *", "koenigs") == "discard Jo"
    assert jokers_named("discard 7c, lay Jd Js 5s * | 9h * 9t", "koenigs") == "discard 7c, lay Jd Js 5s Jo | 9h Jo 9t"
    assert jokers_named("lay out: B9 R9 *=G9", "rummy") == "lay out: B9 R9 Jo=G9"
    assert jokers_named("lay out: Q3 *", "einmaleins") == "lay out: Q3 W"
    assert jokers_named("add 5h to meld 2", "romme") == "add 5h to meld 2"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_jokers_discard_button_and_log_line_name_it_jo(lang):
    seed = next(s for s in range(200) if "*" in Controller("koenigs", [Seat("You"), Seat("B", "bot")], seed=s).hand())
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed)
    c.lang = lang
    c.run_bots_until_human()
    c.play(next(m for m in c.state.legal_moves() if str(m) == "draw stock"))
    discard = next(m for m in c.state.legal_moves() if str(m) == "discard *")
    label = c.label(discard)
    assert "*" not in label and "Jo" in label
    assert c.play(discard)
    assert "*" not in c.message and "Jo" in c.message
    lines = log_lines("koenigs", c.state.history, ["You", "Bot 1"], lang, 100, c.played_notes)
    assert not any("*" in line for line in lines) and any("Jo" in line for line in lines)


@pytest.mark.parametrize(("lang", "word"), [("en", "wild"), ("de", "Joker")])
def test_the_solitaires_hand_labels_name_the_wild_rank_not_a_count(lang, word):
    """'Hand 1 / 3 Joker' read as three jokers in German: the label names the hand's wild rank after a colon."""
    import re

    c = Controller("koenigs-solo", [Seat("You")], seed=1)
    c.lang = lang
    labels = c.meld_labels()
    assert len(labels) == 11
    assert labels[0].split("\n") == ["Hand 1", f"{word}: 3"], labels[0]
    assert not any(re.fullmatch(rf"\w+ {word}", row) for label in labels for row in label.split("\n"))
