"""Rommé rules and every option, each on a position built for it (docs/RULES.md §2, sheet 001)."""

from __future__ import annotations

import pytest
from romme_positions import D, codes, position

import romme
from romme.engine import new_game
from romme.errors import IllegalMoveError, InvalidNotationError, RulesError


def play(st, *moves: str) -> None:
    for m in moves:
        st.apply(st.parse_move(m))


def illegal(st, move: str, match: str | None = None) -> None:
    before = (st.zones(), st.phase, st.current_player)
    with pytest.raises(IllegalMoveError, match=match):
        st.apply(st.parse_move(move))
    assert (st.zones(), st.phase, st.current_player) == before


# --- the basic game -------------------------------------------------------------

def test_deal():
    st = new_game("romme", players=4, seed=3)
    assert [len(h) for h in st.hands] == [13] * 4
    assert len(st.discard) == 1 and len(st.stock) == 110 - 52 - 1
    assert st.phase == "draw" and st.current_player == 0


def test_turn_draw_meld_discard():
    st = position(["Jh Qh Kh Js Jd Jc 4c 5d", "3c 4d 5s 9c 9d"], phase="draw", discard="7c", stock_top="2s")
    illegal(st, "discard 4c", "starts with draw")
    play(st, "draw stock")
    assert "2s" in st.observation(0)["hand"]
    illegal(st, "draw discard", "already drawn")
    play(st, "meld Jh Qh Kh / Js Jd Jc")
    assert len(st.table) == 2 and st.opened[0]
    play(st, "discard 4c")
    assert st.current_player == 1 and st.phase == "draw"


def test_opening_needs_31_from_new_melds():
    st = position(["10h Jh Qh 2c 3c 4c 9d", "5s 6s"])
    illegal(st, "meld 2c 3c 4c", "opening needs 31")  # 9 points
    illegal(st, "layoff 9d to 1", "only after opening")
    play(st, "meld 10h Jh Qh / 2c 3c 4c")  # 30 + 9 = 39
    assert st.opened[0]


def test_no_lay_off_before_opening():
    st = position(["8h 2c", "5s 6s"], table=("5h 6h 7h",), opened=(False, True))
    illegal(st, "layoff 8h to 1", "only after opening")


def test_going_out_only_by_discard():
    st = position(["Jh Qh Kh", "5s 6s 9c"], table=("5h 6h 7h",), opened=(True, True))
    illegal(st, "meld Jh Qh Kh", "keep one card")
    play(st, "discard Kh")
    assert st.current_player == 1


def test_going_out_wins_and_scores():
    # the winner is credited the others' hands: joker 20, ace 11, J/Q/K 10, else face
    st = position(["Kh", "* Ac Qd 5s", "9c"], table=("5h 6h 7h",), opened=(True, True, True),
                  target=1)
    play(st, "discard Kh")
    assert st.is_over
    assert st.scores == [20 + 11 + 10 + 5 + 9, 0, 0]
    assert st.result().winners == (0,)


def test_match_spans_deals():
    st = position(["Kh", "9c", "9d"], table=("5h 6h 7h",), opened=(True,) * 3, target=30)
    play(st, "discard Kh")
    assert not st.is_over and st.scores == [18, 0, 0]
    assert st.deal_no == 1 and [len(h) for h in st.hands] == [13, 13, 13]
    assert st.current_player == 1  # the next deal starts one seat on


def test_lay_off_both_ends_sheet_example():
    # sheet: on Herz 3 4 5 6, both Herz 2 and Herz 7 can be laid off
    st = position(["2h 7h 9c", "5s 6s"], table=("3h 4h 5h 6h",))
    play(st, "layoff 2h to 1", "layoff 7h to 1")
    assert str(st.table[0]) == "2h 3h 4h 5h 6h 7h"


