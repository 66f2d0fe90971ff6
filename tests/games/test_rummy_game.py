"""Rummy (sheet 003): deal, opening, rules 1–3, the end, notation, options, playouts."""

from __future__ import annotations

import json

import pytest
from playout import check_random_playouts

from romme.cards import parse_codes
from romme.engine import new_game
from romme.errors import IllegalMoveError, InvalidNotationError, RulesError
from romme.games import rummy
from romme.games import tablemoves as tm

GAME = "rummy"


def codes(text: str) -> list[int]:
    return parse_codes(GAME, text, check_counts=False)


def pull(state: rummy.RummyState, code: int, player: int | None) -> None:
    """Takes one ``code`` out of the stock or another hand (which gets a stock card instead)."""
    if code in state.stock:
        state.stock.remove(code)
        return
    owner = next(q for q in range(state.num_players) if q != player and state.hands[q][code])
    state.hands[owner][code] -= 1
    state.hands[owner][state.stock.pop(0)] += 1


def give(state: rummy.RummyState, player: int, text: str) -> None:
    """Sets a player's hand; every card stays in play (cards move between hands and stock)."""
    state.stock.extend(state.hand(player))
    state.hands[player] = [0] * rummy.TYPES
    for c in codes(text):
        pull(state, c, player)
        state.hands[player][c] += 1
    refresh(state)


def refresh(state: rummy.RummyState) -> None:
    """After a test changed hands by hand: the move list's summaries are rebuilt."""
    state._legal = None
    state._listing = None


def set_table(state: rummy.RummyState, melds: list[str]) -> None:
    """Puts melds on the table, taking their cards from the stock or the hands."""
    table = []
    for text in melds:
        m = tm.resolve_or_raise(rummy.MELDS, tm.parse_draft(GAME, text))
        for c, _ in m:
            pull(state, c, None)
        table.append(m)
    state.table = tuple(table)
    refresh(state)


def full_deck_ok(state: rummy.RummyState) -> bool:
    from collections import Counter

    from romme.cards import deck
    return state.card_count() == Counter(deck(GAME).full())


# --- melds ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["R7 Y7 G7", "R4 R5 R6", "B1 B2 B3 B4", "R7 Y7 G7 B7", "R4 * R6", "* R12 R13",
                                  "B13 R13 *", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"])
def test_valid_melds(text: str) -> None:
    assert rummy.MELDS.resolve(tm.parse_draft(GAME, text)) is not None


@pytest.mark.parametrize("text", ["R7 R7 G7", "R7 Y7", "R4 R5 R7", "R12 R13 R1", "R4 G5 R6", "R7 Y7 G7 B7 *",
                                  "R4 R5 R6=R8", "* * R13 R12 R11 R10 R9 R8 R7 R6 R5 R4 R3 R2"])
def test_invalid_melds(text: str) -> None:
    assert rummy.MELDS.resolve(tm.parse_draft(GAME, text)) is None


def test_sheet_examples() -> None:
    # "rot 7, gelb 7, grün 7" is a set; "rot 4, rot 5, rot 6" a run.
    assert rummy.MELDS.resolve(tm.parse_draft(GAME, "R7 Y7 G7")) is not None
    assert rummy.MELDS.resolve(tm.parse_draft(GAME, "R4 R5 R6")) is not None
    # a joker counts 0 toward the opening
    m = rummy.MELDS.resolve(tm.parse_draft(GAME, "R10 R11 *"))
    assert m is not None and rummy.MELDS.opening_points(m) == 21


def test_declared_joker() -> None:
    m = rummy.MELDS.resolve(tm.parse_draft(GAME, "R4 *=R5 R6"))
    assert m is not None and (rummy.JOKER, codes("R5")[0]) in m
    assert rummy.MELDS.resolve(tm.parse_draft(GAME, "R4 *=R7 R6")) is None


# --- deal ----------------------------------------------------------------------------------------

def test_deal_two_players_joker_each() -> None:
    for seed in range(20):
        s = new_game(GAME, seed=seed)
        assert [sum(h) for h in s.hands] == [18, 18]
        assert [h[rummy.JOKER] for h in s.hands] == [1, 1]
        assert len(s.stock) == 106 - 36
        assert full_deck_ok(s)


