"""Räuber-Rommé table search with ``wrap_around`` / ``no_double_joker``: a
baseline build and this one side by side, in one run.

    PYTHONPATH=python python3 benches/bench_table_romme_variants.py \\
        [--baseline /tmp/base-target/ci/lib_core.so] [--n 300] [--seed 1] [--budget 0] \\
        [--sizes 60] [--variants wrap,ndj] [--objectives cards,points]

Seeded random positions (valid Rommé melds dealt from the two decks, runs
wrapping K-A-2 when ``wrap_around`` is on, ≤ 2 jokers inside melds or in the
hand; hands dealt from the rest), solved per size, option set (``plain``,
``wrap``, ``ndj``, ``wrap+ndj``, ``lay-offs``: both options without
``rauber``) and objective (``cards``, ``points``, ``net`` with
``rauber_table_to_hand``). Each build runs in its own worker process (the
extension module loaded from its file, ``ROMME_THREADS=1``); the positions
go to both in turn, interleaved, so the load of the machine hits both alike.
Prints per row and build the median/p99/max solve time (thread CPU time of
the worker) and the share of answers proven optimal on the whole tie-break
order (``optimal`` and ``moved_optimal``), the mean objective value and the
mean moved table cards. Every answer is checked (valid
melds under the options, cards conserved), and where both builds prove
their answers, the objective and the moved cards must agree.

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
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

SIZES = {"30": (30, 13), "45": (45, 13), "60": (60, 13)}
VARIANTS: dict[str, dict[str, Any]] = {
    "plain": {},
    "wrap": {"wrap_around": True},
    "ndj": {"no_double_joker": True},
    "wrap+ndj": {"wrap_around": True, "no_double_joker": True},
    "lay-offs": {"wrap_around": True, "no_double_joker": True, "rauber": False},
}


def record(res: Any) -> dict[str, Any]:
    """An answer as a JSON-ready dict: builds from before the typed answers return one already.
    (``table_positions.answer_record`` would import the package, and with it a second build.)"""
    if isinstance(res, dict):
        return res
    return {"table": [[list(p) for p in m.pairs] for m in res.table], "placed": list(res.placed),
            "placed_points": res.placed_points, "taken": list(res.taken), "moved": res.moved,
            "optimal": res.optimal, "moved_optimal": res.moved_optimal}


def worker(path: str) -> None:
    """Solves the positions read from stdin (one JSON list a line) with the extension at ``path``
    (the package is not imported: it would load this tree's build beside it)."""
    spec = importlib.util.spec_from_file_location("_core", path)
    assert spec is not None and spec.loader is not None
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    for line in sys.stdin:
        table, hand, objective, opts, budget_ms = json.loads(line)
        t0 = time.thread_time()
        res = core.solve_table("romme", table, hand, objective, opts, budget_ms)
        elapsed = time.thread_time() - t0
        print(json.dumps({"seconds": elapsed, "res": record(res)}), flush=True)


class Worker:
    """A worker process solving with one build."""

    def __init__(self, path: str) -> None:
        env = {**os.environ, "ROMME_THREADS": "1"}
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker", path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def solve(self, table: list[list[int]], hand: list[int], objective: str, opts: dict[str, Any],
              budget_ms: int) -> tuple[float, dict[str, Any]]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([table, hand, objective, opts, budget_ms]) + "\n")
        self.proc.stdin.flush()
        out = json.loads(self.proc.stdout.readline())
        return float(out["seconds"]), cast(dict[str, Any], out["res"])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def meld_opts(opts: dict[str, Any]) -> dict[str, bool]:
    return {k: bool(opts.get(k)) for k in ("wrap_around", "no_double_joker")}


