"""The playout checker's leak scan and the hands a round's end reveals: a hand of the new deal may come
to hold by chance just the cards a seat was shown at the last deal's end (Krass, 5 seats, seed 112 of the
slow playouts: three tricks into deal 2, seat 3's five cards were those shown for seat 4). A list that
passed the scan where it was first shown shows nothing new later; any other list of a hidden hand's cards
is still a leak."""

import pytest
from playout import RevealCheck, check_observation

import romme
from romme.bots import make_bot
from romme.games.krass import KrassState

D = romme.deck("krass")


def spied(monkeypatch: pytest.MonkeyPatch) -> KrassState:
    """A game whose observations show seat 1's hand under ``round_left``."""
    real = KrassState.observation

    def leaky(self: KrassState, player: int) -> dict:
        obs = real(self, player)
        obs["round_left"] = [[D.token(c) for c in self.hands[1]]]
        return obs

    monkeypatch.setattr(KrassState, "observation", leaky)
    s = romme.new_game("krass", players=3, seed=4)
    assert isinstance(s, KrassState)
    return s


def test_a_hidden_hand_in_the_observation_is_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    s = spied(monkeypatch)
    with pytest.raises(AssertionError, match="leaks hand1"):
        check_observation(s, 0)
    with pytest.raises(AssertionError, match="leaks hand1"):  # another hand's public cards excuse nothing
        check_observation(s, 0, [[D.token(c) for c in s.hands[2]]])


def test_cards_every_seat_was_shown_leak_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    s = spied(monkeypatch)
    check_observation(s, 0, [[D.token(c) for c in reversed(s.hands[1])]])


def test_the_hands_a_reveal_shows_are_public_once_scanned() -> None:
    s = romme.new_game("krass", players=3, seed=11)
    reveal = RevealCheck(s)
    bot = make_bot("krass", "random", 11)
    while reveal.reveals == 0 and not s.is_over:
        s.apply(bot.choose(s))
        reveal.after_move(s)
    assert reveal.reveals == 1 and reveal.public == []  # not yet: the scan of this position decides
    for p in range(3):
        check_observation(s, p, reveal.public)
    reveal.scanned()
    assert reveal.public == s.observation(0)["round_left"] and len(reveal.public) == 3


def test_the_last_rounds_record_is_public_once_scanned() -> None:
    # Königs-Rommé shows the finished round's melds and hands under last_round; the next deal's stock may hold
    # other copies of a meld's cards (hostile campaign seed 5501: stock Qc Qt * beside last round's meld Qc Qt *)
    s = romme.new_game("koenigs", players=2, seed=3)
    reveal = RevealCheck(s)
    bot = make_bot("koenigs", "random", 3)
    while s.observation(0)["last_round"] is None and not s.is_over:
        s.apply(bot.choose(s))
        reveal.after_move(s)
    record = s.observation(0)["last_round"]
    assert record is not None and reveal.public == []  # not yet: the scan of this position decides
    for p in range(2):
        check_observation(s, p, reveal.public)
    reveal.scanned()
    melds = [meld for seat in record["melds"] for meld in seat]
    assert melds and all(meld in reveal.public for meld in melds)
    assert all(hand in reveal.public for hand in record["left"] if hand)