def test_joker_swap_and_freed_joker_must_be_used():
    st = position(["4h 9c 9d 9s 2c", "5s 6s"], table=("3h * 5h",))
    play(st, "swap 1 4h")
    assert "*" in st.observation(0)["hand"] and str(st.table[0]) == "3h 4h 5h"
    illegal(st, "discard 2c", "joker won by a swap")
    play(st, "meld 9c 9d *")
    play(st, "discard 2c")


def test_swap_refused_when_the_joker_could_not_be_laid():
    # the hand after the swap is the joker and one card; no meld takes a joker... but the run does,
    # and laying it would leave one card to discard: allowed. With a 13-card run there is no place.
    st = position(["Ah 2c", "5s 6s"], table=("*=Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh",))
    illegal(st, "swap 1 Ah", "no way to lay it")


def test_stock_empty_reshuffles_discard_but_top():
    st = position(["4c 5d", "9c 9d"], discard="2c 3c 7s", phase="draw")
    st.hands[1] = sorted(st.hands[1] + st.stock)
    st.stock = []
    play(st, "draw stock")
    assert st.discard == codes("7s") and len(st.stock) == 1 and len(st.hands[0]) == 3
    assert sorted(st.stock + st.hands[0]) == sorted(codes("4c 5d 2c 3c"))


# --- options, each tested on its own ------------------------------------------

@pytest.mark.parametrize("jpd", [0, 1, 2, 3])
def test_jokers_per_deck(jpd):
    st = new_game("romme", players=2, seed=0, jokers_per_deck=jpd)
    assert sum(st.card_count().values()) == 104 + 2 * jpd
    assert st.card_count()[52] == 2 * jpd


def test_joker_declared():
    table = ("Kh Kd *=Kc", "5s 6s 7s")
    plain = position(["Ks Kc 9c 9d", "4s"], table=table)
    play(plain, "swap 1 Ks")  # undeclared: the joker may stand for any missing suit
    declared = position(["Ks Kc 9c 9d", "4s"], table=table, joker_declared=True)
    illegal(declared, "swap 1 Ks", "stands for Ks")
    play(declared, "swap 1 Kc")
    # laying off the card a declared joker stands for is refused
    d2 = position(["Kc 9c 9d", "4s"], table=table, joker_declared=True)
    illegal(d2, "layoff Kc to 1", "different suits")
    p2 = position(["Kc 9c 9d", "4s"], table=table)
    play(p2, "layoff Kc to 1")
    assert sorted(s for c, s in p2.table[0].cards if c == 52) == codes("Ks")


def test_a_declared_joker_is_declared_anew_only_in_a_rauber_rearrangement():
    # sheet 001: "Dieser Joker kann dann nur durch genau diese Karte ersetzt werden" (joker variant), and of
    # Räuber-Rommé "Du kannst dabei Joker verwenden und neu bestimmen" (docs/RULES-NOTES.md, Rommé melds)
    table = ("Kh Kd *=Kc", "5s 6s 7s")
    declared = position(["Ks 8s 9c 9d", "4s"], table=table, joker_declared=True)
    # the set's joker written as Ks beside a lay-off passed as the lay-off, and then the Ks swapped it out
    illegal(declared, "place Kh Kd *=Ks | 5s 6s 7s 8s", "without the rauber option")
    illegal(declared, "swap 1 Ks", "stands for Ks")
    play(declared, "place Kh Kd *=Kc | 5s 6s 7s 8s")
    rauber = position(["Ks 8s 9c 9d", "4s"], table=table, joker_declared=True, rauber=True)
    play(rauber, "place Kh Kd *=Ks | 5s 6s 7s 8s")
    assert rauber.table[0].cards[-1] == (codes("*")[0], codes("Ks")[0])
    # and the Räuber table search's answer that moves the declared joker into another meld is a legal move
    hand = "Qc Qd 2c"
    found = romme.solve_table("romme", ["*=7h 8h 9h 10h"], hand, joker_declared=True, rauber=True)
    assert found.placed == (romme.Card.parse("Qc", "romme"), romme.Card.parse("Qd", "romme"))
    st = position([hand, "4s"], table=("*=7h 8h 9h 10h",), joker_declared=True, rauber=True)
    play(st, "place " + " | ".join(" ".join(f"{c}={s}" if str(c) == "*" else str(c)
                                            for c, s in zip(m.cards, m.stands_for)) for m in found.table))
    assert sorted(st.hands[0]) == codes("2c")


