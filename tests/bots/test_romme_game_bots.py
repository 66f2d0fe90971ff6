"""Rommé bots: they play every preset to the end, never read hidden cards, and rank as they should."""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.bots.common import play_out
from romme.engine import new_game
from romme.rng import Rng
from romme.rules import PRESETS, Rules


@pytest.mark.parametrize("preset", sorted(PRESETS["romme"]))
def test_bots_finish_every_preset(preset):
    st = new_game("romme", players=3, seed=7, rules=Rules.make("romme", preset, target=1))
    bots = [make_bot("romme", level, i) for i, level in enumerate(("expert", "greedy", "random"))]
    play_out(st, bots, max_moves=4000)
    assert st.is_over


def test_bots_play_a_match_of_several_deals():
    st = new_game("romme", players=2, seed=3, rules=Rules.make("romme", "klopfen", target=120))
    play_out(st, [make_bot("romme", "expert", 1), make_bot("romme", "greedy", 2)], max_moves=20000)
    assert st.is_over and len(st.deal_results) >= 2 and max(st.scores) >= 120


def _hide_shuffle(state, seat: int, seed: int):
    """The same position for ``seat``, with the other hands and the stock dealt anew."""
    c = state.clone()
    hidden = list(c.stock)
    for p in range(c.num_players):
        if p != seat:
            hidden += c.hands[p]
    Rng(seed).shuffle(hidden)
    for p in range(c.num_players):
        if p != seat:
            c.hands[p], hidden = sorted(hidden[:len(c.hands[p])]), hidden[len(c.hands[p]):]
    c.stock = hidden
    return c


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_bots_use_only_their_observation(level, monkeypatch):
    import romme.bots.romme as bots

    monkeypatch.setattr(bots, "SEARCH_WORK_BUDGET", 0)  # an exact search: no budget cuts it
    st = new_game("romme", players=3, seed=11, rules=Rules.make("romme", "rauber", target=1))
    rng = Rng(5)
    checked = 0
    while not st.is_over and checked < 60:
        seat = st.current_player
        if st.phase == "play":
            a = make_bot("romme", level, 9).choose(st)
            b = make_bot("romme", level, 9).choose(_hide_shuffle(st, seat, checked))
            assert a == b
            checked += 1
        moves = st.legal_moves()
        st.apply(moves[rng.below(len(moves))])


def test_expert_beats_random_and_greedy_beats_random():
    wins = {"expert": 0, "greedy": 0}
    for level in wins:
        for g in range(16):
            seats = (level, "random") if g % 2 == 0 else ("random", level)
            st = new_game("romme", players=2, seed=g, rules=Rules.make("romme", target=1))
            play_out(st, [make_bot("romme", lv, g * 2 + i) for i, lv in enumerate(seats)], max_moves=4000)
            wins[level] += seats[st.result().winners[0]] == level
    assert wins["expert"] >= 13 and wins["greedy"] >= 12, wins


def test_expert_rearranges_the_table_in_rauber_romme():
    from romme_positions import position

    from romme.games.romme.moves import Place

    # only a rearrangement places the 5d: 5h and 5s leave their runs to join it
    st = position(["5d 2c Kd", "4s"], table=("5h 6h 7h 8h", "5s 6s 7s 8s"), rauber=True, target=1)
    move = make_bot("romme", "expert", 0).choose(st)
    assert isinstance(move, Place) and st.is_legal(move)
    st.apply(move)
    assert sorted(st.observation(0)["hand"]) == ["2c", "Kd"]
    assert sorted(str(m) for m in st.table) == ["5h 5s 5d", "6h 7h 8h", "6s 7s 8s"] or len(st.table) == 3


#: A table where a 5d goes on only if runs the hand cannot reach give up their ends (see the test below).
RUNS_AROUND_5D = ("5h 6h 7h", "8h 9h 10h", "5s 6s 7s", "8s 9s 10s", "Jc Jh Js", "Qh Qs Qc", "6c 7c 8c", "9c 10c Jc",
                  "8h 8s 8d", "6h 6s 6c", "8d 9d 10d")


def _laid(st, move) -> list[int]:
    """The hand cards a move lays (codes)."""
    before = list(st.hands[st.current_player])
    after = st.clone()
    after.apply(move)
    left = list(after.hands[st.current_player])
    for c in left:
        before.remove(c)
    return before


def test_expert_searches_the_whole_table():
    """The 5d goes onto the table only if runs the hand cannot reach give up their ends: 5h and 5s leave
    their runs for a set with it, and each run takes the far run of its suit above it. The melds near the
    hand (the two runs holding a 5) cannot place it; the whole table can."""
    from romme_positions import codes, position

    from romme import _core
    from romme.games.romme.moves import Place

    table = RUNS_AROUND_5D
    st = position(["5d 2c Kd", "4d"], table=table, rauber=True, target=1)
    near = [0, 2]  # 5h 6h 7h, 5s 6s 7s
    alone = _core.solve_table("romme", [st.table[i].codes() for i in near], st.hands[0], "points",
                              dict(st.rules.options), 0, "fast")
    assert not alone.placed  # (so a search of the near melds only places nothing)
    move = make_bot("romme", "expert", 0).choose(st)
    assert isinstance(move, Place) and st.is_legal(move)
    assert _laid(st, move) == codes("5d")


