"""Rummy table search: romme against the best public peer, side by side.

    PYTHONPATH=python python3 benches/bench_table.py [--n 300] [--peer-n 40] [--seed 1] [--repeat 3]
        [--baseline /tmp/base-target/ci/lib_core.so [--build LIB]]

Solves the same seeded random Rummy positions (random valid melds dealt from
the deck, jokers inside melds included; hands dealt from the rest) with
romme's exact search and with the PyPI package ``rummikub-solver`` (integer
programming through cvxpy, GLPK_MI backend via cvxopt: ``pip install
romme[bench]``). romme runs four times per position: tie-break ``none`` (the objective
alone, the question the peer answers: any table placing the most cards),
``fast`` (the bots' mode: the greedy search for few moved table cards), ``exact``
(the default: the keep-mode sweep proves the fewest moved, racing the
position's mirror image on a second thread) and ``exact1`` (the same on one
thread: ``ROMME_THREADS=1``). Times are wall-clock (the race's second thread
works while the caller waits); ``cpu`` is the process CPU time of ``exact``,
both threads. Prints per size
and mode: median/p99/max (ms), how many answers are not proven optimal
(``!opt``: the objective; ``!mvopt``: the fewest moved table cards); for
``exact`` also ``lock`` (positions where its model is the truth: every table
meld with a joker holds two naturals), ``cut`` (of those, answers left
unproven: the work limit, or private jokers that could not be handed back to
their run) and ``fewer`` (answers moving fewer cards than ``fast``); ``exact`` again on the
positions without jokers (jokers multiply the proof's states); then the peer
median/p99, the ratios of medians (peer / none: the same question; peer /
exact: romme also proving the fewest moved), and how often the optimal
counts agree. The peer generates
jokers only inside runs and never as the 4th card of a set, so it may place
fewer cards when jokers are involved; agreement is required only on positions
without jokers, and romme must never place fewer than the peer. Every romme
answer is checked (valid melds, cards conserved). No per-turn cap is used, as
the peer has none.

With ``--baseline LIB`` (issue 32: Rummy ``cards`` keeps its figures) the bench
instead runs a baseline build and this one side by side (``side_by_side.py``: a
worker process per build, one thread, thread CPU time, positions interleaved)
on the same positions, ``exact``, and prints per size and build the
median/p99/max and the answers proven on the whole tie-break order; where both
builds prove their answers, the cards placed and the moved cards must agree.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from oracle_table import is_meld
from side_by_side import Builds, add_build_args, assert_proven_agree, proven, timing_ms
from table_positions import JOKER, add_jokers, answer_record, check_answer, deal_melds

from romme import _core
from romme.rng import Rng

SIZES = [("empty+14", 0, 14), ("30", 30, 15), ("45", 45, 17), ("60", 60, 18), ("80", 80, 20)]


def deal_position(rng: Rng, table_cards: int, hand_cards: int) -> tuple[list[list[int]], list[int]]:
    """Random valid melds (≈ table_cards cards) and a hand from the rest; ≤ 2 jokers in all."""
    jokers = rng.below(3)
    table, left = deal_melds(rng, table_cards, lambda length: 14 - length)
    return table, add_jokers(rng, table, left, jokers, hand_cards)


def check(table: list[list[int]], hand: list[int], res: dict) -> None:
    check_answer(table, hand, res, lambda m: is_meld("rummy", m))


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def make_peer():
    try:
        from rummikub_solver import GameState, MILPSolver, RuleSet, SolverMode
    except ImportError:
        return None
    backend = MILPSolver.GLPK_MI if MILPSolver.GLPK_MI in MILPSolver.supported() else None
    rs = RuleSet(solver_backend=backend)

    def solve(table: list[list[int]], hand: list[int]) -> int:
        st: GameState = rs.new_game()
        st.initial = False
        if table:
            st.add_table(*[c + 1 for m in table for c in m])
        st.add_rack(*[c + 1 for c in hand])
        sol = rs.solve(st, SolverMode.TILE_COUNT)
        return 0 if sol is None else len(sol.tiles)

    solve(*deal_position(Rng(0), 30, 15))  # warm up (builds the cvxpy problems)
    return solve, str(rs.backend)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=300, help="positions per size for romme")
    ap.add_argument("--peer-n", type=int, default=40, help="of those, solved by the peer too")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1,
                    help="solve each position this often per mode; the least time counts (scheduling noise)")
    ap.add_argument("--dump-slow", type=int, default=0, metavar="K",
                    help="print the K slowest positions per size as JSON")
    add_build_args(ap)
    args = ap.parse_args()
    if args.baseline:
        side_by_side(args)
        return
    peer = make_peer()
    opts = {"max_hand_cards_per_turn": 0}
    print(f"peer: {'rummikub-solver ' + peer[1] if peer else 'not installed (pip install romme[bench])'}")
    head = f"{'size':>9} {'cards':>6} | none: {'med':>6} {'p99':>6} {'max':>6}"
    head += f" | fast: {'med':>6} {'p99':>6} {'max':>6} {'!opt':>4} {'!mvopt':>6}"
    head += f" | exact: {'med':>6} {'p99':>6} {'max':>6} {'!mvopt':>6} {'lock':>4} {'cut':>3} {'fewer':>5}"
    head += f" {'cpu med':>7} {'p99':>6} | exact1: {'med':>6} {'p99':>6} {'max':>6} {'!mvopt':>6}"
    head += f" | exact, no joker: {'n':>3} {'med':>6} {'p99':>6} {'max':>6}"
    head += f" | peer: {'med':>6} {'p99':>6} {'ratio none':>10} {'exact':>5}"
    print(head + f" {'agree(no joker)':>16} {'agree(joker)':>13} {'peer>romme':>10}")
    for name, tsize, hsize in SIZES:
        rng = Rng(f"bench-table-{args.seed}-{name}")
        times: dict[str, list[float]] = {"none": [], "fast": [], "exact": [], "exact1": []}
        cpu: list[float] = []
        peer_times = []
        agree = [0, 0]
        agree_j = [0, 0]
        worse = 0
        cards = []
        not_opt = 0
        not_mv = {"none": 0, "fast": 0, "exact": 0, "exact1": 0}
        lock = cut = fewer = 0
        slow: list[tuple[float, list[list[int]], list[int]]] = []
        no_joker: list[float] = []  # exact, positions without jokers
        for i in range(args.n):
            table, hand = deal_position(rng, tsize, hsize)
            cards.append(sum(map(len, table)))
            res = {}
            for mode in ("none", "fast", "exact", "exact1"):
                if mode == "exact1":
                    os.environ["ROMME_THREADS"] = "1"
                best = best_cpu = float("inf")
                for _ in range(args.repeat):
                    c0, t0 = time.process_time(), time.perf_counter()
                    res[mode] = answer_record(_core.solve_table("rummy", table, hand, "cards", opts, 0,
                                                                mode.rstrip("1")))
                    best, best_cpu = min(best, time.perf_counter() - t0), min(best_cpu, time.process_time() - c0)
                    time.sleep(0.0005)  # (a raced search's second thread stops at its next node)
                times[mode].append(best)
                if mode == "exact":
                    cpu.append(best_cpu)
                os.environ.pop("ROMME_THREADS", None)
                check(table, hand, res[mode])
                not_mv[mode] += not res[mode]["moved_optimal"]
            fast, exact = res["fast"], res["exact"]
            assert len(res["none"]["placed"]) == len(exact["placed"]), "no tie-break changed the objective"
            has_joker = JOKER in hand or any(JOKER in m for m in table)
            if not has_joker:
                no_joker.append(times["exact"][-1])
            assert len(fast["placed"]) == len(exact["placed"]), "the tie-break changed the objective"
            assert exact["moved"] <= fast["moved"] or not exact["moved_optimal"], "a proven fewest moved is not"
            not_opt += not exact["optimal"]
            fewer += exact["moved"] < fast["moved"]
            if lock_model_exact(table):
                lock += 1
                cut += not exact["moved_optimal"]
            if args.dump_slow:
                slow = sorted(slow + [(times["exact"][-1], table, hand)], key=lambda x: -x[0])[: args.dump_slow]
            if peer and i < args.peer_n:
                t0 = time.perf_counter()
                p = peer[0](table, hand)
                peer_times.append(time.perf_counter() - t0)
                bucket = agree_j if has_joker else agree
                bucket[0] += p == len(exact["placed"])
                bucket[1] += 1
                worse += p > len(exact["placed"])

        def ms(x: float) -> str:
            return f"{1000 * x:.3f}"

        line = f"{name:>9} {statistics.mean(cards):>6.1f} |"
        for mode in ("none", "fast", "exact", "exact1"):
            t = times[mode]
            line += f" {mode}: {ms(statistics.median(t)):>6} {ms(pct(t, .99)):>6} {ms(max(t)):>6}"
            if mode != "none":
                line += f" {not_opt:>4} {not_mv[mode]:>6}" if mode == "fast" else f" {not_mv[mode]:>6}"
            if mode == "exact":
                line += f" {lock:>4} {cut:>3} {fewer:>5} {ms(statistics.median(cpu)):>7} {ms(pct(cpu, .99)):>6}"
            line += " |"
        nj = no_joker or [0.0]
        line += f" {len(no_joker):>3} {ms(statistics.median(nj)):>6} {ms(pct(nj, .99)):>6} {ms(max(nj)):>6} |"
        if peer_times:
            pm = statistics.median(peer_times)
            line += f" peer: {ms(pm):>6} {ms(pct(peer_times, .99)):>6}"
            line += f" {pm / statistics.median(times['none']):>9.0f}x {pm / statistics.median(times['exact']):>4.0f}x"
            line += f" {agree[0]:>7}/{agree[1]:<8} {agree_j[0]:>5}/{agree_j[1]:<7} {worse:>10}"
        print(line, flush=True)
        for t, table, hand in slow:
            print(json.dumps({"size": name, "ms": round(1000 * t, 3), "table": table, "hand": hand}))
        assert worse == 0, "the peer placed more cards than romme"
        assert agree[0] == agree[1], "romme and the peer disagree on a position without jokers"


def side_by_side(args: argparse.Namespace) -> None:
    """The baseline build and this one on the same positions (``exact``, one thread each)."""
    builds = Builds(args.build, args.baseline)
    opts = {"max_hand_cards_per_turn": 0}
    print(f"{'size':>9} {'build':>5} {'median ms':>10} {'p99 ms':>9} {'max ms':>9} {'proven':>9} {'cards':>6}"
          f" {'moved':>6}")
    for name, tsize, hsize in SIZES:
        rng = Rng(f"bench-table-{args.seed}-{name}")
        times: dict[str, list[float]] = {b: [] for b in builds.names}
        n_proven = dict.fromkeys(times, 0)
        placed = dict.fromkeys(times, 0)
        moved = dict.fromkeys(times, 0)
        for k in range(args.n):
            table, hand = deal_position(rng, tsize, hsize)
            answers: dict[str, dict] = {}
            for build, (secs, res) in builds.solve(k, "rummy", table, hand, "cards", opts, 0).items():
                check(table, hand, res)
                times[build].append(secs)
                n_proven[build] += proven(res)
                placed[build] += len(res["placed"])
                moved[build] += int(res["moved"])
                answers[build] = res
            assert_proven_agree(answers, lambda r: (len(r["placed"]), r["moved"]), (table, hand))
        for build in builds.names:
            median, p99, most = timing_ms(times[build], 3)
            print(f"{name:>9} {build:>5} {median:>10} {p99:>9} {most:>9} {n_proven[build]:>5}/{args.n:<3}"
                  f" {placed[build] / args.n:>6.2f} {moved[build] / args.n:>6.2f}", flush=True)
    builds.close()


def lock_model_exact(table: list[list[int]]) -> bool:
    """Every table meld with a joker holds two naturals (keep mode's model is the truth)."""
    return all(sum(c != JOKER for c in meld) >= 2 for meld in table if JOKER in meld)


if __name__ == "__main__":
    main()