def test_joker_swap_completes():
    table = ("Kh Kd *", "5s 6s 7s")
    free = position(["Kc 9c", "4s"], table=table)
    play(free, "swap 1 Kc", "layoff * to 2", "discard 9c")
    strict = position(["Kc 9c", "4s"], table=table, joker_swap_completes=True)
    illegal(strict, "swap 1 Kc", "joker_swap_completes")
    full = position(["Ks 9c", "4s"], table=("Kh Kd Kc *", "5s 6s 7s"), joker_swap_completes=True)
    play(full, "swap 1 Ks")


def test_no_double_joker():
    free = position(["7h * * 2c", "4s"], opened=(True, True))
    play(free, "meld 7h * *")
    strict = position(["7h * * 2c", "4s"], opened=(True, True), no_double_joker=True)
    illegal(strict, "meld 7h * *", "no_double_joker")
    ok = position(["7h 8h * * 2c", "4s"], opened=(True, True), no_double_joker=True)
    play(ok, "meld 7h 8h * *")  # two adjacent jokers in a run of four


def test_no_double_joker_allows_a_set_of_two_naturals_and_two_jokers():
    # Sheet: "Es ist nicht gestattet, eine Figur mit nur einer Zahlen-/Bildkarte und zwei Jokern auszulegen"
    # forbids one natural with two jokers, nothing else.
    st = position(["5h 5c * * 2c", "4s"], opened=(True, True), no_double_joker=True)
    play(st, "meld 5h 5c * *")
    assert st.observation(0)["hand"] == ["2c"]


def test_opening_without_jokers():
    hand = ["Jh Qh * Ks Kd Kc 2c", "4s"]
    play(position(hand, opened=(False, False)), "meld Jh Qh * / Ks Kd Kc")
    strict = position(hand, opened=(False, False), opening_without_jokers=True)
    illegal(strict, "meld Jh Qh * / Ks Kd Kc", "opening_without_jokers")


def test_opening_points():
    hand = ["10h Jh Qh 2c", "4s"]  # 30 points
    illegal(position(hand, opened=(False, False)), "meld 10h Jh Qh", "needs 31")
    play(position(hand, opened=(False, False), opening_points=30), "meld 10h Jh Qh")
    illegal(position(["Jh Qh Kh Ah 3c", "4s"], opened=(False, False), opening_points=45),
            "meld Jh Qh Kh Ah", "needs 45")  # 41: the high ace counts 11


def test_opening_ace_low_counts_one():
    st = position(["Ad 2d 3d 10s 10h 10c 5c", "4s"], opened=(False, False))
    illegal(st, "meld Ad 2d 3d", "these make 6")
    play(st, "meld Ad 2d 3d / 10s 10h 10c")  # 6 + 30 = 36


def test_lay_off_in_opening_turn():
    hand = ["Qh Kh Ah 8s 2c", "4s"]
    table = ("5s 6s 7s",)
    st = position(hand, table=table, opened=(False, True))
    play(st, "meld Qh Kh Ah", "layoff 8s to 1")
    off = position(hand, table=table, opened=(False, True), lay_off_in_opening_turn=False)
    play(off, "meld Qh Kh Ah")
    illegal(off, "layoff 8s to 1", "lay_off_in_opening_turn")
    play(off, "discard 2c")
    off.hands[0] = sorted(off.hands[0])
    # next own turn: laying off is allowed
    play(off, "draw stock", "discard " + D.token(off.hands[1][0]))
    play(off, "draw stock", "layoff 8s to 1")


