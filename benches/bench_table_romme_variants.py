"""Räuber-Rommé table search with ``wrap_around`` / ``no_double_joker``.

    PYTHONPATH=python python3 benches/bench_table_romme_variants.py [--n 100] [--seed 1] [--budget 0]

Seeded random positions (valid Rommé melds dealt from the two decks, runs
wrapping K-A-2 when ``wrap_around`` is on, ≤ 2 jokers inside melds or in the
hand; hands dealt from the rest) solved per option set: plain Räuber-Rommé
(the sweep, for reference), ``wrap_around``, ``no_double_joker`` and both
(the universe search, ``search/universe.rs``), and both without ``rauber``
(lay-offs only). Prints per size and option set the
median/p99/max solve time (thread CPU time) and how many answers are not
proved optimal (work limit or ``--budget`` seconds). Every answer is checked
(valid melds under the options, cards conserved).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

from oracle_table import is_meld
from table_positions import add_jokers, check_answer, deal_melds

from romme import _core
from romme.rng import Rng

SIZES = [("30", 30, 15), ("45", 45, 17), ("60", 60, 18)]
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("plain", {}),
    ("wrap", {"wrap_around": True}),
    ("ndj", {"no_double_joker": True}),
    ("wrap+ndj", {"wrap_around": True, "no_double_joker": True}),
    ("lay-offs", {"wrap_around": True, "no_double_joker": True, "rauber": False}),
]


def meld_opts(opts: dict[str, Any]) -> dict[str, bool]:
    return {k: bool(opts.get(k)) for k in ("wrap_around", "no_double_joker")}


def deal_position(rng: Rng, table_cards: int, hand_cards: int,
                  opts: dict[str, Any]) -> tuple[list[list[int]], list[int]]:
    """Random valid melds (≈ table_cards cards) and a hand from the rest; ≤ 2 jokers in all."""
    # cells 1..14 (ace low or high); with wrap any start
    wrap = bool(opts.get("wrap_around"))
    table, left = deal_melds(rng, table_cards, lambda length: 13 if wrap else 15 - length)
    return table, add_jokers(rng, table, left, rng.below(3), hand_cards,
                             lambda meld: is_meld("romme", meld, **meld_opts(opts)))


def check(table: list[list[int]], hand: list[int], res: dict, opts: dict[str, Any]) -> None:
    check_answer(table, hand, res, lambda m: is_meld("romme", m, **meld_opts(opts)))


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100, help="positions per size and option set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=0, help="time budget per solve in seconds (0: none)")
    ap.add_argument("--sizes", default="30,45,60", help="table sizes to run (of 30, 45, 60)")
    ap.add_argument("--objective", default="cards", choices=["cards", "points"])
    args = ap.parse_args()
    budget_ms = int(args.budget * 1000)
    wanted = set(args.sizes.split(","))
    print(f"{'size':>5} {'hand':>5} {'options':>9} {'cards':>6} {'median ms':>10} {'p99':>9} {'max':>9}"
          f" {'not optimal':>12} {'placed':>7}")
    for name, tsize, hsize in SIZES:
        if name not in wanted:
            continue
        for vname, vopts in VARIANTS:
            rng = Rng(f"bench-romme-variants-{args.seed}-{name}-{vname}")
            opts = {"rauber": True, **vopts}
            times: list[float] = []
            cards: list[int] = []
            cut = 0
            placed = 0
            for _ in range(args.n):
                table, hand = deal_position(rng, tsize, hsize, vopts)
                cards.append(sum(map(len, table)))
                t0 = time.thread_time()
                res = _core.solve_table("romme", table, hand, args.objective, opts, budget_ms)
                times.append(time.thread_time() - t0)
                check(table, hand, res, vopts)
                cut += not res["optimal"]
                placed += len(cast(list[int], res["placed"]))

            def ms(x: float) -> str:
                return f"{1000 * x:.2f}"

            print(f"{name:>5} {hsize:>5} {vname:>9} {statistics.mean(cards):>6.1f} {ms(statistics.median(times)):>10}"
                  f" {ms(pct(times, .99)):>9} {ms(max(times)):>9} {cut:>7}/{args.n:<4} {placed / args.n:>7.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
