"""Rummy's searched turn (``RummyState.searched_turn``): the core's table search, its move judged in the
same call, applied by the flow without a second judgement only in the position it was searched in."""

from __future__ import annotations

from collections import Counter

import pytest
from oracle import meld_points
from oracle_table_change import cards_gained

from romme import _core
from romme.bots import make_bot
from romme.engine import new_game
from romme.errors import IllegalMoveError
from romme.games import rummy

GAME = "rummy"
WORK = 1_500_000


def positions(seeds: range, players: int = 2, rules: dict[str, int] | None = None) -> list[rummy.RummyState]:
    """Positions of expert games (against greedy seats) where the seat to move has opened."""
    found = []
    for seed in seeds:
        s = new_game(GAME, players=players, seed=seed, rules=rules)
        assert isinstance(s, rummy.RummyState)
        levels = ["expert", "greedy", "expert", "greedy"][:players]
        bots = [make_bot(GAME, lv, f"{seed}/{i}") for i, lv in enumerate(levels)]
        while not s.is_over:
            if s.opened[s.current_player]:
                found.append(s.clone())
            s.apply(bots[s.current_player].choose(s))
    return found


@pytest.mark.parametrize(("players", "rules"), [(2, None), (3, None), (2, {"max_hand_cards_per_turn": 6}),
                                                 (2, {"max_hand_cards_per_turn": 0})])
def test_the_searched_move_is_legal_and_lays_what_it_says(players: int, rules: dict[str, int] | None) -> None:
    places = nones = 0
    for s in positions(range(3), players, rules):
        p = s.current_player
        hand = list(s.hands[p])
        found = s.searched_turn(WORK)
        if found.move is None:
            if found.proven_none:
                nones += 1
                # (the exact tie-break's search and the listing find nothing either)
                res = _core.solve_table(GAME, [[c for c, _ in m] for m in s.table], s.hand(p), "cards",
                                        dict(s.rules.options), 0)
                assert res.optimal and not res.placed
                assert not any(isinstance(m, rummy.RummyPlace) for m in s.legal_moves())
            continue
        places += 1
        new = found.move.table
        # every meld a set or run by the oracle, each card standing for itself unless a joker
        for meld in new:
            assert meld_points(GAME, [c for c, _ in meld], s.rules) is not None, meld
            assert all(c == sf for c, sf in meld if c != rummy.JOKER)
        placed, taken = cards_gained(s.table, new)
        assert not taken  # rule 1
        assert placed == Counter(found.placed)
        assert all(hand[c] >= n for c, n in placed.items())
        assert not s.cap or sum(placed.values()) <= s.cap  # rule 3
        # the same table made elsewhere is judged in full, with the same outcome
        other = s.clone()
        other._checked = None
        other._judged = None
        twin = rummy.RummyPlace(p, tuple(tuple(m) for m in new))
        other.apply(twin)
        s.apply(found.move)
        assert s.hands == other.hands and s.table == other.table
        assert s.flat_table() == rummy.flat_table(s.table)
    assert places >= 10 and nones >= 5


def test_the_searched_move_is_taken_unjudged_only_in_its_own_position() -> None:
    s = next(x for x in positions(range(2)) if x.searched_turn(WORK).move is not None)
    found = s.searched_turn(WORK)
    assert found.move is not None
    later = s.clone()
    later.apply(rummy.PassMove(later.current_player))  # the position moves on: the move is judged again
    with pytest.raises(IllegalMoveError):
        later.apply(found.move)
    # a hand without the cards it lays refuses it, though the table search made it
    lacking = s.clone()
    lacking._checked = None
    lacking._judged = None
    p = lacking.current_player
    c = found.placed[0]
    q = 1 - p
    lacking.hands[p][c] -= 1
    lacking.hands[q][c] += 1
    assert not lacking.is_legal(found.move)
    with pytest.raises(IllegalMoveError):
        lacking.apply(found.move)


def test_a_seat_that_has_not_opened_gets_no_searched_turn() -> None:
    s = new_game(GAME, seed=1)
    assert isinstance(s, rummy.RummyState)
    with pytest.raises(IllegalMoveError):
        s.searched_turn(WORK)


def test_the_core_refuses_what_is_no_position() -> None:
    from romme.errors import RulesError, SolverError

    with pytest.raises(SolverError):
        _core.rummy_searched_turn(b"", bytes(52), {}, WORK)
    with pytest.raises(SolverError):
        _core.rummy_searched_turn(b"\x03\x01", bytes(53), {}, WORK)
    with pytest.raises(RulesError):
        _core.rummy_searched_turn(b"", bytes(53), {"no_such_option": 1}, WORK)


def test_the_answers_share_their_card_pairs_and_equal_fresh_ones() -> None:
    """The core makes each (code, stands_for) pair once: two answers hold the very same pair objects,
    equal to the pairs the table is read as."""
    s = next(x for x in positions(range(2)) if x.searched_turn(WORK).move is not None)
    p = s.current_player
    first = _core.rummy_searched_turn(s.flat_table(), bytes(s.hands[p]), dict(s.rules.options), WORK)
    again = _core.rummy_searched_turn(s.flat_table(), bytes(s.hands[p]), dict(s.rules.options), WORK)
    assert first.table is not None and again.table is not None
    assert first.table == again.table
    assert first.table == tuple(tuple((c, sf) for c, sf in m) for m in first.table)
    for m1, m2 in zip(first.table, again.table, strict=True):
        assert all(a is b for a, b in zip(m1, m2, strict=True))
    assert first.flat == rummy.flat_table(first.table)


def test_the_core_options_follow_the_rules_object() -> None:
    s = new_game(GAME, seed=1)
    assert isinstance(s, rummy.RummyState)
    assert s.options_for_core() == dict(s.rules.options) and s.cap == 12
    s.rules = s.rules.replace(max_hand_cards_per_turn=6)
    assert s.options_for_core()["max_hand_cards_per_turn"] == 6 and s.cap == 6


def test_the_pass_the_state_hands_out_is_taken_unchecked_only_in_its_own_position() -> None:
    """``pass_move`` is always legal where it is made (``apply`` takes that very object without the checks);
    the same object after the position moved on is checked like any other move, and a game over has no pass."""
    s = new_game(GAME, seed=1)
    assert isinstance(s, rummy.RummyState)
    p = s.current_player
    stock, hand = len(s.stock), sum(s.hands[p])
    move = s.pass_move()
    assert move == rummy.PassMove(p) and s.is_legal(move)
    s.apply(move)
    assert (len(s.stock), sum(s.hands[p]), s.current_player) == (stock - 1, hand + 1, 1 - p)
    with pytest.raises(IllegalMoveError):  # seat p's pass on seat 1 - p's turn
        s.apply(move)
    assert s.history == [move] and len(s.stock) == stock - 1
    s.over = True
    with pytest.raises(IllegalMoveError):
        s.pass_move()


def test_a_hand_reaches_the_core_as_its_counts_a_byte_each() -> None:
    counts = [0] * rummy.TYPES
    counts[3], counts[rummy.JOKER] = 2, 1
    assert rummy.hand_bytes(counts) == bytes(counts) and len(rummy.hand_bytes(counts)) == 53
    for bad in ([256], [-1]):
        with pytest.raises(ValueError):
            rummy.hand_bytes(bad)