def test_discard_pickup_after_opening():
    # the discard Kc does not help seat 0 open
    no_help = {"hands": ["2c 5d 9s", "4s"], "discard": "Kc", "phase": "draw", "opened": (False, False)}
    play(position(**no_help), "draw discard")
    illegal(position(**no_help, discard_pickup_after_opening=True), "draw discard",
            "discard_pickup_after_opening")
    # an opened player may take it
    play(position(**{**no_help, "opened": (True, False)}, discard_pickup_after_opening=True),
         "draw discard")
    # ... and so may one who opens with it this turn; then the opening must use it
    st = position(["Kh Kd Kc 10h Jh Qh 3c", "4s"], discard="Ks", phase="draw", opened=(False, False),
                  discard_pickup_after_opening=True)
    play(st, "draw discard")
    illegal(st, "discard 3c", "used to open")
    illegal(st, "meld 10h Jh Qh / Kh Kd Kc", "must use the taken Ks")
    play(st, "meld Kh Kd Ks Kc")
    play(st, "discard 3c")


def test_wrap_around():
    hand = ["Kh Ah 2h Qs Ks As 4c", "4s"]
    illegal(position(hand, opened=(True, True)), "meld Kh Ah 2h", "run")
    play(position(hand, opened=(True, True), wrap_around=True), "meld Kh Ah 2h")
    st = position(["2s 4c", "4s"], table=("Qs Ks As",), wrap_around=True)
    play(st, "layoff 2s to 1")
    illegal(position(["2s 4c", "4s"], table=("Qs Ks As",)), "layoff 2s to 1", "does not extend")


def knock_position(**options):
    # seat 0 discards 9c; seats 2 and 3 have opened; seat 1 is next
    return position(["9c 4d", "2s 3s", "5h 6h", "7d 8d"], table=("Jh Qh Kh",), discard="2c",
                    stock_top="Ad Qc", opened=(True, False, True, True), **options)


def test_knocking_next_player_has_priority():
    st = knock_position(knocking=True)
    play(st, "discard 9c")
    assert st.phase == "knock" and st.current_player == 2  # first in clockwise order after seat 1
    play(st, "knock")
    assert st.phase == "draw" and st.current_player == 1 and st.observation(1)["knocker"] == 2
    play(st, "draw discard")  # the next player takes it as their draw
    assert codes("9c")[0] in st.hands[1] and len(st.hands[2]) == 2


def test_knocking_knocker_takes_card_and_penalty():
    st = knock_position(knocking=True)
    play(st, "discard 9c", "pass")
    assert st.current_player == 3  # seat 2 passed; seat 3 may knock
    play(st, "knock", "draw stock")
    assert codes("Qc")[0] in st.hands[1]  # the next player's draw
    assert sorted(st.hands[3]) == sorted(codes("7d 8d 9c Ad"))  # the discard plus a penalty card
    assert st.discard == codes("2c")


def test_knocking_off_has_no_window():
    st = knock_position()
    play(st, "discard 9c")
    assert st.phase == "draw" and st.current_player == 1
    illegal(st, "knock")


def test_hand_romme():
    hand = ["2h 3h 4h 5c 5d 5s 9c", "Kc Qc", "Ac"]
    illegal(position(hand, opened=(False,) * 3), "meld 2h 3h 4h / 5c 5d 5s", "needs 31")
    st = position(hand, opened=(False,) * 3, hand_romme=True, target=1)
    play(st, "meld 2h 3h 4h / 5c 5d 5s", "discard 9c")
    assert st.is_over and st.scores[0] == 2 * (20 + 11)
    assert st.deal_results[-1]["hand_romme"]
    # going out later than the opening turn is not doubled
    later = position(["9c", "Kc Qc", "Ac"], table=("2h 3h 4h",), opened=(True, False, False),
                     hand_romme=True, target=1)
    play(later, "discard 9c")
    assert later.scores[0] == 31


