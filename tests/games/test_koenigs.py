"""Königs-Rommé rules (docs/RULES.md §1, sheet 000) through the engine API."""

from collections import Counter

import oracle
import pytest
from koenigs_positions import D, codes, new, rig
from playout import check_random_playouts, full_deck, play_random

import romme
from romme import _core
from romme.errors import IllegalMoveError, InvalidNotationError, RulesError
from romme.games.koenigs import (
    JOKER,
    NUM_CODES,
    ROUNDS,
    Discard,
    Draw,
    GoOut,
    card_points,
    go_out_discards,
    hand_points,
    is_wild,
    wild_rank,
)


def test_sheet_round5_go_out_example():
    # Round 5: seven cards dealt, the 7s are wild. The player draws the Karo-8 (8d) from the stock
    # and can lay all cards but one in two combinations, then discard: the round's end is rung in.
    s = rig(new(), 5, ["9d 10d 7h 5c 5s 5h Kt", "3c 4c 5d 6d 9h 10h Jc", "3h 4h 6h 8h 9s 10s Js"],
            top="8d", discard="Qs")
    assert s.observation(0)["wild_rank"] == "7"
    s.apply(s.parse_move("draw stock"))
    assert "8d" in s.observation(0)["hand"]
    assert go_out_discards(s.hands[0], 5) == codes("Kt")
    out = s.parse_move("out Kt")
    assert out in s.legal_moves()
    s.apply(out)
    melds = s.observation(1)["melds"][0]
    assert len(melds) == 2
    assert sorted(c for m in melds for c in m) == sorted(["8d", "9d", "10d", "7h", "5c", "5s", "5h"])
    assert s.hands[0] == [] and s.discard[-1] == codes("Kt")[0]
    assert s.phase == "last-draw" and s.current_player == 1 and s.out_player == 0


def test_go_out_only_with_all_but_one_card_melded():
    s = rig(new(), 5, ["9d 10d 7h 5c 5s 4h Kt", "3c 4c 5d 6d 9h 10h Jc", "3h 4h 6h 8h 9s 10s Js"],
            top="8d", discard="Qs")
    s.apply(s.parse_move("draw stock"))
    assert not any(isinstance(m, GoOut) for m in s.legal_moves())
    before = s.snapshot()
    with pytest.raises(IllegalMoveError, match="all other hand cards in melds"):
        s.apply(s.parse_move("out Kt"))
    assert s.snapshot() == before


def test_last_turns_lay_down_partial_melds_and_score():
    s = rig(new(), 5, ["9d 10d 7h 5c 5s 5h Kt", "3c 4c 5c Jd Qh Kh 9t", "3h 4h 6h 8h 9s 10s Js"],
            top="8d", discard="Qs")
    s.apply(s.parse_move("draw stock"))
    s.apply(s.parse_move("out Kt"))
    # seat 1: one last turn: takes the Kt, discards the 9t and lays 3c 4c 5c; Jd Qh Kh Kt stay
    s.apply(s.parse_move("draw discard"))
    assert s.phase == "last-discard"
    assert not any(isinstance(m, GoOut) for m in s.legal_moves())
    with pytest.raises(IllegalMoveError):
        s.apply(GoOut(1, codes("9t")[0]))
    s.apply(s.parse_move("discard 9t"))
    assert sorted(s.observation(0)["melds"][1][0]) == sorted(["3c", "4c", "5c"])
    assert Counter(s.hands[1]) == Counter(codes("Jd Qh Kh Kt"))
    # seat 2: its 6h is no wild (7s are); it lays 8h 9s? no: 9s 10s Js is a run; 3h 4h + wild? none
    s.apply(s.parse_move("draw stock"))
    drawn = s.hands[2][-1]
    s.apply(Discard(2, drawn))
    assert s.round == 6, "the round ends after everyone's last turn"
    pts = s.round_scores[0]
    assert pts[0] == 0
    assert pts[1] == 11 + 12 + 13 + 13
    assert pts[2] == 3 + 4 + 6 + 8
    assert s.scores == pts
    assert s.last_round["points"] == pts
    # next round: 8 cards each, dealer moved left, the player left of the dealer starts
    assert [len(h) for h in s.hands] == [8, 8, 8]
    assert s.dealer == 0 and s.current_player == 1 and s.phase == "draw"


