"""Rommé's greedy (Medium) and easy bots under Räuber rules without a discard pile (preset ``rauber-no-discard``):
a card leaves the hand only by being laid (RULES.md §2: "a player then goes out by laying the last card"), so a
bot that never rearranges the table keeps the cards that fit no meld to the deal's end. Greedy lost every match
to the random bot there (0 of 10, ``romme simulate romme -b greedy,random -n 10 --rotate -s 1 -r
rauber-no-discard``), whose listed rearrangements emptied its hand."""

from __future__ import annotations

import pytest
from romme_positions import codes, position

from romme.bots import make_bot
from romme.engine import new_game
from romme.games.romme.moves import Draw, Place
from romme.rules import Rules

#: Runs and sets around a 5d that no lay-off takes: only a rearrangement places it (the expert's test position).
RUNS_AROUND_5D = ("5h 6h 7h", "8h 9h 10h", "5s 6s 7s", "8s 9s 10s", "Jc Jh Js", "Qh Qs Qc", "6c 7c 8c", "9c 10c Jc",
                  "8h 8s 8d", "6h 6s 6c", "8d 9d 10d")


@pytest.mark.parametrize("level", ["greedy", "easy"])
def test_where_only_the_draw_is_listed_greedy_rearranges(level):
    """The turn lists the stock draw alone, but a rearrangement of the table places the 5d: greedy (and easy,
    which lays as greedy) lays it instead of drawing."""
    st = position(["5d 2c Kd", "4d"], table=RUNS_AROUND_5D, rauber=True, rauber_discard_pile=False, target=1)
    assert list(st.legal_moves()) == [Draw(0, "stock")]
    move = make_bot("romme", level, 0).choose(st)
    assert isinstance(move, Place) and st.is_legal(move)
    after = st.clone()
    after.apply(move)
    assert sorted(after.hands[0]) == sorted(codes("2c Kd"))


@pytest.mark.parametrize("hand", ["6c 6d", "*"])
def test_greedy_goes_out_by_a_rearrangement(hand):
    """6c 6d fit no table meld as they lie, but 3h-9h splits into 3h 4h 5h | 6h 6c 6d | 7h 8h 9h; a last joker,
    which cannot be discarded here, is laid off (greedy kept its jokers for melds): greedy lays the whole hand
    and wins the deal."""
    st = position([hand, "Kd 2c"], table=("3h 4h 5h 6h 7h 8h 9h",), rauber=True, rauber_discard_pile=False,
                  target=1)
    bot = make_bot("romme", "greedy", 0)
    while st.current_player == 0 and not st.is_over:
        st.apply(bot.choose(st))
    assert st.is_over and st.deal_results[-1]["winner"] == 0


def test_greedy_beats_random_without_a_discard_pile():
    """A short ladder of one-deal games, seats swapped: greedy wins most deals that have a winner."""
    wins = [0, 0]
    for seed in range(6):
        for greedy_seat in (0, 1):
            st = new_game("romme", players=2, seed=seed, rules=Rules.make("romme", "rauber-no-discard", target=1))
            levels = ["random", "random"]
            levels[greedy_seat] = "greedy"
            bots = [make_bot("romme", lv, f"{seed}-{p}") for p, lv in enumerate(levels)]
            while not st.is_over and st.deal_results == []:
                st.apply(bots[st.current_player].choose(st))
            winner = st.deal_results[0]["winner"] if st.deal_results else None
            if winner is not None:
                wins[winner == greedy_seat] += 1
    assert wins[1] >= 9 and wins[1] >= 3 * wins[0], wins