def test_rauber_rearrange():
    table = ("5h 6h 7h 8h", "9s 9d 9c")
    move = "rearrange 5h 6h 7h / 8h 9h 10h / 9s 9d 9c"
    illegal(position(["9h 10h 2c", "4s"], table=table), move, "rauber option")
    st = position(["9h 10h 2c", "4s"], table=table, rauber=True)
    play(st, move)
    assert len(st.table) == 3 and st.observation(0)["hand"] == ["2c"]
    # jokers may be re-assigned freely
    st2 = position(["5d 2c 3c", "4s"], table=("5h * 7h", "5s 5c 5h"), rauber=True)
    play(st2, "rearrange 5h *=6h 7h / 5s 5c 5d 5h")
    # every meld must be valid and no table card may go missing
    st3 = position(["9h 2c 3c", "4s"], table=table, rauber=True)
    illegal(st3, "rearrange 5h 6h 7h 8h 9h / 9s 9d", "3 or 4")
    illegal(st3, "rearrange 5h 6h 7h 8h 9h", "rauber_table_to_hand")


def test_rauber_table_to_hand():
    table = ("5h 6h 7h 8h",)
    move = "rearrange 6h 7h 8h 9h 10h"  # 5h goes to the hand
    illegal(position(["9h 10h 2c", "4s"], table=table, rauber=True), move, "rauber_table_to_hand")
    st = position(["9h 10h 2c", "4s"], table=table, rauber=True, rauber_table_to_hand=True)
    play(st, move)
    assert sorted(st.observation(0)["hand"]) == ["2c", "5h"]


def test_rauber_table_to_hand_may_take_back_as_many_as_it_places():
    # Sheet: "Einigt euch vor dem Spiel, ob ... Karten beim Neubilden von Figuren wieder auf die Hand genommen
    # werden dürfen" -- and no limit on how many: 9h goes down, 5h and 6h come back.
    table = ("5h 6h 7h 8h", "7s 7d 7c")
    st = position(["9h 2c 3c", "4s"], table=table, rauber=True, rauber_table_to_hand=True)
    play(st, "rearrange 7h 8h 9h / 7s 7d 7c")
    assert sorted(st.observation(0)["hand"]) == ["2c", "3c", "5h", "6h"]
    # a rearrangement still lays a hand card: moving the table about alone is no move
    st = position(["9h 2c 3c", "4s"], table=table, rauber=True, rauber_table_to_hand=True)
    illegal(st, "rearrange 6h 7h 8h / 7s 7d 7c", "at least one hand card")


def test_rauber_without_discard_pile():
    st = new_game("romme", players=2, seed=4, rules="rauber-no-discard")
    assert st.discard == [] and st.phase == "play"
    assert {str(m) for m in st.legal_moves()} >= {"draw stock"}
    play(st, "draw stock")  # drawing ends the turn
    assert st.current_player == 1 and len(st.hands[0]) == 14
    illegal(st, "discard " + D.token(st.hands[1][0]), "no discards")
    s2 = position(["Jh Qh Kh", "4s"], rauber=True, rauber_discard_pile=False, opened=(True, True),
                  discard="", target=1)
    play(s2, "meld Jh Qh Kh")  # without a discard pile the last cards may be melded
    assert s2.is_over and s2.scores[0] == 4


def test_rauber_discard_pile_default_keeps_discards():
    st = new_game("romme", players=2, seed=4, rules="rauber")
    assert len(st.discard) == 1 and st.phase == "draw"


# --- notation and errors ----------------------------------------------------------------

def test_notation_round_trip():
    st = position(["Jh Qh Kh * 2c", "4s"], table=("5s 6s 7s",))
    for text in ["meld Jh Qh Kh", "meld Jh Qh *=Kh", "layoff * to 1", "layoff *=8s to 1", "swap 1 Kh",
                 "discard 2c", "place 5s 6s 7s | Jh Qh Kh", "meld Jh Qh Kh | 5s 6s 7s", "knock", "pass", "end",
                 "draw stock"]:
        m = st.parse_move(text)
        assert str(m) == text
        assert st.move_from_json(m.to_json()) == m