def test_scoring_values():
    # docs/RULES.md §1: "3 to 10 their rank, J 11, Q 12, K 13, a card of the round's wild rank 20, a joker 50"
    assert [card_points(c, 5) for c in codes("3c 10d Jh Qs Kt * 7h")] == [3, 10, 11, 12, 13, 50, 20]
    assert card_points(codes("Kh")[0], 11) == 20
    assert hand_points(codes("3c 10d Jh Qs Kt * 7h"), 5) == 119


def test_round_rules_agree_with_the_oracle():
    # every card of every round: the core's wildness, penalty and wild rank against tests/helpers/oracle.py
    for r in range(1, ROUNDS + 1):
        assert wild_rank(r) == r + 2
        for c in range(NUM_CODES):
            assert is_wild(c, r) == oracle.koenigs_is_wild(c, r), (c, r)
            assert card_points(c, r) == oracle.hand_points("koenigs", c, r), (c, r)
    # "the rank r + 2 is wild for that round: the 3s in round 1, ..., the kings in round 11"
    assert [is_wild(c, 1) for c in codes("3h 4h Kh *")] == [True, False, False, True]
    assert [is_wild(c, 11) for c in codes("3h Kh Kt")] == [False, True, True] and is_wild(JOKER, 6)


@pytest.mark.parametrize("bad", [0, 12, -1, 10**30, "5", None, 2.5])
def test_round_rules_refuse_a_round_that_is_none(bad):
    with pytest.raises(RulesError, match="koenigs round must be 1..11"):
        _core.koenigs_round_cards(bad)


def test_eleven_rounds_growing_hands_and_wild_rank():
    s = new(players=4, seed=3)
    seen = []
    rng = romme.Rng(3)
    while not s.is_over:
        if s.phase == "draw" and (not seen or seen[-1][0] != s.round):
            obs = s.observation(s.current_player)
            seen.append((s.round, obs["wild_rank"], len(obs["hand"]), s.dealer, s.current_player))
            assert len(s.stock) + len(s.discard) == 116 - 4 * (s.round + 2)
        moves = s.legal_moves()
        outs = [m for m in moves if isinstance(m, GoOut)]
        s.apply(outs[0] if outs else moves[rng.below(len(moves))])
    assert [r for r, *_ in seen] == list(range(1, 12))
    assert [w for _, w, *_ in seen] == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [n for _, _, n, *_ in seen] == list(range(3, 14))
    dealers = [d for *_, d, _ in seen]
    assert dealers == [(3 + i) % 4 for i in range(11)]
    assert all(cur == (d + 1) % 4 for *_, d, cur in seen)
    assert len(s.round_scores) == 11
    res = s.result()
    assert res.scores == tuple(map(sum, zip(*s.round_scores)))
    assert res.winners == tuple(p for p in range(4) if res.scores[p] == min(res.scores))
    assert s.current_player == -1 and s.legal_moves() == []


def test_ties_share_the_win():
    s = new(players=3)
    s.scores = [40, 40, 60]
    s._phase = "over"
    s._cur = -1
    assert s.result().winners == (0, 1)


@pytest.mark.parametrize("keep_top", [False, True])
def test_reshuffle_when_the_stock_runs_out(keep_top):
    s = rig(new(rules={"keep_top_discard": keep_top}), 1, ["5c 6c 9t", "5d 6d 9h", "5h 6h 9s"])
    # leave one stock card; the rest goes to the discard pile (top: Qs)
    rest = s.stock[:-1]
    last = s.stock[-1]
    s.stock = [last]
    s.discard = rest
    top = s.discard[-1]
    pile = Counter(s.discard)
    s.apply(Draw(0, "stock"))
    assert s.hands[0][-1] == last
    if keep_top:
        assert s.discard == [top]
        pile[top] -= 1
        assert Counter(s.stock) == +pile
    else:
        assert s.discard == []
        assert Counter(s.stock) == pile
    assert s.card_count() == full_deck(s)
    s.apply(s.legal_moves()[0])
    # with an empty discard pile only the stock can be drawn
    if not keep_top:
        s2 = s.clone()
        s2.discard = []
        assert s2.legal_moves() == [Draw(s2.current_player, "stock")]
        with pytest.raises(IllegalMoveError, match="discard pile is empty"):
            s2.apply(Draw(s2.current_player, "discard"))


def test_draw_then_discard_order_and_wrong_seat():
    s = new()
    before = s.snapshot()
    with pytest.raises(IllegalMoveError, match="draw a card first"):
        s.apply(Discard(0, s.hands[0][0]))
    with pytest.raises(IllegalMoveError, match="seat 0's turn"):
        s.apply(Draw(1, "stock"))
    assert s.snapshot() == before
    s.apply(Draw(0, "stock"))
    with pytest.raises(IllegalMoveError, match="drawn already"):
        s.apply(Draw(0, "discard"))
    not_held = next(c for c in range(55) if c not in s.hands[0])
    with pytest.raises(IllegalMoveError, match="not in seat 0's hand"):
        s.apply(Discard(0, not_held))


