"""Rummy table search, objective ``points`` under a binding per-turn cap: a
baseline build and this one side by side, in one run.

    PYTHONPATH=python python3 benches/bench_table_rummy_points.py \\
        [--baseline /tmp/base-target/ci/lib_core.so] [--n 300] [--seed 1] [--sizes 60x18,80x20] [--cap 12]

Seeded random Rummy positions as ``bench_table.py`` deals them (the largest
meld sets inside random piles of the deck, ≤ 2 jokers; the hand from the
rest), rows by table cards x hand cards, solved with objective ``points``
under ``max_hand_cards_per_turn`` (the default rules' 12: with hands of 18–20
it binds). The builds answer side by side (``side_by_side.py``: a worker
process per build, positions interleaved). Prints per row and
build the median/p99/max solve time (thread CPU time of the worker), the share
of answers proven optimal on the whole tie-break order (``optimal`` and
``moved_optimal``), how many answers place exactly the cap, and the mean
points and moved cards. Every answer is
checked (valid melds, cards conserved, at most the cap placed), and where
both builds prove their answers, the points and the moved cards must agree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from side_by_side import Builds, add_build_args, assert_proven_agree, proven, timing_ms

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(ROOT / "tests" / "helpers"))
sys.path.insert(0, str(ROOT / "benches"))


def main() -> None:
    ap = argparse.ArgumentParser()
    add_build_args(ap)
    ap.add_argument("--n", type=int, default=300, help="positions per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="60x18,80x20", help="rows as TABLExHAND cards")
    ap.add_argument("--cap", type=int, default=12, help="max_hand_cards_per_turn")
    args = ap.parse_args()

    from bench_table import deal_position
    from oracle_table import is_meld
    from table_positions import check_answer

    from romme.rng import Rng

    builds = Builds(args.build, args.baseline)
    opts = {"max_hand_cards_per_turn": args.cap}
    print(f"{'size':>6} {'build':>5} {'median ms':>10} {'p99 ms':>9} {'max ms':>9} {'proven':>9} {'capped':>7}"
          f" {'points':>7} {'moved':>6}")
    for size in args.sizes.split(","):
        tsize, hsize = (int(x) for x in size.split("x"))
        rng = Rng(f"bench-rummy-points-{args.seed}-{size}")
        times: dict[str, list[float]] = {b: [] for b in builds.names}
        n_proven = dict.fromkeys(times, 0)
        points = dict.fromkeys(times, 0)
        moved = dict.fromkeys(times, 0)
        capped = 0
        for k in range(args.n):
            table, hand = deal_position(rng, tsize, hsize)
            answers: dict[str, dict[str, Any]] = {}
            for name, (secs, res) in builds.solve(k, "rummy", table, hand, "points", opts, 0).items():
                check_answer(table, hand, res, lambda m: is_meld("rummy", m))
                assert len(res["placed"]) <= args.cap, res["placed"]
                times[name].append(secs)
                n_proven[name] += proven(res)
                points[name] += int(res["placed_points"])
                moved[name] += int(res["moved"])
                answers[name] = res
            capped += len(answers["new"]["placed"]) == args.cap
            assert_proven_agree(answers, lambda r: (r["placed_points"], r["moved"]), (table, hand))
        for name in builds.names:
            median, p99, most = timing_ms(times[name], 2)
            print(f"{size:>6} {name:>5} {median:>10} {p99:>9} {most:>9}"
                  f" {n_proven[name]:>5}/{args.n:<3} {capped:>7} {points[name] / args.n:>7.2f}"
                  f" {moved[name] / args.n:>6.2f}", flush=True)
    builds.close()


if __name__ == "__main__":
    main()
