"""Krass Kariert bots: legal, blind to hidden cards, and ranked expert > greedy > random."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from romme import _core
from romme.bots import make_bot
from romme.bots.krass import ExpertBot, fit_position
from romme.cards import parse_codes
from romme.engine import new_game
from romme.errors import SolverError
from romme.games.krass import InsertMove, KrassState, PlayMove, ReserveMove
from romme.games.krass.combos import DRAW, N, S, X, describe, play_strength
from romme.rng import Rng

LEVELS = ("random", "greedy", "expert")
hand_power = _core.krass_hand_power
p_stuck = _core.krass_p_stuck


def codes(text: str) -> list[int]:
    return parse_codes("krass", text, check_counts=False)


def strength(name: str) -> int:
    """The strength the core names ``name`` (``"pair 9"``)."""
    found = [s for s in range(DRAW) if _named(s) == name]
    assert len(found) == 1, name
    return found[0]


def _named(s: int) -> str | None:
    try:
        return describe(s)
    except ValueError:
        return None


def window_strengths(cards: list[int]) -> frozenset[int]:
    """Every strength a window can be played as (each X tried as every number)."""
    return _window_strengths(tuple(cards))


@cache
def _window_strengths(cards: tuple[int, ...]) -> frozenset[int]:
    found = set()
    for xs in itertools.product(range(1, 13), repeat=cards.count(X)):
        s = play_strength(cards, xs)
        if isinstance(s, int):
            found.add(s)
    return frozenset(found)


def oracle_hand_power(hand: list[int]) -> int:
    """The strongest combination of any window of 1–3 cards, tried in full (stop and draw cards: none)."""
    return max((s for k in (1, 2, 3) for i in range(len(hand) - k + 1)
                for s in window_strengths(hand[i:i + k]) if s < DRAW), default=0)


def oracle_fit_position(hand: list[int], card: int) -> int:
    """The first position where the inserted card lies in a window of three that is a play, else in a
    window of two that is a play; the hand's end if nowhere."""
    def joins(k: int) -> list[int]:
        out = []
        for pos in range(len(hand) + 1):
            row = hand[:pos] + [card] + hand[pos:]
            if any(window_strengths(row[i:i + k]) for i in range(max(pos - k + 1, 0), min(pos, len(row) - k) + 1)):
                out.append(pos)
        return out

    return next(iter(joins(3) + joins(2)), len(hand))


def oracle_stuck_table(samples: int = 2000, sizes: int = 20) -> list[list[float]]:
    """``table[size][b]``: the share of ``samples`` seeded random deals whose first ``size`` cards hold no
    stop or draw card and nothing stronger than ``b`` (one deck list shuffled on from deal to deal by a
    partial Fisher-Yates from the front, seed ``"krass-stuck"``)."""
    counts = [[0] * 81 for _ in range(sizes + 1)]
    rng = Rng("krass-stuck")
    full = list(range(12)) * 4 + [X, X, N, N, S, S]
    for _ in range(samples):
        for size in range(1, sizes + 1):
            j = rng.below(len(full) - size + 1) + size - 1
            full[size - 1], full[j] = full[j], full[size - 1]
            if full[size - 1] in (N, S):
                break
            counts[size][oracle_hand_power(full[:size])] += 1
    return [[sum(row[:b + 1]) / samples for b in range(81)] for row in counts]


def oracle_no_special(cards: int, specials: int, size: int) -> float:
    p = 1.0
    for i in range(min(size, 20)):
        p *= max(cards - specials - i, 0) / (cards - i)
    return p


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [3, 5])
def test_bots_play_whole_games_with_legal_moves(level: str, players: int) -> None:
    st = new_game("krass", players=players, seed=7)
    bots = [make_bot("krass", level, seed=s) for s in range(players)]
    while not st.is_over:
        move = bots[st.current_player].choose(st)
        assert st.is_legal(move), (level, move, st.phase)
        st.apply(move)
    assert st.result().winners


