"""The Rommé expert's opening by the core's hand solver keeps a card to discard by the rule every table move keeps
(``romme.table_keep.keeping``): where the whole hand opens and leaves nothing, a card is held back, the cheapest
first, and the first that lets every other card be laid is kept (the discard then goes out); where none does, the
opening of the most points is laid. The answers below are worked out by hand."""

from __future__ import annotations

from collections import Counter

from romme_positions import codes, position

from romme.bots import make_bot
from romme.games.romme.moves import MeldMove

OTHER = "4c 5c 9h Kd 2s 3s 7h 9c Qd 10s 2h 3h 4h"


def opening(hand: str) -> tuple[list[int], MeldMove]:
    """The expert's move with ``hand`` before it has opened, in the play phase, and the hand's cards."""
    st = position([hand, OTHER], opened=(False, False))
    move = make_bot("romme", "expert", seed=1).choose(st.clone())
    assert isinstance(move, MeldMove) and st.is_legal(move), move
    return codes(hand), move


def kept(hand: list[int], move: MeldMove) -> Counter[int]:
    laid = Counter(c for meld in move.melds for c in meld if c < 52)  # (a joker's spec is its declared card)
    jokers = sum(1 for meld in move.melds for c in meld if c >= 52)
    left = Counter(hand) - laid
    left[52] = max(0, left[52] - jokers)  # (the deck's joker code)
    return +left


def test_a_whole_hand_opening_holds_back_the_cheapest_card_that_lets_the_rest_be_laid() -> None:
    # four aces, 6 6 6, 8 8 Jd and four jokers: the whole hand opens and leaves nothing; a 6 held back leaves 6 6 and
    # a joker a set still, so every other card is laid (the 6s are the cheapest naturals)
    hand, move = opening("Ac Ad Ah As 6c 6d 6s 8c 8d Jd * * * *")
    left = kept(hand, move)
    assert sum(left.values()) == 1 and {c % 13 for c in left} == {5}, (move, left)


def test_where_no_card_lets_the_rest_be_laid_the_most_points_are_laid() -> None:
    # three melds laying all nine cards: any card held back breaks its meld; breaking 5s 6s 7s leaves Ac Ad Ah and
    # Jc Qc Kc laid (63 points), more than breaking the aces (48) or the court cards (51)
    hand, move = opening("Ac Ad Ah 5s 6s 7s Jc Qc Kc")
    assert kept(hand, move) == Counter(codes("5s 6s 7s")), move


def test_an_opening_that_leaves_a_card_is_laid_as_it_is() -> None:
    hand, move = opening("Ac Ad Ah As 6c 6d 6s 8d Jd * * 2c")
    assert kept(hand, move) == Counter(codes("2c")), move
