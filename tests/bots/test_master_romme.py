"""The master's Rommé part: the expert's ranked discards as candidates."""

from __future__ import annotations

from romme.bots import make_bot
from romme.bots.master import MasterBot, determinize
from romme.bots.master_romme import DISCARDS_SEARCHED, ranked_discards
from romme.engine import GameState, new_game
from romme.games.romme.moves import Discard
from romme.rng import Rng


def romme_positions(seed: int, count: int) -> list[GameState]:
    """Positions of a two-seat expert game of Rommé, both phases."""
    state = new_game("romme", players=2, seed=f"mr/{seed}")
    bots = [make_bot("romme", "expert", f"mr/{seed}/{s}") for s in range(2)]
    out: list[GameState] = []
    while not state.is_over and len(out) < count:
        out.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    return out


def test_ranked_discards_are_the_best_legal_discards_in_the_play_phase_only() -> None:
    plays = 0
    for state in romme_positions(1, 60):
        ranked = ranked_discards(state)
        discards = [m for m in state.legal_moves() if isinstance(m, Discard)]
        if state.phase != "play":
            assert ranked == []
            continue
        plays += 1
        assert len(ranked) == min(DISCARDS_SEARCHED, len(discards))
        assert all(isinstance(m, Discard) and state.is_legal(m) for m in ranked)
        assert len(set(ranked)) == len(ranked)
        # the expert's ranking never puts a joker first while a natural card can go
        if any(m.card != 52 for m in discards):
            assert all(m.card != 52 for m in ranked[:1])
    assert plays > 10


def test_ranked_discards_depend_only_on_the_observation() -> None:
    for state in romme_positions(2, 40):
        if state.phase != "play":
            continue
        other = determinize(state, state.current_player, Rng(7))
        assert other.observation(state.current_player) == state.observation(state.current_player)
        assert ranked_discards(other) == ranked_discards(state)


def test_the_master_compares_the_ranked_discards_beside_the_experts_move() -> None:
    extra = 0
    for state in romme_positions(3, 40):
        if state.phase != "play" or len(state.legal_moves()) <= 8:
            continue
        bot = MasterBot("romme", "c", think=0.01)
        cands, expert_move = bot.candidates(state, state.legal_moves())
        assert cands[0] == expert_move
        assert all(m in cands for m in ranked_discards(state))
        assert all(state.is_legal(m) for m in cands)
        extra += len(cands) - 2
    assert extra > 0


def test_a_cut_romme_hand_is_valued_by_what_the_solver_cannot_meld() -> None:
    """Rommé's cut value: the cards the core's hand solver leaves over and their points (ace 11, faces 10)."""
    from romme.bots.master_value import CUT_VALUES, CutValue, solved_hand
    from romme.cards import deck

    d = deck("romme")

    def cards(text: str) -> tuple[int, ...]:
        return tuple(sorted(d.parse_token(t) for t in text.split()))

    assert CUT_VALUES["romme"] is CutValue.SOLVED
    assert solved_hand("romme", cards("2c 3c 4c")) == (0, 0)
    assert solved_hand("romme", cards("2c 3c 4c Kd")) == (1, 10)
    assert solved_hand("romme", cards("7h 7s 7d Ac 9h")) == (2, 11 + 9)
    assert solved_hand("romme", cards("2c 5d 9h Qs")) == (4, 2 + 5 + 9 + 10)


def test_romme_rollouts_stop_after_ten_moves() -> None:
    from romme.bots.master import HORIZONS

    state = romme_positions(4, 12)[-1]
    bot = MasterBot("romme", "h", think=0.01)
    world = state.clone()
    played = bot._play(world, state.current_player, list(state.result().scores), 1)
    assert HORIZONS["romme"] == 10
    assert 0 < played <= 10


def test_without_a_discard_pile_the_master_weighs_the_experts_rearrangement_against_the_one_listed_draw() -> None:
    """Räuber-Rommé without a discard pile lists the stock draw alone where a rearrangement of the table lays the
    5d (the expert plays it): the master searched nothing there and drew, a move weaker than its own expert's;
    now both are its candidates, and its move is one of them."""
    from romme_positions import position

    from romme.games.romme.moves import Draw, Place

    runs_around_5d = ("5h 6h 7h", "8h 9h 10h", "5s 6s 7s", "8s 9s 10s", "Jc Jh Js", "Qh Qs Qc", "6c 7c 8c", "9c 10c Jc",
                      "8h 8s 8d", "6h 6s 6c", "8d 9d 10d")  # the 5d fits only by moving table cards
    st = position(["5d 2c Kd", "4d"], table=runs_around_5d, rauber=True, rauber_discard_pile=False, target=1)
    assert list(st.legal_moves()) == [Draw(0, "stock")]
    # (Räuber rules count work: at 0.05 s the budget cannot reach the worlds a deviation needs, and the search
    # stops after its first rollout with the expert's move; at 0.2 s it compares both)
    bot = make_bot("romme", "master", 0, think=0.2)
    assert isinstance(bot, MasterBot)
    cands, expert_move = bot.candidates(st, st.legal_moves())
    assert isinstance(expert_move, Place) and cands == [expert_move, Draw(0, "stock")]
    move = bot.choose(st)
    assert move in cands and bot.rollouts >= 4  # two worlds at least for each candidate: it searched