def _hide_differently(st: KrassState, rng: Rng) -> KrassState:
    """A copy in which every other seat's hand and the stock are re-dealt from
    the same unseen cards (sizes kept): the current player cannot tell them apart."""
    c = st.clone()
    me = c.current_player
    others = [p for p in range(c.num_players) if p != me]
    pool = [card for p in others for card in c.hands[p]] + c.stock
    rng.shuffle(pool)
    for p in others:
        k = len(c.hands[p])
        c.hands[p], pool = pool[:k], pool[k:]
    c.stock = pool
    return c


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_bots_decide_from_what_they_may_see(level: str) -> None:
    rng = Rng("hide")
    checked = 0
    for seed in range(4):
        st = new_game("krass", players=4, seed=seed)
        driver = [make_bot("krass", "greedy", seed=s) for s in range(4)]
        while not st.is_over and checked < 60 * (seed + 1):
            if st.phase != "insert":
                a = make_bot("krass", level, seed=1).choose(st)
                b = make_bot("krass", level, seed=1).choose(_hide_differently(st, rng))
                assert a == b, (st.phase, a, b)
                checked += 1
            st.apply(driver[st.current_player].choose(st))
    assert checked > 100


def test_greedy_plays_most_cards_weakest_first() -> None:
    st = KrassState.from_position(["1 7 7 7 2 3", "5", "6", "8"], ["", "", "", ""], leader=0)
    move = make_bot("krass", "greedy").choose(st)
    assert move == PlayMove(0, 1, 3)  # the only three-card play (triple 7) before any pair or solo


def test_fit_position_and_hand_power() -> None:
    assert fit_position(codes("1 5 9"), codes("6")[0]) in (1, 2)  # beside the 5
    assert fit_position(codes("5 7 12"), codes("6")[0]) < 3  # with 5 and 7 (any order): a 3-straight
    assert fit_position(codes("1 12"), codes("6")[0]) == 2  # nowhere: at the end
    assert hand_power(codes("1 9 9 S")) == strength("pair 9")
    assert hand_power(codes("X 12 12")) == strength("triple 12")
    assert hand_power(codes("X X 1")) == strength("pair 1")  # X X is no play: X with 1 is at best pair 1
    assert hand_power(codes("S N")) == 0
    assert hand_power(codes("4 X 6")) == strength("3-straight 6")
    assert hand_power(codes("2")) == strength("solo 2")
    for bad in ([15], [0, 200]):
        with pytest.raises(SolverError):
            hand_power(bad)
    with pytest.raises(SolverError):
        fit_position(codes("1 2"), 15)


_hands = st.lists(st.sampled_from(list(range(12)) * 2 + [X, X, N, S]), max_size=10)


@given(_hands, st.sampled_from(list(range(15))))
def test_hand_power_and_fit_position_match_the_oracles(hand: list[int], card: int) -> None:
    assert hand_power(hand) == oracle_hand_power(hand)
    assert fit_position(hand, card) == oracle_fit_position(hand, card)


def test_stuck_table_is_the_seeded_estimate() -> None:
    table = oracle_stuck_table()
    for size in range(23):
        for b in range(-1, 90):
            want = 0.0 if b < 0 else table[min(size, 20)][min(b, 80)]
            assert p_stuck(size, b) == want, (size, b)
            for unseen, specials in ((30, 0), (10, 4), (20, 2), (3, 1), (54, 4), (5, -1)):
                got = p_stuck(size, b, (unseen, specials))
                if b >= 0 and specials >= 0 and unseen >= size:
                    want_now = min(want * (oracle_no_special(unseen, specials, size) / oracle_no_special(54, 4, size)),
                                   1.0)
                else:
                    want_now = want
                assert got == want_now, (size, b, unseen, specials)