def test_parse_move_and_json():
    s = new()
    assert s.parse_move("draw") == Draw(0, "stock")
    assert s.parse_move("take") == Draw(0, "discard")
    assert s.parse_move("Draw Discard") == Draw(0, "discard")
    assert s.parse_move("discard k♥") == Discard(0, codes("Kh")[0])
    assert s.parse_move("go out *") == GoOut(0, 55)
    for bad in ("", "jump", "discard", "discard Zz", "out 1h 2h"):
        with pytest.raises(InvalidNotationError):
            s.parse_move(bad)
    m = Discard(0, codes("10t")[0])
    assert m.to_json() == {"kind": "discard", "player": 0, "card": "10t"}
    assert s.move_from_json(m.to_json()) == m
    for bad in ({"kind": "fly", "player": 0}, {"kind": "draw", "player": 9, "source": "stock"},
                {"kind": "draw", "player": 0, "source": "sky"}, {"kind": "discard", "player": 0, "card": "1x"}):
        with pytest.raises(InvalidNotationError):
            s.move_from_json(bad)


def test_observation_hides_other_hands_and_stock():
    s = new(players=4, seed=9)
    obs = s.observation(2)
    assert set(obs) >= {"hand", "hand_sizes", "stock_size", "discard_top", "melds", "scores", "round"}
    assert obs["hand"] == [D.token(c) for c in s.hands[2]]
    # whatever the other hands and the stock hold, seat 2 sees the same
    t = s.clone()
    pool = t.hands[0] + t.hands[1] + t.hands[3] + t.stock
    romme.Rng(5).shuffle(pool)
    t.hands[0], t.hands[1], t.hands[3] = pool[:3], pool[3:6], pool[6:9]
    t.stock = pool[9:]
    assert t.observation(2) == obs
    with pytest.raises(RulesError, match="no seat 4"):  # (every game: a seat it does not have is a bad parameter)
        s.observation(4)


def test_rules_and_players_are_validated():
    with pytest.raises(RulesError, match="2..7"):
        romme.new_game("koenigs", players=8)
    with pytest.raises(RulesError, match="keep_top_discard"):
        romme.new_game("koenigs", rules={"keep_top": True})
    with pytest.raises(RulesError, match="presets"):
        romme.new_game("koenigs", rules="nope")
    assert romme.new_game("koenigs", rules="keep-top").rules.keep_top_discard is True


def test_same_seed_same_game():
    a = play_random("koenigs", 3, seed=11, max_moves=400)
    b = play_random("koenigs", 3, seed=11, max_moves=400)
    assert a.snapshot() == b.snapshot()
    c = play_random("koenigs", 3, seed=12, max_moves=400)
    assert c.snapshot() != a.snapshot()


@pytest.mark.parametrize("preset,players", [("standard", 2), ("keep-top", 3), ("standard", 7)])
def test_random_playouts(preset, players):
    stats = check_random_playouts("koenigs", players, preset, seeds=range(2), max_moves=700, apply_all_every=2)
    assert stats["moves"] > 0 and stats["illegal_tried"] > 0