def test_old_table_notation_still_reads():
    """Saves and move logs written before the one table notation: melds split by ``/``, ``rearrange`` for
    ``place`` (its JSON kind ``rearrange`` with ``melds`` lists); ``lay``/``add`` are the table games' words."""
    st = position(["Jh Qh Kh * 2c", "4s"], table=("5s 6s 7s",))
    assert st.parse_move("rearrange 5s 6s 7s / Jh Qh Kh") == st.parse_move("place 5s 6s 7s | Jh Qh Kh")
    assert st.parse_move("meld Jh Qh Kh / 5s 6s 7s") == st.parse_move("meld Jh Qh Kh | 5s 6s 7s")
    assert st.parse_move("lay Jh Qh Kh") == st.parse_move("meld Jh Qh Kh")
    assert st.parse_move("add * 1") == st.parse_move("layoff * to 1")
    old = {"kind": "rearrange", "player": 0, "melds": [["5s", "6s", "7s"], ["Jh", "Qh", "*=Kh"]]}
    assert st.move_from_json(old) == st.parse_move("place 5s 6s 7s | Jh Qh *=Kh")


@pytest.mark.parametrize("text", ["", "discard", "discard Zz", "meld", "layoff 7h 3", "swap x Kh",
                                  "draw pile", "meld 7h / ", "layoff 7h to 0"])
def test_bad_notation(text):
    st = new_game("romme", players=2, seed=0)
    with pytest.raises(InvalidNotationError):
        st.parse_move(text)


def test_bad_rules():
    with pytest.raises(RulesError, match="valid options"):
        new_game("romme", players=2, klopfen=True)
    with pytest.raises(RulesError):
        new_game("romme", players=7)
    with pytest.raises(RulesError):
        new_game("romme", players=2, jokers_per_deck=4)


def test_observation_hides_hands_and_stock():
    st = new_game("romme", players=3, seed=2)
    obs = st.observation(1)
    assert obs["hand"] == [D.token(c) for c in st.hands[1]]
    assert obs["hand_sizes"] == [13, 13, 13] and obs["stock_size"] == len(st.stock)
    assert set(obs) >= {"discard_top", "table", "scores", "opened", "phase"}
    assert "stock" not in obs and "hands" not in obs


def test_freed_joker_with_no_room_on_the_table_is_listed_as_a_new_meld():
    # every table meld is full, so the joker can only go into a new meld with 10c Jc
    st = position(["2c 10c Jc Qs", "4s"], table=("10d 10h 10s 10c", "Qd Qh * *"))
    play(st, "swap 2 Qs")
    legal = [str(m) for m in st.legal_moves()]
    assert legal and all(m.startswith("meld") for m in legal)
    assert "meld 10c Jc *" in legal
    illegal(st, "swap 2 Qc", "joker won by the last swap")


def test_deal_without_lays_ends_after_two_refills():
    # Räuber-Rommé (a rearrangement could still make room, so the deal is not judged locked at once): one
    # card each, nobody lays; the stock is turned over twice, then the deal ends without a winner
    st = position(["9c", "3d"], table=("10d 10h 10c 10s", "Kh Ks Kc Kd"), phase="draw", rauber=True)
    st.discard = st.discard + st.stock[:-5]
    st.stock = st.stock[-5:]
    rounds = 0
    while st.deal_no == 0:
        p = st.current_player
        play(st, "draw stock", "discard " + D.token(st.hands[p][0]))
        rounds += 1
    assert st.deal_results[-1] == {"deal": 1, "winner": None, "points": 0, "hand_romme": False}
    assert st.scores == [0, 0] and 2 * 90 < rounds < 3 * 100


