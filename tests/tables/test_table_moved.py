"""The fewest-moved tie-break of the Rummy / Räuber-Rommé table search.

The keep-mode sweep (``search/keep.rs``) decides for every old meld whether it
stays whole; a kept run with jokers re-reads them (its jokers are private jokers
of its suit). Every answer claiming ``moved_optimal`` must match the brute-force
oracle's fewest moved table cards, and on tables whose runs hold no joker (where
nothing can keep the proof from being built) every answer must claim it.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from oracle_table import JOKER, best, best_moved, is_meld
from table_checks import check_certificate
from table_strategies import positions, romme_jokered_run, two_jokered_runs

from romme import SolverError, solve_table
from romme.rng import Rng


def lock_model_exact(table: list[list[int]]) -> bool:
    """Every old meld with a joker is a set with at least two naturals (no private jokers)."""
    for meld in table:
        if JOKER in meld:
            naturals = [c for c in meld if c != JOKER]
            if len(naturals) < 2 or len({c % 13 for c in naturals}) != 1:
                return False
    return True


def check_fewest_moved(game: str, table: list[list[int]], hand: list[int], objective: str, **opts: bool) -> None:
    sol = solve_table(game, table, hand, objective=objective, **opts)
    check_certificate(game, table, hand, sol)
    top, fewest = best_moved(game, table, hand, objective, table_optional=objective == "net")
    assert sol.optimal
    value = {"cards": sol.placed_count, "points": sol.placed_points, "net": sol.shed_net}[objective]
    assert value == top
    if lock_model_exact(table):
        assert sol.moved_optimal, "the keep-mode sweep should prove the fewest moved"
    if sol.moved_optimal:
        assert sol.moved == fewest
    else:
        assert sol.moved >= fewest


@settings(max_examples=200)
@given(positions(max_melds=4, max_cards=13), st.sampled_from(["cards", "points"]))
def test_rummy_fewest_moved(pos: tuple[list[list[int]], list[int]], objective: str) -> None:
    check_fewest_moved("rummy", *pos, objective)


@settings(max_examples=150)
@given(positions(game="romme", jokers=3, max_melds=4, max_cards=12), st.sampled_from(["cards", "points", "net"]))
def test_romme_fewest_moved(pos: tuple[list[list[int]], list[int]], objective: str) -> None:
    opts = {"rauber": True, "rauber_table_to_hand": objective == "net"}
    check_fewest_moved("romme", *pos, objective, **opts)


def carriers_exact(table: list[list[int]]) -> bool:
    """Rommé: the keep model is the rules. Every old meld with a joker is a set with at least two
    naturals or a run; a run's jokers have a carrier (the run that must hold the kept run), so at
    most one jokered run a suit."""
    jokered_runs: list[int] = []
    for meld in table:
        naturals = [c for c in meld if c != JOKER]
        if JOKER not in meld:
            continue
        if len(naturals) >= 2 and len({c % 13 for c in naturals}) == 1:
            continue  # (a set)
        if len(naturals) < 2:
            return False
        jokered_runs.append(naturals[0] // 13)
    return len(jokered_runs) == len(set(jokered_runs))


@settings(max_examples=200)
@given(romme_jokered_run(), st.sampled_from(["cards", "points", "net"]), st.booleans())
def test_romme_kept_run_jokers_have_a_carrier(pos: tuple[list[list[int]], list[int]], objective: str,
                                              no_double_joker: bool) -> None:
    # a kept run's jokers may be laid only by the run that ends up holding it: with one jokered run
    # a suit the keep search tracks that run (its carrier) and proves the fewest moved
    table, hand = pos
    opts = {"rauber": True, "rauber_table_to_hand": objective == "net", "no_double_joker": no_double_joker}
    sol = solve_table("romme", table, hand, objective=objective, **opts)
    check_certificate("romme", table, hand, sol)
    top, fewest = best_moved("romme", table, hand, objective, table_optional=objective == "net",
                             no_double_joker=no_double_joker)
    value = {"cards": sol.placed_count, "points": sol.placed_points, "net": sol.shed_net}[objective]
    assert sol.optimal and value == top
    if carriers_exact(table):
        assert sol.moved_optimal, "a carrier should make the keep search exact"
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest


def test_romme_kept_run_joker_stays_with_its_carrier() -> None:
    # *=9c 10c Jc and 7c 8c 9c with 5c 7c: the hand needs the joker (5c *=6c 7c), so *=9c 10c Jc
    # breaks and 3 cards move; where any run of clubs could lay the kept run's joker the best of that
    # model could not be built and the fewest moved stayed unproven
    table, hand = [[52, 9, 10], [6, 7, 8]], [4, 6]
    sol = solve_table("romme", table, hand, objective="cards", rauber=True)
    check_certificate("romme", table, hand, sol)
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (2, 3, True)


# (points under a binding per-turn cap: the sweep keeps to the cap with lazy jokers, and each case of
# the keep search, jokered runs of one colour told apart, starts with every card of the cap left)
@settings(max_examples=150)
@given(st.one_of(positions(max_melds=4, max_hand=5, max_cards=13), two_jokered_runs(max_melds=2, max_cards=13,
                                                                                   max_hand=5)),
       st.sampled_from([1, 2, 3]), st.sampled_from(["cards", "points"]))
def test_rummy_under_a_binding_cap_fewest_moved(pos: tuple[list[list[int]], list[int]], cap: int,
                                                objective: str) -> None:
    table, hand = pos
    assume(len(hand) > cap)
    sol = solve_table("rummy", table, hand, objective=objective, max_hand_cards_per_turn=cap)
    check_certificate("rummy", table, hand, sol, cap)
    top, fewest = best_moved("rummy", table, hand, objective, cap=cap)
    assert sol.optimal and (sol.placed_points if objective == "points" else sol.placed_count) == top
    if lock_model_exact(table):
        assert sol.moved_optimal, "the keep-mode sweep should prove the fewest moved"
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest


def check_no_tie_break(game: str, table: list[list[int]], hand: list[int], objective: str, **opts: object) -> None:
    """tie_break="none": an optimal table (as good as exact's), its moved cards not minimised."""
    exact = solve_table(game, table, hand, objective, **opts)
    plain = solve_table(game, table, hand, objective, tie_break="none", **opts)
    check_certificate(game, table, hand, plain)
    assert plain.optimal
    value = {"cards": lambda s: s.placed_count, "points": lambda s: s.placed_points,
             "net": lambda s: s.placed_count - len(s.taken)}[objective]
    assert value(plain) == value(exact)
    assert plain.moved >= exact.moved or not exact.moved_optimal
    assert not plain.moved_optimal or plain.moved == 0


@settings(max_examples=100)
@given(positions(max_melds=4, max_cards=13), st.sampled_from(["cards", "points"]))
def test_rummy_no_tie_break(pos: tuple[list[list[int]], list[int]], objective: str) -> None:
    check_no_tie_break("rummy", *pos, objective, max_hand_cards_per_turn=0)


@settings(max_examples=100)
@given(positions(game="romme", jokers=3, max_melds=4, max_cards=12), st.sampled_from(["cards", "points", "net"]))
def test_romme_no_tie_break(pos: tuple[list[list[int]], list[int]], objective: str) -> None:
    check_no_tie_break("romme", *pos, objective, rauber=True, rauber_table_to_hand=objective == "net")


@settings(max_examples=100)
@given(st.one_of(positions(max_melds=4, max_cards=13), two_jokered_runs(max_melds=3, max_cards=13, max_hand=4)))
def test_rummy_fast_tie_break_where_nothing_fits(pos: tuple[list[list[int]], list[int]]) -> None:
    """tie_break="fast" places the oracle's most cards; where that is none, it answers the table as
    it lies (nothing moved, proven), which the search gives without tracing an arrangement."""
    table, hand = pos
    sol = solve_table("rummy", table, hand, max_hand_cards_per_turn=0, tie_break="fast")
    assert sol.optimal and sol.placed_count == best("rummy", table, hand)
    if sol.placed_count == 0:
        laid = sorted(sorted(c.code for c in m.cards) for m in sol.table)
        assert laid == sorted(sorted(m) for m in table)
        assert (sol.moved, sol.moved_optimal, sol.taken) == (0, True, ())


@settings(max_examples=150)
@given(st.one_of(positions(max_melds=4, max_hand=5, max_cards=13), two_jokered_runs(max_melds=3, max_cards=13,
                                                                                   max_hand=5)))
def test_rummy_fast_tie_break_answers_and_claims(pos: tuple[list[list[int]], list[int]]) -> None:
    """tie_break="fast": a valid answer placing the oracle's most cards, never fewer moved than the
    oracle's fewest, and that fewest wherever it is claimed. (Its first solve looks for an answer
    moving nothing before tracing its own, answers with it where found, and else keeps that look's
    proof that something must move for the greedy's end: both answer and claim come from there.)"""
    table, hand = pos
    sol = solve_table("rummy", table, hand, max_hand_cards_per_turn=0, tie_break="fast")
    check_certificate("rummy", table, hand, sol)
    top, fewest = best_moved("rummy", table, hand)
    assert sol.optimal and sol.placed_count == top
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest


def test_break_the_smaller_run() -> None:
    # G5 Y5 need a third 5: B5 from B5..B8 (4 cards move, B6 B7 B8 stay a run) or R5
    # from R5..R9 (5 cards move); both place two cards, the first moves fewer
    sol = solve_table("rummy", "B5 B6 B7 B8 | R5 R6 R7 R8 R9", "G5 Y5")
    assert sol.placed_count == 2 and sol.moved == 4 and sol.moved_optimal
    sol = solve_table("rummy", "B5 B6 B7 B8 B9 | R5 R6 R7 R8", "G5 Y5")
    assert sol.placed_count == 2 and sol.moved == 4 and sol.moved_optimal
    # a lay-off moves nothing
    sol = solve_table("rummy", "R3 R4 R5 R6 R7 R8 | B7 G7 Y7", "R7")
    assert sol.moved == 0 and sol.moved_optimal


def random_position(rng: Rng, table_cards: int, hand_cards: int) -> tuple[list[list[int]], list[int]]:
    """Random Rummy runs and sets (≈ table_cards cards, no jokers) and a hand from the rest."""
    left = {c: 2 for c in range(52)}
    table: list[list[int]] = []
    while sum(map(len, table)) < table_cards:
        if rng.below(2):
            colour, length = rng.below(4), 3 + rng.below(3)
            start = rng.below(14 - length)
            meld = [colour * 13 + n for n in range(start, start + length)]
        else:
            number = rng.below(13)
            meld = [c * 13 + number for c in range(4) if rng.below(4)]
        if len(meld) >= 3 and all(left[c] for c in meld):
            for c in meld:
                left[c] -= 1
            table.append(meld)
    rest = [c for c, k in left.items() for _ in range(k)]
    rng.shuffle(rest)
    return table, rest[:hand_cards]


def test_exact_never_moves_more_than_fast() -> None:
    rng = Rng("tie-break")
    fewer = 0
    for _ in range(25):
        table, hand = random_position(rng, 30, 15)
        exact = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
        fast = solve_table("rummy", table, hand, max_hand_cards_per_turn=0, tie_break="fast")
        check_certificate("rummy", table, hand, exact)
        assert exact.placed_count == fast.placed_count
        assert exact.moved_optimal  # joker-free tables: the lock model is the truth
        assert exact.moved <= fast.moved
        assert not fast.moved_optimal or fast.moved == exact.moved
        fewer += exact.moved < fast.moved
    assert fewer > 0  # the greedy search is not always right


def test_time_budget_lifts_the_keep_work_limit() -> None:
    # a 60-card bench position whose proof needs a little more than the default work limit
    table = [[28, 15, 41], [39, 40, 41, 42, 43], [48, 49, 50, 51], [31, 32, 33], [37, 52, 50], [43, 44, 45, 46],
             [13, 26, 39], [45, 6, 32], [36, 10, 49, 23], [40, 1, 27, 14], [20, 21, 22, 23], [20, 21, 22],
             [14, 15, 16], [34, 35, 36, 37, 38], [0, 1, 2, 3], [2, 3, 4, 5], [4, 17, 30]]
    hand = [19, 18, 12, 18, 8, 16, 29, 0, 8, 46, 44, 27, 13, 17, 47, 7, 25, 52]
    cut = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
    full = solve_table("rummy", table, hand, max_hand_cards_per_turn=0, time_budget=20)
    for sol in (cut, full):
        check_certificate("rummy", table, hand, sol)
    assert cut.optimal and full.optimal and cut.placed_count == full.placed_count == 18
    assert full.moved_optimal and full.moved == 18 <= cut.moved
    # without a budget the work limit cuts the proof: the answer is the best solution the keep
    # search reached (21 when this was written; the greedy search's moves 54)
    assert cut.moved < 30


def test_private_jokers_stay_with_their_run() -> None:
    # a kept run's jokers may be laid only by the run that ends up holding it (its carrier); a
    # model where any run of the suit may lay them found a best that could not be built
    table = [[41, 42, 43, 44], [18, 19, 20, 21, 22], [48, 49, 50], [27, 28, 29], [7, 46, 33], [27, 28, 29, 30],
             [36, 49, 10], [41, 42, 43, 44], [51, 12, 38, 25], [31, 32, 33, 34], [0, 1, 2], [19, 20, 21, 22, 52]]
    hand = [13, 31, 5, 9, 23, 47, 2, 39, 26, 0, 24, 35, 11, 45, 32, 3, 52]
    sol = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
    check_certificate("rummy", table, hand, sol)
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (17, 3, True)


def test_two_jokered_runs_of_one_colour_are_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    # no carrier tells the jokers of two kept runs of one colour apart, and the model where any run
    # of the colour may lay them found bests that could not be built: the search now keeps either
    # run alone (the other one's carrier is exact) or both, and proves these (the integer program
    # agrees): * Y4 Y5 Y6 and * Y6 Y7 Y8 with G8 (it needs Y8 and a joker: all 8 cards move);
    # * G4 G5 and * G8 G9 G10 with Y8 Y10 (4 move)
    monkeypatch.setenv("ROMME_THREADS", "1")
    cases = [([[52, 42, 43, 44], [52, 44, 45, 46]], [33], (1, 8)), ([[52, 29, 30], [52, 33, 34, 35]], [46, 48], (2, 4))]
    for table, hand, (placed, moved) in cases:
        check_both_ways(table, hand, placed, moved, max_hand_cards_per_turn=0)


def test_interleaved_jokered_runs_may_lie_in_one_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # Y4 * Y6 and Y5 * Y7 both stay whole as Y4 Y5 Y6 Y7 Y8 *=Y9 *=Y10 Y11 Y12 with Y8 Y11 Y12
    # from the hand: nothing moves. Two locks cannot show one run, so one direction once proved
    # 3 moved cards minimal; the two are now also searched read as one run
    monkeypatch.setenv("ROMME_THREADS", "1")
    table = [[42, 52, 44], [43, 52, 45], [20, 21, 22, 23, 24], [4, 5, 6], [22, 35, 48, 9]]
    hand = [49, 46, 50]
    check_both_ways(table, hand, 3, 0, max_hand_cards_per_turn=0)


def test_interleaved_runs_read_as_one_take_their_first_joker_below(monkeypatch: pytest.MonkeyPatch) -> None:
    # G7 * G9 and G8 * G10 stay whole as G5 *=G6 G7 G8 G9 G10 *=G11 with G5 from the hand: nothing
    # moves. Read as one run that every answer keeps, the run's carrier lays its first joker below
    # it, where it is kept early; the search then forbade keeping it again at its first natural
    # and still demanded it there, so no answer kept it and 3 moved cards were "proven" minimal
    monkeypatch.setenv("ROMME_THREADS", "1")
    table, hand = [[32, 52, 34], [33, 52, 35], [0, 1, 2]], [30]
    check_both_ways(table, hand, 1, 0, max_hand_cards_per_turn=0)


def test_set_of_one_natural_may_stay_whole_as_a_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # * B5 * stays whole as the run B3 *=B4 B5 *=B6 (B6 B7 B8 keeps its own B6): nothing moves.
    # The model keeps such a meld as a set; it is now also searched read as a run (it had
    # answered 3 moved, unproven)
    monkeypatch.setenv("ROMME_THREADS", "1")
    table, hand = [[52, 4, 52], [5, 6, 7]], [2, 14, 48]
    check_both_ways(table, hand, 1, 0, max_hand_cards_per_turn=0)


def test_unknown_tie_break_is_an_error() -> None:
    with pytest.raises(SolverError, match="unknown tie_break 'best'"):
        solve_table("rummy", "R1 R2 R3", "R4", tie_break="best")


def test_kept_runs_reread_their_jokers() -> None:
    # R1 joins R3 R4 R5 * as R1 *=R2 R3 R4 R5: the run keeps its joker, nothing of it moves;
    # B1 B3 take the B2 of the set of 2s, whose rest (R2 Y2 *) stays a set: 4 cards move
    sol = solve_table("rummy", [[1, 52, 14, 40], [0, 1, 2], [15, 16, 17, 52]], [0, 2, 13])
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (3, 4, True)
    # Rommé, ace high: Qc goes before one of the two "* Kc Ac" (its joker re-read as Jc)
    sol = solve_table("romme", [[52, 12, 0], [52, 12, 0]], [11], rauber=True)
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (1, 0, True)
    # lazy jokers would leave the freed joker nowhere to go (both sets are full): the exact
    # joker search decides that everything moves
    sol = solve_table("rummy", [[52, 2, 28, 41], [3, 16, 29, 42]], [15])
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (1, 8, True)


def mirror(codes: list[int]) -> list[int]:
    """Rummy cards with their numbers mirrored (n -> 14 - n): runs read backwards, same melds."""
    return [c if c == JOKER else c // 13 * 13 + 12 - c % 13 for c in codes]


def check_both_ways(table: list[list[int]], hand: list[int], placed: int, moved: int, **opts: int) -> None:
    """The Rummy position and its mirror image: certified answers placing `placed` hand cards and
    moving `moved` table cards, proven the fewest (the two directions' searches differ)."""
    for t, h in ((table, hand), ([mirror(m) for m in table], mirror(hand))):
        sol = solve_table("rummy", t, h, **opts)
        check_certificate("rummy", t, h, sol)
        assert (sol.placed_count, sol.moved, sol.moved_optimal) == (placed, moved, True)


def test_kept_run_joker_may_end_far_below_its_naturals() -> None:
    # Y4 Y5 Y6 Y7 * stays whole as Y1 *=Y2 Y3 Y4..Y7 or as Y3..Y7 *=Y8 ...: its joker may end
    # more cells below its naturals than it has jokers (hand naturals extend the run first)
    table = [[46, 47, 48, 49, 50], [42, 43, 44, 45, 52], [26, 0, 39], [31, 32, 33, 34], [17, 18, 19, 20]]
    hand = [41, 39, 43, 16, 51, 31, 15, 4, 38, 52]
    check_both_ways(table, hand, 8, 0)


def test_kept_run_joins_the_run_holding_its_joker() -> None:
    # 60 cards: * R3 R4 R5 R6 stays whole as R3..R7 *=R8 R9; mirrored (R8 R9 R10 R11 *), the sweep lays
    # its joker in R5 *=R6 R7, which ends right below it: the two are one run (14 moved, not 16)
    table = [[40, 41, 42, 43, 44], [33, 34, 35, 36, 37], [7, 8, 9, 10, 11], [47, 48, 49, 50], [24, 50, 52],
             [18, 31, 5, 44], [28, 29, 30, 31, 32], [14, 1, 27], [22, 9, 48, 35], [41, 15, 2], [52, 15, 16, 17, 18],
             [29, 16, 3, 42], [4, 5, 6, 7], [6, 19, 45, 32], [40, 27, 1]]
    hand = [11, 21, 19, 37, 0, 21, 45, 38, 2, 26, 17, 49, 30, 51, 46, 28, 12, 39]
    check_both_ways(table, hand, 18, 14, max_hand_cards_per_turn=0)


def test_mirrored_positions_move_as_much() -> None:
    # Rummy has no wrap: a position and its mirror image have the same answers up to the
    # mirror, so two proofs of the fewest moved must agree (the search is not symmetric:
    # suits are swept from low numbers up, kept runs' jokers are re-read as it passes)
    rng = Rng("mirror")
    proven = 0
    for i in range(800):
        table, hand = random_position(rng, 12 + i % 4 * 6, 6 + i % 5 * 2)
        # (up to two jokers: into a meld where it stays one, else into the hand)
        for _ in range(1 + rng.below(2)):
            meld = table[rng.below(len(table))]
            if rng.below(3) and is_meld("rummy", [*meld, JOKER]):
                meld.append(JOKER)
            else:
                hand.append(JOKER)
        a = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
        b = solve_table("rummy", [mirror(m) for m in table], mirror(hand), max_hand_cards_per_turn=0)
        assert a.placed_count == b.placed_count
        if a.moved_optimal and b.moved_optimal:
            assert a.moved == b.moved, (table, hand)
            proven += 1
    assert proven >= 700


def test_race_agrees_with_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    # the exact tie-break races the mirror image on a second thread; ROMME_THREADS=1 keeps it on one:
    # the same objective and, where both are proven, the same fewest moved
    rng = Rng("race")
    for i in range(40):
        table, hand = random_position(rng, 24 + i % 3 * 8, 12)
        if rng.below(2):
            hand.append(JOKER)
        monkeypatch.delenv("ROMME_THREADS", raising=False)
        raced = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
        monkeypatch.setenv("ROMME_THREADS", "1")
        alone = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
        check_certificate("rummy", table, hand, raced)
        assert raced.placed_count == alone.placed_count
        if raced.moved_optimal and alone.moved_optimal:
            assert raced.moved == alone.moved
        # without a tie-break the race ends at the first proven objective, either direction's
        monkeypatch.delenv("ROMME_THREADS", raising=False)
        plain = solve_table("rummy", table, hand, max_hand_cards_per_turn=0, tie_break="none")
        check_certificate("rummy", table, hand, plain)
        assert plain.optimal and plain.placed_count == alone.placed_count
