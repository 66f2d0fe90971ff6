"""Räuber-Rommé table search with ``wrap_around`` / ``no_double_joker``: a
baseline build and this one side by side, in one run.

    PYTHONPATH=python python3 benches/bench_table_romme_variants.py \\
        [--baseline /tmp/base-target/ci/lib_core.so] [--n 300] [--seed 1] [--budget 0] \\
        [--sizes 60] [--variants wrap,ndj] [--objectives cards,points] [--dump PATH]

Seeded random positions (valid Rommé melds dealt from the two decks, runs
wrapping K-A-2 when ``wrap_around`` is on, ≤ 2 jokers inside melds or in the
hand; hands dealt from the rest), solved per size, option set (``plain``,
``wrap``, ``ndj``, ``wrap+ndj``, ``lay-offs``: both options without
``rauber``) and objective (``cards``, ``points``, ``net`` with
``rauber_table_to_hand``). The builds answer side by side
(``side_by_side.py``: a worker process per build, positions interleaved).
Prints per row and build the median/p99/max solve time (thread CPU time of
the worker) and the share of answers proven optimal on the whole tie-break
order (``optimal`` and ``moved_optimal``), the mean objective value and the
mean moved table cards. Every answer is checked (valid
melds under the options, cards conserved), and where both builds prove
their answers, the objective and the moved cards must agree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from side_by_side import Builds, add_build_args, assert_proven_agree, objective_value, proven, timing_ms

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


def write_studied(path: str, rows: list[dict[str, Any]]) -> None:
    """Appends a row's positions that this build left unproven or solved slowest (its top 1 %) to ``path``."""
    import json

    slow = sorted(rows, key=lambda r: r["ms"], reverse=True)[: max(1, len(rows) // 100)]
    picked = [r for r in rows if not r["proven"] or r in slow]
    with open(path, "a") as out:
        for r in picked:
            out.write(json.dumps(r) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    add_build_args(ap)
    ap.add_argument("--n", type=int, default=300, help="positions per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=0, help="time budget per solve in seconds (0: work limits)")
    ap.add_argument("--sizes", default="60", help="table sizes (of 30, 45, 60; hand 13)")
    ap.add_argument("--variants", default="wrap,ndj", help=f"option sets (of {', '.join(VARIANTS)})")
    ap.add_argument("--objectives", default="cards,points", help="objectives (of cards, points, net)")
    ap.add_argument("--dump", metavar="PATH", help="write the positions this build leaves unproven or solves slowest"
                    " (the top 1 %% per row) as JSON lines, to study them one by one")
    args = ap.parse_args()

    from oracle_table import is_meld
    from table_positions import check_answer

    from romme.rng import Rng

    budget_ms = int(args.budget * 1000)
    builds = Builds(args.build, args.baseline)
    print(f"{'size':>4} {'options':>8} {'objective':>9} {'build':>5} {'median ms':>10} {'p99 ms':>9} {'max ms':>9}"
          f" {'proven':>9} {'value':>7} {'moved':>6}")
    for size in args.sizes.split(","):
        tsize, hsize = SIZES[size]
        for vname in args.variants.split(","):
            vopts = VARIANTS[vname]
            for objective in args.objectives.split(","):
                if objective == "net" and not vopts.get("rauber", True):
                    # (net counts table cards taken back, which only a Räuber turn may do)
                    print(f"{size:>4} {vname:>8} {objective:>9}  skipped: net needs rauber", flush=True)
                    continue
                rng = Rng(f"bench-romme-variants-{args.seed}-{size}-{vname}")
                opts = {"rauber": True, **vopts}
                if objective == "net":
                    opts["rauber_table_to_hand"] = True
                times: dict[str, list[float]] = {b: [] for b in builds.names}
                n_proven = dict.fromkeys(times, 0)
                total = dict.fromkeys(times, 0)
                moved = dict.fromkeys(times, 0)
                studied: list[dict[str, Any]] = []
                for k in range(args.n):
                    table, hand = deal_position(rng, tsize, hsize, vopts)
                    answers: dict[str, dict[str, Any]] = {}
                    for name, (secs, res) in builds.solve(k, "romme", table, hand, objective, opts, budget_ms).items():
                        check_answer(table, hand, res, lambda m: is_meld("romme", m, **meld_opts(vopts)))
                        times[name].append(secs)
                        n_proven[name] += proven(res)
                        total[name] += objective_value(objective, res)
                        moved[name] += int(res["moved"])
                        answers[name] = res
                    assert_proven_agree(answers, lambda r: (objective_value(objective, r), r["moved"]), (table, hand))
                    if args.dump:
                        ours = answers["new"]
                        studied.append({"row": f"{size} {vname} {objective}", "k": k, "ms": times["new"][-1] * 1000,
                                        "proven": proven(ours), "moved": ours["moved"],
                                        "options": opts, "table": table, "hand": hand})
                if args.dump:
                    write_studied(args.dump, studied)
                for name in builds.names:
                    median, p99, most = timing_ms(times[name], 2)
                    print(f"{size:>4} {vname:>8} {objective:>9} {name:>5} {median:>10} {p99:>9} {most:>9}"
                          f" {n_proven[name]:>5}/{args.n:<3} {total[name] / args.n:>7.2f} {moved[name] / args.n:>6.2f}",
                          flush=True)
    builds.close()


if __name__ == "__main__":
    main()