def test_deal_ends_at_once_when_nobody_can_lay_again():
    # play-test S2: every meld full, one card in each hand: a turn holds two cards at most, no lay-off has a
    # target, so the deal ends at the next turn instead of turning the stock over and over
    st = position(["9c Ks 5h", "3d"], table=("10d 10h 10c 10s", "Kh Kc Kd"))
    play(st, "layoff Ks to 2")
    assert st.deal_no == 0
    play(st, "discard 5h")
    assert st.deal_no == 1 and st.deal_results[-1] == {"deal": 1, "winner": None, "points": 0, "hand_romme": False}
    assert st.round_left == [["9c"], ["3d"]] and all(len(h) == 13 for h in st.hands)


@pytest.mark.parametrize(
    ("hands", "table", "options"),
    [
        (["9c Ks 5h", "3d"], ("10d 10h 10c 10s", "Kh Kc Kd", "4h 5h 6h"), {}),  # the run still takes 3h / 7h
        (["9c Ks 5h", "3d"], ("10d 10h 10c", "Kh Kc Kd"), {}),  # 10s and a joker still fit the tens
        (["9c Ks 5h", "3d 4d"], ("10d 10h 10c 10s", "Kh Kc Kd"), {}),  # a turn of three cards can meld
        (["9c Ks 5h", "3d", "4c"], ("10d 10h 10c 10s", "Kh Kc Kd"), {"knocking": True}),  # a knocker takes two
        (["9c Ks 5h", "3d"], ("10d 10h 10c 10s", "Kh Kc Kd"), {"rauber": True}),  # rearranging may make room
    ],
)
def test_deal_goes_on_while_a_card_can_still_be_laid(hands: list[str], table: tuple[str, ...],
                                                     options: dict[str, bool]) -> None:
    st = position(hands, table=table, **options)
    play(st, "layoff Ks to 2", "discard 5h")
    while st.phase == "knock":
        play(st, "pass")
    assert st.deal_no == 0 and st.phase == "draw"


def test_table_draft_builds_a_rearrangement():
    """The table games' one draft helper on a Räuber-Rommé table: a card moved out of a run, hand cards
    added, a joker swapped and laid on again; the draft's place-move is the game's."""
    from romme.games.romme.table import table_draft

    st = position(["9h 10h 5d 2c", "4s"], table=("5h 6h 7h 8h", "5s 5c *=5h"), rauber=True)
    draft = table_draft(st)
    c = {t: D.parse_token(t) for t in "8h 9h 10h 5d *".split()}
    draft.move(c["8h"], 0, None)
    draft.add(c["9h"], 2).add(c["10h"], 2)
    draft.swap(1, c["5d"])  # the joker leaves the set ...
    draft.add_taken(c["*"], 2)  # ... and goes on into the run
    move = draft.to_move(st)
    assert str(move) == "place 5h 6h 7h | 5s 5c 5d | 8h 9h 10h *"
    play(st, str(move))
    assert [str(m) for m in st.table] == ["5h 6h 7h", "5s 5c 5d", "8h 9h 10h *=Jh"]
    assert st.observation(0)["hand"] == ["2c"]
    with pytest.raises(IllegalMoveError):
        table_draft(st).add(D.parse_token("Kh"), 0)


def test_a_card_laid_on_a_meld_and_taken_back_leaves_its_wild_as_it_was():
    """The draft read a meld a step changed afresh, wilds too: under joker_declared a set's joker declared Ks
    came back as Kc after the Kc was laid on it and taken back on the board, and the turn's place was then
    refused (a declared joker is not read anew outside a Räuber rearrangement); a run's joker likewise."""
    from romme.games.romme.table import table_draft

    for table, card, options in [(("Kh Kd *=Ks", "5s 6s 7s"), "Kc", {"joker_declared": True}),
                                 (("*=6h 7h 8h", "5s 6s 7s"), "9h", {})]:
        st = position([f"{card} 8s 9c 9d", "4s"], table=table, **options)
        draft = table_draft(st)
        draft.add(D.parse_token(card), 0).back(0, D.parse_token(card))
        draft.add(D.parse_token("8s"), 1)
        assert draft.text() == f"place {table[0]} | 5s 6s 7s 8s"
        play(st, draft.text())
        assert str(st.table[0]) == table[0]


