"""Which table cards may go into the hand is one question the core answers (``romme.table.table_to_hand``), asked by
the hint (its objective) and the table's board; here against the rule book, per game, rules and opening."""

from __future__ import annotations

import pytest

from romme.errors import RulesError
from romme.table import moves_table_cards, table_to_hand
from romme.table_hint import objective_of

TO_HAND = {"rauber": True, "rauber_table_to_hand": True}

#: (game, options, the answer once opened, the rule book's words)
CASES = [
    ("romme", TO_HAND, "any", "RULES §2 rauber_table_to_hand: table cards may go back into the hand while rearranging"),
    ("romme", {"rauber": True}, "nothing", "RULES §2: a swapped joker must be laid again in the same turn"),
    ("romme", {"rauber_table_to_hand": True}, "nothing", "RULES §2: rearranging is Räuber-Rommé's (rauber)"),
    ("romme", {}, "nothing", "RULES §2: after opening, lay off and swap jokers only"),
    ("einmaleins", {}, "leftovers", "RULES §3: table cards that can no longer be placed in valid melds after a "
                                    "rearrangement go into that player's hand"),
    ("rummy", {}, "nothing", "RULES §4 rule 1: no card that lay on the table when the turn began goes into the hand"),
    ("koenigs", {}, "nothing", "RULES §1: players do not lay off on other players' melds (no table move at all)"),
    ("krass", {}, "nothing", "RULES §5: a trick game, no melds on the table"),
]


@pytest.mark.parametrize("game,options,answer,words", CASES)
def test_the_core_answers_as_the_rule_book(game, options, answer, words):
    assert table_to_hand(game, options) == answer, words
    # (before opening a table move lays new melds from the hand only: RULES §2, §3, §4)
    assert table_to_hand(game, options, opened=False) == "nothing"


@pytest.mark.parametrize("game,options,answer,words", [case for case in CASES if case[0] in ("romme", "einmaleins",
                                                                                               "rummy")])
def test_the_hint_sheds_net_where_table_cards_go_to_the_hand(game, options, answer, words):
    """The hint maximises the cards shed net (placed minus taken) exactly where the core lets table cards go to the
    hand: 1x1-Rommé's hint placed only hand cards and never left a card that fits nowhere (it now lays 7 and takes
    1 where it laid 3)."""
    expected = "net" if answer != "nothing" else "points" if game == "romme" else "cards"
    assert objective_of(game, options) == expected


def test_a_bad_game_or_option_is_a_rules_error():
    with pytest.raises(RulesError, match="unknown option 'nope'"):
        table_to_hand("romme", {"nope": 1})
    with pytest.raises(RulesError, match="unknown game"):
        table_to_hand("chess")


#: (game, options, whether an opened seat moves table cards into other melds, the rule book's words)
MOVES_CASES = [
    ("romme", {"rauber": True}, True, "RULES §2 rauber: after opening, a player may rearrange all table melds"),
    ("romme", {"rauber_table_to_hand": True}, False, "RULES §2: a new table is a rearrangement, only with rauber"),
    ("romme", {}, False, "RULES §2: after opening, lay off and swap jokers only"),
    ("einmaleins", {}, True, "RULES §3: rearrange the table's melds to place"),
    ("rummy", {}, True, "RULES §4: from then on the player may add to table melds and rearrange the whole table"),
    ("koenigs", {}, False, "RULES §1: players do not lay off on other players' melds"),
    ("koenigs-solo", {}, False, "RULES §1: the solitaire lays no table of others"),
    ("krass", {}, False, "RULES §5: a trick game, no melds on the table"),
]


@pytest.mark.parametrize("game,options,moves,words", MOVES_CASES)
def test_the_core_says_where_table_cards_move_as_the_rule_book(game, options, moves, words):
    assert moves_table_cards(game, options) is moves, words


@pytest.mark.parametrize("options", [{"bogus": True}, {"rauber": 7}, "no such preset", 3])
def test_moves_table_cards_refuses_bad_options_in_words(options):
    with pytest.raises(RulesError):
        moves_table_cards("romme", options)  # type: ignore[arg-type]
