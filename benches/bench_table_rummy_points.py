"""Rummy table search, objective ``points`` under a binding per-turn cap: a
baseline build and this one side by side, in one run.

    PYTHONPATH=python python3 benches/bench_table_rummy_points.py \\
        [--baseline /tmp/base-target/ci/lib_core.so] [--n 300] [--seed 1] [--sizes 60x18,80x20] [--cap 12]

Seeded random Rummy positions as ``bench_table.py`` deals them (the largest
meld sets inside random piles of the deck, ≤ 2 jokers; the hand from the
rest), rows by table cards x hand cards, solved with objective ``points``
under ``max_hand_cards_per_turn`` (the default rules' 12: with hands of 18–20
it binds). Each build runs in its own worker process (the extension module
loaded from its file, ``ROMME_THREADS=1``); the positions go to both in turn,
interleaved, so the load of the machine hits both alike. Prints per row and
build the median/p99/max solve time (thread CPU time of the worker), the share
of answers proven optimal on the whole tie-break order (``optimal`` and
``moved_optimal``), how many answers place exactly the cap, and the mean
points and moved cards. Every answer is
checked (valid melds, cards conserved, at most the cap placed), and where
both builds prove their answers, the points and the moved cards must agree.

The baseline is a build of an earlier commit, e.g.::

    git worktree add --detach /tmp/base HEAD
    (cd /tmp/base && CARGO_TARGET_DIR=/tmp/base-target cargo build -p romme-python --profile ci)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(ROOT / "tests" / "helpers"))
sys.path.insert(0, str(ROOT / "benches"))


def worker(path: str) -> None:
    """Solves the positions read from stdin (one JSON list a line) with the extension at ``path``."""
    from table_positions import answer_record

    spec = importlib.util.spec_from_file_location("_core", path)
    assert spec is not None and spec.loader is not None
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    for line in sys.stdin:
        table, hand, opts = json.loads(line)
        t0 = time.thread_time()
        res = core.solve_table("rummy", table, hand, "points", opts, 0)
        elapsed = time.thread_time() - t0
        print(json.dumps({"seconds": elapsed, "res": answer_record(res)}), flush=True)


class Worker:
    """A worker process solving with one build."""

    def __init__(self, path: str) -> None:
        env = {**os.environ, "ROMME_THREADS": "1"}
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker", path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def solve(self, table: list[list[int]], hand: list[int], opts: dict[str, Any]) -> tuple[float, dict[str, Any]]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([table, hand, opts]) + "\n")
        self.proc.stdin.flush()
        out = json.loads(self.proc.stdout.readline())
        return float(out["seconds"]), out["res"]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--baseline", help="the baseline build's extension (lib_core.so); none: this build only")
    ap.add_argument("--build", default=str(ROOT / "python" / "romme" / "_core.abi3.so"),
                    help="this build's extension")
    ap.add_argument("--n", type=int, default=300, help="positions per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="60x18,80x20", help="rows as TABLExHAND cards")
    ap.add_argument("--cap", type=int, default=12, help="max_hand_cards_per_turn")
    args = ap.parse_args()
    if args.worker:
        worker(args.worker)
        return

    from bench_table import deal_position
    from oracle_table import is_meld
    from table_positions import check_answer

    from romme.rng import Rng

    builds = [("new", Worker(args.build))]
    if args.baseline:
        builds.insert(0, ("base", Worker(args.baseline)))
    opts = {"max_hand_cards_per_turn": args.cap}
    print(f"{'size':>6} {'build':>5} {'median ms':>10} {'p99 ms':>9} {'max ms':>9} {'proven':>9} {'capped':>7}"
          f" {'points':>7} {'moved':>6}")
    for size in args.sizes.split(","):
        tsize, hsize = (int(x) for x in size.split("x"))
        rng = Rng(f"bench-rummy-points-{args.seed}-{size}")
        times: dict[str, list[float]] = {b: [] for b, _ in builds}
        proven = dict.fromkeys(times, 0)
        points = dict.fromkeys(times, 0)
        moved = dict.fromkeys(times, 0)
        capped = 0
        for k in range(args.n):
            table, hand = deal_position(rng, tsize, hsize)
            answers: dict[str, dict[str, Any]] = {}
            # alternate which build goes first
            for name, w in builds if k % 2 else builds[::-1]:
                secs, res = w.solve(table, hand, opts)
                check_answer(table, hand, res, lambda m: is_meld("rummy", m))
                assert len(res["placed"]) <= args.cap, res["placed"]
                times[name].append(secs)
                proven[name] += bool(res["optimal"] and res["moved_optimal"])
                points[name] += int(res["placed_points"])
                moved[name] += int(res["moved"])
                answers[name] = res
            capped += len(answers["new"]["placed"]) == args.cap
            both = [r for r in answers.values() if r["optimal"] and r["moved_optimal"]]
            if len(both) == 2:
                a, b = both
                assert (a["placed_points"], a["moved"]) == (b["placed_points"], b["moved"]), (table, hand)
        for name, _ in builds:
            ts = times[name]

            def ms(x: float) -> str:
                return f"{1000 * x:.2f}"

            print(f"{size:>6} {name:>5} {ms(statistics.median(ts)):>10} {ms(pct(ts, .99)):>9} {ms(max(ts)):>9}"
                  f" {proven[name]:>5}/{args.n:<3} {capped:>7} {points[name] / args.n:>7.2f}"
                  f" {moved[name] / args.n:>6.2f}", flush=True)
    for _, w in builds:
        w.close()


if __name__ == "__main__":
    main()
