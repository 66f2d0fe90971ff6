"""1x1-Rommé table search: a baseline build and this one side by side, in one
run, on seeded random positions; then this build against the oracle.

    PYTHONPATH=python python3 benches/bench_table_einmaleins.py \\
        [--baseline /tmp/base-target/ci/lib_core.so] [--n 300] [--sizes 20,35,50] \\
        [--objectives cards,points,net] [--budget 0] [--small 40] [--seed 1] [--dump slow.json]

Tables are random valid melds dealt from the NumNum deck (sets, runs of any
row, wish cards and 1-cards as wilds, sets of 1s), of about 20, 35 and 50
cards; hands are 13 cards from the rest. The builds answer side by side
(``side_by_side.py``: a worker process per build, positions interleaved).
Prints per size, objective and build the median, p99 and max time in ms
(thread CPU time of the worker) and the share of answers proven optimal on the
whole tie-break order (``optimal`` and ``moved_optimal``); every answer is
checked (valid melds, cards conserved), and where both builds prove their
answers, the objective and the moved cards must agree. Then, on small
positions (about 8 table and 4 hand cards), the ratio of the Python
brute-force oracle's time to this build's, with the answers compared.
``--dump`` writes this build's ten slowest positions per size and objective
(table, hand, objective, seconds) to a JSON file, for profiling.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

from oracle_table_einmaleins import CARDS, CODE, SYMBOLS, VALUES, WISH, best, is_meld
from side_by_side import Builds, add_build_args, assert_proven_agree, objective_value, proven, timing_ms

from romme.rng import Rng


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


def check(table: list[list[int]], hand: list[int], res: dict[str, Any]) -> None:
    new = [[c for c, _ in m] for m in res["table"]]
    assert all(is_meld(m) for m in new), new
    assert (Counter(c for m in new for c in m) + Counter(res["taken"])
            == Counter(c for m in table for c in m) + Counter(res["placed"]))
    assert not Counter(res["placed"]) - Counter(hand)


def ms(x: float) -> str:
    return f"{1000 * x:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    add_build_args(ap)
    ap.add_argument("--n", type=int, default=300, help="positions per size")
    ap.add_argument("--sizes", default="20,35,50", help="table sizes in cards (hand 13)")
    ap.add_argument("--objectives", default="cards,points,net", help="objectives (of cards, points, net)")
    ap.add_argument("--budget", type=float, default=0, help="time budget per solve in seconds (0: work limits)")
    ap.add_argument("--small", type=int, default=40, help="small positions timed against the oracle")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dump", help="JSON file for this build's ten slowest positions per size and objective")
    args = ap.parse_args()
    budget_ms = int(args.budget * 1000)
    builds = Builds(args.build, args.baseline)
    slowest: list[dict[str, Any]] = []
    print(f"{'table':>6} {'objective':>9} {'cards':>6} {'build':>5} {'median':>8} {'p99':>8} {'max':>8}"
          f" {'proven':>9} {'value':>6}")
    for size in map(int, args.sizes.split(",")):
        rng = Rng(f"bench-table-1x1-{args.seed}-{size}")
        positions = [deal(rng, size, 13) for _ in range(args.n)]
        cards = statistics.mean(sum(map(len, t)) for t, _ in positions)
        for objective in args.objectives.split(","):
            times: dict[str, list[float]] = {b: [] for b in builds.names}
            n_proven = dict.fromkeys(times, 0)
            total = dict.fromkeys(times, 0)
            for k, (table, hand) in enumerate(positions):
                answers: dict[str, dict[str, Any]] = {}
                for name, (secs, res) in builds.solve(k, "einmaleins", table, hand, objective, {}, budget_ms).items():
                    check(table, hand, res)
                    times[name].append(secs)
                    n_proven[name] += proven(res)
                    total[name] += objective_value(objective, res)
                    answers[name] = res
                assert_proven_agree(answers, lambda r: (objective_value(objective, r), r["moved"]), (table, hand))
            order = sorted(range(args.n), key=lambda k: -times["new"][k])
            slowest += [{"size": size, "objective": objective, "table": positions[k][0], "hand": positions[k][1],
                         "seconds": times["new"][k]} for k in order[:10]]
            for name in builds.names:
                median, p99, most = timing_ms(times[name], 3)
                print(f"{size:>6} {objective:>9} {cards:>6.1f} {name:>5} {median:>8} {p99:>8} {most:>8}"
                      f" {n_proven[name]:>5}/{args.n:<3} {total[name] / args.n:>6.2f}", flush=True)
    if args.dump:
        Path(args.dump).write_text(json.dumps(slowest, indent=1))
    rng = Rng(f"bench-table-1x1-{args.seed}-small")
    new = builds.new
    ours, oracle = [], []
    for _ in range(args.small):
        table, hand = deal(rng, 8, 4)
        secs, res = new.solve("einmaleins", table, hand, "cards", {}, 0)
        ours.append(secs)
        t0 = time.thread_time()
        want = best(table, hand, "cards")
        oracle.append(time.thread_time() - t0)
        assert (len(res["placed"]), res["moved"]) == want[:2], (table, hand, res, want)
    builds.close()
    if args.small:
        mo, mr = statistics.median(oracle), statistics.median(ours)
        print(f"small (8 table + 4 hand cards, {args.small} positions): search median {ms(mr)} ms, "
              f"oracle median {ms(mo)} ms, ratio {mo / mr:.0f}x; answers agree")


if __name__ == "__main__":
    main()