@pytest.mark.parametrize("seed", [1, 4])
def test_a_cut_search_of_the_whole_table_lays_the_best_it_found(seed, monkeypatch):
    """Where the work budget cuts the search of the whole table, the expert lays the best answer that search
    found: never fewer points than the hand's own best melds (the answer a cut search keeps at least), and in
    some moves more, by a rearrangement (positions of seeded four-seat games, the budget made small so that the
    search is cut in most moves)."""
    import romme.bots.romme as bots
    from romme import _core
    from romme.games.romme import solver
    from romme.games.romme.melds import RuleView, hand_points
    from romme.games.romme.moves import Place

    monkeypatch.setattr(bots, "SEARCH_WORK_BUDGET", 300)
    solve = _core.solve_table
    whole: list[object] = []

    def searched(game, table, cards, *args):
        res = solve(game, table, cards, *args)
        whole.append(res)
        return res

    monkeypatch.setattr(bots._core, "solve_table", searched)
    st = new_game("romme", players=4, seed=seed, rules=Rules.make("romme", "rauber", target=1))
    rules = RuleView.of(st.rules.options)
    seats = [make_bot("romme", "expert", f"cut-{p}") for p in range(4)]
    checked = rearranged = 0
    while not st.is_over:
        p = st.current_player
        whole.clear()
        move = seats[p].choose(st)
        if whole and whole[0].budget_cut and len(whole) == 1:  # (no card held back)
            own, _ = solver.best_melds(st.hands[p], rules, solver.by_points, keep=1)
            laid = sum(hand_points(c) for c in _laid(st, move)) if isinstance(move, Place) else 0
            assert laid >= own
            assert laid == whole[0].placed_points
            checked += 1
            rearranged += laid > own
        st.apply(move)
    assert checked >= 2 and rearranged >= 1


def test_expert_holds_back_a_card_where_the_best_rearrangement_would_empty_its_hand():
    """5d and 9d both go onto the table (sets with the runs' ends), which would leave no card to discard:
    the expert lays the 9d (the 5d is the cheaper card to hold back) and goes out by discarding the 5d."""
    from romme_positions import codes, position

    from romme.games.romme.moves import Discard, Place

    st = position(["5d 9d", "4c 4c 4h"], table=("5h 6h 7h 8h 9h", "5s 6s 7s 8s 9s"), rauber=True, target=1)
    bot = make_bot("romme", "expert", 0)
    move = bot.choose(st)
    assert isinstance(move, Place) and st.is_legal(move)
    assert _laid(st, move) == codes("9d")
    st.apply(move)
    assert bot.choose(st) == Discard(0, codes("5d")[0])


def test_a_hold_back_tried_with_every_card_is_remembered_as_settled():
    """The two runs of the hand would empty it; holding back any card leaves that run's other two in the hand too,
    so the expert lays one run. Every distinct card was tried (table_keep), so that answer is proven and the
    position it leaves is remembered as settled."""
    from romme_positions import codes, position

    from romme.games.romme.moves import Place

    st = position(["2c 3c 4c 2d 3d 4d", "4h 4h 5h"], table=("Jh Js Jc",), rauber=True, target=1)
    bot = make_bot("romme", "expert", 0)
    move = bot.choose(st)
    assert isinstance(move, Place) and sorted(_laid(st, move)) == sorted(codes("2d 3d 4d"))
    assert bot.settled is not None


@pytest.mark.parametrize("discard_pile", [True, False])
def test_the_search_of_the_whole_table_gets_the_move_budget(discard_pile, monkeypatch):
    """With a discard pile or without, the search of the whole table may spend the move's whole
    SEARCH_WORK_BUDGET."""
    from romme_positions import position

    import romme.bots.romme as bots

    solve = bots._core.solve_table
    budgets: list[int] = []

    def searched(*args):
        budgets.append(args[-1])
        return solve(*args)

    monkeypatch.setattr(bots._core, "solve_table", searched)
    st = position(["5d 2c Kd", "4d"], table=RUNS_AROUND_5D, rauber=True, rauber_discard_pile=discard_pile, target=1)
    make_bot("romme", "expert", 0).choose(st)
    assert budgets[0] == bots.SEARCH_WORK_BUDGET


