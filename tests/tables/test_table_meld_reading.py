"""One meld reading per game: the table's live check (``romme.table.read_meld``, which the window's drafts and
editor ask) reads a meld exactly as the game lays it. Ambiguous melds follow docs/RULES.md's decisions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from romme import new_game
from romme.cards import deck
from romme.games.rummy import MELDS as RUMMY
from romme.games.tablemoves import parse_draft
from romme.table import read_meld


def test_romme_one_natural_with_free_jokers_is_a_set_unless_declared() -> None:
    meld = read_meld("romme", "9c * *")
    assert meld is not None and meld.kind == "set" and meld.points == 27
    declared = read_meld("romme", "9c *=10c *=Jc")
    assert declared is not None and declared.kind == "run" and declared.points == 29


def test_romme_live_check_shows_the_meld_the_game_lays() -> None:
    """Lay ``9c * * | Kh Kd Ks`` as an opening: the table holds the set the live check showed."""
    state = new_game("romme", players=2, seed=1)
    # a rigged hand: its first cards replaced (two decks of 110 cards: the copies stay within the deck)
    codes = [deck("romme").parse_token(t) for t in ["9c", "*", "*", "Kh", "Kd", "Ks"]]
    state.hands[0][: len(codes)] = codes
    state.apply(state.legal_moves()[0])  # draw
    shown = read_meld("romme", "9c * *")
    state.apply(state.parse_move("meld 9c * * | Kh Kd Ks"))
    laid = state.observation(0)["table"][0]
    assert shown is not None and laid["kind"] == shown.kind and laid["points"] == shown.points


def test_rummy_free_jokers_read_as_the_meld_that_stands_for_more() -> None:
    run = read_meld("rummy", "R5 * *")
    assert run is not None and run.kind == "run" and [str(c) for c in run.stands_for] == ["R5", "R6", "R7"]
    declared = read_meld("rummy", "R5 *=B5 *")
    assert declared is not None and declared.kind == "set"


RUMMY_TOKENS = [t.token for t in deck("rummy").types]


@given(st.lists(st.sampled_from(RUMMY_TOKENS), min_size=3, max_size=6))
def test_rummy_live_check_equals_the_games_acceptance(tokens: list[str]) -> None:
    text = " ".join(tokens)
    shown = read_meld("rummy", text)
    laid = RUMMY.resolve(parse_draft("rummy", text))
    assert (shown is None) == (laid is None)
    if shown is not None and laid is not None:
        assert [(c.code, s.code) for c, s in zip(shown.cards, shown.stands_for)] == list(laid)



@given(st.sampled_from(["romme", "rummy", "einmaleins"]), st.data())
def test_meld_fault_answers_a_reason_exactly_when_read_meld_refuses(game: str, data: st.DataObject) -> None:
    """The board names a broken meld by meld_fault's reason: it refuses what read_meld refuses, no more."""
    from romme.table import meld_fault

    d = deck(game)
    codes = data.draw(st.lists(st.integers(0, len(d.types) - 1), min_size=1, max_size=5))
    cards = [d.token(c) for c in codes]
    read, why = read_meld(game, cards), meld_fault(game, cards)
    assert (read is None) == (why is not None), (cards, read, why)
    assert why is None or (why and "\n" not in why)