@pytest.mark.parametrize("players", [3, 4])
def test_deal_more_players(players: int) -> None:
    s = new_game(GAME, players=players, seed=1)
    assert [sum(h) for h in s.hands] == [14] * players
    assert len(s.stock) == 106 - 14 * players
    assert full_deck_ok(s)


def test_players_out_of_range() -> None:
    with pytest.raises(RulesError):
        new_game(GAME, players=5)


# --- opening -------------------------------------------------------------------------------------

def test_opening_needs_30_without_jokers() -> None:
    s = new_game(GAME, seed=3)
    give(s, 0, "R10 R11 R12 B1 B2 * Y3 Y5 G9 G1 G2 B5 B6 B8 Y9 Y10 Y13 G13")
    with pytest.raises(IllegalMoveError, match="30 points"):
        s.apply(s.parse_move("lay R10 R11 *"))  # 21: the joker counts 0
    s.apply(s.parse_move("lay R10 R11 R12"))  # 33
    assert s.opened[0] and s.current_player == 1
    assert full_deck_ok(s)


def test_opening_from_several_melds() -> None:
    s = new_game(GAME, seed=3)
    give(s, 0, "R5 R6 R7 B4 G4 Y4 B1 B2 * Y3 Y5 G9 G1 G2 B5 B8 Y9 Y13")
    s.apply(s.parse_move("lay R5 R6 R7 | B4 G4 Y4"))  # 18 + 12 = 30
    assert len(s.table) == 2


def test_opening_only_new_melds() -> None:
    s = new_game(GAME, seed=4)
    set_table(s, ["B7 R7 G7"])
    give(s, 0, "Y7 R10 R11 R12 B1 B2 * Y3 Y5 G9 G1 G2 B5 B6 B8 Y9 Y10 Y13")
    with pytest.raises(IllegalMoveError, match="new melds"):
        s.apply(s.parse_move("place B7 R7 G7 Y7 | R10 R11 R12"))
    s.apply(s.parse_move("lay R10 R11 R12"))


def test_option_opening_points() -> None:
    s = new_game(GAME, seed=3, rules={"opening_points": 40})
    give(s, 0, "R10 R11 R12 B1 B2 * Y3 Y5 G9 G1 G2 B5 B6 B8 Y9 Y10 Y13 G13")
    with pytest.raises(IllegalMoveError, match="40 points"):
        s.apply(s.parse_move("lay R10 R11 R12"))


# --- rules 1-3 -----------------------------------------------------------------------------------

def opened_state(hand: str, table: list[str], seed: int = 5) -> rummy.RummyState:
    s = new_game(GAME, seed=seed)
    set_table(s, table)
    give(s, 0, hand)
    s.opened = [True, True]
    return s


def test_lay_off() -> None:
    s = opened_state("R8 B3 Y3 G11", ["R5 R6 R7", "B4 G4 Y4 R4"])
    s.apply(s.parse_move("add R8 1"))
    assert tm.meld_text(GAME, s.table[0]) == "R5 R6 R7 R8"
    assert s.hand(0) == sorted(codes("B3 Y3 G11"))
    assert s.current_player == 1 and full_deck_ok(s)


def test_meld_check_reads_a_laid_draft_as_the_game() -> None:
    # R5 * *: a set standing for 5+5+5 or the run R5 R6 R7 (18); the table lays the run, and the core's
    # meld check and romme.table.read_meld report that same reading
    from romme import _core
    from romme.table import read_meld

    s = opened_state("R5 * * G11", ["B4 G4 Y4"])
    s.apply(s.parse_move("lay R5 * *"))
    laid = s.table[1]
    assert tm.meld_text(GAME, laid) == "R5 *=R6 *=R7"
    core = _core.validate_meld(GAME, codes("R5 * *"), {})
    assert core.kind == "run" and sorted(core.pairs) == sorted(laid)
    read = read_meld(GAME, "R5 * *")
    assert read is not None and read.kind == core.kind and str(read) == "R5 *=R6 *=R7"


def test_rule1_no_table_card_to_hand() -> None:
    s = opened_state("R8 B3 Y3 G11", ["R5 R6 R7", "B4 G4 Y4 R4"])
    with pytest.raises(IllegalMoveError, match="rule 1"):
        s.apply(s.parse_move("place R5 R6 R7 R8 | B4 G4 Y4"))
    before = s.snapshot()
    with pytest.raises(IllegalMoveError):
        s.apply(s.parse_move("place R5 R6 R7 R8"))
    assert s.snapshot() == before


