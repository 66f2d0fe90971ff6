"""1x1-Rommé's master rules (``master_einmaleins``): going out in the turn where the hand can, and the discard that
weighs a card's meld chances before its minus points."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from romme import _core
from romme.bots import master_einmaleins as rules
from romme.bots.einmaleins import ExpertBot
from romme.bots.master import MasterBot
from romme.cards import deck
from romme.engine import GameState, new_game
from romme.games import einmaleins as game
from romme.rng import Rng

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
#: a table of an expert game (deal h/0, move 55): three wish cards in runs, so a rearrangement can free them
TABLE = "W=K21 W=K28 K35 K42 K49 | D35 D1=D40 D45 D50 | H48 H60 W=H72 | H14 H16 H18 | Q12 Q18 Q24"


def code(token: str) -> int:
    return deck("einmaleins").parse_token(token, 1)


def meld(text: str) -> game.MeldT:
    draft = []
    for token in text.split():
        card, _, stands_for = token.partition("=")
        draft.append((code(card), code(stands_for) if stands_for else None))
    resolved = game.MELDS.resolve(tuple(draft))
    assert resolved is not None, text
    return resolved


def position(hand: str, table: str = "", opened: bool = True) -> GameState:
    """Seat 0 to play (it has drawn) with ``hand`` and the table ``table`` (melds split by ``|``)."""
    state = new_game("einmaleins", players=2, seed="rules")
    assert isinstance(state, game.EinmaleinsState)
    counts = [0] * game.TYPES
    for token in hand.split():
        counts[code(token)] += 1
    state.hands[0] = counts
    state.table = tuple(meld(m) for m in table.split("|")) if table else ()
    state.opened = [opened, True]
    state.drawn, state.turn = True, 0
    return state


def turn_goes_out(state: GameState, choose: object) -> bool:
    """Whether seat 0 ends the game in this turn, playing ``choose``'s moves."""
    after = state.clone()
    while not after.is_over and after.current_player == 0:
        after.apply(choose(after))  # type: ignore[operator]
    return after.is_over and after.result().winners == (0,)


@pytest.mark.parametrize("hand", ["K2 Q2", "D24 Q2", "H2 H3 Q2"])
def test_the_master_goes_out_where_all_but_one_card_can_be_placed_and_the_expert_does_not(hand: str) -> None:
    """Fails without the rule: in these positions of an expert game the hand goes out only by a rearrangement that
    places every card but one (a wild freed from a run makes a set of 2s or 24s); the expert's table search places
    the whole hand, which no table move may, so it discards and plays on."""
    state = position(hand, TABLE)
    assert not turn_goes_out(state, ExpertBot(Rng(0)).choose)
    move = rules.go_out_move(state)
    assert move is not None and move.kind == "place"
    assert MasterBot("einmaleins", "s", think=0.05).choose(state) == move
    assert turn_goes_out(state, rules.go_out_move)


@pytest.mark.parametrize(("hand", "taken"), [("K2 Q2", "Q2"), ("D24 Q2", "Q2")])
def test_the_master_goes_out_where_the_one_listed_move_is_a_discard(hand: str, taken: str) -> None:
    """Fails without the rule before the one-move shortcut: the card taken from the discard pile may not be thrown
    back, so the listing holds one move (the other card's discard), and the master played it; the table move that
    goes out (a rearrangement, not listed) is legal all the same."""
    state = position(hand, TABLE)
    state.from_discard = code(taken)  # type: ignore[attr-defined]
    assert [m.kind for m in state.legal_moves()] == ["discard"]
    move = rules.go_out_move(state)
    assert move is not None and move.kind == "place" and state.is_legal(move)
    assert MasterBot("einmaleins", "s", think=0.05).choose(state) == move
    assert turn_goes_out(state, MasterBot("einmaleins", "s", think=0.05).choose)


def test_a_hand_goes_out_with_its_opening_where_the_opening_leaves_one_card() -> None:
    """Before the opening: all but one card laid as melds worth at least the opening points (the run of 24, 36, 48
    and the set of 5s: 123), then the discard of the card left (H12)."""
    state = position("H12 H24 H36 H48 K5 D5 Q5", opened=False)
    move = rules.go_out_move(state)
    assert move is not None and move.kind == "place"
    after = state.clone()
    after.apply(move)
    assert after.hands[0][code("H12")] == 1 and sum(after.hands[0]) == 1  # type: ignore[attr-defined]
    assert turn_goes_out(state, rules.go_out_move)


@pytest.mark.parametrize(("hand", "table", "opened"), [
    ("K3 D80 Q7", TABLE, True),  # nothing fits
    ("H12 H24 H36 K5 D5 Q5", "", False),  # the whole hand melds, but no five of it
    ("H12 H24 K5 D5 Q5", "", False),  # one card left, but the set is worth 15 points, not 51
])
def test_no_move_where_the_hand_cannot_go_out(hand: str, table: str, opened: bool) -> None:
    assert rules.go_out_move(position(hand, table, opened)) is None


def test_one_card_left_is_discarded() -> None:
    state = position("K3", TABLE)
    move = rules.go_out_move(state)
    assert isinstance(move, game.DiscardMove) and move.card == code("K3")