def deal_position(rng: Any, table_cards: int, hand_cards: int,
                  opts: dict[str, Any]) -> tuple[list[list[int]], list[int]]:
    """Random valid melds (≈ table_cards cards) and a hand from the rest; ≤ 2 jokers in all."""
    from oracle_table import is_meld
    from table_positions import add_jokers, deal_melds

    # cells 1..14 (ace low or high); with wrap any start
    wrap = bool(opts.get("wrap_around"))
    table, left = deal_melds(rng, table_cards, lambda length: 13 if wrap else 15 - length)
    return table, add_jokers(rng, table, left, rng.below(3), hand_cards,
                             lambda meld: is_meld("romme", meld, **meld_opts(opts)))


def value(objective: str, res: dict[str, Any]) -> int:
    placed = cast(list[int], res["placed"])
    if objective == "points":
        return int(res["placed_points"])
    if objective == "net":
        return len(placed) - len(cast(list[int], res["taken"]))
    return len(placed)


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
    ap.add_argument("--budget", type=float, default=0, help="time budget per solve in seconds (0: work limits)")
    ap.add_argument("--sizes", default="60", help="table sizes (of 30, 45, 60; hand 13)")
    ap.add_argument("--variants", default="wrap,ndj", help=f"option sets (of {', '.join(VARIANTS)})")
    ap.add_argument("--objectives", default="cards,points", help="objectives (of cards, points, net)")
    args = ap.parse_args()
    if args.worker:
        worker(args.worker)
        return

    from oracle_table import is_meld
    from table_positions import check_answer

    from romme.rng import Rng

    budget_ms = int(args.budget * 1000)
    builds = [("new", Worker(args.build))]
    if args.baseline:
        builds.insert(0, ("base", Worker(args.baseline)))
    print(f"{'size':>4} {'options':>8} {'objective':>9} {'build':>5} {'median ms':>10} {'p99 ms':>9} {'max ms':>9}"
          f" {'proven':>9} {'value':>7} {'moved':>6}")
    for size in args.sizes.split(","):
        tsize, hsize = SIZES[size]
        for vname in args.variants.split(","):
            vopts = VARIANTS[vname]
            for objective in args.objectives.split(","):
                rng = Rng(f"bench-romme-variants-{args.seed}-{size}-{vname}")
                opts = {"rauber": True, **vopts}
                if objective == "net":
                    opts["rauber_table_to_hand"] = True
                times: dict[str, list[float]] = {b: [] for b, _ in builds}
                proven = dict.fromkeys(times, 0)
                total = dict.fromkeys(times, 0)
                moved = dict.fromkeys(times, 0)
                for k in range(args.n):
                    table, hand = deal_position(rng, tsize, hsize, vopts)
                    answers: dict[str, dict[str, Any]] = {}
                    # alternate which build goes first
                    for name, w in builds if k % 2 else builds[::-1]:
                        secs, res = w.solve(table, hand, objective, opts, budget_ms)
                        check_answer(table, hand, res, lambda m: is_meld("romme", m, **meld_opts(vopts)))
                        times[name].append(secs)
                        proven[name] += bool(res["optimal"] and res["moved_optimal"])
                        total[name] += value(objective, res)
                        moved[name] += int(res["moved"])
                        answers[name] = res
                    both = [r for r in answers.values() if r["optimal"] and r["moved_optimal"]]
                    if len(both) == 2:
                        a, b = both
                        assert (value(objective, a), a["moved"]) == (value(objective, b), b["moved"]), (table, hand)
                for name, _ in builds:
                    ts = times[name]

                    def ms(x: float) -> str:
                        return f"{1000 * x:.2f}"

                    print(f"{size:>4} {vname:>8} {objective:>9} {name:>5} {ms(statistics.median(ts)):>10}"
                          f" {ms(pct(ts, .99)):>9} {ms(max(ts)):>9} {proven[name]:>5}/{args.n:<3}"
                          f" {total[name] / args.n:>7.2f} {moved[name] / args.n:>6.2f}", flush=True)
    for _, w in builds:
        w.close()


if __name__ == "__main__":
    main()