def test_terminal_board_and_deal_notes():
    from rich.console import Console

    from romme.games.romme.view import describe, render_board

    st = position(["Kh", "* Ac"], table=("5h 6h 7h",), opened=(True, True), target=100)
    console = Console(record=True, width=100)
    console.print(render_board(st, 0))
    text = console.export_text()
    assert "5h 6h 7h" in text and "Your hand: Kh" in text and "* Ac" not in text
    before = st.clone()
    play(st, "discard Kh")
    assert describe(before, st.history[-1], st, 0)[0] == "Deal 1: seat 0 goes out and scores 31"


def test_knocking_with_two_players_has_nobody_to_knock():
    st = position(["9c 4d", "2s 3s"], table=("Jh Qh Kh",), opened=(True, True), knocking=True)
    play(st, "discard 9c")
    assert st.phase == "draw" and st.current_player == 1


def test_unopened_players_cannot_knock():
    st = knock_position(knocking=True)
    st.opened = [True, False, False, True]
    play(st, "discard 9c")
    assert st.phase == "knock" and st.current_player == 3 and st.knock_queue == [3]


@pytest.mark.parametrize("preset", ["standard", "klopfen", "rauber-no-discard", "strict"])
def test_seat_view_tells_what_the_observation_tells(preset: str) -> None:
    from romme.bots import make_bot
    from romme.cards import deck
    from romme.rules import Rules

    d = deck("romme")
    s = new_game("romme", players=3, seed=4, rules=Rules.make("romme", preset, target=1))
    bots = [make_bot("romme", "random", f"view/{q}") for q in range(3)]
    while not s.is_over and len(s.history) < 400:
        for q in range(3):
            obs, view = s.observation(q), s.seat_view(q)
            assert [d.token(c) for c in view.hand] == obs["hand"]
            assert [[d.token(c) for c, _ in m.cards] for m in view.table] == [m["cards"] for m in obs["table"]]
            assert [[d.token(x) for _, x in m.cards] for m in view.table] == [m["stands_for"] for m in obs["table"]]
            top, must = obs["discard_top"], obs["must_open_with"]
            assert view.discard_top == (None if top is None else d.parse_token(top))
            assert view.must_open_with == (None if must is None else d.parse_token(must))
            assert (view.phase, view.player, view.hand_sizes, view.stock_size, view.opened, view.owed_jokers) == (
                obs["phase"], obs["player"], obs["hand_sizes"], obs["stock_size"], obs["opened"], obs["owed_jokers"])
        s.apply(bots[s.current_player].choose(s))
    with pytest.raises(RulesError, match="no seat"):
        s.seat_view(3)


@pytest.mark.parametrize("preset", ["standard", "strict", "40"])
def test_no_part_of_a_hand_opens_when_the_whole_hand_does_not(preset: str) -> None:
    """The expert asks for no opening without a card once the whole hand has none: the best opening
    only shrinks as cards are left out."""
    from romme import _core
    from romme.cards import deck
    from romme.rng import Rng
    from romme.rules import Rules

    options = dict(Rules.make("romme", preset).options)
    rng = Rng(f"opening/{preset}")
    closed = 0
    for _ in range(150):
        full = deck("romme").full(**options)
        rng.shuffle(full)
        hand = sorted(full[:14])
        if _core.solve_hand("romme", hand, "opening", options).opening_points is not None:
            continue
        closed += 1
        for i in range(len(hand)):
            assert _core.solve_hand("romme", hand[:i] + hand[i + 1:], "opening", options).opening_points is None
    assert closed > 20