def test_rearrangement_moves_table_cards() -> None:
    # R4 moves from the set into a new run with hand cards R2 R3: legal from the turn after opening
    s = opened_state("R2 R3 B9", ["R5 R6 R7", "B4 G4 Y4 R4"])
    s.apply(s.parse_move("place R2 R3 R4 R5 R6 R7 | B4 G4 Y4"))
    assert sorted(c for m in s.table for c, _ in m) == sorted(codes("R2 R3 R4 R5 R6 R7 B4 G4 Y4"))
    assert s.hand(0) == codes("B9")


def test_rule2_all_melds_valid() -> None:
    s = opened_state("R2 R3 B9", ["R5 R6 R7", "B4 G4 Y4 R4"])
    with pytest.raises(IllegalMoveError, match="not a valid meld"):
        s.apply(s.parse_move("place R2 R3 R4 R5 | R6 R7 | B4 G4 Y4"))
    # a hand-built move with a broken meld (bypassing the parser) is refused by rule 2
    bad = rummy.RummyPlace(0, s.table + (((codes("R2")[0],) * 2, (codes("R3")[0],) * 2),))
    with pytest.raises(IllegalMoveError, match="rule 2"):
        s.apply(bad)


def test_rule3_cap_twelve_and_option() -> None:
    hand = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 B1"
    s = opened_state(hand, [])
    with pytest.raises(IllegalMoveError, match="rule 3"):
        s.apply(s.parse_move("lay R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"))
    s.apply(s.parse_move("lay R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12"))
    s2 = opened_state(hand, [])
    s2.rules = s2.rules.replace(max_hand_cards_per_turn=0)
    s2.apply(s2.parse_move("lay R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"))
    s3 = opened_state(hand, [])
    s3.rules = s3.rules.replace(max_hand_cards_per_turn=3)
    with pytest.raises(IllegalMoveError, match="rule 3"):
        s3.apply(s3.parse_move("lay R1 R2 R3 R4"))