def test_stuck_chance_falls_with_hand_size_and_rises_with_the_bar() -> None:
    for size in (1, 3, 8):
        row = [p_stuck(size, b) for b in range(80)]
        assert row == sorted(row) and 0 <= row[0] and row[-1] <= 1
    assert p_stuck(1, strength("solo 12")) > p_stuck(8, strength("solo 12"))
    assert p_stuck(5, -1) == 0.0
    # with every stop and draw card seen, nobody can escape that way: more likely stuck
    bar = strength("pair 9")
    assert p_stuck(5, bar, (30, 0)) > p_stuck(5, bar) > p_stuck(5, bar, (10, 4))
    assert p_stuck(3, strength("triple 12"), (20, 0)) == 1.0


def test_expert_inserts_a_drawn_card_where_it_saves_a_play() -> None:
    st = KrassState.from_position(["12 1 3", "7 6 1", "11 12 9 5 9", "N 5 10"], ["", "", "", ""],
                                  stock="5 10 X", leader=0)
    for t in ("play 0", "play 0-1", "play 0-1", "play 0"):
        st.apply(st.parse_move(t))
    assert st.phase == "insert" and st.current_player == 2  # Nico holds 9 5 9 and drew a 5
    move = make_bot("krass", "expert").choose(st)
    # 9 5 5 9 empties in two plays (pair 5, then pair 9); 5 9 5 9 or 9 5 9 5 need three
    assert isinstance(move, InsertMove) and move.position in (1, 2)


def test_expert_prefers_a_draw_card_to_a_reserve_when_it_cannot_beat() -> None:
    st = KrassState.from_position(["12 12 12 1", "N 4 9", "5 6 7", "8 9 10"], ["", "12 1", "1", "1"],
                                  leader=0)
    st.apply(st.parse_move("play 0-2"))
    assert make_bot("krass", "expert").choose(st) == PlayMove(1, 0, 1)


def test_expert_takes_the_reserve_that_joins_its_hand() -> None:
    st = KrassState.from_position(["12 12 12 1", "2 4 9", "5 6 7", "8 9 10"], ["", "11 3", "1", "1"],
                                  leader=0)
    st.apply(st.parse_move("play 0-2"))
    move = make_bot("krass", "expert").choose(st)
    # the 3 beside or between 2 and 4 makes a 3-straight (in any order)
    assert isinstance(move, ReserveMove) and move.index == 1 and move.position <= 2


def test_min_plays_solver_counts() -> None:
    def count(text: str) -> int:
        return len(_core.solve_hand("krass", codes(text), "min-plays", {}).plays or ())

    assert count("5 1 5") == 2  # play the 1, then the 5s are adjacent
    assert count("4 6 5") == 1
    assert count("4 S 5") == 2
    assert count("1 5 9 12") == 4
    assert count("X 7 1 X") == 2


def _tally(levels: list[str], games: int) -> dict[str, float]:
    wins: dict[str, int] = {lv: 0 for lv in levels}
    seats: dict[str, int] = {lv: 0 for lv in levels}
    n = len(levels)
    for g in range(games):
        order = levels[g % n:] + levels[:g % n]  # every bot sits in every seat
        st = new_game("krass", players=n, seed=f"rank/{g}")
        bots = [make_bot("krass", lv, seed=f"rank/{g}/{s}") for s, lv in enumerate(order)]
        while not st.is_over:
            st.apply(bots[st.current_player].choose(st))
        for s, lv in enumerate(order):
            wins[lv] += s in st.result().winners
            seats[lv] += 1
    return {lv: wins[lv] / seats[lv] for lv in levels}


def test_expert_beats_greedy_beats_random() -> None:
    # Fixed seeds: deterministic. The 1,000-game figures are in the closing report.
    rates = _tally(["greedy", "random", "greedy", "random"], 12)
    assert rates["greedy"] > rates["random"] + 0.2
    rates = _tally(["expert", "greedy", "expert", "greedy"], 12)
    assert rates["expert"] > rates["greedy"] + 0.1


def test_expert_is_a_registered_class() -> None:
    assert isinstance(make_bot("krass", "expert"), ExpertBot)
