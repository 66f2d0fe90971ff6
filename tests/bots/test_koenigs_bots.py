"""Königs-Rommé and solitaire bots: legal, blind to hidden cards, and ordered in strength.

The 1,000-game figures are measured with ``romme simulate`` (see the report);
these tests use few games with fixed seeds.
"""

import pytest

import romme
from romme.bots import make_bot
from romme.commands.simulate import run
from romme.rules import Rules


def _shuffle_hidden(state, seat, seed):
    """A copy in which every card seat ``seat`` cannot see is dealt differently."""
    t = state.clone()
    others = [p for p in range(t.num_players) if p != seat]
    pool = [c for p in others for c in t.hands[p]] + t.stock
    romme.Rng(seed).shuffle(pool)
    i = 0
    for p in others:
        n = len(t.hands[p])
        t.hands[p] = pool[i:i + n]
        i += n
    t.stock = pool[i:]
    return t


@pytest.mark.parametrize("level", ["random", "greedy", "expert"])
def test_bots_play_legal_moves_and_ignore_hidden_cards(level):
    s = romme.new_game("koenigs", players=3, seed=17)
    bots = [make_bot("koenigs", level, i) for i in range(3)]
    checked = 0
    while not s.is_over and len(s.history) < 600:
        p = s.current_player
        if len(s.history) % 7 == 0:
            twin_bot = make_bot("koenigs", level, 99)
            same_bot = make_bot("koenigs", level, 99)
            assert twin_bot.choose(_shuffle_hidden(s, p, len(s.history))) == same_bot.choose(s)
            checked += 1
        m = bots[p].choose(s)
        assert m in s.legal_moves()
        s.apply(m)
    assert checked > 10


def _mean_scores(game, levels, games, seed="t"):
    n = len(levels)
    out = list(run(game, n, Rules.make(game), tuple(levels), games, seed))
    return [sum(o.scores[s] for o in out) / games for s in range(n)], out


def test_greedy_beats_random():
    means, out = _mean_scores("koenigs", ["greedy", "random"], 10)
    assert means[0] < means[1]
    assert sum(1 for o in out if 0 in o.winners) >= 9


def test_expert_beats_greedy():
    a, _ = _mean_scores("koenigs", ["expert", "greedy"], 12)
    b, _ = _mean_scores("koenigs", ["greedy", "expert"], 12)
    assert a[0] + b[1] < a[1] + b[0], (a, b)


def test_solitaire_bots_ordered():
    finished = {}
    for level in ("random", "greedy", "expert"):
        means, _ = _mean_scores("koenigs-solo", [level], 12 if level == "expert" else 30)
        finished[level] = means[0]
    assert finished["random"] < finished["greedy"] < finished["expert"], finished


def test_expert_hint_explains():
    s = romme.new_game("koenigs", players=2, seed=3)
    bot = make_bot("koenigs", "expert", 0)
    s.apply(bot.choose(s))
    m = bot.choose(s)
    assert str(m) in bot.explain(s, m)


def test_expert_last_turn_minimises_points():
    from koenigs_positions import new, rig

    from romme.games.koenigs import solve

    s = rig(new(players=2), 6, ["3c 4c 5c 6c 7c 9h 10h", "Kh Kd Qs Js 4h 5d 7t"], top="8s", discard="Jh")
    s.apply(s.parse_move("draw stock"))
    s.apply(s.parse_move("out 3c"))
    bot = make_bot("koenigs", "expert", 0)
    s.apply(bot.choose(s))  # draw
    hand = list(s.hands[1])
    m = bot.choose(s)
    best = min(solve([c for j, c in enumerate(hand) if j != hand.index(x)], 6).left_points for x in set(hand))
    rest = list(hand)
    rest.remove(m.card)
    assert solve(rest, 6).left_points == best