def test_full_random_game_with_all_checks():
    # a random game to its very end (random bots go out rarely in late rounds: allow many moves)
    stats = check_random_playouts("koenigs", 2, None, seeds=[4], max_moves=20000, apply_all_every=25,
                                  illegal_every=25, observe_every=5)
    assert stats["finished"] == 1


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["standard", "keep-top"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_random_playouts_slow(preset, players):
    stats = check_random_playouts("koenigs", players, preset, seeds=range(100, 106), max_moves=30000,
                                  apply_all_every=3, observe_every=2)
    assert stats["finished"] == 6


def test_everyone_else_gets_exactly_one_last_turn():
    # seat 1 goes out in round 1 (3s wild); seats 2 and 0 get one turn each, then round 2 starts
    s = rig(new(players=3), 1, ["4c 9d Jh", "5h 6h Kc", "7s 8t Qd"], top="3d", discard="Kt", current=1)
    assert s.current_player == 1
    s.apply(s.parse_move("draw stock"))  # 3d: a wild
    s.apply(s.parse_move("out Kc"))  # 5h 6h 3d
    order = []
    while s.round == 1:
        p = s.current_player
        order.append(p)
        s.apply(s.legal_moves()[0])  # draw stock
        assert s.phase == "last-discard"
        s.apply(s.legal_moves()[0])
    assert order == [2, 0]
    assert s.round_scores[0][1] == 0
    assert s.round == 2 and s.dealer == 1 and s.current_player == 2


def test_going_out_with_a_wild_discard():
    s = rig(new(players=2), 1, ["4c 5c 6c", "7s 8t Qd"], top="*", discard="Kt")
    s.apply(s.parse_move("draw stock"))
    assert {str(m) for m in s.legal_moves() if isinstance(m, GoOut)} == {"out 4c", "out 5c", "out 6c", "out *"}
    s.apply(s.parse_move("out *"))
    assert s.discard[-1] == 55 and s.out_player == 0


# --- an independent brute-force check of going out (small hands) -----------------------------

def _meld_ok(cards, wr):
    if len(cards) < 3:
        return False
    nat = [c for c in cards if not (c == 55 or c % 11 + 3 == wr)]
    if not nat:
        return True
    if len({c % 11 for c in nat}) == 1:
        return True  # a set: same rank, any suits
    ranks = [c % 11 for c in nat]
    if len({c // 11 for c in nat}) != 1 or len(set(ranks)) != len(ranks):
        return False
    return max(ranks) - min(ranks) + 1 <= len(cards) <= 11  # a run with wilds in the gaps and ends


def _melds_all(cards, wr):
    from itertools import combinations

    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for k in range(2, len(rest) + 1):
        for idx in combinations(range(len(rest)), k):
            group = [first] + [rest[i] for i in idx]
            if _meld_ok(group, wr) and _melds_all([c for i, c in enumerate(rest) if i not in idx], wr):
                return True
    return False


def test_go_out_matches_brute_force_in_small_rounds():
    checked = outs = 0
    for seed in range(40):
        s = new(players=2, seed=seed)
        rng = romme.Rng(seed)
        while s.round <= 3 and len(s.history) < 100:
            if s.phase == "discard":
                hand = s.hands[s.current_player]
                legal = {m.card for m in s.legal_moves() if isinstance(m, GoOut)}
                for c in set(hand):
                    rest = list(hand)
                    rest.remove(c)
                    assert (c in legal) == _melds_all(rest, s.round + 2), (hand, c, s.round)
                    checked += 1
                outs += bool(legal)
            moves = s.legal_moves()
            s.apply(moves[rng.below(len(moves))])
    assert checked > 500 and outs > 10, (checked, outs)


def _min_left_brute(cards, wr, round_):
    """Fewest points left when any melds are laid from ``cards`` (brute force, small hands)."""
    from itertools import combinations

    best = sum(oracle.hand_points("koenigs", c, round_) for c in cards)
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = min(best, oracle.hand_points("koenigs", first, round_) + _min_left_brute(rest, wr, round_))
    for k in range(2, len(rest) + 1):
        for idx in combinations(range(len(rest)), k):
            group = [first] + [rest[i] for i in idx]
            if _meld_ok(group, wr):
                best = min(best, _min_left_brute([c for i, c in enumerate(rest) if i not in idx], wr, round_))
    return best


def test_laid_melds_are_valid_and_last_turns_leave_the_fewest_points():
    laid = optimal = 0
    for seed in range(12):
        s = new(players=3, seed=seed)
        rng = romme.Rng(seed)
        while not s.is_over and s.round <= 4:
            before_phase, p, r = s.phase, s.current_player, s.round
            moves = s.legal_moves()
            outs = [m for m in moves if isinstance(m, GoOut)]
            m = outs[0] if outs else moves[rng.below(len(moves))]
            rest = list(s.hands[p])
            if isinstance(m, (Discard, GoOut)):
                rest.remove(m.card)
            s.apply(m)
            if isinstance(m, GoOut) or before_phase == "last-discard":
                melds = s.last_round["melds"][p] if s.round != r else [[D.token(c) for c, _ in x] for x in s.melds[p]]
                for meld in melds:
                    assert _meld_ok(codes(" ".join(meld)), r + 2), (meld, r)
                    laid += 1
                left = s.last_round["points"][p] if s.round != r else hand_points_of(s, p, r)
                if len(rest) <= 7:
                    assert left == _min_left_brute(rest, r + 2, r), (rest, left)
                    optimal += 1
    assert laid > 30 and optimal > 20, (laid, optimal)


def hand_points_of(s, p, r):
    return sum(oracle.hand_points("koenigs", c, r) for c in s.hands[p])
