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
from collections import Counter
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from oracle_table import is_meld

from romme import _core
from romme.rng import Rng

JOKER = 52
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
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    wrap = bool(opts.get("wrap_around"))
    table: list[list[int]] = []
    total = 0
    tries = 0
    while total < table_cards and tries < 10_000:
        tries += 1
        if rng.below(2):
            suit, length = rng.below(4), 3 + rng.below(3)
            # cells 1..14 (ace low or high); with wrap any start
            start = 1 + rng.below(13 if wrap else 15 - length)
            meld = [suit * 13 + (start + i - 1) % 13 for i in range(length)]
        else:
            rank = rng.below(13)
            suits = list(range(4))
            rng.shuffle(suits)
            meld = [s * 13 + rank for s in suits[: 3 + rng.below(2)]]
        if total + len(meld) > table_cards + 2:
            continue
        need = Counter(meld)
        if any(left[c] < k for c, k in need.items()):
            continue
        left -= need
        table.append(meld)
        total += len(meld)
    hand_jokers = 0
    for _ in range(rng.below(3)):
        if table and rng.below(2):
            meld = table[rng.below(len(table))]
            i = rng.below(len(meld))
            if meld[i] != JOKER:
                trial = meld[:i] + [JOKER] + meld[i + 1:]
                if is_meld("romme", trial, **meld_opts(opts)):
                    left[meld[i]] += 1  # the replaced card goes back to the deck
                    meld[i] = JOKER
                    continue
        hand_jokers += 1
    rest = list(left.elements())
    rng.shuffle(rest)
    hand = rest[: hand_cards - hand_jokers] + [JOKER] * hand_jokers
    return table, hand


def check(table: list[list[int]], hand: list[int], res: dict, opts: dict[str, Any]) -> None:
    new = [[c for c, _ in m] for m in res["table"]]
    assert all(is_meld("romme", m, **meld_opts(opts)) for m in new), new
    assert Counter(c for m in new for c in m) == Counter(c for m in table for c in m) + Counter(res["placed"])
    assert not Counter(res["placed"]) - Counter(hand)


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
