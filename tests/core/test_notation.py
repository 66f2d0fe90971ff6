"""The card notation of docs/RULES.md for every deck: round trips, aliases, errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import hands

from romme.cards import Card, deck, format_cards, parse_cards, parse_codes
from romme.errors import DeckError, InvalidNotationError

GAMES = ("koenigs", "romme", "einmaleins", "rummy", "krass")


@pytest.mark.parametrize("game", GAMES)
def test_every_card_round_trips(game: str) -> None:
    d = deck(game)
    for t in d.types:
        if d.counts()[t.code] == 0:
            continue
        card = Card(game, t.code)
        assert Card.parse(str(card), game) == card
        assert eval(repr(card), {"Card": Card}) == card
        for variant in (t.token.lower(), t.token.upper(), f" {t.token} "):
            assert d.parse_token(variant) == t.code, variant


@pytest.mark.parametrize("game", GAMES)
def test_whole_deck_round_trips_as_text(game: str) -> None:
    full = deck(game).full()
    text = format_cards(game, full)
    assert parse_codes(game, text) == full
    assert parse_codes(game, text.replace(" ", ", ")) == full


@given(st.sampled_from(GAMES).flatmap(
    lambda g: st.tuples(st.just(g), hands(g, round=5) if g == "koenigs" else hands(g))))
def test_random_hands_round_trip(gh: tuple[str, list[int]]) -> None:
    game, codes = gh
    assert parse_codes(game, format_cards(game, codes)) == codes
    assert parse_codes(game, parse_cards(game, codes)) == codes


@pytest.mark.parametrize("game,text,canonical", [
    ("koenigs", "K♥ 10★ 3♣ q♦ j♠ 5☆", "Kh 10t 3c Qd Js 5t"),
    ("koenigs", "k♡ 4♧ 4♢ 4♤", "Kh 4c 4d 4s"),
    ("romme", "a♠ 10♦ K♡ 2♣", "As 10d Kh 2c"),
    ("romme", "1h 11s 12d 13c", "Ah Js Qd Kc"),
    ("einmaleins", "♥12 ●7 ▲40 ■81 w", "H12 K7 D40 Q81 W"),
    ("einmaleins", "h012 d5", "H12 D5"),
    ("rummy", "r7 b13 y01 *", "R7 B13 Y1 *"),
    ("krass", "x n s 07 12", "X N S 7 12"),
])
def test_aliases_and_case(game: str, text: str, canonical: str) -> None:
    assert format_cards(game, parse_codes(game, text)) == canonical


@pytest.mark.parametrize("game,text,position,token", [
    ("koenigs", "Kh Zz", 2, "Zz"),
    ("koenigs", "Kh 10h 1h", 3, "1h"),
    ("romme", "Ah 14h", 2, "14h"),
    ("romme", "Ah 2x", 2, "2x"),
    ("einmaleins", "H12 X5", 2, "X5"),
    ("rummy", "R0 R7", 1, "R0"),
    ("rummy", "R7 R14", 2, "R14"),
    ("krass", "1 2 13", 3, "13"),
    ("krass", "1 ** 2", 2, "**"),
])
def test_bad_token_names_token_and_position(game: str, text: str, position: int, token: str) -> None:
    with pytest.raises(InvalidNotationError, match=rf"'{__import__('re').escape(token)}' at position {position}"):
        parse_codes(game, text)


@pytest.mark.parametrize("game,text", [
    ("koenigs", "2h"), ("koenigs", "Ah"),  # Königs-Rommé has ranks 3..K only
    ("romme", "Kt"),  # no stars in Rommé
    ("einmaleins", "H13"), ("einmaleins", "K15"), ("einmaleins", "Q40"),
    ("einmaleins", "V2"), ("einmaleins", "V5"),  # ban cards are not in 1x1-Rommé
    ("rummy", "X"), ("krass", "Kh"),
])
def test_card_not_in_deck(game: str, text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_codes(game, text)


def test_einmaleins_q3_is_in_the_deck() -> None:
    # docs/DECKS.md: every symbol has the values 1..11, so Q3 exists (docs/RULES-NOTES.md)
    assert format_cards("einmaleins", parse_codes("einmaleins", "Q3")) == "Q3"


@pytest.mark.parametrize("game,text,message", [
    ("koenigs", "Kh Kh Kh", "3 copies of Kh, but the koenigs deck holds only 2"),
    ("koenigs", "* * * * * * *", "7 copies of \\*"),
    ("romme", "Ah Ah Ah", "3 copies of Ah"),
    ("einmaleins", "H12 H12", "2 copies of H12"),
    ("einmaleins", "W W W W", "4 copies of W"),
    ("rummy", "* * *", "3 copies of \\*"),
    ("krass", "X X X", "3 copies of X"),
    ("krass", "5 5 5 5 5", "5 copies of 5"),
])
def test_too_many_copies(game: str, text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        parse_codes(game, text)


def test_romme_joker_count_follows_option() -> None:
    assert len(parse_codes("romme", "* * * *", jokers_per_deck=2)) == 4
    with pytest.raises(DeckError):
        parse_codes("romme", "* * * * *", jokers_per_deck=2)
