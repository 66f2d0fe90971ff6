"""The Rommé expert swaps a table joker where the swap sheds a card: the joker taken must be laid again in the same
turn (RULES.md §2), so it never stays in the hand.

Played under Xvfb (Rommé, three seats, game no. 0, move 205): with 8c 3h in the hand and 'swap 8c for the joker in
7c * 9c 10c Jc Qc' listed, the hint said 'discard 8c' with no why; the swap, the joker laid off and the 3h discarded
go out in that turn.
"""

from __future__ import annotations

from romme_positions import position

from romme.bots import make_bot
from romme.games.romme import RommeState

TABLE = ("7c * 9c 10c Jc Qc", "2s 3s 4s", "9h 9s 9d")


def play_seat_0(st: RommeState) -> list[str]:
    """The expert's moves for seat 0 until its turn or the deal ends."""
    bot = make_bot("romme", "expert", 1)
    played = []
    while st.current_player == 0 and not st.deal_results:
        move = bot.choose(st.clone())
        played.append(str(move))
        st.apply(move)
    return played


def test_the_expert_swaps_and_goes_out_in_the_turn():
    st = position(["8c 3h", "Kd Kh 5c 6d"], TABLE, opened=(True, True))
    assert play_seat_0(st) == ["swap 1 8c", "layoff * to 1", "discard 3h"]
    assert st.deal_results[0]["winner"] == 0


def test_the_expert_swaps_a_card_no_meld_of_the_hand_wants():
    """6c 9h 2s Kd holds no meld, and the joker makes none with it: the swap lays the 6c as a lay-off would and the
    joker goes on a table meld (counted as kept in the hand, this swap left four cards, as many as now)."""
    st = position(["6c 9h 2s Kd", "Kd Kh 5c 6d"], ("5c * 7c", "6d 7d 8d"), opened=(True, True))
    played = play_seat_0(st)
    assert played[0] == "swap 1 6c" and played[1].startswith("layoff * to ") and played[2].startswith("discard")
    assert len(st.hands[0]) == 2


def test_a_joker_swapped_into_a_meld_of_the_hand():
    """The joker taken for the 6c makes 5d 6d * with the hand: the swap and that meld (no lay-off)."""
    st = position(["6c 5d 6d Kh", "Kd Kh 5c 6d"], ("5c * 7c",), opened=(True, True))
    played = play_seat_0(st)
    assert played[0] == "swap 1 6c" and played[1].startswith("meld ") and played[2] == "discard Kh"
    assert st.deal_results[0]["winner"] == 0