def test_cap_holds_in_opening_turn() -> None:
    s = new_game(GAME, seed=3)
    give(s, 0, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 B1 B2 B3 B4 *")
    with pytest.raises(IllegalMoveError, match="rule 3"):
        s.apply(s.parse_move("lay R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"))


def test_generated_openings_respect_cap() -> None:
    s = new_game(GAME, seed=3, rules={"max_hand_cards_per_turn": 3})
    give(s, 0, "R9 R10 R11 R12 R13 B13 G13 Y13 B1 B2 * Y3 Y5 G9 G1 G2 B5 B6")
    for m in s.legal_moves():
        if isinstance(m, rummy.RummyPlace):
            assert sum(len(x) for x in m.table) <= 3
    assert any(isinstance(m, rummy.RummyPlace) for m in s.legal_moves())  # R11 R12 R13 = 36


# --- the end -------------------------------------------------------------------------------------

def test_win_by_empty_hand() -> None:
    s = opened_state("R8 R9 R10", ["R5 R6 R7"])
    s.apply(s.parse_move("lay R8 R9 R10"))
    assert s.is_over and s.result().winners == (0,)
    assert s.result().scores[0] == 0


def test_end_when_last_stock_card_drawn() -> None:
    s = new_game(GAME, seed=8)
    give(s, 0, "R1 R2 *")  # 1 + 2 + 25 = 28
    for c in s.stock[1:]:
        s.hands[1][c] += 1
    s.stock = s.stock[:1]
    refresh(s)
    last = s.stock[0]
    assert full_deck_ok(s)
    s.apply(s.parse_move("pass"))
    assert s.is_over and s.result().detail["reason"] == "stock"
    sums = s.result().detail["hand_points"]
    assert sums[0] == 28 + rummy.hand_points(last)
    assert s.result().winners == (0,) and s.result().scores == tuple(sums)


def test_equal_sums_draw() -> None:
    s = new_game(GAME, seed=8)
    s.over, s.reason = True, "stock"
    s.hands[0] = [0] * rummy.TYPES
    s.hands[1] = [0] * rummy.TYPES
    s.hands[0][codes("R5")[0]] = 1
    s.hands[1][codes("B5")[0]] = 1
    assert s.result().winners == ()


# --- notation ------------------------------------------------------------------------------------

def test_notation_round_trip() -> None:
    s = opened_state("R8 B3 Y3 G11 *", ["R5 R6 R7", "B4 G4 Y4 R4"])
    m = s.parse_move("place R5 R6 R7 R8 | B4 G4 Y4 R4 | B3 Y3 *")
    assert str(m) == "place R5 R6 R7 R8 | B4 R4 G4 Y4 | B3 *=R3 Y3"  # canonical order, the joker declared
    assert s.parse_move(str(m)) == m
    assert s.move_from_json(json.loads(json.dumps(m.to_json()))) == m
    assert str(s.parse_move("pass")) == "pass"
    for bad in ("", "fly", "add R8", "add R8 x", "place R5 R6 R7 ||", "place Z9"):
        with pytest.raises(InvalidNotationError):
            s.parse_move(bad)
    with pytest.raises(IllegalMoveError):
        s.parse_move("add R8 9")


def test_table_draft_helpers() -> None:
    s = opened_state("R8 R3 Y3 G3", ["R5 R6 R7", "B4 G4 Y4 R4", "B9 B10 *"])
    d = tm.TableDraft(rummy.MELDS, s.table, s.hand(0))
    d.add(codes("R8")[0], 0)                     # lay off
    d.move(codes("R4")[0], 1, 0)                 # move a card between melds: R4 R5 R6 R7 R8
    d.lay(codes("R3 Y3 G3"))                     # a new meld
    move = d.build(rummy.RummyPlace, 0)
    s.apply(move)
    assert s.is_over  # every hand card placed
    s2 = opened_state("B11 R1", ["B9 B10 *"])
    d2 = tm.TableDraft(rummy.MELDS, s2.table, s2.hand(0))
    d2.swap(0, codes("B11")[0])                  # the joker stood for B11
    with pytest.raises(IllegalMoveError, match="rule 1"):
        s2.apply(d2.build(rummy.RummyPlace, 0))  # the freed joker may not go to the hand
    with pytest.raises(IllegalMoveError):
        d2.swap(0, codes("R1")[0])


# --- playouts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,rules,seeds", [(2, None, range(3)), (2, "no-cap", range(3, 5)),
                                                  (3, None, range(5, 7)), (4, {"opening_points": 20}, range(7, 9))])
def test_random_playouts(players: int, rules: object, seeds: range) -> None:
    # illegal_every: the generic check assumes legal_moves lists every legal move; a table game lists a
    # bounded subset, so its illegal-move checks (with an oracle) are in test_rummy_game_oracle.py
    stats = check_random_playouts(GAME, players, rules, seeds=seeds, apply_all_every=1, observe_every=1,
                                  illegal_every=10**9)
    assert stats["finished"] == stats["games"]
    assert stats["reveals"] == stats["games"]  # the hands are shown once: at the end (checked in RevealCheck)


def test_generated_moves_pass_the_full_check() -> None:
    from romme.rng import Rng
    rng = Rng(11)
    for seed in range(4):
        s = new_game(GAME, seed=seed)
        while not s.is_over:
            legal = s.legal_moves()
            for m in legal:
                if isinstance(m, rummy.RummyPlace):
                    p = s.current_player
                    rummy.check_place(s.table, m.table, s.hands[p], s.opened[p], int(s.rules.opening_points), s.cap)
            s.apply(legal[rng.below(len(legal))])


def test_render_board_shows_numbered_melds() -> None:
    from rich.console import Console
    s = opened_state("R8 B3 Y3 G11", ["R5 R6 R7", "B4 G4 Y4 R4"])
    console = Console(record=True, width=120)
    console.print(rummy.render_board(s, 0))
    text = console.export_text()
    assert "1  R5 R6 R7" in text and "2  B4 R4 G4 Y4" in text and "Your hand: B3 R8 G11 Y3" in text
    assert "seat 1" in text