def test_without_a_discard_pile_the_expert_rearranges_where_only_the_draw_is_listed():
    """Without a discard pile a turn may list the stock draw alone (no lay-off, no meld of the hand) while a
    rearrangement of the table places the 5d: the expert lays it instead of taking the one listed move."""
    from romme_positions import codes, position

    from romme.games.romme.moves import Draw, Place

    st = position(["5d 2c Kd", "4d"], table=RUNS_AROUND_5D, rauber=True, rauber_discard_pile=False, target=1)
    assert list(st.legal_moves()) == [Draw(0, "stock")]
    move = make_bot("romme", "expert", 0).choose(st)
    assert isinstance(move, Place) and st.is_legal(move)
    assert _laid(st, move) == codes("5d")


def _play_wiping_the_memory(preset: str, seed: int, forget: bool) -> tuple[list[object], int, int]:
    """A seeded 3-seat expert game (its move log, the table searches and those the budget cut), the experts'
    memory of their settled positions wiped before every move where ``forget``."""
    import romme.bots.romme as bots

    solve = bots._core.solve_table
    calls = [0, 0]

    def counted(*args, **kwargs):
        res = solve(*args, **kwargs)
        calls[0] += 1
        calls[1] += res.budget_cut
        return res

    bots._core.solve_table = counted
    try:
        st = new_game("romme", players=3, seed=seed, rules=Rules.make("romme", preset, target=1))
        seats = [make_bot("romme", "expert", f"settled-{p}") for p in range(3)]
        while not st.is_over and len(st.history) < 2000:
            bot = seats[st.current_player]
            if forget:
                bot.settled = None
            st.apply(bot.choose(st))
    finally:
        bots._core.solve_table = solve
    return [m.to_json() for m in st.history], calls[0], calls[1]


@pytest.mark.parametrize("preset", ["rauber", "rauber-to-hand"])
def test_expert_does_not_search_again_what_its_own_proven_place_left(preset):
    """After its own place move from a proven search of the whole table, the expert does not search the
    position that move left: a seeded game plays the same moves with the expert's memory of it wiped before
    every move, and with it fewer searches."""
    kept, searched, _ = _play_wiping_the_memory(preset, 5, forget=False)
    again, searched_again, _ = _play_wiping_the_memory(preset, 5, forget=True)
    assert kept == again
    assert searched < searched_again


@pytest.mark.parametrize(("preset", "seed"), [("rauber", 7), ("rauber-to-hand", 0)])
def test_a_place_from_a_cut_search_is_not_remembered_as_settled(preset, seed, monkeypatch):
    """A place answered by a search the budget cut may leave cards that a later search places: the position
    it leaves is searched again. With the move's work budget made small (cuts in most moves) the game plays
    the same moves with the memory wiped before every move (on these seeds remembering a cut search's position
    replays a different game)."""
    import romme.bots.romme as bots

    monkeypatch.setattr(bots, "SEARCH_WORK_BUDGET", 300)
    kept, _, cut = _play_wiping_the_memory(preset, seed, forget=False)
    again, _, _ = _play_wiping_the_memory(preset, seed, forget=True)
    assert cut > 0
    assert kept == again


def _partners_oracle(card: int, cards: list[int]) -> int:
    """Cards of ``cards`` that could join ``card``: other codes of its rank, or of its suit within two
    ranks (the ace also beside Q and K); written from codes (suit * 13 + rank - 1, joker 52)."""
    if card == 52:
        return 99
    rank, suit = card % 13 + 1, card // 13
    near = 0
    for c in cards:
        if c == 52 or c == card:
            continue
        r, s = c % 13 + 1, c // 13
        if r == rank or s == suit and (abs(r - rank) <= 2 or {r, rank} <= {1, 12, 13}):
            near += 1
    return near


def test_discard_outlooks_agree_with_a_count_by_hand():
    """The expert's discard measure from the core: the rest's best melds by count, and the partners of
    the cards they leave loose, counted here from the melds the hand search returns."""
    from romme import _core
    from romme.games.romme import solver
    from romme.games.romme.melds import RuleView

    rng = Rng("outlooks")
    for options in ({}, {"wrap_around": True}, {"no_double_joker": True}):
        rules = RuleView.of(options)
        for _ in range(150):
            hand = sorted(rng.below(53) for _ in range(2 + rng.below(12)))
            assert _core.romme_partners(hand[0], hand) == _partners_oracle(hand[0], hand)
            discards = sorted(set(hand))
            got = _core.romme_discard_outlooks(rules.core, hand, discards)
            for card, outlook in zip(discards, got):
                rest = list(hand)
                rest.remove(card)
                total, melds = solver.best_melds(rest, rules, solver.by_cards, keep=0)
                loose = list(rest)
                for x in (x for m in melds for x in m.naturals):
                    loose.remove(x)
                assert outlook.melded == total
                assert outlook.partial == sum(_partners_oracle(x, loose) for x in loose if x != 52)
    with pytest.raises(ValueError):
        _core.romme_discard_outlooks(RuleView.of({}).core, [1, 2, 3], [4])
