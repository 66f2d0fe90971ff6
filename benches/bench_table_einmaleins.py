"""1x1-Rommé table search: speed on seeded random positions, and against the oracle.

    PYTHONPATH=python:tests python3 benches/bench_table_einmaleins.py [--n 300] [--small 40] [--seed 1]

Tables are random valid melds dealt from the NumNum deck (sets, runs of any
row, wish cards and 1-cards as wilds, sets of 1s), of about 20, 35 and 50
cards; hands are 13 cards from the rest. Prints per size and objective the
median, p99 and max time in ms (thread time) and the share of answers proven
optimal; every answer is checked (valid melds, cards conserved). Then, on
small positions (about 8 table and 4 hand cards), the ratio of the Python
brute-force oracle's time to the search's, with the answers compared.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

from oracle_table_einmaleins import CARDS, CODE, SYMBOLS, VALUES, WISH, best, is_meld

from romme import _core
from romme.rng import Rng

SIZES = [20, 35, 50]


def random_meld(rng: Rng, left: set[int], wishes: int) -> list[int] | None:
    """One random valid meld from the cards in ``left`` (None if the draw fails)."""
    r = rng.below(10)
    if r < 4:  # set
        v = rng.choice([v for v in range(2, 82) if sum(v in VALUES[s] for s in SYMBOLS) >= 3])
        have = [CODE[(s, v)] for s in SYMBOLS if (s, v) in CODE and CODE[(s, v)] in left]
        rng.shuffle(have)
        meld = have[: 3 + rng.below(2)]
    elif r < 9:  # run
        s = SYMBOLS[rng.below(4)]
        k = 2 + rng.below(rng.choice([4, 10, 20]))
        cells = [i for i in range(1, 82 // k + 1) if all(k * j in VALUES[s] for j in range(i, i + 3))]
        if not cells:
            return None
        i = rng.choice(cells)
        n = 3
        while n < 7 and k * (i + n) in VALUES[s] and rng.below(3):
            n += 1
        meld = [CODE[(s, k * j)] for j in range(i, i + n)]
        if any(c not in left for c in meld):
            return None
        if rng.below(3) == 0:
            meld[rng.below(n)] = WISH if rng.below(2) and wishes else CODE[(s, 1)]
    else:  # set of 1s
        meld = [CODE[(s, 1)] for s in SYMBOLS if CODE[(s, 1)] in left][:3]
    naturals = [c for c in meld if c != WISH]
    if len(meld) < 3 or any(c not in left for c in naturals) or not is_meld(meld):
        return None
    return meld


def deal(rng: Rng, table_cards: int, hand_cards: int) -> tuple[list[list[int]], list[int]]:
    left = set(range(len(CARDS)))
    wishes = 3
    table: list[list[int]] = []
    total = 0
    for _ in range(2000):
        if total >= table_cards:
            break
        meld = random_meld(rng, left, wishes)
        if meld is None or total + len(meld) > table_cards + 2:
            continue
        left -= set(meld)
        wishes -= meld.count(WISH)
        table.append(meld)
        total += len(meld)
    rest = sorted(left) + [WISH] * wishes
    rng.shuffle(rest)
    return table, rest[:hand_cards]


def check(table: list[list[int]], hand: list[int], res: dict) -> None:
    new = [[c for c, _ in m] for m in res["table"]]
    assert all(is_meld(m) for m in new), new
    assert (Counter(c for m in new for c in m) + Counter(res["taken"])
            == Counter(c for m in table for c in m) + Counter(res["placed"]))
    assert not Counter(res["placed"]) - Counter(hand)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def ms(x: float) -> str:
    return f"{1000 * x:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=300, help="positions per size")
    ap.add_argument("--small", type=int, default=40, help="small positions timed against the oracle")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{'table':>6} {'objective':>9} {'cards':>6} {'median':>8} {'p99':>8} {'max':>8} {'optimal':>8}")
    for size in SIZES:
        rng = Rng(f"bench-table-1x1-{args.seed}-{size}")
        positions = [deal(rng, size, 13) for _ in range(args.n)]
        for objective in ("cards", "points", "net"):
            times, optimal = [], 0
            for table, hand in positions:
                t0 = time.thread_time()
                res = _core.solve_table("einmaleins", table, hand, objective, {})
                times.append(time.thread_time() - t0)
                check(table, hand, res)
                optimal += bool(res["optimal"])
            cards = statistics.mean(sum(map(len, t)) for t, _ in positions)
            print(f"{size:>6} {objective:>9} {cards:>6.1f} {ms(statistics.median(times)):>8} "
                  f"{ms(pct(times, .99)):>8} {ms(max(times)):>8} {optimal:>4}/{len(positions)}", flush=True)
    rng = Rng(f"bench-table-1x1-{args.seed}-small")
    ours, oracle = [], []
    for _ in range(args.small):
        table, hand = deal(rng, 8, 4)
        t0 = time.thread_time()
        res = _core.solve_table("einmaleins", table, hand, "cards", {})
        ours.append(time.thread_time() - t0)
        t0 = time.thread_time()
        want = best(table, hand, "cards")
        oracle.append(time.thread_time() - t0)
        assert (len(res["placed"]), res["moved"]) == want[:2], (table, hand, res, want)
    mo, mr = statistics.median(oracle), statistics.median(ours)
    print(f"small (8 table + 4 hand cards, {args.small} positions): search median {ms(mr)} ms, "
          f"oracle median {ms(mo)} ms, ratio {mo / mr:.0f}x; answers agree")


if __name__ == "__main__":
    main()