def test_draft_freed_joker_laid_elsewhere() -> None:
    # swap the joker out of B9 B10 *=B11 with B11, then use it in a new meld R1 R2 *: rule 1 holds
    s = opened_state("B11 R1 R2", ["B9 B10 *"])
    d = tm.TableDraft(rummy.MELDS, s.table, s.hand(0))
    d.swap(0, codes("B11")[0]).lay(codes("R1 R2")).add_taken(rummy.JOKER, 1)
    s.apply(d.build(rummy.RummyPlace, 0))
    assert s.is_over and s.result().winners == (0,)
    d2 = tm.TableDraft(rummy.MELDS, s.table, [])
    with pytest.raises(IllegalMoveError, match="not freed"):
        d2.add_taken(rummy.JOKER, 0)


def test_draft_move_to_new_meld() -> None:
    s = opened_state("R3 R2 Y9", ["R4 R5 R6 R7"])
    d = tm.TableDraft(rummy.MELDS, s.table, s.hand(0))
    d.move(codes("R4")[0], 0, None).add(codes("R3")[0], 1).add(codes("R2")[0], 1)
    s.apply(d.build(rummy.RummyPlace, 0))
    assert sorted(tm.meld_text(GAME, m) for m in s.table) == ["R2 R3 R4", "R5 R6 R7"]
    with pytest.raises(IllegalMoveError, match="no meld 9"):
        tm.TableDraft(rummy.MELDS, s.table, []).move(codes("R5")[0], 8, 0)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_playouts(players: int) -> None:
    stats = check_random_playouts(GAME, players, None, seeds=range(100, 130), apply_all_every=5,
                                  observe_every=5, illegal_every=10**9)
    assert stats["finished"] == stats["games"] == 30


def test_describe_notes() -> None:
    s = opened_state("R8 B3 Y3 G11", ["R5 R6 R7"])
    before = s.clone()
    s.apply(s.parse_move("add R8 1"))
    assert rummy.describe(before, s.history[-1], s, 0) == ["  lays R8"]
    before = s.clone()
    s.apply(s.parse_move("pass"))
    assert rummy.describe(before, s.history[-1], s, 0) == []          # seat 1's card stays secret
    assert rummy.describe(before, s.history[-1], s, None)[0].startswith("  is given ")


def test_bots_are_deterministic_and_expert_wins_most() -> None:
    from romme.bots import make_bot
    from romme.bots.common import play_out

    def game(levels: list[str], seed: int) -> rummy.RummyState:
        s = new_game(GAME, seed=seed)
        play_out(s, [make_bot(GAME, lv, f"{seed}/{i}") for i, lv in enumerate(levels)])
        assert isinstance(s, rummy.RummyState)
        return s

    a, b = game(["expert", "greedy"], 3), game(["expert", "greedy"], 3)
    assert [str(m) for m in a.history] == [str(m) for m in b.history]  # bots are deterministic
    wins = 0
    for k in range(6):
        levels = ["expert", "greedy"] if k % 2 == 0 else ["greedy", "expert"]
        wins += levels.index("expert") in game(levels, k).result().winners
    assert wins >= 5  # the 1,000-game figures are in the report


def test_expert_passes_without_a_search_only_where_nothing_can_be_placed() -> None:
    # The expert passes at once where it left the position (opponent passed) after placing the proven most
    # cards of a hand within the cap, or where the search proves nothing placeable. The core's search (with
    # its exact tie-break and no shortcuts) and the listing must then find no place move either.
    from romme import _core
    from romme.bots import make_bot
    from romme.bots.rummy import ExpertBot

    known = 0
    for seed in range(6):
        s = new_game(GAME, seed=seed)
        bots = [make_bot(GAME, "expert", f"{seed}/{i}") for i in range(2)]
        while not s.is_over:
            p = s.current_player
            bot = bots[p]
            assert isinstance(bot, ExpertBot)
            shortcut = s.opened[p] and bot.nothing_after == (s.table, tuple(s.hands[p]), s.cap)
            move = bot.choose(s)
            if shortcut:
                known += 1
                assert isinstance(move, rummy.PassMove)
                table = [[c for c, _ in m] for m in s.table]
                res = _core.solve_table(GAME, table, s.hand(p), "cards", dict(s.rules.options), 0)
                assert res.optimal and not res.placed
                assert not any(isinstance(m, rummy.RummyPlace) for m in s.legal_moves())
            s.apply(move)
    assert known >= 10


