"""A hand whose exact solve reaches the work limit (``partition::HAND_STEPS``) is answered with the
best partition found, marked ``proven`` False, instead of refused: valid melds, the cards conserved,
within the time of the refusal it replaced; the callers that needed the exact answer keep their
behaviour; hands over the size caps are still refused in one line."""

from __future__ import annotations

import json
import time

import oracle
import pytest
from click.testing import CliRunner

import romme
from romme import solve_hand
from romme.bots.master_value import solved_hand
from romme.cards import parse_codes
from romme.cli import main
from romme.rules import Rules
from romme.solve import GAME_OBJECTIVES

#: 36 Rommé cards whose exact solve is cut (a random hand of seed 1, the 10th).
ROMME_HARD = "3c 5c 6c 7c 8c 9c 9c 10c 2d 3d 5d 6d 8d 9d Jd Qd Ah 6h 9h 10h Jh Jh Qh Qh Kh As 2s 7s 8s 8s Js Js * * * *"
#: Königs-Rommé round 11: three whole suits, the size cap (36 cards); far more than the work limit.
KOENIGS_HARD = list(range(36))
#: Each answer, and the refusal before it, ends within this (seconds of CPU; the dearest, the whole Rummy deck
#: under the cap, takes ~0.2 s).
LIMIT = 1.0


def _cut_cases() -> list[tuple[str, list[int], int, dict[str, int]]]:
    return [
        ("koenigs", KOENIGS_HARD, 11, {}),
        ("romme", parse_codes("romme", ROMME_HARD), 0, {}),
        ("rummy", romme.deck("rummy").full(), 0, {"max_hand_cards_per_turn": 0}),
        ("rummy", romme.deck("rummy").full(), 0, {"max_hand_cards_per_turn": 12}),
    ]


@pytest.mark.parametrize("game,hand,round_,opts", _cut_cases())
def test_a_cut_solve_answers_a_valid_partition_not_proven(
    game: str, hand: list[int], round_: int, opts: dict[str, int]
) -> None:
    rules = Rules(game, opts)
    for objective in GAME_OBJECTIVES[game]:
        start = time.process_time()
        sol = solve_hand(game, hand, objective=objective, round=round_ or None, **opts)
        assert time.process_time() - start < LIMIT
        assert not sol.proven
        assert oracle.solution_problems(sol, hand, rules, round_) == []
        assert sol.melds, "the best found melds something of a hand this dense"
        cap = opts.get("max_hand_cards_per_turn", 0)
        if cap:
            assert sol.melded_cards <= cap
        if game == "koenigs":
            # can_go_out is claimed only when a going-out partition was found
            assert sol.can_go_out is False or sol.left_points == 0 or sol.discard is not None
        json_answer = sol.to_json()
        assert (json_answer["optimal"], json_answer["cut_by"]) == (False, "work limit")


@pytest.mark.parametrize("game", ["koenigs", "romme", "einmaleins", "rummy"])
def test_a_normal_hand_is_proven(game: str) -> None:
    full = romme.deck(game).full()
    romme.Rng(f"cut-{game}").shuffle(full)
    sol = solve_hand(game, full[:13], round=11 if game == "koenigs" else None)
    assert sol.proven
    assert sol.to_json()["optimal"] is True and sol.to_json()["cut_by"] is None


def test_the_cli_says_not_proven() -> None:
    text = ROMME_HARD
    result = CliRunner().invoke(main, ["solve", "romme", text])
    assert result.exit_code == 0, result.output
    assert "not proven (work limit)" in result.output
    result = CliRunner().invoke(main, ["solve", "romme", text, "--json"])
    assert result.exit_code == 0
    answer = json.loads(result.output)
    assert (answer["optimal"], answer["cut_by"]) == (False, "work limit")
    easy = CliRunner().invoke(main, ["solve", "romme", "Qh Kh Ah 2c 7s 7d 7c"])
    assert easy.exit_code == 0 and "not proven" not in easy.output


def test_hostile_sizes_are_still_refused_in_one_line() -> None:
    for game, size in (("koenigs", 37), ("romme", 37)):
        big = romme.deck(game).full()[:size]
        start = time.process_time()
        with pytest.raises(romme.SolverError, match="too large"):
            solve_hand(game, big, round=5 if game == "koenigs" else None)
        assert time.process_time() - start < LIMIT
        args = ["solve", game, romme.format_cards(game, big)] + (["--round", "5"] if game == "koenigs" else [])
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1


def test_a_bot_counts_a_cut_hand_whole_as_before() -> None:
    # master_value's distance took the refusal as "nothing melds": a cut answer is treated alike
    hand = tuple(parse_codes("romme", ROMME_HARD))
    assert not solve_hand("romme", hand, objective="max-cards").proven
    points = romme._core.hand_points("romme")
    assert solved_hand("romme", hand) == (len(hand), sum(points[c] for c in hand))
