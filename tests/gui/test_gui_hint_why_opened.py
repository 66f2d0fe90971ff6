"""Headless: an opened Rommé seat's hint names the cards its reason is about, and says why a discard is not the card
that counts most.

Play-test gaps (session 59): after opening, 'draw discard 9c — with 9c: 3 cards fit in melds' left the player to find
the three cards; a discard below the hand's highest card said only 'no card of the hand fits the table or a new meld',
no reason for the choice ('discard Jc' with Ad in the hand); with a joker in the hand, which could only be laid off,
'discard 9c' said no why at all. The expert keeps the cards in more pairs and near runs (the core's DiscardOutlook)
and keeps its joker for a meld; the reasons are checked against the position, not taken from the bot.
"""

from __future__ import annotations

from gui_driver import play_until
from romme_positions import position

import romme
from romme_table.controller import Controller, Seat
from romme_table.hints import nothing_fits, reason

NINES = {"hand": ["3d", "6c", "6d", "6d", "9c", "9d", "9s"], "opened": [True, True], "player": 0}


def opened(c: Controller) -> bool:
    flags = c.observation().get("opened")
    return isinstance(flags, list) and bool(flags[c.viewer])


def romme_game(seed: int) -> Controller:
    return Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "expert")], seed=seed, bot_delay=0.0)


def test_an_opened_hands_melds_are_named() -> None:
    assert reason("romme", NINES, "en") == "3 cards fit in melds: 9c 9d 9s"
    assert reason("romme", NINES, "de") == "3 Karten passen in Figuren: 9c 9d 9s"
    # never the card the move discards (a hand that is one meld keeps a card to discard), nor beside a move that
    # lays cards itself (the solver's melds could be others than the move's)
    assert reason("romme", NINES, "en", discard="9d") == "3 cards fit in melds"
    assert reason("romme", NINES, "en", laying=True) == "3 cards fit in melds"


def test_the_draw_discard_hint_names_the_meld_the_card_makes() -> None:
    c = romme_game(0)

    def takes_the_discard(c: Controller) -> bool:
        if not opened(c):
            return False
        c.hint()
        j = c.hint_move.to_json() if c.hint_move is not None else {}
        return j.get("kind") == "draw" and j.get("source") == "discard"

    assert play_until(c, takes_the_discard, level="expert")
    assert c.message == "hint: draw discard 9c — with 9c: 3 cards fit in melds: 9c 9d 9s", c.message


def discards_below_the_top(most_above: int):  # type: ignore[no-untyped-def]
    """A play_until test: the opened seat's hint discards a card below at least ``most_above`` of the hand's
    naturals by points (no joker in the hand)."""

    def found(c: Controller) -> bool:
        if not opened(c) or c.state.phase != "play" or "*" in c.hand():
            return False
        c.hint()
        j = c.hint_move.to_json() if c.hint_move is not None else {}
        if j.get("kind") != "discard":
            return False
        points = {card: romme.solve_hand("romme", [card]).left_points for card in c.hand()}
        return sum(p > points[j["card"]] for p in points.values()) >= most_above

    return found


def test_a_discard_below_the_highest_card_names_the_cards_kept() -> None:
    c = romme_game(0)
    assert play_until(c, discards_below_the_top(1), level="expert")
    assert sorted(c.hand()) == ["6c", "6d", "6d", "9d", "9s", "Ad", "Jc", "Kd"]  # Ad only counts more than Jc
    assert c.message == (
        "hint: discard Jc — no card of the hand fits the table or a new meld; Ad counts more but is in more pairs and "
        "near runs than Jc"), c.message
    assert nothing_fits("romme", c.state, c.hint_move.to_json(), "de") == (
        "keine Handkarte passt an den Tisch oder in eine neue Figur; Ad zählt mehr, ist aber in mehr Paaren und "
        "Reihenanfängen als Jc")


def test_a_discard_below_many_cards_is_in_the_fewest_pairs_and_near_runs() -> None:
    """Where more than three cards count more, the reason is said of the discard, not of a long list."""
    c = romme_game(0)
    assert play_until(c, discards_below_the_top(4), level="expert")
    assert sorted(c.hand()) == ["10h", "2s", "5d", "6s", "8c", "Jh", "Kc", "Ks"]  # 10h Jh, Kc Ks: pairs, near runs
    assert c.message.endswith(
        "discard 8c — no card of the hand fits the table or a new meld; 8c is in the fewest pairs and near runs, "
        "and the highest of those"), c.message


def test_a_joker_only_a_lay_off_could_take_is_kept() -> None:
    """Game no. 3's position (expert bots) with the hand '* 3h 7h 9c', rigged: only the joker fits the table."""
    st = position(["* 3h 7h 9c", "Kd Kh 5c 6d"], ("Ks Kd Kc", "4d 5d 6d"), opened=(True, True))
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "expert")], seed=3, rules=st.rules, bot_delay=0.0)
    c.replace_state(st)
    assert {m.to_json()["kind"] for m in c.state.legal_moves()} == {"discard", "layoff"}
    c.hint()
    assert c.hint_move is not None and c.hint_move.to_json().get("kind") == "discard"
    assert c.message == (
        "hint: discard 9c — only a joker could be laid off: keep it for a meld that needs it; 9c counts most after "
        "the joker (9 points)"), c.message
    assert nothing_fits("romme", c.state, c.hint_move.to_json(), "de") == (
        "nur ein Joker ließe sich anlegen: behalte ihn für eine Figur, die ihn braucht; 9c zählt nach dem Joker am "
        "meisten (9 Punkte)")