@pytest.mark.parametrize("rules", [None, {"max_hand_cards_per_turn": 6}, {"opening_points": 45}])
def test_the_expert_skips_the_opening_solve_only_where_no_opening_exists(rules: dict[str, int] | None) -> None:
    # Before its opening the expert asks the hand solver for the most cards, then for the most points. Where the
    # first answer's best opening total (within the cap) misses the minimum, it takes that as proven and asks no
    # more: the "opening" solve then lays nothing that reaches the minimum, and the listing holds only the pass.
    from romme import _core
    from romme.bots import make_bot
    from romme.bots.rummy import _solver_opening

    proven_none = reached = 0
    for seed in range(12):
        s = new_game(GAME, seed=seed, rules=rules)
        bots = [make_bot(GAME, "expert", f"{seed}/{i}") for i in range(2)]
        while not s.is_over and not all(s.opened):
            p = s.current_player
            if not s.opened[p]:
                minimum, cap = int(s.rules.opening_points), s.cap
                found = _solver_opening(list(s.hands[p]), minimum, cap)
                if found == ():
                    proven_none += 1
                    opts = {"opening_points": minimum, "max_hand_cards_per_turn": cap}
                    res = _core.solve_hand(GAME, s.hand(p), "opening", opts)
                    assert res.proven and sum(m.points for m in res.melds) < minimum
                    assert not any(isinstance(m, rummy.RummyPlace) for m in s.legal_moves())
                elif found is not None:
                    reached += 1
            s.apply(bots[s.current_player].choose(s))
    assert proven_none >= 5 and reached >= 10


@pytest.mark.parametrize("players", [2, 3])
def test_seat_view_tells_what_the_observation_tells(players: int) -> None:
    from romme.bots import make_bot

    s = new_game(GAME, players=players, seed=5)
    bots = [make_bot(GAME, "greedy", f"view/{q}") for q in range(players)]
    while not s.is_over and len(s.history) < 300:
        for q in range(players):
            obs, view = s.observation(q), s.seat_view(q)
            assert [c for c in range(rummy.TYPES) for _ in range(view.hand[c])] == parse_codes(GAME, obs["hand"])
            assert view.table == tuple(tm.meld_from_view(GAME, m) for m in obs["table"])
            assert list(view.opened) == obs["opened"]
        s.apply(bots[s.current_player].choose(s))
    assert s.is_over
    with pytest.raises(RulesError, match="no seat"):
        s.seat_view(players)


def test_the_lazy_move_list_reads_like_a_list() -> None:
    s = new_game(GAME, seed=3)
    give(s, 0, "B10 B11 B12 R7 G7 Y7 B2 *")
    moves = s.legal_moves()
    every = list(moves)
    assert len(every) == len(moves) > 2 and isinstance(every[0], rummy.PassMove)
    assert all(isinstance(m, rummy.RummyPlace) for m in every[1:])
    assert moves[1] is every[1] and moves[-1] is every[-1] and moves[1:3] == every[1:3]
    assert every[2] in moves and moves.index(every[2]) == 2 and moves == every
    assert s.legal_moves() is moves  # the same position lists the same objects
    with pytest.raises(IndexError):
        moves[len(moves)]
    s.apply(moves[1])  # a listed move: the listing knew the cards it lays and the table it makes
    assert s.opened[0] and s.table == every[1].table
    assert sum(s.hands[0]) == len(codes("B10 B11 B12 R7 G7 Y7 B2 *")) - sum(len(m) for m in s.table)


def test_the_core_table_refuses_a_table_it_cannot_read() -> None:
    from romme import _core
    from romme.errors import SolverError

    with pytest.raises(SolverError, match="ends inside a meld"):
        _core.RummyTable(bytes([3, 0, 0]))
    with pytest.raises(SolverError, match="no rummy table meld"):
        _core.RummyTable(bytes([1, 0, 0]))
    listing = _core.RummyTable(b"").placements(bytes(rummy.TYPES), True, 30, 12)
    assert len(listing) == 0
    with pytest.raises(IndexError):
        listing.placement(0)
    with pytest.raises(SolverError, match="53 counts"):
        _core.RummyTable(b"").placements(bytes(10), True, 30, 12)