def test_the_rules_apply_to_1x1_romme_in_the_play_phase_only() -> None:
    state = new_game("einmaleins", players=2, seed="rules")
    assert state.phase == "draw"
    expert_move = ExpertBot(Rng(0)).choose(state)
    assert rules.go_out_move(state) is None and rules.rule_move(state, expert_move) is None
    rummy = new_game("rummy", players=2, seed="rules")
    assert rules.go_out_move(rummy) is None and rules.discard_ranking(rummy) == []


def test_with_the_experts_weight_and_nothing_dead_the_ranking_is_the_experts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Oracle: the keep value is the core's (``bot_measures::keep_value``) where no card is dead, so with the points
    weighed whole the ranking is the core's discard order, on random hands. (Of the cards whose value fewer than three
    symbols have, the core counts the others of the value as set partners; no set of them can be made, and the rule
    counts none: those cards are left out here.)"""
    import random

    monkeypatch.setattr(rules, "POINTS_WEIGHT", 1.0)
    symbols = [sum(1 for s in range(4) if (s, game.VALUE[c]) in game.CODE_AT) if c < game.WISH else 4
               for c in range(game.TYPES)]
    pool = [c for c in range(game.TYPES) if symbols[c] >= 3]
    rng = random.Random(7)
    for _ in range(200):
        cards = rng.sample(pool, rng.randint(2, 16))
        state = position(" ".join(deck("einmaleins").token(c) for c in cards))
        ranked = [m.card for m in rules.discard_ranking(state)]  # type: ignore[attr-defined]
        choices = sorted(set(cards))
        order = _core.einmaleins_discard_order(bytes(state.hands[0]), bytes(choices))  # type: ignore[attr-defined]
        expected = [choices[i] for i in order]
        # the core breaks ties by the lower code, the rule by the more points first: compare the measures
        assert [rules.keep_value(state.hands[0], c, [0] * game.TYPES) - game.hand_points(c)  # type: ignore[attr-defined]
                for c in ranked] == [rules.keep_value(state.hands[0], c, [0] * game.TYPES)  # type: ignore[attr-defined]
                                     - game.hand_points(c) for c in expected]


def test_a_partner_counts_only_toward_a_meld_that_can_still_be_made() -> None:
    h = [0] * game.TYPES
    for token in ("H48", "H60"):
        h[code(token)] += 1
    dead = [0] * game.TYPES
    live = rules.keep_value(h, code("H48"), dead)
    assert live == 2 * rules.PARTNER_KEEP  # H60 in the windows 36-48-60 and 48-60-72
    dead[code("H72")] = 1
    assert rules.keep_value(h, code("H48"), dead) == rules.PARTNER_KEEP  # 48-60-72 cannot be made
    h2 = [0] * game.TYPES
    for token in ("K7", "H7"):
        h2[code(token)] += 1
    assert rules.keep_value(h2, code("K7"), [0] * game.TYPES) == rules.PARTNER_KEEP
    dead2 = [0] * game.TYPES
    dead2[code("D7")] = dead2[code("Q7")] = 1
    assert rules.keep_value(h2, code("K7"), dead2) == 0  # no third 7 left for a set


def test_the_rule_keeps_a_high_card_with_partners_the_expert_throws() -> None:
    """The expert weighs a card's minus points whole: H36 with a partner (K36) goes before a lone K4. The rule weighs
    them a quarter and throws K4; the master plays the rule's discard where the expert discards."""
    state = position("H36 K36 K4 D7 Q7")
    expert_move = ExpertBot(Rng(0)).choose(state)
    assert isinstance(expert_move, game.DiscardMove) and expert_move.card == code("H36")
    move = rules.rule_move(state, expert_move)
    assert isinstance(move, game.DiscardMove) and move.card == code("K4")
    assert MasterBot("einmaleins", "s", think=0.05).choose(state) == move
    assert rules.rule_discard(state, game.DrawMove(0, "stock")) is None  # not where the expert would not discard


def test_the_rule_games_script_runs_and_refuses_bad_rules() -> None:
    run = subprocess.run([sys.executable, str(SCRIPTS / "einmaleins_rule_games.py"), "2", "0"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert '"games": 4' in run.stdout
    bad = subprocess.run([sys.executable, str(SCRIPTS / "einmaleins_rule_games.py"), "2", "--rules", "hold"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_the_rules_read_only_what_the_seat_sees() -> None:
    """The same hand and table with the other hand and the stock dealt again: the same rule moves, in every position
    of an expert game where a rule applies."""
    from romme.bots.master_worlds import apply_deal, sample_deal

    state = new_game("einmaleins", players=2, seed="rules/info")
    expert, checked, dealt_otherwise = ExpertBot(Rng(0)), 0, 0
    while not state.is_over:
        move = expert.choose(state)
        ruled = rules.rule_move(state, move)
        if ruled is not None:
            seat = state.current_player
            for k in range(2):
                other = apply_deal(state, sample_deal(state, seat, Rng(k)))
                dealt_otherwise += other.hands[1 - seat] != state.hands[1 - seat]  # type: ignore[attr-defined]
                assert rules.rule_move(other, expert.choose(other)) == ruled
            checked += 1
        state.apply(move)
    assert checked >= 5 and dealt_otherwise >= checked
