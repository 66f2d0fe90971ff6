"""Krass Kariert: the sheet's trick examples and every rule of docs/RULES.md §5.

The sheet's players sit Andy (seat 0), Carla (1), Nico (2), Susie (3),
clockwise; hands are dealt through ``KrassState.from_position``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from romme import deck
from romme.engine import list_games, new_game, replay
from romme.errors import IllegalMoveError, InvalidNotationError, RulesError
from romme.games.krass import (
    InsertMove,
    KrassState,
    PlayMove,
    ReserveMove,
    move_from_json,
)

ANDY, CARLA, NICO, SUSIE = range(4)
FULL = Counter(deck("krass").full())


def game(hands: list[str], reserves: list[str] | None = None, stock: str = "", leader: int = 0,
         chips: list[int] | None = None, **kw: object) -> KrassState:
    reserves = reserves if reserves is not None else [""] * len(hands)
    return KrassState.from_position(hands, reserves, stock, leader=leader, chips=chips, **kw)


def do(st: KrassState, *texts: str) -> None:
    for t in texts:
        st.apply(st.parse_move(t))


def hand(st: KrassState, p: int) -> str:
    return " ".join(st.observation(p)["hand"])


def losers(st: KrassState) -> list[int]:
    return [x["seat"] for x in st.deal_log[-1]["losers"]]


def snapshot(st: KrassState) -> tuple[object, ...]:
    return (st.zones(), [st.observation(p) for p in range(st.num_players)], st.phase,
            st.current_player, len(st.history))


# --- the sheet's examples ----------------------------------------------------


def test_sheet_example_overbidding() -> None:
    """Andy solo 8; Carla beats with 12; Nico with the adjacent 5 and 4 as a
    2-straight; Susie with the higher 2-straight 5-6."""
    st = game(["8 1 3", "12 1 3", "5 4 9", "5 6 1"], ["", "", "", ""], leader=ANDY)
    do(st, "play 0")
    assert st.observation(CARLA)["to_beat"] == "solo 8"
    do(st, "play 0")
    assert st.observation(NICO)["to_beat"] == "solo 12"
    assert not st.is_legal(PlayMove(NICO, 2, 1))  # solo 9 does not beat solo 12
    do(st, "play 0-1")
    assert st.observation(SUSIE)["to_beat"] == "2-straight 5"
    assert [str(m) for m in st.legal_moves()] == ["play 0-1"]  # 5-6; solo 5/6/1 and 6-1 do not
    do(st, "play 0-1")
    # Susie's 2-straight won; she leads the next trick.
    assert st.current_player == SUSIE and st.phase == "lead"
    assert st.last_trick is not None and st.last_trick["winner"] == SUSIE


def test_sheet_example_reserves() -> None:
    """Susie pair 11; Andy 3-straight 6-7-8; Carla cannot beat and takes her
    reserve 7 next to her 6; Nico cannot beat and takes his reserve 12."""
    st = game(["6 7 8 2", "6 1 3 9 12 10", "2 4 6 8 10 12", "11 11 1 5"],
              ["1 3", "7 2", "12 1", "5 4"], leader=SUSIE)
    do(st, "play 0-1")
    assert st.observation(ANDY)["to_beat"] == "pair 11"
    do(st, "play 0-2")
    assert st.observation(CARLA)["to_beat"] == "3-straight 8"
    assert all(isinstance(m, ReserveMove) for m in st.legal_moves())
    assert len(st.legal_moves()) == 2 * 7  # two reserves, seven positions
    do(st, "reserve 0 at 1")
    assert hand(st, CARLA) == "6 7 1 3 9 12 10"
    assert st.observation(NICO)["reserves"][CARLA] == ["2"]
    do(st, "reserve 0 at 6")
    assert hand(st, NICO) == "2 4 6 8 10 12 12"
    assert st.current_player == ANDY and st.phase == "lead"  # Andy's 3-straight won
    # and now Carla's 6-7 is a 2-straight she can play
    do(st, "play 0", "play 0-1")
    assert st.trick[-1].cards == (5, 6)  # codes of 6 and 7 and st.observation(NICO)["to_beat"] == "2-straight 7"


def test_sheet_example_draw_card() -> None:
    """Andy solo 12; Carla 2-straight 7-6; Nico 2-straight 11-12; Susie her draw
    card. Nico wins, draws three cards one at a time, then leads."""
    st = game(["12 1 3", "7 6 1", "11 12 2", "N 5 9"], stock="4 10 X 2", leader=ANDY)
    do(st, "play 0", "play 0-1", "play 0-1")
    assert st.observation(SUSIE)["to_beat"] == "2-straight 12"
    do(st, "play 0")
    assert st.phase == "insert" and st.current_player == NICO
    obs = st.observation(NICO)
    assert obs["drawing"] == {"player": NICO, "left": 3, "card": "4"}
    assert "card" not in st.observation(ANDY)["drawing"]
    assert all(isinstance(m, InsertMove) for m in st.legal_moves()) and len(st.legal_moves()) == 2
    do(st, "insert at 1")
    assert hand(st, NICO) == "2 4" and st.observation(NICO)["drawing"]["card"] == "10"
    do(st, "insert at 0", "insert at 3")
    assert hand(st, NICO) == "10 2 4 X"
    assert st.observation(ANDY)["stock_size"] == 1
    assert st.current_player == NICO and st.phase == "lead"


def test_draw_card_lead_next_may_play_anything() -> None:
    """A trick led with a draw card: the next player may play anything (or take a reserve)."""
    st = game(["N 12 12", "1 4 5", "2 3 7", "9 8 6"], ["5", "9", "10", "11"], leader=ANDY)
    do(st, "play 0")
    assert st.observation(CARLA)["to_beat"] is None
    moves = {str(m) for m in st.legal_moves()}
    assert {"play 0", "play 1", "play 2", "play 1-2", "reserve 0 at 0"} <= moves


def test_draw_card_next_player_beats_what_lay_before() -> None:
    st = game(["9 1 1", "N 3 3", "10 4 5", "8 8 6"], stock="1 2 3", leader=ANDY)
    do(st, "play 0", "play 0")  # Andy solo 9, Carla her draw card
    assert st.observation(NICO)["to_beat"] == "solo 9"
    assert not st.is_legal(PlayMove(NICO, 1, 1))  # solo 4 does not beat the 9 before the draw card
    do(st, "play 0")  # solo 10
    do(st, "play 0-1")  # Susie's pair 8 is the highest combination
    assert st.phase == "insert" and st.current_player == SUSIE


def test_draw_card_lead_wins_when_the_others_only_take_reserves_or_draw() -> None:
    """Led with a draw card; Carla and Susie take reserves, Nico plays the second
    draw card: Andy wins and draws six cards."""
    st = game(["N 12 12", "1 4 5", "N 3 7", "9 8 6"], ["", "5", "", "11"], stock="1 2 3 4 5 6",
              leader=ANDY)
    do(st, "play 0", "reserve 0 at 0", "play 0", "reserve 0 at 3")
    assert st.phase == "insert" and st.current_player == ANDY
    assert st.observation(ANDY)["drawing"]["left"] == 6
    do(st, *["insert at 0"] * 6)
    assert hand(st, ANDY) == "6 5 4 3 2 1 12 12"
    assert st.current_player == ANDY and st.phase == "lead" and st.stock == []


def test_draw_winner_who_emptied_the_hand_stays_in() -> None:
    st = game(["12 1 3", "7 6 1", "11 12", "N 5 9"], stock="4 10 2", leader=ANDY)
    do(st, "play 0", "play 0-1", "play 0-1")
    assert hand(st, NICO) == ""
    do(st, "play 0", "insert at 0", "insert at 0", "insert at 0")
    assert hand(st, NICO) == "2 10 4"
    assert st.in_deal[NICO] and st.current_player == NICO and st.phase == "lead"


# --- stop cards ----------------------------------------------------------------


def test_stop_ends_the_trick_at_once_and_wins_it() -> None:
    st = game(["5 1", "S 2", "12 12 12", "11 11 11"], leader=ANDY)
    do(st, "play 0")
    assert "play 0" in {str(m) for m in st.legal_moves()}
    do(st, "play 0")
    assert st.current_player == CARLA and st.phase == "lead"
    assert hand(st, NICO) == "12 12 12" and hand(st, SUSIE) == "11 11 11"


def test_stop_is_always_allowed() -> None:
    st = game(["12 12 12 1", "S 2", "3 4", "5 6"], leader=ANDY)
    do(st, "play 0-2")
    assert [str(m) for m in st.legal_moves()] == ["play 0"]
    do(st, "play 0")
    assert st.current_player == CARLA and st.phase == "lead"


def test_stop_as_lead_wins_at_once() -> None:
    st = game(["S 1", "2 3", "4 5", "6 7"], leader=ANDY)
    do(st, "play 0")
    assert st.current_player == ANDY and st.phase == "lead" and st.trick_no == 2


def test_stop_wins_a_trick_with_a_draw_card_and_draws() -> None:
    st = game(["5 1", "N 2", "S 3", "6 7"], stock="8 9 10", leader=ANDY)
    do(st, "play 0", "play 0", "play 0")
    assert st.phase == "insert" and st.current_player == NICO


def test_draw_and_stop_cards_are_played_alone() -> None:
    st = game(["5 S 1", "N 4 2", "3 4", "6 7"], leader=ANDY)
    with pytest.raises(IllegalMoveError, match="played alone"):
        st.apply(PlayMove(ANDY, 0, 2))
    with pytest.raises(IllegalMoveError, match="played alone"):
        st.apply(PlayMove(ANDY, 1, 2))


# --- combinations and X ---------------------------------------------------------


@pytest.mark.parametrize("cards, move, combination", [
    ("X 1", "play 0 X=7", "solo 7"),
    ("X 5 1", "play 0-1 X=5", "pair 5"),
    ("X 5 1", "play 0-1 X=6", "2-straight 6"),
    ("X 5 1", "play 0-1 X=4", "2-straight 5"),
    ("8 10 9", "play 0-2", "3-straight 10"),
    ("9 X 9", "play 0-2 X=9", "triple 9"),
    ("X 9 X", "play 0-1 X=10", "2-straight 10"),
    ("5 X 6", "play 0-2 X=7", "3-straight 7"),
])
def test_combinations_with_x(cards: str, move: str, combination: str) -> None:
    st = game([cards, "2 3", "4 5", "6 7"], ["", "11", "11", "11"], leader=ANDY)
    do(st, move)
    assert st.observation(CARLA)["to_beat"] == combination


@pytest.mark.parametrize("move, why", [
    ("play 0", "name 1 X value"),
    ("play 0 X=13", "1..12"),
    ("play 0-1 X=9", "no combination"),
    ("play 0-1 X=5,6", "name 1 X value"),
    ("play 1-3", "positions 0..2"),
])
def test_bad_x_values_are_refused(move: str, why: str) -> None:
    st = game(["X 5 1", "2 3", "4 5", "6 7"], leader=ANDY)
    before = snapshot(st)
    with pytest.raises(IllegalMoveError, match=why):
        do(st, move)
    assert snapshot(st) == before


@pytest.mark.parametrize("cards, move", [
    ("X X 1", "play 0-1 X=12,12"),
    ("X X 9", "play 0-2 X=10,11"),
    ("X 5 X", "play 0-2 X=5,5"),
])
def test_x_combines_only_with_neighbouring_number_cards(cards: str, move: str) -> None:
    # Sheet: "Du kannst die X-Karte aber nur mit benachbarten Zahlenkarten kombinieren."
    st = game([cards, "2 3", "4 5", "6 7"], leader=ANDY)
    before = snapshot(st)
    with pytest.raises(IllegalMoveError, match="only with neighbouring number cards"):
        do(st, move)
    assert snapshot(st) == before
    assert all(len(getattr(m, "x", ())) <= 1 for m in st.legal_moves())


def test_type_order_and_same_type_by_number() -> None:
    # solo < 2-straight < pair < 3-straight < triple; straights compare by the top card
    st = game(["12 1 3", "1 2 1", "2 2 7", "3 4 5 9", "4 4 4 8"], ["", "", "", "", ""], leader=0)
    do(st, "play 0")
    assert not st.is_legal(PlayMove(1, 0, 1)) and st.is_legal(PlayMove(1, 0, 2))
    do(st, "play 0-1")  # 2-straight 2
    assert st.is_legal(PlayMove(2, 0, 2))
    do(st, "play 0-1")  # pair 2
    assert not st.is_legal(PlayMove(3, 0, 2)) and st.is_legal(PlayMove(3, 0, 3))
    do(st, "play 0-2")  # 3-straight 5
    do(st, "play 0-2")  # triple 4
    assert st.current_player == 4 and st.phase == "lead"


def test_same_combination_does_not_beat() -> None:
    st = game(["7 1", "7 2", "8 3", "6 4"], ["", "9", "", "10"], leader=ANDY)
    do(st, "play 0")
    assert not st.is_legal(PlayMove(CARLA, 0, 1))
    with pytest.raises(IllegalMoveError, match="does not beat solo 7"):
        do(st, "play 0")


def test_cards_must_be_adjacent_and_playing_joins_neighbours() -> None:
    st = game(["5 1 5 2", "2 3 9", "4 5 10", "6 7 11"], leader=ANDY)
    assert "play 0-2" not in {str(m) for m in st.legal_moves()}
    with pytest.raises(IllegalMoveError, match="no combination"):
        do(st, "play 0-2")
    do(st, "play 1", "play 0-1", "play 0-1", "play 0-1")  # Andy solo 1; the others beat
    assert hand(st, ANDY) == "5 5 2"
    st2 = game(["5 5 2", "2 3", "4 6", "6 7"], leader=ANDY)
    assert "play 0-1" in {str(m) for m in st2.legal_moves()}


def test_legal_moves_list_each_combination_once() -> None:
    st = game(["X", "2 3", "4 6", "6 7"], leader=ANDY)
    assert [str(m) for m in st.legal_moves()] == [f"play 0 X={v}" for v in range(12, 0, -1)]
    st = game(["X 5", "2 3", "4 6", "6 7"], leader=ANDY)
    moves = [str(m) for m in st.legal_moves()]
    assert len(moves) == len(set(moves)) == 12 + 1 + 3  # X solos, the 5, pair 5 and the 2-straights 4-5, 5-6
    assert "play 0-1 X=4" in moves and "play 0-1 X=6" in moves


# --- reserves -------------------------------------------------------------------


def test_leader_must_play_not_take_a_reserve() -> None:
    st = game(["5 1", "2 3", "4 6", "6 7"], ["9", "9", "9", "9"], leader=ANDY)
    with pytest.raises(IllegalMoveError, match="leader"):
        do(st, "reserve 0 at 0")


def test_reserve_may_be_taken_instead_of_beating_anywhere() -> None:
    st = game(["5 1", "6 3", "4 6", "6 7"], ["", "9 10", "9", "9"], leader=ANDY)
    do(st, "play 0")
    moves = {str(m) for m in st.legal_moves()}
    assert {"play 0", "reserve 0 at 0", "reserve 1 at 2", "reserve 0 at 1"} <= moves
    assert "reserve 2 at 0" not in moves and "reserve 0 at 3" not in moves
    with pytest.raises(IllegalMoveError, match="insert position must be 0..2"):
        do(st, "reserve 0 at 3")
    do(st, "reserve 1 at 2")
    assert hand(st, CARLA) == "6 3 10" and st.observation(ANDY)["reserves"][CARLA] == ["9"]


# --- who leads -----------------------------------------------------------------


def test_winner_without_cards_next_highest_leads() -> None:
    st = game(["5 2", "7 3", "9 9", "1 2"], ["", "", "", "4 4"], leader=ANDY)
    do(st, "play 0", "play 0", "play 0-1", "reserve 0 at 0")
    assert not st.in_deal[NICO]
    assert st.current_player == CARLA and st.phase == "lead" and st.order == [CARLA, SUSIE, ANDY]


def test_next_highest_without_cards_is_skipped() -> None:
    st = game(["5 2", "7", "9 9", "1 2"], ["", "", "", "4 4"], leader=ANDY)
    do(st, "play 0", "play 0", "play 0-1", "reserve 0 at 0")
    assert st.current_player == ANDY and st.order == [ANDY, SUSIE]


def test_only_the_winner_played_right_hand_neighbour_leads() -> None:
    st = game(["9 9", "1 2", "3 4", "5 7"], ["", "12", "12", "12"], leader=ANDY)
    do(st, "play 0-1", "reserve 0 at 0", "reserve 0 at 0", "reserve 0 at 0")
    assert st.current_player == SUSIE and st.phase == "lead"


def test_right_hand_neighbour_without_cards_is_skipped() -> None:
    st = game(["1 2", "3 4", "5", "9 9"], ["12", "12", "", "10"], leader=NICO)
    do(st, "play 0", "play 0-1", "reserve 0 at 0", "reserve 0 at 0")
    # Susie won with her last cards; Nico (the only other combination) is out too,
    # so her right-hand neighbour Nico is skipped and Carla leads.
    assert st.current_player == CARLA and st.order == [CARLA, ANDY]


# --- end of a deal, chips, end of the game ---------------------------------------------------


def test_cannot_beat_nor_take_a_reserve_ends_the_deal_at_once() -> None:
    st = game(["12 1", "3 5 1", "6 7", "8 9"], leader=ANDY)
    do(st, "play 0")
    assert st.deal_no == 2 and st.chips == [3, 2, 3, 3]
    assert losers(st) == [CARLA]
    assert st.current_player == CARLA and st.phase == "lead"
    assert [len(h) for h in st.hands] == [10] * 4 and [len(r) for r in st.reserves] == [2] * 4
    assert len(st.stock) == 6 and st.card_count() == FULL


def test_last_player_with_cards_gives_up_a_chip_even_after_winning() -> None:
    st = game(["5", "7", "9 1"], leader=ANDY)
    do(st, "play 0", "play 0", "play 0")
    assert st.chips == [3, 3, 2] and losers(st) == [2]
    assert st.deal_no == 2 and st.current_player == 2


def test_all_emptied_in_one_trick_everyone_but_the_winner_gives_a_chip() -> None:
    st = game(["5", "7", "9"], leader=ANDY)
    do(st, "play 0", "play 0", "play 0")
    assert st.chips == [2, 2, 3] and losers(st) == [0, 1]
    assert st.current_player == 0  # several losers: the dealer leads


def test_player_without_chips_plays_on_and_loses_when_giving_one() -> None:
    st = game(["5 1", "7", "9"], chips=[3, 0, 3], leader=ANDY)
    do(st, "play 0", "play 0", "play 0")  # Carla and Nico are out; Andy is the last with cards
    assert not st.is_over and st.chips == [2, 0, 3]
    st = game(["5", "7", "9"], chips=[1, 0, 3], leader=ANDY)
    do(st, "play 0", "play 0", "play 0")
    assert st.is_over and st.current_player == -1 and st.phase == "over"
    r = st.result()
    assert r.winners == (0, 2) and r.scores == (0, -1, 3) and r.detail["losers"] == [1]
    with pytest.raises(IllegalMoveError, match="over"):
        st.apply(PlayMove(0, 0, 1))


def test_several_players_can_lose_at_once() -> None:
    st = game(["5", "7", "9"], chips=[0, 0, 3], leader=ANDY)
    do(st, "play 0", "play 0", "play 0")
    assert st.is_over and st.result().winners == (2,) and st.result().detail["losers"] == [0, 1]


# --- set-up, options, notation --------------------------------------------------------


@pytest.mark.parametrize("players, rules, cards, chips, stock", [
    (3, None, 10, 3, 18), (4, None, 10, 3, 6), (5, None, 7, 2, 9), (5, "long", 7, 3, 9),
    (5, {"long_game": True}, 7, 3, 9), (4, "long", 10, 3, 6),
])
def test_deal_sizes_and_chips(players: int, rules: object, cards: int, chips: int, stock: int) -> None:
    st = new_game("krass", players=players, seed=3, rules=rules)
    assert [len(h) for h in st.hands] == [cards] * players
    assert [len(r) for r in st.reserves] == [2] * players
    assert st.chips == [chips] * players and len(st.stock) == stock
    assert st.current_player == 1 and st.phase == "lead"  # the dealer's left leads the first trick
    assert st.card_count() == FULL


def test_game_is_registered_with_options() -> None:
    g = list_games()["krass"]
    assert g["players"] == [3, 5] and g["options"] == {"long_game": False}
    with pytest.raises(RulesError, match="long_game"):
        new_game("krass", rules={"short": True})
    with pytest.raises(RulesError, match="3..5"):
        new_game("krass", players=6)


def test_move_notation_and_json_round_trip() -> None:
    for m in [PlayMove(1, 3, 3, (7,)), PlayMove(0, 0, 1), PlayMove(2, 4, 2, (4, 6)), ReserveMove(3, 1, 0),
              InsertMove(2, 4)]:
        assert move_from_json(m.to_json()) == m
    st = game(["X X 1", "2 3", "4 6", "6 7"], leader=ANDY)
    for m in st.legal_moves():
        assert st.parse_move(str(m)) == m
    assert str(PlayMove(1, 3, 3, (7,))) == "play 3-5 X=7"
    assert str(ReserveMove(0, 1, 0)) == "reserve 1 at 0" and str(InsertMove(0, 4)) == "insert at 4"
    assert st.parse_move("  PLAY 0 - 2  x=4,5 ") == PlayMove(ANDY, 0, 3, (4, 5))
    assert st.parse_move("play 0-1 x=5 x=4") == PlayMove(ANDY, 0, 2, (4, 5))


@pytest.mark.parametrize("text", ["play", "play 5-3", "reserve 1", "insert 4", "jump", "play 1 X=",
                                  "play -1", ""])
def test_bad_move_text(text: str) -> None:
    st = game(["X X 1", "2 3", "4 6", "6 7"], leader=ANDY)
    with pytest.raises(InvalidNotationError, match="bad move"):
        st.parse_move(text)


@pytest.mark.parametrize("data", [
    {"kind": "fly", "player": 0}, {"kind": "play", "player": 0, "start": 0},
    {"kind": "play", "player": 0, "start": "0", "length": 1, "x": []},
    {"kind": "play", "player": 0, "start": 0, "length": 1, "x": ["7"]},
    {"kind": "insert", "player": 0, "position": 1, "extra": 2}, [1, 2],
])
def test_bad_move_json(data: object) -> None:
    # through the state: a field the game does not read ('extra') is refused there for every game
    with pytest.raises(InvalidNotationError):
        new_game("krass", players=4, seed=1).move_from_json(data)  # type: ignore[arg-type]


def test_illegal_moves_name_the_rule_and_change_nothing() -> None:
    st = game(["12 1 5", "3 5 1", "6 7", "8 9"], ["", "2", "", ""], stock="4 4", leader=ANDY)
    before = snapshot(st)
    for move, why in [(PlayMove(CARLA, 0, 1), "seat 0's turn"), (InsertMove(ANDY, 0), "no drawn card"),
                      (PlayMove(ANDY, 1, 2), "no combination"), (PlayMove(ANDY, 0, 4), "1 to 3"),
                      (ReserveMove(ANDY, 0, 0), "leader")]:
        with pytest.raises(IllegalMoveError, match=why):
            st.apply(move)
        assert snapshot(st) == before


def test_observation_shows_only_what_the_seat_may_see() -> None:
    st = game(["12 1 3", "7 6 1", "11 12 2", "N 5 9"], ["1 2", "3 4", "5 6", "7 8"], stock="4 10 X",
              leader=ANDY)
    obs = st.observation(CARLA)
    assert obs["hand"] == ["7", "6", "1"] and obs["hand_sizes"] == [3, 3, 3, 3]
    assert obs["reserves"] == [["1", "2"], ["3", "4"], ["5", "6"], ["7", "8"]]
    assert obs["stock_size"] == 3 and obs["scores"] == [3, 3, 3, 3]
    text = repr({k: v for k, v in obs.items() if k != "discard"})  # the unused cards lie there
    assert "'11'" not in text and "'N'" not in text and "'X'" not in text and "'10'" not in text
    with pytest.raises(RulesError):
        st.observation(4)


def test_same_seed_same_game_and_replay() -> None:
    from romme.bots import make_bot

    a = new_game("krass", players=4, seed=11)
    bots = [make_bot("krass", "random", seed=s) for s in range(4)]
    while not a.is_over and len(a.history) < 300:
        a.apply(bots[a.current_player].choose(a))
    b = replay("krass", 4, 11, a.rules, [m.to_json() for m in a.history])
    assert b.zones() == a.zones() and b.observation(0) == a.observation(0)


def test_undo_restores_the_previous_position() -> None:
    st = game(["12 1 3", "7 6 1", "11 12 2", "N 5 9"], stock="4 10 X", leader=ANDY)
    do(st, "play 0", "play 0-1")
    before = snapshot(st)
    do(st, "play 0-1")
    assert str(st.undo()) == "play 0-1"
    assert snapshot(st) == before
    g = new_game("krass", players=3, seed=5)
    first = snapshot(g)
    g.apply(g.legal_moves()[0])
    g.undo()
    assert snapshot(g) == first


def test_from_position_checks_its_input() -> None:
    with pytest.raises(RulesError, match="3..5"):
        game(["1", "2"])
    with pytest.raises(Exception, match="copies"):
        game(["S S S", "2", "3"])
    with pytest.raises(RulesError, match="leader"):
        game(["1", "2", "3"], leader=3)


@pytest.mark.parametrize("players", [3, 5])
def test_seat_view_tells_what_the_observation_tells(players: int) -> None:
    from romme.bots import make_bot
    from romme.games.krass.combos import FREE
    from romme.games.krass.combos import describe as combination_name

    d = deck("krass")
    s = new_game("krass", players=players, seed=7)
    bots = [make_bot("krass", "random", f"view/{q}") for q in range(players)]
    while not s.is_over and len(s.history) < 600:
        for q in range(players):
            obs, view = s.observation(q), s.seat_view(q)
            assert [d.token(c) for c in view.hand] == obs["hand"]
            assert [[d.token(c) for c in r] for r in view.reserves] == obs["reserves"]
            assert [d.token(c) for c in view.discard] == obs["discard"]
            assert [" ".join(d.token(c) for c in e.cards) for e in view.trick] == [e["cards"] for e in obs["trick"]]
            assert view.to_act == [e["seat"] for e in obs["to_act"]]
            assert (None if view.beat == FREE else combination_name(view.beat)) == obs["to_beat"]
            drawing = obs["drawing"] or {}
            assert view.drawn == (d.parse_token(drawing["card"]) if "card" in drawing else None)
            assert (view.phase, view.hand_sizes, view.stock_size, view.draw_cards) == (
                obs["phase"], obs["hand_sizes"], obs["stock_size"], obs["draw_cards"])
        s.apply(bots[s.current_player].choose(s))
    with pytest.raises(RulesError, match="no seat"):
        s.seat_view(players)
