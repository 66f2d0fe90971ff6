"""Königs-Rommé solitaire (docs/RULES.md §1a)."""

from collections import Counter

import pytest
from playout import check_random_playouts, full_deck

import romme
from romme.cards import deck, parse_codes
from romme.errors import IllegalMoveError, InvalidNotationError, RulesError
from romme.games.koenigs.solo import KoenigsSoloState, Place, hand_finished

D = deck("koenigs")


def codes(text):
    return parse_codes("koenigs", text, check_counts=False)


def new(seed=1) -> KoenigsSoloState:
    s = romme.new_game("koenigs-solo", seed=seed)
    assert isinstance(s, KoenigsSoloState)
    return s


def test_deal():
    s = new()
    assert [len(s.hands[k]) for k in range(1, 12)] == list(range(3, 14))
    assert len(s.stock) == 28
    assert s.card_count() == full_deck(s)
    obs = s.observation(0)
    assert obs["stock_size"] == 28 and obs["turned"] == D.token(s.stock[-1])
    assert obs["wild_ranks"]["1"] == "3" and obs["wild_ranks"]["11"] == "K"
    with pytest.raises(RulesError):
        romme.new_game("koenigs-solo", players=2)


def test_hands_finished_at_the_deal_are_turned_over():
    # find a seed where some hand melds at the deal: it is finished and takes no cards
    for seed in range(200):
        s = new(seed)
        done = [k for k in range(1, 12) if s.finished[k]]
        if done:
            k = done[0]
            assert hand_finished(s.hands[k], k)
            assert not any(isinstance(m, Place) and m.hand == k for m in s.legal_moves())
            with pytest.raises(IllegalMoveError, match="finished"):
                s.apply(Place(0, k, s.stock[-1]))
            return
    pytest.fail("no hand finished at the deal in 200 seeds")


def test_place_step_and_finishing_a_hand():
    s = new()
    # hand 1 (wild rank 3): make it 3c 5h 9d and turn a joker: place it, remove 9d -> 3c 5h * melds
    s.finished[1] = False
    rig_hand = codes("3c 5h 9d")
    pool = Counter(s.hands[1] + s.stock)
    s.hands[1] = rig_hand
    pool.subtract(Counter(rig_hand))
    joker = 55
    rest = list((pool + Counter()).elements())
    if joker in rest:
        rest.remove(joker)
    else:  # the jokers are all in other hands: swap one out for a card of ours
        for k in range(2, 12):
            if joker in s.hands[k]:
                s.hands[k].remove(joker)
                s.hands[k].append(rest.pop())
                s.finished[k] = hand_finished(s.hands[k], k)
                break
    s.stock = rest + [joker]
    s.reindex()
    assert s.card_count() == full_deck(s)
    m = s.parse_move("place 1 9d")
    assert m == Place(0, 1, codes("9d")[0]) and m in s.legal_moves()
    s.apply(m)
    assert Counter(s.hands[1]) == Counter(codes("3c 5h *"))
    assert s.finished[1] and s.removed == codes("9d")
    assert s.card_count() == full_deck(s)
    with pytest.raises(IllegalMoveError, match="finished"):
        s.apply(Place(0, 1, s.stock[-1]))
    # placing and removing the turned card itself is a legal step
    k = next(k for k in range(2, 12) if not s.finished[k])
    t = s.stock[-1]
    before = list(s.hands[k])
    s.apply(Place(0, k, t))
    assert s.hands[k] == before and s.removed[-1] == t


def test_bad_moves():
    s = new(2)
    k = next(k for k in range(1, 12) if not s.finished[k])
    absent = next(c for c in range(55) if c not in s.hands[k] and c != s.stock[-1])
    before = s.snapshot()
    for bad in (Place(0, 0, s.stock[-1]), Place(0, 12, s.stock[-1]), Place(0, k, absent)):
        with pytest.raises(IllegalMoveError):
            s.apply(bad)
    assert s.snapshot() == before
    for text in ("place", "place 0 Kh", "place 99 Kh", "put x Kh", "place 3 Zq"):
        with pytest.raises(InvalidNotationError):
            s.parse_move(text)
    assert s.parse_move(f"5 {D.token(s.stock[-1])}") == Place(0, 5, s.stock[-1])


def test_win_and_lose():
    s = new(4)
    while not s.is_over:
        s.apply(s.legal_moves()[0])
    assert s.is_over and (s.won or not s.stock)
    r = s.result()
    assert r.scores == (sum(s.finished[1:]),)
    assert r.winners == ((0,) if s.won else ())
    assert r.detail["won"] == s.won
    # a won position: every hand finished
    w = new(5)
    w.finished = [False] + [True] * 11
    w.reindex()
    assert w.is_over and w.won and w.result().winners == (0,)


def test_random_playouts():
    stats = check_random_playouts("koenigs-solo", 1, None, seeds=range(4))
    assert stats["finished"] == 4


@pytest.mark.slow
def test_random_playouts_slow():
    assert check_random_playouts("koenigs-solo", 1, "standard", seeds=range(100, 160))["finished"] == 60
